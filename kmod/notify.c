// SPDX-License-Identifier: GPL-2.0
/*
 * Events: each operation queues one while its transaction is open; they
 * go out only after the commit, so listeners never see a change that
 * was rolled back.
 */
#include "rcf.h"

int rcf_event_add(struct rcf_req *req, u8 cmd, const void *obj, size_t len)
{
	struct rcf_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);

	if (!ev)
		return -ENOMEM;
	ev->cmd = cmd;
	if (obj)
		memcpy(&ev->u, obj, len);
	list_add_tail(&ev->list, &req->events);
	req->echo = *ev;
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

static void rcf_event_send(struct net *net, struct rcf_fabric *f,
			   const struct rcf_event *ev)
{
	struct sk_buff *skb;
	void *hdr;

	skb = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!skb)
		return;
	hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0, ev->cmd);
	if (!hdr || rcf_fill_event(skb, f, ev)) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	genlmsg_multicast_netns(&rcf_genl_family, net, skb, 0, 0, GFP_KERNEL);
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
