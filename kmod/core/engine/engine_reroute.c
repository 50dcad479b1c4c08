// SPDX-License-Identifier: GPL-2.0
/*
 * A new route table for a live engine and its adapter: the epoch's
 * freeze (Documentation/datapath.rst, "Configuration changes").  A
 * packet carries its route bytes from injection on, so the engine's
 * route table is read only when a message is cut into packets; swapping
 * it leaves every packet in flight where it is.  The table is built
 * before the swap (which cannot fail): a block for each source whose
 * routes changed, the other sources' blocks shared with the live table,
 * so a batch costs its own sources' routes and one pointer per source.
 * The adapter's state of a pair (messages, round robin) lives at the
 * pair's first route; the swap carries it to the pair's new block.
 */
#include "engine_priv.h"
#include "adapter/adapter.h"

struct rcf_reroute {
	struct eng_rblk **rblk;
	u8 *fresh;		/* per source: the block was built here */
	u32 nrblk, nroutes;
};

void rcf_reroute_free(struct rcf_reroute *rt)
{
	u32 s;

	if (!rt)
		return;
	for (s = 0; rt->rblk && s < rt->nrblk; s++)
		if (rt->fresh[s])
			eng_rblk_free(rt->rblk[s]);
	rcf_os_free(rt->rblk);
	rcf_os_free(rt->fresh);
	rcf_os_free(rt);
}

/* f's table; srcs: share the blocks of the sources it does not mark. */
static int rr_fill(struct rcf_reroute *rt, const struct rcf_engine *e,
		   const struct rcf_fabric *f, const u8 *srcs)
{
	u32 s;

	rt->nroutes = 0;
	for (s = 0; s < rt->nrblk; s++) {
		if (srcs && s < RCF_MAX_NODES && !srcs[s]) {
			rt->rblk[s] = s < e->nrblk ? e->rblk[s] : NULL;
		} else {
			if (eng_rblk_build(rcf_vec_get(&f->rsrc, s),
					   &rt->rblk[s]))
				return -ENOMEM;
			rt->fresh[s] = 1;
		}
		if (rt->rblk[s])
			rt->nroutes += rt->rblk[s]->n;
	}
	return 0;
}

static void rr_clear(struct rcf_reroute *rt)
{
	u32 s;

	for (s = 0; s < rt->nrblk; s++) {
		if (rt->fresh[s])
			eng_rblk_free(rt->rblk[s]);
		rt->rblk[s] = NULL;
		rt->fresh[s] = 0;
	}
}

struct rcf_reroute *rcf_reroute_prepare(struct rcf_adapter *a,
					const struct rcf_fabric *f,
					const u8 *srcs)
{
	const struct rcf_engine *e = rcf_adapter_engine(a);
	struct rcf_reroute *rt = rcf_os_zalloc(sizeof(*rt));
	size_t n;

	if (!rt)
		return NULL;
	rt->nrblk = f->rsrc.cap;
	n = rt->nrblk ? rt->nrblk : 1;
	rt->rblk = rcf_os_zalloc(n * sizeof(*rt->rblk));
	rt->fresh = rcf_os_zalloc(n);
	if (!rt->rblk || !rt->fresh || rr_fill(rt, e, f, srcs))
		goto fail;
	/* the engine was not the model's snapshot: take everything anew */
	if (srcs && rt->nroutes != f->n_routes) {
		rr_clear(rt);
		if (rr_fill(rt, e, f, NULL))
			goto fail;
	}
	return rt;
fail:
	rcf_reroute_free(rt);
	return NULL;
}

/*
 * Source s's old block o leaves the table for n (either may be NULL):
 * each pair still routed keeps its state, the others are told to gone.
 */
static void rr_move(const struct eng_rblk *o, struct eng_rblk *n,
		    void (*gone)(void *priv, u32 src, u32 dst, u64 sent,
				 u64 received),
		    void *priv)
{
	u32 i = 0, j = 0;

	while (o && i < o->n) {
		u32 d = o->r[i].dst;
		const struct rcf_pair_state *ps = &o->ps[i];

		while (n && j < n->n && n->r[j].dst < d)
			j++;
		if (n && j < n->n && n->r[j].dst == d)
			n->ps[j] = *ps;
		else if (gone && (ps->sent || ps->received))
			gone(priv, o->r[i].src, d, ps->sent, ps->received);
		while (i < o->n && o->r[i].dst == d)
			i++;
	}
}

/* The blocks rt replaces leave e's count; what it brings joins it. */
u64 rcf_reroute_table_bytes(const struct rcf_engine *e,
			    const struct rcf_reroute *rt)
{
	u64 n = rcf_engine_table_bytes(e);
	u32 s;

	for (s = 0; e->rblk && s < e->nrblk; s++)
		n -= eng_rblk_bytes(e->rblk[s]);
	n -= (u64)e->nrblk * sizeof(*e->rblk);
	n += (u64)rt->nrblk * sizeof(*rt->rblk);
	for (s = 0; s < rt->nrblk; s++)
		n += eng_rblk_bytes(rt->rblk[s]);
	return n;
}

void rcf_reroute_install(struct rcf_adapter *a, struct rcf_reroute *rt,
			 void (*gone)(void *priv, u32 src, u32 dst, u64 sent,
				      u64 received),
			 void *priv)
{
	struct rcf_engine *e = rcf_adapter_engine(a);
	u32 s;

	for (s = 0; s < e->nrblk; s++) {
		struct eng_rblk *n = s < rt->nrblk ? rt->rblk[s] : NULL;

		if (!e->rblk[s] || e->rblk[s] == n)
			continue;
		rr_move(e->rblk[s], n, gone, priv);
		eng_rblk_free(e->rblk[s]);
	}
	rcf_os_free(e->rblk);
	e->rblk = rt->rblk;
	e->nrblk = rt->nrblk;
	e->nroutes = rt->nroutes;
	rcf_os_free(rt->fresh);
	rcf_os_free(rt);
	/* a pair given a route no longer waits for a path */
	rcf_adapter_kick(a);
}

void rcf_engine_set_now(struct rcf_engine *e, u64 now)
{
	if (!e->busy && !eng_ev_pending(e)) {
		e->now = now;
		e->ff_streak = 0;
	}
}
