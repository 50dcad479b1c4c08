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

/* A path as the adapter holds it (adapter_path.c). */
struct ad_path {
	u32 id, master, dst;	/* ids */
	u32 mi;			/* the master's dense index */
	u8 hop;			/* hops[0]: the master's port and the VC */
	u8 state;		/* enum rcf_path_state, RETURNED included */
	u8 tell;		/* path_returned is to be called */
	u32 inflight;		/* messages started, last byte not arrived */
	/* the master's first message id that can be on the path */
	u32 first_id;
	u64 msgs, bytes;
};

/* The path may take the master's next message now. */
static inline bool ad_path_ready(const struct ad_path *p)
{
	return p->state == RCF_PATH_HELD &&
	       p->inflight < RCF_ADAPTER_PATH_WINDOW;
}

/*
 * The adapter's paths, sorted by id, and by master through by_master:
 * master mi's paths are p[by_master[m0[mi] .. m0[mi + 1] - 1]].
 */
struct ad_ptab {
	u32 n;
	struct ad_path *p;
	u32 *by_master;
	u32 *m0;
};

/* A message waiting for a path in its source's queue (adapter_wait.c). */
struct ad_wmsg {
	struct ad_wmsg *next;
	u64 cookie;
	u32 dst;		/* id */
	u32 len;
	u8 data[];
};

/* A pair of a source with messages waiting or a request outstanding. */
struct ad_wpair {
	struct ad_wpair *next;
	u32 dst;		/* id */
	u32 nwait;
	bool req;		/* path_request called, not yet answered */
	bool held;		/* kick: its messages cannot leave now */
};

struct ad_node {
	u32 next_id;		/* id of the next message sent */
	u32 nparts;
	/* messages since the last rcf_adapter_take_moved, and the node's id */
	u64 moved_sent, moved_recv;
	u32 id;
	bool listed;		/* on the adapter's moved list */
	struct ad_list parts;
	/* messages waiting for a path, in the order they came */
	struct ad_wmsg *wq_head, *wq_tail;
	u64 wait_bytes;
	struct ad_wpair *wpairs;
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
	struct ad_ptab *pt;	/* never NULL once built */
	u64 path_inflight;	/* inflight of every path */
	bool path_wait;		/* requests on: no-route messages wait */
	bool nobufs;		/* a waiting message met the pool's budget */
	bool raw;		/* rcf_adapter_set_raw: no header */
	bool dest;		/* rcf_adapter_set_dest: destination headers */
	u8 cap_dirs;		/* rcf_adapter_set_capture; 0: off */
	u32 cap_node;		/* its node id */
	struct rcf_adapter_stats st;
};

/* Header bytes in each packet. */
static inline u32 ad_hdr(const struct rcf_adapter *a)
{
	return a->raw ? 0 : RCF_ADAPTER_HDR;
}

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
/* Hands one packet of node (id) to ops->capture: see rcf_adapter_cap. */
void ad_capture(struct rcf_adapter *a, u32 node, u32 peer, u8 dir,
		const u8 *route, u32 nroute, const u8 *payload, u32 plen);
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

/*
 * Sends msg as packets now, on path p (HELD) or, when p is NULL, on the
 * pair's routes (which it has); 0, -ENOMEM, or the engine's budget
 * refusals -ENOBUFS and -E2BIG (rcf_engine_send), counting no drop.
 */
int ad_xmit(struct rcf_adapter *a, u32 si, u32 dst, struct ad_path *p,
	    const void *msg, u32 len, u64 cookie);

/* adapter_path.c */
struct ad_ptab *ad_ptab_build(const struct rcf_engine *e,
			      const struct rcf_fabric *f, bool *stale);
void ad_ptab_free(struct ad_ptab *pt);
/* Node si's path to dst (id), or NULL. */
struct ad_path *ad_path_of(const struct rcf_adapter *a, u32 si, u32 dst);
/* The last packet of message id from src (dense) arrived at dst (id). */
void ad_path_arrived(struct rcf_adapter *a, u32 src, u32 dst, u32 id);
void ad_path_settle(struct rcf_adapter *a);

/* adapter_wait.c */
/* The pair's entry (dst: id), made when create is set; NULL if none. */
struct ad_wpair *ad_wpair(struct rcf_adapter *a, u32 si, u32 dst,
			  bool create);
/* Queues msg at node si; 0, -EAGAIN (queue full) or -ENOMEM (a drop). */
int ad_wait(struct rcf_adapter *a, u32 si, u32 dst, const void *msg, u32 len,
	    u64 cookie);
/* Requests of node si's pairs that now have a path are answered. */
void ad_wait_answered(struct rcf_adapter *a, u32 si);
void ad_wait_free(struct rcf_adapter *a);
/*
 * Moves from's waiting messages and requests to the same nodes of to;
 * those of nodes to lacks are dropped, counted NO_PATH at from.
 */
void ad_wait_carry(struct rcf_adapter *to, struct rcf_adapter *from);

/* adapter_rx.c: the engine's deliver op */
void ad_rx(void *priv, u32 dst, u32 src, const u8 *payload, u32 len,
	   u64 cookie, u64 latency);
void ad_part_free(struct rcf_adapter *a, struct ad_part *p);

#endif /* _RCF_CORE_ADAPTER_PRIV_H */
