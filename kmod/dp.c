// SPDX-License-Identifier: GPL-2.0
/*
 * The data path of one fabric: node netdevs queue IP packets, a kthread
 * feeds them to the node adapter and runs the engine in slices, and
 * delivered messages go up the destination node's netdev.  Design and
 * the reasons behind it: Documentation/datapath.rst.
 */
#include <linux/cgroup.h>
#include <linux/kthread.h>
#include <linux/memcontrol.h>
#include <linux/sched/mm.h>
#include <linux/math64.h>
#include <linux/sched.h>
#include <linux/hrtimer.h>

#include "rcf.h"

/*
 * The fast mode gives the reference mode's results to the byte and the
 * cycle (Documentation/engine.rst), in less time: it is the default, and
 * the reference mode is there to check it against or to fall back on.
 */
static bool rcf_exact_default;
module_param_named(engine_exact, rcf_exact_default, bool, 0644);
MODULE_PARM_DESC(engine_exact,
		 "a new fabric's engine runs the reference mode, not the fast one");

bool rcf_dp_exact_default(void)
{
	return READ_ONCE(rcf_exact_default);
}

void rcf_dp_kdrop(struct rcf_dp *dp, int reason)
{
	atomic64_inc(&dp->kdrops[reason]);
	rcf_os_trace(kdrop, reason);
}

/* Adapter delivery: a whole IP packet for node dst. */
static void rcf_dp_deliver(void *priv, u32 dst, u32 src, const u8 *msg,
			   u32 len, u64 cookie, u64 latency)
{
	struct rcf_dp *dp = priv;
	struct net_device *dev = dst < RCF_MAX_NODES ? dp->ndev[dst] : NULL;
	struct sk_buff *skb;
	__be16 proto;

	if (rcf_dp_traffic_running(dp->tr)) {
		rcf_dp_traffic_deliver(dp, dst, src, msg, len, cookie, latency);
		return;
	}
	if (!dev || !netif_running(dev)) {
		rcf_dp_kdrop(dp, RCF_DROP_DOWN);
		if (dev)
			dev_core_stats_rx_dropped_inc(dev);
		return;
	}
	if (len && msg[0] >> 4 == 4) {
		proto = htons(ETH_P_IP);
	} else if (len && msg[0] >> 4 == 6) {
		proto = htons(ETH_P_IPV6);
	} else {
		rcf_dp_kdrop(dp, RCF_DROP_NOT_IP);
		dev_core_stats_rx_dropped_inc(dev);
		return;
	}
	skb = netdev_alloc_skb_ip_align(dev, len);
	if (!skb) {
		rcf_dp_kdrop(dp, RCF_DROP_NO_MEM);
		dev_core_stats_rx_dropped_inc(dev);
		return;
	}
	skb_put_data(skb, msg, len);
	skb->protocol = proto;
	skb->pkt_type = PACKET_HOST;
	skb_reset_mac_header(skb);
	skb_reset_network_header(skb);
	dev->stats.rx_packets++;
	dev->stats.rx_bytes += len;
	/*
	 * Into the stack here, in the fabric's order.  netif_rx would queue
	 * the skb on the backlog of the CPU the kthread happens to run on;
	 * when that CPU's softirq has been pushed to ksoftirqd and the
	 * kthread then moves, the next message of the pair is taken on the
	 * other CPU first, and a pair's messages, kept in order by the
	 * fabric (paths, routes, reassembly), would reach sockets out of it.
	 */
	local_bh_disable();
	netif_receive_skb(skb);
	local_bh_enable();
}

static const struct rcf_adapter_ops rcf_dp_ops = {
	.deliver = rcf_dp_deliver,
	.path_returned = rcf_dp_path_returned,
	.path_request = rcf_dp_path_request,
	.capture = rcf_dp_capture,
};

/* Called from ndo_start_xmit: atomic context, the engine is not touched. */
netdev_tx_t rcf_dp_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct rcf_ndev *nd = netdev_priv(dev);
	struct rcf_dp *dp = nd->dp;
	int dst;

	dst = rcf_dp_lookup(dp, skb);
	if (dst < 0) {
		rcf_dp_kdrop(dp, -dst);
		goto drop;
	}
	if (skb->len > RCF_ADAPTER_MAX_MSG) {
		rcf_dp_kdrop(dp, RCF_DROP_MSG_SIZE);
		goto drop;
	}
	*(u32 *)skb->cb = dst;
	spin_lock(&dp->txlock);
	if (nd->dead) {
		spin_unlock(&dp->txlock);
		rcf_dp_kdrop(dp, RCF_DROP_DOWN);
		goto drop;
	}
	__skb_queue_tail(&nd->txq, skb);
	dp->pending++;
	if (nd->stalled)
		dp->nstalled++;
	else if (list_empty(&nd->active))
		list_add_tail(&nd->active, &dp->active);
	if (skb_queue_len(&nd->txq) >= RCF_DP_TXQ_LEN)
		netif_stop_queue(dev);
	spin_unlock(&dp->txlock);
	/*
	 * A busy kthread feeds before its next slice anyway: waking it
	 * would only take the wait queue's lock against it for every skb.
	 * The barrier in wq_has_sleeper pairs with the one in its wait.
	 */
	if (wq_has_sleeper(&dp->wq))
		wake_up(&dp->wq);
	return NETDEV_TX_OK;
drop:
	dev_core_stats_tx_dropped_inc(dev);
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

/*
 * The adapter's queue of messages waiting for a path is full at nd's
 * node: skb goes back to the head of the node's queue and the node
 * waits on dp->stalled, giving the kthread no work, until something
 * may have made room (rcf_dp_unstall).  Its netdev queue stops when the
 * node's queue fills, as for any congestion; nothing is dropped.
 */
static void rcf_dp_stall(struct rcf_dp *dp, struct rcf_ndev *nd,
			 struct sk_buff *skb)
{
	spin_lock_bh(&dp->txlock);
	__skb_queue_head(&nd->txq, skb);
	dp->pending++;
	if (!nd->stalled) {
		nd->stalled = true;
		/* off the active list or the round's batch */
		list_move_tail(&nd->active, &dp->stalled);
		dp->nstalled += skb_queue_len(&nd->txq);
	} else {
		dp->nstalled++;
	}
	spin_unlock_bh(&dp->txlock);
}

void rcf_dp_unstall(struct rcf_dp *dp)
{
	struct rcf_ndev *nd;
	bool any;

	spin_lock_bh(&dp->txlock);
	any = !list_empty(&dp->stalled);
	list_for_each_entry(nd, &dp->stalled, active)
		nd->stalled = false;
	list_splice_tail_init(&dp->stalled, &dp->active);
	dp->nstalled = 0;
	spin_unlock_bh(&dp->txlock);
	if (any)
		wake_up(&dp->wq);
}

/*
 * One skb of nd into the adapter: 1 when one was taken, 0 when none
 * was, -EAGAIN when the node stalled (rcf_dp_stall).
 */
static int rcf_dp_feed_one(struct rcf_dp *dp, struct rcf_ndev *nd,
			   struct net_device *dev)
{
	struct sk_buff *skb;
	bool wake = false;
	u32 dst, len;
	int err;

	if (rcf_adapter_backlog(dp->ad, nd->node_id) >= RCF_DP_BACKLOG)
		return 0;
	/*
	 * Only this kthread dequeues, and a detach that would free the
	 * queue takes dp->lock, held here: the head stays put meanwhile.
	 */
	spin_lock_bh(&dp->txlock);
	skb = skb_peek(&nd->txq);
	dst = skb ? *(u32 *)skb->cb : 0;
	len = skb ? skb->len : 0;
	spin_unlock_bh(&dp->txlock);
	/*
	 * The pool's budget is held by packets in flight: the skb stays
	 * queued, as for the backlog, and the queue stops when it fills.
	 */
	if (skb && rcf_adapter_room(dp->ad, nd->node_id, dst, len) ==
	    -ENOBUFS) {
		if (!nd->nobufs)
			rcf_engine_refused(rcf_adapter_engine(dp->ad));
		nd->nobufs = true;
		return 0;
	}
	nd->nobufs = false;
	spin_lock_bh(&dp->txlock);
	skb = __skb_dequeue(&nd->txq);
	if (skb) {
		dp->pending--;
		if (skb_queue_empty(&nd->txq))
			list_del_init(&nd->active);
		wake = skb_queue_len(&nd->txq) < RCF_DP_TXQ_WAKE &&
		       netif_queue_stopped(dev);
	}
	spin_unlock_bh(&dp->txlock);
	if (!skb)
		return 0;
	if (wake)
		netif_wake_queue(dev);
	dst = *(u32 *)skb->cb;
	len = skb->len;
	if (skb_copy_bits(skb, 0, dp->buf, len)) {
		err = -EFAULT;
	} else {
		err = rcf_adapter_send(dp->ad, nd->node_id, dst, dp->buf, len,
				       0);
		if (err == -EAGAIN) {
			rcf_dp_stall(dp, nd, skb);
			return -EAGAIN;
		}
		/* -ENOENT and -EMSGSIZE the adapter counted itself. */
		if (err == -ENOMEM || err == -EINVAL)
			rcf_dp_kdrop(dp, err == -ENOMEM ? RCF_DROP_NO_MEM :
					 RCF_DROP_NO_DEST);
	}
	if (err) {
		dev_core_stats_tx_dropped_inc(dev);
	} else {
		dev->stats.tx_packets++;
		dev->stats.tx_bytes += len;
	}
	consume_skb(skb);
	return 1;
}

/*
 * Queued skbs into the adapter, round robin over the nodes, while each
 * node's adapter backlog is under its bound; the rest stay queued, so a
 * congested fabric stops the netdev queues.
 */
static void rcf_dp_feed(struct rcf_dp *dp)
{
	bool more = true;

	while (more) {
		struct rcf_ndev *nd, *tmp;
		LIST_HEAD(batch);

		more = false;
		spin_lock_bh(&dp->txlock);
		list_splice_init(&dp->active, &batch);
		spin_unlock_bh(&dp->txlock);
		list_for_each_entry_safe(nd, tmp, &batch, active) {
			struct net_device *dev = dp->ndev[nd->node_id];

			/* a stalled node left the batch: not fed again */
			if (dev && rcf_dp_feed_one(dp, nd, dev) > 0)
				more = true;
		}
		/* Put back those still holding skbs. */
		spin_lock_bh(&dp->txlock);
		list_for_each_entry_safe(nd, tmp, &batch, active) {
			list_del_init(&nd->active);
			if (!skb_queue_empty(&nd->txq))
				list_add_tail(&nd->active, &dp->active);
		}
		spin_unlock_bh(&dp->txlock);
	}
}

/* Cycles the wall clock allows now in paced mode. */
static u64 rcf_dp_due(struct rcf_dp *dp, u64 now_cycle)
{
	u64 ns = ktime_to_ns(ktime_sub(ktime_get(), dp->pace_t0));
	u64 due = dp->pace_c0 + mul_u64_u64_div_u64(ns, dp->clock_hz,
						     NSEC_PER_SEC);

	return due > now_cycle ? due - now_cycle : 0;
}

/*
 * The cycles a slice may run in full, kept near RCF_DP_SLICE_NS as the
 * slice's cycles are.  The cycles alone do not bound a slice's time: they
 * grow while the engine jumps over most of them, up to 2^30, and a slice
 * that long whose cycles then have to be run one by one would hold the
 * kthread, and dp->lock, for minutes.  A cycle run in full costs at most
 * a visit of every element, so this count does bound it.
 */
void rcf_dp_full_adapt(u64 *full, bool spent, s64 ns)
{
	if (spent && ns < RCF_DP_SLICE_NS / 2 && *full < (1ULL << 24))
		*full *= 2;
	else if (ns > RCF_DP_SLICE_NS * 2 && *full > 16)
		*full /= 2;
}

/*
 * One slice of the engine.  Returns true while work remains (packets in
 * flight); *wait_ns is how long a paced fabric may sleep first.
 */
static bool rcf_dp_slice(struct rcf_dp *dp, u64 *wait_ns)
{
	struct rcf_engine *e = rcf_adapter_engine(dp->ad);
	u64 now = rcf_engine_now(e), max = dp->slice;
	u64 hz = READ_ONCE(dp->clock_hz);
	ktime_t t0 = ktime_get();
	long long ran;
	s64 ns;

	*wait_ns = 0;
	if (hz) {
		max = min(max, rcf_dp_due(dp, now));
		if (!max) {
			*wait_ns = max_t(u64, NSEC_PER_SEC / hz, 20000);
			return rcf_engine_busy(e);
		}
	}
	rcf_engine_set_full(e, dp->full);
	ran = rcf_engine_run(e, max);
	ns = ktime_to_ns(ktime_sub(ktime_get(), t0));
	rcf_dp_full_adapt(&dp->full, rcf_engine_full_spent(e), ns);
	rcf_engine_set_full(e, 0);
	if (ran == -EDEADLK) {
		dp->stuck = true;
		pr_warn_ratelimited("rcf: engine deadlocked; waiting for a new configuration\n");
		return false;
	}
	/* Keep a slice near RCF_DP_SLICE_NS whatever the speed. */
	if (!hz && ran == max && ns < RCF_DP_SLICE_NS / 2 &&
	    dp->slice < (1ULL << 30))
		dp->slice *= 2;
	else if (!hz && ns > RCF_DP_SLICE_NS * 2 && dp->slice > 64)
		dp->slice /= 2;
	return rcf_engine_busy(e);
}

/*
 * Runs the engine once more: something outside the kthread's feed put
 * packets into it (an injected packet, messages a path released).
 */
void rcf_dp_poke(struct rcf_dp *dp)
{
	atomic_set(&dp->poke, 1);
	wake_up(&dp->wq);
}

/* Suspended for an epoch, only the engine runs: nothing is offered. */
static bool rcf_dp_has_work(struct rcf_dp *dp)
{
	bool go = !READ_ONCE(dp->stuck) && !READ_ONCE(dp->suspended);

	return kthread_should_stop() || READ_ONCE(dp->tr_ev) ||
	       (READ_ONCE(dp->tr_run) && go) ||
	       atomic_xchg(&dp->poke, 0) ||
	       (READ_ONCE(dp->pending) != READ_ONCE(dp->nstalled) && go) ||
	       rcf_dp_path_due(dp) ||
	       (READ_ONCE(dp->suspended) && READ_ONCE(dp->ebusy) &&
		!READ_ONCE(dp->stuck));
}

static int rcf_dp_thread(void *arg)
{
	struct rcf_dp *dp = arg;
	struct mem_cgroup *old_memcg = set_active_memcg(dp->memcg);
	bool busy = false, held;
	u64 wait_ns;

	while (!kthread_should_stop()) {
		/* let a waiting epoch or reader in first (rcf_dp_lock) */
		if (atomic_read(&dp->lock_wanted))
			wait_var_event_timeout(&dp->lock_wanted,
					       !atomic_read(&dp->lock_wanted),
					       msecs_to_jiffies(20));
		mutex_lock(&dp->lock);
		if (!busy && dp->clock_hz && dp->ad) {
			/* Idle time is not made up for: the clock jumps. */
			dp->pace_t0 = ktime_get();
			dp->pace_c0 = rcf_engine_now(rcf_adapter_engine(dp->ad));
		}
		busy = false;
		wait_ns = 0;
		held = dp->suspended;
		if (dp->ad && !dp->stuck && held) {
			busy = rcf_dp_slice(dp, &wait_ns);
		} else if (dp->ad && !dp->stuck &&
			   rcf_dp_traffic_running(dp->tr)) {
			busy = rcf_dp_traffic_slice(dp);
		} else if (dp->ad && !dp->stuck) {
			rcf_dp_feed(dp);
			busy = rcf_dp_slice(dp, &wait_ns);
			/* packets left: messages held by the budget go */
			rcf_adapter_retry(dp->ad);
			busy = busy ||
			       rcf_engine_busy(rcf_adapter_engine(dp->ad));
		}
		if (dp->ad) {
			WRITE_ONCE(dp->ebusy,
				   rcf_engine_busy(rcf_adapter_engine(dp->ad)));
			rcf_dp_pool_snap(dp);
			rcf_dp_thresh_check(dp);
			rcf_dp_path_check(dp);
		}
		mutex_unlock(&dp->lock);
		if (held)
			wake_up(&dp->ewq);
		rcf_dp_traffic_notify(dp);
		rcf_dp_thresh_notify(dp);
		rcf_dp_path_notify(dp);
		if (busy) {
			if (wait_ns) {
				ktime_t to = ns_to_ktime(wait_ns);

				set_current_state(TASK_INTERRUPTIBLE);
				schedule_hrtimeout_range(&to, wait_ns / 4,
							 HRTIMER_MODE_REL);
			} else {
				cond_resched();
			}
			continue;
		}
		/* a path request may expire while all is quiet */
		wait_event_interruptible_timeout(dp->wq, rcf_dp_has_work(dp),
						 rcf_dp_path_timeout(dp));
	}
	set_active_memcg(old_memcg);
	return 0;
}

/*
 * From the task that asks for the fabric (*err set on failure).  Its
 * kthread joins that task's cgroups before it first runs, as vhost's
 * worker does: the CPU the engine burns and the thread itself count
 * against the fabric's owner (cpu, pids), not against the root cgroup.
 */
struct rcf_dp *rcf_dp_new(struct rcf_net *rn, int *err)
{
	struct rcf_dp *dp = kzalloc(sizeof(*dp), GFP_KERNEL_ACCOUNT);
	int i;

	if (!dp)
		return NULL;
	dp->rn = rn;
	mutex_init(&dp->lock);
	atomic_set(&dp->lock_wanted, 0);
	init_waitqueue_head(&dp->wq);
	init_waitqueue_head(&dp->ewq);
	spin_lock_init(&dp->txlock);
	INIT_LIST_HEAD(&dp->active);
	INIT_LIST_HEAD(&dp->stalled);
	rcf_dp_path_init(dp);
	xa_init(&dp->chan);
	xa_init(&dp->node);
	xa_init(&dp->pair);
	xa_init(&dp->cq_peak);
	for (i = 0; i < __RCF_DROP_MAX; i++)
		atomic64_set(&dp->kdrops[i], 0);
	dp->slice = 4096;
	dp->full = 4096;
	dp->exact = rcf_dp_exact_default();
	dp->tot.lat_min = U64_MAX;
	dp->ndev = kvcalloc(RCF_MAX_NODES, sizeof(*dp->ndev),
			    GFP_KERNEL_ACCOUNT);
	dp->buf = kvmalloc(RCF_ADAPTER_MAX_MSG, GFP_KERNEL_ACCOUNT);
	if (!dp->ndev || !dp->buf)
		goto fail;
	/* called from the creator's request: its task, its cgroup */
	dp->memcg = get_mem_cgroup_from_mm(current->mm);
	dp->task = kthread_create(rcf_dp_thread, dp, "rcf-dp");
	if (IS_ERR(dp->task)) {
		*err = PTR_ERR(dp->task);
		goto fail;
	}
	*err = cgroup_attach_task_all(current, dp->task);
	if (*err) {
		kthread_stop(dp->task);
		goto fail;
	}
	wake_up_process(dp->task);
	rcf_debugfs_add(dp);
	return dp;
fail:
	dp->task = NULL;
	rcf_dp_free(dp);
	return NULL;
}

void rcf_dp_stop(struct rcf_dp *dp)
{
	rcf_debugfs_del(dp);
	if (dp->task)
		kthread_stop(dp->task);
	dp->task = NULL;
}

/* After rcf_dp_stop and after every node netdev is gone. */
void rcf_dp_free(struct rcf_dp *dp)
{
	if (dp->ad)
		rcf_adapter_free(dp->ad);
	rcf_dp_cap_stop(dp);
	rcf_dp_traffic_free(dp->tr);
	kfree_skb(dp->tr_ev);
	rcf_dp_thresh_free(dp);
	rcf_dp_path_free(dp);
	rcf_dp_atab_free(dp);
	rcf_dp_tot_free(dp);
	kvfree(dp->ndev);
	kvfree(dp->buf);
	mem_cgroup_put(dp->memcg);
	mutex_destroy(&dp->lock);
	kfree(dp);
}

void rcf_dp_set_clock(struct rcf_dp *dp, u64 hz)
{
	rcf_dp_lock(dp);
	WRITE_ONCE(dp->clock_hz, hz);
	dp->pace_t0 = ktime_get();
	dp->pace_c0 = dp->ad ? rcf_engine_now(rcf_adapter_engine(dp->ad)) : 0;
	mutex_unlock(&dp->lock);
	wake_up(&dp->wq);
}

/*
 * The pool gets what the fabric's mem-limit leaves to it: the limit less
 * the model and the engine's tables; no limit, no budget.  Every epoch
 * weighs its tables against the limit first (rcf_epoch_fits, and
 * rcf_epoch_paths for the model a paths-only one grows), so the budget
 * never starts out at nothing; 1 byte, which admits no packet, only if
 * the limit was lowered under a running engine some other way.
 */
static void rcf_dp_budget_of(struct rcf_adapter *ad,
			     const struct rcf_fabric *f, u64 tables)
{
	u64 used = f->mem + tables, lim = f->mem_limit;

	rcf_engine_set_budget(rcf_adapter_engine(ad),
			      !lim ? 0 : used < lim ? lim - used : 1);
}

void rcf_dp_set_budget(struct rcf_dp *dp, const struct rcf_fabric *f,
		       u64 tables)
{
	if (!dp->ad)
		return;
	rcf_dp_budget_of(dp->ad, f, tables);
	WRITE_ONCE(dp->pool.tables, tables);
	rcf_dp_pool_snap(dp);
}

/*
 * The counters are the fabric's, not one engine's: an epoch that builds
 * a new engine must not take pool-refused back to 0, so what the old
 * one counted is kept in pool0 and added on.
 */
void rcf_dp_pool_snap(struct rcf_dp *dp)
{
	struct rcf_engine *e = rcf_adapter_engine(dp->ad);
	struct rcf_engine_pool p;

	rcf_engine_pool_stats(e, &p);
	WRITE_ONCE(dp->pool.bytes, p.bytes);
	WRITE_ONCE(dp->pool.peak, max(p.peak, dp->pool0.peak));
	WRITE_ONCE(dp->pool.held, p.held);
	WRITE_ONCE(dp->pool.budget, p.budget);
	WRITE_ONCE(dp->pool.refused, p.refused + dp->pool0.refused);
	WRITE_ONCE(dp->pool.over, p.over + dp->pool0.over);
}

void rcf_dp_pool_carry(struct rcf_dp *dp)
{
	rcf_dp_pool_snap(dp);
	dp->pool0.peak = dp->pool.peak;
	dp->pool0.refused = dp->pool.refused;
	dp->pool0.over = dp->pool.over;
}

/*
 * The fabric's path timeout turns the adapter's path waits on.  The mode
 * is set on the new engine, quiet until the adapter takes over waiting
 * messages: a running one changes mode only by being replaced.
 */
struct rcf_adapter *rcf_dp_adapter_new(struct rcf_dp *dp,
				       struct rcf_fabric *f, u8 policy,
				       bool exact,
				       const struct rcf_dp_model *m,
				       u64 *tables)
{
	struct rcf_adapter *ad = rcf_adapter_new(f, policy, &rcf_dp_ops, dp);
	u64 fail;

	if (!ad)
		return NULL;
	/* the policy held every value in range: these cannot fail */
	if (rcf_engine_set_exact(rcf_adapter_engine(ad), exact) ||
	    rcf_engine_configure(rcf_adapter_engine(ad), &m->cfg) ||
	    rcf_adapter_set_raw(ad, m->raw) ||
	    rcf_adapter_set_dest(ad, m->dest)) {
		rcf_adapter_free(ad);
		return NULL;
	}
	rcf_adapter_set_path_wait(ad, READ_ONCE(dp->path_timeout_ms) != 0);
	fail = atomic64_xchg(&dp->fail_next, 0);
	rcf_engine_fail_hops(rcf_adapter_engine(ad), fail >> 32, (u32)fail);
	/* before it takes over waiting messages; again once f commits */
	*tables = rcf_engine_table_bytes(rcf_adapter_engine(ad));
	rcf_dp_budget_of(ad, f, *tables);
	return ad;
}

int rcf_dp_rebuild(struct rcf_dp *dp, struct rcf_fabric *f)
{
	return rcf_dp_rebuild_traffic(dp, f, NULL);
}

/*
 * A new engine for the committed model f, outside any epoch: the first
 * one, or a traffic run's.  The old one drains first, as an epoch's
 * does (injection held, bounded by RCF_EPOCH_TIMEOUT_MS); what a drain
 * that times out or a deadlocked engine still holds is dropped and
 * counted as RCF_DROP_RECONFIG.  A traffic run on the old engine ends
 * there (ECANCELED); tr, if given, starts on the new one.
 */
int rcf_dp_rebuild_traffic(struct rcf_dp *dp, struct rcf_fabric *f,
			   struct rcf_dp_traffic *tr)
{
	struct rcf_adapter *ad;
	struct rcf_dp_model m;
	u64 tables;
	int err;

	err = rcf_dp_atab_build(dp, f);
	if (err)
		return err;
	rcf_dp_model_get(&dp->model, &m);
	/*
	 * A run's random selection follows its seed, as rcfsim's does, so
	 * a seeded run by a relation is the same run in both.
	 */
	if (tr)
		m.cfg.seed = rcf_dp_traffic_seed(tr);
	ad = rcf_dp_adapter_new(dp, f, dp->policy, READ_ONCE(dp->exact), &m,
				&tables);
	if (!ad) {
		pr_warn("rcf: no memory for a new engine; keeping the old one\n");
		return -ENOMEM;
	}
	err = tr ? rcf_dp_traffic_prepare(tr, ad) : 0;
	if (err) {
		rcf_adapter_free(ad);
		return err;
	}
	if (dp->ad) {
		rcf_dp_suspend(dp);
		rcf_dp_wait_idle(dp, RCF_EPOCH_TIMEOUT_MS, NULL);
	}
	rcf_dp_lock(dp);
	if (dp->ad) {
		dp->tot.drops[RCF_DROP_RECONFIG] +=
			rcf_engine_busy(rcf_adapter_engine(dp->ad));
		rcf_dp_traffic_end(dp, -ECANCELED);
		/* before the totals: what it drops counts at the old one */
		rcf_adapter_carry(ad, dp->ad);
		rcf_dp_tot_add(dp, f);
		rcf_adapter_free(dp->ad);
	}
	dp->ad = ad;
	rcf_dp_cap_apply(dp);
	rcf_dp_set_budget(dp, f, tables);
	rcf_dp_path_nodes_gone(dp, f);
	if (tr)
		rcf_dp_traffic_install(dp, tr);
	dp->ad_epoch = f->epoch;
	dp->tot.gen++;
	WRITE_ONCE(dp->stuck, false);
	dp->pace_t0 = ktime_get();
	dp->pace_c0 = 0;
	dp->suspended = false;
	mutex_unlock(&dp->lock);
	/* what the new adapter took over went into its engine */
	rcf_dp_poke(dp);
	rcf_dp_unstall(dp);
	rcf_dp_path_notify(dp);
	return 0;
}

void rcf_dp_attach(struct rcf_dp *dp, struct net_device *dev)
{
	struct rcf_ndev *nd = netdev_priv(dev);

	rcf_dp_lock(dp);
	dp->ndev[nd->node_id] = dev;
	mutex_unlock(&dp->lock);
}

/* Idempotent: detach and ndo_uninit both call it. */
void rcf_dp_detach(struct rcf_dp *dp, struct net_device *dev)
{
	struct rcf_ndev *nd = netdev_priv(dev);
	struct sk_buff_head q;
	struct sk_buff *skb;

	__skb_queue_head_init(&q);
	rcf_dp_lock(dp);
	if (dp->ndev[nd->node_id] == dev)
		dp->ndev[nd->node_id] = NULL;
	spin_lock_bh(&dp->txlock);
	nd->dead = true;
	list_del_init(&nd->active);
	dp->pending -= skb_queue_len(&nd->txq);
	if (nd->stalled)
		dp->nstalled -= skb_queue_len(&nd->txq);
	nd->stalled = false;
	skb_queue_splice_init(&nd->txq, &q);
	spin_unlock_bh(&dp->txlock);
	mutex_unlock(&dp->lock);
	while ((skb = __skb_dequeue(&q))) {
		rcf_dp_kdrop(dp, RCF_DROP_DOWN);
		dev_core_stats_tx_dropped_inc(dev);
		kfree_skb(skb);
	}
}
