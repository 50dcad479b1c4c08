// SPDX-License-Identifier: GPL-2.0
/*
 * Destination routing in the switches: the routing relations copied
 * from the model, and the selection among a destination's candidates
 * (Documentation/adaptive.rst).  A free adaptive candidate is taken when
 * there is one; otherwise the packet asks for its escape channel and
 * waits for it (Duato), so the escape network alone decides whether the
 * fabric can deadlock.
 */
#include "engine_priv.h"

#define ENG_SEED_DEF 0x9e3779b97f4a7c15ULL

/* bytes a destination's list takes in sel[] */
static size_t eng_rel_width(u32 nlists)
{
	return nlists > RCF_REL_NARROW_LISTS ? sizeof(u16) : 1;
}

/* sel[] first, then the u32 masks if any, then the u16 arrays, aligned */
static size_t eng_rel_sel(u32 nnodes, u32 nlists, bool masked)
{
	size_t n = nnodes * eng_rel_width(nlists);

	return masked ? (n + 3) & ~(size_t)3 : (n + 1) & ~(size_t)1;
}

static size_t eng_rel_size(u32 nnodes, u32 nlists, u32 ncand, bool masked)
{
	return sizeof(struct eng_rel) + eng_rel_sel(nnodes, nlists, masked) +
	       (masked ? ncand * sizeof(u32) : 0) +
	       (nlists + 1 + ncand) * sizeof(u16);
}

static struct eng_rel *eng_rel_copy(const struct rcf_engine *e,
				    const struct rcf_rel *r)
{
	struct eng_rel *x = rcf_os_zalloc(eng_rel_size(e->nnodes, r->nlists,
						       r->ncand, r->in));
	u32 i, d;
	u8 *at;

	if (!x)
		return NULL;
	x->wide = eng_rel_width(r->nlists) > 1;
	/* 0xff bytes: ENG_REL_NONE or ENG_REL_WNONE */
	memset(x->sel, 0xff, e->nnodes * eng_rel_width(r->nlists));
	at = x->sel + eng_rel_sel(e->nnodes, r->nlists, r->in);
	if (r->in) {
		x->in = (u32 *)at;
		memcpy(x->in, r->in, r->ncand * sizeof(u32));
		at += r->ncand * sizeof(u32);
	}
	x->lstart = (u16 *)at;
	x->cand = x->lstart + r->nlists + 1;
	memcpy(x->lstart, r->lstart, (r->nlists + 1) * sizeof(u16));
	memcpy(x->cand, r->cand, r->ncand * sizeof(u16));
	for (i = 0; i < r->ndst; i++) {
		if (r->dst[i] >= e->max_node ||
		    e->node_idx[r->dst[i]] == ENG_NONE)
			continue;
		d = e->node_idx[r->dst[i]];
		if (x->wide)
			((u16 *)x->sel)[d] = rcf_rel_list(r, i);
		else
			x->sel[d] = rcf_rel_list(r, i);
	}
	return x;
}

/* After the elements: the dense indices are known. */
int eng_rel_table(const struct rcf_engine *e, const struct rcf_fabric *f,
		  struct eng_rel ***out, u32 *nrel)
{
	u32 nsw = e->nelem - e->nnodes, k, n = 0;
	struct eng_rel **rel = NULL;

	*out = NULL;
	*nrel = 0;
	for (k = 0; k < f->rels.cap; k++) {
		const struct rcf_rel *r = rcf_vec_get(&f->rels, k);
		u32 i;

		if (!r || k >= e->max_sw || e->sw_idx[k] == ENG_NONE)
			continue;
		if (!rel) {
			rel = rcf_os_zalloc((nsw + 1) * sizeof(*rel));
			if (!rel)
				return -ENOMEM;
		}
		i = e->sw_idx[k] - e->nnodes;
		rel[i] = eng_rel_copy(e, r);
		if (!rel[i]) {
			eng_rel_table_free(rel, nsw);
			return -ENOMEM;
		}
		n++;
	}
	*out = rel;
	*nrel = n;
	return 0;
}

void eng_rel_table_free(struct eng_rel **rel, u32 nsw)
{
	u32 k;

	for (k = 0; rel && k < nsw; k++)
		rcf_os_free(rel[k]);
	rcf_os_free(rel);
}

u64 eng_rel_table_bytes(const struct rcf_engine *e, struct eng_rel *const *rel)
{
	u32 nsw = e->nelem - e->nnodes, k;
	const struct eng_rel *x;
	u64 n;

	if (!rel)
		return 0;
	n = (u64)(nsw + 1) * sizeof(*rel);
	for (k = 0; k < nsw; k++) {
		u32 nl;

		x = rel[k];
		if (!x)
			continue;
		/* the lists' starts end where the candidates begin */
		nl = x->cand - x->lstart - 1;
		n += eng_rel_size(e->nnodes, nl, x->lstart[nl], x->in);
	}
	return n;
}

int eng_rel_build(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 nsw = e->nelem - e->nnodes;

	e->rng = ENG_SEED_DEF;
	e->rel_hops = nsw < RCF_ENGINE_MAX_HOPS ? nsw : RCF_ENGINE_MAX_HOPS;
	return eng_rel_table(e, f, &e->rel, &e->nrel);
}

void eng_rel_free(struct rcf_engine *e)
{
	eng_rel_table_free(e->rel, e->nelem - e->nnodes);
	e->rel = NULL;
	e->nrel = 0;
}

u64 eng_rel_bytes(const struct rcf_engine *e)
{
	return eng_rel_table_bytes(e, e->rel);
}

u64 rcf_engine_rel_bytes(const struct rcf_engine *e)
{
	return eng_rel_bytes(e);
}

/* xorshift64*: plain integer arithmetic, the same in rcf.ko and rcfsim */
static u32 eng_rand(struct rcf_engine *e, u32 n)
{
	u64 x = e->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	e->rng = x;
	return (u32)((x * 0x2545f4914f6cdd1dULL) >> 32) % n;
}

void eng_rel_seed(struct rcf_engine *e, u64 seed)
{
	e->rng = seed ? seed : ENG_SEED_DEF;
}

static u32 eng_rel_select(struct rcf_engine *e, const u32 *free, u32 n)
{
	u32 k, best = 0;

	if (n == 1)
		return free[0];
	switch (e->cfg.select) {
	case RCF_SELECT_LEAST:
		for (k = 1; k < n; k++)
			if (e->chan[free[k]].credit > e->chan[free[best]].credit)
				best = k;
		return free[best];
	case RCF_SELECT_RANDOM:
		return free[eng_rand(e, n)];
	default:
		return free[0];
	}
}

u32 eng_rel_pick(struct rcf_engine *e, u32 el, struct eng_hop *h,
		 int *reason)
{
	const struct eng_rel *r = e->rel ? e->rel[el - e->nnodes] : NULL;
	u32 id = eng_dest_id(h->pkt->data + h->rb), free[RCF_REL_MAX_CAND];
	u32 nfree = 0, esc = ENG_NONE, first = ENG_NONE, k, oc, cls, in, vc;
	int why = RCF_EDROP_NO_REL;
	u32 list = ENG_NONE;

	if (r && id < e->max_node && e->node_idx[id] != ENG_NONE)
		list = eng_rel_list(r, e->node_idx[id]);
	if (list == ENG_NONE) {
		*reason = RCF_EDROP_NO_REL;
		return ENG_NONE;
	}
	/* the port the head came in by, the node's own included */
	in = e->dl[e->chan[h->chan].dl].to_port;
	vc = e->chan[h->chan].vc;
	for (k = r->lstart[list]; k < r->lstart[list + 1]; k++) {
		u16 c = r->cand[k];
		const struct eng_chan *o;
		u8 hop = RCF_REL_HOP(c);

		/* a turn model: not from this input */
		if (r->in && !RCF_REL_IN_OK(r->in[k], in))
			continue;
		/* a VC class by history: not for a packet on this VC */
		if (!RCF_REL_VIN_OK(RCF_REL_VIN(c), vc))
			continue;
		if (RCF_REL_KEEP(c))
			hop = RCF_HOP(RCF_HOP_PORT(hop), vc);
		oc = eng_decode(e, el, hop, &why);
		if (oc == ENG_NONE)
			continue;
		if (RCF_REL_CLS(c) == RCF_REL_ESCAPE) {
			if (esc == ENG_NONE)
				esc = oc;
			continue;
		}
		if (first == ENG_NONE)
			first = oc;
		o = &e->chan[oc];
		if (!o->owner && !o->wq_head && o->credit &&
		    nfree < RCF_REL_MAX_CAND)
			free[nfree++] = oc;
	}
	if (nfree) {
		oc = eng_rel_select(e, free, nfree);
		cls = RCF_REL_ADAPTIVE;
	} else if (esc != ENG_NONE) {
		oc = esc;
		cls = RCF_REL_ESCAPE;
	} else if (first != ENG_NONE) {
		/* no escape to fall back on: wait for the first choice */
		oc = first;
		cls = RCF_REL_ADAPTIVE;
	} else {
		*reason = why;
		return ENG_NONE;
	}
	e->elem[el].rel_class[cls]++;
	e->st.rel_class[cls]++;
	return oc;
}

int rcf_engine_dest_route(const struct rcf_engine *e, u32 src, u32 dst,
			  u8 *buf)
{
	const struct eng_elem *x;
	u32 p, di;

	if (src >= e->max_node || e->node_idx[src] == ENG_NONE ||
	    dst >= e->max_node || e->node_idx[dst] == ENG_NONE)
		return -EINVAL;
	x = &e->elem[e->node_idx[src]];
	for (p = 0; p < x->nports; p++) {
		di = e->port_out[x->port0 + p];
		if (di != ENG_NONE && e->dl[di].up)
			break;
	}
	if (p == x->nports)
		return -ENOENT;
	buf[0] = RCF_HOP(p, 0);
	buf[1] = RCF_DEST_MARK;
	buf[2] = dst >> 8;
	buf[3] = dst;
	return 0;
}

u32 rcf_engine_dest_reserve_len(const struct rcf_engine *e)
{
	return 1 + e->rel_hops;
}

bool rcf_engine_has_rel(const struct rcf_engine *e)
{
	return e->nrel != 0;
}

int rcf_engine_rel_stats(const struct rcf_engine *e, u32 sw, u64 *cls0,
			 u64 *cls1)
{
	const struct eng_elem *x;

	if (sw >= e->max_sw || e->sw_idx[sw] == ENG_NONE)
		return -ENOENT;
	x = &e->elem[e->sw_idx[sw]];
	*cls0 = x->rel_class[0];
	*cls1 = x->rel_class[1];
	return 0;
}
