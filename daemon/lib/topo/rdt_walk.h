/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Vector routing on RDT(n, R, m) with m < R, where a router takes part
 * in rank 0 and m of the upper ranks only.  One hop at a time, from the
 * router and the destination alone, so that the source routes and the
 * destination table are the same walk.  Documentation/rdt.rst gives the
 * reading of the paper's "small modification" taken here.
 */
#ifndef RCF_RDT_WALK_H
#define RCF_RDT_WALK_H

#include "topo/rdt.h"

/*
 * a hop: direction dir of rank rank; detour: a base hop taken while
 * upper ranks' steps are left (towards a rank, or ahead of it)
 */
struct rcf_rdt_hop {
	uint32_t rank;
	unsigned int dir;
	int detour;
	int32_t left; /* steps left along this rank and axis, signed */
};

/*
 * The next hop from router at towards dst into h: 1, or 0 when at is
 * dst.  On a PRDT it is Algorithm A's first step (rank R down, X before
 * Y).  Elsewhere a rank the router lacks is reached by base hops
 * (rdt_walk.c).
 */
int rcf_rdt_next(const struct rcf_rdt *d, uint32_t at, uint32_t dst,
		 struct rcf_rdt_hop *h);

/*
 * Whether the step along axis a of rank r of v (Algorithm A's vector
 * to dst) leaves v less that step as the vector from router t, the one
 * the step reaches: the packet is then still on a route of v's length.
 */
int rcf_rdt_consistent(const struct rcf_rdt *d, uint32_t t, uint32_t dst,
		       int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t r, int a);

/*
 * The whole walk from src to dst, at most max hops into h (may be NULL):
 * the number of hops, or -1 when it has not arrived within max.
 */
int rcf_rdt_walk(const struct rcf_rdt *d, uint32_t src, uint32_t dst,
		 struct rcf_rdt_hop *h, int max);

#endif
