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
}

int rcf_engine_reserve(struct rcf_engine *e, u32 npkts)
{
	while (e->pkt_nfree < npkts)
		if (!eng_pkt_grow(e))
			return -ENOMEM;
	return 0;
}

struct eng_hop *eng_hop_get(struct rcf_engine *e)
{
	struct eng_hop *h = e->hop_free;
	int i;

	if (!h) {
		h = eng_block_new(e, sizeof(*h));
		if (!h)
			return NULL;
		for (i = 1; i < ENG_BLOCK; i++)
			h[i - 1].next = &h[i];
		h[ENG_BLOCK - 1].next = NULL;
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
