// SPDX-License-Identifier: GPL-2.0
/*
 * The cost model's communication parameters from measurements: ordinary
 * least squares of y = beta + tau x, so that the model's prediction uses
 * what the engine does rather than numbers chosen to agree with it.
 */
#include "coll_exec.h"

int sim_coll_fit(const double *x, const double *y, size_t n, double *beta,
		 double *tau)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0;

	if (n < 2)
		return -1;
	for (size_t i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	/* centred sums: no cancellation between large squares */
	for (size_t i = 0; i < n; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxy += (x[i] - mx) * (y[i] - my);
	}
	if (sxx <= 0)
		return -1;
	*tau = sxy / sxx;
	*beta = my - *tau * mx;
	return 0;
}
