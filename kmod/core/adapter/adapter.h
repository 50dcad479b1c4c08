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

#include "engine/engine.h"

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
	RCF_ADROP_NO_PATH,	/* waited for a path; the request failed */
	RCF_ADROP_NR,
};

/*
 * One captured packet, [length][route bytes][payload] with length
 * 1 + nroute + plen.  dir RCF_CAPTURE_TX: as node sends it to peer, all
 * its route bytes still on.  RCF_CAPTURE_RX: as it arrives at node from
 * peer, its route bytes read on the way (nroute 0).  payload starts with
 * the adapter header (hdr bytes: RCF_ADAPTER_HDR, 0 in raw mode).
 */
struct rcf_adapter_cap {
	u32 node, peer;
	u8 dir;			/* enum rcf_capture_dir */
	u8 nroute, hdr;
	const u8 *route, *payload;
	u32 plen;
	u64 cycle;		/* the engine's clock */
};

struct rcf_adapter_ops {
	/*
	 * A whole message arrived at node dst from node src; msg is valid
	 * during the call only.  latency: cycles from the message's send to
	 * the arrival of its last byte.
	 */
	void (*deliver)(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
			u64 cookie, u64 latency);
	/*
	 * Paths (may be NULL).  path_returned: the mastership of path id
	 * came back (RECALL, and the last message started on it has fully
	 * arrived).  path_request: node src holds waiting messages for dst,
	 * which it has neither a route nor a path to; called once until the
	 * pair gets a path or rcf_adapter_path_fail() ends the request.
	 * They are called from inside the adapter's calls (an engine run,
	 * a send, an install) and must not change its paths or queues.
	 */
	void (*path_returned)(void *priv, u32 id);
	void (*path_request)(void *priv, u32 src, u32 dst, u32 waiting);
	/*
	 * Packet capture (may be NULL): a copy of one packet at the node
	 * rcf_adapter_set_capture chose, valid during the call only.
	 */
	void (*capture)(void *priv, const struct rcf_adapter_cap *c);
};

struct rcf_adapter_stats {
	u64 msgs_sent, msgs_received;
	u64 tx_bytes, rx_bytes;		/* message bytes */
	u64 drops[RCF_ADROP_NR];
	u64 partial;			/* messages being reassembled now */
	u64 lat_sum, lat_max;		/* message latency, cycles */
	/* packets that arrived after a later part of their own message */
	u64 reordered;
	u64 path_waiting;		/* messages waiting for a path now */
	u64 path_requests;		/* path requests raised */
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
 * Raw mode: each message is one SP1 packet [length][route][message]
 * with no adapter header, handed up as it arrives; a message that does
 * not fit one packet on its route is a counted RCF_ADROP_MSG_SIZE drop
 * (-EMSGSIZE), and messages go by route only (paths are not used).
 * Only on a quiet engine with no partial message: -EBUSY otherwise.
 * For calibrating against simulators of raw packets (rcf.ko: the
 * fabric's RCF_A_FABRIC_RAW).
 */
int rcf_adapter_set_raw(struct rcf_adapter *a, bool raw);
/*
 * Destination mode: every packet carries a destination header
 * (rcf_engine_dest_route) instead of the pair's route, and the
 * switches' relations route it; a pair needs no route, paths are not
 * used.  Only on a quiet engine with no partial message: -EBUSY
 * otherwise.  rcfsim sets it (--relation); the kernel does not yet.
 */
int rcf_adapter_set_dest(struct rcf_adapter *a, bool dest);
/*
 * Calls ops->capture for each packet node (an id) sends, receives or
 * both (dirs: RCF_CAPTURE_TX | RCF_CAPTURE_RX); dirs 0 turns it off,
 * the default.  Off costs one test of dirs per packet.
 */
void rcf_adapter_set_capture(struct rcf_adapter *a, u32 node, u8 dirs);

/*
 * Queues msg from node src to node dst as packets, or holds it for a
 * path (below).  0 when queued or held; -EINVAL for an unknown node;
 * -ENOENT when the pair has no route and -EMSGSIZE for a message over
 * RCF_ADAPTER_MAX_MSG (both counted drops); -EAGAIN when it would wait
 * and the node's queue is full (not a drop); -ENOBUFS when the engine's
 * pool budget is held by packets in flight (not a drop: send it again
 * once rcf_adapter_room says so); -ENOMEM, a counted drop, also for a
 * message whose packets need more than the whole budget.  Nothing is
 * queued unless 0 is returned.
 */
int rcf_adapter_send(struct rcf_adapter *a, u32 src, u32 dst, const void *msg,
		     u32 len, u64 cookie);
/*
 * -ENOBUFS when rcf_adapter_send(a, src, dst, len bytes) would now be
 * refused for the pool's budget, else 0 (whatever else it would say).
 * Lets a sender keep the message until there is room, without copying.
 */
int rcf_adapter_room(struct rcf_adapter *a, u32 src, u32 dst, u32 len);
/*
 * Messages waiting for a path that met the pool's budget try again
 * (rcf_adapter_kick), if any did: for whoever runs the engine, after a
 * run has let packets leave.
 */
void rcf_adapter_retry(struct rcf_adapter *a);

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

/*
 * Paths (Documentation/paths.rst, Wijnen §II A).  The adapter holds the
 * model's paths by master.  A message from a master to the destination
 * of its HELD path goes on the path, as packets whose only route byte is
 * the path's first hop (the master's port): the circuits carry it from
 * there.  While a pair has a path, its messages never take a route: in
 * any state but HELD they wait in the master's queue, so no message
 * starts on a path whose mastership is being asked back.  A path counts
 * the messages started on it until the last byte of each has arrived
 * (its packets arrive in order, whatever becomes of the reassembly); a
 * RECALL path whose count is 0 is RETURNED and ops->path_returned is
 * called, once.  A master has at most RCF_ADAPTER_PATH_WINDOW messages on
 * its path at a time; the next waits in its queue until the one before
 * has fully arrived, as a processor sends one data message at a time on
 * its data path (§II A rule 2: the mastership comes back "after the
 * completion of a data message transfer", not of all it has queued).
 * The engine then yields (rcf_engine_yield) so that whoever runs it can
 * kick the next one out at once.
 *
 * Path requests: when enabled, a message for a pair with neither a route
 * nor a path waits in its source's queue (at most RCF_ADAPTER_WAIT_MSGS
 * messages and RCF_ADAPTER_WAIT_BYTES bytes per node, one message always
 * fits an empty queue) and ops->path_request is called; rcf_adapter_send
 * returns -EAGAIN, taking nothing, when the queue is full.  Waiting
 * messages leave in order, per pair, as soon as the pair has a HELD path
 * or a route; when disabled, a pair with neither is a NO_ROUTE drop as
 * before.
 */
#define RCF_ADAPTER_WAIT_MSGS	64
#define RCF_ADAPTER_PATH_WINDOW	1
#define RCF_ADAPTER_WAIT_BYTES	(256u << 10)

struct rcf_adapter_path {
	u32 id, master, dst;
	u8 state;		/* enum rcf_path_state, RETURNED included */
	u32 inflight;		/* messages started, not fully arrived */
	u64 msgs, bytes;	/* messages sent on it, their bytes */
};

/*
 * Off, messages that already wait stay until their pair has a way; those
 * with neither path nor route are dropped (NO_ROUTE) at the next kick.
 */
void rcf_adapter_set_path_wait(struct rcf_adapter *a, bool on);
/* Path id as the adapter sees it; -ENOENT when it has none. */
int rcf_adapter_path_get(const struct rcf_adapter *a, u32 id,
			 struct rcf_adapter_path *p);
/*
 * Ends the request of (src, dst): drops the messages waiting for it
 * (RCF_ADROP_NO_PATH each) and returns how many, or -ENOENT when the
 * pair has nothing waiting and no request outstanding.
 */
int rcf_adapter_path_fail(struct rcf_adapter *a, u32 src, u32 dst);
/* Messages waiting for a path at node src, or at every node (~0u). */
u64 rcf_adapter_waiting(const struct rcf_adapter *a, u32 src);
/*
 * Sends the waiting messages whose pair now has a HELD path or a route,
 * and raises a request again for pairs left with neither.  Installs call
 * it; callers may too (after an -ENOMEM, say).  It also settles the
 * paths: on an engine that holds no packet, none of their messages is
 * under way (one whose packet the engine dropped for lack of memory
 * never arrives), so a RECALL path still counting one comes back.
 */
void rcf_adapter_kick(struct rcf_adapter *a);

/*
 * A running adapter takes the paths of f (and the circuits they own)
 * without a new engine: prepare builds the new path table and the list
 * of switch inputs whose circuit changes (NULL on ENOMEM); safe says
 * whether no packet stands at any of those inputs now, so rewiring them
 * strands nothing; install (only when safe) puts both in place, keeps
 * the counts of paths that stay, calls path_returned for RECALL paths
 * with nothing in flight, and kicks waiting messages.  install consumes
 * the update; free releases a prepared update that was not installed.
 *
 * prepare reads the adapter's engine but none of its counts, so it may
 * run without the lock that serialises the data path, as long as the
 * configuration stays put.  When f's elements are not the engine's (a
 * switch added, gone or resized, a node gone) its paths cannot be laid
 * over this engine: the update is stale, safe says false (a new engine
 * is needed), and installing it changes nothing.
 */
struct rcf_path_update;
struct rcf_path_update *rcf_path_update_prepare(struct rcf_adapter *a,
						const struct rcf_fabric *f);
bool rcf_path_update_safe(const struct rcf_adapter *a,
			  const struct rcf_path_update *u);
void rcf_path_update_install(struct rcf_adapter *a, struct rcf_path_update *u);
void rcf_path_update_free(struct rcf_path_update *u);

/*
 * A new adapter (built from the committed fabric) takes over what the old
 * one held outside its engine: waiting messages and outstanding requests
 * of nodes that still exist (those of nodes gone, or for destinations
 * gone, are dropped, counted RCF_ADROP_NO_PATH at the old adapter: read
 * its stats after this), the path-wait setting, and the message and byte
 * counts of paths that stay.  Messages still in the old engine are not
 * carried (an epoch drains it first, or it was deadlocked and they are
 * lost), so no path has messages under way on the new one.  Then
 * path_returned is called for RECALL paths not RETURNED in the old
 * adapter, and waiting messages are kicked.
 */
void rcf_adapter_carry(struct rcf_adapter *to, struct rcf_adapter *from);

#endif /* _RCF_CORE_ADAPTER_H */
