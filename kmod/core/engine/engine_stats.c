// SPDX-License-Identifier: GPL-2.0
/* Counters, the list of blocked channels, and the invariant check. */
#include "engine_priv.h"

void rcf_engine_stats(const struct rcf_engine *e, struct rcf_engine_stats *s)
{
	*s = e->st;
	s->now = e->now;
	s->inflight = e->st.injected - e->st.delivered - e->st.stripped -
		      e->st.dropped;
	if (!s->delivered_pkts)
		s->lat_min = 0;
}

static int eng_chan_find(const struct rcf_engine *e,
			 const struct rcf_engine_chan_id *id, u32 *ci)
{
	u32 d;

	if (id->link >= e->max_link || e->link_dl[id->link] == ENG_NONE ||
	    id->dir > 1)
		return -ENOENT;
	d = e->link_dl[id->link] + id->dir;
	if (id->vc >= e->dl[d].vcs)
		return -ENOENT;
	*ci = e->dl[d].chan0 + id->vc;
	return 0;
}

int rcf_engine_chan_stats(const struct rcf_engine *e,
			  const struct rcf_engine_chan_id *id,
			  struct rcf_engine_chan_stats *s)
{
	const struct eng_chan *c;
	u32 ci;

	if (eng_chan_find(e, id, &ci))
		return -ENOENT;
	c = &e->chan[ci];
	s->bytes = c->bytes;
	s->packets = c->packets;
	s->blocked = c->blocked;
	if (c->blocked_on)
		s->blocked += e->now - c->blocked_since;
	s->credit = c->credit;
	s->occ = c->occ;
	return 0;
}

int rcf_engine_cq_stats(const struct rcf_engine *e, u32 sw, u32 *cur,
			u32 *peak)
{
	const struct eng_elem *x;

	if (sw >= e->max_sw || e->sw_idx[sw] == ENG_NONE)
		return -ENOENT;
	x = &e->elem[e->sw_idx[sw]];
	*cur = (x->cq_cap - x->cq_free) * RCF_ENGINE_CHUNK;
	*peak = x->cq_peak * RCF_ENGINE_CHUNK;
	return 0;
}

int rcf_engine_pair_stats(const struct rcf_engine *e, u32 i, u32 j,
			  struct rcf_engine_pair_stats *s)
{
	if (!e->pairs)
		return -EOPNOTSUPP;
	if (i >= e->max_node || j >= e->max_node ||
	    e->node_idx[i] == ENG_NONE || e->node_idx[j] == ENG_NONE)
		return -ENOENT;
	*s = e->pairs[(size_t)e->node_idx[i] * e->nnodes + e->node_idx[j]];
	return 0;
}

/*
 * Counts start again from zero; bytes in flight stay accounted, so the
 * conservation identity keeps holding across a reset.
 */
void rcf_engine_stats_reset(struct rcf_engine *e)
{
	u64 inflight = e->st.injected - e->st.delivered - e->st.stripped -
		       e->st.dropped;
	u32 i;

	memset(&e->st, 0, sizeof(e->st));
	e->st.injected = inflight;
	e->st.lat_min = ~0ULL;
	for (i = 0; i < e->nchan; i++) {
		e->chan[i].bytes = 0;
		e->chan[i].packets = 0;
		e->chan[i].blocked = 0;
		e->chan[i].blocked_since = e->now;
	}
	for (i = 0; i < e->nelem; i++) {
		e->elem[i].cq_peak = e->elem[i].cq_cap - e->elem[i].cq_free;
		e->elem[i].rel_class[0] = 0;
		e->elem[i].rel_class[1] = 0;
	}
	if (e->pairs)
		memset(e->pairs, 0, (size_t)e->nnodes * e->nnodes *
		       sizeof(*e->pairs));
}

static bool eng_chan_stuck(const struct rcf_engine *e, const struct eng_chan *c)
{
	const struct eng_hop *h = c->owner;
	u32 avail = 0;

	(void)e;
	if (h)
		avail = h->up ? eng_cq_bytes(h->up) + h->up->arrived -
				h->up->left : h->len - h->sent;
	return c->occ || (avail && !c->credit);
}

u32 rcf_engine_blocked(const struct rcf_engine *e,
		       struct rcf_engine_chan_id *ids, u32 max)
{
	u32 i, n = 0;

	for (i = 0; i < e->nchan; i++) {
		const struct eng_chan *c = &e->chan[i];

		if (!eng_chan_stuck(e, c))
			continue;
		if (n < max) {
			ids[n].link = e->dl[c->dl].link;
			ids[n].dir = e->dl[c->dl].dir;
			ids[n].vc = c->vc;
		}
		n++;
	}
	return n;
}

static const char *eng_check_cq(const struct rcf_engine *e, const u32 *used,
				u64 *held)
{
	u32 i;

	for (i = 0; i < e->nelem; i++) {
		const struct eng_elem *x = &e->elem[i];

		if (!x->is_switch)
			continue;
		if (x->cq_free > x->cq_cap)
			return "central queue over capacity";
		if (used[i] != x->cq_cap - x->cq_free)
			return "central queue chunks lost or leaked";
		if (x->cq_peak > x->cq_cap)
			return "central queue peak over capacity";
	}
	(void)held;
	return NULL;
}

/* Adds a piece's central queue use; NULL when its chunks add up. */
static const char *eng_check_hop(const struct rcf_engine *e,
				 const struct eng_hop *u, u32 *used,
				 u64 *held)
{
	u32 el = e->dl[e->chan[u->chan].dl].to;

	if (u->cq_chunks * RCF_ENGINE_CHUNK !=
	    u->cq_head + eng_cq_bytes(u) + u->cq_room)
		return "central queue chunk arithmetic broken";
	used[el] += u->cq_chunks;
	*held += eng_cq_bytes(u);
	return NULL;
}

/*
 * Send-queue byte counts against the queues, and each packet on the
 * queue of the port its first route byte names (port 0 for none); sq is
 * scratch, nchan long.
 */
static const char *eng_check_sq(const struct rcf_engine *e, u64 *sq)
{
	const struct eng_pkt *p;
	u32 i, k, port;

	for (i = 0; i < e->nnodes; i++) {
		const struct eng_elem *x = &e->elem[i];
		u64 bytes = 0, n = 0;

		for (k = 0; k < x->nports; k++) {
			for (p = e->sq[x->port0 + k].head; p; p = p->next) {
				port = RCF_HOP_PORT(p->data[0]);
				if (k >= x->nsq)
					return "packet on a node port with no queue";
				if (port != k && (port < x->nsq || k))
					return "packet on another port's queue";
				bytes += p->len0 - 1;
				n++;
				if (p->dest_out)
					return "a queued packet counted as out of its node";
				if (p->qchan != ENG_NONE)
					sq[p->qchan] += p->len0 - 1;
			}
		}
		if (bytes != x->sq_bytes || n != x->sq_len)
			return "send queue miscounted";
	}
	for (i = 0; i < e->nchan; i++)
		if (sq[i] != e->chan[i].sq_bytes)
			return "send-queue bytes per channel miscounted";
	return NULL;
}

struct eng_check_evs {
	u32 *cred;	/* credits on their way back, per channel */
	u32 *nev;	/* entries per channel, data then credit */
	u64 n;		/* events seen */
};

static void eng_check_ev(void *arg, const struct eng_hop *h, u32 chan, u32 n)
{
	struct eng_check_evs *c = arg;

	c->n++;
	c->nev[2 * chan + !h]++;
	if (!h)
		c->cred[chan] += n;
}

const char *rcf_engine_check(const struct rcf_engine *e)
{
	u32 *cred, *used, *nev, i;
	u64 held = 0, inflight, *sq;
	struct eng_check_evs evs = { NULL, NULL, 0 };
	const char *err = NULL;

	cred = rcf_os_zalloc((e->nchan + 1) * sizeof(u32));
	used = rcf_os_zalloc((e->nelem + 1) * sizeof(u32));
	sq = rcf_os_zalloc((e->nchan + 1) * sizeof(u64));
	nev = rcf_os_zalloc((2 * e->nchan + 1) * sizeof(u32));
	if (!cred || !used || !sq || !nev) {
		err = "out of memory";
		goto out;
	}
	err = eng_check_sq(e, sq);
	if (err)
		goto out;
	evs.cred = cred;
	evs.nev = nev;
	eng_ev_each(e, eng_check_ev, &evs);
	if (evs.n != eng_ev_pending(e)) {
		err = "events miscounted";
		goto out;
	}
	for (i = 0; i < e->nchan && !err; i++) {
		const struct eng_chan *c = &e->chan[i];
		const struct eng_dlink *d = &e->dl[c->dl];
		const struct eng_hop *h;
		u64 wire = 0, occ = 0;

		for (h = c->head; h; h = h->next) {
			if (h->arrived > h->sent || h->left > h->arrived ||
			    h->sent > h->len)
				err = "piece counts out of order";
			wire += h->sent - h->arrived;
			occ += h->arrived - h->left;
		}
		if (nev[2 * i] > eng_min(d->lat, d->buf) ||
		    nev[2 * i + 1] > eng_min(d->lat, d->buf))
			err = "more events than one per channel and cycle";
		else if (c->credit > d->buf)
			err = "credit above buf_size";
		else if (occ != c->occ)
			err = "buffer occupancy miscounted";
		else if (c->occ > d->buf)
			err = "buffer over buf_size";
		else if (c->credit + wire + c->occ + cred[i] != d->buf)
			err = "credits not conserved";
		held += wire + occ;
		if (c->owner && c->owner->up && !err)
			err = eng_check_hop(e, c->owner->up, used, &held);
		for (h = c->wq_head; h && !err; h = h->wnext)
			err = eng_check_hop(e, h, used, &held);
	}
	if (!err)
		err = eng_check_cq(e, used, &held);
	for (i = 0; i < e->nelem; i++) {
		if (e->elem[i].relay_used > RCF_ENGINE_RELAY_BUF)
			err = "relay memory over capacity";
		held += e->elem[i].relay_used;
	}
	inflight = e->st.injected - e->st.delivered - e->st.stripped -
		   e->st.dropped;
	if (!err && held != inflight)
		err = "bytes not conserved";
	if (!err && e->dest_out > e->busy)
		err = "destination-routed packets out miscounted";
out:
	rcf_os_free(cred);
	rcf_os_free(used);
	rcf_os_free(sq);
	rcf_os_free(nev);
	return err;
}

/* The uapi's name for an engine drop, so every home reports the same. */
int rcf_engine_drop_reason(int engine_drop)
{
	static const u8 map[RCF_EDROP_NR] = {
		[RCF_EDROP_BAD_BYTE] = RCF_DROP_BAD_BYTE,
		[RCF_EDROP_NO_PORT] = RCF_DROP_NO_PORT,
		[RCF_EDROP_NO_LINK] = RCF_DROP_NO_LINK,
		[RCF_EDROP_LINK_DOWN] = RCF_DROP_LINK_DOWN,
		[RCF_EDROP_BAD_VC] = RCF_DROP_BAD_VC,
		[RCF_EDROP_HOP_LIMIT] = RCF_DROP_HOP_LIMIT,
		[RCF_EDROP_NO_ROUTE] = RCF_DROP_ROUTE_END,
		[RCF_EDROP_TOO_BIG] = RCF_DROP_TOO_BIG,
		[RCF_EDROP_NO_MEM] = RCF_DROP_NO_MEM,
		[RCF_EDROP_NO_REL] = RCF_DROP_NO_ROUTE,
	};

	if (engine_drop < 0 || engine_drop >= RCF_EDROP_NR)
		return RCF_DROP_UNSPEC;
	return map[engine_drop];
}
