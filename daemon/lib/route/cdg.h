/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The channel dependency graph of a route set (Dally and Seitz): one
 * vertex per channel (link, direction, VC), an arc c1 -> c2 whenever some
 * route crosses c2 straight after c1, relaying nodes included.  A route
 * set whose graph has no cycle cannot deadlock under wormhole flow control.
 */
#ifndef RCF_CDG_H
#define RCF_CDG_H

#include "route/route.h"

struct rcf_cdg_result {
	int acyclic;
	size_t channels; /* channels some route uses */
	size_t deps;	 /* distinct arcs */
	uint32_t *cycle; /* when cyclic: channels c0 -> c1 -> ... -> c0 */
	size_t ncycle;
};

/* 0, or -1 with the reason in err (a route that does not walk, memory). */
int rcf_cdg_check(const struct rcf_graph *g, const struct rcf_routes *s,
		  struct rcf_cdg_result *res, char *err, size_t errlen);
void rcf_cdg_result_free(struct rcf_cdg_result *res);

/*
 * The same check fed one walked route at a time, so that a caller
 * streaming routes need not hold them: its memory follows the channels
 * (16 bytes each), not the routes.  rcf_cdg_new() takes the graph, which
 * must outlive the check; rcf_cdg_add() takes a route's channels as
 * rcf_graph_walk() gives them and returns 0; rcf_cdg_finish() searches for
 * a cycle, 0 or -1 (out of memory).
 */
struct rcf_cdg;
struct rcf_cdg *rcf_cdg_new(const struct rcf_graph *g);
int rcf_cdg_add(struct rcf_cdg *c, const uint32_t *chan, size_t n);
/*
 * The last channels of routes that share every channel before them: each
 * leaves vertex v by the port and VC of a bit (port * 4 + VC) of fan, and
 * follows channel *from (NULL when they are the routes' first).  The
 * same as rcf_cdg_add() of each route, one map written for them all.
 */
int rcf_cdg_add_fan(struct rcf_cdg *c, const uint32_t *from, uint32_t v,
		    const uint64_t fan[2]);
int rcf_cdg_finish(struct rcf_cdg *c, struct rcf_cdg_result *res);
void rcf_cdg_free(struct rcf_cdg *c);

#endif
