/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The byte-level wormhole engine: a dense snapshot of one fabric through
 * which packets move byte by byte, cycle by cycle (Documentation/engine.rst
 * has the model and every decision).  The caller serialises all calls on
 * one engine.
 */
#ifndef _RCF_CORE_ENGINE_H
#define _RCF_CORE_ENGINE_H

#include "model/model.h"

#define RCF_ENGINE_MAX_PKT	255	/* bytes, length byte included */
#define RCF_ENGINE_CHUNK	8	/* central queue chunk, bytes */
#define RCF_ENGINE_MAX_HOPS	128	/* elements a packet may cross */
#define RCF_ENGINE_RELAY_BUF	1024	/* relay memory of a node, bytes */
#define RCF_ENGINE_LAT_BUCKETS	64	/* bucket k: latency in [2^k, 2^(k+1)) */
#define RCF_ENGINE_MATRIX_MAX	1024	/* nodes for which C_ij is kept */

/*
 * A destination header (Documentation/adaptive.rst): where route bytes
 * would come, the marker (a route byte with only its reserved bit set,
 * which no source route may hold) and the destination node id, big
 * endian.  Switches read it and keep it; their routing relation picks
 * the output.  It ends the route: route bytes before it are read as
 * usual, so a packet may be source-routed part of the way.  A packet
 * sent with it carries the source's own route byte first, as any other.
 */
#define RCF_DEST_MARK		0x80
#define RCF_DEST_HDR		3	/* marker and two id bytes */
#define RCF_DEST_ROUTE_LEN	(1 + RCF_DEST_HDR)	/* with the source's */

/* Why a packet was dropped; every drop is counted under one reason. */
enum rcf_engine_drop {
	RCF_EDROP_BAD_BYTE,	/* reserved bit of a route byte set */
	RCF_EDROP_NO_PORT,	/* output port beyond the element's ports */
	RCF_EDROP_NO_LINK,	/* output port without a link */
	RCF_EDROP_LINK_DOWN,	/* output link administratively down */
	RCF_EDROP_BAD_VC,	/* VC beyond the output link's VCs */
	RCF_EDROP_HOP_LIMIT,	/* route too long or circuits loop */
	RCF_EDROP_NO_ROUTE,	/* route bytes ran out at a switch */
	RCF_EDROP_TOO_BIG,	/* packet over RCF_ENGINE_MAX_PKT bytes */
	RCF_EDROP_NO_MEM,	/* no memory for the packet's next hop */
	RCF_EDROP_NO_REL,	/* destination header: no relation entry at a
				 * switch, or a node that is not the
				 * destination
				 */
	RCF_EDROP_NR,
};

/* Called for every packet delivered; payload is valid during the call. */
struct rcf_engine_ops {
	void (*deliver)(void *priv, u32 dst, u32 src, const u8 *payload,
			u32 len, u64 cookie, u64 latency);
};

/* A channel: one direction of one link, one VC. */
struct rcf_engine_chan_id {
	u32 link;
	u8 dir;		/* 0: end a to end b, 1: end b to end a */
	u8 vc;
};

struct rcf_engine_chan_stats {
	u64 bytes;	/* bytes sent on the channel */
	u64 packets;	/* packets whose head was sent on it */
	u64 blocked;	/* cycles with a byte ready and no credit */
	u32 credit;	/* sender's credit now, bytes */
	u32 occ;	/* receiver buffer occupancy now, bytes */
};

struct rcf_engine_pair_stats {
	u64 sent_pkts, sent_bytes;	/* payload bytes sent from i to j */
	u64 recv_pkts, recv_bytes;	/* payload bytes i received from j */
};

struct rcf_engine_stats {
	u64 now;		/* current cycle */
	u64 sent_pkts;		/* accepted by rcf_engine_send */
	u64 delivered_pkts;
	u64 dropped_pkts;
	u64 injected;		/* bytes put on a first link by a source */
	u64 delivered;		/* bytes taken in by their destination */
	u64 stripped;		/* route bytes removed after injection */
	u64 dropped;		/* injected bytes discarded by a drop */
	u64 inflight;		/* bytes on wires, in buffers, CQs, relays */
	u64 byte_hops;		/* bytes sent on any channel */
	u64 drops[RCF_EDROP_NR];
	u64 lat_hist[RCF_ENGINE_LAT_BUCKETS];
	u64 lat_sum, lat_min, lat_max;
	/* destination-routed heads a relation sent on, by class taken */
	u64 rel_class[2];
	/* RCF_ALLOC_ISLIP: grants the outputs made, and those accepted */
	u64 islip_grants, islip_accepts;
};

struct rcf_engine;

/* A private copy of f; no pointer into f survives.  NULL on ENOMEM. */
struct rcf_engine *rcf_engine_build(const struct rcf_fabric *f,
				    const struct rcf_engine_ops *ops,
				    void *priv);
void rcf_engine_free(struct rcf_engine *e);

/*
 * Queues a packet [length][route][payload] at node src.  Returns 0 when
 * queued, -EINVAL for an unknown node or an empty route, -ENOMEM; a route
 * over RCF_ROUTE_MAX_HOPS bytes or a packet over RCF_ENGINE_MAX_PKT bytes
 * is a counted drop and returns -EMSGSIZE.  Under a pool budget
 * (rcf_engine_set_budget) -ENOBUFS while the packets in flight hold it
 * and -E2BIG when the packet needs more than all of it: refusals, not
 * drops, counted in the pool's stats.
 */
int rcf_engine_send(struct rcf_engine *e, u32 src, const u8 *route,
		    u32 nroute, const u8 *payload, u32 plen, u64 cookie);

/*
 * Runs until nothing is left in flight or max_cycles have passed; returns
 * the cycles executed, or -EDEADLK when packets are in flight and nothing
 * can ever move again (rcf_engine_blocked lists the channels involved).
 */
long long rcf_engine_run(struct rcf_engine *e, u64 max_cycles);
/* Packets queued or moving. */
u64 rcf_engine_busy(const struct rcf_engine *e);
/*
 * Nothing in flight and nothing left to happen: no packet, and no credit
 * or other event on its way.  rcf_engine_run() stops at this point, so
 * whoever checks it between runs of any length sees the same cycle.
 */
bool rcf_engine_quiet(const struct rcf_engine *e);
u64 rcf_engine_now(const struct rcf_engine *e);

void rcf_engine_stats(const struct rcf_engine *e, struct rcf_engine_stats *s);
/* -ENOENT when the link does not exist or has no such VC. */
int rcf_engine_chan_stats(const struct rcf_engine *e,
			  const struct rcf_engine_chan_id *id,
			  struct rcf_engine_chan_stats *s);
/* Central queue bytes (whole chunks) held now and at peak. */
int rcf_engine_cq_stats(const struct rcf_engine *e, u32 sw, u32 *cur,
			u32 *peak);
/* -EOPNOTSUPP above RCF_ENGINE_MATRIX_MAX nodes. */
int rcf_engine_pair_stats(const struct rcf_engine *e, u32 i, u32 j,
			  struct rcf_engine_pair_stats *s);
void rcf_engine_stats_reset(struct rcf_engine *e);
/* enum rcf_drop_reason (uapi) for an enum rcf_engine_drop. */
int rcf_engine_drop_reason(int engine_drop);
/* Channels holding bytes that cannot move now; returns how many. */
u32 rcf_engine_blocked(const struct rcf_engine *e,
		       struct rcf_engine_chan_id *ids, u32 max);
/*
 * Checks every invariant (credits, buffers, central queues, byte
 * conservation) against the engine's state; NULL when all hold.
 */
const char *rcf_engine_check(const struct rcf_engine *e);

/* Route copied from the model: up to RCF_ROUTES_PER_PAIR per pair. */
int rcf_engine_route(const struct rcf_engine *e, u32 src, u32 dst, u32 index,
		     const u8 **hops, u32 *nhops);

/* Dense index (0 .. nnodes - 1) of node id, or -ENOENT. */
int rcf_engine_node_index(const struct rcf_engine *e, u32 node);
u32 rcf_engine_nnodes(const struct rcf_engine *e);
/*
 * The pair's routes sit at positions *first .. *first + count - 1 of the
 * engine's route table (0 .. rcf_engine_nroutes - 1), in index order;
 * returns count, 0 when the pair has none.
 */
u32 rcf_engine_pair_routes(const struct rcf_engine *e, u32 src, u32 dst,
			   u32 *first);
u32 rcf_engine_nroutes(const struct rcf_engine *e);
int rcf_engine_route_at(const struct rcf_engine *e, u32 pos, const u8 **hops,
			u32 *nhops);
/*
 * The adapter's state of a pair, kept with the pair's routes so that it
 * moves with them when they change: at the position *first that
 * rcf_engine_pair_routes gave (a pair with routes), never elsewhere.
 */
struct rcf_pair_state {
	u64 sent, received;	/* messages */
	u8 rr;			/* route the next packet takes */
};

struct rcf_pair_state *rcf_engine_pair_state(struct rcf_engine *e, u32 pos);
/* Every pair's message counts back to 0. */
void rcf_engine_pair_state_reset(struct rcf_engine *e);
/*
 * Bytes held by the channel that route byte rbyte names at node src:
 * send-queue bytes waiting for it, the unsent rest of the packet it
 * carries, and bytes sent but not yet credited back (on the wire or in the
 * receiver's buffer).  ~0ULL when the byte names no usable channel.
 */
u64 rcf_engine_first_hop_load(const struct rcf_engine *e, u32 src, u8 rbyte);
/* Bytes of node src's own packets not yet on its first link. */
u64 rcf_engine_backlog(const struct rcf_engine *e, u32 src);
/*
 * Makes sure the next npkts rcf_engine_send calls, with at most nroute
 * route bytes each, cannot fail for lack of memory or of budget: 0,
 * -ENOMEM, or the refusals of rcf_engine_send (-ENOBUFS, -E2BIG).
 */
int rcf_engine_reserve(struct rcf_engine *e, u32 npkts, u32 nroute);
/*
 * Whether rcf_engine_reserve(e, npkts, nroute) would pass the budget now:
 * 0, -ENOBUFS or -E2BIG; nothing is counted or changed.
 */
int rcf_engine_room(struct rcf_engine *e, u32 npkts, u32 nroute);
/* Counts a refusal of a sender that rcf_engine_room turned back. */
void rcf_engine_refused(struct rcf_engine *e);
/*
 * Bytes of the packet and worm-piece pool: it grows with what the nodes
 * queue and, reused rather than returned, keeps its high-water mark.
 */
u64 rcf_engine_pool_bytes(const struct rcf_engine *e);
/*
 * The pool's budget, bytes (0: none, the default).  A packet is admitted
 * where it is made (rcf_engine_send, rcf_engine_reserve), never inside
 * the network: it holds its packet and as many worm pieces as it can
 * ever make, until it is freed, so a piece is never refused on its way
 * and the budget cannot stop the fabric.  Admission counts the pool's
 * blocks as they stand, so the pool never grows past the budget
 * (Documentation/datapath.rst, "The pool's budget", has the bound and
 * its one exception).
 */
void rcf_engine_set_budget(struct rcf_engine *e, u64 bytes);
/*
 * Fault injection: after the next @after requests for a worm piece, n
 * fail as if the pool were empty and its allocation had failed, which
 * the kernel's can under memory pressure; the paths that handle it are
 * tested this way.  @after lets a test fail a request in the middle of a
 * busy run, where an output is being handed over, not only at its start.
 */
void rcf_engine_fail_hops(struct rcf_engine *e, u32 after, u32 n);

struct rcf_engine_pool {
	u64 bytes;	/* the pool's blocks now */
	u64 peak;	/* and at most, since the engine was built */
	u64 held;	/* what the admitted packets hold, bytes */
	u64 budget;	/* 0: none */
	u64 refused;	/* sends and reservations the budget refused */
	u64 over;	/* pieces made past their packet's share */
	u64 tables;	/* not filled: rcf_engine_table_bytes */
};

void rcf_engine_pool_stats(const struct rcf_engine *e,
			   struct rcf_engine_pool *s);
/* Bytes of the engine's tables (all but the pool), counted now. */
u64 rcf_engine_table_bytes(const struct rcf_engine *e);
/* The part of them the switches' routing relations take. */
u64 rcf_engine_rel_bytes(const struct rcf_engine *e);
/*
 * Gives the whole pool back when no packet and no worm piece is alive,
 * so a burst's memory does not outlive it; true when it did.
 */
bool rcf_engine_trim(struct rcf_engine *e);

/*
 * Reference (exact, the default) or fast mode.  The reference mode is the
 * per-cycle loop as Documentation/engine.rst describes it, every pending
 * event in one heap; the fast mode must give the same results to the
 * byte and the cycle (every counter, delivery and deadlock report), and
 * kmod/core/test/test_engine_diff checks that it does.  Only on a quiet
 * engine (rcf_engine_quiet): -EBUSY otherwise, nothing changed.
 */
int rcf_engine_set_exact(struct rcf_engine *e, bool exact);
bool rcf_engine_exact(const struct rcf_engine *e);

/*
 * The order in which a cycle visits its listed elements: the order they
 * were woken in (the default, what every figure and test digest is
 * measured with), or by element index, up or down.  A test's lever, not
 * a mode: test_engine_diff's visit_order case runs the same traffic in
 * all three and requires the same counters and the same deliveries at
 * the same cycles, only their order within a cycle free
 * (Documentation/engine.rst, "Per-worm jumps").  Sorting costs a sort of
 * every cycle's list.  -EINVAL for an order there is not.
 */
enum rcf_engine_order {
	RCF_ENGINE_ORDER_WAKE,
	RCF_ENGINE_ORDER_UP,
	RCF_ENGINE_ORDER_DOWN,
};

int rcf_engine_set_order(struct rcf_engine *e, u8 order);
/*
 * The fast mode's fast-forwards over steady streaming so far: how many,
 * and the cycles they ran by arithmetic (for tests and benchmarks).
 */
void rcf_engine_ff_counts(const struct rcf_engine *e, u64 *jumps,
			  u64 *cycles);
/*
 * Elements visited so far, those visits that changed discrete state (a
 * head, a tail, a queue, a stall...), and those the fast mode replayed
 * from the element's last visit (for tests and benchmarks).
 */
void rcf_engine_visit_counts(const struct rcf_engine *e, u64 *visits,
			     u64 *changed, u64 *replayed);
/*
 * Events queued now (bytes on a wire, credits on their way back), the
 * most queued at once so far, and those added to an entry already queued
 * (one entry per channel, kind and cycle): for tests and benchmarks.
 */
void rcf_engine_ev_counts(const struct rcf_engine *e, u64 *queued, u64 *peak,
			  u64 *merged);

/*
 * Model settings a fabric does not carry (Documentation/engine.rst,
 * "Model settings"), for calibrating against other simulators.  Zero is
 * the engine as described there: central queues as the switches have
 * them, no routing delay, oldest request first.
 */
/*
 * The allocations and the delay's bound are the ABI's (enum rcf_alloc_kind
 * in uapi/linux/rcf.h): rcf.ko passes RCF_A_FABRIC_* values through.
 */
#define RCF_ALLOC_NR (RCF_ALLOC_ISLIP + 1)
#define RCF_ENGINE_MAX_ROUTE_DELAY RCF_MAX_ROUTE_DELAY	/* cycles */

/*
 * How a switch picks among a destination's free adaptive candidates
 * (an output nobody holds or waits for, with credit).
 */
enum rcf_engine_select {
	RCF_SELECT_FIRST,	/* the first in the relation's order */
	RCF_SELECT_LEAST,	/* the most credit (least occupied downstream) */
	RCF_SELECT_RANDOM,	/* uniform, from the engine's seeded generator */
	RCF_SELECT_NR,
};

struct rcf_engine_cfg {
	u32 route_delay;	/* cycles a read header waits to request */
	u8 alloc;		/* enum rcf_alloc_kind */
	u8 cq_off;		/* no central queue: blocked bytes hold inputs */
	u8 select;		/* enum rcf_engine_select */
	u64 seed;		/* RCF_SELECT_RANDOM's generator, 0: a fixed one */
};

/*
 * Only on a quiet engine: -EBUSY otherwise, -EINVAL for a value out of
 * range; nothing changed in either case.  rcf.ko sets it from the
 * fabric's RCF_A_FABRIC_CQ_OFF, ROUTE_DELAY and ALLOC on every engine it
 * builds.
 */
int rcf_engine_configure(struct rcf_engine *e, const struct rcf_engine_cfg *c);
void rcf_engine_get_cfg(const struct rcf_engine *e, struct rcf_engine_cfg *c);

/*
 * Makes rcf_engine_run() return at the end of the current cycle, for a
 * caller with something to send before the engine goes on (a delivery
 * callback that released a message, say).
 */
void rcf_engine_yield(struct rcf_engine *e);

/*
 * A bound on the work of the runs to come: once n cycles have been run
 * in full (0: no bound), rcf_engine_run() returns at the end of that
 * cycle and at once from then on, until this is called again.  A caller
 * that must let go of the engine in bounded time (rcf.ko's kthread)
 * cannot bound it by cycles alone: a cycle skipped by a fast-forward or
 * an idle jump costs next to nothing, one run in full up to a visit of
 * every element, so a cycle count grown while cycles were cheap can take
 * minutes once they are not.  Stopping here is stopping at a cycle's
 * end, as a smaller max_cycles would: the run's results do not change.
 */
void rcf_engine_set_full(struct rcf_engine *e, u64 n);
/* The bound rcf_engine_set_full() set has run out. */
bool rcf_engine_full_spent(const struct rcf_engine *e);

/*
 * Circuits of a running engine (paths, engine_circuit.c): whether no
 * packet stands at switch sw's input in (nothing in its channels' FIFOs
 * and no worm being fed in), and setting the input's circuit output
 * (RCF_NO_CIRCUIT: none).  Only set an input that is clear.
 */
bool rcf_engine_input_clear(const struct rcf_engine *e, u32 sw, u32 in);
void rcf_engine_set_circuit(struct rcf_engine *e, u32 sw, u32 in, u8 out);
/*
 * The switch inputs whose circuit in f differs from the engine's: fills
 * out (up to max entries) and returns how many there are, or -ESTALE
 * when f's switches are not the engine's (one added, gone, or with other
 * ports), so f's circuits cannot be laid over this engine.
 */
struct rcf_engine_rewire {
	u32 sw;
	u8 in, out;	/* out: RCF_NO_CIRCUIT to remove the circuit */
};

int rcf_engine_circuit_diff(const struct rcf_engine *e,
			    const struct rcf_fabric *f,
			    struct rcf_engine_rewire *out, u32 max);

/*
 * A fresh engine's clock starts at now instead of 0, so that cycles and
 * latencies run on across the engines of successive epochs.  No effect
 * once the engine holds anything.
 */
void rcf_engine_set_now(struct rcf_engine *e, u64 now);

/*
 * engine_reroute.c: a new route table for a running engine and its
 * adapter (packets in flight keep their own route bytes).  prepare
 * builds it from f (srcs, if given, marks the sources whose routes
 * changed: the others are copied from the live table); NULL on ENOMEM.
 * install swaps it in and cannot fail; gone is told the message counts
 * of pairs left without a route.
 */
struct rcf_adapter;
struct rcf_reroute;
struct rcf_reroute *rcf_reroute_prepare(struct rcf_adapter *a,
					const struct rcf_fabric *f,
					const u8 *srcs);
void rcf_reroute_install(struct rcf_adapter *a, struct rcf_reroute *rt,
			 void (*gone)(void *priv, u32 src, u32 dst, u64 sent,
				      u64 received),
			 void *priv);
void rcf_reroute_free(struct rcf_reroute *rt);
/* rcf_engine_table_bytes() of the engine once rt is installed. */
u64 rcf_reroute_table_bytes(const struct rcf_engine *e,
			    const struct rcf_reroute *rt);

/*
 * engine_relswap.c: new routing relations for a running engine, made
 * from f's (NULL on ENOMEM) before anything stops; install swaps them in
 * and cannot fail, leaving every counter, the clock and the selection's
 * state as they were.  table_bytes: tables (rcf_engine_table_bytes(), or
 * rcf_reroute_table_bytes() when routes change too) once rs is in.
 */
struct rcf_relswap;
struct rcf_relswap *rcf_relswap_prepare(const struct rcf_engine *e,
					const struct rcf_fabric *f);
u64 rcf_relswap_table_bytes(const struct rcf_engine *e,
			    const struct rcf_relswap *rs, u64 tables);
void rcf_relswap_install(struct rcf_engine *e, struct rcf_relswap *rs);
void rcf_relswap_free(struct rcf_relswap *rs);
/*
 * Destination-routed packets out of their node and not yet freed: while
 * there are any, a swap of relations could strand or deadlock them.
 */
u64 rcf_engine_dest_out(const struct rcf_engine *e);

/*
 * Destination routing (engine_rel.c).  The route bytes of a packet to
 * dst from src: src's first output port with a link, VC 0, then the
 * destination header; RCF_DEST_ROUTE_LEN bytes into buf.  -EINVAL for an
 * unknown node, -ENOENT when src has no link.
 */
int rcf_engine_dest_route(const struct rcf_engine *e, u32 src, u32 dst,
			  u8 *buf);
/*
 * The route length to give rcf_engine_reserve and rcf_engine_room for a
 * destination-routed packet: it may cross every switch once.
 */
u32 rcf_engine_dest_reserve_len(const struct rcf_engine *e);
/* Whether any switch of the engine has a relation. */
bool rcf_engine_has_rel(const struct rcf_engine *e);
/* Heads switch sw's relation sent on, by class: -ENOENT for no switch. */
int rcf_engine_rel_stats(const struct rcf_engine *e, u32 sw, u64 *cls0,
			 u64 *cls1);

#endif /* _RCF_CORE_ENGINE_H */
