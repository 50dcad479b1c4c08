// SPDX-License-Identifier: GPL-2.0
/*
 * One row per bounded attribute of kmod/genl_policy.c; a change there
 * belongs here too (tests/test_topo_limits.c checks the edges).
 */
#include "util/errf.h"
#include "obj/rcf_limits.h"
#include "obj/rcf_obj.h"

static const struct rcf_range ranges[__RCF_A_MAX] = {
	[RCF_A_FABRIC_CQ_SIZE] = {RCF_CQ_MIN_SIZE, RCF_CQ_MAX_SIZE},
	[RCF_A_FABRIC_CLOCK_HZ] = {0, RCF_MAX_CLOCK_HZ},
	[RCF_A_FABRIC_ROUTE_POLICY] = {0, RCF_RPOL_LEAST_LOADED},
	[RCF_A_FABRIC_ENGINE_EXACT] = {0, 1},
	[RCF_A_FABRIC_CQ_OFF] = {0, 1},
	[RCF_A_FABRIC_ROUTE_DELAY] = {0, RCF_MAX_ROUTE_DELAY},
	[RCF_A_FABRIC_ALLOC] = {0, RCF_ALLOC_ISLIP},
	[RCF_A_FABRIC_RAW] = {0, 1},
	[RCF_A_FABRIC_SELECT] = {0, RCF_SEL_RANDOM},
	[RCF_A_FABRIC_ROUTING] = {0, RCF_ROUTING_RELATION},
	[RCF_A_FABRIC_PATH_TIMEOUT_MS] = {0, RCF_PATH_MAX_TIMEOUT_MS},
	[RCF_A_NODE_ID] = {0, RCF_MAX_NODES - 1},
	[RCF_A_NODE_PORTS] = {RCF_NODE_MIN_PORTS, RCF_NODE_MAX_PORTS},
	[RCF_A_SWITCH_ID] = {0, RCF_MAX_SWITCHES - 1},
	[RCF_A_SWITCH_PORTS] = {RCF_SWITCH_MIN_PORTS, RCF_SWITCH_MAX_PORTS},
	[RCF_A_SWITCH_CQ_SIZE] = {RCF_CQ_MIN_SIZE, RCF_CQ_MAX_SIZE},
	[RCF_A_LINK_ID] = {0, RCF_MAX_LINKS - 1},
	[RCF_A_LINK_BANDWIDTH] = {1, RCF_LINK_MAX_BANDWIDTH},
	[RCF_A_LINK_LATENCY] = {1, RCF_LINK_MAX_LATENCY},
	[RCF_A_LINK_VCS] = {1, RCF_LINK_MAX_VCS},
	[RCF_A_LINK_BUF_SIZE] = {RCF_LINK_MIN_BUF, RCF_LINK_MAX_BUF},
	[RCF_A_LINK_STATE] = {0, RCF_LINK_UP},
	[RCF_A_CIRCUIT_SWITCH] = {0, RCF_MAX_SWITCHES - 1},
	[RCF_A_CIRCUIT_IN_PORT] = {0, RCF_SWITCH_MAX_PORTS - 1},
	[RCF_A_CIRCUIT_OUT_PORT] = {0, RCF_SWITCH_MAX_PORTS - 1},
	[RCF_A_ROUTE_SRC] = {0, RCF_MAX_NODES - 1},
	[RCF_A_ROUTE_DST] = {0, RCF_MAX_NODES - 1},
	[RCF_A_ROUTE_INDEX] = {0, RCF_ROUTES_PER_PAIR - 1},
	[RCF_A_PATH_ID] = {0, RCF_MAX_PATHS - 1},
	[RCF_A_PATH_MASTER] = {0, RCF_MAX_NODES - 1},
	[RCF_A_PATH_DST] = {0, RCF_MAX_NODES - 1},
	[RCF_A_PATH_STATE] = {RCF_PATH_HELD, RCF_PATH_BROKEN},
};

struct rcf_range rcf_attr_range(int attr)
{
	struct rcf_range r = {0, UINT32_MAX};

	if (attr <= 0 || attr >= __RCF_A_MAX)
		return r;
	if (ranges[attr].max)
		return ranges[attr];
	if (rcf_attrs[attr].type == RCF_T_U8)
		r.max = UINT8_MAX;
	else if (rcf_attrs[attr].type == RCF_T_U64)
		r.max = UINT64_MAX;
	return r;
}

static int out_of_range(char *err, size_t errlen, enum rcf_kind k,
			const char *what, uint64_t v, uint64_t min,
			uint64_t max)
{
	return rcf_errf(err, errlen, "%s: %s %llu is out of range %llu-%llu",
			rcf_kind_names[k], what, (unsigned long long)v,
			(unsigned long long)min, (unsigned long long)max);
}

int rcf_op_check_limits(const struct rcf_op *op, char *err, size_t errlen)
{
	return rcf_obj_check_limits(&op->o, err, errlen);
}

int rcf_obj_check_limits(const struct rcf_obj *o, char *err, size_t errlen)
{
	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++) {
		enum rcf_atype t = rcf_attrs[*a].type;
		struct rcf_range r = rcf_attr_range(*a);

		if (!rcf_has(o, *a) ||
		    (t != RCF_T_U8 && t != RCF_T_U32 && t != RCF_T_U64))
			continue;
		if (o->v[*a] < r.min || o->v[*a] > r.max)
			return out_of_range(err, errlen, o->kind,
					    rcf_attrs[*a].name, o->v[*a], r.min,
					    r.max);
	}
	if (o->kind != RCF_K_LINK)
		return 0;
	for (int e = 0; e < 2; e++) {
		if (!rcf_has(o, e ? RCF_A_LINK_END_B : RCF_A_LINK_END_A))
			continue;
		if (o->end[e].id > RCF_END_ID_MAX)
			return out_of_range(err, errlen, o->kind,
					    o->end[e].kind == RCF_ELEM_NODE
						    ? "node"
						    : "switch",
					    o->end[e].id, 0, RCF_END_ID_MAX);
		if (o->end[e].port > RCF_END_PORT_MAX)
			return out_of_range(err, errlen, o->kind, "port",
					    o->end[e].port, 0,
					    RCF_END_PORT_MAX);
	}
	return 0;
}
