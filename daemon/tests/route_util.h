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
#include "route/router.h"
#include "topo/topo_gen.h"
#include "route_view.h"

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

/* a router with its options, and what else it reads */
struct algo {
	struct rcf_route_conf c;
	struct rcf_route_in in;
};

/* routes of a on g; returns -1 (and prints why) when refused */
static int compute(const struct rcf_graph *g, struct algo a,
		   struct rcf_routes *s)
{
	char err[256];

	rcf_routes_init(s);
	a.in.g = g;
	if (rcf_route_compute(&a.in, &a.c, s, err, sizeof(err))) {
		printf("# refused: %s\n", err);
		return -1;
	}
	return 0;
}

static struct algo algo(const char *name)
{
	struct algo a = {0};

	rcf_route_conf_init(&a.c, rcf_router_find(name));
	if (!a.c.r) {
		printf("# no router %s\n", name);
		exit(1);
	}
	return a;
}

/* option key (val NULL for a flag) of a, which must take it */
static inline void opt(struct algo *a, const char *key, const char *val)
{
	char err[256];

	if (rcf_route_conf_set(&a->c, key, val, err, sizeof(err))) {
		printf("# %s\n", err);
		exit(1);
	}
}

#endif
