// SPDX-License-Identifier: GPL-2.0
/*
 * The fast mode's fast-forward: when the last cycles only repeated one
 * another (worms streaming, nothing else), the cycles ahead repeat them
 * too until some byte count reaches a threshold (a tail sent or taken, a
 * credit or a buffer running low).  They are then run as one step: every
 * count moves by the skipped cycles times its rate, and the wheel turns
 * with its events in it.  Documentation/engine.rst, "Fast-forward", says
 * why the result is the per-cycle loop's to the byte.
 */
#include "engine_priv.h"

#define FF_NEVER ((u64)-1)

int eng_ff_new(struct rcf_engine *e)
{
	e->ff_cap = 4 * e->nchan + 64;
	e->ff_log = rcf_os_zalloc(e->ff_cap * sizeof(*e->ff_log));
	e->ff_prev = rcf_os_zalloc(e->ff_cap * sizeof(*e->ff_prev));
	e->ffc = rcf_os_zalloc((e->nchan + 1) * sizeof(*e->ffc));
	e->ff_n = 0;
	e->ff_nprev = 0;
	e->ff_streak = 0;
	if (e->ff_log && e->ff_prev && e->ffc)
		return 0;
	eng_ff_free(e);
	return -ENOMEM;
}

void eng_ff_free(struct rcf_engine *e)
{
	rcf_os_free(e->ff_log);
	rcf_os_free(e->ff_prev);
	rcf_os_free(e->ffc);
	e->ff_log = NULL;
	e->ff_prev = NULL;
	e->ffc = NULL;
	e->ff_cap = 0;
	e->ff_n = 0;
	e->ff_nprev = 0;
	e->ff_streak = 0;
}

/* Counts the cycles in a row that queued the same events, in order. */
void eng_ff_cycle_end(struct rcf_engine *e, u64 gen0, u32 applied)
{
	struct eng_wev *t;
	u32 i, lat;

	e->ff_applied = applied;
	if (e->ff_gen != gen0 || e->ff_over || !e->ff_n) {
		e->ff_streak = 0;
	} else if (e->ff_streak && e->ff_n == e->ff_nprev &&
		   !memcmp(e->ff_log, e->ff_prev,
			   e->ff_n * sizeof(*e->ff_log))) {
		e->ff_streak++;
	} else {
		e->ff_streak = 1;
		e->ff_hold = 0;
		e->ff_latp = 0;
		e->ff_sumlat = 0;
		for (i = 0; i < e->ff_n; i++) {
			lat = e->dl[e->chan[e->ff_log[i].chan].dl].lat;
			e->ff_sumlat += lat;
			if (lat > e->ff_latp)
				e->ff_latp = lat;
		}
	}
	t = e->ff_prev;
	e->ff_prev = e->ff_log;
	e->ff_log = t;
	e->ff_nprev = e->ff_n;
	e->ff_n = 0;
}

/*
 * Cycles a decision reading v stays as it was: v is v0 before this
 * cycle's events, each cycle adds a and takes s, and a value of cap or
 * more is as good as any larger one (no transfer takes more than the
 * link's bandwidth).  v moves, so it must be and stay at cap or over
 * from the last cycle run to the last one skipped.
 */
static u64 ff_lim(u32 v0, u32 a, u32 s, u32 cap)
{
	if (a == s)
		return FF_NEVER;
	if (a > s)
		return (u64)v0 + s >= cap ? FF_NEVER : 0;
	/* 32-bit division: a kernel on a 32-bit machine has no 64-bit one */
	if ((u64)v0 + a < cap || v0 > (u32)-1 - a)
		return 0;
	return 1 + (v0 + a - cap) / (s - a);
}

static u64 ff_min(u64 a, u64 b)
{
	return a < b ? a : b;
}

/* The cycles the owner h of channel ci may go on as it did; 0: none. */
static u64 ff_sender(struct rcf_engine *e, u32 ci, struct eng_hop *h)
{
	const struct eng_chan *c = &e->chan[ci];
	const struct eng_ffc *f = &e->ffc[ci];
	u32 bw = e->dl[c->dl].bw, a = 0;
	const struct eng_hop *u = h->up;
	u64 k;

	if (h->relay || (f->s && f->h != h))
		return 0;
	/* the tail's send releases the channel */
	k = f->s ? (h->len - h->sent - 1) / f->s : FF_NEVER;
	k = ff_min(k, ff_lim(c->credit, f->r, f->s, bw));
	if (!u)
		return ff_min(k, ff_lim(h->len - h->sent, 0, f->s, bw));
	if (e->ffc[u->chan].h == u)
		a = e->ffc[u->chan].s;
	if (eng_cq_bytes(u)) {
		/*
		 * Through the central queue: as many bytes in as out, so
		 * it never empties, and a whole period of its chunks (at
		 * most 8 cycles) seen without a new peak or a shortage.
		 */
		if (u->state != EH_ALLOC || e->ffc[u->chan].r != f->s ||
		    eng_cq_bytes(u) <= f->s ||
		    e->ff_streak <= (u64)e->ff_latp + RCF_ENGINE_CHUNK)
			return 0;
		k = ff_min(k, ff_lim(u->arrived - u->left, a, f->s, bw));
	}
	return ff_min(k, ff_lim(eng_cq_bytes(u) + u->arrived - u->left, a,
				f->s, bw));
}

/* The same for the receiver of channel ci; 0: none. */
static u64 ff_receiver(struct rcf_engine *e, u32 ci)
{
	const struct eng_chan *c = &e->chan[ci];
	const struct eng_ffc *f = &e->ffc[ci];
	const struct eng_hop *h = f->h, *head = c->head;
	bool node = !e->elem[e->dl[c->dl].to].is_switch;
	u64 k = FF_NEVER;

	/* bytes arriving at a piece behind the head only wait */
	if (h && h == head) {
		if (h->state == EH_ALLOC && h->out)
			k = ff_sender(e, h->out->chan, h->out);
		else if (h->state == EH_NEW || h->state == EH_DROP)
			return 0;
	}
	if (!f->r)
		return k;
	if (!head || head->state != (node ? EH_NODE : EH_ALLOC) ||
	    head->rx_relay)
		return 0;
	/* bytes into a queue must leave it as fast */
	if (eng_cq_bytes(head)) {
		if (!head->out)
			return 0;
		k = ff_min(k, ff_sender(e, head->out->chan, head->out));
	}
	/* its last byte leaving pops it from the FIFO */
	return ff_min(k, (head->len - head->left - 1) / f->r);
}

/* Cycles from now that repeat the last one, at most max. */
static u64 ff_span(struct rcf_engine *e, u64 max)
{
	u64 k = max;
	u32 i;

	for (i = 0; i < e->ff_nprev && k > 1; i++) {
		const struct eng_wev *v = &e->ff_prev[i];
		struct eng_hop *o = e->chan[v->chan].owner;

		k = ff_min(k, ff_receiver(e, v->chan));
		if (o)
			k = ff_min(k, ff_sender(e, v->chan, o));
	}
	return k;
}

/*
 * A queue streaming n bytes in and out per cycle: its chunks repeat
 * every 8 cycles, so whole periods only count bytes and the rest are
 * played.
 */
static void ff_jump_cq(struct rcf_engine *e, struct eng_hop *u, u32 n, u64 k)
{
	u32 r = k % RCF_ENGINE_CHUNK;

	u->cq_in += (k - r) * n;
	u->cq_out += (k - r) * n;
	while (r--) {
		eng_cq_leave(e, u, n);
		eng_cq_enter(e, u, n);
	}
}

/* Runs k cycles like the last one by arithmetic. */
static void ff_jump(struct rcf_engine *e, u64 k)
{
	u32 i;

	for (i = 0; i < e->ff_nprev; i++) {
		const struct eng_wev *v = &e->ff_prev[i];
		struct eng_chan *c = &e->chan[v->chan];
		u64 n = k * v->n;

		if (v->hop) {
			struct eng_ffc *f = &e->ffc[v->chan];
			struct eng_hop *u = v->hop->up;

			if (u && eng_cq_bytes(u) && !f->cq) {
				f->cq = 1;
				ff_jump_cq(e, u, f->s, k);
			}
			v->hop->sent += n;
			v->hop->arrived += n;
			c->credit -= n;
			c->occ += n;
			c->bytes += n;
			e->st.byte_hops += n;
			if (!v->hop->up)
				e->st.injected += n;
		} else {
			c->head->left += n;
			c->occ -= n;
			c->credit += n;
			if (!e->elem[e->dl[c->dl].to].is_switch)
				e->st.delivered += n;
		}
	}
	e->now += k;
	e->wrot -= k;
	e->ff_streak += k;
	e->ff_jumps++;
	e->ff_cycles += k;
	for (i = 0; i < e->nact_next; i++)
		e->elem[e->act_next[i]].mark_next = e->now + 1;
}

void rcf_engine_ff_counts(const struct rcf_engine *e, u64 *jumps,
			  u64 *cycles)
{
	*jumps = e->ff_jumps;
	*cycles = e->ff_cycles;
}

void eng_ff_try(struct rcf_engine *e, u64 end)
{
	u64 k;
	u32 i;

	for (i = 0; i < e->ff_nprev; i++) {
		const struct eng_wev *v = &e->ff_prev[i];
		struct eng_ffc *f = &e->ffc[v->chan];

		if (v->hop) {
			f->h = v->hop;
			f->s += v->n;
		} else {
			f->r += v->n;
		}
	}
	k = ff_span(e, end - e->now);
	if (k > 1)
		ff_jump(e, k);
	else
		e->ff_hold = 2 * e->ff_streak;
	for (i = 0; i < e->ff_nprev; i++)
		e->ffc[e->ff_prev[i].chan] = (struct eng_ffc){ 0 };
}
