// SPDX-License-Identifier: GPL-2.0
/*
 * Packet capture (Documentation/observability.rst, "Capturing packets"):
 * copies of the fabric packets one node's adapter sends and receives,
 * each as an RCF_CMD_CAPTURE_PKT unicast to the socket that asked.
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
#include <linux/sched/mm.h>
#include <linux/timekeeping.h>
#include <net/genetlink.h>

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

static void rcf_dp_cap_free(struct rcf_dp_cap *cap)
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

static int rcf_cap_fill(struct sk_buff *skb, const struct rcf_adapter_cap *c,
			u64 drops)
{
	u32 len = 1 + c->nroute + c->plen;
	struct nlattr *a;
	u8 *p;

	if (nla_put_u32(skb, RCF_A_CAPTURE_NODE, c->node) ||
	    nla_put_u8(skb, RCF_A_CAPTURE_DIR, c->dir) ||
	    nla_put_u32(skb, RCF_A_CAPTURE_PEER, c->peer) ||
	    nla_put_u8(skb, RCF_A_CAPTURE_ROUTE_LEN, c->nroute) ||
	    nla_put_u8(skb, RCF_A_CAPTURE_HDR_LEN, c->hdr) ||
	    nla_put_u64_64bit(skb, RCF_A_CAPTURE_CYCLE, c->cycle,
			      RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_CAPTURE_TIME_NS,
			      ktime_get_real_ns(), RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_CAPTURE_DROPS, drops, RCF_A_PAD))
		return -EMSGSIZE;
	a = nla_reserve(skb, RCF_A_CAPTURE_PACKET, len);
	if (!a)
		return -EMSGSIZE;
	p = nla_data(a);
	/* the length byte as the packet carries it here */
	p[0] = len;
	if (c->nroute)
		memcpy(p + 1, c->route, c->nroute);
	memcpy(p + 1 + c->nroute, c->payload, c->plen);
	return 0;
}

/* The adapter's capture op (dp->lock held). */
void rcf_dp_capture(void *priv, const struct rcf_adapter_cap *c)
{
	struct rcf_dp *dp = priv;
	struct rcf_dp_cap *cap = dp->cap;
	struct mem_cgroup *old;
	struct sk_buff *skb;
	void *hdr;
	int err;

	if (!cap)
		return;
	/* a reader that cannot keep up loses copies, not the fabric time */
	old = set_active_memcg(cap->memcg);
	skb = genlmsg_new(RCF_ENGINE_MAX_PKT + 128,
			  GFP_NOWAIT | __GFP_ACCOUNT | __GFP_NOWARN);
	set_active_memcg(old);
	if (!skb)
		goto drop;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0, RCF_CMD_CAPTURE_PKT);
	if (!hdr || rcf_cap_fill(skb, c, cap->drops)) {
		nlmsg_free(skb);
		goto drop;
	}
	genlmsg_end(skb, hdr);
	err = genlmsg_unicast(dp->rn->net, skb, cap->portid);
	if (err == -ECONNREFUSED) {
		/* the reader is gone; its close may not have told us yet */
		rcf_dp_cap_free(rcf_dp_cap_take(dp));
		return;
	}
	if (!err)
		return;
drop:
	cap->drops++;
}

int rcf_capture_start_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct netlink_ext_ack *extack = info->extack;
	struct rcf_dp_cap *cap, *old = NULL;
	struct rcf_dp *dp;
	int err = 0;

	if (GENL_REQ_ATTR_CHECK(info, RCF_A_CAPTURE_NODE)) {
		NL_SET_ERR_MSG(extack, "a capture needs RCF_A_CAPTURE_NODE");
		return -EINVAL;
	}
	cap = kzalloc(sizeof(*cap), GFP_KERNEL_ACCOUNT);
	if (!cap)
		return -ENOMEM;
	atomic_inc(&rcf_caps);
	cap->portid = info->snd_portid;
	cap->node = nla_get_u32(info->attrs[RCF_A_CAPTURE_NODE]);
	cap->dirs = RCF_CAPTURE_TX | RCF_CAPTURE_RX;
	if (info->attrs[RCF_A_CAPTURE_DIRS])
		cap->dirs = nla_get_u8(info->attrs[RCF_A_CAPTURE_DIRS]);
	cap->memcg = get_mem_cgroup_from_mm(current->mm);

	mutex_lock(&rn->lock);
	if (!rn->fab) {
		NL_SET_ERR_MSG(extack, "this namespace has no fabric");
		err = -ENOENT;
		goto out;
	}
	if (!rcf_node_get(rn->fab, cap->node)) {
		NL_SET_ERR_MSG_ATTR(extack, info->attrs[RCF_A_CAPTURE_NODE],
				    "no such node");
		err = -ENOENT;
		goto out;
	}
	dp = rn->dp;
	rcf_dp_lock(dp);
	if (dp->cap && dp->cap->portid != cap->portid) {
		mutex_unlock(&dp->lock);
		NL_SET_ERR_MSG(extack,
			       "another socket is capturing on this fabric");
		err = -EBUSY;
		goto out;
	}
	old = dp->cap;
	dp->cap = cap;
	rcf_dp_cap_apply(dp);
	mutex_unlock(&dp->lock);
	cap = NULL;
out:
	mutex_unlock(&rn->lock);
	rcf_dp_cap_free(old);
	rcf_dp_cap_free(cap);
	return err;
}

int rcf_capture_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct rcf_dp_cap *cap = NULL;
	struct sk_buff *msg;
	void *hdr;
	int err = 0;

	mutex_lock(&rn->lock);
	if (rn->dp) {
		rcf_dp_lock(rn->dp);
		cap = rcf_dp_cap_take(rn->dp);
		mutex_unlock(&rn->dp->lock);
	}
	mutex_unlock(&rn->lock);
	if (!cap) {
		NL_SET_ERR_MSG(info->extack, "no capture is running");
		return -ENOENT;
	}
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto out;
	}
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0,
				RCF_CMD_CAPTURE_STOP);
	if (!hdr || nla_put_u32(msg, RCF_A_CAPTURE_NODE, cap->node) ||
	    nla_put_u64_64bit(msg, RCF_A_CAPTURE_DROPS, cap->drops,
			      RCF_A_PAD)) {
		nlmsg_free(msg);
		err = -EMSGSIZE;
		goto out;
	}
	genlmsg_end(msg, hdr);
	err = genlmsg_reply(msg, info);
out:
	rcf_dp_cap_free(cap);
	return err;
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
