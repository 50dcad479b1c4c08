// SPDX-License-Identifier: GPL-2.0
/*
 * Data-path counters over netlink: STATS_GET dumps one message per
 * object of the kind asked for (fabric, channel, switch, node, pair),
 * totals of past engines plus the live one; STATS_RESET zeroes them.
 * A dump holds the fabric mutex and then the data-path mutex for one
 * skb at a time and resumes from its cursor in cb->args.
 */
#include <net/sock.h>

#include "compat.h"
#include "rcf.h"

struct rcf_sdump {
	struct sk_buff *skb;
	struct netlink_callback *cb;
	struct rcf_dp *dp;
	struct rcf_fabric *f;
	u8 kind;
};

static int rcf_put64(struct sk_buff *skb, int type, u64 v)
{
	return nla_put_u64_64bit(skb, type, v, RCF_STATS_PAD);
}

/*
 * One keyed counter, a repeated nest: a drop reason's count or a latency
 * bucket's, which share their layout (a key, then the count).
 */
static int rcf_put_entry(struct sk_buff *skb, int type, u32 key, u64 count)
{
	struct nlattr *nest;

	BUILD_BUG_ON((int)RCF_SDROP_REASON != (int)RCF_SLAT_BUCKET ||
		     (int)RCF_SDROP_COUNT != (int)RCF_SLAT_COUNT ||
		     (int)RCF_SDROP_PAD != (int)RCF_SLAT_PAD);
	nest = nla_nest_start(skb, type);
	if (!nest || nla_put_u32(skb, RCF_SDROP_REASON, key) ||
	    nla_put_u64_64bit(skb, RCF_SDROP_COUNT, count, RCF_SDROP_PAD))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static int rcf_stats_fabric(struct rcf_sdump *d)
{
	struct sk_buff *skb = d->skb;
	struct rcf_dp_tot *t = &d->dp->report;
	u64 inflight;
	int i;

	rcf_dp_fabric_stats(d->dp, t, &inflight);
	if (rcf_put64(skb, RCF_STATS_CYCLE, t->cycles) ||
	    rcf_put64(skb, RCF_STATS_ENGINE_GEN, t->gen) ||
	    rcf_put64(skb, RCF_STATS_PKTS_SENT, t->pkts_sent) ||
	    rcf_put64(skb, RCF_STATS_PKTS_DELIVERED, t->pkts_delivered) ||
	    rcf_put64(skb, RCF_STATS_PKTS_DROPPED, t->pkts_dropped) ||
	    rcf_put64(skb, RCF_STATS_BYTES_INJECTED, t->injected) ||
	    rcf_put64(skb, RCF_STATS_BYTES_DELIVERED, t->delivered) ||
	    rcf_put64(skb, RCF_STATS_BYTES_DROPPED, t->dropped) ||
	    rcf_put64(skb, RCF_STATS_BYTES_INFLIGHT, inflight) ||
	    rcf_put64(skb, RCF_STATS_BYTE_HOPS, t->byte_hops) ||
	    rcf_put64(skb, RCF_STATS_LAT_SUM, t->lat_sum) ||
	    rcf_put64(skb, RCF_STATS_LAT_MIN, t->lat_min) ||
	    rcf_put64(skb, RCF_STATS_LAT_MAX, t->lat_max) ||
	    rcf_put64(skb, RCF_STATS_MSGS_SENT, t->msgs_sent) ||
	    rcf_put64(skb, RCF_STATS_MSGS_RECEIVED, t->msgs_received) ||
	    rcf_put64(skb, RCF_STATS_TX_BYTES, t->tx_bytes) ||
	    rcf_put64(skb, RCF_STATS_RX_BYTES, t->rx_bytes) ||
	    rcf_put64(skb, RCF_STATS_REL_ADAPTIVE, t->rel_class[0]) ||
	    rcf_put64(skb, RCF_STATS_REL_ESCAPE, t->rel_class[1]) ||
	    rcf_put64(skb, RCF_STATS_ISLIP_GRANTS, t->islip_grants) ||
	    rcf_put64(skb, RCF_STATS_ISLIP_ACCEPTS, t->islip_accepts))
		return -EMSGSIZE;
	for (i = 1; i < __RCF_DROP_MAX; i++)
		if (t->drops[i] &&
		    rcf_put_entry(skb, RCF_STATS_DROPS, i, t->drops[i]))
			return -EMSGSIZE;
	for (i = 0; i < RCF_ENGINE_LAT_BUCKETS; i++)
		if (t->lat_hist[i] &&
		    rcf_put_entry(skb, RCF_STATS_LAT_HIST, i, t->lat_hist[i]))
			return -EMSGSIZE;
	return 0;
}

static int rcf_stats_chan(struct rcf_sdump *d, u32 link, u8 dir, u8 vc)
{
	struct rcf_engine_chan_id id = { .link = link, .dir = dir, .vc = vc };
	struct rcf_engine_chan_stats cs = {};
	struct rcf_dp_chan *c;

	rcf_engine_chan_stats(rcf_adapter_engine(d->dp->ad), &id, &cs);
	c = xa_load(&d->dp->chan, rcf_dp_chan_key(link, dir, vc));
	if (c) {
		cs.bytes += c->bytes;
		cs.packets += c->packets;
		cs.blocked += c->blocked;
	}
	if (nla_put_u32(d->skb, RCF_STATS_LINK, link) ||
	    nla_put_u8(d->skb, RCF_STATS_DIR, dir) ||
	    nla_put_u8(d->skb, RCF_STATS_VC, vc) ||
	    rcf_put64(d->skb, RCF_STATS_BYTES, cs.bytes) ||
	    rcf_put64(d->skb, RCF_STATS_PACKETS, cs.packets) ||
	    rcf_put64(d->skb, RCF_STATS_BLOCKED, cs.blocked) ||
	    nla_put_u32(d->skb, RCF_STATS_CREDIT, cs.credit) ||
	    nla_put_u32(d->skb, RCF_STATS_OCCUPANCY, cs.occ))
		return -EMSGSIZE;
	return 0;
}

static int rcf_stats_switch(struct rcf_sdump *d, const struct rcf_switch *s)
{
	u32 cur = 0, peak = 0;
	void *old;

	rcf_engine_cq_stats(rcf_adapter_engine(d->dp->ad), s->id, &cur, &peak);
	old = xa_load(&d->dp->cq_peak, s->id);
	if (old && xa_to_value(old) > peak)
		peak = xa_to_value(old);
	if (nla_put_u32(d->skb, RCF_STATS_SWITCH, s->id) ||
	    nla_put_u32(d->skb, RCF_STATS_CQ_SIZE, s->cq_size) ||
	    nla_put_u32(d->skb, RCF_STATS_CQ_CUR, cur) ||
	    nla_put_u32(d->skb, RCF_STATS_CQ_PEAK, peak))
		return -EMSGSIZE;
	return 0;
}

static int rcf_stats_node(struct rcf_sdump *d, u32 node)
{
	struct rcf_adapter_stats as = {};
	struct rcf_dp_node *n;

	rcf_adapter_node_stats(d->dp->ad, node, &as);
	n = xa_load(&d->dp->node, node);
	if (n) {
		as.msgs_sent += n->msgs_sent;
		as.msgs_received += n->msgs_received;
		as.tx_bytes += n->tx_bytes;
		as.rx_bytes += n->rx_bytes;
		as.path_requests += n->path_requests;
	}
	if (nla_put_u32(d->skb, RCF_STATS_NODE, node) ||
	    rcf_put64(d->skb, RCF_STATS_MSGS_SENT, as.msgs_sent) ||
	    rcf_put64(d->skb, RCF_STATS_MSGS_RECEIVED, as.msgs_received) ||
	    rcf_put64(d->skb, RCF_STATS_TX_BYTES, as.tx_bytes) ||
	    rcf_put64(d->skb, RCF_STATS_RX_BYTES, as.rx_bytes) ||
	    rcf_put64(d->skb, RCF_STATS_BACKLOG,
		      rcf_adapter_backlog(d->dp->ad, node)) ||
	    rcf_put64(d->skb, RCF_STATS_PATH_WAITING, as.path_waiting) ||
	    rcf_put64(d->skb, RCF_STATS_PATH_REQUESTS, as.path_requests))
		return -EMSGSIZE;
	return 0;
}

/* src -> dst: what src sent to dst and dst received from src, in all. */
static void rcf_pair_get(struct rcf_dp *dp, u32 src, u32 dst,
			 struct rcf_dp_pair *ps)
{
	struct rcf_engine_pair_stats r = {};
	struct rcf_dp_pair *p;

	memset(ps, 0, sizeof(*ps));
	rcf_engine_pair_stats(rcf_adapter_engine(dp->ad), src, dst, &ps->e);
	rcf_engine_pair_stats(rcf_adapter_engine(dp->ad), dst, src, &r);
	ps->e.recv_pkts = r.recv_pkts;
	ps->e.recv_bytes = r.recv_bytes;
	rcf_adapter_pair_msgs(dp->ad, src, dst, &ps->msgs_sent,
			      &ps->msgs_received);
	p = xa_load(&dp->pair, (unsigned long)src * RCF_MAX_NODES + dst);
	if (p) {
		ps->e.sent_pkts += p->e.sent_pkts;
		ps->e.sent_bytes += p->e.sent_bytes;
		ps->msgs_sent += p->msgs_sent;
		ps->msgs_received += p->msgs_received;
	}
	p = xa_load(&dp->pair, (unsigned long)dst * RCF_MAX_NODES + src);
	if (p) {
		ps->e.recv_pkts += p->e.recv_pkts;
		ps->e.recv_bytes += p->e.recv_bytes;
	}
}

/*
 * C_ij: packets, payload bytes and messages src sent to dst (PKTS_SENT,
 * TX_BYTES, MSGS_SENT) and dst received from src (PKTS_DELIVERED,
 * RX_BYTES, MSGS_RECEIVED).  1 when the pair had no traffic and is left
 * out.
 */
static int rcf_stats_pair(struct rcf_sdump *d, u32 src, u32 dst)
{
	struct rcf_dp_pair s;

	rcf_pair_get(d->dp, src, dst, &s);
	if (!s.e.sent_pkts && !s.e.recv_pkts && !s.msgs_sent &&
	    !s.msgs_received)
		return 1;
	if (nla_put_u32(d->skb, RCF_STATS_SRC, src) ||
	    nla_put_u32(d->skb, RCF_STATS_DST, dst) ||
	    rcf_put64(d->skb, RCF_STATS_PKTS_SENT, s.e.sent_pkts) ||
	    rcf_put64(d->skb, RCF_STATS_TX_BYTES, s.e.sent_bytes) ||
	    rcf_put64(d->skb, RCF_STATS_PKTS_DELIVERED, s.e.recv_pkts) ||
	    rcf_put64(d->skb, RCF_STATS_RX_BYTES, s.e.recv_bytes) ||
	    rcf_put64(d->skb, RCF_STATS_MSGS_SENT, s.msgs_sent) ||
	    rcf_put64(d->skb, RCF_STATS_MSGS_RECEIVED, s.msgs_received))
		return -EMSGSIZE;
	return 0;
}

/* One message; -EMSGSIZE when the skb is full, 1 when left out. */
static int rcf_stats_one(struct rcf_sdump *d, const void *obj, u32 a, u32 b,
			 u32 c)
{
	struct nlattr *nest;
	void *hdr;
	int err;

	hdr = genlmsg_put(d->skb, NETLINK_CB(d->cb->skb).portid,
			  d->cb->nlh->nlmsg_seq, &rcf_genl_family, NLM_F_MULTI,
			  RCF_CMD_STATS_GET);
	if (!hdr)
		return -EMSGSIZE;
	genl_dump_check_consistent(d->cb, hdr);
	if (nla_put_u8(d->skb, RCF_A_STATS_KIND, d->kind))
		goto cancel;
	nest = nla_nest_start(d->skb, RCF_A_STATS);
	if (!nest)
		goto cancel;
	switch (d->kind) {
	case RCF_STATS_KIND_FABRIC:
		err = rcf_stats_fabric(d);
		break;
	case RCF_STATS_KIND_CHANNEL:
		err = rcf_stats_chan(d, a, b, c);
		break;
	case RCF_STATS_KIND_SWITCH:
		err = rcf_stats_switch(d, obj);
		break;
	case RCF_STATS_KIND_NODE:
		err = rcf_stats_node(d, a);
		break;
	default:
		err = rcf_stats_pair(d, a, b);
		break;
	}
	if (err) {
		genlmsg_cancel(d->skb, hdr);
		return err;
	}
	nla_nest_end(d->skb, nest);
	genlmsg_end(d->skb, hdr);
	return 0;
cancel:
	genlmsg_cancel(d->skb, hdr);
	return -EMSGSIZE;
}

static void rcf_stats_walk(struct rcf_sdump *d)
{
	long *a = d->cb->args;
	struct rcf_switch *s;
	struct rcf_link *l;
	struct rcf_node *n, *m;

	switch (d->kind) {
	case RCF_STATS_KIND_FABRIC:
		if (!a[0] && !rcf_stats_one(d, NULL, 0, 0, 0))
			a[0] = 1;
		break;
	case RCF_STATS_KIND_CHANNEL:
		/* a[0]: link, a[1]: direction * 4 + VC */
		for (; (l = rcf_link_next(d->f, a[0])); a[0] = l->id + 1,
		     a[1] = 0) {
			a[0] = l->id;
			for (; a[1] < 2 * RCF_LINK_MAX_VCS; a[1]++) {
				if (a[1] % RCF_LINK_MAX_VCS >= l->vcs)
					continue;
				if (rcf_stats_one(d, l, l->id,
						  a[1] / RCF_LINK_MAX_VCS,
						  a[1] % RCF_LINK_MAX_VCS) < 0)
					return;
			}
		}
		break;
	case RCF_STATS_KIND_SWITCH:
		for (; (s = rcf_switch_next(d->f, a[0])); a[0] = s->id + 1) {
			a[0] = s->id;
			if (rcf_stats_one(d, s, 0, 0, 0) < 0)
				return;
		}
		break;
	case RCF_STATS_KIND_NODE:
		for (; (n = rcf_node_next(d->f, a[0])); a[0] = n->id + 1) {
			a[0] = n->id;
			if (rcf_stats_one(d, n, n->id, 0, 0) < 0)
				return;
		}
		break;
	case RCF_STATS_KIND_PAIR:
		for (; (n = rcf_node_next(d->f, a[0])); a[0] = n->id + 1,
		     a[1] = 0) {
			a[0] = n->id;
			for (; (m = rcf_node_next(d->f, a[1])); a[1] = m->id + 1) {
				a[1] = m->id;
				if (rcf_stats_one(d, NULL, n->id, m->id, 0) < 0)
					return;
			}
		}
		break;
	}
}

int rcf_stats_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	const struct genl_dumpit_info *info = genl_dumpit_info(cb);
	struct rcf_net *rn = rcf_net(sock_net(skb->sk));
	struct nlattr *k = rcf_dump_attrs(info)[RCF_A_STATS_KIND];
	struct rcf_sdump d = {
		.skb = skb,
		.cb = cb,
		.kind = k ? nla_get_u8(k) : RCF_STATS_KIND_FABRIC,
	};

	mutex_lock(&rn->lock);
	rcf_dump_seq(rn, cb);
	d.f = rn->fab;
	d.dp = rn->dp;
	if (d.f && d.dp) {
		rcf_dp_lock(d.dp);
		if (d.dp->ad)
			rcf_stats_walk(&d);
		mutex_unlock(&d.dp->lock);
	}
	mutex_unlock(&rn->lock);
	return skb->len;
}

int rcf_stats_reset_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));

	mutex_lock(&rn->lock);
	if (!rn->dp) {
		mutex_unlock(&rn->lock);
		NL_SET_ERR_MSG(info->extack, "this namespace has no fabric");
		return -ENOENT;
	}
	rcf_dp_lock(rn->dp);
	rcf_dp_tot_reset(rn->dp);
	mutex_unlock(&rn->dp->lock);
	mutex_unlock(&rn->lock);
	return 0;
}
