// SPDX-License-Identifier: GPL-2.0
/*
 * Counters that outlive engines.  Each configuration change builds a new
 * engine; at the swap the old engine's and adapter's counters are added
 * to totals kept here, keyed by model ids (link, direction and VC;
 * switch; node; node pair), and reports add the live engine's on top.
 * Objects deleted from the model are no longer reported.
 */
#include "rcf.h"

/*
 * The entry for key, made zeroed on first use; NULL on ENOMEM.  The
 * counts the caller meant to add there are then lost: that is counted as
 * a no-mem drop, so the stats show it rather than silently falling short.
 */
void *rcf_dp_slot(struct rcf_dp *dp, struct xarray *xa, unsigned long key,
		  size_t size)
{
	void *p = xa_load(xa, key);

	if (p)
		return p;
	p = kzalloc(size, GFP_KERNEL_ACCOUNT);
	if (!p)
		goto nomem;
	if (xa_err(xa_store(xa, key, p, GFP_KERNEL_ACCOUNT))) {
		kfree(p);
		goto nomem;
	}
	return p;
nomem:
	rcf_dp_kdrop(dp, RCF_DROP_NO_MEM);
	return NULL;
}

/* Adds the live engine's and adapter's totals into t (which holds some). */
static void rcf_dp_tot_sum(struct rcf_dp *dp, struct rcf_dp_tot *t)
{
	struct rcf_engine_stats *sp = &dp->es;
	struct rcf_adapter_stats as;
	int i;

	rcf_engine_stats(rcf_adapter_engine(dp->ad), sp);
	rcf_adapter_stats(dp->ad, &as);
	t->cycles += sp->now;
	t->pkts_sent += sp->sent_pkts;
	t->pkts_delivered += sp->delivered_pkts;
	t->pkts_dropped += sp->dropped_pkts;
	t->injected += sp->injected;
	t->delivered += sp->delivered;
	t->dropped += sp->dropped;
	t->byte_hops += sp->byte_hops;
	t->rel_class[0] += sp->rel_class[0];
	t->rel_class[1] += sp->rel_class[1];
	t->islip_grants += sp->islip_grants;
	t->islip_accepts += sp->islip_accepts;
	t->lat_sum += sp->lat_sum;
	if (sp->delivered_pkts && sp->lat_min < t->lat_min)
		t->lat_min = sp->lat_min;
	t->lat_max = max(t->lat_max, sp->lat_max);
	for (i = 0; i < RCF_ENGINE_LAT_BUCKETS; i++)
		t->lat_hist[i] += sp->lat_hist[i];
	for (i = 0; i < RCF_EDROP_NR; i++)
		t->drops[rcf_engine_drop_reason(i)] += sp->drops[i];
	for (i = 0; i < RCF_ADROP_NR; i++)
		t->drops[rcf_adapter_drop_reason(i)] += as.drops[i];
	t->msgs_sent += as.msgs_sent;
	t->msgs_received += as.msgs_received;
	t->tx_bytes += as.tx_bytes;
	t->rx_bytes += as.rx_bytes;
}

/* Fabric totals now: gone engines, the live one and kernel drops. */
void rcf_dp_fabric_stats(struct rcf_dp *dp, struct rcf_dp_tot *t,
			 u64 *inflight)
{
	int i;

	lockdep_assert_held(&dp->lock);
	*t = dp->tot;
	*inflight = 0;
	if (dp->ad) {
		rcf_dp_tot_sum(dp, t);
		*inflight = dp->es.inflight;
	}
	for (i = 0; i < __RCF_DROP_MAX; i++)
		t->drops[i] += atomic64_read(&dp->kdrops[i]);
	if (t->lat_min == U64_MAX)
		t->lat_min = 0;
}

/* The old engine's and adapter's counts of the pair src -> dst. */
static void rcf_dp_pair_add(struct rcf_dp *dp, struct rcf_engine *e, u32 src,
			    u32 dst)
{
	struct rcf_engine_pair_stats ps = {};
	u64 ms = 0, mr = 0;
	struct rcf_dp_pair *p;

	rcf_engine_pair_stats(e, src, dst, &ps);
	rcf_adapter_pair_msgs(dp->ad, src, dst, &ms, &mr);
	if (!ps.sent_pkts && !ps.recv_pkts && !ms && !mr)
		return;
	p = rcf_dp_slot(dp, &dp->pair,
			(unsigned long)src * RCF_MAX_NODES + dst, sizeof(*p));
	if (!p)
		return;
	p->e.sent_pkts += ps.sent_pkts;
	p->e.sent_bytes += ps.sent_bytes;
	p->e.recv_pkts += ps.recv_pkts;
	p->e.recv_bytes += ps.recv_bytes;
	p->msgs_sent += ms;
	p->msgs_received += mr;
}

/* The old engine (dp->ad) into the totals, keyed by the ids of f. */
void rcf_dp_tot_add(struct rcf_dp *dp, struct rcf_fabric *f)
{
	struct rcf_engine *e = rcf_adapter_engine(dp->ad);
	struct rcf_engine_chan_stats cs;
	struct rcf_adapter_stats as;
	struct rcf_engine_chan_id cid;
	struct rcf_engine_stats *es = &dp->es;
	struct rcf_node *n, *m;
	struct rcf_switch *s;
	struct rcf_link *l;
	u32 id, id2, cur, peak;
	void *old;

	lockdep_assert_held(&dp->lock);
	/* the threshold counts must not lose the old adapter's last moves */
	rcf_dp_thresh_take(dp);
	rcf_dp_tot_sum(dp, &dp->tot);
	rcf_dp_pool_carry(dp);
	/* An engine that carried nothing has nothing per object to add. */
	rcf_adapter_stats(dp->ad, &as);
	if (!es->sent_pkts && !es->delivered_pkts && !es->dropped_pkts &&
	    !es->byte_hops && !as.msgs_sent && !as.msgs_received &&
	    !as.path_requests)
		return;
	for (id = 0; (l = rcf_link_next(f, id)); id = l->id + 1) {
		cid.link = l->id;
		for (cid.dir = 0; cid.dir < 2; cid.dir++) {
			for (cid.vc = 0; cid.vc < RCF_LINK_MAX_VCS; cid.vc++) {
				struct rcf_dp_chan *c;

				if (rcf_engine_chan_stats(e, &cid, &cs) ||
				    (!cs.bytes && !cs.blocked))
					continue;
				c = rcf_dp_slot(dp, &dp->chan,
						rcf_dp_chan_key(l->id, cid.dir,
								cid.vc),
						sizeof(*c));
				if (!c)
					continue;
				c->bytes += cs.bytes;
				c->packets += cs.packets;
				c->blocked += cs.blocked;
			}
		}
	}
	for (id = 0; (s = rcf_switch_next(f, id)); id = s->id + 1) {
		if (rcf_engine_cq_stats(e, s->id, &cur, &peak))
			continue;
		old = xa_load(&dp->cq_peak, s->id);
		if (!old || xa_to_value(old) < peak)
			xa_store(&dp->cq_peak, s->id, xa_mk_value(peak),
				 GFP_KERNEL_ACCOUNT);
	}
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1) {
		struct rcf_dp_node *d;

		if (rcf_adapter_node_stats(dp->ad, n->id, &as) ||
		    (!as.msgs_sent && !as.msgs_received && !as.path_requests))
			continue;
		d = rcf_dp_slot(dp, &dp->node, n->id, sizeof(*d));
		if (d) {
			d->msgs_sent += as.msgs_sent;
			d->msgs_received += as.msgs_received;
			d->tx_bytes += as.tx_bytes;
			d->rx_bytes += as.rx_bytes;
			/* waiting messages are carried, not totalled */
			d->path_requests += as.path_requests;
		}
		for (id2 = 0; (m = rcf_node_next(f, id2)); id2 = m->id + 1)
			rcf_dp_pair_add(dp, e, n->id, m->id);
	}
}

static void rcf_dp_xa_free(struct xarray *xa, bool values)
{
	unsigned long i;
	void *p;

	xa_for_each(xa, i, p)
		if (!values)
			kfree(p);
	xa_destroy(xa);
}

void rcf_dp_tot_free(struct rcf_dp *dp)
{
	rcf_dp_xa_free(&dp->chan, false);
	rcf_dp_xa_free(&dp->node, false);
	rcf_dp_xa_free(&dp->pair, false);
	rcf_dp_xa_free(&dp->cq_peak, true);
}

/* Zeroes every counter; occupancies and the cycle count stay. */
void rcf_dp_tot_reset(struct rcf_dp *dp)
{
	u64 cycles = dp->tot.cycles, gen = dp->tot.gen;
	int i;

	lockdep_assert_held(&dp->lock);
	if (dp->ad) {
		struct rcf_engine *e = rcf_adapter_engine(dp->ad);

		cycles += rcf_engine_now(e);
		rcf_engine_stats_reset(e);
		rcf_adapter_stats_reset(dp->ad);
		/* The live engine's clock is not reset; keep the sum right. */
		cycles -= rcf_engine_now(e);
	}
	rcf_dp_tot_free(dp);
	memset(&dp->tot, 0, sizeof(dp->tot));
	dp->tot.cycles = cycles;
	dp->tot.gen = gen;
	dp->tot.lat_min = U64_MAX;
	for (i = 0; i < __RCF_DROP_MAX; i++)
		atomic64_set(&dp->kdrops[i], 0);
}
