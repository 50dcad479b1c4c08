// SPDX-License-Identifier: GPL-2.0
/*
 * Per-node message-count threshold events (RCF_CMD_NODE_THRESHOLD): the
 * evaluation period threshold_2 of García-Duato §3.3, where a node runs
 * its cost function every threshold_2 messages it sends or receives.
 *
 * Counts are kept here, per node id, from the adapter's list of nodes
 * that moved messages (so a slice costs what its busy nodes cost, not
 * the fabric's size) and survive engine rebuilds and STATS_RESET: the
 * old adapter is drained into them before it goes (rcf_dp_thresh_take).
 * When one slice carries a node past several multiples, one event says
 * so with the counts at that moment.  Events are small records queued
 * under dp->lock, only while the events group has listeners, and turned
 * into messages by notify with no lock held.
 */
#include "rcf.h"

struct rcf_dp_thresh_node {
	u64 sent, recv;
	u64 level;		/* (sent + recv) / thr at the last event */
	u32 thr;		/* the threshold level counts in */
};

struct rcf_dp_thresh_ev {
	struct list_head list;
	struct rcf_thresh_ev e;
};

struct rcf_dp_thresh {
	struct xarray node;		/* rcf_dp_thresh_node by node id */
	spinlock_t qlock;		/* guards q */
	struct list_head q;		/* rcf_dp_thresh_ev to send */
	struct rcf_dp *dp;
	bool listen;			/* events group had listeners */
};

static struct rcf_dp_thresh *rcf_dp_thresh_get(struct rcf_dp *dp)
{
	struct rcf_dp_thresh *th = dp->th;

	if (th)
		return th;
	th = kzalloc(sizeof(*th), GFP_KERNEL_ACCOUNT);
	if (!th)
		return NULL;
	xa_init(&th->node);
	spin_lock_init(&th->qlock);
	INIT_LIST_HEAD(&th->q);
	th->dp = dp;
	dp->th = th;
	return th;
}

static void rcf_dp_thresh_moved(void *priv, u32 id, u64 sent, u64 recv)
{
	struct rcf_dp_thresh *th = priv;
	u32 thr = READ_ONCE(th->dp->msg_threshold);
	struct rcf_dp_thresh_node *n = xa_load(&th->node, id);
	struct rcf_dp_thresh_ev *ev;
	u64 level;

	if (!n) {
		n = kzalloc(sizeof(*n), GFP_KERNEL_ACCOUNT);
		if (!n)
			return;
		if (xa_err(xa_store(&th->node, id, n, GFP_KERNEL_ACCOUNT))) {
			kfree(n);
			return;
		}
	}
	/* a new threshold counts from where the node is now */
	if (thr && n->thr != thr) {
		n->thr = thr;
		n->level = div64_u64(n->sent + n->recv, thr);
	}
	n->sent += sent;
	n->recv += recv;
	if (!thr)
		return;
	level = div64_u64(n->sent + n->recv, thr);
	if (level <= n->level)
		return;
	n->level = level;
	if (!th->listen)
		return;
	ev = kmalloc(sizeof(*ev), GFP_KERNEL_ACCOUNT);
	if (!ev)
		return;
	ev->e.node = id;
	ev->e.sent = n->sent;
	ev->e.recv = n->recv;
	spin_lock(&th->qlock);
	list_add_tail(&ev->list, &th->q);
	spin_unlock(&th->qlock);
}

/* The adapter's messages since the last call into the counts. */
void rcf_dp_thresh_take(struct rcf_dp *dp)
{
	struct rcf_dp_thresh *th;

	lockdep_assert_held(&dp->lock);
	if (!dp->ad)
		return;
	th = rcf_dp_thresh_get(dp);
	if (!th)
		return;
	th->listen = genl_has_listeners(&rcf_genl_family, dp->rn->net, 0);
	rcf_adapter_take_moved(dp->ad, rcf_dp_thresh_moved, th);
}

void rcf_dp_thresh_check(struct rcf_dp *dp)
{
	rcf_dp_thresh_take(dp);
}

void rcf_dp_thresh_notify(struct rcf_dp *dp)
{
	struct rcf_dp_thresh *th = READ_ONCE(dp->th);
	struct rcf_dp_thresh_ev *ev, *tmp;
	LIST_HEAD(q);

	if (!th)
		return;
	spin_lock(&th->qlock);
	list_splice_init(&th->q, &q);
	spin_unlock(&th->qlock);
	list_for_each_entry_safe(ev, tmp, &q, list) {
		rcf_thresh_ev_send(dp->rn->net, &ev->e);
		list_del(&ev->list);
		kfree(ev);
	}
}

void rcf_dp_thresh_free(struct rcf_dp *dp)
{
	struct rcf_dp_thresh *th = dp->th;
	struct rcf_dp_thresh_ev *ev, *tmp;
	unsigned long i;
	void *p;

	if (!th)
		return;
	xa_for_each(&th->node, i, p)
		kfree(p);
	xa_destroy(&th->node);
	list_for_each_entry_safe(ev, tmp, &th->q, list)
		kfree(ev);
	kfree(th);
	dp->th = NULL;
}
