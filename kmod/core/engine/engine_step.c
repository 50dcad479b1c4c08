// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle loop.  All interaction between elements is delayed by a link
 * latency of at least one cycle (bytes forward, credits back), so within a
 * cycle the elements are independent and only those woken by an event or
 * by their own progress in the previous cycle are visited.  With nothing
 * to visit, time jumps to the next event.
 */
#include "engine_priv.h"
#include "model/route_step.h"

static bool eng_ev_before(const struct eng_ev *a, const struct eng_ev *b)
{
	return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

static int eng_heap_grow(struct rcf_engine *e)
{
	struct eng_ev *n;

	if (e->heap_cap > (u32)-1 / 2 / sizeof(*n))
		return -ENOMEM;
	n = rcf_os_zalloc(2 * (size_t)e->heap_cap * sizeof(*n));
	if (!n)
		return -ENOMEM;
	memcpy(n, e->heap, e->nheap * sizeof(*n));
	rcf_os_free(e->heap);
	e->heap = n;
	e->heap_cap *= 2;
	return 0;
}

/* Out of line: a slot seldom grows, and nearly every event is queued here. */
static noinline int eng_slot_grow(struct eng_slot *s)
{
	u32 cap = s->cap ? 2 * s->cap : 16;
	struct eng_wev *v;

	if (s->cap > (u32)-1 / 2 / sizeof(*v))
		return -ENOMEM;
	v = rcf_os_zalloc((size_t)cap * sizeof(*v));
	if (!v)
		return -ENOMEM;
	if (s->n)
		memcpy(v, s->v, s->n * sizeof(*v));
	rcf_os_free(s->v);
	s->v = v;
	s->cap = cap;
	return 0;
}

/* Heap entry i now holds ev; its channel's record follows it there. */
static void eng_heap_set(struct rcf_engine *e, u32 i, const struct eng_ev *ev)
{
	struct eng_chan *c = &e->chan[ev->chan];
	u32 k = !ev->hop;

	e->heap[i] = *ev;
	if (c->ev_at[k] == ev->at)
		c->ev_pos[k] = i;
}

/* Same order as the heap: by cycle, then in the order queued. */
static int eng_wheel_push(struct rcf_engine *e, u64 at, u32 chan,
			  struct eng_hop *h, u32 n)
{
	struct eng_slot *s = &e->wheel[(at + e->wrot) & e->wmask];
	struct eng_chan *c = &e->chan[chan];
	u32 k = !h;

	if (s->n == s->cap && eng_slot_grow(s)) {
		e->err = -ENOMEM;
		return -ENOMEM;
	}
	c->ev_at[k] = at;
	c->ev_pos[k] = s->n;
	c->ev_log[k] = ENG_NONE;
	s->v[s->n++] = (struct eng_wev){ h, chan, n };
	e->nwheel++;
	/*
	 * A cycle that changed discrete state ends any streak, so its log
	 * is never read (eng_ff_cycle_end): log nothing more of it.
	 */
	if (e->ff_gen != e->ff_gen0)
		return 0;
	if (e->ff_n < e->ff_cap) {
		c->ev_log[k] = e->ff_n;
		e->ff_log[e->ff_n++] = s->v[s->n - 1];
	} else {
		e->ff_over = 1;
	}
	return 0;
}

/*
 * The event queued last of c's kind k is due at the same cycle: it was
 * queued in this one, and takes n more.  Applying it wakes the element
 * the new one would, at the same place in the order or earlier, where
 * it is already woken; and every event of a cycle is applied before any
 * element runs, so nothing can tell the two apart.
 */
static void eng_ev_merge(struct rcf_engine *e, struct eng_chan *c, u32 k,
			 u32 n)
{
	if (e->wheel && !e->exact)
		e->wheel[(c->ev_at[k] + e->wrot) & e->wmask].v[c->ev_pos[k]].n +=
			n;
	else
		e->heap[c->ev_pos[k]].n += n;
	if (c->ev_log[k] != ENG_NONE)
		e->ff_log[c->ev_log[k]].n += n;
	e->ev_merged++;
}

/*
 * The heap's part of eng_ev_push (the reference, and a fast mode whose
 * latencies outgrow the wheel), out of line to keep the wheel's short.
 */
static noinline int eng_heap_push(struct rcf_engine *e, u64 at, u32 chan,
				  struct eng_hop *h, u32 n)
{
	struct eng_ev ev = { at, e->seq++, h, chan, n };
	struct eng_chan *c = &e->chan[chan];
	u32 i, k = !h;

	if (e->nheap == e->heap_cap && eng_heap_grow(e)) {
		e->err = -ENOMEM;
		return -ENOMEM;
	}
	c->ev_at[k] = at;
	c->ev_log[k] = ENG_NONE;
	i = e->nheap++;
	while (i) {
		u32 p = (i - 1) / 2;

		if (!eng_ev_before(&ev, &e->heap[p]))
			break;
		eng_heap_set(e, i, &e->heap[p]);
		i = p;
	}
	eng_heap_set(e, i, &ev);
	return 0;
}

/*
 * Queues n bytes of h (NULL: n credits) on chan for cycle at.  A link's
 * latency never changes, so one cycle queues all of a channel's events
 * due at one cycle: at most one entry per channel, kind and cycle, each
 * for at least one byte, bounds the queues by 2 * vcs * min(latency,
 * buf) per link direction.
 */
int eng_ev_push(struct rcf_engine *e, u64 at, u32 chan, struct eng_hop *h,
		u32 n)
{
	struct eng_chan *c = &e->chan[chan];
	u32 k = !h;

	if (c->ev_at[k] == at) {
		eng_ev_merge(e, c, k, n);
		return 0;
	}
	if (e->wheel && !e->exact)
		return eng_wheel_push(e, at, chan, h, n);
	return eng_heap_push(e, at, chan, h, n);
}

static void eng_ev_pop(struct rcf_engine *e, struct eng_ev *out)
{
	struct eng_ev last;
	u32 i = 0;

	*out = e->heap[0];
	last = e->heap[--e->nheap];
	for (;;) {
		u32 c = 2 * i + 1;

		if (c >= e->nheap)
			break;
		if (c + 1 < e->nheap && eng_ev_before(&e->heap[c + 1],
						      &e->heap[c]))
			c++;
		if (!eng_ev_before(&e->heap[c], &last))
			break;
		eng_heap_set(e, i, &e->heap[c]);
		i = c;
	}
	if (e->nheap)
		eng_heap_set(e, i, &last);
}

/* Visit el in the cycle being run. */
void eng_wake(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];

	if (x->mark_cur == e->now + 1)
		return;
	x->mark_cur = e->now + 1;
	e->act[e->nact++] = el;
}

/* Visit el in the next cycle run. */
void eng_wake_next(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	u64 mark = e->now + 1 + e->in_cycle;

	if (x->mark_next == mark)
		return;
	x->mark_next = mark;
	e->act_next[e->nact_next++] = el;
}

/* A byte left a receiver buffer of chan: its credit travels back. */
void eng_credit(struct rcf_engine *e, u32 chan, u32 n)
{
	struct eng_chan *c = &e->chan[chan];

	c->occ -= n;
	eng_ev_push(e, e->now + e->dl[c->dl].lat, chan, NULL, n);
}

static void eng_apply(struct rcf_engine *e, const struct eng_ev *ev)
{
	struct eng_chan *c = &e->chan[ev->chan];
	const struct eng_dlink *d = &e->dl[c->dl];

	if (ev->hop) {
		struct eng_hop *h = ev->hop;
		u32 n = ev->n, k;

		/* a replay expects bytes for the head it moves, only */
		if (!(c->rp_exp & RP_EXP_DATA) || h != c->head ||
		    n > h->len - h->arrived)
			eng_rp_dirty(e, d->to);
		/* bytes sent after h's tail are its FIFO successors' */
		c->occ += n;
		for (;;) {
			k = eng_min(n, h->len - h->arrived);
			h->arrived += k;
			n -= k;
			if (!n)
				break;
			h = h->next;
		}
		eng_wake(e, d->to);
	} else {
		if (!(c->rp_exp & RP_EXP_CREDIT))
			eng_rp_dirty(e, d->from);
		c->credit += ev->n;
		eng_wake(e, d->from);
	}
}

static bool eng_visit(struct rcf_engine *e, u32 el)
{
	u64 gen0 = e->ff_gen;
	bool moved, rec = e->rpa && !e->exact;

	e->visits++;
	if (rec) {
		if (eng_rp_replay(e, el, &moved)) {
			e->replays++;
			return moved;
		}
		eng_rp_forget(e, el);
		e->rp_rec = el;
		e->rp_bad = 0;
	}
	if (e->elem[el].is_switch) {
		moved = eng_switch_inputs(e, el);
		moved |= eng_outputs(e, el);
		moved |= eng_switch_cq(e, el);
	} else {
		moved = eng_node_inputs(e, el);
		moved |= eng_node_start(e, el);
		moved |= eng_outputs(e, el);
	}
	if (e->ff_gen != gen0)
		e->visits_changed++;
	if (rec) {
		e->rp_rec = ENG_NONE;
		if (e->ff_gen == gen0 && !e->rp_bad && !e->elem[el].rp_dirty &&
		    e->elem[el].rp_n)
			eng_rp_keep(e, el);
	}
	return moved;
}

/* Element indices up or down, for rcf_engine_set_order. */
static int eng_idx_up(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

static int eng_idx_down(const void *a, const void *b)
{
	return eng_idx_up(b, a);
}

static void eng_cycle(struct rcf_engine *e)
{
	u64 gen0 = e->ff_gen;
	struct eng_ev ev;
	u32 *t, i, applied = 0;

	t = e->act;
	e->act = e->act_next;
	e->act_next = t;
	e->nact = e->nact_next;
	e->nact_next = 0;
	e->in_cycle = 1;
	e->ff_n = 0;
	e->ff_over = 0;
	e->ff_gen0 = gen0;
	for (i = 0; i < e->nact; i++)
		e->elem[e->act[i]].mark_cur = e->now + 1;
	while (e->nheap && e->heap[0].at == e->now) {
		eng_ev_pop(e, &ev);
		eng_apply(e, &ev);
	}
	if (e->nwheel) {
		struct eng_slot *s = &e->wheel[(e->now + e->wrot) & e->wmask];

		/* applying queues nothing, so the slot holds still */
		for (i = 0; i < s->n; i++) {
			ev.hop = s->v[i].hop;
			ev.chan = s->v[i].chan;
			ev.n = s->v[i].n;
			eng_apply(e, &ev);
		}
		e->nwheel -= s->n;
		applied = s->n;
		s->n = 0;
	}
	if (e->order)
		rcf_os_sort(e->act, e->nact, sizeof(*e->act),
			    e->order == RCF_ENGINE_ORDER_UP ? eng_idx_up :
			    eng_idx_down);
	for (i = 0; i < e->nact; i++)
		if (eng_visit(e, e->act[i]))
			eng_wake_next(e, e->act[i]);
	/* requests and releases happen in their switch's visit */
	if (e->cfg.alloc == RCF_ALLOC_ISLIP)
		for (i = 0; i < e->nact; i++)
			eng_islip(e, e->act[i]);
	/*
	 * Only visits queue events and only a cycle's start applies them,
	 * so the queues peak as the visits end.
	 */
	if (e->nheap + e->nwheel > e->ev_peak)
		e->ev_peak = e->nheap + e->nwheel;
	e->in_cycle = 0;
	e->now++;
	if (e->wheel && !e->exact)
		eng_ff_cycle_end(e, gen0, applied);
}

void rcf_engine_visit_counts(const struct rcf_engine *e, u64 *visits,
			     u64 *changed, u64 *replayed)
{
	*visits = e->visits;
	*changed = e->visits_changed;
	*replayed = e->replays;
}

u64 eng_ev_pending(const struct rcf_engine *e)
{
	return e->nheap + e->nwheel;
}

void rcf_engine_ev_counts(const struct rcf_engine *e, u64 *queued, u64 *peak,
			  u64 *merged)
{
	*queued = eng_ev_pending(e);
	/* a reader in a cycle, from a callback, sees the visits so far */
	*peak = e->ev_peak > *queued ? e->ev_peak : *queued;
	*merged = e->ev_merged;
}

/* Cycle of the next event; there is one, due now or later. */
static u64 eng_ev_next(const struct rcf_engine *e)
{
	u64 at = e->now;

	if (e->nheap)
		return e->heap[0].at;
	while (!e->wheel[(at + e->wrot) & e->wmask].n)
		at++;
	return at;
}

void eng_ev_each(const struct rcf_engine *e,
		 void (*fn)(void *arg, const struct eng_hop *h, u32 chan,
			    u32 n),
		 void *arg)
{
	u32 i, k;

	for (i = 0; i < e->nheap; i++)
		fn(arg, e->heap[i].hop, e->heap[i].chan, e->heap[i].n);
	for (k = 0; e->nwheel && k <= e->wmask; k++)
		for (i = 0; i < e->wheel[k].n; i++)
			fn(arg, e->wheel[k].v[i].hop, e->wheel[k].v[i].chan,
			   e->wheel[k].v[i].n);
}

void eng_wheel_free(struct rcf_engine *e)
{
	u32 k;

	eng_rp_free(e);
	for (k = 0; e->wheel && k <= e->wmask; k++)
		rcf_os_free(e->wheel[k].v);
	rcf_os_free(e->wheel);
	e->wheel = NULL;
	e->nwheel = 0;
	eng_ff_free(e);
}

/* The fast mode's wheel, when every latency fits one; -ENOMEM or 0. */
static int eng_wheel_new(struct rcf_engine *e)
{
	u32 lat = 1, size = 2, d;

	for (d = 0; d < e->ndl; d++)
		if (e->dl[d].lat > lat)
			lat = e->dl[d].lat;
	if (e->wheel || lat > ENG_WHEEL_MAX)
		return 0;
	while (size <= lat)
		size *= 2;
	e->wheel = rcf_os_zalloc(size * sizeof(*e->wheel));
	if (!e->wheel)
		return -ENOMEM;
	e->wmask = size - 1;
	e->wrot = 0;
	if (eng_ff_new(e) || eng_rp_new(e)) {
		eng_wheel_free(e);
		return -ENOMEM;
	}
	return 0;
}

long long rcf_engine_run(struct rcf_engine *e, u64 max_cycles)
{
	u64 start = e->now, end = e->now + max_cycles, next;

	while (e->now < end && !e->err && !e->full_spent) {
		if (!e->nact_next) {
			if (!eng_ev_pending(e)) {
				if (e->busy)
					return -EDEADLK;
				break;
			}
			next = eng_ev_next(e);
			if (next > e->now) {
				e->now = next < end ? next : end;
				continue;
			}
		}
		eng_cycle(e);
		if (e->full_left && !--e->full_left)
			e->full_spent = true;
		if (e->yield || e->full_spent) {
			e->yield = 0;
			break;
		}
		/*
		 * Every pending event and the last cycle's were queued by
		 * cycles of the streak: the wheel holds its pattern only.
		 */
		if (e->ff_streak > e->ff_latp && e->ff_streak >= e->ff_hold &&
		    e->nwheel == e->ff_sumlat &&
		    e->ff_applied == e->ff_nprev && e->now < end)
			eng_ff_try(e, end);
	}
	if (e->err)
		return e->err;
	return e->now - start;
}

void rcf_engine_yield(struct rcf_engine *e)
{
	e->yield = 1;
}

void rcf_engine_set_full(struct rcf_engine *e, u64 n)
{
	e->full_left = n;
	e->full_spent = false;
}

bool rcf_engine_full_spent(const struct rcf_engine *e)
{
	return e->full_spent;
}

u64 rcf_engine_busy(const struct rcf_engine *e)
{
	return e->busy;
}

bool rcf_engine_quiet(const struct rcf_engine *e)
{
	return !e->busy && !eng_ev_pending(e) && !e->nact_next;
}

int rcf_engine_set_exact(struct rcf_engine *e, bool exact)
{
	u32 el;

	if (!rcf_engine_quiet(e))
		return -EBUSY;
	if (!exact && eng_wheel_new(e))
		return -ENOMEM;
	e->exact = exact;
	e->ff_streak = 0;
	/* the reference mode keeps no record up to date */
	for (el = 0; e->rpa && el < e->nelem; el++)
		eng_rp_forget(e, el);
	return 0;
}

int rcf_engine_set_order(struct rcf_engine *e, u8 order)
{
	if (order > RCF_ENGINE_ORDER_DOWN)
		return -EINVAL;
	e->order = order;
	return 0;
}

bool rcf_engine_exact(const struct rcf_engine *e)
{
	return e->exact;
}

u64 rcf_engine_now(const struct rcf_engine *e)
{
	return e->now;
}

/* Bytes the owner h of a channel could send now, credit aside. */
static u32 eng_avail(const struct eng_hop *h)
{
	const struct eng_hop *u = h->up;

	if (!u)
		return h->len - h->sent;
	return eng_cq_bytes(u) + u->arrived - u->left;
}

static void eng_release_out(struct rcf_engine *e, u32 el, u32 ci)
{
	struct eng_chan *c = &e->chan[ci];
	struct eng_hop *h = c->owner, *u = h->up;

	eng_ff_mark(e);
	c->owner = NULL;
	if (u) {
		u->out = NULL;
		eng_hop_release(e, u);
	}
	eng_hop_release(e, h);
	if (!e->elem[el].is_switch || !c->wq_head)
		return;
	/* iSLIP grants at the cycle's end, all outputs at once */
	if (e->cfg.alloc == RCF_ALLOC_ISLIP) {
		e->elem[el].im_due = 1;
		return;
	}
	/*
	 * A waiter the pool cannot give a hop is dropped and leaves the
	 * output free: the next one is served, or none would ever be.
	 */
	while (!c->owner && c->wq_head)
		eng_wq_serve(e, ci, eng_wq_take(e, c));
}

void eng_send(struct rcf_engine *e, u32 el, u32 ci, u32 n)
{
	struct eng_chan *c = &e->chan[ci];
	struct eng_hop *h = c->owner, *u = h->up;
	u32 k;

	if (e->rp_rec == el)
		eng_rp_note_send(e, el, ci, u);
	if (c->blocked_on) {
		eng_ff_mark(e);
		c->blocked += e->now - c->blocked_since;
		c->blocked_on = 0;
	}
	h->sent += n;
	c->credit -= n;
	c->bytes += n;
	e->st.byte_hops += n;
	if (u) {
		k = eng_min(n, eng_cq_bytes(u));
		eng_cq_leave(e, u, k);
		if (n > k) {
			u->left += n - k;
			eng_credit(e, u->chan, n - k);
			if (u->left == u->len && u->in_fifo)
				eng_fifo_pop(e, &e->chan[u->chan]);
		}
	} else if (h->relay) {
		eng_ff_mark(e);
		e->elem[el].relay_used -= n;
	} else {
		e->st.injected += n;
		if (h->sent == n)
			rcf_os_trace(inject, e, h);
	}
	eng_ev_push(e, e->now + e->dl[c->dl].lat, ci, h, n);
	if (h->sent == h->len)
		eng_release_out(e, el, ci);
}

/* A byte is ready on c and it has no credit: its blocked time starts. */
static void eng_stall(struct rcf_engine *e, struct eng_chan *c)
{
	if (c->blocked_on)
		return;
	eng_ff_mark(e);
	c->blocked_on = 1;
	c->blocked_since = e->now;
}

/*
 * The fast mode's share of a link among several ready VCs: the byte by
 * byte round robin below, played on counts, then one transfer per VC.
 * Credits only arrive between cycles, so what each VC may send only
 * shrinks as it sends; unless a tail goes (a release could hand a VC to
 * a waiting packet mid-cycle) the counts, the stalls found, the round
 * robin pointer and the order in which the VCs are first served (all
 * that the events' order depends on) are the byte loop's.  False, with
 * nothing changed, when a tail would go.
 */
static bool eng_port_batch(struct rcf_engine *e, u32 el, u32 di, u32 budget)
{
	struct eng_dlink *d = &e->dl[di];
	u32 cred[RCF_LINK_MAX_VCS], avail[RCF_LINK_MAX_VCS];
	u32 got[RCF_LINK_MAX_VCS] = { 0 }, stall = 0;
	u32 rr = d->rr, v, i, ready, last = 0, n, first = d->rr;

	if (d->vcs > RCF_LINK_MAX_VCS)
		return false;
	for (v = 0; v < d->vcs; v++) {
		const struct eng_chan *c = &e->chan[d->chan0 + v];

		cred[v] = c->credit;
		avail[v] = c->owner ? eng_avail(c->owner) : 0;
	}
	while (budget) {
		ready = 0;
		for (v = 0; v < d->vcs; v++) {
			if (avail[v] == got[v])
				continue;
			if (cred[v] == got[v]) {
				stall |= 1u << v;
				continue;
			}
			ready++;
			last = v;
		}
		if (!ready)
			break;
		if (ready == 1) {
			n = eng_min(budget, eng_min(cred[last], avail[last]) -
					    got[last]);
			got[last] += n;
			budget -= n;
			rr = (last + 1) % d->vcs;
			continue;
		}
		for (i = 0; i < d->vcs && budget; i++) {
			v = (rr + i) % d->vcs;
			if (avail[v] == got[v] || cred[v] == got[v])
				continue;
			got[v]++;
			budget--;
			last = v;
		}
		rr = (last + 1) % d->vcs;
	}
	for (v = 0; v < d->vcs; v++) {
		const struct eng_hop *h = e->chan[d->chan0 + v].owner;

		if (got[v] && h->sent + got[v] >= h->len)
			return false;
	}
	for (i = 0; i < d->vcs; i++) {
		v = (first + i) % d->vcs;
		if (got[v])
			eng_send(e, el, d->chan0 + v, got[v]);
	}
	for (v = 0; v < d->vcs; v++) {
		struct eng_chan *c = &e->chan[d->chan0 + v];

		if (stall >> v & 1)
			eng_stall(e, c);
	}
	d->rr = rr;
	return true;
}

/* Shares each output link's bandwidth round robin among its VCs. */
static bool eng_port_out(struct rcf_engine *e, u32 el, u32 di)
{
	struct eng_dlink *d = &e->dl[di];
	u32 budget = d->bw, i, v, last = 0, ready, n;
	bool moved = false;

	while (budget) {
		ready = 0;
		for (v = 0; v < d->vcs; v++) {
			struct eng_chan *c = &e->chan[d->chan0 + v];

			if (!c->owner || !eng_avail(c->owner))
				continue;
			if (!c->credit) {
				eng_stall(e, c);
				continue;
			}
			ready++;
			last = v;
		}
		if (!ready)
			break;
		if (ready == 1) {
			struct eng_chan *c = &e->chan[d->chan0 + last];

			n = eng_min(eng_min(budget, c->credit),
				    eng_avail(c->owner));
			eng_send(e, el, d->chan0 + last, n);
			budget -= n;
			d->rr = eng_vc_next(last, d->vcs);
			moved = true;
			if (!e->elem[el].is_switch)
				eng_node_start(e, el);
			continue;
		}
		/* several VCs ready: no replay knows their round robin */
		e->rp_bad = 1;
		if (!e->exact && budget > 1 &&
		    eng_port_batch(e, el, di, budget)) {
			if (!e->elem[el].is_switch)
				eng_node_start(e, el);
			return true;
		}
		for (i = 0; i < d->vcs && budget; i++) {
			struct eng_chan *c;

			v = (d->rr + i) % d->vcs;
			c = &e->chan[d->chan0 + v];
			if (!c->owner || !c->credit || !eng_avail(c->owner))
				continue;
			eng_send(e, el, d->chan0 + v, 1);
			budget--;
			last = v;
			moved = true;
		}
		d->rr = (last + 1) % d->vcs;
		if (!e->elem[el].is_switch)
			eng_node_start(e, el);
	}
	return moved;
}

bool eng_outputs(struct rcf_engine *e, u32 el)
{
	const struct eng_elem *x = &e->elem[el];
	bool moved = false;
	u32 p, di;

	for (p = 0; p < x->nports; p++) {
		di = e->port_out[x->port0 + p];
		if (di != ENG_NONE && e->dl[di].up)
			moved |= eng_port_out(e, el, di);
	}
	return moved;
}

/* the drop each of the route step's refusals of a byte is counted as */
static const u8 eng_rstep_drop[RCF_RSTEP_NR] = {
	[RCF_RSTEP_RESERVED] = RCF_EDROP_BAD_BYTE,
	[RCF_RSTEP_NO_PORT] = RCF_EDROP_NO_PORT,
	[RCF_RSTEP_NO_LINK] = RCF_EDROP_NO_LINK,
	[RCF_RSTEP_LINK_DOWN] = RCF_EDROP_LINK_DOWN,
	[RCF_RSTEP_NO_VC] = RCF_EDROP_BAD_VC,
};

/* A byte read at element el by the rules the model validates routes by. */
u32 eng_decode(struct rcf_engine *e, u32 el, u8 rbyte, int *reason)
{
	const struct eng_elem *x = &e->elem[el];
	struct rcf_rstep_link l = { .present = false };
	const struct eng_dlink *d = NULL;
	enum rcf_rstep v;
	u32 port, vc, di;

	v = rcf_rstep_byte(rbyte, x->nports, &port, &vc);
	if (v == RCF_RSTEP_CROSS) {
		di = e->port_out[x->port0 + port];
		if (di != ENG_NONE) {
			d = &e->dl[di];
			l = (struct rcf_rstep_link){ .present = true,
						     .up = d->up,
						     .vcs = d->vcs };
		}
		v = rcf_rstep_cross(&l, vc);
	}
	if (v != RCF_RSTEP_CROSS) {
		*reason = eng_rstep_drop[v];
		return ENG_NONE;
	}
	return d->chan0 + vc;
}

void eng_drop(struct rcf_engine *e, struct eng_pkt *p, int reason)
{
	(void)p;
	e->st.drops[reason]++;
	e->st.dropped_pkts++;
}

void eng_hop_drop(struct rcf_engine *e, u32 el, struct eng_hop *h, int reason)
{
	struct eng_pkt *p = h->pkt;

	(void)el;	/* read by the tracepoint alone */
	h->state = EH_DROP;
	eng_drop(e, p, reason);
	rcf_os_trace(drop, e, el, h->chan, h->len, p->nroute - h->rb,
		     p->cookie, reason);
}

struct eng_hop *eng_hop_start(struct rcf_engine *e, u32 ci, struct eng_pkt *p,
			      struct eng_hop *up, u32 len, u8 rb, u8 hops)
{
	struct eng_chan *c = &e->chan[ci];
	struct eng_hop *h = eng_hop_get(e);

	if (!h)
		return NULL;
	eng_ff_mark(e);
	/*
	 * More pieces than it was admitted with: a circuit laid after it
	 * was.  The piece is made all the same (refusing it could stop the
	 * fabric); the packet holds it from now on, so admission sees it.
	 */
	if (hops > p->hres) {
		e->held_hops += hops - p->hres;
		e->pool_over += hops - p->hres;
		p->hres = hops;
	}
	/* a new owner at the sender, a new piece in the receiver's FIFO */
	eng_rp_dirty(e, e->dl[c->dl].from);
	eng_rp_dirty(e, e->dl[c->dl].to);
	h->pkt = p;
	p->refs++;
	h->up = up;
	h->chan = ci;
	h->len = len;
	h->rb = rb;
	h->hops = hops;
	h->state = EH_NEW;
	h->in_fifo = 1;
	if (c->tail)
		c->tail->next = h;
	else
		c->head = h;
	c->tail = h;
	c->owner = h;
	c->packets++;
	return h;
}

void eng_fifo_pop(struct rcf_engine *e, struct eng_chan *c)
{
	struct eng_hop *h = c->head;

	eng_ff_mark(e);
	c->head = h->next;
	if (!c->head)
		c->tail = NULL;
	h->next = NULL;
	h->in_fifo = 0;
	eng_hop_release(e, h);
}

void eng_hop_release(struct rcf_engine *e, struct eng_hop *h)
{
	if (h->in_fifo || h->sent != h->len || h->out ||
	    h->state == EH_WAIT || e->chan[h->chan].owner == h ||
	    eng_cq_bytes(h))
		return;
	eng_ff_mark(e);
	rcf_os_trace(hop, e, h);
	eng_hop_put(e, h);
}
