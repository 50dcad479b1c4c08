/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One recompute of a fabric's routes, the same for rcfctl route compute
 * and rcfd's routing policy: the router's set computed, walked and
 * checked for deadlock, compared with the installed set, and (when the
 * caller decides so) installed in its place.
 */
#ifndef RCF_PLAN_H
#define RCF_PLAN_H

#include "nl/nl_routes.h"
#include "route/cdg.h"
#include "route/router.h"

struct rcf_route_plan {
	struct rcf_routes old;	   /* installed, sorted; the caller fills it */
	struct rcf_routes new;	   /* computed, sorted */
	struct rcf_route_stats st; /* of new; a router of a NIG's pairs
				    * leaves no pair unreachable */
	struct rcf_cdg_result cdg;
	struct rcf_route_diff diff; /* old to new */
	double compute_s;
	char cycle[1024]; /* when cyclic: its channels joined by " -> " */
};

void rcf_plan_init(struct rcf_route_plan *p);
void rcf_plan_free(struct rcf_route_plan *p);
/*
 * Computes c's set on in->g, checks it (rcf_plan_check) and diffs it
 * against p->old.  0; -1 when the router refused, -2 when its routes do
 * not walk; err says why.
 */
int rcf_plan_make(struct rcf_route_plan *p, const struct rcf_route_in *in,
		  const struct rcf_route_conf *c, char *err, size_t errlen);
/* p->new walked (p->st) and its dependency graph searched (p->cdg) */
int rcf_plan_check(struct rcf_route_plan *p, const struct rcf_graph *g,
		   char *err, size_t errlen);

/*
 * plan_install.c, over netlink: replaces p->old by p->new in the kernel
 * (rcf_nl_routes_install; whether a cyclic set may go is the caller's
 * policy).  0, or -1 with why in err: the refused operation and how many
 * changes had been made; res, when not NULL, gets the counts.
 */
struct rcf_nl;
int rcf_plan_install(struct rcf_nl *nl, const struct rcf_route_plan *p,
		     rcf_nl_install_progress progress, void *arg,
		     struct rcf_nl_install *res, char *err, size_t errlen);

#endif
