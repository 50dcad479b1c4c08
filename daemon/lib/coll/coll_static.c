// SPDX-License-Identifier: GPL-2.0
/*
 * The classic collectives of a fixed network, for comparison with the
 * RCP's on the reconfigurable machine: every step pairs nodes that
 * differ in one bit of their rank (the tree and recursive doubling) or
 * in the bits of s (pairwise exchange), so on a hypercube the first two
 * only ever talk to a neighbour.  Each pair is a k = 1 "circuit" so the
 * checker replays these plans unchanged.  N is a power of two.
 */
#include <string.h>

#include "coll/coll_build.h"
#include "util/errf.h"

/* rank r as a node: XOR keeps tree edges on hypercube links */
static uint32_t node_of(const struct rcf_coll_plan *p, uint32_t r)
{
	return r ^ p->root;
}

static void clear(struct coll_bld *b)
{
	memset(b->tmp, 0, b->words * 8);
}

/*
 * Binomial tree: at step l rank i < 2^l joins rank i + 2^l, whose
 * subtree is the ranks equal to it modulo 2^(l+1).  Scatter sends it
 * their blocks, bcast the message (one item).
 */
int coll_static_tree(struct coll_bld *b)
{
	const struct rcf_coll_plan *p = b->p;
	uint32_t n = p->nodes;

	for (uint32_t l = 0, w = 1; w < n; l++, w <<= 1) {
		if (coll_bld_step(b, RCF_COLL_PH_RCP, l, l + 1))
			return -1;
		for (uint32_t i = 0; i < w; i++) {
			uint32_t c = i + w, src = node_of(p, i),
				 dst = node_of(p, c);
			int64_t ci = coll_bld_circ(b, src, dst);

			if (ci < 0)
				return -1;
			clear(b);
			if (p->op == RCF_COLL_BCAST)
				bit_set(b->tmp, 0);
			else
				for (uint32_t r = c; r < n; r += 2 * w)
					bit_set(b->tmp, node_of(p, r));
			if (coll_bld_send(b, (uint64_t)ci, src, dst, b->tmp))
				return -1;
		}
	}
	return 0;
}

/* recursive doubling: at step d, i and i XOR 2^d swap all they hold */
int coll_static_gossip(struct coll_bld *b)
{
	uint32_t n = b->p->nodes;

	for (uint32_t d = 0, w = 1; w < n; d++, w <<= 1) {
		if (coll_bld_step(b, RCF_COLL_PH_CLIQUE, d, d + 1))
			return -1;
		for (uint32_t x = 0; x < n; x++) {
			uint32_t y = x ^ w;
			int64_t ci;

			if (y < x)
				continue;
			ci = coll_bld_circ(b, x, y);
			if (ci < 0 ||
			    coll_bld_send(b, (uint64_t)ci, x, y,
					  bset(b, b->held, x)) ||
			    coll_bld_send(b, (uint64_t)ci, y, x,
					  bset(b, b->held, y)))
				return -1;
		}
	}
	return 0;
}

/* pairwise exchange: at step s, i sends i XOR s its block for it */
int coll_static_alltoall(struct coll_bld *b)
{
	uint32_t n = b->p->nodes;

	for (uint32_t s = 1; s < n; s++) {
		if (coll_bld_step(b, RCF_COLL_PH_CLIQUE, s, s))
			return -1;
		for (uint32_t x = 0; x < n; x++) {
			uint32_t y = x ^ s;
			int64_t ci;

			if (y < x)
				continue;
			ci = coll_bld_circ(b, x, y);
			if (ci < 0)
				return -1;
			clear(b);
			bit_set(b->tmp, (uint64_t)x * n + y);
			if (coll_bld_send(b, (uint64_t)ci, x, y, b->tmp))
				return -1;
			clear(b);
			bit_set(b->tmp, (uint64_t)y * n + x);
			if (coll_bld_send(b, (uint64_t)ci, y, x, b->tmp))
				return -1;
		}
	}
	return 0;
}
