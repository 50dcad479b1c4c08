/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Route sets over a routing graph: storage, the walk and load check, the
 * difference from an installed set.  The algorithms that compute them are
 * the routers of router.h; Documentation/routing.rst describes each one.
 */
#ifndef RCF_ROUTE_H
#define RCF_ROUTE_H

#include <stddef.h>
#include <stdint.h>

#include "route/graph.h"

struct rcf_route {
	uint32_t src, dst;
	uint8_t index, nhops;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
};

struct rcf_routes {
	struct rcf_route *r;
	size_t n, cap;
};

struct rcf_nig;

void rcf_routes_init(struct rcf_routes *s);
void rcf_routes_free(struct rcf_routes *s);
/* appends an empty route; NULL when out of memory */
struct rcf_route *rcf_routes_add(struct rcf_routes *s, uint32_t src,
				 uint32_t dst, uint8_t index);
/*
 * The room a set of room cap grows to for need routes: doubling from 256,
 * the one growth rule, so that every way of filling a set takes the same
 * memory.
 */
size_t rcf_routes_grown(size_t cap, size_t need);
/*
 * Room for more routes past s->n, for a router that writes them in place
 * before it counts them in s->n; -1 when out of memory.
 */
int rcf_routes_reserve(struct rcf_routes *s, size_t more);
/* sorts by (src, dst, index) */
void rcf_routes_sort(struct rcf_routes *s);
/* routes of t (as read from a file or dumped from the kernel) */
int rcf_routes_from_topo(struct rcf_routes *s, const struct rcf_topo *t);
/*
 * Shortest-path enumeration, for algorithms that choose among routes:
 * rcf_sp_from() searches from vertex src, then rcf_sp_paths() appends up to
 * want distinct shortest routes to vertex dst (indices from index0) and
 * returns how many, -1 when out of memory, -2 when too long for a route.
 */
struct rcf_sp;
struct rcf_sp *rcf_sp_new(const struct rcf_graph *g);
void rcf_sp_free(struct rcf_sp *p);
void rcf_sp_from(struct rcf_sp *p, uint32_t src);
int rcf_sp_paths(struct rcf_sp *p, uint32_t dst, int want, struct rcf_routes *s,
		 int index0);

/*
 * Eq. 1 over the flows of nig carried by s (each arc on its pair's index 0
 * route): cost with switch weight k, and the most loaded link direction's
 * flow.  -1 with a reason when an arc has no route or a route does not
 * walk.
 */
int rcf_nig_eval(const struct rcf_graph *g, const struct rcf_nig *nig,
		 const struct rcf_routes *s, uint32_t k, uint64_t *cost,
		 uint32_t *flow, char *err, size_t errlen);

struct rcf_route_stats {
	size_t routes, pairs;
	uint32_t max_load;  /* routes over the busiest link direction */
	uint32_t max_inner; /* the same over links between two switches */
	size_t max_hops;    /* longest route, in links */
	size_t unreachable; /* ordered node pairs without a route */
};

/*
 * Walks every route (rcf_graph_walk) and fills st; a route that does not
 * walk, or ends elsewhere than its dst, makes it return -1 with the reason.
 * load, when not NULL, gets routes per (link, direction): 2 * nlinks.
 */
int rcf_routes_check(const struct rcf_graph *g, const struct rcf_routes *s,
		     struct rcf_route_stats *st, uint32_t *load, char *err,
		     size_t errlen);
/*
 * The same, feeding each walked route to cdg (cdg.h, rcf_cdg_add()) when
 * not NULL: the figures and the deadlock check from one walk of the set,
 * which on large fabrics costs as much as computing it.
 */
struct rcf_cdg;
int rcf_routes_check_cdg(const struct rcf_graph *g, const struct rcf_routes *s,
			 struct rcf_route_stats *st, uint32_t *load,
			 struct rcf_cdg *cdg, char *err, size_t errlen);

/*
 * Replacing an installed set old by new (both sorted by (src, dst,
 * index)): fn is called for every change, deletions of routes new lacks
 * first, then changed routes (RCF_V_SET) and new ones (RCF_V_NEW), so a
 * pair whose route stays keeps it throughout.  Identical routes are not
 * touched.  Stops at the first non-zero fn and returns it; d, when not
 * NULL, gets the counts (fn may be NULL to count only).
 */
struct rcf_route_diff {
	size_t added, changed, removed, same;
	size_t pairs_lost; /* pairs with a route in old and none in new */
};

typedef int (*rcf_route_diff_fn)(enum rcf_verb verb, const struct rcf_route *r,
				 void *arg);
int rcf_routes_diff(const struct rcf_routes *old, const struct rcf_routes *new,
		    rcf_route_diff_fn fn, void *arg, struct rcf_route_diff *d);

#endif
