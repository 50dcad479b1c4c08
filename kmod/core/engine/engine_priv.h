/* SPDX-License-Identifier: GPL-2.0 */
/* The engine's dense state, shared by the engine_*.c files only. */
#ifndef _RCF_CORE_ENGINE_PRIV_H
#define _RCF_CORE_ENGINE_PRIV_H

#include "engine.h"

struct eng_hop;

/* A packet as sent; its bytes stay here while the worm moves. */
struct eng_pkt {
	struct eng_pkt *next;	/* node queues, free list */
	u64 cookie;
	u64 born;		/* cycle rcf_engine_send was called */
	u32 src;		/* dense node index */
	u32 refs;		/* hops alive + queue membership */
	u32 qchan;		/* first channel while in a send queue */
	u16 len0;		/* bytes as sent, length byte included */
	u8 nroute;
	u8 rb;			/* route bytes read so far (node queues) */
	u8 hops;		/* elements crossed (node queues) */
	u8 hres;		/* worm pieces it holds in the pool's budget */
	u8 dest_out;		/* destination-routed, out of its node */
	u8 data[RCF_ENGINE_MAX_PKT];	/* route bytes then payload */
};

enum eng_hstate {
	EH_NEW,		/* at a receiver, head not decoded yet */
	EH_WAIT,	/* waiting for a busy output */
	EH_ALLOC,	/* output allocated: flowing */
	EH_DROP,	/* discarded as its bytes arrive */
	EH_NODE,	/* taken in by a node */
};

/* One packet on one channel: the piece of the worm between two elements. */
struct eng_hop {
	struct eng_hop *next;	/* channel FIFO at the receiver, free list */
	struct eng_hop *wnext;	/* output wait queue */
	struct eng_pkt *pkt;
	struct eng_hop *up;	/* feeding piece at the sender; NULL: memory */
	struct eng_hop *out;	/* piece fed downstream */
	u64 wait_seq;
	u64 route_at;		/* cycle + 1 its header may request, 0: unset */
	u32 chan;
	u32 len;		/* bytes on this channel */
	u32 sent, arrived, left;
	u32 cq_in, cq_out;	/* bytes into and out of the central queue */
	u32 cq_chunks, cq_head, cq_room;
	u32 ochan;		/* requested output channel */
	u32 olen;		/* its length on that channel */
	u8 orb;			/* route bytes read after this element */
	u8 state;
	u8 rb;			/* route bytes read before this channel */
	u8 hops;
	u8 in_fifo;		/* still in the receiver's FIFO */
	u8 relay;		/* sender side is relay memory */
	u8 rx_relay;		/* receiver takes it into relay memory */
};

struct eng_chan {
	struct eng_hop *head, *tail;	/* pieces at the receiver */
	struct eng_hop *owner;		/* piece being sent */
	struct eng_hop *wq_head, *wq_tail;	/* pieces waiting for it */
	u32 dl;
	u32 rr_in;		/* RR, ISLIP: rank of the input served last */
	u32 credit;
	u32 occ;
	u64 sq_bytes;		/* send-queue bytes waiting for this channel */
	u8 vc;
	u8 blocked_on;
	/*
	 * RCF_ALLOC_ISLIP, a switch's input: the rank of the output it
	 * accepted last, and during a match 1 + the rank of the output it
	 * accepts (0: none granted it).
	 */
	u8 acc_out, im_best;
	u8 rp_exp;		/* RP_EXP_*: events a replay record expects */
	u64 blocked_since;
	u64 bytes, packets, blocked;
	/*
	 * The last event queued on it, [0] data and [1] credit: its cycle
	 * (0: none), its place in the heap or in its wheel slot, and in
	 * ff_log (ENG_NONE: not logged).  A second event of the same kind
	 * and cycle is added to it (eng_ev_push).
	 */
	u64 ev_at[2];
	u32 ev_pos[2], ev_log[2];
};

/* Events on a channel that leave a replay record be (engine_replay.c). */
#define RP_EXP_DATA 1		/* bytes into the piece its receiver moves */
#define RP_EXP_CREDIT 2		/* credits for its sender's sends */

/*
 * A move of a replayed visit: a send on chan from in (ENG_NONE: memory),
 * and the bytes a replay found it moves now.
 */
struct eng_rpa {
	u32 chan, in, n;
};

/* A FIFO of whole packets at a node. */
struct eng_pq {
	struct eng_pkt *head, *tail;
};

/* One direction of one link. */
struct eng_dlink {
	u32 link;
	u8 dir;
	u8 up;
	u8 vcs;
	u8 rr;
	u32 from, from_port, to, to_port;	/* dense element indices */
	u32 bw, lat, buf;
	u32 chan0;
};

struct eng_elem {
	u8 is_switch;
	u8 im_due;		/* RCF_ALLOC_ISLIP: a match at the cycle's end */
	u32 id;
	u32 nports;
	u32 port0;		/* first entry in port_out/port_in/circ */
	u64 mark_cur, mark_next;	/* cycle + 1 it is listed for */
	/*
	 * Fast mode: its last visit's moves, e->rpa[rp0 .. rp0 + rp_n),
	 * kept (rp_ok) if they may be replayed, unless something else
	 * happened to it since (rp_dirty).
	 */
	u32 rp0;
	u16 rp_cap, rp_n;
	u8 rp_ok, rp_dirty;
	/* switch */
	u32 cq_cap, cq_free, cq_peak;	/* chunks */
	u32 cq_built;		/* cq_cap as the fabric gave it */
	u32 in_rr;
	u64 rel_class[2];	/* heads its relation sent on, by class */
	/*
	 * node: own packets wait in e->sq[port0 .. port0 + nsq); one
	 * queue (nsq 1) for a node linked to another node, nports else
	 */
	u32 nsq;
	struct eng_pq rq;	/* packets to relay */
	u32 relay_used;
	u64 sq_len;		/* packets in all its send queues */
	u64 sq_bytes;		/* their wire bytes (len0 - 1) */
};

/*
 * An event: bytes arriving at a receiver, or credit at a sender.  Data
 * events may carry the bytes of several pieces sent on chan in one cycle:
 * hop is the first, the others follow it in the receiver's FIFO.
 */
struct eng_ev {
	u64 at;
	u64 seq;
	struct eng_hop *hop;	/* NULL: credit */
	u32 chan;
	u32 n;
};

/*
 * The fast mode's timing wheel: slot at % size holds the events due at
 * cycle at, in the order they were queued (the heap's (at, seq) order),
 * because every event is queued 1 .. size - 1 cycles ahead.
 */
struct eng_wev {
	struct eng_hop *hop;	/* NULL: credit */
	u32 chan;
	u32 n;
};

/* the model counts a link's queues at this much an entry */
_Static_assert(2 * (sizeof(struct eng_ev) + sizeof(struct eng_wev)) <=
	       RCF_LINK_EV_BYTES, "an event outgrows RCF_LINK_EV_BYTES");

struct eng_slot {
	struct eng_wev *v;
	u32 n, cap;
};

/* Per channel, what one steady cycle of the fast-forward did on it. */
struct eng_ffc {
	struct eng_hop *h;	/* the piece whose bytes were sent */
	u32 s;			/* bytes sent */
	u32 r;			/* bytes that left its receiver buffer */
	u8 cq;			/* its feeding queue brought up to date */
};

/* Longest link latency the wheel serves; beyond, the heap does. */
#define ENG_WHEEL_MAX 4096

struct eng_route {
	u32 src, dst;
	u8 index, nhops;
	u8 hops[RCF_ROUTE_MAX_HOPS];
};

/*
 * One source's routes, sorted by (dst, index), and the adapter's state
 * of each pair at the pair's first route.  A route table is an array of
 * these by source id, so a change to a few sources' routes builds only
 * their blocks and shares the rest (engine_reroute.c): installing full
 * tables batch by batch costs each batch its own routes, not the table.
 */
struct eng_rblk {
	u32 n;
	struct eng_route *r;
	struct rcf_pair_state *ps;
};

/* A route position: source id above ENG_POS_BITS, index in its block. */
#define ENG_POS_BITS 14
#if RCF_MAX_NODES * RCF_ROUTES_PER_PAIR > (1 << ENG_POS_BITS)
#error "a source's routes do not fit in a route position"
#endif

/*
 * A switch's routing relation (engine_rel.c): sel[dense destination] is
 * the destination's list, ENG_REL_NONE for none, a byte each or, past
 * RCF_REL_NARROW_LISTS lists (wide), a u16 each with ENG_REL_WNONE for
 * none; list k's candidates are cand[lstart[k] .. lstart[k + 1]), their
 * input masks in[] (NULL: none has one), as in the model.
 */
#define ENG_REL_NONE 0xff
#define ENG_REL_WNONE 0xffff

struct eng_rel {
	u16 *lstart;
	u16 *cand;
	u32 *in;
	u32 wide;	/* a u32, so sel[] starts 4-aligned for in[] after it */
	u8 sel[];
};

struct rcf_engine {
	const struct rcf_engine_ops *ops;
	void *priv;
	u64 now;
	u64 seq;		/* heap entries queued, their order in a cycle */
	u64 busy;		/* packets alive */
	u64 wait_seq;

	u32 nelem, nnodes, nport, ndl, nchan, nroutes;
	struct eng_elem *elem;	/* nodes first, then switches */
	u32 *port_out, *port_in;	/* dense dlink per element port */
	/*
	 * A send queue per node port, by port index (the nodes' ports come
	 * first): a packet waits on the port its first route byte names, so
	 * a busy port does not hold up the others.
	 */
	struct eng_pq *sq;
	u32 nsq;		/* node ports */
	u8 *circ;		/* circuit output per switch port */
	struct eng_dlink *dl;
	struct eng_chan *chan;
	struct eng_rblk **rblk;	/* by source id, NULL: no routes */
	u32 nrblk;
	u32 *node_idx, *sw_idx, *link_dl;	/* model id -> dense */
	u32 max_node, max_sw, max_link;

	struct eng_ev *heap;
	u32 nheap, heap_cap;
	struct eng_slot *wheel;	/* fast mode, NULL: the heap */
	u32 wmask;		/* slots - 1 */
	u64 nwheel;		/* events in the wheel */
	u64 wrot;		/* cycle at is in slot (at + wrot) & wmask */

	/* fast-forward of steady cycles (engine_ff.c) */
	struct eng_wev *ff_log, *ff_prev;	/* this and the last cycle's */
	u32 ff_n, ff_nprev, ff_cap;		/* events queued */
	u8 ff_over;		/* this cycle queued more than ff_cap */
	u64 ff_gen;		/* discrete state changes so far */
	u64 ff_gen0;		/* ff_gen as the cycle began */
	u64 ff_streak;		/* last cycles alike and without any */
	u64 ff_hold;		/* no try before this streak: the last failed */
	u64 ff_sumlat;		/* the streak's events pending: sum of latencies */
	u32 ff_latp;		/* the longest latency of the streak's events */
	u32 ff_applied;		/* events the last cycle applied */
	struct eng_ffc *ffc;	/* nchan, zero between uses */
	u64 ff_jumps, ff_cycles;	/* fast-forwards made, cycles skipped */

	/* replayed visits (engine_replay.c) */
	struct eng_rpa *rpa;	/* every element's record, NULL: none */
	u32 nrpa;
	u32 rp_rec;		/* element whose visit is recorded, or ENG_NONE */
	u8 rp_bad;		/* that visit did what a replay cannot */
	u64 visits, visits_changed, replays;

	u8 exact;		/* reference mode, rcf_engine_set_exact */
	u8 order;		/* enum rcf_engine_order, rcf_engine_set_order */
	struct rcf_engine_cfg cfg;	/* rcf_engine_configure */
	u8 in_cycle;
	u8 yield;		/* rcf_engine_run returns after this cycle */
	/* cycles still to run in full, 0 none set (rcf_engine_set_full) */
	u64 full_left;
	bool full_spent;	/* full_left ran out: runs return at once */
	int err;		/* sticky: an event could not be queued */
	u64 ev_peak;		/* most events queued at once */
	u64 ev_merged;		/* events added to one already queued */
	u32 *act, *act_next;	/* elements to process this/next cycle */
	u32 nact, nact_next;

	void *blocks;		/* every pool block, linked */
	struct eng_pkt *pkt_free;
	u32 pkt_nfree;
	struct eng_hop *hop_free;
	u64 hops_live;		/* worm pieces handed out */
	u64 pool_bytes;		/* every block's size */
	u64 pool_peak;
	u64 pkt_cap, hop_cap;	/* packets and pieces the blocks hold */
	u64 budget;		/* rcf_engine_set_budget, 0: none */
	u64 held_hops;		/* pieces the packets alive hold (hres) */
	u64 pool_refused, pool_over;
	u32 fail_hops;		/* rcf_engine_fail_hops: pieces to refuse */
	u32 fail_after;		/* and pieces to give before them */
	u32 ncirc;		/* switch inputs with a circuit */
	u32 circ_len;		/* longest run of circuits, eng_circ_measure */
	u8 circ_dirty;		/* circ_len is to be measured again */

	struct eng_rel **rel;	/* per switch (elem - nnodes), NULL: none */
	u32 nrel;		/* switches with one */
	u32 rel_hops;		/* switches a destination-routed packet may cross */
	u64 rng;		/* RCF_SELECT_RANDOM's state */
	u64 dest_out;		/* packets alive with dest_out set */

	struct rcf_engine_stats st;
	struct rcf_engine_pair_stats *pairs;	/* nnodes^2 or NULL */
};

#define ENG_NONE 0xffffffffu

/* engine_step.c */
int eng_ev_push(struct rcf_engine *e, u64 at, u32 chan, struct eng_hop *h,
		u32 n);
void eng_wake(struct rcf_engine *e, u32 el);
void eng_wake_next(struct rcf_engine *e, u32 el);
bool eng_outputs(struct rcf_engine *e, u32 el);
void eng_credit(struct rcf_engine *e, u32 chan, u32 n);
/* Sends n bytes of channel ci's owner, a move of element el's visit. */
void eng_send(struct rcf_engine *e, u32 el, u32 ci, u32 n);
/* Events queued (heap and wheel), and every one of them in turn. */
u64 eng_ev_pending(const struct rcf_engine *e);
void eng_ev_each(const struct rcf_engine *e,
		 void (*fn)(void *arg, const struct eng_hop *h, u32 chan,
			    u32 n),
		 void *arg);
void eng_wheel_free(struct rcf_engine *e);

/* engine_ff.c */
int eng_ff_new(struct rcf_engine *e);
void eng_ff_free(struct rcf_engine *e);
void eng_ff_cycle_end(struct rcf_engine *e, u64 gen0, u32 applied);
void eng_ff_try(struct rcf_engine *e, u64 end);

/*
 * A state change the fast-forward cannot repeat by arithmetic (a head, a
 * tail, a decode, an allocation, a queue, a stall): no jump over it.
 */
static inline void eng_ff_mark(struct rcf_engine *e)
{
	e->ff_gen++;
}

/* engine_replay.c */
int eng_rp_new(struct rcf_engine *e);
void eng_rp_free(struct rcf_engine *e);
void eng_rp_forget(struct rcf_engine *e, u32 el);
void eng_rp_keep(struct rcf_engine *e, u32 el);
void eng_rp_note_send(struct rcf_engine *e, u32 el, u32 ci,
		      const struct eng_hop *u);
void eng_rp_note_take(struct rcf_engine *e, u32 el, u32 ci);
bool eng_rp_replay(struct rcf_engine *e, u32 el, bool *moved);

/* Something a replay record does not expect happened to element el. */
static inline void eng_rp_dirty(struct rcf_engine *e, u32 el)
{
	e->elem[el].rp_dirty = 1;
}

/* engine_build.c */
int eng_rblk_build(const struct rcf_vec *t, struct eng_rblk **out);
void eng_rblk_free(struct eng_rblk *b);
u64 eng_rblk_bytes(const struct eng_rblk *b);

/* engine_rel.c */
/* Destination d's list in r, or ENG_NONE when r has none for it. */
static inline u32 eng_rel_list(const struct eng_rel *r, u32 d)
{
	u32 k = r->wide ? ((const u16 *)r->sel)[d] : r->sel[d];

	return k == (r->wide ? ENG_REL_WNONE : ENG_REL_NONE) ? ENG_NONE : k;
}

int eng_rel_build(struct rcf_engine *e, const struct rcf_fabric *f);
void eng_rel_free(struct rcf_engine *e);
u64 eng_rel_bytes(const struct rcf_engine *e);
/*
 * f's relations for e's switches, as e->rel holds them (*out NULL when
 * no switch of e has one), and their count; what the table takes and
 * its release.  A new engine and a relation swap build them alike.
 */
int eng_rel_table(const struct rcf_engine *e, const struct rcf_fabric *f,
		  struct eng_rel ***out, u32 *nrel);
u64 eng_rel_table_bytes(const struct rcf_engine *e, struct eng_rel *const *rel);
void eng_rel_table_free(struct eng_rel **rel, u32 nsw);
/*
 * The output channel a switch's relation gives head h (its destination
 * header in), or ENG_NONE and *reason.
 */
u32 eng_rel_pick(struct rcf_engine *e, u32 el, struct eng_hop *h,
		 int *reason);
/* RCF_SELECT_RANDOM's generator from seed (0: the fixed one). */
void eng_rel_seed(struct rcf_engine *e, u64 seed);
/*
 * Whether p's route goes on, after rb bytes read, with a destination
 * header: the marker as its last RCF_DEST_HDR bytes.  A marker anywhere
 * else is a bad route byte, as it always was.
 */
static inline bool eng_dest_at(const struct eng_pkt *p, u32 rb)
{
	return p->nroute - rb == RCF_DEST_HDR && p->data[rb] == RCF_DEST_MARK;
}

/* The destination id in a destination header at data. */
static inline u32 eng_dest_id(const u8 *data)
{
	return (u32)data[1] << 8 | data[2];
}

/* engine_alloc.c */
/* engine_circuit.c: e->circ_len from the circuits now. */
void eng_circ_measure(struct rcf_engine *e);

/*
 * Worm pieces a packet with nroute route bytes may ever make: one per
 * route byte read (its source's, each switch's, each relay's), and
 * after each, as many as the longest run of circuits it may enter,
 * which carry it on without reading one; never more than the hop limit.
 */
static inline u32 eng_hres(struct rcf_engine *e, u32 nroute)
{
	u32 n;

	if (!e->ncirc)
		return nroute;
	if (e->circ_dirty)
		eng_circ_measure(e);
	n = nroute * (1 + e->circ_len);
	return n < RCF_ENGINE_MAX_HOPS ? n : RCF_ENGINE_MAX_HOPS;
}

/* Admission of np packets holding nh pieces: 0, -ENOBUFS or -E2BIG. */
int eng_admit(struct rcf_engine *e, u32 np, u64 nh);
struct eng_pkt *eng_pkt_get(struct rcf_engine *e);
void eng_pkt_put(struct rcf_engine *e, struct eng_pkt *p);
struct eng_hop *eng_hop_get(struct rcf_engine *e);
void eng_hop_put(struct rcf_engine *e, struct eng_hop *h);
void eng_pool_free(struct rcf_engine *e);

/*
 * Input channel v of port p of element x, or NULL past the last (or
 * when no link feeds the port): for (v = 0; (c = eng_in_chan(...)); v++).
 */
static inline struct eng_chan *eng_in_chan(struct rcf_engine *e,
					   const struct eng_elem *x, u32 p,
					   u32 v)
{
	u32 di = e->port_in[x->port0 + p];

	if (di == ENG_NONE || v >= e->dl[di].vcs)
		return NULL;
	return &e->chan[e->dl[di].chan0 + v];
}

/* engine_switch.c */
bool eng_switch_inputs(struct rcf_engine *e, u32 el);
bool eng_switch_cq(struct rcf_engine *e, u32 el);
/* Discards what has arrived of a dropped piece; true if it did anything. */
bool eng_discard(struct rcf_engine *e, struct eng_chan *c, struct eng_hop *h);
/* Bytes of u in its switch's central queue; inline, as every send asks. */
static inline u32 eng_cq_bytes(const struct eng_hop *u)
{
	return u->cq_in - u->cq_out;
}

/* The request a freed output serves next, unlinked (rcf_engine_cfg). */
struct eng_hop *eng_wq_take(struct rcf_engine *e, struct eng_chan *c);
/* Gives a switch's output ci to w, taken from its wait queue. */
void eng_wq_serve(struct rcf_engine *e, u32 ci, struct eng_hop *w);
/* RCF_ALLOC_ISLIP: the cycle's match at switch el, if one is due. */
void eng_islip(struct rcf_engine *e, u32 el);
void eng_cq_enter(struct rcf_engine *e, struct eng_hop *u, u32 n);
void eng_cq_leave(struct rcf_engine *e, struct eng_hop *u, u32 n);

/* engine_node.c */
bool eng_node_inputs(struct rcf_engine *e, u32 el);
bool eng_node_start(struct rcf_engine *e, u32 el);

/* shared helpers */
void eng_drop(struct rcf_engine *e, struct eng_pkt *p, int reason);
/*
 * Marks piece h dropped at element el (ENG_NONE: not known) for reason,
 * its packet's drop counted and traced.
 */
void eng_hop_drop(struct rcf_engine *e, u32 el, struct eng_hop *h,
		  int reason);
/* Output channel for a route byte at element el, or ENG_NONE + reason. */
u32 eng_decode(struct rcf_engine *e, u32 el, u8 rbyte, int *reason);
/* Puts h (bytes of packet p) on channel c, fed by up; NULL on ENOMEM. */
struct eng_hop *eng_hop_start(struct rcf_engine *e, u32 c, struct eng_pkt *p,
			      struct eng_hop *up, u32 len, u8 rb, u8 hops);
void eng_fifo_pop(struct rcf_engine *e, struct eng_chan *c);
void eng_hop_release(struct rcf_engine *e, struct eng_hop *h);

static inline u32 eng_min(u32 a, u32 b)
{
	return a < b ? a : b;
}

/* The VC after v < vcs, round robin, with no division on every send. */
static inline u32 eng_vc_next(u32 v, u32 vcs)
{
	return v + 1 < vcs ? v + 1 : 0;
}

#endif /* _RCF_CORE_ENGINE_PRIV_H */
