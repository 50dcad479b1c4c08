// SPDX-License-Identifier: GPL-2.0
/*
 * One fabric per network namespace.  Registered as a pernet device so
 * that our exit runs before the core's device teardown and can
 * unregister the node netdevs itself, and send node netdevs that were
 * moved into a dying namespace home to their fabric's.
 */
#include <linux/rtnetlink.h>
#include <net/netns/generic.h>

#include "rcf.h"

static unsigned int rcf_net_id;

/*
 * What one fabric's model may hold: the owner of a user namespace owns a
 * fabric, so the administrator sets what any owner gets.  Read when a
 * fabric is created, and when its owner sets a limit of its own, which
 * may not be larger; 0 leaves fabrics unbounded (the memory cgroup still
 * holds them).
 */
static unsigned long rcf_fabric_mem_limit = 256UL << 20;
module_param_named(fabric_mem_limit, rcf_fabric_mem_limit, ulong, 0644);
MODULE_PARM_DESC(fabric_mem_limit,
		 "bytes a new fabric's model may hold (0: no limit)");

u64 rcf_fabric_mem_default(void)
{
	return READ_ONCE(rcf_fabric_mem_limit);
}

struct rcf_net *rcf_net(struct net *net)
{
	return net_generic(net, rcf_net_id);
}

static void rcf_gen_bump(struct rcf_net *rn)
{
	if (!++rn->gen)
		rn->gen = 1;
}

/*
 * Under rn->lock, at each part of a dump: netlink marks the parts that
 * follow a change NLM_F_DUMP_INTR (the DONE message too), so a reader
 * knows its objects are not one configuration's.  Epochs are compared
 * here rather than bumped at each commit: one place sees them all.
 */
void rcf_dump_seq(struct rcf_net *rn, struct netlink_callback *cb)
{
	lockdep_assert_held(&rn->lock);
	if (!rn->gen)
		rn->gen = 1;
	if (rn->fab && rn->fab->epoch != rn->gen_epoch) {
		rn->gen_epoch = rn->fab->epoch;
		rcf_gen_bump(rn);
	}
	cb->seq = rn->gen;
}

/* NULL with *err and, where there is one to give, a message on failure. */
struct rcf_fabric *rcf_fabric_create(struct rcf_net *rn,
				     struct netlink_ext_ack *extack, int *err)
{
	lockdep_assert_held(&rn->lock);
	if (rn->fab)
		return rn->fab;
	*err = rcf_owner_get(rn, extack);
	if (*err)
		return NULL;
	rcf_gen_bump(rn);
	rn->gen_epoch = 0;
	*err = -ENOMEM;
	rn->dp = rcf_dp_new(rn, err);
	if (!rn->dp) {
		rcf_owner_put(rn);
		return NULL;
	}
	rn->fab = rcf_fabric_new(&rcf_netdev_hooks, rn);
	if (rn->fab)
		rn->fab->mem_limit = rcf_fabric_mem_default();
	if (!rn->fab || rcf_dp_rebuild(rn->dp, rn->fab)) {
		rcf_fabric_free(rn->fab);
		rn->fab = NULL;
		rcf_dp_stop(rn->dp);
		rcf_dp_free(rn->dp);
		rn->dp = NULL;
		rcf_owner_put(rn);
		*err = -ENOMEM;
	}
	return rn->fab;
}

/*
 * The kthread stops first, so nothing is delivered to a netdev being
 * unregistered; queued skbs are freed with the data path.
 */
void rcf_fabric_destroy(struct rcf_net *rn)
{
	ASSERT_RTNL();
	lockdep_assert_held(&rn->lock);
	if (rn->fab || rn->dp)
		rcf_gen_bump(rn);
	if (rn->dp)
		rcf_dp_stop(rn->dp);
	if (rn->fab)
		rcf_fabric_free(rn->fab);
	rn->fab = NULL;
	if (rn->dp)
		rcf_dp_free(rn->dp);
	rn->dp = NULL;
	rcf_owner_put(rn);
}

/* Carrier: on while the node has a link that is up. */
static void rcf_carrier_update(struct rcf_fabric *f)
{
	struct rcf_node *n;
	struct rcf_link *l;
	u32 id, p;

	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1) {
		bool up = false;

		if (!n->dev)
			continue;
		for (p = 0; p < n->ports && !up; p++) {
			if (n->port_link[p] == RCF_NONE)
				continue;
			l = rcf_link_get(f, n->port_link[p]);
			up = l && l->state == RCF_LINK_UP;
		}
		if (up && !netif_carrier_ok(n->dev))
			netif_carrier_on(n->dev);
		else if (!up && netif_carrier_ok(n->dev))
			netif_carrier_off(n->dev);
	}
}

/*
 * The engine itself changed in the epoch (dp_epoch.c); here the settings
 * that need none, and the carrier unless only routes changed.
 */
void rcf_fabric_committed(struct rcf_req *req, bool reroute)
{
	struct rcf_dp *dp = req->rn->dp;

	if (req->set_clock)
		rcf_dp_set_clock(dp, req->clock_hz);
	if (req->set_policy)
		WRITE_ONCE(dp->policy, req->policy);
	if (req->set_engine)
		WRITE_ONCE(dp->exact, req->engine_exact);
	if (req->set_model)
		rcf_dp_model_set(&dp->model, &req->model);
	if (req->set_thresh)
		WRITE_ONCE(dp->msg_threshold, req->msg_threshold);
	if (req->set_path_timeout) {
		rcf_dp_lock(dp);
		rcf_dp_path_set_timeout(dp, req->path_timeout_ms);
		mutex_unlock(&dp->lock);
		/* expiries move; turned off, waiting messages may go */
		rcf_dp_poke(dp);
		rcf_dp_unstall(dp);
	}
	if (!reroute)
		rcf_carrier_update(req->fab);
}

/*
 * Node netdevs of other namespaces' fabrics that were moved here: back
 * to the fabric's namespace, unless it is dying too (its own exit then
 * unregisters them, before any device teardown of this batch).
 */
static void rcf_net_send_home(struct net *net)
{
	struct net_device *dev, *aux;
	struct rcf_ndev *nd;
	struct net *home;
	int err;

	for_each_netdev_safe(net, dev, aux) {
		if (!rcf_is_node_dev(dev))
			continue;
		nd = netdev_priv(dev);
		if (nd->dp->rn->net == net)
			continue;
		home = maybe_get_net(nd->dp->rn->net);
		if (!home)
			continue;
		err = dev_change_net_namespace(dev, home, "rcf%d");
		if (err)
			pr_warn("rcf: could not return %s home: %d\n",
				dev->name, err);
		put_net(home);
	}
}

static int __net_init rcf_net_init(struct net *net)
{
	struct rcf_net *rn = rcf_net(net);

	mutex_init(&rn->lock);
	rn->net = net;
	rn->fab = NULL;
	return 0;
}

static void __net_exit rcf_net_exit(struct net *net)
{
	struct rcf_net *rn = rcf_net(net);

	rtnl_lock();
	rcf_net_send_home(net);
	mutex_lock(&rn->lock);
	rcf_fabric_destroy(rn);
	mutex_unlock(&rn->lock);
	rtnl_unlock();
	mutex_destroy(&rn->lock);
}

static struct pernet_operations rcf_net_ops = {
	.init = rcf_net_init,
	.exit = rcf_net_exit,
	.id = &rcf_net_id,
	.size = sizeof(struct rcf_net),
};

int rcf_netns_init(void)
{
	return register_pernet_device(&rcf_net_ops);
}

void rcf_netns_exit(void)
{
	unregister_pernet_device(&rcf_net_ops);
}
