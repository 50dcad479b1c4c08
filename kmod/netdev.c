// SPDX-License-Identifier: GPL-2.0
/*
 * Node netdevs: IPv4 and IPv6 over the fabric (Documentation/datapath.rst).
 * Transmit hands the packet to the data path; the data path hands
 * arriving messages to the stack itself.  A device may move to another network
 * namespace and stays a node of its fabric.
 */
#include <linux/netdevice.h>
#include <linux/if_arp.h>
#include <linux/rtnetlink.h>

#include "compat.h"
#include "rcf.h"

static void rcf_ndev_uninit(struct net_device *dev)
{
	struct rcf_ndev *nd = netdev_priv(dev);

	/* A detach already did this; unregistering by other means not. */
	rcf_dp_detach(nd->dp, dev);
}

static const struct net_device_ops rcf_ndev_ops = {
	.ndo_uninit = rcf_ndev_uninit,
	.ndo_start_xmit = rcf_dp_xmit,
};

bool rcf_is_node_dev(const struct net_device *dev)
{
	return dev->netdev_ops == &rcf_ndev_ops;
}

static void rcf_ndev_setup(struct net_device *dev)
{
	dev->netdev_ops = &rcf_ndev_ops;
	dev->type = ARPHRD_NONE;
	dev->flags = IFF_NOARP | IFF_POINTOPOINT | IFF_MULTICAST;
	dev->hard_header_len = 0;
	dev->addr_len = 0;
	dev->mtu = ETH_DATA_LEN;
	dev->min_mtu = 68;
	dev->max_mtu = RCF_ADAPTER_MAX_MSG;
	dev->tx_queue_len = 1000;
	rcf_netdev_set_lltx(dev);
	dev->needs_free_netdev = true;
}

static int rcf_attach(struct rcf_fabric *f, struct rcf_node *n,
		      struct rcf_err *e)
{
	struct rcf_net *rn = f->priv;
	struct net_device *dev;
	struct rcf_ndev *nd;
	char name[IFNAMSIZ];
	int err;

	ASSERT_RTNL();
	if (n->ifname[0])
		strscpy(name, n->ifname, sizeof(name));
	else
		snprintf(name, sizeof(name), "rcf%u", n->id);
	dev = alloc_netdev(sizeof(struct rcf_ndev), name, NET_NAME_USER,
			   rcf_ndev_setup);
	if (!dev)
		return rcf_fail(e, ENOMEM, "out of memory for the node netdev",
				0);
	nd = netdev_priv(dev);
	nd->node_id = n->id;
	nd->dp = rn->dp;
	skb_queue_head_init(&nd->txq);
	INIT_LIST_HEAD(&nd->active);
	dev_net_set(dev, rn->net);
	netif_carrier_off(dev);
	err = register_netdevice(dev);
	if (err) {
		free_netdev(dev);
		return rcf_fail(e, -err,
				"node netdev name is invalid or already taken",
				RCF_A_NODE_IFNAME);
	}
	rcf_dp_attach(rn->dp, dev);
	err = dev_change_flags(dev, dev->flags | IFF_UP, NULL);
	if (err) {
		unregister_netdevice(dev);
		return rcf_fail(e, -err, "node netdev could not be set up", 0);
	}
	n->dev = dev;
	n->ifindex = dev->ifindex;
	return 0;
}

static void rcf_detach(struct rcf_fabric *f, struct rcf_node *n)
{
	struct net_device *dev = n->dev;

	ASSERT_RTNL();
	rcf_dp_detach(((struct rcf_ndev *)netdev_priv(dev))->dp, dev);
	unregister_netdevice(dev);
	n->dev = NULL;
	n->ifindex = 0;
}

const struct rcf_hooks rcf_netdev_hooks = {
	.attach = rcf_attach,
	.detach = rcf_detach,
};
