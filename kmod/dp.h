/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The data path of one fabric (Documentation/datapath.rst): a node
 * adapter (which owns the engine) built from the model, the kthread that
 * runs it, the node netdevs' transmit queues, the address table and the
 * counters that outlive each engine.
 */
#ifndef _RCF_KMOD_DP_H
#define _RCF_KMOD_DP_H

#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/wait.h>
#include <linux/wait_bit.h>
#include <linux/xarray.h>
#include <net/genetlink.h>

#include "core/adapter/adapter.h"

#define RCF_DP_TXQ_LEN		64	/* skbs queued per node netdev */
#define RCF_DP_TXQ_WAKE		16	/* restart the netdev queue below this */
#define RCF_DP_BACKLOG		(4 * 1024)	/* adapter bytes per node */
#define RCF_DP_SLICE_NS		1000000	/* target length of one run slice */

struct rcf_net;

/* Totals of the engines and adapters gone, plus kernel-side drops. */
struct rcf_dp_tot {
	u64 cycles, gen;
	u64 pkts_sent, pkts_delivered, pkts_dropped;
	u64 injected, delivered, dropped, byte_hops;
	u64 lat_sum, lat_min, lat_max;
	u64 lat_hist[RCF_ENGINE_LAT_BUCKETS];
	u64 msgs_sent, msgs_received, tx_bytes, rx_bytes;
	u64 drops[__RCF_DROP_MAX];
	u64 rel_class[2];	/* RCF_STATS_REL_ADAPTIVE, REL_ESCAPE */
	u64 islip_grants, islip_accepts;
};

struct rcf_dp_chan {
	u64 bytes, packets, blocked;
};

struct rcf_dp_node {
	u64 msgs_sent, msgs_received, tx_bytes, rx_bytes;
	u64 path_requests;
};

/* src sent to dst: packets, bytes and messages; dst received from src */
struct rcf_dp_pair {
	struct rcf_engine_pair_stats e;
	u64 msgs_sent, msgs_received;
};

/* One address of the table, sorted by (v6, a). */
struct rcf_dp_addr {
	struct rcf_addr addr;
	u32 node;
};

/* One epoch, applied or rolled back (enum rcf_epoch_attr). */
struct rcf_epoch_rec {
	u64 number;
	u8 mode;
	u32 error;
	u64 suspend_ns, drain_ns, apply_ns, resume_ns;
	u64 inflight, drain_cycles, held;
};

struct rcf_dp_atab {
	struct rcu_head rcu;
	u32 n;
	struct rcf_dp_addr e[];
};

/*
 * A fabric's engine model settings (RCF_A_FABRIC_CQ_OFF, ROUTE_DELAY,
 * ALLOC, RAW, SELECT, ROUTING), put on every engine built for it.
 * Written under the fabric mutex, read by dumps without it: field by
 * field, each once.  The selection's seed stays 0, the engine's fixed
 * one, so that a run is the same every time.
 */
struct rcf_dp_model {
	struct rcf_engine_cfg cfg;
	bool raw;
	bool dest;		/* RCF_ROUTING_RELATION */
};

static inline void rcf_dp_model_get(const struct rcf_dp_model *src,
				    struct rcf_dp_model *m)
{
	m->cfg.route_delay = READ_ONCE(src->cfg.route_delay);
	m->cfg.alloc = READ_ONCE(src->cfg.alloc);
	m->cfg.cq_off = READ_ONCE(src->cfg.cq_off);
	m->cfg.select = READ_ONCE(src->cfg.select);
	m->cfg.seed = 0;
	m->raw = READ_ONCE(src->raw);
	m->dest = READ_ONCE(src->dest);
}

static inline void rcf_dp_model_set(struct rcf_dp_model *dst,
				    const struct rcf_dp_model *m)
{
	WRITE_ONCE(dst->cfg.route_delay, m->cfg.route_delay);
	WRITE_ONCE(dst->cfg.alloc, m->cfg.alloc);
	WRITE_ONCE(dst->cfg.cq_off, m->cfg.cq_off);
	WRITE_ONCE(dst->cfg.select, m->cfg.select);
	WRITE_ONCE(dst->raw, m->raw);
	WRITE_ONCE(dst->dest, m->dest);
}

static inline bool rcf_dp_model_equal(const struct rcf_dp_model *a,
				      const struct rcf_dp_model *b)
{
	return a->cfg.route_delay == b->cfg.route_delay &&
	       a->cfg.alloc == b->cfg.alloc && a->cfg.cq_off == b->cfg.cq_off &&
	       a->cfg.select == b->cfg.select && a->raw == b->raw &&
	       a->dest == b->dest;
}

struct rcf_dp {
	struct rcf_net *rn;
	/*
	 * Guards ad, ndev[], the totals and the counters below; taken by
	 * the kthread per slice, by rebuilds and by stats requests.
	 */
	struct mutex lock;
	atomic_t lock_wanted;		/* rcf_dp_lock() callers waiting */
	struct rcf_adapter *ad;
	struct net_device **ndev;	/* by node id */
	u8 *buf;			/* one message, for skb_copy_bits */
	u64 clock_hz;
	u8 policy;
	bool exact;			/* engine mode: reference, not fast */
	struct rcf_dp_model model;	/* the engine's model settings */
	bool stuck;			/* engine reported -EDEADLK */
	u64 slice;			/* cycles per free-running slice */
	u64 full;			/* of them at most run in full */
	ktime_t pace_t0;		/* paced: engine cycle pace_c0 at t0 */
	u64 pace_c0;
	u64 ad_epoch;			/* model epoch ad was built from */
	struct rcf_dp_tot tot;
	/* Scratch for stats reports, too big for a kernel stack. */
	struct rcf_engine_stats es;
	struct rcf_dp_tot report;
	struct xarray chan;		/* struct rcf_dp_chan by rcf_dp_chan_key */
	struct xarray node;		/* struct rcf_dp_node by node id */
	struct xarray pair;		/* rcf_dp_pair, src * MAX + dst */
	struct xarray cq_peak;		/* u32 peak by switch id (xa_mk_value) */

	struct task_struct *task;
	/*
	 * The fabric creator's memory cgroup: what the kthread allocates
	 * (packets, pool blocks) is charged there, not to the root.
	 */
	struct mem_cgroup *memcg;
	wait_queue_head_t wq;
	/* Guards every node's txq, the active list and pending. */
	spinlock_t txlock;
	struct list_head active;	/* rcf_ndev with skbs queued */
	unsigned int pending;
	atomic64_t kdrops[__RCF_DROP_MAX];	/* drops counted in xmit */
	atomic_t poke;			/* run the engine: rcf_dp_poke() */
	struct dentry *dbg;		/* debugfs directory, or NULL */
	struct rcf_dp_atab __rcu *atab;
	/* dp_traffic.c: the current or last run (under lock), its event */
	struct rcf_dp_traffic *tr;
	bool tr_run;			/* tr under way (read unlocked) */
	struct sk_buff *tr_ev;
	/* dp_thresh.c: threshold_2 (0: off), its state (under lock) */
	u32 msg_threshold;
	struct rcf_dp_thresh *th;
	/*
	 * dp_epoch.c: injection held (under lock), packets alive as the
	 * kthread last saw them (read unlocked), woken after each slice
	 * while suspended; the last epoch (under the fabric mutex).
	 */
	bool suspended;
	u64 ebusy;
	/*
	 * The engine's memory as the kthread or the last epoch saw it
	 * (written under lock, read unlocked): fabric show reports it.
	 */
	struct rcf_engine_pool pool;
	/* what the engines replaced so far had refused, overrun and peaked */
	struct rcf_engine_pool pool0;
	wait_queue_head_t ewq;
	struct rcf_epoch_rec last_ep;
	/*
	 * debugfs fail_hops for the next engine built: pieces it will
	 * refuse (low 32 bits) after giving the first ones (high 32)
	 */
	atomic64_t fail_next;
	/*
	 * dp_path.c (Documentation/paths.rst): the fabric's path timeout
	 * (0: requests off; written under lock, read unlocked), the
	 * outstanding requests and the earliest ns (ktime) one expires at
	 * (0: none; read unlocked), a copy of the model's paths for what
	 * the kthread reports (under lock), and the path events queued
	 * for sending with no lock held.
	 */
	u32 path_timeout_ms;
	struct xarray preq;		/* struct rcf_dp_preq by pair key */
	u32 npreq;
	u64 preq_due;
	struct xarray paths;		/* struct rcf_dp_pcopy by path id */
	spinlock_t pev_lock;		/* guards pev and pev_hold */
	struct list_head pev;		/* struct rcf_dp_pev to send */
	bool pev_hold;			/* a change request sends them */
	/*
	 * Nodes whose adapter queue for path waits is full, off the active
	 * list until something may have made room (under txlock), and the
	 * skbs they hold, which give the kthread no work.
	 */
	struct list_head stalled;
	unsigned int nstalled;
	/* dp_cap.c: the fabric's packet capture, or NULL (under lock) */
	struct rcf_dp_cap *cap;
};

/*
 * dp->lock for everyone but the kthread.  The kthread takes the mutex
 * again right after each slice, before a sleeping waiter can wake, and a
 * mutex is not fair; it steps aside while lock_wanted is set
 * (rcf_dp_thread), so an epoch or a stats request waits one slice at
 * most.
 */
static inline void rcf_dp_lock(struct rcf_dp *dp)
{
	atomic_inc(&dp->lock_wanted);
	mutex_lock(&dp->lock);
	atomic_dec(&dp->lock_wanted);
	wake_up_var(&dp->lock_wanted);
}

/* Private part of a node netdev. */
struct rcf_ndev {
	u32 node_id;
	struct rcf_dp *dp;
	struct sk_buff_head txq;	/* under dp->txlock */
	struct list_head active;	/* on dp->active while txq is not empty */
	bool dead;			/* detached: xmit drops */
	bool stalled;			/* on dp->stalled instead */
	bool nobufs;			/* head skb counted as refused */
};

static inline unsigned long rcf_dp_chan_key(u32 link, u8 dir, u8 vc)
{
	return ((unsigned long)link << 3) | (dir << 2) | vc;
}

/* dp.c */
struct rcf_dp *rcf_dp_new(struct rcf_net *rn, int *err);
void rcf_dp_stop(struct rcf_dp *dp);
void rcf_dp_free(struct rcf_dp *dp);
int rcf_dp_rebuild(struct rcf_dp *dp, struct rcf_fabric *f);
void rcf_dp_set_clock(struct rcf_dp *dp, u64 hz);
void rcf_dp_attach(struct rcf_dp *dp, struct net_device *dev);
void rcf_dp_detach(struct rcf_dp *dp, struct net_device *dev);
netdev_tx_t rcf_dp_xmit(struct sk_buff *skb, struct net_device *dev);
void rcf_dp_kdrop(struct rcf_dp *dp, int reason);
/*
 * The engine's pool budget from f's mem-limit and its tables' bytes,
 * rcf_engine_table_bytes() as the caller counted it (dp->lock held).
 */
void rcf_dp_set_budget(struct rcf_dp *dp, const struct rcf_fabric *f,
		       u64 tables);
/* dp->pool from the engine (dp->lock held). */
void rcf_dp_pool_snap(struct rcf_dp *dp);
/* The engine about to be replaced leaves its counts (dp->lock held). */
void rcf_dp_pool_carry(struct rcf_dp *dp);

/*
 * dp_cap.c: packet capture.  capture is the adapter's op; apply puts
 * the capture on a new adapter and stop ends it with the fabric (both
 * dp->lock held, or the data path stopped).
 */
void rcf_dp_capture(void *priv, const struct rcf_adapter_cap *c);
void rcf_dp_cap_apply(struct rcf_dp *dp);
void rcf_dp_cap_stop(struct rcf_dp *dp);
/*
 * A capture for the reader portid of node's packets in dirs (NULL when
 * out of memory), charged to the calling process's memory cgroup; free
 * takes NULL too.
 */
struct rcf_dp_cap *rcf_dp_cap_new(u32 portid, u32 node, u8 dirs);
void rcf_dp_cap_free(struct rcf_dp_cap *cap);
/*
 * *cap becomes the fabric's capture, and *cap the one it replaces (the
 * same reader's, or NULL); -EBUSY while another reader captures.
 */
int rcf_dp_cap_start(struct rcf_dp *dp, struct rcf_dp_cap **cap);
/* Ends the capture, giving its node and drops; -ENOENT when none runs. */
int rcf_dp_cap_end(struct rcf_dp *dp, u32 *node, u64 *drops);

/* debugfs.c: fault injection for tests */
void rcf_debugfs_init(void);
void rcf_debugfs_exit(void);
void rcf_debugfs_add(struct rcf_dp *dp);
void rcf_debugfs_del(struct rcf_dp *dp);

/* dp_addr.c */
int rcf_dp_atab_build(struct rcf_dp *dp, struct rcf_fabric *f);
void rcf_dp_atab_free(struct rcf_dp *dp);
/* Destination node of an IP packet, or -reason (enum rcf_drop_reason). */
int rcf_dp_lookup(struct rcf_dp *dp, struct sk_buff *skb);

/* dp_stats.c */
void *rcf_dp_slot(struct rcf_dp *dp, struct xarray *xa, unsigned long key,
		  size_t size);
void rcf_dp_tot_add(struct rcf_dp *dp, struct rcf_fabric *f);
void rcf_dp_tot_reset(struct rcf_dp *dp);
void rcf_dp_tot_free(struct rcf_dp *dp);
void rcf_dp_fabric_stats(struct rcf_dp *dp, struct rcf_dp_tot *t,
			 u64 *inflight);

/* dp_traffic.c */
struct rcf_traffic_spec;
struct rcf_traffic_results;
struct rcf_dp_traffic *rcf_dp_traffic_alloc(struct rcf_fabric *f,
					    const struct rcf_traffic_spec *s,
					    u32 hot_id);
void rcf_dp_traffic_free(struct rcf_dp_traffic *tr);
int rcf_dp_traffic_prepare(struct rcf_dp_traffic *tr, struct rcf_adapter *ad);
void rcf_dp_traffic_results(struct rcf_dp_traffic *tr,
			    struct rcf_traffic_results *r);
/* the run's seed, which its random relation selection follows too */
u64 rcf_dp_traffic_seed(struct rcf_dp_traffic *tr);
const struct rcf_traffic_spec *rcf_dp_traffic_spec(struct rcf_dp_traffic *tr,
						   u32 *hot_id);
bool rcf_dp_traffic_running(struct rcf_dp_traffic *tr);
void rcf_dp_traffic_end(struct rcf_dp *dp, int err);
void rcf_dp_traffic_rebind(struct rcf_dp *dp, struct rcf_fabric *f,
			   struct rcf_adapter *ad, bool lost);
void rcf_dp_traffic_install(struct rcf_dp *dp, struct rcf_dp_traffic *tr);
void rcf_dp_traffic_stop(struct rcf_dp *dp);
bool rcf_dp_traffic_slice(struct rcf_dp *dp);
void rcf_dp_traffic_deliver(struct rcf_dp *dp, u32 dst, u32 src,
			    const u8 *msg, u32 len, u64 cookie, u64 latency);
void rcf_dp_traffic_notify(struct rcf_dp *dp);
/*
 * dp.c: the full cycles a slice may run, *full, adapted to the last
 * slice's ns (spent: it ran out of them); dp_traffic.c's slices too
 */
void rcf_dp_full_adapt(u64 *full, bool spent, s64 ns);
/* dp.c: a new engine for f with the run tr (prepared on it) */
int rcf_dp_rebuild_traffic(struct rcf_dp *dp, struct rcf_fabric *f,
			   struct rcf_dp_traffic *tr);
/*
 * dp.c: an adapter for f delivering into dp, its engine in mode exact
 * with the model settings m; *tables: the engine's table bytes.
 */
struct rcf_adapter *rcf_dp_adapter_new(struct rcf_dp *dp,
				       struct rcf_fabric *f, u8 policy,
				       bool exact,
				       const struct rcf_dp_model *m,
				       u64 *tables);
/* dp.c: rcf.ko engine_exact, the mode of a new fabric's engine */
bool rcf_dp_exact_default(void);

/* dp_epoch.c (Documentation/datapath.rst, "Configuration changes") */
void rcf_dp_suspend(struct rcf_dp *dp);
void rcf_dp_resume(struct rcf_dp *dp);
/* Suspended, no dp->lock: 0 once idle, -ETIMEDOUT, -EDEADLK if stuck. */
int rcf_dp_wait_idle(struct rcf_dp *dp, u32 timeout_ms, u64 *cycles);

/* A node's counts as they passed a multiple of the threshold. */
struct rcf_thresh_ev {
	u32 node;
	u64 sent, recv;
};

/*
 * dp_thresh.c: RCF_CMD_NODE_THRESHOLD.  check runs in the kthread under
 * dp->lock after each slice and queues events; notify sends them with
 * no lock held.
 */
void rcf_dp_thresh_check(struct rcf_dp *dp);
void rcf_dp_thresh_notify(struct rcf_dp *dp);
void rcf_dp_thresh_free(struct rcf_dp *dp);
/* the adapter's message counts into the thresholds' (dp->lock held) */
void rcf_dp_thresh_take(struct rcf_dp *dp);

/*
 * dp_path.c, dp_path_req.c: paths and path requests in the data path
 * (Documentation/paths.rst).  The adapter's callbacks run under dp->lock
 * and queue events; rcf_dp_path_notify sends them with no lock held.
 * A change request holds them (hold) until its own events are out, so
 * listeners see a path's recall before its return.
 */
/* The engine's cycle, for traces (dp->lock held). */
static inline u64 rcf_dp_now(struct rcf_dp *dp)
{
	return dp->ad ? rcf_engine_now(rcf_adapter_engine(dp->ad)) : 0;
}

struct rcf_dp_path_info {
	struct rcf_adapter_path ap;	/* state RETURNED included */
	u64 wait_ns;
};

/* A PATH_RETURNED or PATH_REQUEST event, as the data path saw it. */
struct rcf_path_ev {
	u8 cmd;
	bool has_path;		/* RETURNED: p is known */
	struct rcf_path p;
	struct rcf_dp_path_info pi;
	u32 master, dst, waiting, error;	/* REQUEST */
};

void rcf_dp_path_init(struct rcf_dp *dp);
void rcf_dp_path_free(struct rcf_dp *dp);
void rcf_dp_path_returned(void *priv, u32 id);
void rcf_dp_path_request(void *priv, u32 src, u32 dst, u32 waiting);
/* The fabric's path timeout into dp and every adapter (dp->lock held). */
void rcf_dp_path_set_timeout(struct rcf_dp *dp, u32 ms);
/* The kthread, after each slice: fails expired requests, kicks. */
void rcf_dp_path_check(struct rcf_dp *dp);
/* Jiffies until the next request expires; MAX_SCHEDULE_TIMEOUT: none. */
long rcf_dp_path_timeout(struct rcf_dp *dp);
bool rcf_dp_path_due(struct rcf_dp *dp);
/*
 * After a commit that changed paths, before the engine takes them
 * (dp->lock held): the copies follow f, requests that a new path
 * answers are closed with their wait, and rcf_path traces go out.
 */
void rcf_dp_path_sync(struct rcf_dp *dp, struct rcf_fabric *f);
/* After a new adapter took over: requests of nodes gone fail. */
void rcf_dp_path_nodes_gone(struct rcf_dp *dp, struct rcf_fabric *f);
/* dp_path_req.c: a path made for the pair answers its request */
u64 rcf_dp_preq_answer(struct rcf_dp *dp, u32 master, u32 dst);
void rcf_dp_preq_free(struct rcf_dp *dp);
/* dp_path.c: queues a PATH_REQUEST event (error 0: raised) */
void rcf_dp_path_event_request(struct rcf_dp *dp, u32 master, u32 dst,
			       u32 waiting, u32 error);
/* Whether path p's mastership is back (a RECALL path, RETURNED). */
bool rcf_dp_path_is_returned(struct rcf_dp *dp, const struct rcf_path *p);
/* p's dynamic state (dp->lock held). */
void rcf_dp_path_info(struct rcf_dp *dp, const struct rcf_path *p,
		      struct rcf_dp_path_info *pi);
/*
 * PATH_REQUEST from a user: err 0 raises a request for (master, dst),
 * else fails the outstanding one with err.  0 or -errno with extack.
 */
int rcf_dp_path_user_request(struct rcf_dp *dp, u32 master, u32 dst,
			     u32 err, struct netlink_ext_ack *extack);
void rcf_dp_path_hold(struct rcf_dp *dp);
void rcf_dp_path_release(struct rcf_dp *dp);
void rcf_dp_path_notify(struct rcf_dp *dp);

/* dp.c: nodes stalled on a full path wait queue may try again. */
void rcf_dp_unstall(struct rcf_dp *dp);
/* dp.c: the engine got packets from outside the kthread's feed. */
void rcf_dp_poke(struct rcf_dp *dp);

/* genl_traffic.c, genl_policy.c */
extern const struct nla_policy rcf_traffic_policy[];
int rcf_traffic_fill(struct sk_buff *skb, struct rcf_dp_traffic *tr);
int rcf_traffic_start_doit(struct sk_buff *skb, struct genl_info *info);
int rcf_traffic_stop_doit(struct sk_buff *skb, struct genl_info *info);
int rcf_traffic_get_doit(struct sk_buff *skb, struct genl_info *info);

#endif /* _RCF_KMOD_DP_H */
