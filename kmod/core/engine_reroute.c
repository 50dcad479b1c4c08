// SPDX-License-Identifier: GPL-2.0
/*
 * A new route table for a live engine and its adapter: the epoch's
 * freeze (Documentation/datapath.rst, "Configuration changes").  A
 * packet carries its route bytes from injection on, so the engine's
 * route table is read only when a message is cut into packets; swapping
 * it leaves every packet in flight where it is.  The table is built
 * before the swap (which cannot fail), copying the blocks of sources
 * whose routes did not change from the old table.  The adapter keeps
 * per-pair state at each pair's first route position; the swap moves it
 * to the pair's new position.
 */
#include "engine_priv.h"
#include "adapter_priv.h"

struct rcf_reroute {
	struct eng_route *routes;
	u32 nroutes;
	u8 *rr;
	u64 *pair_sent, *pair_recv;
};

void rcf_reroute_free(struct rcf_reroute *rt)
{
	if (!rt)
		return;
	rcf_os_free(rt->routes);
	rcf_os_free(rt->rr);
	rcf_os_free(rt->pair_sent);
	rcf_os_free(rt->pair_recv);
	rcf_os_free(rt);
}

/* The routes of f in table order; srcs: copy the others from e. */
static u32 rr_fill(struct rcf_reroute *rt, const struct rcf_engine *e,
		   const struct rcf_fabric *f, const u8 *srcs)
{
	u32 s, k, o = 0, out = 0, max = f->n_routes;

	for (s = 0; s < f->rsrc.cap; s++) {
		const struct rcf_vec *t = rcf_vec_get(&f->rsrc, s);
		u32 b;

		while (o < e->nroutes && e->routes[o].src < s)
			o++;
		b = o;
		while (o < e->nroutes && e->routes[o].src == s)
			o++;
		if (srcs && s < RCF_MAX_NODES && !srcs[s]) {
			if (out + (o - b) > max)
				return ~0u;
			memcpy(&rt->routes[out], &e->routes[b],
			       (size_t)(o - b) * sizeof(*rt->routes));
			out += o - b;
			continue;
		}
		for (k = 0; t && k < t->cap; k++) {
			const struct rcf_route *r = rcf_vec_get(t, k);
			struct eng_route *d;

			if (!r)
				continue;
			if (out == max)
				return ~0u;
			d = &rt->routes[out++];
			d->src = r->src;
			d->dst = r->dst;
			d->index = r->index;
			d->nhops = r->nhops;
			memcpy(d->hops, r->hops, r->nhops);
		}
	}
	return out;
}

struct rcf_reroute *rcf_reroute_prepare(struct rcf_adapter *a,
					const struct rcf_fabric *f,
					const u8 *srcs)
{
	struct rcf_reroute *rt = rcf_os_zalloc(sizeof(*rt));
	size_t n = (size_t)f->n_routes + 1;

	if (!rt)
		return NULL;
	rt->routes = rcf_os_zalloc(n * sizeof(*rt->routes));
	rt->rr = rcf_os_zalloc(n);
	rt->pair_sent = rcf_os_zalloc(n * sizeof(u64));
	rt->pair_recv = rcf_os_zalloc(n * sizeof(u64));
	if (!rt->routes || !rt->rr || !rt->pair_sent || !rt->pair_recv) {
		rcf_reroute_free(rt);
		return NULL;
	}
	rt->nroutes = rr_fill(rt, a->e, f, srcs);
	/* the engine was not the model's snapshot: take everything anew */
	if (rt->nroutes != f->n_routes && srcs)
		rt->nroutes = rr_fill(rt, a->e, f, NULL);
	if (rt->nroutes == ~0u) {
		rcf_reroute_free(rt);
		return NULL;
	}
	return rt;
}

static u64 rr_key(const struct eng_route *r)
{
	return ((u64)r->src << 32) | r->dst;
}

/* Index just past the pair that starts at i. */
static u32 rr_pair_end(const struct eng_route *r, u32 n, u32 i)
{
	u64 k = rr_key(&r[i]);

	while (i < n && rr_key(&r[i]) == k)
		i++;
	return i;
}

void rcf_reroute_install(struct rcf_adapter *a, struct rcf_reroute *rt,
			 void (*gone)(void *priv, u32 src, u32 dst, u64 sent,
				      u64 received),
			 void *priv)
{
	struct rcf_engine *e = a->e;
	u32 i = 0, j = 0;

	/* both tables are sorted by (src, dst): one merge moves the counts */
	while (i < e->nroutes || j < rt->nroutes) {
		u64 ko = i < e->nroutes ? rr_key(&e->routes[i]) : ~0ULL;
		u64 kn = j < rt->nroutes ? rr_key(&rt->routes[j]) : ~0ULL;

		if (ko == kn) {
			rt->pair_sent[j] = a->pair_sent[i];
			rt->pair_recv[j] = a->pair_recv[i];
			rt->rr[j] = a->rr[i];
		} else if (ko < kn && gone &&
			   (a->pair_sent[i] || a->pair_recv[i])) {
			gone(priv, e->routes[i].src, e->routes[i].dst,
			     a->pair_sent[i], a->pair_recv[i]);
		}
		if (ko <= kn)
			i = rr_pair_end(e->routes, e->nroutes, i);
		if (kn <= ko)
			j = rr_pair_end(rt->routes, rt->nroutes, j);
	}
	rcf_os_free(e->routes);
	rcf_os_free(a->rr);
	rcf_os_free(a->pair_sent);
	rcf_os_free(a->pair_recv);
	e->routes = rt->routes;
	e->nroutes = rt->nroutes;
	a->rr = rt->rr;
	a->pair_sent = rt->pair_sent;
	a->pair_recv = rt->pair_recv;
	rcf_os_free(rt);
}

void rcf_engine_set_now(struct rcf_engine *e, u64 now)
{
	if (!e->busy && !e->nheap)
		e->now = now;
}
