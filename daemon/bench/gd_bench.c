// SPDX-License-Identifier: GPL-2.0
/*
 * The García-Duato decision's cost per evaluation (issue: "the
 * algorithm's decision time per evaluation"), natively: gd_evaluate() for
 * a node whose CF_i is over threshold1, so that the candidate search of
 * §3.1.4 always runs, small and large alteration, on hypercubes of 16 to
 * 1024 positions and on the 16-node ring and mesh.  Each node talks to a
 * few random partners (seeded).  The reference, timed the same way in the
 * same run, is gd_cost(): reading node i's row of C_ij and its distances
 * once, the least an evaluation must do.  Prints ns per call (mean, p50,
 * p99) and the ratio of the means.  Asserts nothing.
 *
 *   gd_bench [--calls N] [--partners K] [--seed S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reconf/gd.h"
#include "route/nig.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct figs {
	double mean, p50, p99;
};

static struct figs figures(double *v, size_t n)
{
	struct figs f = {0};

	for (size_t i = 0; i < n; i++)
		f.mean += v[i];
	f.mean /= n;
	qsort(v, n, sizeof(*v), cmp_d);
	f.p50 = v[n / 2];
	f.p99 = v[n * 99 / 100];
	return f;
}

static volatile uint64_t sink;

static void run(const char *name, const struct sn_topo *t, int large,
		size_t calls, uint32_t partners, uint64_t seed, double *v,
		double *ref)
{
	struct gd_opts o;
	struct gd_state s;
	struct gd_change ch;
	uint64_t rng = seed, chosen = 0;
	struct figs e, r;

	gd_opts_default(&o);
	o.threshold1 = 0; /* always search: the cost of a real evaluation */
	o.large = large;
	if (gd_init(&s, t, &o)) {
		fprintf(stderr, "gd_bench: out of memory\n");
		exit(1);
	}
	for (uint32_t i = 0; i < t->n; i++)
		for (uint32_t k = 0; k < partners; k++) {
			uint32_t j = rcf_rand(&rng) % t->n;

			if (j != i)
				gd_record(&s, i, j, 1 + rcf_rand(&rng) % 100);
		}
	for (size_t c = 0; c < calls; c++) {
		uint32_t i = rcf_rand(&rng) % t->n;
		double t0 = now_ns();

		chosen += gd_evaluate(&s, i, &ch);
		v[c] = now_ns() - t0;
		t0 = now_ns();
		sink += gd_cost(&s, i);
		ref[c] = now_ns() - t0;
	}
	e = figures(v, calls);
	r = figures(ref, calls);
	printf("%-14s %5u  %-5s %10.0f %9.0f %9.0f %10.0f %8.1f  %5.1f%%\n",
	       name, t->n, large ? "large" : "small", e.mean, e.p50, e.p99,
	       r.mean, e.mean / r.mean, 100.0 * chosen / calls);
	gd_free(&s);
}

int main(int argc, char **argv)
{
	size_t calls = 2000;
	uint32_t partners = 4;
	uint64_t seed = 1;
	double *v, *ref;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--calls") && i + 1 < argc)
			calls = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--partners") && i + 1 < argc)
			partners = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else {
			fprintf(stderr, "usage: gd_bench [--calls N] "
					"[--partners K] [--seed S]\n");
			return 2;
		}
	}
	if (calls < 100)
		calls = 100;
	v = calloc(calls, sizeof(*v));
	ref = calloc(calls, sizeof(*ref));
	if (!v || !ref)
		return 1;
	printf("# gd_evaluate() per call, ns, %zu calls, %u partners per "
	       "node, seed %llu;\n# reference: gd_cost() (one pass over "
	       "the node's row), same calls\n",
	       calls, partners, (unsigned long long)seed);
	printf("%-14s %5s  %-5s %10s %9s %9s %10s %8s  %6s\n", "topology",
	       "nodes", "alt", "mean", "p50", "p99", "ref mean", "ratio",
	       "change");
	for (int large = 0; large < 2; large++) {
		struct sn_topo ring = {.kind = SN_RING, .n = 16};
		struct sn_topo mesh = {
			.kind = SN_MESH, .n = 16, .x = 4, .y = 4};

		run("ring:16", &ring, large, calls, partners, seed, v, ref);
		run("mesh:4x4", &mesh, large, calls, partners, seed, v, ref);
		for (uint32_t d = 4; d <= 10; d += 2) {
			struct sn_topo h = {
				.kind = SN_HYPERCUBE, .n = 1u << d, .dim = d};
			char name[32];

			snprintf(name, sizeof(name), "hypercube:%u", d);
			run(name, &h, large, calls, partners, seed, v, ref);
		}
	}
	free(v);
	free(ref);
	return 0;
}
