// SPDX-License-Identifier: GPL-2.0
/*
 * Node netdevs.  Until the engine carries packets a node's device is up
 * with no carrier and drops what it is given, counting it.  The devices
 * are netns-local for now: the fabric and its nodes live in one netns
 * (the data-plane work lifts this).
 */
#include <linux/netdevice.h>
#include <linux/if_arp.h>
#include <linux/rtnetlink.h>

#include "rcf.h"

struct rcf_ndev {
	u32 node_id;
};

static netdev_tx_t rcf_ndev_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_core_stats_tx_dropped_inc(dev);
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops rcf_ndev_ops = {
	.ndo_start_xmit = rcf_ndev_xmit,
};

static void rcf_ndev_setup(struct net_device *dev)
{
	dev->netdev_ops = &rcf_ndev_ops;
	dev->type = ARPHRD_NONE;
	dev->flags = IFF_NOARP | IFF_POINTOPOINT | IFF_MULTICAST;
	dev->hard_header_len = 0;
	dev->addr_len = 0;
	dev->mtu = ETH_DATA_LEN;
	dev->min_mtu = 68;
	dev->max_mtu = 65535;
	dev->tx_queue_len = 1000;
	dev->features |= NETIF_F_NETNS_LOCAL | NETIF_F_LLTX;
	dev->needs_free_netdev = true;
}

static int rcf_attach(struct rcf_fabric *f, struct rcf_node *n,
		      struct rcf_err *e)
{
	struct rcf_net *rn = f->priv;
	struct net_device *dev;
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
	((struct rcf_ndev *)netdev_priv(dev))->node_id = n->id;
	dev_net_set(dev, rn->net);
	netif_carrier_off(dev);
	err = register_netdevice(dev);
	if (err) {
		free_netdev(dev);
		return rcf_fail(e, -err,
				"node netdev name is invalid or already taken",
				RCF_A_NODE_IFNAME);
	}
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
	ASSERT_RTNL();
	unregister_netdevice(n->dev);
	n->dev = NULL;
	n->ifindex = 0;
}

const struct rcf_hooks rcf_netdev_hooks = {
	.attach = rcf_attach,
	.detach = rcf_detach,
};
