/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the route and CDG tests (included, not linked): a generated
 * fabric's graph and its routes.
 */
#ifndef RCF_TEST_ROUTE_UTIL_H
#define RCF_TEST_ROUTE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"
#include "topo/topo_gen.h"

static struct rcf_graph *graph_of(const char *spec)
{
	struct rcf_graph *g = malloc(sizeof(*g));
	struct rcf_topo t;
	char err[256];

	if (!g || rcf_topo_generate(spec, &t, err, sizeof(err))) {
		printf("# %s: %s\n", spec, err);
		exit(1);
	}
	if (rcf_graph_build(g, &t, err, sizeof(err))) {
		printf("# %s: %s\n", spec, err);
		exit(1);
	}
	rcf_topo_free(&t);
	return g;
}

static void graph_put(struct rcf_graph *g)
{
	rcf_graph_free(g);
	free(g);
}

/* routes of algo on g; returns -1 (and prints why) when refused */
static int compute(const struct rcf_graph *g, struct rcf_route_opts o,
		   struct rcf_routes *s)
{
	char err[256];

	rcf_routes_init(s);
	if (rcf_route_compute(g, &o, s, err, sizeof(err))) {
		printf("# refused: %s\n", err);
		return -1;
	}
	return 0;
}

static struct rcf_route_opts algo(enum rcf_algo a)
{
	struct rcf_route_opts o = {.algo = a, .paths = 1};

	return o;
}

#endif
