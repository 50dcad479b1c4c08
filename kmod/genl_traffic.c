// SPDX-License-Identifier: GPL-2.0
/*
 * TRAFFIC_START, TRAFFIC_STOP and TRAFFIC_GET: the spec from netlink
 * into the generator's terms (defaults as rcfsim's, so one spec means
 * the same run in both), and its results back out.
 */
#include <net/sock.h>

#include "rcf.h"
#include "core/traffic.h"

static int rcf_tput64(struct sk_buff *skb, int type, u64 v)
{
	return nla_put_u64_64bit(skb, type, v, RCF_TRAFFIC_PAD);
}

static int rcf_traffic_fill_spec(struct sk_buff *skb,
				 const struct rcf_traffic_spec *s, u32 hot_id)
{
	if (nla_put_u8(skb, RCF_TRAFFIC_PATTERN, s->pattern) ||
	    nla_put_u32(skb, RCF_TRAFFIC_RATE, s->rate) ||
	    nla_put_u32(skb, RCF_TRAFFIC_SIZE_MIN, s->size_min) ||
	    nla_put_u32(skb, RCF_TRAFFIC_SIZE_MAX, s->size_max) ||
	    rcf_tput64(skb, RCF_TRAFFIC_SEED, s->seed))
		return -EMSGSIZE;
	if (s->pattern == RCF_TP_HOTSPOT) {
		if (nla_put_u32(skb, RCF_TRAFFIC_HOT_NODE, hot_id) ||
		    nla_put_u32(skb, RCF_TRAFFIC_HOT_PERMILLE, s->hot_permille))
			return -EMSGSIZE;
	} else if (nla_put_u32(skb, RCF_TRAFFIC_PARAM, s->param)) {
		return -EMSGSIZE;
	}
	if (s->cycles && rcf_tput64(skb, RCF_TRAFFIC_CYCLES, s->cycles))
		return -EMSGSIZE;
	if (s->messages && rcf_tput64(skb, RCF_TRAFFIC_MESSAGES, s->messages))
		return -EMSGSIZE;
	return 0;
}

/* One RCF_A_TRAFFIC nest: spec and results; under dp->lock. */
int rcf_traffic_fill(struct sk_buff *skb, struct rcf_dp_traffic *tr)
{
	const struct rcf_traffic_spec *s;
	struct rcf_traffic_results r;
	struct nlattr *nest;
	u32 hot_id;

	nest = nla_nest_start(skb, RCF_A_TRAFFIC);
	if (!nest)
		return -EMSGSIZE;
	s = rcf_dp_traffic_spec(tr, &hot_id);
	rcf_dp_traffic_results(tr, &r);
	if (rcf_traffic_fill_spec(skb, s, hot_id))
		return -EMSGSIZE;
	if ((rcf_dp_traffic_running(tr) &&
	     nla_put_flag(skb, RCF_TRAFFIC_RUNNING)) ||
	    (r.done && nla_put_flag(skb, RCF_TRAFFIC_DONE)) ||
	    (r.done && r.complete && !r.error &&
	     nla_put_flag(skb, RCF_TRAFFIC_COMPLETE)) ||
	    (r.error && nla_put_u32(skb, RCF_TRAFFIC_ERROR, -r.error)) ||
	    nla_put_u32(skb, RCF_TRAFFIC_NODES, r.nodes) ||
	    rcf_tput64(skb, RCF_TRAFFIC_NOW, r.cycles) ||
	    rcf_tput64(skb, RCF_TRAFFIC_WINDOW, r.window) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_OFFERED, r.msgs_offered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_SENT, r.msgs_sent) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_REFUSED, r.msgs_refused) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_DELIVERED, r.msgs_delivered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_CORRUPT, r.msgs_corrupt) ||
	    rcf_tput64(skb, RCF_TRAFFIC_BYTES_OFFERED, r.bytes_offered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_BYTES_DELIVERED, r.bytes_delivered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_OFFERED_MILLI, r.offered_milli) ||
	    rcf_tput64(skb, RCF_TRAFFIC_ACCEPTED_MILLI, r.accepted_milli) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_COUNT, r.lat_count) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_AVG, r.lat_avg) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_MIN,
		       r.lat_count ? r.lat_min : 0) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_P50, r.lat_p50) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_P99, r.lat_p99) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_MAX, r.lat_max))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static u32 rcf_tget32(struct nlattr **tb, int type, u32 def)
{
	return tb[type] ? nla_get_u32(tb[type]) : def;
}

/* The spec of RCF_A_TRAFFIC, checked against the fabric f. */
static struct rcf_dp_traffic *rcf_traffic_parse(struct rcf_fabric *f,
						struct genl_info *info)
{
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *tb[RCF_TRAFFIC_MAX + 1];
	struct rcf_traffic_spec s = {};
	struct rcf_dp_traffic *tr;
	u32 hot_id = 0;
	int err;

	if (!info->attrs[RCF_A_TRAFFIC]) {
		NL_SET_ERR_MSG(extack, "TRAFFIC_START needs RCF_A_TRAFFIC");
		return ERR_PTR(-EINVAL);
	}
	err = nla_parse_nested(tb, RCF_TRAFFIC_MAX, info->attrs[RCF_A_TRAFFIC],
			       rcf_traffic_policy, extack);
	if (err)
		return ERR_PTR(err);
	s.pattern = tb[RCF_TRAFFIC_PATTERN] ?
		    nla_get_u8(tb[RCF_TRAFFIC_PATTERN]) : RCF_TP_UNIFORM;
	s.param = rcf_tget32(tb, RCF_TRAFFIC_PARAM, 0);
	s.rate = rcf_tget32(tb, RCF_TRAFFIC_RATE, 100);
	s.size_min = rcf_tget32(tb, RCF_TRAFFIC_SIZE_MIN, 64);
	s.size_max = rcf_tget32(tb, RCF_TRAFFIC_SIZE_MAX, s.size_min);
	s.seed = tb[RCF_TRAFFIC_SEED] ? nla_get_u64(tb[RCF_TRAFFIC_SEED]) : 1;
	s.cycles = tb[RCF_TRAFFIC_CYCLES] ?
		   nla_get_u64(tb[RCF_TRAFFIC_CYCLES]) : 0;
	s.messages = tb[RCF_TRAFFIC_MESSAGES] ?
		     nla_get_u64(tb[RCF_TRAFFIC_MESSAGES]) : 0;
	if (!s.cycles && !s.messages)
		s.cycles = 10000;
	s.hot_permille = rcf_tget32(tb, RCF_TRAFFIC_HOT_PERMILLE, 200);
	if (s.size_min > s.size_max) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_SIZE_MAX],
				    "the largest message size is below the smallest");
		return ERR_PTR(-EINVAL);
	}
	if (s.pattern == RCF_TP_HOTSPOT) {
		struct rcf_node *n;

		if (!tb[RCF_TRAFFIC_HOT_NODE]) {
			NL_SET_ERR_MSG(extack, "hotspot traffic needs RCF_TRAFFIC_HOT_NODE");
			return ERR_PTR(-EINVAL);
		}
		hot_id = nla_get_u32(tb[RCF_TRAFFIC_HOT_NODE]);
		n = hot_id < RCF_MAX_NODES ? rcf_node_next(f, hot_id) : NULL;
		if (!n || n->id != hot_id) {
			NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_HOT_NODE],
					    "the hot spot is not a node of the fabric");
			return ERR_PTR(-ENOENT);
		}
	}
	tr = rcf_dp_traffic_alloc(f, &s, hot_id);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	s = *rcf_dp_traffic_spec(tr, &hot_id);
	if (s.nodes < 2 || rcf_traffic_check(s.pattern, s.param, s.nodes)) {
		rcf_dp_traffic_free(tr);
		NL_SET_ERR_MSG(extack,
			       "the pattern cannot run with this step on this fabric's number of nodes");
		return ERR_PTR(-EINVAL);
	}
	return tr;
}

int rcf_traffic_start_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct rcf_dp_traffic *tr;
	int err;

	mutex_lock(&rn->lock);
	if (!rn->fab || !rn->dp) {
		NL_SET_ERR_MSG(info->extack, "this namespace has no fabric");
		err = -ENOENT;
		goto out;
	}
	mutex_lock(&rn->dp->lock);
	err = rcf_dp_traffic_running(rn->dp->tr) ? -EBUSY : 0;
	mutex_unlock(&rn->dp->lock);
	if (err) {
		NL_SET_ERR_MSG(info->extack, "a traffic run is under way");
		goto out;
	}
	tr = rcf_traffic_parse(rn->fab, info);
	if (IS_ERR(tr)) {
		err = PTR_ERR(tr);
		goto out;
	}
	err = rcf_dp_rebuild_traffic(rn->dp, rn->fab, tr);
	if (err) {
		if (err == -EINVAL)
			NL_SET_ERR_MSG(info->extack, "the generator refused the spec");
		rcf_dp_traffic_free(tr);
	}
out:
	mutex_unlock(&rn->lock);
	return err;
}

int rcf_traffic_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	int err = 0;

	mutex_lock(&rn->lock);
	if (!rn->dp) {
		err = -ENOENT;
	} else {
		mutex_lock(&rn->dp->lock);
		if (rcf_dp_traffic_running(rn->dp->tr))
			rcf_dp_traffic_stop(rn->dp);
		else
			err = -ENOENT;
		mutex_unlock(&rn->dp->lock);
	}
	if (err)
		NL_SET_ERR_MSG(info->extack, "no traffic run is under way");
	mutex_unlock(&rn->lock);
	return err;
}

int rcf_traffic_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct sk_buff *msg;
	void *hdr;
	int err = -ENOENT;

	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0,
				RCF_CMD_TRAFFIC_GET);
	if (!hdr) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	mutex_lock(&rn->lock);
	if (rn->dp) {
		mutex_lock(&rn->dp->lock);
		if (rn->dp->tr)
			err = rcf_traffic_fill(msg, rn->dp->tr);
		mutex_unlock(&rn->dp->lock);
	}
	mutex_unlock(&rn->lock);
	if (err) {
		if (err == -ENOENT)
			NL_SET_ERR_MSG(info->extack, "no traffic has run");
		nlmsg_free(msg);
		return err;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}
