// SPDX-License-Identifier: GPL-2.0
/*
 * The address table: every node's RCF_A_NODE_ADDRS, sorted, rebuilt at
 * each commit and read under RCU by transmit, which runs in atomic
 * context and must not take the fabric mutex.
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/sort.h>

#include "rcf.h"

static int rcf_addr_cmp(const struct rcf_addr *x, const struct rcf_addr *y)
{
	if (x->v6 != y->v6)
		return x->v6 < y->v6 ? -1 : 1;
	return memcmp(x->a, y->a, x->v6 ? 16 : 4);
}

static int rcf_dp_addr_cmp(const void *x, const void *y)
{
	return rcf_addr_cmp(&((const struct rcf_dp_addr *)x)->addr,
			    &((const struct rcf_dp_addr *)y)->addr);
}

int rcf_dp_atab_build(struct rcf_dp *dp, struct rcf_fabric *f)
{
	struct rcf_dp_atab *t, *old;
	struct rcf_node *n;
	u32 id, i, cnt = 0;

	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
		cnt += n->naddr;
	t = kvzalloc(struct_size(t, e, cnt), GFP_KERNEL_ACCOUNT);
	if (!t)
		return -ENOMEM;
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1) {
		for (i = 0; i < n->naddr; i++) {
			t->e[t->n].addr = n->addrs[i];
			t->e[t->n].node = n->id;
			t->n++;
		}
	}
	sort(t->e, t->n, sizeof(t->e[0]), rcf_dp_addr_cmp, NULL);
	old = rcu_replace_pointer(dp->atab, t, true);
	if (old)
		kvfree_rcu(old, rcu);
	return 0;
}

void rcf_dp_atab_free(struct rcf_dp *dp)
{
	struct rcf_dp_atab *t = rcu_replace_pointer(dp->atab, NULL, true);

	if (t)
		kvfree_rcu(t, rcu);
}

static int rcf_dp_find(struct rcf_dp *dp, const struct rcf_addr *a)
{
	struct rcf_dp_atab *t;
	int lo = 0, hi, ret = -RCF_DROP_NO_DEST;

	rcu_read_lock();
	t = rcu_dereference(dp->atab);
	hi = t ? (int)t->n - 1 : -1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		int c = rcf_addr_cmp(a, &t->e[mid].addr);

		if (!c) {
			ret = t->e[mid].node;
			break;
		}
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	rcu_read_unlock();
	return ret;
}

/*
 * Multicast and broadcast destinations belong to no node: they are
 * counted as RCF_DROP_NO_DEST like any address outside the table.
 */
int rcf_dp_lookup(struct rcf_dp *dp, struct sk_buff *skb)
{
	struct rcf_addr a = {};

	if (skb->protocol == htons(ETH_P_IP)) {
		struct iphdr _h;
		const struct iphdr *h;

		h = skb_header_pointer(skb, skb_network_offset(skb),
				       sizeof(_h), &_h);
		if (!h || h->version != 4)
			return -RCF_DROP_NOT_IP;
		memcpy(a.a, &h->daddr, 4);
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		struct ipv6hdr _h;
		const struct ipv6hdr *h;

		h = skb_header_pointer(skb, skb_network_offset(skb),
				       sizeof(_h), &_h);
		if (!h || h->version != 6)
			return -RCF_DROP_NOT_IP;
		a.v6 = 1;
		memcpy(a.a, &h->daddr, 16);
	} else {
		return -RCF_DROP_NOT_IP;
	}
	return rcf_dp_find(dp, &a);
}
