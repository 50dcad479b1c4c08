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

/*
 * What x sends its partner y: in recursive doubling all it holds, in
 * the pairwise exchange its block for y.
 */
static const uint64_t *what(struct coll_bld *b, uint32_t x, uint32_t y)
{
	if (b->p->op == RCF_COLL_GOSSIP)
		return bset(b, b->held, x);
	clear(b);
	bit_set(b->tmp, (uint64_t)x * b->p->nodes + y);
	return b->tmp;
}

/*
 * Steps that pair every i with i XOR m, both sending: m = 2^t at step t
 * (recursive doubling, log2 N steps) or t + 1 (pairwise exchange, N - 1
 * steps).
 */
static int exchange(struct coll_bld *b, int doubling)
{
	uint32_t n = b->p->nodes;

	for (uint32_t t = 0, m; (m = doubling ? 1u << t : t + 1) < n; t++) {
		if (coll_bld_step(b, RCF_COLL_PH_CLIQUE, doubling ? t : m,
				  t + 1))
			return -1;
		for (uint32_t x = 0; x < n; x++) {
			uint32_t y = x ^ m;
			int64_t ci;

			if (y < x)
				continue;
			ci = coll_bld_circ(b, x, y);
			if (ci < 0 ||
			    coll_bld_send(b, (uint64_t)ci, x, y,
					  what(b, x, y)) ||
			    coll_bld_send(b, (uint64_t)ci, y, x, what(b, y, x)))
				return -1;
		}
	}
	return 0;
}

/* recursive doubling: at step d, i and i XOR 2^d swap all they hold */
int coll_static_gossip(struct coll_bld *b)
{
	return exchange(b, 1);
}

/* pairwise exchange: at step s, i sends i XOR s its block for it */
int coll_static_alltoall(struct coll_bld *b)
{
	return exchange(b, 0);
}
