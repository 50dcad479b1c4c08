// SPDX-License-Identifier: GPL-2.0
/*
 * The paper's formulas, written as it prints them (Documentation/
 * collectives.rst lists where they and the counted plans part), and the
 * count of a plan under the same model: every step one reconfiguration
 * of the circuits it sets, and one communication as long as its largest
 * transfer, the k ports of a node working at once.
 */
#include <math.h>

#include "coll/coll_cost.h"

double rcf_coll_time_reconf(const struct rcf_coll_terms *t,
			    const struct rcf_coll_machine *m)
{
	return t->br * m->beta_r + t->tr * m->tau_r;
}

double rcf_coll_time_comm(const struct rcf_coll_terms *t,
			  const struct rcf_coll_machine *m)
{
	return t->b * m->beta + t->t * m->tau;
}

double rcf_coll_time(const struct rcf_coll_terms *t,
		     const struct rcf_coll_machine *m)
{
	return rcf_coll_time_reconf(t, m) + rcf_coll_time_comm(t, m);
}

static double logk1(uint32_t n, uint32_t k)
{
	return log((double)n) / log(k + 1.0);
}

void rcf_coll_model(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		    double size, struct rcf_coll_terms *t, const char **eq)
{
	double h = logk1(n, k), N = n, K = k, hs = split;
	double a = pow(K + 1, hs);

	switch (op) {
	case RCF_COLL_SCATTER:
		*t = (struct rcf_coll_terms){h, N - 1, h, (N - 1) / K * size};
		*eq = "eqs. 2, 3";
		break;
	case RCF_COLL_BCAST:
		t->br = hs + h;
		t->tr = (N - 1) + hs * N * K / 2;
		t->b = hs + h;
		t->t = (2 / K * (a - 1) + h - hs) * size / a;
		*eq = "eqs. 7, 10";
		break;
	case RCF_COLL_GOSSIP:
		*t = (struct rcf_coll_terms){h, h * N * K / 2, h,
					     (N - 1) * size / K};
		*eq = "eqs. 15, 16";
		break;
	default:
		*t = (struct rcf_coll_terms){h, h * N * K / 2, h,
					     h * N * size / (K + 1)};
		*eq = "eqs. 15, 17";
	}
}

int rcf_coll_table(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		   double size, struct rcf_coll_terms *t)
{
	double h = logk1(n, k), N = n, K = k;
	const char *eq;

	if (op != RCF_COLL_BCAST) {
		/* the rows repeat the equations */
		rcf_coll_model(op, n, k, 0, size, t, &eq);
		return 0;
	}
	if (split == 0) {
		*t = (struct rcf_coll_terms){h, N - 1, h, h * size};
		return 0;
	}
	if (split != rcf_coll_rcp_steps(n, k))
		return -1;
	*t = (struct rcf_coll_terms){2 * h, (N - 1) + h * N * K / 2, 2 * h,
				     2 * size / K};
	return 0;
}

double rcf_coll_lower_bound(enum rcf_coll_op op, uint32_t n, uint32_t k,
			    double size, const struct rcf_coll_machine *m)
{
	double start = logk1(n, k) * m->beta, move;

	if (op == RCF_COLL_BCAST)
		move = size / k * m->tau;
	else
		move = (n - 1.0) * size / k * m->tau;
	return start > move ? start : move;
}

void rcf_coll_model_step(const struct rcf_coll_plan *p, uint64_t si,
			 struct rcf_coll_terms *t)
{
	const struct rcf_coll_step *s = &p->steps[si];
	double N = p->nodes, K = p->k, L = (double)p->size;
	double ai = pow(K + 1, s->term);

	*t = (struct rcf_coll_terms){0, 0, 0, 0};
	if (s->phase == RCF_COLL_PH_FIXUP)
		return;
	t->br = 1;
	t->b = 1;
	if (s->phase == RCF_COLL_PH_CLIQUE)
		t->tr = N * K / 2; /* eqs. 9, 15 */
	else
		/* eq. 1's N - 1 links, k for each rank already reached */
		t->tr = K * pow(K + 1, s->level);
	switch (p->op) {
	case RCF_COLL_SCATTER: /* eq. 3 */
		t->t = N * L / ai;
		break;
	case RCF_COLL_BCAST: /* eqs. 5, 6 */
		t->t = s->phase == RCF_COLL_PH_RCP ? L / pow(K + 1, p->split)
						   : L / ai;
		break;
	case RCF_COLL_GOSSIP: /* eq. 16 */
		t->t = ai * L;
		break;
	default: /* eq. 17 */
		t->t = N * L / (K + 1);
	}
}

void rcf_coll_count_step(const struct rcf_coll_plan *p, uint64_t si,
			 struct rcf_coll_terms *t)
{
	const struct rcf_coll_step *s = &p->steps[si];
	uint64_t most = 0;

	for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer; x++)
		if (p->xfers[x].bytes > most)
			most = p->xfers[x].bytes;
	t->br = s->ncirc ? 1 : 0;
	t->tr = (double)s->ncirc;
	t->b = s->nxfer ? 1 : 0;
	t->t = (double)most;
}

void rcf_coll_count(const struct rcf_coll_plan *p, struct rcf_coll_terms *t)
{
	*t = (struct rcf_coll_terms){0, 0, 0, 0};
	for (uint64_t s = 0; s < p->nsteps; s++) {
		struct rcf_coll_terms one;

		rcf_coll_count_step(p, s, &one);
		t->br += one.br;
		t->tr += one.tr;
		t->b += one.b;
		t->t += one.t;
	}
}

uint32_t rcf_coll_bcast_best_split(uint32_t n, uint32_t k, double size,
				   const struct rcf_coll_machine *m)
{
	uint32_t h = rcf_coll_rcp_steps(n, k), best = 0;
	double least = INFINITY;

	for (uint32_t s = 0; s <= h; s++) {
		struct rcf_coll_terms t;
		const char *eq;
		double v;

		rcf_coll_model(RCF_COLL_BCAST, n, k, s, size, &t, &eq);
		v = rcf_coll_time(&t, m);
		if (v < least) {
			least = v;
			best = s;
		}
	}
	return best;
}

/* eqs. 13 and 14 differ only in the cost one more split step adds */
static double eq_hopt(uint32_t n, uint32_t k, double size, double c,
		      const struct rcf_coll_machine *m)
{
	double K = k, x = log((double)n) * K + K - 2 * log(K + 1);

	return (x - exp(x / K) * c / (size * m->tau) * K) / (K * log(K + 1));
}

double rcf_coll_eq13(uint32_t n, uint32_t k, double size,
		     const struct rcf_coll_machine *m)
{
	return eq_hopt(n, k, size, m->beta, m);
}

double rcf_coll_eq14(uint32_t n, uint32_t k, double size,
		     const struct rcf_coll_machine *m)
{
	return eq_hopt(
		n, k, size,
		(2 * m->beta + 2 * m->beta_r + (double)n * k * m->tau_r) / 2,
		m);
}
