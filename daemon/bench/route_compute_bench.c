// SPDX-License-Identifier: GPL-2.0
/*
 * A router's computation alone, in CPU time: what rcfctl route compute
 * reports as "computed in" is wall-clock time, which on a loaded machine
 * counts the waits for a CPU too.  Generates GEN, builds its graph once,
 * then runs rcf_route_compute() REPS times (a fresh set each time) and
 * prints the routes and the CPU time of one run
 * (CLOCK_PROCESS_CPUTIME_ID): the first, which like rcfctl's one
 * computation pays for touching fresh memory, then the median and the
 * least of all runs.  Asserts nothing.
 *
 *   route_compute_bench GEN [ALGO [REPS]]     (sp1, 11)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "route/router.h"
#include "topo/topo_gen.h"
#include "util/num.h"

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	const char *algo = argc > 2 ? argv[2] : "sp1";
	struct rcf_route_in in = {0};
	struct rcf_route_conf c;
	struct rcf_graph *g;
	struct rcf_topo t;
	uint64_t reps = 11;
	size_t routes = 0;
	char err[512];
	double *ms, first;

	if (argc < 2 || argc > 4 ||
	    (argc > 3 && rcf_num_u64(argv[3], 1, 100000, &reps))) {
		fprintf(stderr,
			"usage: route_compute_bench GEN [ALGO [REPS]]\n");
		return 2;
	}
	rcf_route_conf_init(&c, rcf_router_find(algo));
	if (!c.r) {
		fprintf(stderr, "route_compute_bench: no router %s\n", algo);
		return 2;
	}
	if (rcf_topo_generate(argv[1], &t, err, sizeof(err))) {
		fprintf(stderr, "route_compute_bench: %s\n", err);
		return 2;
	}
	g = rcf_graph_new(&t, err, sizeof(err));
	rcf_topo_free(&t);
	ms = calloc(reps, sizeof(*ms));
	if (!g || !ms) {
		fprintf(stderr, "route_compute_bench: %s\n",
			g ? "out of memory" : err);
		return 1;
	}
	in.g = g;
	for (uint64_t i = 0; i < reps; i++) {
		struct rcf_routes s;
		double t0 = cpu_ms();

		rcf_routes_init(&s);
		if (rcf_route_compute(&in, &c, &s, err, sizeof(err))) {
			fprintf(stderr, "route_compute_bench: %s: %s\n", algo,
				err);
			return 1;
		}
		ms[i] = cpu_ms() - t0;
		routes = s.n;
		rcf_routes_free(&s);
	}
	first = ms[0];
	qsort(ms, reps, sizeof(*ms), cmp_d);
	printf("%s %s: %zu routes, CPU ms per computation: first %.2f, "
	       "median %.2f, least %.2f (%llu runs)\n",
	       argv[1], algo, routes, first, ms[reps / 2], ms[0],
	       (unsigned long long)reps);
	free(ms);
	rcf_graph_destroy(g);
	return 0;
}
