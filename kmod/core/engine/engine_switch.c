// SPDX-License-Identifier: GPL-2.0
/*
 * A switch: input buffers per VC, route byte decoding, output allocation
 * head to tail, and the central queue that takes the bytes of packets
 * whose output is busy, in chunks of RCF_ENGINE_CHUNK bytes.
 */
#include "engine_priv.h"

static struct eng_elem *eng_hop_elem(struct rcf_engine *e,
				     const struct eng_hop *u)
{
	return &e->elem[e->dl[e->chan[u->chan].dl].to];
}

/* Bytes u could still put into its switch's central queue. */
static u32 eng_cq_room(struct rcf_engine *e, const struct eng_hop *u)
{
	return u->cq_room + eng_hop_elem(e, u)->cq_free * RCF_ENGINE_CHUNK;
}

void eng_cq_enter(struct rcf_engine *e, struct eng_hop *u, u32 n)
{
	struct eng_elem *x = eng_hop_elem(e, u);
	u32 fill = eng_min(n, u->cq_room), rest = n - fill, k;

	e->rp_bad = 1;
	/* a flowing packet's queue streams: in as much as out (engine_ff.c) */
	if (u->state != EH_ALLOC)
		eng_ff_mark(e);
	u->cq_room -= fill;
	k = (rest + RCF_ENGINE_CHUNK - 1) / RCF_ENGINE_CHUNK;
	u->cq_chunks += k;
	x->cq_free -= k;
	u->cq_room += k * RCF_ENGINE_CHUNK - rest;
	u->cq_in += n;
	if (x->cq_cap - x->cq_free > x->cq_peak) {
		eng_ff_mark(e);
		x->cq_peak = x->cq_cap - x->cq_free;
	}
	rcf_os_trace(cq_enqueue, e, u, n);
	if (k)
		rcf_os_trace(cq_fill, e, x);
}

/* Chunks are freed as they empty; an emptied queue frees its last one. */
void eng_cq_leave(struct rcf_engine *e, struct eng_hop *u, u32 n)
{
	struct eng_elem *x;
	u32 k;

	if (!n)
		return;
	e->rp_bad = 1;
	x = eng_hop_elem(e, u);
	u->cq_out += n;
	if (!eng_cq_bytes(u)) {
		eng_ff_mark(e);
		k = u->cq_chunks;
		u->cq_head = 0;
		u->cq_room = 0;
	} else {
		u->cq_head += n;
		k = u->cq_head / RCF_ENGINE_CHUNK;
		u->cq_head %= RCF_ENGINE_CHUNK;
	}
	u->cq_chunks -= k;
	x->cq_free += k;
	rcf_os_trace(cq_dequeue, e, u, n);
	if (k)
		rcf_os_trace(cq_fill, e, x);
}

/* Discards what has arrived of a dropped piece. */
bool eng_discard(struct rcf_engine *e, struct eng_chan *c, struct eng_hop *h)
{
	u32 n = h->arrived - h->left;

	eng_ff_mark(e);
	if (n) {
		h->left += n;
		e->st.dropped += n;
		eng_credit(e, h->chan, n);
	}
	if (h->left == h->len) {
		eng_fifo_pop(e, c);
		return true;
	}
	return n != 0;
}

/* An input's place in the round robin: by port, then VC. */
#define ENG_RR_INPUTS (RCF_SWITCH_MAX_PORTS * RCF_LINK_MAX_VCS)
/* iSLIP keeps output ranks, and 1 + a rank, in an input's u8 fields */
_Static_assert(ENG_RR_INPUTS <= 255, "acc_out and im_best outgrow a u8");

static u32 eng_rr_rank(const struct rcf_engine *e, const struct eng_hop *w)
{
	const struct eng_chan *in = &e->chan[w->chan];

	return e->dl[in->dl].to_port * RCF_LINK_MAX_VCS + in->vc;
}

static void eng_request(struct rcf_engine *e, struct eng_hop *h, u32 oc)
{
	struct eng_chan *o = &e->chan[oc];

	eng_ff_mark(e);
	h->ochan = oc;
	if (!o->owner && !o->wq_head && e->cfg.alloc != RCF_ALLOC_ISLIP) {
		o->rr_in = eng_rr_rank(e, h);
		h->out = eng_hop_start(e, oc, h->pkt, h, h->olen, h->orb,
				       h->hops + 1);
		if (h->out) {
			h->state = EH_ALLOC;
			rcf_os_trace(forward, e, h->out);
		} else {
			eng_hop_drop(e, ENG_NONE, h, RCF_EDROP_NO_MEM);
		}
		return;
	}
	/*
	 * Under iSLIP every head waits for the next match, a free output
	 * too; only one that found it owned or wanted is blocked.
	 */
	if (o->owner || o->wq_head)
		rcf_os_trace(block, e, h);
	h->state = EH_WAIT;
	h->wait_seq = e->wait_seq++;
	h->wnext = NULL;
	if (o->wq_tail)
		o->wq_tail->wnext = h;
	else
		o->wq_head = h;
	o->wq_tail = h;
	if (!o->owner)
		e->elem[e->dl[o->dl].from].im_due = 1;
}

/*
 * Round robin over the inputs: the first request, in the order of the
 * switch's input ports and their VCs, after the input served last; of
 * one input's requests (a central queue lets several wait), the oldest.
 */
static struct eng_hop *eng_wq_next_rr(struct rcf_engine *e,
				      struct eng_chan *c, struct eng_hop **prev)
{
	struct eng_hop *w, *best = NULL, *bprev = NULL, *pw = NULL;
	u32 d, bd = ENG_NONE;

	for (w = c->wq_head; w; pw = w, w = w->wnext) {
		d = (eng_rr_rank(e, w) + ENG_RR_INPUTS - c->rr_in - 1) %
		    ENG_RR_INPUTS;
		if (d < bd) {
			bd = d;
			best = w;
			bprev = pw;
		}
	}
	*prev = bprev;
	return best;
}

/* Takes w, which follows prev (NULL: w is first), off c's wait queue. */
static struct eng_hop *eng_wq_unlink(struct rcf_engine *e, struct eng_chan *c,
				     struct eng_hop *w, struct eng_hop *prev)
{
	if (prev)
		prev->wnext = w->wnext;
	else
		c->wq_head = w->wnext;
	if (c->wq_tail == w)
		c->wq_tail = prev;
	w->wnext = NULL;
	c->rr_in = eng_rr_rank(e, w);
	return w;
}

struct eng_hop *eng_wq_take(struct rcf_engine *e, struct eng_chan *c)
{
	struct eng_hop *w = c->wq_head, *prev = NULL;

	if (e->cfg.alloc != RCF_ALLOC_OLDEST)
		w = eng_wq_next_rr(e, c, &prev);
	return eng_wq_unlink(e, c, w, prev);
}

void eng_wq_serve(struct rcf_engine *e, u32 ci, struct eng_hop *w)
{
	w->out = eng_hop_start(e, ci, w->pkt, w, w->olen, w->orb,
			       w->hops + 1);
	if (w->out) {
		w->state = EH_ALLOC;
		rcf_os_trace(forward, e, w->out);
		rcf_os_trace(grant, e, w->out);
		return;
	}
	eng_hop_drop(e, e->dl[e->chan[ci].dl].from, w, RCF_EDROP_NO_MEM);
	e->st.dropped += eng_cq_bytes(w);
	eng_cq_leave(e, w, eng_cq_bytes(w));
	eng_hop_release(e, w);
}

/* An output's place in an input's accept round robin: by port, then VC. */
static u32 eng_out_rank(const struct rcf_engine *e, const struct eng_chan *o)
{
	return e->dl[o->dl].from_port * RCF_LINK_MAX_VCS + o->vc;
}

/* How far output rank r comes after input in's accept pointer. */
static u32 eng_acc_dist(const struct eng_chan *in, u32 r)
{
	return (r + ENG_RR_INPUTS - in->acc_out - 1) % ENG_RR_INPUTS;
}

/*
 * iSLIP's grant of output o: its round robin's pick, and in *prev the
 * request before it in o's queue; NULL: none.
 */
static struct eng_hop *eng_islip_grant(struct rcf_engine *e,
				       struct eng_chan *o,
				       struct eng_hop **prev)
{
	if (o->owner || !o->wq_head)
		return NULL;
	return eng_wq_next_rr(e, o, prev);
}

/*
 * One iteration of iSLIP over switch el's free outputs: each grants its
 * round robin's request, each input accepts the grant nearest after its
 * accept pointer, and only an accepted grant moves the two pointers.
 * The grants are made first from the pointers as they stand, then
 * accepted, so the order the outputs are visited in does not matter.
 * An output whose grant was refused asks again in the next cycle.
 */
void eng_islip(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	struct eng_chan *o, *in;
	struct eng_hop *g, *prev;
	bool left = false;
	u32 pass, p, v, di, r;

	if (!x->im_due)
		return;
	x->im_due = 0;
	eng_ff_mark(e);
	/* grants give outputs owners outside the switch's visit */
	eng_rp_dirty(e, el);
	for (pass = 0; pass < 2; pass++) {
		for (p = 0; p < x->nports; p++) {
			di = e->port_out[x->port0 + p];
			if (di == ENG_NONE)
				continue;
			for (v = 0; v < e->dl[di].vcs; v++) {
				o = &e->chan[e->dl[di].chan0 + v];
				g = eng_islip_grant(e, o, &prev);
				if (!g)
					continue;
				in = &e->chan[g->chan];
				r = eng_out_rank(e, o);
				if (!pass) {
					e->st.islip_grants++;
					if (!in->im_best ||
					    eng_acc_dist(in, r) <
						    eng_acc_dist(in,
								 in->im_best - 1))
						in->im_best = r + 1;
					continue;
				}
				if (in->im_best != r + 1) {
					left = true;
					continue;
				}
				in->im_best = 0;
				in->acc_out = r;
				e->st.islip_accepts++;
				eng_wq_serve(e, e->dl[di].chan0 + v,
					     eng_wq_unlink(e, o, g, prev));
				left |= !o->owner && o->wq_head;
			}
		}
	}
	if (left) {
		x->im_due = 1;
		eng_wake_next(e, el);
	}
}

int rcf_engine_configure(struct rcf_engine *e, const struct rcf_engine_cfg *c)
{
	u32 i;

	if (c->route_delay > RCF_ENGINE_MAX_ROUTE_DELAY ||
	    c->alloc >= RCF_ALLOC_NR || c->select >= RCF_SELECT_NR)
		return -EINVAL;
	if (!rcf_engine_quiet(e))
		return -EBUSY;
	e->cfg = *c;
	eng_rel_seed(e, c->seed);
	for (i = e->nnodes; i < e->nelem; i++) {
		struct eng_elem *x = &e->elem[i];

		x->cq_cap = c->cq_off ? 0 : x->cq_built;
		x->cq_free = x->cq_cap;
		if (x->cq_peak > x->cq_cap)
			x->cq_peak = x->cq_cap;
	}
	return 0;
}

void rcf_engine_get_cfg(const struct rcf_engine *e, struct rcf_engine_cfg *c)
{
	*c = e->cfg;
}

/*
 * The routing delay: a header read by the switch (not one a circuit
 * carries) waits route_delay cycles at the head of its input before it
 * requests its output.  True while it waits; the switch is visited
 * every cycle meanwhile, and no fast-forward jumps over the wait.
 */
static bool eng_route_wait(struct rcf_engine *e, struct eng_hop *h)
{
	if (!h->route_at)
		h->route_at = e->now + 1 + e->cfg.route_delay;
	if (e->now + 1 >= h->route_at)
		return false;
	eng_ff_mark(e);
	return true;
}

/*
 * Reads the head of a new piece; false while its header is incomplete
 * or waits out the routing delay (*wait).
 */
static bool eng_decode_head(struct rcf_engine *e, u32 el, u32 port,
			    struct eng_hop *h, bool *wait)
{
	const struct eng_elem *x = &e->elem[el];
	struct eng_pkt *p = h->pkt;
	u8 circ = e->circ[x->port0 + port];
	int reason = 0;
	u32 oc;

	if (!h->arrived)
		return false;
	if (h->hops >= RCF_ENGINE_MAX_HOPS) {
		reason = RCF_EDROP_HOP_LIMIT;
		oc = ENG_NONE;
	} else if (circ != RCF_NO_CIRCUIT) {
		/* A circuit keeps the VC the packet came in on. */
		oc = eng_decode(e, el, RCF_HOP(circ, e->chan[h->chan].vc),
				&reason);
		h->olen = h->len;
		h->orb = h->rb;
	} else if (h->rb >= p->nroute) {
		reason = RCF_EDROP_NO_ROUTE;
		oc = ENG_NONE;
	} else if (eng_dest_at(p, h->rb)) {
		/* the whole header in; it stays on the packet */
		if (h->arrived < 1 + RCF_DEST_HDR)
			return false;
		*wait = e->cfg.route_delay && eng_route_wait(e, h);
		if (*wait)
			return false;
		oc = eng_rel_pick(e, el, h, &reason);
		h->olen = h->len;
		h->orb = h->rb;
	} else {
		if (h->arrived < 2)
			return false;
		*wait = e->cfg.route_delay && eng_route_wait(e, h);
		if (*wait)
			return false;
		oc = eng_decode(e, el, p->data[h->rb], &reason);
		if (oc != ENG_NONE) {
			h->left++;
			e->st.stripped++;
			eng_credit(e, h->chan, 1);
			h->olen = h->len - 1;
			h->orb = h->rb + 1;
		}
	}
	eng_ff_mark(e);
	if (oc == ENG_NONE) {
		eng_hop_drop(e, el, h, reason);
		return true;
	}
	eng_request(e, h, oc);
	return true;
}

bool eng_switch_inputs(struct rcf_engine *e, u32 el)
{
	const struct eng_elem *x = &e->elem[el];
	struct eng_chan *c;
	bool moved = false;
	u32 p, v;

	for (p = 0; p < x->nports; p++) {
		for (v = 0; (c = eng_in_chan(e, x, p, v)); v++) {
			struct eng_hop *h;

			while ((h = c->head)) {
				if (h->state == EH_NEW) {
					bool wait = false;

					if (!eng_decode_head(e, el, p, h,
							     &wait)) {
						moved |= wait;
						break;
					}
					moved = true;
				}
				if (h->state != EH_DROP ||
				    !eng_discard(e, c, h))
					break;
				moved = true;
			}
		}
	}
	return moved;
}

/*
 * Moves bytes of packets whose output is busy (and of packets still
 * draining their part already queued, so order holds) from the input
 * buffers into the central queue, inputs served round robin.
 */
bool eng_switch_cq(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	u32 i, p, v, n, room, next_rr = x->in_rr;
	struct eng_chan *c;
	bool moved = false;

	for (i = 0; i < x->nports; i++) {
		p = (x->in_rr + i) % x->nports;
		for (v = 0; (c = eng_in_chan(e, x, p, v)); v++) {
			struct eng_hop *h = c->head;

			if (!h || !(h->state == EH_WAIT ||
				    (h->state == EH_ALLOC && eng_cq_bytes(h))))
				continue;
			/* under iSLIP, a free output is only a match away */
			if (h->state == EH_WAIT &&
			    e->cfg.alloc == RCF_ALLOC_ISLIP &&
			    !e->chan[h->ochan].owner)
				continue;
			n = eng_min(h->arrived - h->left, e->dl[c->dl].bw);
			room = eng_cq_room(e, h);
			if (room < n) {
				/* a queue short of room may stall or not */
				if (room)
					eng_ff_mark(e);
				n = room;
			}
			if (!n)
				continue;
			eng_cq_enter(e, h, n);
			h->left += n;
			eng_credit(e, h->chan, n);
			moved = true;
			next_rr = (p + 1) % x->nports;
			if (h->left == h->len)
				eng_fifo_pop(e, c);
		}
	}
	x->in_rr = next_rr;
	return moved;
}
