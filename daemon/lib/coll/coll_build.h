/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the planners share (coll_plan.c): the plan being built, what
 * every node holds at the start of the step under construction, and the
 * bit sets of items.  Internal to lib/coll.
 */
#ifndef RCF_COLL_BUILD_H
#define RCF_COLL_BUILD_H

#include "coll/coll.h"

struct coll_bld {
	struct rcf_coll_plan *p;
	uint64_t words;	 /* per node bit set */
	uint64_t *held;	 /* at the start of the current step */
	uint64_t *gain;	 /* received in the current step */
	uint64_t *lose;	 /* sent in it and not kept (not a target) */
	uint64_t *tgt;	 /* what each node must end with */
	uint64_t *tmp;	 /* one set of scratch */
	uint32_t *ports; /* ports taken in the current step */
	int open;	 /* a step is under way */
	char *err;
	size_t len;
};

static inline uint64_t *bset(const struct coll_bld *b, uint64_t *base,
			     uint32_t node)
{
	return base + (uint64_t)node * b->words;
}

static inline void bit_set(uint64_t *s, uint64_t i)
{
	s[i / 64] |= 1ull << (i % 64);
}

static inline int bit_get(const uint64_t *s, uint64_t i)
{
	return (int)(s[i / 64] >> (i % 64) & 1);
}

/* RCP rank r as a node id: the numbering starts at the root */
static inline uint32_t coll_node(const struct rcf_coll_plan *p, uint32_t r)
{
	return (uint32_t)(((uint64_t)r + p->root) % p->nodes);
}

int coll_bld_init(struct coll_bld *b, struct rcf_coll_plan *p, char *err,
		  size_t len);
void coll_bld_free(struct coll_bld *b);
/* ends the step under way (its transfers land) and opens a new one */
int coll_bld_step(struct coll_bld *b, enum rcf_coll_phase ph, uint32_t level,
		  uint32_t term);
/* ends the step under way, if any */
void coll_bld_finish(struct coll_bld *b);
/* joins x and y on their next free ports; the circuit's index or -1 */
int64_t coll_bld_circ(struct coll_bld *b, uint32_t x, uint32_t y);
/* src sends set (bits) over circ; nothing for an empty set; 0 or -1 */
int coll_bld_send(struct coll_bld *b, uint64_t circ, uint32_t src, uint32_t dst,
		  const uint64_t *set);
/* whether a node still lacks an item it must end with */
int coll_bld_lacking(const struct coll_bld *b);
/* steps delivering what is still missing, pairing greedily; 0 or -1 */
int coll_fixup(struct coll_bld *b);

/* the planners (coll_rcp.c, coll_clique.c) */
int coll_plan_scatter(struct coll_bld *b);
int coll_plan_bcast(struct coll_bld *b);
int coll_plan_gossip(struct coll_bld *b);
int coll_plan_alltoall(struct coll_bld *b);
/* RCF_COLL_ALG_STATIC (coll_static.c), N a power of two, k = 1 */
int coll_static_tree(struct coll_bld *b);
int coll_static_gossip(struct coll_bld *b);
int coll_static_alltoall(struct coll_bld *b);

#endif
