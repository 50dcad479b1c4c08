// SPDX-License-Identifier: GPL-2.0
/*
 * Packet capture's messages (Documentation/observability.rst,
 * "Capturing packets"): RCF_CMD_CAPTURE_START and _STOP, and each copy
 * as an RCF_CMD_CAPTURE_PKT unicast to the socket that asked.  Which
 * packets are copied, and the reader's lifetime, are dp_cap.c's.
 */
#include <linux/memcontrol.h>
#include <linux/sched/mm.h>
#include <linux/timekeeping.h>

#include "rcf.h"

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

int rcf_cap_send(struct net *net, u32 portid, struct mem_cgroup *memcg,
		 const struct rcf_adapter_cap *c, u64 drops)
{
	struct mem_cgroup *old;
	struct sk_buff *skb;
	void *hdr;

	old = set_active_memcg(memcg);
	skb = genlmsg_new(RCF_ENGINE_MAX_PKT + 128,
			  GFP_NOWAIT | __GFP_ACCOUNT | __GFP_NOWARN);
	set_active_memcg(old);
	if (!skb)
		return -ENOMEM;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0, RCF_CMD_CAPTURE_PKT);
	if (!hdr || rcf_cap_fill(skb, c, drops)) {
		nlmsg_free(skb);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return genlmsg_unicast(net, skb, portid);
}

int rcf_capture_start_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct netlink_ext_ack *extack = info->extack;
	u8 dirs = RCF_CAPTURE_TX | RCF_CAPTURE_RX;
	struct rcf_dp_cap *cap;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, RCF_A_CAPTURE_NODE)) {
		NL_SET_ERR_MSG(extack, "a capture needs RCF_A_CAPTURE_NODE");
		return -EINVAL;
	}
	if (info->attrs[RCF_A_CAPTURE_DIRS])
		dirs = nla_get_u8(info->attrs[RCF_A_CAPTURE_DIRS]);
	cap = rcf_dp_cap_new(info->snd_portid,
			     nla_get_u32(info->attrs[RCF_A_CAPTURE_NODE]), dirs);
	if (!cap)
		return -ENOMEM;

	mutex_lock(&rn->lock);
	if (!rn->fab) {
		NL_SET_ERR_MSG(extack, "this namespace has no fabric");
		err = -ENOENT;
		goto out;
	}
	if (!rcf_node_get(rn->fab,
			  nla_get_u32(info->attrs[RCF_A_CAPTURE_NODE]))) {
		NL_SET_ERR_MSG_ATTR(extack, info->attrs[RCF_A_CAPTURE_NODE],
				    "no such node");
		err = -ENOENT;
		goto out;
	}
	err = rcf_dp_cap_start(rn->dp, &cap);
	if (err)
		NL_SET_ERR_MSG(extack,
			       "another socket is capturing on this fabric");
out:
	mutex_unlock(&rn->lock);
	rcf_dp_cap_free(cap);
	return err;
}

int rcf_capture_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct sk_buff *msg;
	int err = -ENOENT;
	u64 drops;
	void *hdr;
	u32 node;

	mutex_lock(&rn->lock);
	if (rn->dp)
		err = rcf_dp_cap_end(rn->dp, &node, &drops);
	mutex_unlock(&rn->lock);
	if (err) {
		NL_SET_ERR_MSG(info->extack, "no capture is running");
		return err;
	}
	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0,
				RCF_CMD_CAPTURE_STOP);
	if (!hdr || nla_put_u32(msg, RCF_A_CAPTURE_NODE, node) ||
	    nla_put_u64_64bit(msg, RCF_A_CAPTURE_DROPS, drops, RCF_A_PAD)) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}
