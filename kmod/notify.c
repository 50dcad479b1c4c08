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

void rcf_events_send(struct rcf_req *req)
{
	struct net *net = req->rn->net;
	struct rcf_event *ev;

	if (genl_has_listeners(&rcf_genl_family, net, 0))
		list_for_each_entry(ev, &req->events, list)
			rcf_event_send(net, req->fab, ev);
	rcf_events_free(req);
}
