// SPDX-License-Identifier: GPL-2.0
/*
 * Notifications on the events group, built here from plain records of
 * what happened: a transaction's queued objects (notify.c), the data
 * path's path and threshold events (dp_path.c, dp_thresh.c) and a
 * traffic run's end (dp_traffic.c).  The epoch's event is genl_epoch.c's.
 */
#include "rcf.h"

/*
 * The notification announcing what a request command did: events have
 * numbers of their own, so that no listener takes one for a reply.  0
 * for a command that is announced by nothing.
 */
u8 rcf_ntf_cmd(u8 cmd)
{
	static const u8 ntf[__RCF_CMD_MAX] = {
		[RCF_CMD_FABRIC_NEW] = RCF_CMD_FABRIC_NEW_NTF,
		[RCF_CMD_FABRIC_DEL] = RCF_CMD_FABRIC_DEL_NTF,
		[RCF_CMD_FABRIC_SET] = RCF_CMD_FABRIC_SET_NTF,
		[RCF_CMD_NODE_NEW] = RCF_CMD_NODE_NEW_NTF,
		[RCF_CMD_NODE_DEL] = RCF_CMD_NODE_DEL_NTF,
		[RCF_CMD_NODE_SET] = RCF_CMD_NODE_SET_NTF,
		[RCF_CMD_SWITCH_NEW] = RCF_CMD_SWITCH_NEW_NTF,
		[RCF_CMD_SWITCH_DEL] = RCF_CMD_SWITCH_DEL_NTF,
		[RCF_CMD_SWITCH_SET] = RCF_CMD_SWITCH_SET_NTF,
		[RCF_CMD_LINK_NEW] = RCF_CMD_LINK_NEW_NTF,
		[RCF_CMD_LINK_DEL] = RCF_CMD_LINK_DEL_NTF,
		[RCF_CMD_LINK_SET] = RCF_CMD_LINK_SET_NTF,
		[RCF_CMD_CIRCUIT_NEW] = RCF_CMD_CIRCUIT_NEW_NTF,
		[RCF_CMD_CIRCUIT_DEL] = RCF_CMD_CIRCUIT_DEL_NTF,
		[RCF_CMD_CIRCUIT_SET] = RCF_CMD_CIRCUIT_SET_NTF,
		[RCF_CMD_ROUTE_NEW] = RCF_CMD_ROUTE_NEW_NTF,
		[RCF_CMD_ROUTE_DEL] = RCF_CMD_ROUTE_DEL_NTF,
		[RCF_CMD_ROUTE_SET] = RCF_CMD_ROUTE_SET_NTF,
		[RCF_CMD_PATH_NEW] = RCF_CMD_PATH_NEW_NTF,
		[RCF_CMD_PATH_DEL] = RCF_CMD_PATH_DEL_NTF,
		[RCF_CMD_PATH_SET] = RCF_CMD_PATH_SET_NTF,
		[RCF_CMD_PATH_REQUEST] = RCF_CMD_PATH_REQUEST_NTF,
		[RCF_CMD_REL_SET] = RCF_CMD_REL_SET_NTF,
		[RCF_CMD_REL_DEL] = RCF_CMD_REL_DEL_NTF,
		/* a notification-only command is its own */
		[RCF_CMD_PATH_RETURNED] = RCF_CMD_PATH_RETURNED,
	};

	return cmd < __RCF_CMD_MAX ? ntf[cmd] : 0;
}

void rcf_ntf_send(struct net *net, struct sk_buff *skb)
{
	genlmsg_multicast_netns(&rcf_genl_family, net, skb, 0, 0, GFP_KERNEL);
}

/*
 * Most events fit a small message; a node with many addresses may not,
 * and gets a retry at the default size rather than being lost.
 */
static struct sk_buff *rcf_event_msg(struct rcf_fabric *f,
				     const struct rcf_event *ev, size_t size)
{
	struct sk_buff *skb;
	void *hdr;

	skb = genlmsg_new(size, GFP_KERNEL);
	if (!skb)
		return NULL;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0,
			  rcf_ntf_cmd(ev->cmd));
	if (!hdr || rcf_fill_event(skb, f, ev)) {
		nlmsg_free(skb);
		return NULL;
	}
	genlmsg_end(skb, hdr);
	return skb;
}

void rcf_event_send(struct net *net, struct rcf_fabric *f,
		    const struct rcf_event *ev)
{
	struct sk_buff *skb = rcf_event_msg(f, ev, 256);

	if (!skb)
		skb = rcf_event_msg(f, ev, NLMSG_DEFAULT_SIZE);
	if (skb)
		rcf_ntf_send(net, skb);
}


static int rcf_path_ev_fill(struct sk_buff *skb, const struct rcf_path_ev *ev)
{
	if (ev->cmd == RCF_CMD_PATH_RETURNED && ev->has_path)
		return rcf_fill_path(skb, &ev->p, &ev->pi);
	if (ev->cmd == RCF_CMD_PATH_RETURNED)
		return nla_put_u32(skb, RCF_A_PATH_ID, ev->p.id) ||
		       nla_put_u8(skb, RCF_A_PATH_STATE, RCF_PATH_RETURNED);
	return nla_put_u32(skb, RCF_A_PATH_MASTER, ev->master) ||
	       nla_put_u32(skb, RCF_A_PATH_DST, ev->dst) ||
	       nla_put_u32(skb, RCF_A_PATH_WAITING, ev->waiting) ||
	       (ev->error && nla_put_u32(skb, RCF_A_PATH_ERROR, ev->error));
}

void rcf_path_ev_send(struct net *net, const struct rcf_path_ev *ev)
{
	struct sk_buff *skb = genlmsg_new(512, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0,
			  rcf_ntf_cmd(ev->cmd));
	if (!hdr || rcf_path_ev_fill(skb, ev)) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	rcf_ntf_send(net, skb);
}

void rcf_thresh_ev_send(struct net *net, const struct rcf_thresh_ev *ev)
{
	struct sk_buff *skb = genlmsg_new(64, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0,
			  RCF_CMD_NODE_THRESHOLD);
	if (!hdr || nla_put_u32(skb, RCF_A_NODE_ID, ev->node) ||
	    nla_put_u64_64bit(skb, RCF_A_THRESH_SENT, ev->sent, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_THRESH_RECEIVED, ev->recv,
			      RCF_A_PAD)) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	rcf_ntf_send(net, skb);
}

/*
 * A run's end, built under dp->lock while the run's results are there;
 * the kthread sends it later with rcf_ntf_send.
 */
struct sk_buff *rcf_traffic_done_msg(struct rcf_dp_traffic *tr)
{
	struct sk_buff *skb = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return NULL;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0,
			  RCF_CMD_TRAFFIC_DONE_NTF);
	if (!hdr || rcf_traffic_fill(skb, tr)) {
		nlmsg_free(skb);
		return NULL;
	}
	genlmsg_end(skb, hdr);
	return skb;
}
