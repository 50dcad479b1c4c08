// SPDX-License-Identifier: GPL-2.0
/*
 * A topology file's routes checked as they are read (plan.h,
 * rcf_plan_read()): the routing graph built from the fabric at the first
 * route line, the routes walked a piece at a time and dropped, so that
 * neither the fabric's objects nor the whole set are held with the other.
 */
#include <stdlib.h>

#include "route/plan.h"
#include "topo/topo_read.h"
#include "util/errf.h"

struct plan_read {
	struct rcf_graph *g;
	struct rcf_plan_walk *w;
	int built; /* g is built */
};

static int start(const struct rcf_topo *t, void *arg)
{
	struct plan_read *pr = arg;
	char why[256];

	/* refused here, it is refused again after the whole file parses */
	if (rcf_graph_build(pr->g, t, why, sizeof(why)))
		return RCF_TOPO_AGAIN;
	pr->built = 1;
	pr->w = rcf_plan_walk_new(pr->g);
	return pr->w ? 0 : -1;
}

static int piece(struct rcf_routes *s, void *arg)
{
	struct plan_read *pr = arg;
	char why[256];
	int rc = rcf_plan_walk_feed(pr->w, s, why, sizeof(why));

	rcf_routes_clear(s);
	/* out of order or not walking: the whole set says which route */
	return rc == -1 ? -1 : rc ? RCF_TOPO_AGAIN : 0;
}

int rcf_plan_read(FILE *f, const char *name, struct rcf_graph *g,
		  struct rcf_route_plan *p, char *err, size_t errlen)
{
	struct plan_read pr = {.g = g};
	struct rcf_topo_sink sink = {
		.start = start, .piece = piece, .arg = &pr};
	struct rcf_topo t;
	int rc;

	rc = rcf_topo_read_sink(f, name, &t, &p->new, &sink, err, errlen);
	if (!rc && !pr.built) /* no route line: the caller reads it whole */
		rc = RCF_TOPO_AGAIN;
	if (!rc)
		rc = piece(&p->new, &pr);
	if (!rc && rcf_plan_walk_end(pr.w, p, err, errlen))
		rc = -1;
	if (rc == RCF_TOPO_AGAIN)
		err[0] = '\0';
	else if (rc == -1 && !err[0])
		rcf_errf(err, errlen, "%s: out of memory", name);
	rcf_plan_walk_free(pr.w);
	rcf_topo_free(&t);
	rcf_routes_free(&p->new);
	if (rc && pr.built)
		rcf_graph_free(g);
	return rc;
}
