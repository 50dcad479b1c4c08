// SPDX-License-Identifier: GPL-2.0
/*
 * The fast mode's replayed visits: an element whose last visit only
 * moved bytes of worms streaming through it (sends of one ready VC per
 * link, bytes a node takes in) and that nothing else has touched since
 * does the same moves again, checked against the counts they depend on,
 * instead of scanning its ports.  Documentation/engine.rst, "Replayed
 * visits", says why the result is the full visit's to the byte.
 */
#include "engine_priv.h"

/* A node's input taking bytes, not a send: an action's in */
#define RP_TAKE (ENG_NONE - 1)

int eng_rp_new(struct rcf_engine *e)
{
	u32 el, p, di, n = 0;

	for (el = 0; el < e->nelem; el++) {
		struct eng_elem *x = &e->elem[el];

		x->rp0 = n;
		x->rp_cap = 0;
		for (p = 0; p < x->nports; p++) {
			di = e->port_out[x->port0 + p];
			if (di != ENG_NONE)
				x->rp_cap += e->dl[di].vcs;
			di = e->port_in[x->port0 + p];
			if (di != ENG_NONE)
				x->rp_cap += e->dl[di].vcs;
		}
		n += x->rp_cap;
	}
	e->rpa = rcf_os_zalloc(((size_t)n + 1) * sizeof(*e->rpa));
	e->nrpa = n;
	e->rp_rec = ENG_NONE;
	return e->rpa ? 0 : -ENOMEM;
}

/* With the wheel, as the engine goes: the records go unread. */
void eng_rp_free(struct rcf_engine *e)
{
	rcf_os_free(e->rpa);
	e->rpa = NULL;
	e->nrpa = 0;
}

/* Drops el's record, and what it told its channels to expect. */
void eng_rp_forget(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	const struct eng_rpa *a = &e->rpa[x->rp0];
	u32 i;

	if (x->rp_ok) {
		for (i = 0; i < x->rp_n; i++) {
			if (a[i].in == RP_TAKE) {
				e->chan[a[i].chan].rp_exp &= ~RP_EXP_DATA;
				continue;
			}
			e->chan[a[i].chan].rp_exp &= ~RP_EXP_CREDIT;
			if (a[i].in != ENG_NONE)
				e->chan[a[i].in].rp_exp &= ~RP_EXP_DATA;
		}
	}
	x->rp_ok = 0;
	x->rp_n = 0;
	x->rp_dirty = 0;
}

/* The visit of el being recorded moved bytes on ci (in: see RP_TAKE). */
static void eng_rp_note(struct rcf_engine *e, u32 el, u32 ci, u32 in)
{
	struct eng_elem *x = &e->elem[el];

	if (x->rp_n == x->rp_cap) {
		e->rp_bad = 1;
		return;
	}
	e->rpa[x->rp0 + x->rp_n++] = (struct eng_rpa){ ci, in, 0 };
}

void eng_rp_note_send(struct rcf_engine *e, u32 el, u32 ci,
		      const struct eng_hop *u)
{
	eng_rp_note(e, el, ci, u ? u->chan : ENG_NONE);
}

void eng_rp_note_take(struct rcf_engine *e, u32 el, u32 ci)
{
	eng_rp_note(e, el, ci, RP_TAKE);
}

/*
 * The visit just recorded changed no discrete state and took no path
 * the replay does not know: keep it, and have the events it expects
 * (bytes into the pieces it forwards or takes, credits for its sends)
 * leave it be; any other event at el makes it dirty.
 */
void eng_rp_keep(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	const struct eng_rpa *a = &e->rpa[x->rp0];
	u32 i;

	for (i = 0; i < x->rp_n; i++) {
		if (a[i].in == RP_TAKE) {
			e->chan[a[i].chan].rp_exp |= RP_EXP_DATA;
			continue;
		}
		e->chan[a[i].chan].rp_exp |= RP_EXP_CREDIT;
		if (a[i].in != ENG_NONE)
			e->chan[a[i].in].rp_exp |= RP_EXP_DATA;
	}
	x->rp_ok = 1;
}

/*
 * Bytes a send would move now: its port's loop finds this VC the only
 * one ready and sends min(bandwidth, credit, ready bytes).  ENG_NONE
 * where the full visit would do more: a credit stall starting, a tail
 * going, bytes leaving a central queue, a piece other than the one
 * recorded.
 */
static u32 eng_rp_send_n(struct rcf_engine *e, const struct eng_rpa *a)
{
	const struct eng_chan *c = &e->chan[a->chan];
	const struct eng_hop *h = c->owner, *u;
	u32 bw = e->dl[c->dl].bw, avail, n;

	if (!h || h->relay)
		return ENG_NONE;
	u = h->up;
	if (u ? u->chan != a->in || eng_cq_bytes(u) : a->in != ENG_NONE)
		return ENG_NONE;
	avail = u ? u->arrived - u->left : h->len - h->sent;
	if (!avail)
		return 0;
	if (!c->credit)
		return ENG_NONE;
	n = eng_min(bw, eng_min(c->credit, avail));
	if ((n < bw && n != avail) || h->sent + n >= h->len)
		return ENG_NONE;
	return n;
}

/* Bytes a node's input would take now; ENG_NONE at a delivery. */
static u32 eng_rp_take_n(struct rcf_engine *e, const struct eng_rpa *a)
{
	const struct eng_hop *h = e->chan[a->chan].head;
	u32 n;

	if (!h || h->state != EH_NODE || h->rx_relay)
		return ENG_NONE;
	n = h->arrived - h->left;
	if (n && h->left + n >= h->len)
		return ENG_NONE;
	return n;
}

static u32 eng_rp_n(struct rcf_engine *e, const struct eng_rpa *a)
{
	return a->in == RP_TAKE ? eng_rp_take_n(e, a) : eng_rp_send_n(e, a);
}

/*
 * Replays el's recorded visit if every move still decides as it did;
 * false, with nothing changed, if the full visit must run.  The moves
 * touch disjoint pieces and channels, so each is checked before any is
 * made.
 */
bool eng_rp_replay(struct rcf_engine *e, u32 el, bool *moved)
{
	struct eng_elem *x = &e->elem[el];
	struct eng_rpa *a = &e->rpa[x->rp0];
	u32 i, n;

	if (!x->rp_ok || x->rp_dirty)
		return false;
	for (i = 0; i < x->rp_n; i++) {
		a[i].n = eng_rp_n(e, &a[i]);
		if (a[i].n == ENG_NONE)
			return false;
	}
	*moved = false;
	for (i = 0; i < x->rp_n; i++) {
		struct eng_chan *c = &e->chan[a[i].chan];

		n = a[i].n;
		if (!n)
			continue;
		*moved = true;
		if (a[i].in == RP_TAKE) {
			c->head->left += n;
			eng_credit(e, a[i].chan, n);
			e->st.delivered += n;
			continue;
		}
		eng_send(e, el, a[i].chan, n);
		e->dl[c->dl].rr = eng_vc_next(c->vc, e->dl[c->dl].vcs);
	}
	return true;
}
