// SPDX-License-Identifier: GPL-2.0
/*
 * Events: each operation queues one while its transaction is open; they
 * go out only after the commit, so listeners never see a change that
 * was rolled back.  Nothing is queued while the events group has no
 * listener: a batch of thousands of operations then costs no memory for
 * events (a listener that joins while a request is being applied gets
 * the operations applied after it joined).
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
		/* a notification-only command is its own */
		[RCF_CMD_PATH_RETURNED] = RCF_CMD_PATH_RETURNED,
	};

	return cmd < __RCF_CMD_MAX ? ntf[cmd] : 0;
}

/*
 * Bytes an event needs: the header and the object it carries.  A
 * ROUTE_DEL keeps the whole structure, as all_routes follows the union.
 */
static size_t rcf_event_size(u8 cmd, size_t len)
{
	if (cmd == RCF_CMD_ROUTE_DEL)
		return sizeof(struct rcf_event);
	return offsetof(struct rcf_event, u) + len;
}

int rcf_event_add(struct rcf_req *req, u8 cmd, const void *obj, size_t len)
{
	struct rcf_event *ev;

	/* NLM_F_ECHO answers only top-level requests, never a batch op. */
	if (!req->nest) {
		memset(&req->echo, 0, sizeof(req->echo));
		req->echo.cmd = cmd;
		if (obj)
			memcpy(&req->echo.u, obj, len);
	}
	if (!genl_has_listeners(&rcf_genl_family, req->rn->net, 0))
		return 0;
	ev = kzalloc(rcf_event_size(cmd, obj ? len : 0), GFP_KERNEL_ACCOUNT);
	if (!ev)
		return -ENOMEM;
	ev->cmd = cmd;
	if (obj)
		memcpy(&ev->u, obj, len);
	list_add_tail(&ev->list, &req->events);
	return 0;
}

void rcf_events_free(struct rcf_req *req)
{
	struct rcf_event *ev, *tmp;

	list_for_each_entry_safe(ev, tmp, &req->events, list) {
		list_del(&ev->list);
		kfree(ev);
	}
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

static void rcf_event_send(struct net *net, struct rcf_fabric *f,
			   const struct rcf_event *ev)
{
	struct sk_buff *skb = rcf_event_msg(f, ev, 256);

	if (!skb)
		skb = rcf_event_msg(f, ev, NLMSG_DEFAULT_SIZE);
	if (skb)
		genlmsg_multicast_netns(&rcf_genl_family, net, skb, 0, 0,
					GFP_KERNEL);
}

void rcf_events_send(struct rcf_req *req)
{
	struct net *net = req->rn->net;
	struct rcf_event *ev;

	if (genl_has_listeners(&rcf_genl_family, net, 0))
		list_for_each_entry(ev, &req->events, list)
			rcf_event_send(net, req->fab, ev);
	rcf_events_free(req);
}
