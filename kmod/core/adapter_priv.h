/* SPDX-License-Identifier: GPL-2.0 */
/* The adapter's state, shared by adapter.c and adapter_rx.c only. */
#ifndef _RCF_CORE_ADAPTER_PRIV_H
#define _RCF_CORE_ADAPTER_PRIV_H

#include "adapter.h"

struct ad_list {
	struct ad_list *next, *prev;
};

/* A message being put together at its destination. */
struct ad_part {
	struct ad_list dl;	/* the destination's partials, oldest first */
	struct ad_list gl;	/* every partial of the adapter, oldest first */
	u64 born;		/* cycle the message was sent */
	u64 cookie;
	u32 dst;		/* dense node indices */
	u32 src;
	u32 id;
	u32 total, got;
	u32 hi;			/* end of the furthest data received */
	u32 size;		/* bytes allocated, for the adapter's budget */
	u8 *map;		/* one bit per message byte received */
	u8 data[];
};

struct ad_node {
	u32 next_id;		/* id of the next message sent */
	u32 nparts;
	/* messages since the last rcf_adapter_take_moved, and the node's id */
	u64 moved_sent, moved_recv;
	u32 id;
	bool listed;		/* on the adapter's moved list */
	struct ad_list parts;
	struct rcf_adapter_stats st;
};

struct rcf_adapter {
	struct rcf_engine *e;
	const struct rcf_adapter_ops *ops;
	void *priv;
	int policy;
	u32 nnodes;
	struct ad_node *nodes;
	u32 *moved;		/* dense indices of the listed nodes */
	u32 nmoved;
	struct ad_list parts;	/* every partial, oldest first */
	u64 part_bytes;
	u32 max_partial;	/* per destination */
	u64 max_bytes;		/* all partials */
	struct rcf_adapter_stats st;
};

static inline void ad_list_init(struct ad_list *h)
{
	h->next = h;
	h->prev = h;
}

static inline void ad_list_add_tail(struct ad_list *n, struct ad_list *h)
{
	n->prev = h->prev;
	n->next = h;
	h->prev->next = n;
	h->prev = n;
}

static inline void ad_list_del(struct ad_list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	n->next = n;
	n->prev = n;
}

#define ad_part_of(ptr, member) \
	((struct ad_part *)((char *)(ptr) - offsetof(struct ad_part, member)))

/* adapter.c */
void ad_drop(struct rcf_adapter *a, u32 node, int reason);
/* Node i (dense) moved one message: onto the list for take_moved. */
static inline void ad_moved(struct rcf_adapter *a, u32 i, u32 id, bool sent)
{
	struct ad_node *n = &a->nodes[i];

	if (!n->listed) {
		a->moved[a->nmoved++] = i;
		n->id = id;
		n->listed = true;
	}
	if (sent)
		n->moved_sent++;
	else
		n->moved_recv++;
}

/* adapter_rx.c: the engine's deliver op */
void ad_rx(void *priv, u32 dst, u32 src, const u8 *payload, u32 len,
	   u64 cookie, u64 latency);
void ad_part_free(struct rcf_adapter *a, struct ad_part *p);

#endif /* _RCF_CORE_ADAPTER_PRIV_H */
