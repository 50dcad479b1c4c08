/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The node adapter: what sits between a node's user (the netdev, the
 * traffic generator, rcfsim) and the byte-level engine.  It cuts a message
 * into packets, gives each packet one of the pair's routes, and puts the
 * message together again at the destination, whatever order its packets
 * arrive in.  One adapter owns one engine; both are a snapshot of one
 * fabric configuration.  The caller serialises all calls.
 */
#ifndef _RCF_CORE_ADAPTER_H
#define _RCF_CORE_ADAPTER_H

#include "engine.h"

#define RCF_ADAPTER_MAX_MSG	65535	/* bytes in one message */

/*
 * Every packet's payload starts with this header (big-endian fields):
 *   bytes 0-3  message id, per source node, counting up from 0
 *   bytes 4-5  total message length
 *   bytes 6-7  offset of this packet's data in the message
 * so a packet is [length][route bytes][header][data], and the data of one
 * packet is RCF_ENGINE_MAX_PKT - 1 - route bytes - RCF_ADAPTER_HDR bytes
 * at most.
 */
#define RCF_ADAPTER_HDR		8
/* Partial messages kept per destination; the oldest goes first. */
#define RCF_ADAPTER_MAX_PARTIAL	64
/* Bytes all partial messages of one adapter may hold together. */
#define RCF_ADAPTER_REASM_BYTES	(16u << 20)

/* Drops the adapter itself counts (the engine counts its own). */
enum rcf_adapter_drop {
	RCF_ADROP_NO_ROUTE,	/* the pair has no route */
	RCF_ADROP_MSG_SIZE,	/* message over RCF_ADAPTER_MAX_MSG */
	RCF_ADROP_REASSEMBLY,	/* partial message evicted */
	RCF_ADROP_NO_MEM,
	RCF_ADROP_BAD_HEADER,	/* packet whose adapter header makes no sense */
	RCF_ADROP_NR,
};

struct rcf_adapter_ops {
	/*
	 * A whole message arrived at node dst from node src; msg is valid
	 * during the call only.  latency: cycles from the message's send to
	 * the arrival of its last byte.
	 */
	void (*deliver)(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
			u64 cookie, u64 latency);
};

struct rcf_adapter_stats {
	u64 msgs_sent, msgs_received;
	u64 tx_bytes, rx_bytes;		/* message bytes */
	u64 drops[RCF_ADROP_NR];
	u64 partial;			/* messages being reassembled now */
	u64 lat_sum, lat_max;		/* message latency, cycles */
	/* packets that arrived after a later part of their own message */
	u64 reordered;
};

struct rcf_adapter;

/*
 * Builds the engine for f (rcf_engine_build) and an adapter on it.
 * policy is an enum rcf_route_policy.  NULL on ENOMEM.
 */
struct rcf_adapter *rcf_adapter_new(const struct rcf_fabric *f, int policy,
				    const struct rcf_adapter_ops *ops,
				    void *priv);
void rcf_adapter_free(struct rcf_adapter *a);
/*
 * Reassembly limits: partial messages per destination (at least 1) and
 * bytes of all of them together; defaults RCF_ADAPTER_MAX_PARTIAL and
 * RCF_ADAPTER_REASM_BYTES.  Applies to partials made from now on.
 */
void rcf_adapter_set_limits(struct rcf_adapter *a, u32 max_partial,
			    u64 max_bytes);
struct rcf_engine *rcf_adapter_engine(struct rcf_adapter *a);

/*
 * Queues msg from node src to node dst as packets.  0 when queued;
 * -EINVAL for an unknown node; -ENOENT when the pair has no route and
 * -EMSGSIZE for a message over RCF_ADAPTER_MAX_MSG (both counted drops);
 * -ENOMEM.  Nothing is queued unless 0 is returned.
 */
int rcf_adapter_send(struct rcf_adapter *a, u32 src, u32 dst, const void *msg,
		     u32 len, u64 cookie);

/* Bytes queued at node src and not yet on its first link. */
u64 rcf_adapter_backlog(const struct rcf_adapter *a, u32 src);

void rcf_adapter_stats(const struct rcf_adapter *a,
		       struct rcf_adapter_stats *s);
/* Per node: messages and bytes it sent (tx) and received (rx). */
int rcf_adapter_node_stats(const struct rcf_adapter *a, u32 node,
			   struct rcf_adapter_stats *s);
void rcf_adapter_stats_reset(struct rcf_adapter *a);
/*
 * Messages node src sent to dst and dst received from src (the C_ij of
 * García-Duato §3.2 counts both); -ENOENT when the pair has no route.
 */
int rcf_adapter_pair_msgs(const struct rcf_adapter *a, u32 src, u32 dst,
			  u64 *sent, u64 *received);
/*
 * Calls fn once for each node that sent or received messages since the
 * last call, with their numbers, and starts counting again: the cost is
 * that of the nodes that moved messages, not of the fabric's size.
 * Independent of rcf_adapter_stats_reset.
 */
void rcf_adapter_take_moved(struct rcf_adapter *a,
			    void (*fn)(void *priv, u32 node, u64 sent,
				       u64 received),
			    void *priv);
/* enum rcf_drop_reason (uapi) for an enum rcf_adapter_drop. */
int rcf_adapter_drop_reason(int adapter_drop);

#endif /* _RCF_CORE_ADAPTER_H */
