// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoints' kernel side: the hooks the engine and the adapter call
 * through rcf_os_trace() once a tracepoint's key is on, turning dense
 * engine state into model ids (Documentation/datapath.rst, "Tracing").
 */
#include "core/engine/engine_priv.h"
#include "core/adapter/adapter_priv.h"

#define CREATE_TRACE_POINTS
#include "rcf_trace.h"

struct rcf_trace_chan {
	u32 link;
	u8 dir, vc;
	u32 from, to;		/* dense elements at its ends */
};

static void rcf_trace_chan(const struct rcf_engine *e, u32 ci,
			   struct rcf_trace_chan *c)
{
	const struct eng_dlink *d;

	if (ci == ENG_NONE) {
		*c = (struct rcf_trace_chan){ U32_MAX, 0, 0, ENG_NONE,
					      ENG_NONE };
		return;
	}
	d = &e->dl[e->chan[ci].dl];
	c->link = d->link;
	c->dir = d->dir;
	c->vc = e->chan[ci].vc;
	c->from = d->from;
	c->to = d->to;
}

void rcf_trace_inject(const struct rcf_engine *e, const struct eng_hop *h)
{
	const struct eng_elem *x;
	struct rcf_trace_chan c;

	rcf_trace_chan(e, h->chan, &c);
	x = &e->elem[c.from];
	trace_rcf_inject(e->now, x->id, x->is_switch, c.link, c.dir, c.vc,
			 h->len, h->pkt->nroute - h->rb, h->pkt->cookie);
}

/* out's allocation: every one a forward, one that ended a wait a grant */
static void rcf_trace_out(const struct rcf_engine *e,
			  const struct eng_hop *out, bool grant)
{
	const struct eng_elem *x;
	struct rcf_trace_chan c;
	u32 rleft = out->pkt->nroute - out->rb;

	rcf_trace_chan(e, out->chan, &c);
	x = &e->elem[c.from];
	if (grant)
		trace_rcf_grant(e->now, x->id, x->is_switch, c.link, c.dir,
				c.vc, out->len, rleft, out->pkt->cookie);
	else
		trace_rcf_forward(e->now, x->id, x->is_switch, c.link, c.dir,
				  c.vc, out->len, rleft, out->pkt->cookie);
}

void rcf_trace_forward(const struct rcf_engine *e, const struct eng_hop *out)
{
	rcf_trace_out(e, out, false);
}

void rcf_trace_grant(const struct rcf_engine *e, const struct eng_hop *out)
{
	rcf_trace_out(e, out, true);
}

void rcf_trace_block(const struct rcf_engine *e, const struct eng_hop *h)
{
	struct rcf_trace_chan in, out;
	const struct eng_elem *x;

	rcf_trace_chan(e, h->chan, &in);
	rcf_trace_chan(e, h->ochan, &out);
	x = &e->elem[in.to];
	trace_rcf_block(e->now, x->id, x->is_switch, out.link, out.dir,
			out.vc, h->olen, h->pkt->nroute - h->orb,
			h->pkt->cookie);
}

/* A switch's central queue in bytes: those held, and its size. */
static void rcf_trace_cq_bytes(const struct eng_elem *x, u32 *used, u32 *cap)
{
	*used = (x->cq_cap - x->cq_free) * RCF_ENGINE_CHUNK;
	*cap = x->cq_cap * RCF_ENGINE_CHUNK;
}

/* What a central queue event says beyond the bytes moved. */
struct rcf_trace_cq {
	struct rcf_trace_chan c;
	u32 sw, used, cap;
	u64 cookie;
};

static void rcf_trace_cq(const struct rcf_engine *e, const struct eng_hop *h,
			 struct rcf_trace_cq *q)
{
	const struct eng_elem *x;

	rcf_trace_chan(e, h->chan, &q->c);
	x = &e->elem[q->c.to];
	q->sw = x->id;
	rcf_trace_cq_bytes(x, &q->used, &q->cap);
	q->cookie = h->pkt ? h->pkt->cookie : 0;
}

void rcf_trace_cq_enqueue(const struct rcf_engine *e, const struct eng_hop *h,
			  u32 n)
{
	struct rcf_trace_cq q;

	rcf_trace_cq(e, h, &q);
	trace_rcf_cq_enqueue(e->now, q.sw, q.c.link, q.c.dir, q.c.vc, n,
			     eng_cq_bytes(h), q.used, q.cap, q.cookie);
}

void rcf_trace_cq_dequeue(const struct rcf_engine *e, const struct eng_hop *h,
			  u32 n)
{
	struct rcf_trace_cq q;

	rcf_trace_cq(e, h, &q);
	trace_rcf_cq_dequeue(e->now, q.sw, q.c.link, q.c.dir, q.c.vc, n,
			     eng_cq_bytes(h), q.used, q.cap, q.cookie);
}

void rcf_trace_cq_fill(const struct rcf_engine *e, const struct eng_elem *x)
{
	u32 used, cap;

	rcf_trace_cq_bytes(x, &used, &cap);
	trace_rcf_cq_fill(e->now, x->id, used, cap);
}

void rcf_trace_deliver(const struct rcf_engine *e, const struct eng_hop *h)
{
	const struct eng_pkt *p = h->pkt;
	struct rcf_trace_chan c;

	rcf_trace_chan(e, h->chan, &c);
	trace_rcf_deliver(e->now, e->elem[c.to].id, e->elem[p->src].id,
			  c.link, c.dir, c.vc, p->len0 - 1 - p->nroute,
			  e->now - p->born, p->cookie);
}

void rcf_trace_hop(const struct rcf_engine *e, const struct eng_hop *h)
{
	const struct eng_pkt *p = h->pkt;
	struct rcf_trace_chan c;

	rcf_trace_chan(e, h->chan, &c);
	trace_rcf_hop(e->now, c.link, c.dir, c.vc, h->sent,
		      p ? e->elem[p->src].id : U32_MAX, p ? p->cookie : 0);
}

void rcf_trace_msg_send(const struct rcf_adapter *a, u32 src, u32 dst,
			u32 len, u64 cookie)
{
	trace_rcf_msg_send(a->e->now, src, dst, len, 0, cookie);
}

void rcf_trace_msg_recv(const struct rcf_adapter *a, u32 src, u32 dst,
			u32 len, u64 cookie, u64 latency)
{
	trace_rcf_msg_recv(a->e->now, src, dst, len, latency, cookie);
}

void rcf_trace_drop(const struct rcf_engine *e, u32 el, u32 ci, u32 len,
		    u32 rleft, u64 cookie, int edrop)
{
	struct rcf_trace_chan c;
	u32 id = U32_MAX;
	bool sw = false;

	rcf_trace_chan(e, ci, &c);
	if (el == ENG_NONE)
		el = c.to;
	if (el != ENG_NONE) {
		id = e->elem[el].id;
		sw = e->elem[el].is_switch;
	}
	trace_rcf_drop(e->now, id, sw, c.link, c.dir, c.vc, len, rleft, cookie,
		       rcf_engine_drop_reason(edrop));
}

void rcf_trace_adrop(const struct rcf_adapter *a, u32 node, int adrop)
{
	const struct rcf_engine *e = a->e;

	trace_rcf_drop(e->now, e->elem[node].id, false, U32_MAX, 0, 0, 0, 0,
		       0, rcf_adapter_drop_reason(adrop));
}

void rcf_trace_kdrop(int reason)
{
	trace_rcf_drop(0, U32_MAX, false, U32_MAX, 0, 0, 0, 0, 0, reason);
}
