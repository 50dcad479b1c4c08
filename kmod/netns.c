// SPDX-License-Identifier: GPL-2.0
/*
 * One fabric per network namespace.  Registered as a pernet device so
 * that our exit runs before the core's device teardown and can
 * unregister the node netdevs itself.
 */
#include <linux/rtnetlink.h>
#include <net/netns/generic.h>

#include "rcf.h"

static unsigned int rcf_net_id;

struct rcf_net *rcf_net(struct net *net)
{
	return net_generic(net, rcf_net_id);
}

struct rcf_fabric *rcf_fabric_create(struct rcf_net *rn)
{
	lockdep_assert_held(&rn->lock);
	if (!rn->fab)
		rn->fab = rcf_fabric_new(&rcf_netdev_hooks, rn);
	return rn->fab;
}

void rcf_fabric_destroy(struct rcf_net *rn)
{
	ASSERT_RTNL();
	lockdep_assert_held(&rn->lock);
	rcf_fabric_free(rn->fab);
	rn->fab = NULL;
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
