// SPDX-License-Identifier: GPL-2.0
/*
 * The traffic generator in the data path (Documentation/datapath.rst,
 * "Traffic generator"): a run owns a fresh engine built from the
 * committed configuration, the dp kthread drives it in place of IP
 * (which stays queued, so the run sees exactly what rcfsim sees for the
 * same fabric, routes, spec and seed), and its end is announced on the
 * events group.  Everything here runs under dp->lock unless noted.
 */
#include <linux/slab.h>

#include "rcf.h"
#include "core/traffic/traffic.h"

struct rcf_dp_traffic {
	struct rcf_traffic_spec spec;
	u32 *ids;			/* node index -> id */
	struct rcf_traffic *t;		/* NULL once the run is over */
	struct rcf_traffic_results res;	/* kept when t goes */
	u32 hot_id;
	u64 slice;			/* generator cycles per slice */
	u64 full;			/* of them at most run in full */
};

/* a node id's index: ids ascend; the id is known to be a node */
static u32 rcf_dp_traffic_idx(const struct rcf_dp_traffic *tr, u32 id)
{
	u32 lo = 0, hi = tr->spec.nodes;

	while (hi - lo > 1) {
		u32 mid = lo + (hi - lo) / 2;

		if (tr->ids[mid] <= id)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* The replay lists, given with node ids, into the generator's indices. */
static void rcf_dp_traffic_index(struct rcf_dp_traffic *tr)
{
	struct rcf_traffic_arc *a = (struct rcf_traffic_arc *)tr->spec.arcs;
	struct rcf_traffic_msg *m = (struct rcf_traffic_msg *)tr->spec.trace;
	u32 i;

	for (i = 0; i < tr->spec.narcs; i++) {
		a[i].src = rcf_dp_traffic_idx(tr, a[i].src);
		a[i].dst = rcf_dp_traffic_idx(tr, a[i].dst);
	}
	for (i = 0; i < tr->spec.ntrace; i++) {
		m[i].src = rcf_dp_traffic_idx(tr, m[i].src);
		m[i].dst = rcf_dp_traffic_idx(tr, m[i].dst);
	}
}

/*
 * On success the run owns s's arcs, trace and sizes (kvmalloc'ed, node
 * ids in the arcs and trace, which become indices here).
 */
struct rcf_dp_traffic *rcf_dp_traffic_alloc(struct rcf_fabric *f,
					    const struct rcf_traffic_spec *s,
					    u32 hot_id)
{
	struct rcf_dp_traffic *tr = kzalloc(sizeof(*tr), GFP_KERNEL_ACCOUNT);
	struct rcf_node *n;
	u32 id, i = 0;

	if (!tr)
		return NULL;
	tr->spec = *s;
	tr->hot_id = hot_id;
	tr->slice = 1024;
	tr->full = 1024;
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
		i++;
	tr->ids = kcalloc(max(i, 1U), sizeof(*tr->ids), GFP_KERNEL_ACCOUNT);
	if (!tr->ids) {
		kfree(tr);
		return NULL;
	}
	i = 0;
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1) {
		if (n->id == hot_id && s->pattern == RCF_TRAFFIC_HOTSPOT)
			tr->spec.param = i;
		tr->ids[i++] = n->id;
	}
	tr->spec.nodes = i;
	tr->spec.node_ids = tr->ids;
	rcf_dp_traffic_index(tr);
	return tr;
}

void rcf_dp_traffic_free(struct rcf_dp_traffic *tr)
{
	if (!tr)
		return;
	rcf_traffic_free(tr->t);
	kvfree(tr->spec.sizes);
	kvfree(tr->spec.arcs);
	kvfree(tr->spec.trace);
	kfree(tr->ids);
	kfree(tr);
}

/* The generator on the adapter the run will own (not yet live). */
int rcf_dp_traffic_prepare(struct rcf_dp_traffic *tr, struct rcf_adapter *ad)
{
	return rcf_traffic_new(&tr->spec, ad, &tr->t);
}

/* Results now, of a run under way or over. */
void rcf_dp_traffic_results(struct rcf_dp_traffic *tr,
			    struct rcf_traffic_results *r)
{
	if (tr->t)
		rcf_traffic_results(tr->t, r);
	else
		*r = tr->res;
}

const struct rcf_traffic_spec *rcf_dp_traffic_spec(struct rcf_dp_traffic *tr,
						   u32 *hot_id)
{
	*hot_id = tr->hot_id;
	return &tr->spec;
}

u64 rcf_dp_traffic_seed(struct rcf_dp_traffic *tr)
{
	return tr->spec.seed;
}

bool rcf_dp_traffic_running(struct rcf_dp_traffic *tr)
{
	return tr && tr->t;
}

/* The completion event, built now and sent by the kthread unlocked. */
static void rcf_dp_traffic_event(struct rcf_dp *dp)
{
	struct sk_buff *skb = rcf_traffic_done_msg(dp->tr);

	if (!skb)
		return;
	kfree_skb(xchg(&dp->tr_ev, skb));
	wake_up(&dp->wq);
}

/* Ends a run: results frozen, the generator freed, IP let through. */
void rcf_dp_traffic_end(struct rcf_dp *dp, int err)
{
	struct rcf_dp_traffic *tr = dp->tr;

	lockdep_assert_held(&dp->lock);
	if (!rcf_dp_traffic_running(tr))
		return;
	rcf_traffic_results(tr->t, &tr->res);
	if (err && !tr->res.error)
		tr->res.error = err;
	tr->res.done = true;
	rcf_traffic_free(tr->t);
	tr->t = NULL;
	/*
	 * A drained run leaves the engine empty (IP waited): its pool, as
	 * large as the run's backlog made it, goes back now rather than
	 * with the fabric.
	 */
	rcf_engine_trim(rcf_adapter_engine(dp->ad));
	WRITE_ONCE(dp->tr_run, false);
	rcf_dp_traffic_event(dp);
}

/* Replaces the last run's state by tr, whose generator is on dp->ad. */
void rcf_dp_traffic_install(struct rcf_dp *dp, struct rcf_dp_traffic *tr)
{
	lockdep_assert_held(&dp->lock);
	rcf_dp_traffic_free(dp->tr);
	dp->tr = tr;
	WRITE_ONCE(dp->tr_run, true);
}

void rcf_dp_traffic_stop(struct rcf_dp *dp)
{
	lockdep_assert_held(&dp->lock);
	if (rcf_dp_traffic_running(dp->tr))
		rcf_traffic_stop(dp->tr->t);
}

/*
 * One slice of the run from the kthread: free-running, whatever the
 * fabric's clock (the run is measured in cycles).  True while it goes on.
 * Slices are kept near RCF_DP_SLICE_NS of CPU, like IP's, so that an
 * epoch or a stats request waits for dp->lock no longer than that on a
 * fabric of any size; how a run is sliced does not change it by a cycle
 * (a drained run ends when the engine is quiet, credits home too;
 * kmod/core/test/test_traffic.c), so it still matches rcfsim's.
 */
bool rcf_dp_traffic_slice(struct rcf_dp *dp)
{
	struct rcf_dp_traffic *tr = dp->tr;
	struct rcf_traffic *t = tr->t;
	struct rcf_engine *e = rcf_adapter_engine(dp->ad);
	ktime_t t0 = ktime_get();
	long long ran;
	s64 ns;

	rcf_engine_set_full(e, tr->full);
	ran = rcf_traffic_run(t, tr->slice);
	ns = ktime_to_ns(ktime_sub(ktime_get(), t0));
	rcf_dp_full_adapt(&tr->full, rcf_engine_full_spent(e), ns);
	rcf_engine_set_full(e, 0);
	if (ran == tr->slice && ns < RCF_DP_SLICE_NS / 2 &&
	    tr->slice < (1ULL << 30))
		tr->slice *= 2;
	else if (ns > RCF_DP_SLICE_NS * 2 && tr->slice > 16)
		tr->slice /= 2;
	if (ran == -EDEADLK) {
		dp->stuck = true;
		pr_warn_ratelimited("rcf: traffic run deadlocked the engine; waiting for a new configuration\n");
	}
	if (ran < 0 || rcf_traffic_done(t)) {
		rcf_dp_traffic_end(dp, 0);
		return false;
	}
	return true;
}

/*
 * An epoch replaced the engine (dp->lock held).  The run continues on the
 * new one (paused while the old one drained) unless the old one lost
 * packets (it was deadlocked) or a node of the run is gone; then it
 * ends, ECANCELED.
 */
void rcf_dp_traffic_rebind(struct rcf_dp *dp, struct rcf_fabric *f,
			   struct rcf_adapter *ad, bool lost)
{
	struct rcf_dp_traffic *tr = dp->tr;
	u32 i;

	if (!rcf_dp_traffic_running(tr))
		return;
	for (i = 0; i < tr->spec.nodes && !lost; i++)
		lost = !rcf_node_get(f, tr->ids[i]);
	if (lost)
		rcf_dp_traffic_end(dp, -ECANCELED);
	else
		rcf_traffic_rebind(tr->t, ad);
}

/* Adapter delivery while a run owns the engine: all of it is traffic. */
void rcf_dp_traffic_deliver(struct rcf_dp *dp, u32 dst, u32 src,
			    const u8 *msg, u32 len, u64 cookie, u64 latency)
{
	rcf_traffic_deliver(dp->tr->t, dst, src, msg, len, cookie, latency);
}

/* From the kthread without dp->lock: the completion event, if any. */
void rcf_dp_traffic_notify(struct rcf_dp *dp)
{
	struct sk_buff *skb = xchg(&dp->tr_ev, NULL);

	if (skb)
		rcf_ntf_send(dp->rn->net, skb);
}
