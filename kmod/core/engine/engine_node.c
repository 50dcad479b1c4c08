// SPDX-License-Identifier: GPL-2.0
/*
 * A node: its send queues, injection at link rate, reception, delivery,
 * and store-and-forward relaying of packets that still carry route bytes.
 */
#include "engine_priv.h"

static void eng_q_push(struct eng_pq *q, struct eng_pkt *p)
{
	p->next = NULL;
	if (q->tail)
		q->tail->next = p;
	else
		q->head = p;
	q->tail = p;
}

static struct eng_pkt *eng_q_pop(struct eng_pq *q)
{
	struct eng_pkt *p = q->head;

	q->head = p->next;
	if (!q->head)
		q->tail = NULL;
	p->next = NULL;
	return p;
}

/*
 * The send queue of the port a first route byte names; one naming no
 * port waits on port 0 and is dropped when it reaches the head, as a
 * one-port node always did.
 */
static struct eng_pq *eng_sq_of(struct rcf_engine *e, u32 el, u8 rbyte)
{
	const struct eng_elem *x = &e->elem[el];
	u32 port = RCF_HOP_PORT(rbyte);

	return &e->sq[x->port0 + (port < x->nsq ? port : 0)];
}

static struct rcf_engine_pair_stats *eng_pair(struct rcf_engine *e, u32 i,
					      u32 j)
{
	return e->pairs ? &e->pairs[(size_t)i * e->nnodes + j] : NULL;
}

int rcf_engine_send(struct rcf_engine *e, u32 src, const u8 *route,
		    u32 nroute, const u8 *payload, u32 plen, u64 cookie)
{
	struct eng_pkt *p;
	int reason;
	u32 el, hres;

	if (src >= e->max_node || e->node_idx[src] == ENG_NONE || !nroute)
		return -EINVAL;
	if (nroute > RCF_ROUTE_MAX_HOPS || 1 + nroute + plen >
	    RCF_ENGINE_MAX_PKT) {
		reason = nroute > RCF_ROUTE_MAX_HOPS ? RCF_EDROP_HOP_LIMIT :
			 RCF_EDROP_TOO_BIG;
		e->st.drops[reason]++;
		e->st.dropped_pkts++;
		rcf_os_trace(drop, e, e->node_idx[src], ENG_NONE,
			     1 + nroute + plen, nroute, cookie, reason);
		return -EMSGSIZE;
	}
	el = e->node_idx[src];
	/* a destination header: one piece per switch it may cross */
	if (nroute >= RCF_DEST_ROUTE_LEN &&
	    route[nroute - RCF_DEST_HDR] == RCF_DEST_MARK)
		hres = eng_hres(e, nroute - RCF_DEST_HDR + e->rel_hops);
	else
		hres = eng_hres(e, nroute);
	reason = eng_admit(e, 1, hres);
	if (reason)
		return reason;
	p = eng_pkt_get(e);
	if (!p)
		return -ENOMEM;
	e->busy++;
	p->hres = hres;
	e->held_hops += hres;
	p->cookie = cookie;
	p->born = e->now;
	p->src = el;
	p->refs = 1;
	p->len0 = 1 + nroute + plen;
	p->nroute = nroute;
	memcpy(p->data, route, nroute);
	if (plen)
		memcpy(p->data + nroute, payload, plen);
	/* what the first hop will decode; queued bytes count as its load */
	p->qchan = eng_decode(e, el, route[0], &reason);
	if (p->qchan != ENG_NONE)
		e->chan[p->qchan].sq_bytes += p->len0 - 1;
	eng_q_push(eng_sq_of(e, el, route[0]), p);
	e->elem[el].sq_len++;
	e->elem[el].sq_bytes += p->len0 - 1;
	e->st.sent_pkts++;
	eng_ff_mark(e);
	e->ff_streak = 0;
	eng_rp_dirty(e, el);
	eng_wake_next(e, el);
	return 0;
}

static void eng_deliver(struct rcf_engine *e, u32 el, struct eng_pkt *p)
{
	struct rcf_engine_pair_stats *ps = eng_pair(e, el, p->src);
	u32 plen = p->len0 - 1 - p->nroute;
	u64 lat = e->now - p->born, b = lat;
	u32 k = 0;

	eng_ff_mark(e);
	while (b > 1) {
		b >>= 1;
		k++;
	}
	e->st.lat_hist[k]++;
	e->st.lat_sum += lat;
	if (lat < e->st.lat_min)
		e->st.lat_min = lat;
	if (lat > e->st.lat_max)
		e->st.lat_max = lat;
	e->st.delivered_pkts++;
	if (ps) {
		ps->recv_pkts++;
		ps->recv_bytes += plen;
	}
	ps = eng_pair(e, p->src, el);
	if (ps) {
		ps->sent_pkts++;
		ps->sent_bytes += plen;
	}
	if (e->ops && e->ops->deliver)
		e->ops->deliver(e->priv, e->elem[el].id, e->elem[p->src].id,
				p->data + p->nroute, plen, p->cookie, lat);
}

/*
 * A packet's head at a node: taken in to deliver or, with route bytes
 * left, to relay.  A destination header ends the route here: the packet
 * is delivered if this is its destination and dropped otherwise (a
 * relation that led it astray).
 */
static void eng_node_head(struct rcf_engine *e, u32 el, struct eng_hop *h)
{
	struct eng_pkt *p = h->pkt;

	eng_ff_mark(e);
	h->state = EH_NODE;
	h->rx_relay = h->rb < p->nroute;
	if (!h->rx_relay || !eng_dest_at(p, h->rb))
		return;
	h->rx_relay = 0;
	if (eng_dest_id(p->data + h->rb) == e->elem[el].id)
		return;
	eng_hop_drop(e, el, h, RCF_EDROP_NO_REL);
}

/* Takes arrived bytes in; whole packets are delivered or queued to relay. */
bool eng_node_inputs(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	bool moved = false;
	struct eng_chan *c;
	u32 p, v, n;

	for (p = 0; p < x->nports; p++) {
		for (v = 0; (c = eng_in_chan(e, x, p, v)); v++) {
			struct eng_hop *h;

			while ((h = c->head)) {
				if (h->state == EH_NEW)
					eng_node_head(e, el, h);
				if (h->state == EH_DROP) {
					if (!eng_discard(e, c, h))
						break;
					moved = true;
					continue;
				}
				n = h->arrived - h->left;
				if (h->rx_relay)
					n = eng_min(n, RCF_ENGINE_RELAY_BUF -
						    x->relay_used);
				if (n) {
					if (e->rp_rec == el && !h->rx_relay)
						eng_rp_note_take(e, el, h->chan);
					h->left += n;
					eng_credit(e, h->chan, n);
					if (h->rx_relay) {
						eng_ff_mark(e);
						x->relay_used += n;
					} else {
						e->st.delivered += n;
					}
					moved = true;
				}
				if (h->left < h->len)
					break;
				if (h->rx_relay) {
					h->pkt->rb = h->rb;
					h->pkt->hops = h->hops;
					h->pkt->refs++;
					eng_q_push(&x->rq, h->pkt);
				} else {
					rcf_os_trace(deliver, e, h);
					eng_deliver(e, el, h->pkt);
				}
				eng_fifo_pop(e, c);
			}
		}
	}
	return moved;
}

/* Starts the head packet of queue q; false when it must wait. */
static bool eng_start_one(struct rcf_engine *e, u32 el, struct eng_pq *q)
{
	struct eng_elem *x = &e->elem[el];
	bool relay = q == &x->rq;
	struct eng_pkt *p = q->head;
	u32 held = p->len0 - p->rb, oc;
	struct eng_hop *h;
	int reason = 0;

	if (p->hops >= RCF_ENGINE_MAX_HOPS) {
		reason = RCF_EDROP_HOP_LIMIT;
		oc = ENG_NONE;
	} else {
		oc = eng_decode(e, el, p->data[p->rb], &reason);
	}
	if (oc != ENG_NONE && e->chan[oc].owner)
		return false;
	eng_ff_mark(e);
	eng_q_pop(q);
	if (!relay) {
		x->sq_len--;
		x->sq_bytes -= p->len0 - 1;
		if (p->qchan != ENG_NONE)
			e->chan[p->qchan].sq_bytes -= p->len0 - 1;
	}
	h = oc != ENG_NONE ? eng_hop_start(e, oc, p, NULL, held - 1,
					   p->rb + 1, p->hops + 1) : NULL;
	if (oc != ENG_NONE && !h)
		reason = RCF_EDROP_NO_MEM;
	if (!h) {
		eng_drop(e, p, reason);
		rcf_os_trace(drop, e, el, ENG_NONE, held, p->nroute - p->rb,
			     p->cookie, reason);
		if (relay) {
			x->relay_used -= held;
			e->st.dropped += held;
		}
	} else {
		/* from here on it reads relations: a swap now is not safe */
		if (!relay && eng_dest_at(p, p->rb + 1)) {
			p->dest_out = 1;
			e->dest_out++;
		}
		h->relay = relay;
		if (relay) {
			x->relay_used--;
			e->st.stripped++;
			rcf_os_trace(forward, e, h);
		}
	}
	if (!--p->refs)
		eng_pkt_put(e, p);
	return true;
}

/*
 * Relays first, then each port's own packets: a port whose head packet
 * waits for its channel holds up that port only.
 */
bool eng_node_start(struct rcf_engine *e, u32 el)
{
	struct eng_elem *x = &e->elem[el];
	bool moved = false;
	struct eng_pq *q;
	u32 p;

	while (x->rq.head && eng_start_one(e, el, &x->rq))
		moved = true;
	for (p = 0; x->sq_len && p < x->nsq; p++) {
		q = &e->sq[x->port0 + p];
		while (q->head && eng_start_one(e, el, q))
			moved = true;
	}
	return moved;
}

u64 rcf_engine_first_hop_load(const struct rcf_engine *e, u32 src, u8 rbyte)
{
	const struct eng_chan *c;
	const struct eng_hop *h;
	int reason;
	u32 ci;
	u64 n;

	if (src >= e->max_node || e->node_idx[src] == ENG_NONE)
		return ~0ULL;
	/* eng_decode only reads the engine; it counts nothing */
	ci = eng_decode((struct rcf_engine *)e, e->node_idx[src], rbyte,
			&reason);
	if (ci == ENG_NONE)
		return ~0ULL;
	c = &e->chan[ci];
	h = c->owner;
	n = c->sq_bytes + e->dl[c->dl].buf - c->credit;
	if (h && !h->up)
		n += h->len - h->sent;
	return n;
}

u64 rcf_engine_backlog(const struct rcf_engine *e, u32 src)
{
	const struct eng_elem *x;
	u32 p, v, di;
	u64 n;

	if (src >= e->max_node || e->node_idx[src] == ENG_NONE)
		return 0;
	x = &e->elem[e->node_idx[src]];
	n = x->sq_bytes;
	for (p = 0; p < x->nports; p++) {
		di = e->port_out[x->port0 + p];
		if (di == ENG_NONE)
			continue;
		for (v = 0; v < e->dl[di].vcs; v++) {
			const struct eng_hop *h = e->chan[e->dl[di].chan0 + v].owner;

			if (h && !h->up && !h->relay)
				n += h->len - h->sent;
		}
	}
	return n;
}
