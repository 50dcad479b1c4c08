// SPDX-License-Identifier: GPL-2.0
/*
 * Attribute policies, one per command, so that an attribute a command
 * does not take (read-only counters included) is refused by strict
 * validation instead of being silently ignored.
 */
#include <linux/if.h>

#include "rcf.h"

static struct netlink_range_validation rcf_range_cq = {
	.min = RCF_CQ_MIN_SIZE, .max = RCF_CQ_MAX_SIZE,
};

static struct netlink_range_validation rcf_range_link_id = {
	.max = RCF_MAX_LINKS - 1,
};

static struct netlink_range_validation rcf_range_bw = {
	.min = 1, .max = RCF_LINK_MAX_BANDWIDTH,
};

static struct netlink_range_validation rcf_range_lat = {
	.min = 1, .max = RCF_LINK_MAX_LATENCY,
};

static struct netlink_range_validation rcf_range_buf = {
	.min = RCF_LINK_MIN_BUF, .max = RCF_LINK_MAX_BUF,
};

static const struct nla_policy rcf_end_policy[RCF_END_MAX + 1] = {
	[RCF_END_KIND] = NLA_POLICY_RANGE(NLA_U8, RCF_ELEM_NODE,
					  RCF_ELEM_SWITCH),
	[RCF_END_ID] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_END_PORT] = NLA_POLICY_MAX(NLA_U32, RCF_SWITCH_MAX_PORTS - 1),
};

static struct netlink_range_validation rcf_range_clock = {
	.max = RCF_MAX_CLOCK_HZ,
};

static const struct nla_policy rcf_addr_policy[RCF_ADDR_MAX + 1] = {
	[RCF_ADDR_IN] = NLA_POLICY_EXACT_LEN(4),
	[RCF_ADDR_IN6] = NLA_POLICY_EXACT_LEN(16),
};

static const struct nla_policy rcf_batch_inner_policy[RCF_A_MAX + 1] = {
	[RCF_A_BATCH_OP] = { .type = NLA_NESTED },
};

#define P_FABRIC_CQ \
	[RCF_A_FABRIC_CQ_SIZE] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_cq)
#define P_FABRIC_CLOCK \
	[RCF_A_FABRIC_CLOCK_HZ] = NLA_POLICY_FULL_RANGE(NLA_U64, &rcf_range_clock)
#define P_FABRIC_RPOL \
	[RCF_A_FABRIC_ROUTE_POLICY] = NLA_POLICY_MAX(NLA_U8, \
						     RCF_RPOL_LEAST_LOADED)
static struct netlink_range_validation rcf_range_epoch_to = {
	.min = 1, .max = RCF_EPOCH_MAX_TIMEOUT_MS,
};

/* Every change request is an epoch (Documentation/datapath.rst). */
#define P_EPOCH \
	[RCF_A_EPOCH_MODE] = NLA_POLICY_MAX(NLA_U8, RCF_EPOCH_FREEZE), \
	[RCF_A_EPOCH_TIMEOUT_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, \
							 &rcf_range_epoch_to)
#define P_FABRIC_ENGINE \
	[RCF_A_FABRIC_ENGINE_EXACT] = NLA_POLICY_MAX(NLA_U8, 1)
static struct netlink_range_validation rcf_range_route_delay = {
	.max = RCF_MAX_ROUTE_DELAY,
};

/* the engine's model settings (Documentation/engine.rst) */
#define P_FABRIC_MODEL \
	[RCF_A_FABRIC_CQ_OFF] = NLA_POLICY_MAX(NLA_U8, 1), \
	[RCF_A_FABRIC_ROUTE_DELAY] = \
		NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_route_delay), \
	[RCF_A_FABRIC_ALLOC] = NLA_POLICY_MAX(NLA_U8, RCF_ALLOC_ISLIP), \
	[RCF_A_FABRIC_RAW] = NLA_POLICY_MAX(NLA_U8, 1)
/* routing relations (Documentation/adaptive.rst) */
#define P_FABRIC_REL \
	[RCF_A_FABRIC_SELECT] = NLA_POLICY_MAX(NLA_U8, RCF_SEL_RANDOM), \
	[RCF_A_FABRIC_ROUTING] = NLA_POLICY_MAX(NLA_U8, RCF_ROUTING_RELATION)
#define P_FABRIC_THRESH \
	[RCF_A_FABRIC_MSG_THRESHOLD] = { .type = NLA_U32 }
/* its bounds move (the module parameter, the model): genl_apply.c checks */
#define P_FABRIC_MEM_LIMIT \
	[RCF_A_FABRIC_MEM_LIMIT] = { .type = NLA_U64 }
static struct netlink_range_validation rcf_range_path_to = {
	.max = RCF_PATH_MAX_TIMEOUT_MS,
};

#define P_FABRIC_PATH_TO \
	[RCF_A_FABRIC_PATH_TIMEOUT_MS] = NLA_POLICY_FULL_RANGE(NLA_U32, \
							       &rcf_range_path_to)

#define P_NODE_ADDRS \
	[RCF_A_NODE_ADDRS] = NLA_POLICY_NESTED(rcf_addr_policy)
#define P_STATS_KIND \
	[RCF_A_STATS_KIND] = NLA_POLICY_RANGE(NLA_U8, RCF_STATS_KIND_FABRIC, \
					      RCF_STATS_KIND_PAIR)
#define P_NODE_ID \
	[RCF_A_NODE_ID] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1)
#define P_NODE_PORTS \
	[RCF_A_NODE_PORTS] = NLA_POLICY_RANGE(NLA_U32, RCF_NODE_MIN_PORTS, \
					      RCF_NODE_MAX_PORTS)
#define P_NODE_IFNAME \
	[RCF_A_NODE_IFNAME] = { .type = NLA_NUL_STRING, .len = IFNAMSIZ - 1 }
#define P_SWITCH_ID \
	[RCF_A_SWITCH_ID] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_SWITCHES - 1)
#define P_SWITCH_CQ \
	[RCF_A_SWITCH_CQ_SIZE] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_cq)
#define P_SWITCH_PORTS \
	[RCF_A_SWITCH_PORTS] = NLA_POLICY_RANGE(NLA_U32, RCF_SWITCH_MIN_PORTS, \
						RCF_SWITCH_MAX_PORTS)
#define P_LINK_ID \
	[RCF_A_LINK_ID] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_link_id)
#define P_LINK_BW \
	[RCF_A_LINK_BANDWIDTH] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_bw)
#define P_LINK_LAT \
	[RCF_A_LINK_LATENCY] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_lat)
#define P_LINK_VCS \
	[RCF_A_LINK_VCS] = NLA_POLICY_RANGE(NLA_U32, 1, RCF_LINK_MAX_VCS)
#define P_LINK_BUF \
	[RCF_A_LINK_BUF_SIZE] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_buf)
#define P_LINK_STATE \
	[RCF_A_LINK_STATE] = NLA_POLICY_MAX(NLA_U8, RCF_LINK_UP)
#define P_LINK_END_A \
	[RCF_A_LINK_END_A] = NLA_POLICY_NESTED(rcf_end_policy)
#define P_LINK_END_B \
	[RCF_A_LINK_END_B] = NLA_POLICY_NESTED(rcf_end_policy)
#define P_CIRCUIT_SWITCH \
	[RCF_A_CIRCUIT_SWITCH] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_SWITCHES - 1)
#define P_CIRCUIT_IN \
	[RCF_A_CIRCUIT_IN_PORT] = NLA_POLICY_MAX(NLA_U32, \
						 RCF_SWITCH_MAX_PORTS - 1)
#define P_CIRCUIT_OUT \
	[RCF_A_CIRCUIT_OUT_PORT] = NLA_POLICY_MAX(NLA_U32, \
						  RCF_SWITCH_MAX_PORTS - 1)
#define P_ROUTE_SRC \
	[RCF_A_ROUTE_SRC] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1)
#define P_ROUTE_DST \
	[RCF_A_ROUTE_DST] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1)
#define P_ROUTE_INDEX \
	[RCF_A_ROUTE_INDEX] = NLA_POLICY_MAX(NLA_U8, RCF_ROUTES_PER_PAIR - 1)
#define P_ROUTE_HOPS \
	[RCF_A_ROUTE_HOPS] = NLA_POLICY_RANGE(NLA_BINARY, 1, RCF_ROUTE_MAX_HOPS)
#define P_PATH_ID \
	[RCF_A_PATH_ID] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_PATHS - 1)
#define P_PATH_MASTER \
	[RCF_A_PATH_MASTER] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1)
#define P_PATH_DST \
	[RCF_A_PATH_DST] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1)
#define P_PATH_HOPS \
	[RCF_A_PATH_HOPS] = NLA_POLICY_RANGE(NLA_BINARY, 1, RCF_ROUTE_MAX_HOPS)
/* any state by name, so that the model says why RETURNED or BROKEN is not */
#define P_PATH_STATE \
	[RCF_A_PATH_STATE] = NLA_POLICY_RANGE(NLA_U8, RCF_PATH_HELD, \
					      RCF_PATH_BROKEN)
/* a positive errno */
#define P_PATH_ERROR \
	[RCF_A_PATH_ERROR] = NLA_POLICY_RANGE(NLA_U32, 1, MAX_ERRNO)

static struct netlink_range_validation rcf_range_trate = {
	.min = 1, .max = RCF_TRAFFIC_MAX_RATE,
};

static struct netlink_range_validation rcf_range_tbacklog = {
	.min = 1, .max = RCF_TRAFFIC_BACKLOG_MAX,
};

static struct netlink_range_validation rcf_range_tsize = {
	.min = 1, .max = RCF_TRAFFIC_MAX_SIZE,
};

static struct netlink_range_validation rcf_range_tcount = {
	.min = 1, .max = U64_MAX,
};

static struct netlink_range_validation rcf_range_tweight = {
	.min = 1, .max = RCF_TRAFFIC_MAX_WEIGHT,
};

static struct netlink_range_validation rcf_range_tsweight = {
	.min = 1, .max = RCF_TRAFFIC_MAX_SWEIGHT,
};

static const struct nla_policy rcf_traffic_arc_policy[RCF_TRAFFIC_ARC_MAX + 1] = {
	[RCF_TRAFFIC_ARC_SRC] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_TRAFFIC_ARC_DST] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_TRAFFIC_ARC_WEIGHT] = NLA_POLICY_FULL_RANGE(NLA_U32,
							 &rcf_range_tweight),
};

static const struct nla_policy rcf_traffic_msg_policy[RCF_TRAFFIC_MSG_MAX + 1] = {
	[RCF_TRAFFIC_MSG_CYCLE] = { .type = NLA_U64 },
	[RCF_TRAFFIC_MSG_SRC] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_TRAFFIC_MSG_DST] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_TRAFFIC_MSG_BYTES] = NLA_POLICY_FULL_RANGE(NLA_U32,
							&rcf_range_tsize),
};

static const struct nla_policy rcf_traffic_size_policy[RCF_TRAFFIC_SZ_MAX + 1] = {
	[RCF_TRAFFIC_SZ_BYTES] = NLA_POLICY_FULL_RANGE(NLA_U32,
						       &rcf_range_tsize),
	[RCF_TRAFFIC_SZ_WEIGHT] = NLA_POLICY_FULL_RANGE(NLA_U32,
							&rcf_range_tsweight),
};

const struct nla_policy rcf_traffic_policy[RCF_TRAFFIC_MAX + 1] = {
	[RCF_TRAFFIC_PATTERN] = NLA_POLICY_MAX(NLA_U8, RCF_TRAFFIC_TRACE),
	[RCF_TRAFFIC_PARAM] = { .type = NLA_U32 },
	[RCF_TRAFFIC_SEED] = { .type = NLA_U64 },
	[RCF_TRAFFIC_RATE] = NLA_POLICY_FULL_RANGE(NLA_U32, &rcf_range_trate),
	[RCF_TRAFFIC_SIZE_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32,
						       &rcf_range_tsize),
	[RCF_TRAFFIC_SIZE_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32,
						       &rcf_range_tsize),
	[RCF_TRAFFIC_CYCLES] = NLA_POLICY_FULL_RANGE(NLA_U64,
						     &rcf_range_tcount),
	[RCF_TRAFFIC_MESSAGES] = NLA_POLICY_FULL_RANGE(NLA_U64,
						       &rcf_range_tcount),
	[RCF_TRAFFIC_HOT_NODE] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_TRAFFIC_HOT_PERMILLE] = NLA_POLICY_MAX(NLA_U32, 1000),
	[RCF_TRAFFIC_ARCS] = NLA_POLICY_NESTED_ARRAY(rcf_traffic_arc_policy),
	[RCF_TRAFFIC_MSGS] = NLA_POLICY_NESTED_ARRAY(rcf_traffic_msg_policy),
	[RCF_TRAFFIC_SIZES] = NLA_POLICY_NESTED_ARRAY(rcf_traffic_size_policy),
	[RCF_TRAFFIC_ARRIVAL] = NLA_POLICY_MAX(NLA_U8, RCF_TRAFFIC_PERIODIC),
	[RCF_TRAFFIC_WARMUP] = { .type = NLA_U64 },
	/* 0 would mean no bound, which a user's run may not have */
	[RCF_TRAFFIC_BACKLOG] = NLA_POLICY_FULL_RANGE(NLA_U32,
						      &rcf_range_tbacklog),
	[RCF_TRAFFIC_SELF] = NLA_POLICY_MAX(NLA_U8, 1),
};

static const struct nla_policy rcf_rel_cand_policy[RCF_RCAND_MAX + 1] = {
	[RCF_RCAND_PORT] = NLA_POLICY_MAX(NLA_U8, RCF_SWITCH_MAX_PORTS - 1),
	[RCF_RCAND_VC] = NLA_POLICY_MAX(NLA_U8, RCF_LINK_MAX_VCS - 1),
	[RCF_RCAND_ESCAPE] = { .type = NLA_FLAG },
	/* no port at all would make the candidate dead: absent means all */
	[RCF_RCAND_IN] = NLA_POLICY_MIN(NLA_U32, 1),
	/* likewise no VC at all; and no VC beyond a link's */
	[RCF_RCAND_VIN] = NLA_POLICY_RANGE(NLA_U8, 1,
					   (1 << RCF_LINK_MAX_VCS) - 1),
	[RCF_RCAND_KEEP] = { .type = NLA_FLAG },
};

static const struct nla_policy rcf_rel_ent_policy[RCF_RENT_MAX + 1] = {
	[RCF_RENT_DST] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	[RCF_RENT_CAND] = NLA_POLICY_NESTED(rcf_rel_cand_policy),
};

#define P_REL_SWITCH \
	[RCF_A_REL_SWITCH] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_SWITCHES - 1)
#define P_REL_ENTRY \
	[RCF_A_REL_ENTRY] = NLA_POLICY_NESTED(rcf_rel_ent_policy)

#define RCF_POLICY(name, ...) \
	static const struct nla_policy name[RCF_A_MAX + 1] = { __VA_ARGS__ }

RCF_POLICY(rcf_pol_none, [RCF_A_UNSPEC] = { .type = NLA_UNSPEC });
RCF_POLICY(rcf_pol_fabric, P_FABRIC_CQ, P_FABRIC_CLOCK, P_FABRIC_RPOL,
	   P_FABRIC_THRESH, P_FABRIC_PATH_TO, P_FABRIC_MEM_LIMIT,
	   P_FABRIC_ENGINE, P_FABRIC_MODEL, P_FABRIC_REL, P_EPOCH);
RCF_POLICY(rcf_pol_node_key, P_NODE_ID);
RCF_POLICY(rcf_pol_node_new, P_NODE_ID, P_NODE_PORTS, P_NODE_IFNAME,
	   P_NODE_ADDRS, P_EPOCH);
RCF_POLICY(rcf_pol_node_set, P_NODE_ID, P_NODE_PORTS, P_NODE_ADDRS, P_EPOCH);
RCF_POLICY(rcf_pol_node_del, P_NODE_ID, P_EPOCH);
RCF_POLICY(rcf_pol_stats, P_STATS_KIND);
RCF_POLICY(rcf_pol_switch_key, P_SWITCH_ID);
RCF_POLICY(rcf_pol_switch_new, P_SWITCH_ID, P_SWITCH_PORTS, P_SWITCH_CQ,
	   P_EPOCH);
RCF_POLICY(rcf_pol_switch_set, P_SWITCH_ID, P_SWITCH_CQ, P_EPOCH);
RCF_POLICY(rcf_pol_switch_del, P_SWITCH_ID, P_EPOCH);
RCF_POLICY(rcf_pol_link_key, P_LINK_ID);
RCF_POLICY(rcf_pol_link_new, P_LINK_ID, P_LINK_END_A, P_LINK_END_B,
	   P_LINK_BW, P_LINK_LAT, P_LINK_VCS, P_LINK_BUF, P_LINK_STATE,
	   P_EPOCH);
RCF_POLICY(rcf_pol_link_set, P_LINK_ID,
	   P_LINK_BW, P_LINK_LAT, P_LINK_VCS, P_LINK_BUF, P_LINK_STATE,
	   P_EPOCH);
RCF_POLICY(rcf_pol_link_del, P_LINK_ID, P_EPOCH);
RCF_POLICY(rcf_pol_circuit_key, P_CIRCUIT_SWITCH, P_CIRCUIT_IN);
RCF_POLICY(rcf_pol_circuit, P_CIRCUIT_SWITCH, P_CIRCUIT_IN, P_CIRCUIT_OUT,
	   P_EPOCH);
RCF_POLICY(rcf_pol_circuit_del, P_CIRCUIT_SWITCH, P_CIRCUIT_IN, P_EPOCH);
RCF_POLICY(rcf_pol_route_key, P_ROUTE_SRC, P_ROUTE_DST, P_ROUTE_INDEX);
RCF_POLICY(rcf_pol_route, P_ROUTE_SRC, P_ROUTE_DST, P_ROUTE_INDEX,
	   P_ROUTE_HOPS, P_EPOCH);
RCF_POLICY(rcf_pol_route_del, P_ROUTE_SRC, P_ROUTE_DST, P_ROUTE_INDEX,
	   P_EPOCH);
RCF_POLICY(rcf_pol_path_key, P_PATH_ID);
RCF_POLICY(rcf_pol_path_new, P_PATH_ID, P_PATH_MASTER, P_PATH_DST,
	   P_PATH_HOPS, P_EPOCH);
RCF_POLICY(rcf_pol_path_del, P_PATH_ID, P_EPOCH);
RCF_POLICY(rcf_pol_path_set, P_PATH_ID, P_PATH_STATE, P_EPOCH);
RCF_POLICY(rcf_pol_path_request, P_PATH_MASTER, P_PATH_DST, P_PATH_ERROR);
RCF_POLICY(rcf_pol_rel_key, P_REL_SWITCH);
RCF_POLICY(rcf_pol_rel_set, P_REL_SWITCH, P_REL_ENTRY, P_EPOCH);
RCF_POLICY(rcf_pol_rel_del, P_REL_SWITCH, P_EPOCH);
RCF_POLICY(rcf_pol_capture,
	   [RCF_A_CAPTURE_NODE] = NLA_POLICY_MAX(NLA_U32, RCF_MAX_NODES - 1),
	   [RCF_A_CAPTURE_DIRS] = NLA_POLICY_RANGE(NLA_U8, RCF_CAPTURE_TX,
						   RCF_CAPTURE_TX |
						   RCF_CAPTURE_RX));
RCF_POLICY(rcf_pol_traffic,
	   [RCF_A_TRAFFIC] = NLA_POLICY_NESTED(rcf_traffic_policy));
RCF_POLICY(rcf_pol_batch,
	   [RCF_A_BATCH] = NLA_POLICY_NESTED(rcf_batch_inner_policy), P_EPOCH);

static const struct nla_policy *const rcf_policies[__RCF_CMD_MAX] = {
	[RCF_CMD_FABRIC_GET] = rcf_pol_none,
	[RCF_CMD_FABRIC_NEW] = rcf_pol_fabric,
	[RCF_CMD_FABRIC_DEL] = rcf_pol_none,
	[RCF_CMD_FABRIC_SET] = rcf_pol_fabric,
	[RCF_CMD_NODE_GET] = rcf_pol_node_key,
	[RCF_CMD_NODE_NEW] = rcf_pol_node_new,
	[RCF_CMD_NODE_DEL] = rcf_pol_node_del,
	[RCF_CMD_NODE_SET] = rcf_pol_node_set,
	[RCF_CMD_SWITCH_GET] = rcf_pol_switch_key,
	[RCF_CMD_SWITCH_NEW] = rcf_pol_switch_new,
	[RCF_CMD_SWITCH_DEL] = rcf_pol_switch_del,
	[RCF_CMD_SWITCH_SET] = rcf_pol_switch_set,
	[RCF_CMD_LINK_GET] = rcf_pol_link_key,
	[RCF_CMD_LINK_NEW] = rcf_pol_link_new,
	[RCF_CMD_LINK_DEL] = rcf_pol_link_del,
	[RCF_CMD_LINK_SET] = rcf_pol_link_set,
	[RCF_CMD_CIRCUIT_GET] = rcf_pol_circuit_key,
	[RCF_CMD_CIRCUIT_NEW] = rcf_pol_circuit,
	[RCF_CMD_CIRCUIT_DEL] = rcf_pol_circuit_del,
	[RCF_CMD_CIRCUIT_SET] = rcf_pol_circuit,
	[RCF_CMD_ROUTE_GET] = rcf_pol_route_key,
	[RCF_CMD_ROUTE_NEW] = rcf_pol_route,
	[RCF_CMD_ROUTE_DEL] = rcf_pol_route_del,
	[RCF_CMD_ROUTE_SET] = rcf_pol_route,
	[RCF_CMD_BATCH] = rcf_pol_batch,
	[RCF_CMD_STATS_GET] = rcf_pol_stats,
	[RCF_CMD_STATS_RESET] = rcf_pol_none,
	[RCF_CMD_TRAFFIC_START] = rcf_pol_traffic,
	[RCF_CMD_TRAFFIC_STOP] = rcf_pol_none,
	[RCF_CMD_TRAFFIC_GET] = rcf_pol_none,
	[RCF_CMD_EPOCH_GET] = rcf_pol_none,
	[RCF_CMD_NODE_THRESHOLD] = rcf_pol_none,
	[RCF_CMD_PATH_GET] = rcf_pol_path_key,
	[RCF_CMD_PATH_NEW] = rcf_pol_path_new,
	[RCF_CMD_PATH_DEL] = rcf_pol_path_del,
	[RCF_CMD_PATH_SET] = rcf_pol_path_set,
	[RCF_CMD_PATH_REQUEST] = rcf_pol_path_request,
	[RCF_CMD_PATH_RETURNED] = rcf_pol_none,
	[RCF_CMD_REL_GET] = rcf_pol_rel_key,
	[RCF_CMD_REL_SET] = rcf_pol_rel_set,
	[RCF_CMD_REL_DEL] = rcf_pol_rel_del,
	[RCF_CMD_CAPTURE_START] = rcf_pol_capture,
	[RCF_CMD_CAPTURE_STOP] = rcf_pol_none,
	[RCF_CMD_CAPTURE_PKT] = rcf_pol_none,
};

/* Each command's policy plus RCF_A_OP_CMD, for operations in a batch. */
static struct nla_policy rcf_batch_pols[__RCF_CMD_MAX][RCF_A_MAX + 1];

const struct nla_policy *rcf_cmd_policy(u8 cmd)
{
	return cmd < __RCF_CMD_MAX ? rcf_policies[cmd] : NULL;
}

const struct nla_policy *rcf_batch_policy(u8 cmd)
{
	bool path = cmd == RCF_CMD_PATH_NEW || cmd == RCF_CMD_PATH_DEL ||
		    cmd == RCF_CMD_PATH_SET;
	bool rel = cmd == RCF_CMD_REL_SET || cmd == RCF_CMD_REL_DEL;

	/* a traffic or path request command is no operation of a batch */
	return (cmd < RCF_CMD_TRAFFIC_START || path || rel) &&
	       rcf_policies[cmd] ?
	       rcf_batch_pols[cmd] : NULL;
}

int rcf_policy_init(void)
{
	unsigned int cmd;

	for (cmd = 0; cmd < __RCF_CMD_MAX; cmd++) {
		if (!rcf_policies[cmd])
			continue;
		memcpy(rcf_batch_pols[cmd], rcf_policies[cmd],
		       sizeof(rcf_batch_pols[cmd]));
		rcf_batch_pols[cmd][RCF_A_OP_CMD].type = NLA_U8;
		/* the epoch is the batch's, not one operation's */
		memset(&rcf_batch_pols[cmd][RCF_A_EPOCH_MODE], 0,
		       sizeof(rcf_batch_pols[cmd][0]));
		memset(&rcf_batch_pols[cmd][RCF_A_EPOCH_TIMEOUT_MS], 0,
		       sizeof(rcf_batch_pols[cmd][0]));
	}
	return 0;
}
