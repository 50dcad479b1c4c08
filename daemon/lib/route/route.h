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
#include <string.h>

#include "route/graph.h"

/*
 * A route set holds a record of 16 bytes per route: the pair, the index,
 * the length and up to RCF_ROUTE_INLINE route bytes in place, which is
 * every route of a fat tree of up to three levels; a longer route's bytes
 * go to the set's arena, one block shared by the set, and the record
 * keeps their offset.  Callers read a route's bytes with
 * rcf_route_hops() and write them where rcf_routes_add() or
 * rcf_routes_put() says, never through the record's fields.
 */
#define RCF_ROUTE_INLINE 6

struct rcf_route_rec {
	uint32_t src, dst;
	uint8_t index;
	uint8_t len; /* route bytes, 0 to RCF_ROUTE_MAX_HOPS */
	/* the route bytes, or (longer routes) their offset in the arena */
	uint8_t b[RCF_ROUTE_INLINE];
};

struct rcf_routes {
	struct rcf_route_rec *r;
	size_t n, cap;
	uint8_t *arena; /* bytes of the routes longer than RCF_ROUTE_INLINE */
	size_t used, room;
};

/* the largest arena: its offsets are 32-bit */
#define RCF_ROUTES_ARENA_MAX UINT32_MAX

struct rcf_nig;

void rcf_routes_init(struct rcf_routes *s);
void rcf_routes_free(struct rcf_routes *s);
/* s emptied, its room kept for the routes that follow */
static inline void rcf_routes_clear(struct rcf_routes *s)
{
	s->n = 0;
	s->used = 0;
}

/* where a route longer than RCF_ROUTE_INLINE has its bytes in the arena */
static inline uint32_t rcf_route_off(const struct rcf_route_rec *r)
{
	return (uint32_t)r->b[2] | (uint32_t)r->b[3] << 8 |
	       (uint32_t)r->b[4] << 16 | (uint32_t)r->b[5] << 24;
}

/* the route bytes of r, a route of s, and in *len their number */
static inline const uint8_t *rcf_route_hops(const struct rcf_routes *s,
					    const struct rcf_route_rec *r,
					    unsigned int *len)
{
	*len = r->len;
	return r->len <= RCF_ROUTE_INLINE ? r->b : s->arena + rcf_route_off(r);
}

/*
 * A record's index, length and route bytes in place, as one word: the 8
 * bytes from its index.  Two records' words compare their lengths and
 * bytes in a few instructions where the bytes are in place.
 */
_Static_assert(offsetof(struct rcf_route_rec, b) ==
			       offsetof(struct rcf_route_rec, index) + 2 &&
		       sizeof(struct rcf_route_rec) ==
			       offsetof(struct rcf_route_rec, index) + 8,
	       "a record ends with 8 bytes from its index");

static inline uint64_t rcf_route_word(const struct rcf_route_rec *r)
{
	uint64_t x;

	memcpy(&x, &r->index, sizeof(x));
	return x;
}

/*
 * How many route bytes x and y, routes of s, begin with: a source's
 * routes share their first bytes, which walking and printing them need
 * not do again.
 */
static inline unsigned int rcf_routes_same_start(const struct rcf_routes *s,
						 const struct rcf_route_rec *x,
						 const struct rcf_route_rec *y)
{
	unsigned int n = x->len < y->len ? x->len : y->len, k = 0;
	const uint8_t *hx, *hy;
	unsigned int nx, ny;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* both in their records: the bytes past index and length */
	if (x->len <= RCF_ROUTE_INLINE && y->len <= RCF_ROUTE_INLINE) {
		uint64_t d = (rcf_route_word(x) ^ rcf_route_word(y)) >> 16;

		k = d ? (unsigned int)__builtin_ctzll(d) / 8 : n;
		return k < n ? k : n;
	}
#endif
	hx = rcf_route_hops(s, x, &nx);
	hy = rcf_route_hops(s, y, &ny);
	while (k < n && hx[k] == hy[k])
		k++;
	return k;
}

/* whether x of a and y of b have the same route bytes */
int rcf_route_same_hops(const struct rcf_routes *a,
			const struct rcf_route_rec *x,
			const struct rcf_routes *b,
			const struct rcf_route_rec *y);

/*
 * Writes r, a route of s (one of s->r[0 .. s->cap): a router may write
 * in place past s->n, see rcf_routes_reserve()), as (src, dst, index) of
 * len route bytes and returns where its bytes go, for the caller to
 * write them all; NULL when out of memory or len is over
 * RCF_ROUTE_MAX_HOPS.  That place moves when the arena grows: it is valid
 * until the next add or put.  A long route put twice leaves its first
 * bytes unused in the arena.
 */
uint8_t *rcf_routes_put_far(struct rcf_routes *s, struct rcf_route_rec *r,
			    unsigned int len);
static inline uint8_t *rcf_routes_put(struct rcf_routes *s,
				      struct rcf_route_rec *r, uint32_t src,
				      uint32_t dst, uint8_t index,
				      unsigned int len)
{
	r->src = src;
	r->dst = dst;
	r->index = index;
	r->len = (uint8_t)len;
	return len <= RCF_ROUTE_INLINE ? r->b : rcf_routes_put_far(s, r, len);
}
/* the same for a route appended to s */
uint8_t *rcf_routes_add(struct rcf_routes *s, uint32_t src, uint32_t dst,
			uint8_t index, unsigned int len);
/*
 * Appends the route with these bytes (which may be in s's own arena); -1
 * when out of memory or too long.
 */
int rcf_routes_push(struct rcf_routes *s, uint32_t src, uint32_t dst,
		    uint8_t index, const uint8_t *hops, unsigned int len);
/*
 * The room a set of room cap grows to for need routes: doubling from 256,
 * the one growth rule, so that every way of filling a set takes the same
 * memory.
 */
size_t rcf_routes_grown(size_t cap, size_t need);
/*
 * Room for more routes past s->n, for a router that writes them in place
 * (rcf_routes_put()) before it counts them in s->n; -1 when out of memory.
 */
int rcf_routes_reserve(struct rcf_routes *s, size_t more);
/*
 * Sorts by (src, dst, index), routes of equal keys in the order they
 * came; -1 when out of memory (the set is then as it was).
 */
int rcf_routes_sort(struct rcf_routes *s);
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
 * The same walk fed a set in pieces, for a caller that makes or reads
 * routes in order and need not hold them all (rcfctl route compute and
 * route check): each piece's routes follow the last piece's by (src,
 * dst, index), as in one sorted set, and the figures and the deadlock
 * check come out as for that set.  A piece need not be kept once fed.
 * rcf_route_walk_new() takes load and cdg as rcf_routes_check_cdg()
 * does (NULL: none) and returns NULL when out of memory; feed returns
 * -1 with the reason for the first route that does not walk, after
 * which only free is of use; end fills st.
 */
struct rcf_route_walk;
struct rcf_route_walk *rcf_route_walk_new(const struct rcf_graph *g,
					  uint32_t *load, struct rcf_cdg *cdg);
int rcf_route_walk_feed(struct rcf_route_walk *k, const struct rcf_routes *s,
			char *err, size_t errlen);
int rcf_route_walk_end(struct rcf_route_walk *k, struct rcf_route_stats *st,
		       char *err, size_t errlen);
void rcf_route_walk_free(struct rcf_route_walk *k);

/*
 * Replacing an installed set old by new (both sorted by (src, dst,
 * index)): fn is called for every change with the route and its set
 * (old's for a deletion, else new's), deletions of routes new lacks
 * first, then changed routes (RCF_V_SET) and new ones (RCF_V_NEW), so a
 * pair whose route stays keeps it throughout.  Identical routes are not
 * touched.  Stops at the first non-zero fn and returns it; d, when not
 * NULL, gets the counts (fn may be NULL to count only).
 */
struct rcf_route_diff {
	size_t added, changed, removed, same;
	size_t pairs_lost; /* pairs with a route in old and none in new */
};

typedef int (*rcf_route_diff_fn)(enum rcf_verb verb, const struct rcf_routes *s,
				 const struct rcf_route_rec *r, void *arg);
int rcf_routes_diff(const struct rcf_routes *old, const struct rcf_routes *new,
		    rcf_route_diff_fn fn, void *arg, struct rcf_route_diff *d);

#endif
