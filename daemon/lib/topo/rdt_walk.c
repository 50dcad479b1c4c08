// SPDX-License-Identifier: GPL-2.0
/*
 * Vector routing on RDT(n, R, m) with m < R.  Funahashi and Amano
 * ("Adaptive routing on the Recursive Diagonal Torus", 1997, §2.3) say
 * Algorithm A applies to any torus assignment "with a small
 * modification" and leave it to their reference; Documentation/rdt.rst
 * says why this one.  At each router, Algorithm A from there to the
 * destination, and of its steps:
 *
 * 1. one of the highest rank left, if the router has that rank (X
 *    first): on a PRDT this is all there is;
 * 2. else one of its base steps, if it leaves the rest of the vector as
 *    the next router's and does not take the packet farther from a
 *    router with the highest rank (so that a detour is not undone by
 *    the next hop);
 * 3. else a base hop, a detour, to the neighbour nearest a router with
 *    that rank, then with the shortest vector.
 *
 * Every member of a rank's torus has the rank (the assignment is a
 * function of the rank-1 torus), so once a packet has a rank it takes
 * all of that rank's steps.  Deciding from (router, destination) alone
 * makes the walk a destination table as well as a source route.  That
 * it arrives is not proven: rcf_rdt_walk() bounds it, its users refuse a
 * fabric where it does not, and test_rdt_walk walks every pair of the
 * fabrics rdt.rst names.
 */
#include <string.h>

#include "topo/rdt_walk.h"

/* base hops from id to the nearest router with rank r: 0, 1 or 2 (or more) */
static int holder_dist(const struct rcf_rdt *d, uint32_t id, uint32_t r)
{
	if (rcf_rdt_slot(d, id, r) >= 0)
		return 0;
	for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++)
		if (rcf_rdt_slot(d, rcf_rdt_step(d, id, 0, dir), r) >= 0)
			return 1;
	return 2;
}

static int top(int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t R)
{
	for (int r = (int)R; r >= 0; r--)
		if (v[r][0] || v[r][1])
			return r;
	return -1;
}

static struct rcf_rdt_hop hop(int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t r,
			      int a, int detour)
{
	return (struct rcf_rdt_hop){r, 2 * (unsigned int)a + (v[r][a] < 0),
				    detour, v[r][a]};
}

int rcf_rdt_consistent(const struct rcf_rdt *d, uint32_t t, uint32_t dst,
		       int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t r, int a)
{
	int32_t w[RCF_RDT_MAX_RANK + 1][2], k = v[r][a];
	int same;

	rcf_rdt_vector(d, t, dst, w);
	v[r][a] = k > 0 ? k - 1 : k + 1;
	same = !memcmp(v, w, sizeof(w[0]) * (d->R + 1));
	v[r][a] = k;
	return same;
}

int rcf_rdt_next(const struct rcf_rdt *d, uint32_t at, uint32_t dst,
		 struct rcf_rdt_hop *h)
{
	int32_t v[RCF_RDT_MAX_RANK + 1][2], w[RCF_RDT_MAX_RANK + 1][2];
	uint32_t best = UINT32_MAX;
	int t, hd;

	rcf_rdt_vector(d, at, dst, v);
	t = top(v, d->R);
	if (t < 0)
		return 0;
	if (rcf_rdt_slot(d, at, (uint32_t)t) >= 0) {
		*h = hop(v, (uint32_t)t, v[t][0] ? 0 : 1, 0);
		return 1;
	}
	hd = holder_dist(d, at, (uint32_t)t);
	for (int a = 0; a < 2; a++) {
		uint32_t q;

		if (!v[0][a])
			continue;
		q = rcf_rdt_step(d, at, 0, 2 * (unsigned int)a + (v[0][a] < 0));
		if (holder_dist(d, q, (uint32_t)t) <= hd &&
		    rcf_rdt_consistent(d, q, dst, v, 0, a)) {
			*h = hop(v, 0, a, 1);
			return 1;
		}
	}
	for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
		uint32_t q = rcf_rdt_step(d, at, 0, dir), score;

		score = (uint32_t)holder_dist(d, q, (uint32_t)t) << 16 |
			rcf_rdt_vector(d, q, dst, w);
		if (score < best) {
			best = score;
			*h = (struct rcf_rdt_hop){0, dir, 1, 0};
		}
	}
	return 1;
}

int rcf_rdt_walk(const struct rcf_rdt *d, uint32_t src, uint32_t dst,
		 struct rcf_rdt_hop *h, int max)
{
	struct rcf_rdt_hop one;
	int k = 0;

	for (uint32_t at = src; rcf_rdt_next(d, at, dst, &one); k++) {
		if (k == max)
			return -1;
		if (h)
			h[k] = one;
		at = rcf_rdt_step(d, at, one.rank, one.dir);
	}
	return k;
}
