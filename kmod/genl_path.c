// SPDX-License-Identifier: GPL-2.0
/*
 * RCF_CMD_PATH_REQUEST from a user (Documentation/paths.rst): raise a
 * path request by hand, as a node with a message waiting would, or fail
 * the outstanding one with an errno (a switch controller that cannot
 * find a path says so at once instead of letting the request time out).
 * Either way listeners get the PATH_REQUEST event the data path sends.
 * Not a change of the model, so no transaction and no epoch; the fabric
 * mutex keeps the nodes it names in place meanwhile.
 */
#include "rcf.h"

static bool rcf_pair_has_path(struct rcf_fabric *f, u32 master, u32 dst)
{
	struct rcf_path *p;
	u32 id;

	for (id = 0; (p = rcf_path_next(f, id)); id = p->id + 1)
		if (p->master == master && p->dst == dst)
			return true;
	return false;
}

static int rcf_path_request(struct rcf_net *rn, struct genl_info *info)
{
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr **tb = info->attrs;
	struct rcf_fabric *f = rn->fab;
	u32 master, dst, err = 0;

	if (!f) {
		NL_SET_ERR_MSG(extack, "this namespace has no fabric");
		return -ENOENT;
	}
	master = nla_get_u32(tb[RCF_A_PATH_MASTER]);
	dst = nla_get_u32(tb[RCF_A_PATH_DST]);
	if (tb[RCF_A_PATH_ERROR])
		err = nla_get_u32(tb[RCF_A_PATH_ERROR]);
	if (!rcf_node_get(f, master)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_A_PATH_MASTER],
				    "path master node does not exist");
		return -ENOENT;
	}
	if (!rcf_node_get(f, dst)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_A_PATH_DST],
				    "path destination node does not exist");
		return -ENOENT;
	}
	if (master == dst) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_A_PATH_DST],
				    "path master and destination are the same node");
		return -EINVAL;
	}
	/* its messages would wait for that path, not ask for another */
	if (!err && rcf_pair_has_path(f, master, dst)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_A_PATH_DST],
				    "the pair has a path already");
		return -EEXIST;
	}
	return rcf_dp_path_user_request(rn->dp, master, dst, err, extack);
}

int rcf_path_request_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	int err;

	if (GENL_REQ_ATTR_CHECK(info, RCF_A_PATH_MASTER) ||
	    GENL_REQ_ATTR_CHECK(info, RCF_A_PATH_DST)) {
		NL_SET_ERR_MSG(info->extack,
			       "a path request needs a master and a destination");
		return -EINVAL;
	}
	mutex_lock(&rn->lock);
	err = rcf_path_request(rn, info);
	mutex_unlock(&rn->lock);
	return err;
}
