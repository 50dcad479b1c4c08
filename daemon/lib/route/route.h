/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Route sets and the algorithms that compute them over a routing graph:
 * the SP1 route table generator (route_sp1.c), shortest paths
 * (route_shortest.c), e-cube and dimension order (route_cube.c).
 * Documentation/routing.rst describes each one.
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

enum rcf_algo {
	RCF_ALGO_SP1,
	RCF_ALGO_SHORTEST,
	RCF_ALGO_ECUBE,
	RCF_ALGO_DOR,
	RCF_ALGO_ADAPTIVE,
};

struct rcf_nig;

/*
 * The experimental router's bound on R[s][d].  Cross-half pairs of sp1:512
 * have 256 shortest routes; §3 takes all of them on the paper's
 * topologies, so the bound must be able to exceed that.
 */
#define RCF_ADAPTIVE_MAX_CANDIDATES 4096

/* what the experimental router reports */
struct rcf_adaptive_result {
	uint64_t cost0, cost; /* Eq. 1 before and after */
	uint32_t flow0, flow; /* the most loaded link, before and after */
	size_t iterations;    /* passes over the NIG */
	size_t candidates;    /* routes considered, all arcs */
};

struct rcf_route_opts {
	enum rcf_algo algo;
	int paths;	   /* shortest: routes per pair, 1 .. 4 */
	int relay;	   /* sp1: nodes may forward (our extension) */
	int no_turnaround; /* sp1: never leave a switch by the side entered */
	int vcs;	   /* dor on a torus: 2 (dateline) or 1 */
	/* adaptive: the NIG, Eq. 1's K, NTRY, initial routes, seed, bound */
	const struct rcf_nig *nig;
	uint32_t k;
	int ntry;
	int init_sp1;
	uint64_t seed;
	int candidates;
	struct rcf_adaptive_result *result; /* filled in when not NULL */
	/* adaptive with init_sp1: SP1 routes already computed (sorted), or
	 * NULL to compute them; saves the generator per NIG in evaluations */
	const struct rcf_routes *init_routes;
	/* called now and then with sources done of total; may be NULL */
	void (*progress)(size_t done, size_t total, void *arg);
	void *arg;
};

void rcf_routes_init(struct rcf_routes *s);
void rcf_routes_free(struct rcf_routes *s);
/* appends an empty route; NULL when out of memory */
struct rcf_route *rcf_routes_add(struct rcf_routes *s, uint32_t src,
				 uint32_t dst, uint8_t index);
/* sorts by (src, dst, index) */
void rcf_routes_sort(struct rcf_routes *s);
/* routes of t (as read from a file or dumped from the kernel) */
int rcf_routes_from_topo(struct rcf_routes *s, const struct rcf_topo *t);
int rcf_algo_lookup(const char *name, enum rcf_algo *algo);
const char *rcf_algo_name(enum rcf_algo algo);

/* Computes the whole route set; 0, or -1 with a reason in err. */
int rcf_route_compute(const struct rcf_graph *g, const struct rcf_route_opts *o,
		      struct rcf_routes *s, char *err, size_t errlen);
int rcf_route_sp1(const struct rcf_graph *g, const struct rcf_route_opts *o,
		  struct rcf_routes *s, char *err, size_t errlen);
int rcf_route_shortest(const struct rcf_graph *g,
		       const struct rcf_route_opts *o, struct rcf_routes *s,
		       char *err, size_t errlen);
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
int rcf_route_ecube(const struct rcf_graph *g, const struct rcf_route_opts *o,
		    struct rcf_routes *s, char *err, size_t errlen);
int rcf_route_adaptive(const struct rcf_graph *g,
		       const struct rcf_route_opts *o, struct rcf_routes *s,
		       char *err, size_t errlen);

/*
 * Eq. 1 over the flows of nig carried by s (each arc on its pair's index 0
 * route): cost with switch weight k, and the most loaded link direction's
 * flow.  -1 with a reason when an arc has no route or a route does not
 * walk.
 */
int rcf_nig_eval(const struct rcf_graph *g, const struct rcf_nig *nig,
		 const struct rcf_routes *s, uint32_t k, uint64_t *cost,
		 uint32_t *flow, char *err, size_t errlen);
int rcf_route_dor(const struct rcf_graph *g, const struct rcf_route_opts *o,
		  struct rcf_routes *s, char *err, size_t errlen);

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
