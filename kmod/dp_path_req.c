// SPDX-License-Identifier: GPL-2.0
/*
 * Path requests in the data path (Documentation/paths.rst, "Requests
 * and the node's queue"): the adapter raises one per (master, dst) pair,
 * once, and holds the pair's messages until a path answers it or it is
 * failed; timing it out is ours.  Each request has a record here with the
 * time it was raised, so a request nobody answers within the fabric's
 * path timeout fails (ETIMEDOUT), and a path made for the pair records
 * how long the master waited (RCF_A_PATH_WAIT_NS).  A user may raise one
 * by hand or fail one (RCF_CMD_PATH_REQUEST).  Everything here runs
 * under dp->lock.
 */
#include <linux/slab.h>

#include "rcf.h"

/* An outstanding path request. */
struct rcf_dp_preq {
	u32 master, dst;
	u64 raised;		/* ktime ns */
	u32 waiting;		/* messages held when raised */
	bool by_adapter;	/* messages wait for it, not only a user */
};

static unsigned long rcf_dp_pair_key(u32 master, u32 dst)
{
	return (unsigned long)master * RCF_MAX_NODES + dst;
}

void rcf_dp_preq_free(struct rcf_dp *dp)
{
	unsigned long i;
	void *p;

	xa_for_each(&dp->preq, i, p)
		kfree(p);
	xa_destroy(&dp->preq);
	dp->npreq = 0;
	dp->preq_due = 0;
}

/*
 * When the next request expires: the earliest raised plus the timeout;
 * with the timeout 0 (requests off) every request is due at once.
 */
static void rcf_dp_preq_due(struct rcf_dp *dp)
{
	u64 tmo = (u64)dp->path_timeout_ms * NSEC_PER_MSEC, due = 0;
	struct rcf_dp_preq *r;
	unsigned long key;

	/* raised is ktime since boot, never 0: due 0 means none */
	xa_for_each(&dp->preq, key, r)
		if (!due || r->raised + tmo < due)
			due = r->raised + tmo;
	WRITE_ONCE(dp->preq_due, due);
}

static void rcf_dp_preq_drop(struct rcf_dp *dp, unsigned long key,
			     struct rcf_dp_preq *r)
{
	xa_erase(&dp->preq, key);
	kfree(r);
	dp->npreq--;
}

/* Announces a request raised. */
static void rcf_dp_preq_raised(struct rcf_dp *dp, const struct rcf_dp_preq *r)
{
	trace_rcf_path(rcf_dp_now(dp), RCF_TRACE_PATH_REQUEST, U32_MAX,
		       r->master, r->dst, r->waiting, 0);
	rcf_dp_path_event_request(dp, r->master, r->dst, r->waiting, 0);
}

/* Announces a request failed, its dropped messages and the errno. */
static void rcf_dp_preq_failed(struct rcf_dp *dp, u32 master, u32 dst,
			       u32 dropped, u32 error)
{
	trace_rcf_path(rcf_dp_now(dp), RCF_TRACE_PATH_REQUEST_FAILED,
		       U32_MAX, master, dst, dropped, error);
	rcf_dp_path_event_request(dp, master, dst, dropped, error);
}

static struct rcf_dp_preq *rcf_dp_preq_new(struct rcf_dp *dp, u32 master,
					   u32 dst, u32 waiting,
					   bool by_adapter)
{
	struct rcf_dp_preq *r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);

	if (!r)
		return NULL;
	r->master = master;
	r->dst = dst;
	r->waiting = waiting;
	r->by_adapter = by_adapter;
	r->raised = ktime_get_ns();
	if (xa_err(xa_store(&dp->preq, rcf_dp_pair_key(master, dst), r,
			    GFP_KERNEL_ACCOUNT))) {
		kfree(r);
		return NULL;
	}
	dp->npreq++;
	rcf_dp_preq_due(dp);
	return r;
}

/* Adapter callback (dp->lock held): src has messages for dst waiting. */
void rcf_dp_path_request(void *priv, u32 src, u32 dst, u32 waiting)
{
	struct rcf_dp *dp = priv;
	struct rcf_dp_preq *r;

	lockdep_assert_held(&dp->lock);
	r = xa_load(&dp->preq, rcf_dp_pair_key(src, dst));
	if (r) {
		/* raised by hand first: announced already */
		r->by_adapter = true;
		r->waiting = waiting;
		return;
	}
	r = rcf_dp_preq_new(dp, src, dst, waiting, true);
	if (!r) {
		/* it can still be answered, or failed by hand */
		pr_warn_ratelimited("rcf: no memory to time a path request\n");
		return;
	}
	rcf_dp_preq_raised(dp, r);
}

bool rcf_dp_path_due(struct rcf_dp *dp)
{
	u64 due = READ_ONCE(dp->preq_due);

	return due && ktime_get_ns() >= due;
}

long rcf_dp_path_timeout(struct rcf_dp *dp)
{
	u64 due = READ_ONCE(dp->preq_due), now;

	if (!due)
		return MAX_SCHEDULE_TIMEOUT;
	now = ktime_get_ns();
	if (due <= now)
		return 0;
	return nsecs_to_jiffies(due - now) + 1;
}

/*
 * Fails the requests whose time is up.  One the adapter no longer has
 * (a route came for the pair and its messages left) ends quietly; one a
 * user raised by hand is announced failed all the same.  Returns whether
 * messages were dropped, making room in node queues.
 */
static bool rcf_dp_path_expire(struct rcf_dp *dp)
{
	u64 tmo = (u64)dp->path_timeout_ms * NSEC_PER_MSEC;
	u64 now = ktime_get_ns();
	struct rcf_dp_preq *r;
	unsigned long key;
	bool room = false;
	int n;

	xa_for_each(&dp->preq, key, r) {
		if (tmo && r->raised + tmo > now)
			continue;
		n = rcf_adapter_path_fail(dp->ad, r->master, r->dst);
		if (n >= 0 || !r->by_adapter)
			rcf_dp_preq_failed(dp, r->master, r->dst, max(n, 0),
					   ETIMEDOUT);
		room |= n > 0;
		rcf_dp_preq_drop(dp, key, r);
	}
	rcf_dp_preq_due(dp);
	return room;
}

void rcf_dp_path_set_timeout(struct rcf_dp *dp, u32 ms)
{
	lockdep_assert_held(&dp->lock);
	WRITE_ONCE(dp->path_timeout_ms, ms);
	if (dp->ad)
		rcf_adapter_set_path_wait(dp->ad, ms != 0);
	/* a shorter timeout may make requests due now */
	rcf_dp_preq_due(dp);
	if (ms || !dp->ad)
		return;
	/*
	 * Requests off: the outstanding ones fail now, announced, and what
	 * waits with neither a route nor a path goes as a NO_ROUTE drop.
	 */
	rcf_dp_path_expire(dp);
	rcf_adapter_kick(dp->ad);
}

void rcf_dp_path_check(struct rcf_dp *dp)
{
	bool room = false;
	u64 waiting;

	lockdep_assert_held(&dp->lock);
	if (!dp->ad)
		return;
	if (rcf_dp_path_due(dp))
		room = rcf_dp_path_expire(dp);
	/* suspended for an epoch: nothing new may enter the engine */
	waiting = dp->suspended ? 0 : rcf_adapter_waiting(dp->ad, ~0u);
	if (waiting) {
		rcf_adapter_kick(dp->ad);
		/* sent into the engine: the kthread must not sleep now */
		if (rcf_adapter_waiting(dp->ad, ~0u) < waiting) {
			atomic_set(&dp->poke, 1);
			room = true;
		}
	}
	if (room)
		rcf_dp_unstall(dp);
}

u64 rcf_dp_preq_answer(struct rcf_dp *dp, u32 master, u32 dst)
{
	unsigned long key = rcf_dp_pair_key(master, dst);
	struct rcf_dp_preq *r = xa_load(&dp->preq, key);
	u64 waited;

	if (!r)
		return 0;
	waited = ktime_get_ns() - r->raised;
	rcf_dp_preq_drop(dp, key, r);
	rcf_dp_preq_due(dp);
	return waited;
}

/*
 * Requests whose master or destination is gone with an epoch: the new
 * adapter dropped their messages (rcf_adapter_carry).
 */
void rcf_dp_path_nodes_gone(struct rcf_dp *dp, struct rcf_fabric *f)
{
	struct rcf_dp_preq *r;
	unsigned long key;

	lockdep_assert_held(&dp->lock);
	xa_for_each(&dp->preq, key, r) {
		if (rcf_node_get(f, r->master) && rcf_node_get(f, r->dst))
			continue;
		rcf_dp_preq_failed(dp, r->master, r->dst, 0, ECANCELED);
		rcf_dp_preq_drop(dp, key, r);
	}
	rcf_dp_preq_due(dp);
}

int rcf_dp_path_user_request(struct rcf_dp *dp, u32 master, u32 dst,
			     u32 err, struct netlink_ext_ack *extack)
{
	unsigned long key = rcf_dp_pair_key(master, dst);
	struct rcf_dp_preq *r;
	int n, ret = 0;

	rcf_dp_lock(dp);
	r = xa_load(&dp->preq, key);
	if (err) {
		n = dp->ad ? rcf_adapter_path_fail(dp->ad, master, dst) :
			     -ENOENT;
		if (n < 0 && !r) {
			NL_SET_ERR_MSG(extack,
				       "no path request is outstanding for that pair");
			ret = -ENOENT;
			goto out;
		}
		if (r) {
			rcf_dp_preq_drop(dp, key, r);
			rcf_dp_preq_due(dp);
		}
		rcf_dp_preq_failed(dp, master, dst, max(n, 0), err);
		if (n > 0)
			rcf_dp_unstall(dp);
		goto out;
	}
	if (!dp->path_timeout_ms) {
		NL_SET_ERR_MSG(extack,
			       "path requests are off: the fabric's path timeout is 0");
		ret = -EOPNOTSUPP;
		goto out;
	}
	if (r) {
		NL_SET_ERR_MSG(extack,
			       "a path request for that pair is outstanding already");
		ret = -EEXIST;
		goto out;
	}
	r = rcf_dp_preq_new(dp, master, dst, 0, false);
	if (!r) {
		NL_SET_ERR_MSG(extack, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	rcf_dp_preq_raised(dp, r);
out:
	mutex_unlock(&dp->lock);
	/*
	 * The kthread sleeps until the earliest expiry it knew of, and a
	 * plain wake-up that finds nothing to do sleeps on with that
	 * deadline: a poke makes it take the new one.
	 */
	rcf_dp_poke(dp);
	rcf_dp_path_notify(dp);
	return ret;
}
