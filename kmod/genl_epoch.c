// SPDX-License-Identifier: GPL-2.0
/*
 * The epoch on the wire (enum rcf_epoch_attr): the event each epoch
 * sends and EPOCH_GET's reply carry the same nest, built here from the
 * record the data path keeps (dp_epoch.c).
 */
#include "rcf.h"

static int rcf_epoch_fill(struct sk_buff *skb, const struct rcf_epoch_rec *r)
{
	struct nlattr *nest = nla_nest_start(skb, RCF_A_EPOCH);
	u64 applied, rolled_back;

	rcf_epoch_totals(&applied, &rolled_back);
	if (!nest ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_NUMBER, r->number,
			      RCF_EPOCH_PAD) ||
	    nla_put_u8(skb, RCF_EPOCH_MODE, r->mode) ||
	    nla_put_u32(skb, RCF_EPOCH_ERROR, r->error) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_SUSPEND_NS, r->suspend_ns,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_DRAIN_NS, r->drain_ns,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_APPLY_NS, r->apply_ns,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_RESUME_NS, r->resume_ns,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_INFLIGHT, r->inflight,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_DRAIN_CYCLES, r->drain_cycles,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_HELD, r->held, RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_APPLIED, applied,
			      RCF_EPOCH_PAD) ||
	    nla_put_u64_64bit(skb, RCF_EPOCH_ROLLED_BACK, rolled_back,
			      RCF_EPOCH_PAD)) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

static struct sk_buff *rcf_epoch_msg(const struct rcf_epoch_rec *r,
				     struct genl_info *info)
{
	struct sk_buff *skb = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	void *hdr;

	if (!skb)
		return NULL;
	if (info)
		hdr = genlmsg_put_reply(skb, info, &rcf_genl_family, 0,
					RCF_CMD_EPOCH_GET);
	else
		hdr = genlmsg_put(skb, 0, 0, &rcf_genl_family, 0,
				  RCF_CMD_EPOCH_NTF);
	if (!hdr || rcf_epoch_fill(skb, r)) {
		nlmsg_free(skb);
		return NULL;
	}
	genlmsg_end(skb, hdr);
	return skb;
}

/* The epoch that req ran, to the events group (fabric mutex held). */
void rcf_epoch_notify(struct rcf_req *req)
{
	struct net *net = req->rn->net;
	struct sk_buff *skb;

	if (!genl_has_listeners(&rcf_genl_family, net, 0))
		return;
	skb = rcf_epoch_msg(&req->rn->dp->last_ep, NULL);
	if (skb)
		genlmsg_multicast_netns(&rcf_genl_family, net, skb, 0, 0,
					GFP_KERNEL);
}

/* The last epoch tried; before the first, the fabric's epoch number. */
int rcf_epoch_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct rcf_epoch_rec r;
	struct sk_buff *msg;

	mutex_lock(&rn->lock);
	if (!rn->fab) {
		mutex_unlock(&rn->lock);
		NL_SET_ERR_MSG(info->extack, "this namespace has no fabric");
		return -ENOENT;
	}
	r = rn->dp->last_ep;
	if (!r.number && !r.error)
		r.number = rn->fab->epoch;
	mutex_unlock(&rn->lock);
	msg = rcf_epoch_msg(&r, info);
	if (!msg)
		return -ENOMEM;
	return genlmsg_reply(msg, info);
}
