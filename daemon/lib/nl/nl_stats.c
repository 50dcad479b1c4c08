// SPDX-License-Identifier: GPL-2.0
/* Reading RCF_CMD_STATS_GET replies into struct rcf_stats. */
#include <errno.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl_stats.h"

/* the width is the attribute's length, so a u32 counter reads as well */
static uint64_t get_uint(const struct nlattr *nla)
{
	uint64_t v64;
	uint32_t v32;
	uint16_t v16;

	switch (nla_len(nla)) {
	case 1:
		return *(const uint8_t *)nla_data(nla);
	case 2:
		memcpy(&v16, nla_data(nla), 2);
		return v16;
	case 4:
		memcpy(&v32, nla_data(nla), 4);
		return v32;
	case 8:
		memcpy(&v64, nla_data(nla), 8);
		return v64;
	default:
		return 0;
	}
}

static uint64_t val(struct nlattr **tb, int attr)
{
	return tb[attr] ? get_uint(tb[attr]) : 0;
}

/* both entries are a key then a count: one parse serves them */
_Static_assert((int)RCF_SDROP_REASON == (int)RCF_SLAT_BUCKET &&
		       (int)RCF_SDROP_COUNT == (int)RCF_SLAT_COUNT &&
		       (int)RCF_SDROP_MAX == (int)RCF_SLAT_MAX,
	       "drop and latency entries differ");

static void parse_fabric(struct nlattr **tb, struct nlattr *nest,
			 struct rcf_stats_fabric *f)
{
	struct nlattr *nla;
	int rem;

	memset(f, 0, sizeof(*f));
	f->cycle = val(tb, RCF_STATS_CYCLE);
	f->engine_gen = val(tb, RCF_STATS_ENGINE_GEN);
	f->pkts_sent = val(tb, RCF_STATS_PKTS_SENT);
	f->pkts_delivered = val(tb, RCF_STATS_PKTS_DELIVERED);
	f->pkts_dropped = val(tb, RCF_STATS_PKTS_DROPPED);
	f->bytes_injected = val(tb, RCF_STATS_BYTES_INJECTED);
	f->bytes_delivered = val(tb, RCF_STATS_BYTES_DELIVERED);
	f->bytes_dropped = val(tb, RCF_STATS_BYTES_DROPPED);
	f->bytes_inflight = val(tb, RCF_STATS_BYTES_INFLIGHT);
	f->byte_hops = val(tb, RCF_STATS_BYTE_HOPS);
	f->rel_adaptive = val(tb, RCF_STATS_REL_ADAPTIVE);
	f->rel_escape = val(tb, RCF_STATS_REL_ESCAPE);
	f->islip_grants = val(tb, RCF_STATS_ISLIP_GRANTS);
	f->islip_accepts = val(tb, RCF_STATS_ISLIP_ACCEPTS);
	f->lat_sum = val(tb, RCF_STATS_LAT_SUM);
	f->lat_min = val(tb, RCF_STATS_LAT_MIN);
	f->lat_max = val(tb, RCF_STATS_LAT_MAX);
	f->msgs_sent = val(tb, RCF_STATS_MSGS_SENT);
	f->msgs_received = val(tb, RCF_STATS_MSGS_RECEIVED);
	f->tx_bytes = val(tb, RCF_STATS_TX_BYTES);
	f->rx_bytes = val(tb, RCF_STATS_RX_BYTES);
	/* drops and latency buckets repeat, one keyed count each */
	nla_for_each_nested (nla, nest, rem) {
		struct nlattr *e[RCF_SDROP_MAX + 1];
		uint64_t key;

		if ((nla_type(nla) != RCF_STATS_DROPS &&
		     nla_type(nla) != RCF_STATS_LAT_HIST) ||
		    nla_parse_nested(e, RCF_SDROP_MAX, nla, NULL) ||
		    !e[RCF_SDROP_REASON] || !e[RCF_SDROP_COUNT])
			continue;
		key = get_uint(e[RCF_SDROP_REASON]);
		if (nla_type(nla) == RCF_STATS_DROPS && key <= RCF_DROP_MAX)
			f->drops[key] += get_uint(e[RCF_SDROP_COUNT]);
		else if (nla_type(nla) == RCF_STATS_LAT_HIST &&
			 key < RCF_STATS_LAT_BUCKETS)
			f->lat_hist[key] += get_uint(e[RCF_SLAT_COUNT]);
	}
}

int rcf_stats_parse_reply(struct nlattr *head, int len, struct rcf_stats *s)
{
	struct nlattr *top[RCF_A_MAX + 1], *tb[RCF_STATS_MAX + 1];
	int kind;

	if (nla_parse(top, RCF_A_MAX, head, len, NULL) || !top[RCF_A_STATS])
		return -1;
	kind = top[RCF_A_STATS_KIND] ? (int)get_uint(top[RCF_A_STATS_KIND])
				     : RCF_STATS_KIND_FABRIC;
	if (nla_parse_nested(tb, RCF_STATS_MAX, top[RCF_A_STATS], NULL))
		return -1;
	switch (kind) {
	case RCF_STATS_KIND_FABRIC:
		parse_fabric(tb, top[RCF_A_STATS], &s->fabric);
		s->have_fabric = 1;
		return 0;
	case RCF_STATS_KIND_CHANNEL: {
		struct rcf_stats_channel c = {
			.link = (uint32_t)val(tb, RCF_STATS_LINK),
			.dir = (uint8_t)val(tb, RCF_STATS_DIR),
			.vc = (uint8_t)val(tb, RCF_STATS_VC),
			.bytes = val(tb, RCF_STATS_BYTES),
			.packets = val(tb, RCF_STATS_PACKETS),
			.blocked = val(tb, RCF_STATS_BLOCKED),
			.credit = (uint32_t)val(tb, RCF_STATS_CREDIT),
			.occupancy = (uint32_t)val(tb, RCF_STATS_OCCUPANCY),
		};

		if (!tb[RCF_STATS_LINK])
			return -1;
		return rcf_stats_add_channel(s, &c);
	}
	case RCF_STATS_KIND_SWITCH: {
		struct rcf_stats_switch w = {
			.id = (uint32_t)val(tb, RCF_STATS_SWITCH),
			.cq_size = (uint32_t)val(tb, RCF_STATS_CQ_SIZE),
			.cq_cur = (uint32_t)val(tb, RCF_STATS_CQ_CUR),
			.cq_peak = (uint32_t)val(tb, RCF_STATS_CQ_PEAK),
		};

		if (!tb[RCF_STATS_SWITCH])
			return -1;
		return rcf_stats_add_switch(s, &w);
	}
	case RCF_STATS_KIND_NODE: {
		struct rcf_stats_node n = {
			.id = (uint32_t)val(tb, RCF_STATS_NODE),
			.msgs_sent = val(tb, RCF_STATS_MSGS_SENT),
			.msgs_received = val(tb, RCF_STATS_MSGS_RECEIVED),
			.tx_bytes = val(tb, RCF_STATS_TX_BYTES),
			.rx_bytes = val(tb, RCF_STATS_RX_BYTES),
			.backlog = val(tb, RCF_STATS_BACKLOG),
			.path_waiting = val(tb, RCF_STATS_PATH_WAITING),
			.path_requests = val(tb, RCF_STATS_PATH_REQUESTS),
		};

		if (!tb[RCF_STATS_NODE])
			return -1;
		return rcf_stats_add_node(s, &n);
	}
	case RCF_STATS_KIND_PAIR: {
		struct rcf_stats_pair p = {
			.src = (uint32_t)val(tb, RCF_STATS_SRC),
			.dst = (uint32_t)val(tb, RCF_STATS_DST),
			.pkts_sent = val(tb, RCF_STATS_PKTS_SENT),
			.pkts_delivered = val(tb, RCF_STATS_PKTS_DELIVERED),
			.msgs_sent = val(tb, RCF_STATS_MSGS_SENT),
			.msgs_received = val(tb, RCF_STATS_MSGS_RECEIVED),
			.tx_bytes = val(tb, RCF_STATS_TX_BYTES),
			.rx_bytes = val(tb, RCF_STATS_RX_BYTES),
		};

		if (!tb[RCF_STATS_SRC] || !tb[RCF_STATS_DST])
			return -1;
		return rcf_stats_add_pair(s, &p);
	}
	default:
		return -1;
	}
}

static int on_reply(struct nl_msg *msg, void *arg)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));

	if (gh->cmd != RCF_CMD_STATS_GET)
		return 0;
	/* a reply we cannot read is skipped, not fatal: newer kernels */
	rcf_stats_parse_reply(genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0),
			      arg);
	return 0;
}

/*
 * The rows are kept in s, not passed on as they come, so a dump that a
 * change interrupted (an epoch committed by rcfd, say) is thrown away
 * and read again, as rcf_nl_dump does for objects.
 */
int rcf_nl_stats_get(struct rcf_nl *nl, int kind, struct rcf_stats *s)
{
	int rc = -EAGAIN, tries;

	for (tries = 0; rc == -EAGAIN && tries < RCF_NL_DUMP_TRIES; tries++) {
		struct nl_msg *msg = rcf_nl_new_msg(
			nl->family, RCF_CMD_STATS_GET, NLM_F_DUMP, 0);

		if (!msg || nla_put_u8(msg, RCF_A_STATS_KIND, (uint8_t)kind)) {
			if (msg)
				nlmsg_free(msg);
			memset(&nl->e, 0, sizeof(nl->e));
			nl->e.err = ENOMEM;
			return -ENOMEM;
		}
		if (tries) {
			rcf_stats_free(s);
			rcf_stats_init(s);
		}
		rc = rcf_nl_transact_raw(nl, msg, on_reply, s);
	}
	if (rc == -EAGAIN)
		snprintf(nl->e.msg, sizeof(nl->e.msg),
			 "the fabric changed during each of %d dumps", tries);
	if (!rc)
		rcf_stats_sort(s);
	return rc;
}

int rcf_nl_stats_reset(struct rcf_nl *nl)
{
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_STATS_RESET, 0, 0);

	if (!msg) {
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	return rcf_nl_transact_raw(nl, msg, NULL, NULL);
}
