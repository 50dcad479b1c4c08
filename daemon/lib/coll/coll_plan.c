// SPDX-License-Identifier: GPL-2.0
/*
 * The plan's storage, its items, the RCP arithmetic and the step builder
 * the planners share.  A sent item stays at its sender only if the sender
 * is one of the item's destinations: broadcast and gossip copy, scatter
 * and personalised all-to-all forward.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll_build.h"
#include "util/errf.h"

static const char *const op_names[RCF_COLL_NR] = {
	[RCF_COLL_SCATTER] = "scatter",
	[RCF_COLL_BCAST] = "bcast",
	[RCF_COLL_GOSSIP] = "gossip",
	[RCF_COLL_ALLTOALL] = "alltoall",
};

static const char *const phase_names[RCF_COLL_PH_NR] = {
	[RCF_COLL_PH_RCP] = "rcp",
	[RCF_COLL_PH_SPLIT] = "split",
	[RCF_COLL_PH_CLIQUE] = "clique",
	[RCF_COLL_PH_FIXUP] = "fixup",
};

const char *rcf_coll_op_name(enum rcf_coll_op op)
{
	return op < RCF_COLL_NR ? op_names[op] : "?";
}

int rcf_coll_op_lookup(const char *name, enum rcf_coll_op *op)
{
	for (int i = 0; i < RCF_COLL_NR; i++)
		if (!strcmp(name, op_names[i])) {
			*op = (enum rcf_coll_op)i;
			return 0;
		}
	return -1;
}

const char *rcf_coll_phase_name(enum rcf_coll_phase ph)
{
	return ph < RCF_COLL_PH_NR ? phase_names[ph] : "?";
}

uint64_t rcf_coll_pow(uint32_t k, uint32_t e)
{
	uint64_t v = 1;

	while (e--) {
		if (v > UINT64_MAX / (k + 1ull))
			return UINT64_MAX;
		v *= k + 1ull;
	}
	return v;
}

uint32_t rcf_coll_rcp_steps(uint32_t n, uint32_t k)
{
	uint32_t h = 0;

	while (rcf_coll_pow(k, h) < n)
		h++;
	return h;
}

int rcf_coll_rcp_reached(uint32_t r, uint32_t k)
{
	int l = -1;

	/* r joins at the step l with (k+1)^l <= r < (k+1)^(l+1) */
	while (r && rcf_coll_pow(k, (uint32_t)(l + 1)) <= r)
		l++;
	return l;
}

uint32_t rcf_coll_rcp_parent(uint32_t r, uint32_t k)
{
	int l = rcf_coll_rcp_reached(r, k);

	return (uint32_t)((r - rcf_coll_pow(k, (uint32_t)l)) / k);
}

/* the item a scatter or all-to-all block is, by its ends */
static uint32_t pata_src(const struct rcf_coll_plan *p, uint32_t item)
{
	return item / p->nodes;
}

static uint32_t pata_dst(const struct rcf_coll_plan *p, uint32_t item)
{
	return item % p->nodes;
}

void rcf_coll_item_name(const struct rcf_coll_plan *p, uint32_t item, char *buf,
			size_t len)
{
	uint64_t off = 0;

	switch (p->op) {
	case RCF_COLL_SCATTER:
		snprintf(buf, len, "block of %u for %u", p->root, item);
		break;
	case RCF_COLL_BCAST:
		for (uint32_t i = 0; i < item && i < p->nitems; i++)
			off += p->item_bytes[i];
		snprintf(buf, len, "piece %u (bytes %llu-%llu)", item,
			 (unsigned long long)off,
			 (unsigned long long)(off + p->item_bytes[item]));
		break;
	case RCF_COLL_GOSSIP:
		snprintf(buf, len, "block of %u", item);
		break;
	default:
		snprintf(buf, len, "block of %u for %u", pata_src(p, item),
			 pata_dst(p, item));
	}
}

int rcf_coll_item_target(const struct rcf_coll_plan *p, uint32_t item,
			 uint32_t node)
{
	switch (p->op) {
	case RCF_COLL_SCATTER:
		return item == node;
	case RCF_COLL_ALLTOALL:
		return pata_dst(p, item) == node;
	default:
		return 1;
	}
}

int rcf_coll_item_initial(const struct rcf_coll_plan *p, uint32_t item,
			  uint32_t node)
{
	switch (p->op) {
	case RCF_COLL_GOSSIP:
		return item == node;
	case RCF_COLL_ALLTOALL:
		return pata_src(p, item) == node;
	default:
		return node == p->root;
	}
}

void rcf_coll_plan_free(struct rcf_coll_plan *p)
{
	free(p->item_bytes);
	free(p->steps);
	free(p->circs);
	free(p->xfers);
	free(p->items);
	memset(p, 0, sizeof(*p));
}

/* room for one more of an array of n (cap *cap) of size sz */
static int grow(void **a, uint64_t n, uint64_t *cap, size_t sz, uint64_t more)
{
	uint64_t c = *cap ? *cap : 64;
	void *na;

	if (n + more <= *cap)
		return 0;
	while (c < n + more)
		c *= 2;
	na = realloc(*a, c * sz);
	if (!na)
		return -1;
	*a = na;
	*cap = c;
	return 0;
}

int coll_bld_init(struct coll_bld *b, struct rcf_coll_plan *p, char *err,
		  size_t len)
{
	uint64_t all;

	memset(b, 0, sizeof(*b));
	b->p = p;
	b->err = err;
	b->len = len;
	b->words = (p->nitems + 63) / 64;
	all = b->words * p->nodes;
	b->held = calloc(all, 8);
	b->gain = calloc(all, 8);
	b->lose = calloc(all, 8);
	b->tgt = calloc(all, 8);
	b->tmp = calloc(b->words, 8);
	b->ports = calloc(p->nodes, sizeof(*b->ports));
	if (!b->held || !b->gain || !b->lose || !b->tgt || !b->tmp || !b->ports)
		return rcf_errf(err, len, "out of memory");
	for (uint32_t n = 0; n < p->nodes; n++)
		for (uint32_t i = 0; i < p->nitems; i++) {
			if (rcf_coll_item_initial(p, i, n))
				bit_set(bset(b, b->held, n), i);
			if (rcf_coll_item_target(p, i, n))
				bit_set(bset(b, b->tgt, n), i);
		}
	return 0;
}

void coll_bld_free(struct coll_bld *b)
{
	free(b->held);
	free(b->gain);
	free(b->lose);
	free(b->tgt);
	free(b->tmp);
	free(b->ports);
}

/* the step under way lands: what was sent arrives, forwarded items leave */
static void land(struct coll_bld *b)
{
	uint64_t all = b->words * b->p->nodes;

	for (uint64_t w = 0; w < all; w++) {
		b->held[w] = (b->held[w] & ~b->lose[w]) | b->gain[w];
		b->gain[w] = 0;
		b->lose[w] = 0;
	}
	memset(b->ports, 0, b->p->nodes * sizeof(*b->ports));
}

int coll_bld_step(struct coll_bld *b, enum rcf_coll_phase ph, uint32_t level,
		  uint32_t term)
{
	struct rcf_coll_plan *p = b->p;
	struct rcf_coll_step *s;

	if (b->open)
		land(b);
	b->open = 1;
	if (grow((void **)&p->steps, p->nsteps, &p->cap_steps,
		 sizeof(*p->steps), 1))
		return rcf_errf(b->err, b->len, "out of memory");
	s = &p->steps[p->nsteps++];
	s->phase = ph;
	s->level = level;
	s->term = term;
	s->first_circ = p->ncircs;
	s->first_xfer = p->nxfers;
	s->ncirc = 0;
	s->nxfer = 0;
	return 0;
}

void coll_bld_finish(struct coll_bld *b)
{
	if (b->open)
		land(b);
	b->open = 0;
}

int64_t coll_bld_circ(struct coll_bld *b, uint32_t x, uint32_t y)
{
	struct rcf_coll_plan *p = b->p;
	struct rcf_coll_circ *c;

	if (b->ports[x] >= p->k || b->ports[y] >= p->k)
		return rcf_errf(b->err, b->len,
				"planner: step %llu: no free port to join %u "
				"and %u",
				(unsigned long long)p->nsteps, x, y);
	if (grow((void **)&p->circs, p->ncircs, &p->cap_circs,
		 sizeof(*p->circs), 1))
		return rcf_errf(b->err, b->len, "out of memory");
	c = &p->circs[p->ncircs];
	c->a = x;
	c->pa = b->ports[x]++;
	c->b = y;
	c->pb = b->ports[y]++;
	p->steps[p->nsteps - 1].ncirc++;
	return (int64_t)p->ncircs++;
}

int coll_bld_send(struct coll_bld *b, uint64_t circ, uint32_t src, uint32_t dst,
		  const uint64_t *set)
{
	struct rcf_coll_plan *p = b->p;
	struct rcf_coll_xfer *x;
	uint64_t n = 0, bytes = 0;

	for (uint64_t w = 0; w < b->words; w++)
		n += (uint64_t)__builtin_popcountll(set[w]);
	if (!n)
		return 0;
	if (p->nrefs + n > RCF_COLL_MAX_REFS)
		return rcf_errf(b->err, b->len,
				"the plan names more than %llu items in its "
				"transfers; take fewer nodes",
				(unsigned long long)RCF_COLL_MAX_REFS);
	if (grow((void **)&p->xfers, p->nxfers, &p->cap_xfers,
		 sizeof(*p->xfers), 1) ||
	    grow((void **)&p->items, p->nrefs, &p->cap_refs, sizeof(*p->items),
		 n))
		return rcf_errf(b->err, b->len, "out of memory");
	x = &p->xfers[p->nxfers++];
	x->src = src;
	x->dst = dst;
	x->circ = (uint32_t)circ;
	x->first = p->nrefs;
	x->n = n;
	for (uint64_t w = 0; w < b->words; w++)
		for (uint64_t v = set[w]; v; v &= v - 1) {
			uint32_t i = (uint32_t)(w * 64 + __builtin_ctzll(v));

			p->items[p->nrefs++] = i;
			bytes += p->item_bytes[i];
		}
	x->bytes = bytes;
	p->steps[p->nsteps - 1].nxfer++;
	{
		uint64_t *g = bset(b, b->gain, dst), *l = bset(b, b->lose, src);
		const uint64_t *t = bset(b, b->tgt, src);

		for (uint64_t w = 0; w < b->words; w++) {
			g[w] |= set[w];
			l[w] |= set[w] & ~t[w];
		}
	}
	return 0;
}

int coll_bld_lacking(const struct coll_bld *b)
{
	uint64_t all = b->words * b->p->nodes;

	for (uint64_t w = 0; w < all; w++)
		if (b->tgt[w] & ~b->held[w])
			return 1;
	return 0;
}

/*
 * Where piece i of a message of size bytes cut in n begins: i * size / n,
 * without overflow (size may be near 2^64).  Cutting there spreads the
 * odd bytes over the message, so every run of pieces a split hands on
 * holds its share of the bytes, give or take one.
 */
static uint64_t cut(uint64_t size, uint64_t n, uint64_t i)
{
	return size / n * i + size % n * i / n;
}

static int check_args(const struct rcf_coll_args *a, uint32_t h, char *err,
		      size_t len)
{
	if (a->op >= RCF_COLL_NR)
		return rcf_errf(err, len, "no such operation");
	if (a->nodes < 2 || a->nodes > RCF_COLL_MAX_NODES)
		return rcf_errf(err, len, "nodes must be 2 to %u, not %u",
				RCF_COLL_MAX_NODES, a->nodes);
	if (a->k < 1 || a->k > RCF_COLL_MAX_K)
		return rcf_errf(err, len, "k must be 1 to %u, not %u",
				RCF_COLL_MAX_K, a->k);
	if (a->root >= a->nodes)
		return rcf_errf(err, len,
				"root %u is not a node (nodes are 0 to %u)",
				a->root, a->nodes - 1);
	if (a->op != RCF_COLL_BCAST && a->split)
		return rcf_errf(err, len, "only bcast has a split phase");
	if (a->split > h)
		return rcf_errf(err, len,
				"split %u is past the %u RCP steps of %u nodes "
				"with k = %u",
				a->split, h, a->nodes, a->k);
	if (a->size < 1)
		return rcf_errf(err, len, "size must be at least 1 byte");
	if (a->alg != RCF_COLL_ALG_RCP && a->alg != RCF_COLL_ALG_STATIC)
		return rcf_errf(err, len, "no such algorithm");
	if (a->alg == RCF_COLL_ALG_STATIC &&
	    (a->k != 1 || a->nodes & (a->nodes - 1)))
		return rcf_errf(err, len,
				"the static algorithms pair node i with i XOR "
				"2^d: they need k = 1 and N a power of two, "
				"not N = %u, k = %u",
				a->nodes, a->k);
	return 0;
}

int rcf_coll_plan(const struct rcf_coll_args *a, struct rcf_coll_plan *p,
		  char *err, size_t len)
{
	static int (*const plan[RCF_COLL_NR])(struct coll_bld *) = {
		[RCF_COLL_SCATTER] = coll_plan_scatter,
		[RCF_COLL_BCAST] = coll_plan_bcast,
		[RCF_COLL_GOSSIP] = coll_plan_gossip,
		[RCF_COLL_ALLTOALL] = coll_plan_alltoall,
	};
	static int (*const fixed[RCF_COLL_NR])(struct coll_bld *) = {
		[RCF_COLL_SCATTER] = coll_static_tree,
		[RCF_COLL_BCAST] = coll_static_tree,
		[RCF_COLL_GOSSIP] = coll_static_gossip,
		[RCF_COLL_ALLTOALL] = coll_static_alltoall,
	};
	struct coll_bld b;
	uint64_t n;
	int rc;

	memset(p, 0, sizeof(*p));
	if (check_args(a,
		       a->nodes >= 2 && a->k >= 1 && a->k <= RCF_COLL_MAX_K
			       ? rcf_coll_rcp_steps(a->nodes, a->k)
			       : 0,
		       err, len))
		return -1;
	p->op = a->op;
	p->alg = a->alg;
	p->nodes = a->nodes;
	p->k = a->k;
	p->root = a->root;
	p->split = a->split;
	p->size = a->size;
	p->h = rcf_coll_rcp_steps(a->nodes, a->k);
	if (a->op == RCF_COLL_BCAST)
		n = rcf_coll_pow(a->k, a->split);
	else if (a->op == RCF_COLL_ALLTOALL)
		n = (uint64_t)a->nodes * a->nodes;
	else
		n = a->nodes;
	if (n > RCF_COLL_MAX_BITS / a->nodes)
		return rcf_errf(
			err, len,
			"%s on %u nodes has %llu items at each of them, "
			"past the planner's %llu bits; take fewer nodes"
			"%s",
			rcf_coll_op_name(a->op), a->nodes,
			(unsigned long long)n,
			(unsigned long long)RCF_COLL_MAX_BITS,
			a->op == RCF_COLL_BCAST ? " or a shorter split" : "");
	p->nitems = n;
	p->item_bytes = calloc(n, sizeof(*p->item_bytes));
	if (!p->item_bytes)
		return rcf_errf(err, len, "out of memory");
	for (uint64_t i = 0; i < n; i++)
		p->item_bytes[i] =
			a->op != RCF_COLL_BCAST
				? a->size
				: cut(a->size, n, i + 1) - cut(a->size, n, i);
	if (coll_bld_init(&b, p, err, len)) {
		coll_bld_free(&b);
		return -1;
	}
	rc = (a->alg == RCF_COLL_ALG_STATIC ? fixed : plan)[a->op](&b);
	coll_bld_finish(&b);
	/* N not a power of k + 1 leaves cliques short of members */
	if (!rc && a->alg == RCF_COLL_ALG_RCP && coll_bld_lacking(&b)) {
		rc = coll_fixup(&b);
		coll_bld_finish(&b);
	}
	coll_bld_free(&b);
	return rc;
}
