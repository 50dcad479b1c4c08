// SPDX-License-Identifier: GPL-2.0
/*
 * The all-to-all operations (§5.3, §5.4) in cliques of k + 1: at step i
 * the nodes whose numbers differ only in base-(k+1) digit i.  Gossip
 * sends everything a node has gathered; personalised all-to-all sends
 * each peer the blocks whose destination has the peer's digit i.  With N
 * not a power of k + 1 some cliques lack members; the fix-up steps after
 * deliver what they could not.
 */
#include <string.h>

#include "coll/coll_build.h"
#include "util/errf.h"

static uint32_t digit(uint32_t x, uint64_t place, uint32_t k)
{
	return (uint32_t)(x / place % (k + 1ull));
}

/* the set src sends dst at step i of the clique phase */
static void clique_set(struct coll_bld *b, int pata, uint64_t place,
		       uint32_t src, uint32_t dst)
{
	const struct rcf_coll_plan *p = b->p;
	const uint64_t *hs = bset(b, b->held, src), *hd = bset(b, b->held, dst);
	uint32_t want = digit(dst, place, p->k);

	for (uint64_t w = 0; w < b->words; w++) {
		b->tmp[w] = hs[w] & ~hd[w];
		for (uint64_t v = b->tmp[w]; pata && v; v &= v - 1) {
			uint64_t i = w * 64 + (uint64_t)__builtin_ctzll(v);

			if (digit((uint32_t)(i % p->nodes), place, p->k) !=
			    want)
				b->tmp[w] &= ~(1ull << (i % 64));
		}
	}
}

/*
 * With N not a power of k + 1 the nodes whose top digit is not 0 have few
 * or no peers in the lower digits' cliques: a first step on the top digit
 * hands what they hold to the full part of the machine, which spreads it,
 * and the last step (the top digit again) hands back what is theirs.
 */
static int cliques(struct coll_bld *b, int pata)
{
	struct rcf_coll_plan *p = b->p;
	int pre = p->h > 1 && rcf_coll_pow(p->k, p->h) != p->nodes;
	int rc = 0;

	for (uint32_t n = 0; !rc && n < p->h + pre; n++) {
		uint32_t i = pre && !n ? p->h - 1 : n - pre;
		uint64_t place = rcf_coll_pow(p->k, i);

		rc = coll_bld_step(b, RCF_COLL_PH_CLIQUE, i, i);
		for (uint32_t x = 0; !rc && x < p->nodes; x++) {
			if (digit(x, place, p->k))
				continue; /* the member with digit 0 asks */
			for (uint32_t u = 0; !rc && u <= p->k; u++)
				for (uint32_t v = u + 1; !rc && v <= p->k;
				     v++) {
					uint64_t s = x + u * place,
						 r = x + v * place;
					int64_t ci;

					if (r >= p->nodes)
						break;
					ci = coll_bld_circ(b, (uint32_t)s,
							   (uint32_t)r);
					if (ci < 0)
						return -1;
					clique_set(b, pata, place, (uint32_t)s,
						   (uint32_t)r);
					rc = coll_bld_send(b, (uint64_t)ci,
							   (uint32_t)s,
							   (uint32_t)r, b->tmp);
					if (rc)
						break;
					clique_set(b, pata, place, (uint32_t)r,
						   (uint32_t)s);
					rc = coll_bld_send(b, (uint64_t)ci,
							   (uint32_t)r,
							   (uint32_t)s, b->tmp);
				}
		}
	}
	return rc;
}

int coll_plan_gossip(struct coll_bld *b)
{
	return cliques(b, 0);
}

int coll_plan_alltoall(struct coll_bld *b)
{
	return cliques(b, 1);
}

/* what dst still lacks, not already coming this step, that src holds */
static int want_from(struct coll_bld *b, uint32_t src, uint32_t dst)
{
	const uint64_t *hs = bset(b, b->held, src), *hd = bset(b, b->held, dst),
		       *g = bset(b, b->gain, dst), *t = bset(b, b->tgt, dst);
	int any = 0;

	for (uint64_t w = 0; w < b->words; w++) {
		b->tmp[w] = hs[w] & t[w] & ~hd[w] & ~g[w];
		any |= b->tmp[w] != 0;
	}
	return any;
}

static int joined(const struct coll_bld *b, uint32_t x, uint32_t y)
{
	const struct rcf_coll_plan *p = b->p;
	const struct rcf_coll_step *s = &p->steps[p->nsteps - 1];

	for (uint64_t c = s->first_circ; c < s->first_circ + s->ncirc; c++)
		if ((p->circs[c].a == x && p->circs[c].b == y) ||
		    (p->circs[c].a == y && p->circs[c].b == x))
			return 1;
	return 0;
}

/*
 * Greedy rounds: each node short of items joins, while it has free
 * ports, nodes holding some of them, and both send what the other lacks.
 * Every round moves at least one item to a node that must end with it,
 * so the rounds end.
 */
int coll_fixup(struct coll_bld *b)
{
	struct rcf_coll_plan *p = b->p;
	uint64_t limit = 4ull * p->nodes + 64, round = 0;
	int rc = 0;

	while (!rc && coll_bld_lacking(b)) {
		if (round++ == limit)
			return rcf_errf(b->err, b->len,
					"planner: fix-up did not end in %llu "
					"steps",
					(unsigned long long)limit);
		rc = coll_bld_step(b, RCF_COLL_PH_FIXUP, 0, 0);
		for (uint32_t x = 0; !rc && x < p->nodes; x++)
			for (uint32_t y = 0; !rc && y < p->nodes; y++) {
				int64_t ci;

				if (b->ports[x] >= p->k)
					break;
				if (y == x || b->ports[y] >= p->k ||
				    joined(b, x, y) || !want_from(b, y, x))
					continue;
				ci = coll_bld_circ(b, y, x);
				if (ci < 0)
					return -1;
				rc = coll_bld_send(b, (uint64_t)ci, y, x,
						   b->tmp);
				if (!rc && want_from(b, x, y))
					rc = coll_bld_send(b, (uint64_t)ci, x,
							   y, b->tmp);
			}
		coll_bld_finish(b);
	}
	return rc;
}
