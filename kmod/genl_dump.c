// SPDX-License-Identifier: GPL-2.0
/*
 * Reads: GET of one object and dumps.  Reads need no privilege and never
 * create the fabric.  A dump holds the fabric lock for one skb at a time
 * and resumes from the key after the last object it sent, so changes
 * between skbs neither repeat nor skip the objects that stay; the parts
 * after such a change carry NLM_F_DUMP_INTR (rcf_dump_seq).
 */
#include <net/sock.h>

#include "compat.h"
#include "rcf.h"

static int rcf_get_fill(struct sk_buff *msg, struct rcf_fabric *f, u8 cmd,
			struct genl_info *info)
{
	struct nlattr **tb = info->attrs;
	struct rcf_circuit c;
	void *obj;

	switch (cmd) {
	case RCF_CMD_FABRIC_GET:
		return rcf_fill_fabric(msg, f);
	case RCF_CMD_NODE_GET:
		if (GENL_REQ_ATTR_CHECK(info, RCF_A_NODE_ID))
			break;
		obj = f ? rcf_node_get(f, nla_get_u32(tb[RCF_A_NODE_ID])) : NULL;
		if (!obj) {
			NL_SET_ERR_MSG_ATTR(info->extack, tb[RCF_A_NODE_ID],
					    "no such node");
			return -ENOENT;
		}
		return rcf_fill_node(msg, obj);
	case RCF_CMD_SWITCH_GET:
		if (GENL_REQ_ATTR_CHECK(info, RCF_A_SWITCH_ID))
			break;
		obj = f ? rcf_switch_get(f, nla_get_u32(tb[RCF_A_SWITCH_ID])) :
			  NULL;
		if (!obj) {
			NL_SET_ERR_MSG_ATTR(info->extack, tb[RCF_A_SWITCH_ID],
					    "no such switch");
			return -ENOENT;
		}
		return rcf_fill_switch(msg, obj);
	case RCF_CMD_LINK_GET:
		if (GENL_REQ_ATTR_CHECK(info, RCF_A_LINK_ID))
			break;
		obj = f ? rcf_link_get(f, nla_get_u32(tb[RCF_A_LINK_ID])) : NULL;
		if (!obj) {
			NL_SET_ERR_MSG_ATTR(info->extack, tb[RCF_A_LINK_ID],
					    "no such link");
			return -ENOENT;
		}
		return rcf_fill_link(msg, obj);
	case RCF_CMD_CIRCUIT_GET:
		if (GENL_REQ_ATTR_CHECK(info, RCF_A_CIRCUIT_SWITCH) ||
		    GENL_REQ_ATTR_CHECK(info, RCF_A_CIRCUIT_IN_PORT))
			break;
		if (!f || !rcf_circuit_get(f,
					   nla_get_u32(tb[RCF_A_CIRCUIT_SWITCH]),
					   nla_get_u32(tb[RCF_A_CIRCUIT_IN_PORT]),
					   &c)) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    tb[RCF_A_CIRCUIT_IN_PORT],
					    "no circuit on that switch input");
			return -ENOENT;
		}
		return rcf_fill_circuit(msg, &c);
	case RCF_CMD_ROUTE_GET:
		if (GENL_REQ_ATTR_CHECK(info, RCF_A_ROUTE_SRC) ||
		    GENL_REQ_ATTR_CHECK(info, RCF_A_ROUTE_DST) ||
		    GENL_REQ_ATTR_CHECK(info, RCF_A_ROUTE_INDEX))
			break;
		obj = f ? rcf_route_get(f, nla_get_u32(tb[RCF_A_ROUTE_SRC]),
					nla_get_u32(tb[RCF_A_ROUTE_DST]),
					nla_get_u8(tb[RCF_A_ROUTE_INDEX])) :
			  NULL;
		if (!obj) {
			NL_SET_ERR_MSG(info->extack, "no such route");
			return -ENOENT;
		}
		return rcf_fill_route(msg, obj);
	case RCF_CMD_PATH_GET: {
		struct rcf_dp_path_info pi;
		struct rcf_dp *dp = f ? ((struct rcf_net *)f->priv)->dp : NULL;

		if (GENL_REQ_ATTR_CHECK(info, RCF_A_PATH_ID))
			break;
		obj = f ? rcf_path_get(f, nla_get_u32(tb[RCF_A_PATH_ID])) : NULL;
		if (!obj) {
			NL_SET_ERR_MSG_ATTR(info->extack, tb[RCF_A_PATH_ID],
					    "no such path");
			return -ENOENT;
		}
		rcf_dp_lock(dp);
		rcf_dp_path_info(dp, obj, &pi);
		mutex_unlock(&dp->lock);
		return rcf_fill_path(msg, obj, &pi);
	}
	default:
		return -EOPNOTSUPP;
	}
	NL_SET_ERR_MSG(info->extack, "a required attribute is missing");
	return -EINVAL;
}

int rcf_doit_get(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	u8 cmd = info->genlhdr->cmd;
	struct sk_buff *msg;
	void *hdr;
	int err;

	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0, cmd);
	if (!hdr) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	mutex_lock(&rn->lock);
	err = rcf_get_fill(msg, rn->fab, cmd, info);
	mutex_unlock(&rn->lock);
	if (err) {
		nlmsg_free(msg);
		return err;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}

struct rcf_dump {
	struct sk_buff *skb;
	struct netlink_callback *cb;
	u8 cmd;
	struct rcf_dp_path_info pi;	/* of the path being dumped */
};

/* A dump message's header, marked if the fabric changed; NULL if full. */
static void *rcf_dump_hdr(struct rcf_dump *d)
{
	void *hdr;

	hdr = genlmsg_put(d->skb, NETLINK_CB(d->cb->skb).portid,
			  d->cb->nlh->nlmsg_seq, &rcf_genl_family, NLM_F_MULTI,
			  d->cmd);
	if (hdr)
		genl_dump_check_consistent(d->cb, hdr);
	return hdr;
}

/*
 * One switch's relation from entry a[1] on: a message per skb, the
 * next one going on with the same switch where this one stopped.
 */
static int rcf_dump_rel(struct rcf_dump *d, const struct rcf_rel *r)
{
	long *a = d->cb->args;
	u32 from = a[1];
	void *hdr;

	hdr = rcf_dump_hdr(d);
	if (!hdr)
		return -EMSGSIZE;
	if (rcf_fill_rel(d->skb, r, &from)) {
		genlmsg_cancel(d->skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(d->skb, hdr);
	a[1] = from;
	return from < r->ndst ? -EMSGSIZE : 0;
}

static void rcf_dump_rels(struct rcf_dump *d, struct rcf_fabric *f,
			  struct nlattr **tb)
{
	bool one = tb && tb[RCF_A_REL_SWITCH];
	u32 want = one ? nla_get_u32(tb[RCF_A_REL_SWITCH]) : 0;
	const struct rcf_rel *r;
	struct rcf_switch *s;
	long *a = d->cb->args;

	if (one && a[0] < want) {
		a[0] = want;
		a[1] = 0;
	}
	for (; (s = rcf_switch_next(f, a[0])); a[0] = s->id + 1, a[1] = 0) {
		if (one && s->id != want)
			break;
		if (s->id != a[0])
			a[1] = 0;
		a[0] = s->id;
		r = rcf_rel_get(f, s->id);
		if (r && rcf_dump_rel(d, r))
			break;
	}
}

/* One object of a dump; -EMSGSIZE when the skb is full. */
static int rcf_dump_one(struct rcf_dump *d, const void *obj)
{
	void *hdr;
	int err;

	hdr = rcf_dump_hdr(d);
	if (!hdr)
		return -EMSGSIZE;
	switch (d->cmd) {
	case RCF_CMD_NODE_GET:
		err = rcf_fill_node(d->skb, obj);
		break;
	case RCF_CMD_SWITCH_GET:
		err = rcf_fill_switch(d->skb, obj);
		break;
	case RCF_CMD_LINK_GET:
		err = rcf_fill_link(d->skb, obj);
		break;
	case RCF_CMD_CIRCUIT_GET:
		err = rcf_fill_circuit(d->skb, obj);
		break;
	case RCF_CMD_PATH_GET:
		err = rcf_fill_path(d->skb, obj, &d->pi);
		break;
	default:
		err = rcf_fill_route(d->skb, obj);
		break;
	}
	if (err) {
		genlmsg_cancel(d->skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(d->skb, hdr);
	return 0;
}

static void rcf_dump_routes(struct rcf_dump *d, struct rcf_fabric *f,
			    struct nlattr **tb)
{
	long *a = d->cb->args;
	struct rcf_route *r;
	bool fsrc = tb && tb[RCF_A_ROUTE_SRC], fdst = tb && tb[RCF_A_ROUTE_DST];
	u32 src = fsrc ? nla_get_u32(tb[RCF_A_ROUTE_SRC]) : 0;
	u32 dst = fdst ? nla_get_u32(tb[RCF_A_ROUTE_DST]) : 0;

	if (fsrc && a[0] < src) {
		a[0] = src;
		a[1] = 0;
		a[2] = 0;
	}
	while ((r = rcf_route_next(f, a[0], a[1], a[2]))) {
		if (fsrc && r->src != src)
			break;
		if (!fdst || r->dst == dst) {
			if (rcf_dump_one(d, r))
				break;
		}
		a[0] = r->src;
		a[1] = r->dst;
		a[2] = r->index + 1;
	}
}

int rcf_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	const struct genl_dumpit_info *info = genl_dumpit_info(cb);
	struct rcf_net *rn = rcf_net(sock_net(skb->sk));
	struct rcf_dump d = { .skb = skb, .cb = cb, .cmd = info->op.cmd };
	struct rcf_circuit c;
	long *a = cb->args;
	struct rcf_fabric *f;
	void *o;

	mutex_lock(&rn->lock);
	rcf_dump_seq(rn, cb);
	f = rn->fab;
	if (!f)
		goto out;
	switch (d.cmd) {
	case RCF_CMD_NODE_GET:
		for (; (o = rcf_node_next(f, a[0])); a[0]++) {
			a[0] = ((struct rcf_node *)o)->id;
			if (rcf_dump_one(&d, o))
				break;
		}
		break;
	case RCF_CMD_SWITCH_GET:
		for (; (o = rcf_switch_next(f, a[0])); a[0]++) {
			a[0] = ((struct rcf_switch *)o)->id;
			if (rcf_dump_one(&d, o))
				break;
		}
		break;
	case RCF_CMD_LINK_GET:
		for (; (o = rcf_link_next(f, a[0])); a[0]++) {
			a[0] = ((struct rcf_link *)o)->id;
			if (rcf_dump_one(&d, o))
				break;
		}
		break;
	case RCF_CMD_CIRCUIT_GET:
		for (; rcf_circuit_next(f, a[0], a[1], &c); a[1]++) {
			a[0] = c.sw;
			a[1] = c.in_port;
			if (rcf_dump_one(&d, &c))
				break;
		}
		break;
	case RCF_CMD_ROUTE_GET:
		rcf_dump_routes(&d, f, rcf_dump_attrs(info));
		break;
	case RCF_CMD_REL_GET:
		rcf_dump_rels(&d, f, rcf_dump_attrs(info));
		break;
	case RCF_CMD_PATH_GET:
		/* once per skb: the kthread steps aside for it */
		rcf_dp_lock(rn->dp);
		for (; (o = rcf_path_next(f, a[0])); a[0]++) {
			a[0] = ((struct rcf_path *)o)->id;
			rcf_dp_path_info(rn->dp, o, &d.pi);
			if (rcf_dump_one(&d, o))
				break;
		}
		mutex_unlock(&rn->dp->lock);
		break;
	}
out:
	mutex_unlock(&rn->lock);
	return skb->len;
}
