// SPDX-License-Identifier: GPL-2.0
/*
 * Packet capture (Documentation/observability.rst, "Capturing packets"):
 * copies of the fabric packets one node's adapter sends and receives,
 * each sent by genl_cap.c as a unicast to the socket that asked.
 *
 * Off, the adapter tests one byte per packet and calls nothing.  On, the
 * copy is made where the packet is (under dp->lock, in the kthread or a
 * request) and handed to netlink without blocking: the reader's receive
 * buffer is the only queue, so a slow reader loses copies, counted,
 * and never holds the fabric back or makes it queue without limit.  A
 * copy is charged to the memory cgroup of the process that started the
 * capture, not to the fabric's owner.
 */
#include <linux/memcontrol.h>

#include "rcf.h"

struct rcf_dp_cap {
	u32 portid;		/* the reader, in the fabric's namespace */
	u32 node;
	u8 dirs;
	u64 drops;
	struct mem_cgroup *memcg;
};

/* Captures in every namespace: closing sockets look no further at 0. */
static atomic_t rcf_caps = ATOMIC_INIT(0);

void rcf_dp_cap_free(struct rcf_dp_cap *cap)
{
	if (!cap)
		return;
	mem_cgroup_put(cap->memcg);
	kfree(cap);
	atomic_dec(&rcf_caps);
}

/* dp->lock held */
static struct rcf_dp_cap *rcf_dp_cap_take(struct rcf_dp *dp)
{
	struct rcf_dp_cap *cap = dp->cap;

	dp->cap = NULL;
	if (dp->ad)
		rcf_adapter_set_capture(dp->ad, 0, 0);
	return cap;
}

void rcf_dp_cap_apply(struct rcf_dp *dp)
{
	if (dp->cap && dp->ad)
		rcf_adapter_set_capture(dp->ad, dp->cap->node, dp->cap->dirs);
}

void rcf_dp_cap_stop(struct rcf_dp *dp)
{
	rcf_dp_cap_free(dp->cap);
	dp->cap = NULL;
}

/* The adapter's capture op (dp->lock held). */
void rcf_dp_capture(void *priv, const struct rcf_adapter_cap *c)
{
	struct rcf_dp *dp = priv;
	struct rcf_dp_cap *cap = dp->cap;
	int err;

	if (!cap)
		return;
	/* a reader that cannot keep up loses copies, not the fabric time */
	err = rcf_cap_send(dp->rn->net, cap->portid, cap->memcg, c,
			   cap->drops);
	if (err == -ECONNREFUSED) {
		/* the reader is gone; its close may not have told us yet */
		rcf_dp_cap_free(rcf_dp_cap_take(dp));
		return;
	}
	if (err)
		cap->drops++;
}

struct rcf_dp_cap *rcf_dp_cap_new(u32 portid, u32 node, u8 dirs)
{
	struct rcf_dp_cap *cap = kzalloc(sizeof(*cap), GFP_KERNEL_ACCOUNT);

	if (!cap)
		return NULL;
	atomic_inc(&rcf_caps);
	cap->portid = portid;
	cap->node = node;
	cap->dirs = dirs;
	cap->memcg = get_mem_cgroup_from_mm(current->mm);
	return cap;
}

int rcf_dp_cap_start(struct rcf_dp *dp, struct rcf_dp_cap **cap)
{
	struct rcf_dp_cap *old;

	rcf_dp_lock(dp);
	old = dp->cap;
	if (old && old->portid != (*cap)->portid) {
		mutex_unlock(&dp->lock);
		return -EBUSY;
	}
	dp->cap = *cap;
	rcf_dp_cap_apply(dp);
	mutex_unlock(&dp->lock);
	*cap = old;
	return 0;
}

int rcf_dp_cap_end(struct rcf_dp *dp, u32 *node, u64 *drops)
{
	struct rcf_dp_cap *cap;

	rcf_dp_lock(dp);
	cap = rcf_dp_cap_take(dp);
	mutex_unlock(&dp->lock);
	if (!cap)
		return -ENOENT;
	*node = cap->node;
	*drops = cap->drops;
	rcf_dp_cap_free(cap);
	return 0;
}

/* A reader's socket closed: its capture ends with it. */
static int rcf_cap_release(struct notifier_block *nb, unsigned long state,
			   void *ptr)
{
	struct netlink_notify *n = ptr;
	struct rcf_dp_cap *cap = NULL;
	struct rcf_net *rn;

	if (state != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC ||
	    !atomic_read(&rcf_caps))
		return NOTIFY_DONE;
	rn = rcf_net(n->net);
	mutex_lock(&rn->lock);
	if (rn->dp) {
		rcf_dp_lock(rn->dp);
		if (rn->dp->cap && rn->dp->cap->portid == n->portid)
			cap = rcf_dp_cap_take(rn->dp);
		mutex_unlock(&rn->dp->lock);
	}
	mutex_unlock(&rn->lock);
	rcf_dp_cap_free(cap);
	return NOTIFY_DONE;
}

static struct notifier_block rcf_cap_nb = {
	.notifier_call = rcf_cap_release,
};

int rcf_cap_init(void)
{
	return netlink_register_notifier(&rcf_cap_nb);
}

void rcf_cap_exit(void)
{
	netlink_unregister_notifier(&rcf_cap_nb);
}
