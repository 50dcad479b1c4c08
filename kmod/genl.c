// SPDX-License-Identifier: GPL-2.0
/*
 * The rcf generic netlink family and its changes: every NEW, DEL and SET
 * request, and every batch, runs as one transaction of the model under
 * rtnl_lock (node netdevs are registered at commit) and then the fabric
 * lock, in that order.  A refusal aborts the transaction, so a refused
 * request changes nothing; events go out only after a commit.
 */
#include <linux/rtnetlink.h>

#include "rcf.h"

static int rcf_batch_op(struct rcf_req *req, const struct nlattr *op,
			struct nlattr **tb, struct netlink_ext_ack *extack)
{
	const struct nla_policy *pol;
	struct nlattr *cmdattr;
	int err;
	u8 cmd;

	memset(tb, 0, sizeof(*tb) * (RCF_A_MAX + 1));
	req->nest = op;
	cmdattr = nla_find_nested(op, RCF_A_OP_CMD);
	if (!cmdattr) {
		NL_SET_ERR_ATTR_MISS(extack, (struct nlattr *)op, RCF_A_OP_CMD);
		NL_SET_ERR_MSG(extack, "a batch operation needs RCF_A_OP_CMD");
		return -EINVAL;
	}
	cmd = nla_len(cmdattr) >= 1 ? nla_get_u8(cmdattr) : 0;
	pol = cmd != RCF_CMD_FABRIC_NEW ? rcf_batch_policy(cmd) : NULL;
	if (!pol) {
		NL_SET_ERR_MSG_ATTR(extack, cmdattr,
				    "a batch operation must be a NEW, DEL or SET of an object, or FABRIC_SET");
		return -EOPNOTSUPP;
	}
	err = nla_parse_nested(tb, RCF_A_MAX, op, pol, extack);
	if (err)
		return err;
	err = rcf_apply(req, cmd);
	if (err) {
		if (req->err.attr == RCF_A_OP_CMD)
			tb[RCF_A_OP_CMD] = cmdattr;
		rcf_req_error(req);
	}
	return err;
}

/*
 * A batch is the RCF_A_BATCH_OP nests of every top-level RCF_A_BATCH, in
 * message order (one attribute holds at most 64 KiB, less than a full
 * batch needs).
 */
static int rcf_batch(struct rcf_req *req, struct genl_info *info)
{
	const struct nlattr *head = genlmsg_data(info->genlhdr);
	int len = genlmsg_len(info->genlhdr), rem, rem2, err = 0;
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *tb[RCF_A_MAX + 1];
	const struct nlattr *b, *op;
	u32 n = 0, idx = 0;

	if (GENL_REQ_ATTR_CHECK(info, RCF_A_BATCH)) {
		NL_SET_ERR_MSG(extack, "a batch needs RCF_A_BATCH");
		return -EINVAL;
	}
	nla_for_each_attr(b, head, len, rem)
		if (nla_type(b) == RCF_A_BATCH)
			nla_for_each_nested(op, b, rem2)
				n++;
	if (n > RCF_BATCH_MAX_OPS) {
		NL_SET_ERR_MSG_ATTR(extack, info->attrs[RCF_A_BATCH],
				    "a batch holds at most 4096 operations");
		return -E2BIG;
	}
	req->tb = tb;
	nla_for_each_attr(b, head, len, rem) {
		if (nla_type(b) != RCF_A_BATCH)
			continue;
		nla_for_each_nested(op, b, rem2) {
			err = rcf_batch_op(req, op, tb, extack);
			if (err)
				goto out;
			idx++;
		}
	}
out:
	req->tb = NULL;
	req->nest = NULL;
	req->err.msg = NULL;
	if (err && extack) {
		memcpy(extack->cookie, &idx, sizeof(idx));
		extack->cookie_len = sizeof(idx);
	}
	return err;
}

static bool rcf_cmd_is_del(u8 cmd)
{
	return cmd == RCF_CMD_NODE_DEL || cmd == RCF_CMD_SWITCH_DEL ||
	       cmd == RCF_CMD_LINK_DEL || cmd == RCF_CMD_CIRCUIT_DEL ||
	       cmd == RCF_CMD_ROUTE_DEL || cmd == RCF_CMD_FABRIC_DEL ||
	       cmd == RCF_CMD_PATH_DEL || cmd == RCF_CMD_REL_DEL;
}

static bool rcf_cmd_is_new(u8 cmd)
{
	return cmd == RCF_CMD_NODE_NEW || cmd == RCF_CMD_SWITCH_NEW ||
	       cmd == RCF_CMD_LINK_NEW || cmd == RCF_CMD_CIRCUIT_NEW ||
	       cmd == RCF_CMD_ROUTE_NEW || cmd == RCF_CMD_FABRIC_NEW ||
	       cmd == RCF_CMD_PATH_NEW;
}

/* Replies with the object a NEW made, for NLM_F_ECHO. */
static void rcf_echo(struct rcf_req *req, struct genl_info *info)
{
	struct sk_buff *msg;
	void *hdr;

	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0,
				req->echo.cmd);
	if (!hdr || rcf_fill_event(msg, req->fab, &req->echo)) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_end(msg, hdr);
	genlmsg_reply(msg, info);
}

static int rcf_fabric_del(struct rcf_req *req)
{
	struct rcf_net *rn = req->rn;

	if (!rn->fab) {
		NL_SET_ERR_MSG(req->extack, "this namespace has no fabric");
		return -ENOENT;
	}
	rcf_fabric_destroy(rn);
	req->fab = NULL;
	return rcf_event_add(req, RCF_CMD_FABRIC_DEL, NULL, 0);
}

static int rcf_doit_change(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	u8 cmd = info->genlhdr->cmd;
	struct rcf_req req = {
		.rn = rn,
		.tb = info->attrs,
		.head = genlmsg_data(info->genlhdr),
		.headlen = genlmsg_len(info->genlhdr),
		.extack = info->extack,
	};
	bool created = false;
	int err;

	INIT_LIST_HEAD(&req.events);
	rtnl_lock();
	mutex_lock(&rn->lock);
	/* the data path's path events wait for this request's own */
	if (rn->dp)
		rcf_dp_path_hold(rn->dp);
	if (cmd == RCF_CMD_FABRIC_DEL) {
		err = rcf_fabric_del(&req);
		goto out;
	}
	if (cmd == RCF_CMD_FABRIC_NEW && rn->fab &&
	    (info->nlhdr->nlmsg_flags & NLM_F_EXCL)) {
		NL_SET_ERR_MSG(info->extack, "the fabric already exists");
		err = -EEXIST;
		goto out;
	}
	if (!rn->fab) {
		if (rcf_cmd_is_del(cmd)) {
			NL_SET_ERR_MSG(info->extack,
				       "nothing to delete: this namespace has no fabric");
			err = -ENOENT;
			goto out;
		}
		if (!rcf_fabric_create(rn, info->extack, &err))
			goto out;
		created = true;
	}
	req.fab = rn->fab;
	if (info->attrs[RCF_A_EPOCH_MODE])
		req.epoch_mode = nla_get_u8(info->attrs[RCF_A_EPOCH_MODE]);
	req.epoch_timeout_ms = RCF_EPOCH_TIMEOUT_MS;
	if (info->attrs[RCF_A_EPOCH_TIMEOUT_MS])
		req.epoch_timeout_ms =
			nla_get_u32(info->attrs[RCF_A_EPOCH_TIMEOUT_MS]);
	rcf_txn_begin(req.fab);
	req.fab->mem_hit = false;
	err = cmd == RCF_CMD_BATCH ? rcf_batch(&req, info) : rcf_apply(&req, cmd);
	if (err) {
		/* refused before any suspension: the fabric never stopped */
		rcf_txn_abort(req.fab);
		rcf_req_error(&req);
	} else {
		req.tb = NULL;
		err = rcf_epoch_commit(&req);
	}
	if (err && created) {
		rcf_fabric_destroy(rn);
		req.fab = NULL;
	}
	if (!err && rcf_cmd_is_new(cmd) && req.echo.cmd &&
	    (info->nlhdr->nlmsg_flags & NLM_F_ECHO))
		rcf_echo(&req, info);
out:
	if (err)
		rcf_events_free(&req);
	else
		rcf_events_send(&req);
	if (req.epoch_ran && req.fab)
		rcf_epoch_notify(&req);
	if (rn->dp)
		rcf_dp_path_release(rn->dp);
	mutex_unlock(&rn->lock);
	rtnl_unlock();
	return err;
}

static int rcf_notify_only_doit(struct sk_buff *skb, struct genl_info *info)
{
	NL_SET_ERR_MSG(info->extack, "not a request rcf serves");
	return -EOPNOTSUPP;
}

static const struct genl_multicast_group rcf_mcgrps[] = {
	{ .name = RCF_MCGRP_EVENTS },
};

static struct genl_ops rcf_ops[RCF_CMD_MAX] __ro_after_init;

/*
 * Every command validates its header strictly except FABRIC_GET and
 * FABRIC_NEW, which come first: the ABI gives FABRIC_NEW the meaning of
 * NLM_F_EXCL, a flag strict checking refuses.  Attributes are validated
 * strictly for every command all the same.
 */
struct genl_family rcf_genl_family __ro_after_init = {
	.name = RCF_GENL_NAME,
	.resv_start_op = RCF_CMD_FABRIC_DEL,
	.version = RCF_GENL_VERSION,
	.maxattr = RCF_A_MAX,
	.netnsok = true,
	.parallel_ops = true,
	.module = THIS_MODULE,
	.ops = rcf_ops,
	.n_ops = ARRAY_SIZE(rcf_ops),
	.mcgrps = rcf_mcgrps,
	.n_mcgrps = ARRAY_SIZE(rcf_mcgrps),
};

static bool rcf_cmd_is_get(u8 cmd)
{
	return cmd == RCF_CMD_FABRIC_GET || cmd == RCF_CMD_NODE_GET ||
	       cmd == RCF_CMD_SWITCH_GET || cmd == RCF_CMD_LINK_GET ||
	       cmd == RCF_CMD_CIRCUIT_GET || cmd == RCF_CMD_ROUTE_GET ||
	       cmd == RCF_CMD_PATH_GET;
}

static bool rcf_cmd_is_ntf(u8 cmd)
{
	return (cmd >= RCF_CMD_FABRIC_NEW_NTF &&
		cmd <= RCF_CMD_PATH_REQUEST_NTF) ||
	       cmd == RCF_CMD_REL_SET_NTF || cmd == RCF_CMD_REL_DEL_NTF;
}

/* Every command gets its own policy; changes need CAP_NET_ADMIN. */
void rcf_genl_ops_init(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rcf_ops); i++) {
		struct genl_ops *op = &rcf_ops[i];
		u8 cmd = i + 1;

		op->cmd = cmd;
		op->policy = rcf_cmd_policy(cmd);
		op->maxattr = RCF_A_MAX;
		if (cmd == RCF_CMD_STATS_GET) {
			op->dumpit = rcf_stats_dumpit;
		} else if (cmd == RCF_CMD_STATS_RESET) {
			op->doit = rcf_stats_reset_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_TRAFFIC_START) {
			op->doit = rcf_traffic_start_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_TRAFFIC_STOP) {
			op->doit = rcf_traffic_stop_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_TRAFFIC_GET) {
			op->doit = rcf_traffic_get_doit;
		} else if (cmd == RCF_CMD_EPOCH_GET) {
			op->doit = rcf_epoch_get_doit;
		} else if (cmd == RCF_CMD_NODE_THRESHOLD ||
			   cmd == RCF_CMD_PATH_RETURNED ||
			   cmd == RCF_CMD_CAPTURE_PKT ||
			   rcf_cmd_is_ntf(cmd)) {
			/* a notification: a request for it is refused */
			op->doit = rcf_notify_only_doit;
		} else if (cmd == RCF_CMD_CAPTURE_START) {
			op->doit = rcf_capture_start_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_CAPTURE_STOP) {
			op->doit = rcf_capture_stop_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_PATH_REQUEST) {
			op->doit = rcf_path_request_doit;
			op->flags = GENL_UNS_ADMIN_PERM;
		} else if (cmd == RCF_CMD_REL_GET) {
			/* a relation may not fit one message: a dump only */
			op->dumpit = rcf_dumpit;
		} else if (rcf_cmd_is_get(cmd)) {
			op->doit = rcf_doit_get;
			if (cmd != RCF_CMD_FABRIC_GET)
				op->dumpit = rcf_dumpit;
		} else if (!op->policy) {
			/* a command this build does not serve yet */
			op->doit = rcf_notify_only_doit;
		} else {
			op->doit = rcf_doit_change;
			op->flags = GENL_UNS_ADMIN_PERM;
		}
	}
}
