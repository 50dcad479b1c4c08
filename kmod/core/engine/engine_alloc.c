// SPDX-License-Identifier: GPL-2.0
/*
 * Packets and worm pieces come from blocks kept on a list, so an engine
 * freed with packets in flight releases everything without walking them,
 * and the hot path reuses objects instead of allocating.
 */
#include "engine_priv.h"

#define ENG_BLOCK 64

struct eng_block {
	struct eng_block *next;
};

/*
 * What one object costs the pool: itself and its share of its block's
 * header (a block is ENG_BLOCK objects and one header of 8 bytes), so
 * that objects counted at these costs bound the blocks' bytes.
 */
#define ENG_PKT_COST ((u64)sizeof(struct eng_pkt) + 1)
#define ENG_HOP_COST ((u64)sizeof(struct eng_hop) + 1)

static u64 eng_max64(u64 a, u64 b)
{
	return a > b ? a : b;
}

static u64 eng_blocks_of(u64 n)
{
	return (n + ENG_BLOCK - 1) / ENG_BLOCK * ENG_BLOCK;
}

/*
 * Whether np more packets holding nh more pieces fit the budget, with
 * the pool's blocks as they stand (or as a trim of an idle pool leaves
 * them): every object counted in whole blocks, so that growing the pool
 * for what is admitted never takes it past the budget.
 */
static int eng_fits(const struct rcf_engine *e, u64 np, u64 nh, bool idle)
{
	u64 p = eng_blocks_of(np), h = eng_blocks_of(nh);

	if (p * ENG_PKT_COST + h * ENG_HOP_COST > e->budget)
		return -E2BIG;
	if (!idle || e->busy || e->hops_live) {
		p = eng_max64(e->pkt_cap, eng_blocks_of(e->busy + np));
		h = eng_max64(e->hop_cap, eng_blocks_of(e->held_hops + nh));
	}
	return p * ENG_PKT_COST + h * ENG_HOP_COST > e->budget ? -ENOBUFS : 0;
}

int eng_admit(struct rcf_engine *e, u32 np, u64 nh)
{
	int r;

	if (!e->budget)
		return 0;
	r = eng_fits(e, np, nh, false);
	/* blocks kept from an earlier burst give way to this one */
	if (r == -ENOBUFS && !eng_fits(e, np, nh, true)) {
		eng_pool_free(e);
		r = 0;
	}
	if (r)
		e->pool_refused++;
	return r;
}

int rcf_engine_room(struct rcf_engine *e, u32 npkts, u32 nroute)
{
	if (!e->budget)
		return 0;
	return eng_fits(e, npkts, (u64)npkts * eng_hres(e, nroute), true);
}

void rcf_engine_refused(struct rcf_engine *e)
{
	e->pool_refused++;
}

void rcf_engine_set_budget(struct rcf_engine *e, u64 bytes)
{
	e->budget = bytes;
}

void rcf_engine_fail_hops(struct rcf_engine *e, u32 after, u32 n)
{
	e->fail_after = after;
	e->fail_hops = n;
}

void rcf_engine_pool_stats(const struct rcf_engine *e,
			   struct rcf_engine_pool *s)
{
	s->bytes = e->pool_bytes;
	s->peak = e->pool_peak;
	s->held = e->busy * ENG_PKT_COST + e->held_hops * ENG_HOP_COST;
	s->budget = e->budget;
	s->refused = e->pool_refused;
	s->over = e->pool_over;
}

/* The engine keeps one block list; the first word of each block links it. */
static struct eng_block *eng_blocks(struct rcf_engine *e)
{
	return (struct eng_block *)e->blocks;
}

static void *eng_block_new(struct rcf_engine *e, size_t objsz)
{
	struct eng_block *b;

	b = rcf_os_zalloc(sizeof(*b) + objsz * ENG_BLOCK);
	if (!b)
		return NULL;
	e->pool_bytes += sizeof(*b) + objsz * ENG_BLOCK;
	if (e->pool_bytes > e->pool_peak)
		e->pool_peak = e->pool_bytes;
	b->next = eng_blocks(e);
	e->blocks = b;
	return b + 1;
}

/* Adds a block of packets to the free list; false on ENOMEM. */
static bool eng_pkt_grow(struct rcf_engine *e)
{
	struct eng_pkt *p = eng_block_new(e, sizeof(*p));
	int i;

	if (!p)
		return false;
	for (i = 1; i < ENG_BLOCK; i++)
		p[i - 1].next = &p[i];
	p[ENG_BLOCK - 1].next = e->pkt_free;
	e->pkt_free = p;
	e->pkt_nfree += ENG_BLOCK;
	e->pkt_cap += ENG_BLOCK;
	return true;
}

struct eng_pkt *eng_pkt_get(struct rcf_engine *e)
{
	struct eng_pkt *p;

	if (!e->pkt_free && !eng_pkt_grow(e))
		return NULL;
	p = e->pkt_free;
	e->pkt_free = p->next;
	e->pkt_nfree--;
	memset(p, 0, sizeof(*p));
	return p;
}

void eng_pkt_put(struct rcf_engine *e, struct eng_pkt *p)
{
	p->next = e->pkt_free;
	e->pkt_free = p;
	e->pkt_nfree++;
	e->busy--;
	e->held_hops -= p->hres;
	e->dest_out -= p->dest_out;
	p->dest_out = 0;
}

int rcf_engine_reserve(struct rcf_engine *e, u32 npkts, u32 nroute)
{
	int r = eng_admit(e, npkts, (u64)npkts * eng_hres(e, nroute));

	if (r)
		return r;
	while (e->pkt_nfree < npkts)
		if (!eng_pkt_grow(e))
			return -ENOMEM;
	return 0;
}

struct eng_hop *eng_hop_get(struct rcf_engine *e)
{
	struct eng_hop *h = e->hop_free;
	int i;

	if (e->fail_hops) {
		if (e->fail_after) {
			e->fail_after--;
		} else {
			e->fail_hops--;
			return NULL;
		}
	}
	if (!h) {
		h = eng_block_new(e, sizeof(*h));
		if (!h)
			return NULL;
		for (i = 1; i < ENG_BLOCK; i++)
			h[i - 1].next = &h[i];
		h[ENG_BLOCK - 1].next = NULL;
		e->hop_cap += ENG_BLOCK;
	}
	e->hop_free = h->next;
	e->hops_live++;
	memset(h, 0, sizeof(*h));
	return h;
}

void eng_hop_put(struct rcf_engine *e, struct eng_hop *h)
{
	struct eng_pkt *p = h->pkt;

	h->next = e->hop_free;
	e->hop_free = h;
	e->hops_live--;
	if (p && !--p->refs)
		eng_pkt_put(e, p);
}

void eng_pool_free(struct rcf_engine *e)
{
	struct eng_block *b = eng_blocks(e), *n;

	for (; b; b = n) {
		n = b->next;
		rcf_os_free(b);
	}
	e->blocks = NULL;
	e->pkt_free = NULL;
	e->pkt_nfree = 0;
	e->hop_free = NULL;
	e->hops_live = 0;
	e->pool_bytes = 0;
	e->pkt_cap = 0;
	e->hop_cap = 0;
}

u64 rcf_engine_pool_bytes(const struct rcf_engine *e)
{
	return e->pool_bytes;
}

bool rcf_engine_trim(struct rcf_engine *e)
{
	/* a live packet or piece may sit in any block: all or nothing */
	if (e->busy || e->hops_live)
		return false;
	eng_pool_free(e);
	return true;
}
