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
/*
 * rcf_plan_make() for a caller that writes the routes out and need not
 * hold them (rcfctl route compute printing them): out gets the set in
 * pieces, each sorted and walked, in order, a source's routes at a time
 * from routers that emit them so (rcf_route_in's emit, which in must
 * leave NULL), else the whole set at the end; p->new holds one piece at
 * a time, p->st and p->cdg are of the whole set, p->diff is not made.
 * 0; -1 when the router refused or out failed, -2 when its routes do not
 * walk: the pieces before may have gone out.
 */
int rcf_plan_stream(struct rcf_route_plan *p, const struct rcf_route_in *in,
		    const struct rcf_route_conf *c,
		    int (*out)(const struct rcf_routes *s, void *arg),
		    void *arg, char *err, size_t errlen);
/*
 * rcf_plan_check() fed a set in pieces that need not be kept (route.h,
 * rcf_route_walk): each piece is sorted, must begin past the last
 * piece's sources and is walked.  new returns NULL when out of memory;
 * feed returns 0, -1 when out of memory, -2 for a route that does not
 * walk, -3 for a piece out of order, with the reason in err (then only
 * free is of use); end fills p->st, p->cdg and p->cycle, or -1.
 */
struct rcf_plan_walk;
struct rcf_plan_walk *rcf_plan_walk_new(const struct rcf_graph *g);
int rcf_plan_walk_feed(struct rcf_plan_walk *w, struct rcf_routes *s, char *err,
		       size_t errlen);
int rcf_plan_walk_end(struct rcf_plan_walk *w, struct rcf_route_plan *p,
		      char *err, size_t errlen);
void rcf_plan_walk_free(struct rcf_plan_walk *w);
/*
 * plan_read.c: rcf_topo_read_routes(), rcf_graph_build() and
 * rcf_plan_check() in one pass over a topology file, for a caller that
 * wants the figures and the verdict of its routes, not the routes
 * (rcfctl route check).  0 with g built and p->st, p->cdg filled;
 * RCF_TOPO_AGAIN (topo_read.h) when the file is not one it can check so:
 * no route line, a line other than a route after them, routes out of
 * order, a fabric or a route refused; the caller then reads the file
 * whole, for the refusal or the figures.  Else a refusal with "FILE:LINE:
 * reason" in err, as the whole file's reading would give.
 */
int rcf_plan_read(FILE *f, const char *name, struct rcf_graph *g,
		  struct rcf_route_plan *p, char *err, size_t errlen);
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
