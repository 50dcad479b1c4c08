// SPDX-License-Identifier: GPL-2.0
/* Attribute tables and small helpers shared by every rcf object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#include "obj/rcf_obj.h"
#include "util/num.h"

const struct rcf_attr_desc rcf_attrs[__RCF_A_MAX] = {
	[RCF_A_FABRIC_EPOCH] = {"epoch", RCF_T_U64, 1},
	[RCF_A_FABRIC_NODES] = {"nodes", RCF_T_U32, 1},
	[RCF_A_FABRIC_SWITCHES] = {"switches", RCF_T_U32, 1},
	[RCF_A_FABRIC_LINKS] = {"links", RCF_T_U32, 1},
	[RCF_A_FABRIC_CIRCUITS] = {"circuits", RCF_T_U32, 1},
	[RCF_A_FABRIC_ROUTES] = {"routes", RCF_T_U32, 1},
	[RCF_A_FABRIC_MEM] = {"mem", RCF_T_U64, 1},
	[RCF_A_FABRIC_CQ_SIZE] = {"cq-size", RCF_T_U32, 0},
	[RCF_A_NODE_ID] = {"id", RCF_T_U32, 0},
	[RCF_A_NODE_PORTS] = {"ports", RCF_T_U32, 0},
	[RCF_A_NODE_IFINDEX] = {"ifindex", RCF_T_U32, 1},
	[RCF_A_NODE_IFNAME] = {"name", RCF_T_STR, 0},
	[RCF_A_SWITCH_ID] = {"id", RCF_T_U32, 0},
	[RCF_A_SWITCH_PORTS] = {"ports", RCF_T_U32, 0},
	[RCF_A_SWITCH_CQ_SIZE] = {"cq-size", RCF_T_U32, 0},
	[RCF_A_LINK_ID] = {"id", RCF_T_U32, 0},
	[RCF_A_LINK_END_A] = {"a", RCF_T_END, 0},
	[RCF_A_LINK_END_B] = {"b", RCF_T_END, 0},
	[RCF_A_LINK_BANDWIDTH] = {"bandwidth", RCF_T_U32, 0},
	[RCF_A_LINK_LATENCY] = {"latency", RCF_T_U32, 0},
	[RCF_A_LINK_VCS] = {"vcs", RCF_T_U32, 0},
	[RCF_A_LINK_BUF_SIZE] = {"buffer", RCF_T_U32, 0},
	[RCF_A_LINK_STATE] = {"state", RCF_T_U8, 0},
	[RCF_A_LINK_USERS] = {"users", RCF_T_U32, 1},
	[RCF_A_CIRCUIT_SWITCH] = {"switch", RCF_T_U32, 0},
	[RCF_A_CIRCUIT_IN_PORT] = {"in", RCF_T_U32, 0},
	[RCF_A_CIRCUIT_OUT_PORT] = {"out", RCF_T_U32, 0},
	[RCF_A_CIRCUIT_USERS] = {"users", RCF_T_U32, 1},
	[RCF_A_ROUTE_SRC] = {"src", RCF_T_U32, 0},
	[RCF_A_ROUTE_DST] = {"dst", RCF_T_U32, 0},
	[RCF_A_ROUTE_INDEX] = {"index", RCF_T_U8, 0},
	[RCF_A_ROUTE_HOPS] = {"hops", RCF_T_HOPS, 0},
	[RCF_A_FABRIC_CLOCK_HZ] = {"clock", RCF_T_U64, 0},
	[RCF_A_FABRIC_ROUTE_POLICY] = {"route-policy", RCF_T_U8, 0},
	[RCF_A_NODE_ADDRS] = {"addr", RCF_T_ADDRS, 0},
	[RCF_A_FABRIC_MSG_THRESHOLD] = {"msg-threshold", RCF_T_U32, 0},
	[RCF_A_PATH_ID] = {"id", RCF_T_U32, 0},
	[RCF_A_PATH_MASTER] = {"master", RCF_T_U32, 0},
	[RCF_A_PATH_DST] = {"dst", RCF_T_U32, 0},
	[RCF_A_PATH_HOPS] = {"hops", RCF_T_HOPS, 0},
	[RCF_A_PATH_STATE] = {"state", RCF_T_U8, 0},
	[RCF_A_PATH_CIRCUITS] = {"circuits", RCF_T_U32, 1},
	[RCF_A_PATH_MSGS] = {"msgs", RCF_T_U64, 1},
	[RCF_A_PATH_BYTES] = {"bytes", RCF_T_U64, 1},
	[RCF_A_PATH_INFLIGHT] = {"inflight", RCF_T_U32, 1},
	[RCF_A_PATH_WAIT_NS] = {"wait-ns", RCF_T_U64, 1},
	/* request attributes: named for error reports, no object has them */
	[RCF_A_PATH_WAITING] = {"waiting", RCF_T_U32, 1},
	[RCF_A_PATH_ERROR] = {"error", RCF_T_U32, 0},
	[RCF_A_FABRIC_PATHS] = {"paths", RCF_T_U32, 1},
	[RCF_A_FABRIC_PATH_TIMEOUT_MS] = {"path-timeout", RCF_T_U32, 0},
	[RCF_A_CIRCUIT_PATH] = {"path", RCF_T_U32, 1},
	[RCF_A_FABRIC_MEM_LIMIT] = {"mem-limit", RCF_T_U64, 0},
	[RCF_A_FABRIC_ENGINE_MEM] = {"engine-mem", RCF_T_U64, 1},
	[RCF_A_FABRIC_POOL_MEM] = {"pool-mem", RCF_T_U64, 1},
	[RCF_A_FABRIC_POOL_PEAK] = {"pool-peak", RCF_T_U64, 1},
	[RCF_A_FABRIC_POOL_BUDGET] = {"pool-budget", RCF_T_U64, 1},
	[RCF_A_FABRIC_POOL_REFUSED] = {"pool-refused", RCF_T_U64, 1},
	[RCF_A_FABRIC_MEM_LIMIT_OWN] = {"mem-limit-own", RCF_T_U8, 1},
	[RCF_A_FABRIC_ENGINE_EXACT] = {"engine", RCF_T_U8, 0},
	[RCF_A_FABRIC_CQ_OFF] = {"central-queue", RCF_T_U8, 0},
	[RCF_A_FABRIC_ROUTE_DELAY] = {"route-delay", RCF_T_U32, 0},
	[RCF_A_FABRIC_ALLOC] = {"alloc", RCF_T_U8, 0},
	[RCF_A_FABRIC_RAW] = {"raw", RCF_T_U8, 0},
	[RCF_A_FABRIC_SELECT] = {"select", RCF_T_U8, 0},
	[RCF_A_FABRIC_ROUTING] = {"routing", RCF_T_U8, 0},
	[RCF_A_FABRIC_RELATIONS] = {"relations", RCF_T_U32, 1},
};

const char *const rcf_kind_names[RCF_K_NR] = {
	"fabric", "node", "switch", "link", "circuit", "route", "path",
};

static const int fabric_attrs[] = {
	RCF_A_FABRIC_CQ_SIZE,
	RCF_A_FABRIC_CLOCK_HZ,
	RCF_A_FABRIC_ROUTE_POLICY,
	RCF_A_FABRIC_MSG_THRESHOLD,
	RCF_A_FABRIC_PATH_TIMEOUT_MS,
	RCF_A_FABRIC_ENGINE_EXACT,
	RCF_A_FABRIC_CQ_OFF,
	RCF_A_FABRIC_ROUTE_DELAY,
	RCF_A_FABRIC_ALLOC,
	RCF_A_FABRIC_RAW,
	RCF_A_FABRIC_SELECT,
	RCF_A_FABRIC_ROUTING,
	RCF_A_FABRIC_EPOCH,
	RCF_A_FABRIC_NODES,
	RCF_A_FABRIC_SWITCHES,
	RCF_A_FABRIC_LINKS,
	RCF_A_FABRIC_CIRCUITS,
	RCF_A_FABRIC_ROUTES,
	RCF_A_FABRIC_PATHS,
	RCF_A_FABRIC_RELATIONS,
	RCF_A_FABRIC_MEM,
	RCF_A_FABRIC_MEM_LIMIT,
	RCF_A_FABRIC_MEM_LIMIT_OWN,
	RCF_A_FABRIC_ENGINE_MEM,
	RCF_A_FABRIC_POOL_MEM,
	RCF_A_FABRIC_POOL_PEAK,
	RCF_A_FABRIC_POOL_BUDGET,
	RCF_A_FABRIC_POOL_REFUSED,
	0,
};
static const int node_attrs[] = {
	RCF_A_NODE_ID,	    RCF_A_NODE_PORTS, RCF_A_NODE_IFNAME,
	RCF_A_NODE_IFINDEX, RCF_A_NODE_ADDRS, 0,
};
static const int switch_attrs[] = {
	RCF_A_SWITCH_ID,
	RCF_A_SWITCH_PORTS,
	RCF_A_SWITCH_CQ_SIZE,
	0,
};
static const int link_attrs[] = {
	RCF_A_LINK_ID,	     RCF_A_LINK_END_A,
	RCF_A_LINK_END_B,    RCF_A_LINK_BANDWIDTH,
	RCF_A_LINK_LATENCY,  RCF_A_LINK_VCS,
	RCF_A_LINK_BUF_SIZE, RCF_A_LINK_STATE,
	RCF_A_LINK_USERS,    0,
};
static const int circuit_attrs[] = {
	RCF_A_CIRCUIT_SWITCH, RCF_A_CIRCUIT_IN_PORT, RCF_A_CIRCUIT_OUT_PORT,
	RCF_A_CIRCUIT_USERS,  RCF_A_CIRCUIT_PATH,    0,
};
static const int route_attrs[] = {
	RCF_A_ROUTE_SRC,
	RCF_A_ROUTE_DST,
	RCF_A_ROUTE_INDEX,
	RCF_A_ROUTE_HOPS,
	0,
};

static const int path_attrs[] = {
	RCF_A_PATH_ID,
	RCF_A_PATH_MASTER,
	RCF_A_PATH_DST,
	RCF_A_PATH_STATE,
	RCF_A_PATH_HOPS,
	RCF_A_PATH_CIRCUITS,
	RCF_A_PATH_MSGS,
	RCF_A_PATH_BYTES,
	RCF_A_PATH_INFLIGHT,
	RCF_A_PATH_WAIT_NS,
	0,
};

const int *const rcf_kind_attrs[RCF_K_NR] = {
	fabric_attrs,  node_attrs,  switch_attrs, link_attrs,
	circuit_attrs, route_attrs, path_attrs,
};

/* the key of each kind, in order; a single id is written bare */
static const int kind_keys[RCF_K_NR][3] = {
	[RCF_K_NODE] = {RCF_A_NODE_ID},
	[RCF_K_SWITCH] = {RCF_A_SWITCH_ID},
	[RCF_K_LINK] = {RCF_A_LINK_ID},
	[RCF_K_CIRCUIT] = {RCF_A_CIRCUIT_SWITCH, RCF_A_CIRCUIT_IN_PORT},
	[RCF_K_ROUTE] = {RCF_A_ROUTE_SRC, RCF_A_ROUTE_DST, RCF_A_ROUTE_INDEX},
	[RCF_K_PATH] = {RCF_A_PATH_ID},
};

/*
 * Each kind's GET; NEW, DEL and SET follow it.  The path commands come
 * after the batch, stats, traffic and epoch ones, so the kinds are not
 * evenly spaced.
 */
static const uint8_t kind_get[RCF_K_NR] = {
	[RCF_K_FABRIC] = RCF_CMD_FABRIC_GET,
	[RCF_K_NODE] = RCF_CMD_NODE_GET,
	[RCF_K_SWITCH] = RCF_CMD_SWITCH_GET,
	[RCF_K_LINK] = RCF_CMD_LINK_GET,
	[RCF_K_CIRCUIT] = RCF_CMD_CIRCUIT_GET,
	[RCF_K_ROUTE] = RCF_CMD_ROUTE_GET,
	[RCF_K_PATH] = RCF_CMD_PATH_GET,
};

_Static_assert(RCF_CMD_FABRIC_SET - RCF_CMD_FABRIC_GET == RCF_V_SET &&
		       RCF_CMD_ROUTE_SET - RCF_CMD_ROUTE_GET == RCF_V_SET &&
		       RCF_CMD_PATH_SET - RCF_CMD_PATH_GET == RCF_V_SET &&
		       RCF_CMD_PATH_DEL - RCF_CMD_PATH_GET == RCF_V_DEL,
	       "each kind's commands are GET, NEW, DEL, SET in a row");

void rcf_obj_init(struct rcf_obj *o, enum rcf_kind kind)
{
	memset(o, 0, sizeof(*o));
	o->kind = kind;
}

void rcf_obj_set_end(struct rcf_obj *o, int which, uint8_t kind, uint32_t id,
		     uint32_t port)
{
	o->end[which].kind = kind;
	o->end[which].id = id;
	o->end[which].port = port;
	rcf_mark(o, which ? RCF_A_LINK_END_B : RCF_A_LINK_END_A);
}

int rcf_obj_set_ifname(struct rcf_obj *o, const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n >= RCF_IFNAMSIZ)
		return -1;
	memcpy(o->ifname, name, n + 1);
	rcf_mark(o, RCF_A_NODE_IFNAME);
	return 0;
}

int rcf_desc_ok(const char *desc)
{
	size_t n = strlen(desc);

	if (!n || n > RCF_DESC_MAX)
		return 0;
	/* a line break or control byte would end or garble the file's line */
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)desc[i] < 0x20 || desc[i] == 0x7f)
			return 0;
	return 1;
}

int rcf_obj_set_desc(struct rcf_obj *o, const char *desc)
{
	if (!rcf_desc_ok(desc))
		return -1;
	strcpy(o->desc, desc);
	return 0;
}

int rcf_obj_equal(const struct rcf_obj *a, const struct rcf_obj *b)
{
	if (a->kind != b->kind || memcmp(a->has, b->has, sizeof(a->has)) ||
	    a->guid != b->guid || strcmp(a->desc, b->desc))
		return 0;
	for (int i = 0; i < __RCF_A_MAX; i++) {
		if (!rcf_has(a, i))
			continue;
		switch (rcf_attrs[i].type) {
		case RCF_T_STR:
			if (strcmp(a->ifname, b->ifname))
				return 0;
			break;
		case RCF_T_HOPS:
			if (a->nhops != b->nhops ||
			    memcmp(a->hops, b->hops, a->nhops))
				return 0;
			break;
		case RCF_T_ADDRS:
			if (a->naddrs != b->naddrs ||
			    memcmp(a->addrs, b->addrs,
				   a->naddrs * sizeof(a->addrs[0])))
				return 0;
			break;
		case RCF_T_END: {
			int w = i == RCF_A_LINK_END_B;

			if (a->end[w].kind != b->end[w].kind ||
			    a->end[w].id != b->end[w].id ||
			    a->end[w].port != b->end[w].port)
				return 0;
			break;
		}
		default:
			if (a->v[i] != b->v[i])
				return 0;
		}
	}
	return 1;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/* Order used by topo save: the object's key, numerically. */
int rcf_obj_cmp_key(const struct rcf_obj *a, const struct rcf_obj *b)
{
	const int *keys = kind_keys[a->kind];
	int c;

	if (a->kind != b->kind)
		return cmp_u64(a->kind, b->kind);
	for (int i = 0; i < 3 && keys[i]; i++) {
		c = cmp_u64(a->v[keys[i]], b->v[keys[i]]);
		if (c)
			return c;
	}
	return 0;
}

uint8_t rcf_cmd(enum rcf_kind kind, enum rcf_verb verb)
{
	return (uint8_t)(kind_get[kind] + verb);
}

int rcf_cmd_split(uint8_t cmd, enum rcf_kind *kind, enum rcf_verb *verb)
{
	for (int k = 0; k < RCF_K_NR; k++) {
		if (cmd >= kind_get[k] && cmd <= kind_get[k] + RCF_V_SET) {
			*kind = (enum rcf_kind)k;
			*verb = (enum rcf_verb)(cmd - kind_get[k]);
			return 0;
		}
	}
	return -1;
}

/* iproute2 habit: any prefix of a word names it, first match wins. */
static int matches(const char *arg, const char *word)
{
	size_t n = strlen(arg);

	return n && n <= strlen(word) && !strncmp(arg, word, n);
}

int rcf_kind_lookup(const char *word, enum rcf_kind *kind)
{
	/* ordered so that one-letter abbreviations pick the common object */
	static const enum rcf_kind order[] = {
		RCF_K_NODE,  RCF_K_SWITCH, RCF_K_LINK,	 RCF_K_CIRCUIT,
		RCF_K_ROUTE, RCF_K_PATH,   RCF_K_FABRIC,
	};

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (matches(word, rcf_kind_names[order[i]])) {
			*kind = order[i];
			return 0;
		}
	}
	return -1;
}

int rcf_verb_lookup(const char *word, enum rcf_verb *verb, int *help)
{
	*help = 0;
	if (matches(word, "add") || matches(word, "new")) {
		*verb = RCF_V_NEW;
	} else if (matches(word, "show") || matches(word, "list") ||
		   matches(word, "get")) {
		*verb = RCF_V_GET;
	} else if (matches(word, "delete") || matches(word, "del")) {
		*verb = RCF_V_DEL;
	} else if (matches(word, "set")) {
		*verb = RCF_V_SET;
	} else if (matches(word, "help") || !strcmp(word, "--help") ||
		   !strcmp(word, "-h")) {
		*help = 1;
	} else {
		return -1;
	}
	return 0;
}

int rcf_attr_lookup(enum rcf_kind kind, const char *word)
{
	for (const int *a = rcf_kind_attrs[kind]; *a; a++) {
		if (rcf_attrs[*a].type != RCF_T_END &&
		    !strcmp(word, rcf_attrs[*a].name))
			return *a;
	}
	return -1;
}

const char *rcf_attr_name(int attr)
{
	if (attr <= 0 || attr >= __RCF_A_MAX || !rcf_attrs[attr].name)
		return "unknown";
	return rcf_attrs[attr].name;
}

void rcf_obj_key(const struct rcf_obj *o, char *buf, size_t len)
{
	const int *keys = kind_keys[o->kind];
	int n = snprintf(buf, len, "%s", rcf_kind_names[o->kind]);

	/* a path added without an id is known by its ends */
	if (o->kind == RCF_K_PATH && !rcf_has(o, RCF_A_PATH_ID) &&
	    rcf_has(o, RCF_A_PATH_MASTER) && rcf_has(o, RCF_A_PATH_DST)) {
		snprintf(buf + n, len - n, " master %llu dst %llu",
			 (unsigned long long)o->v[RCF_A_PATH_MASTER],
			 (unsigned long long)o->v[RCF_A_PATH_DST]);
		return;
	}
	/* a link added without an id is known by its ends */
	if (o->kind == RCF_K_LINK && !rcf_has(o, RCF_A_LINK_ID) &&
	    rcf_has(o, RCF_A_LINK_END_B)) {
		snprintf(buf + n, len - n, " %s %u port %u - %s %u port %u",
			 o->end[0].kind == RCF_ELEM_NODE ? "node" : "switch",
			 o->end[0].id, o->end[0].port,
			 o->end[1].kind == RCF_ELEM_NODE ? "node" : "switch",
			 o->end[1].id, o->end[1].port);
		return;
	}

	for (int i = 0; i < 3 && keys[i]; i++) {
		int a = keys[i];

		if (!rcf_has(o, a) || n < 0 || (size_t)n >= len)
			continue;
		if (!keys[1])
			n += snprintf(buf + n, len - n, " %llu",
				      (unsigned long long)o->v[a]);
		else
			n += snprintf(buf + n, len - n, " %s %llu",
				      rcf_attrs[a].name,
				      (unsigned long long)o->v[a]);
	}
}

int rcf_hop_parse(const char *s, uint8_t *hop)
{
	uint32_t port, vc = 0;
	char buf[24], *dot;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	dot = strchr(buf, '.');
	if (dot)
		*dot = '\0';
	if (rcf_num_u32(buf, 0, RCF_HOP_PORT_MASK, &port) ||
	    (dot && rcf_num_u32(dot + 1, 0, RCF_LINK_MAX_VCS - 1, &vc)))
		return -1;
	*hop = RCF_HOP(port, vc);
	return 0;
}

void rcf_hop_format(uint8_t hop, char *buf, size_t len)
{
	if (RCF_HOP_VC(hop))
		snprintf(buf, len, "%u.%u", RCF_HOP_PORT(hop), RCF_HOP_VC(hop));
	else
		snprintf(buf, len, "%u", RCF_HOP_PORT(hop));
}

int rcf_addr_parse(const char *s, struct rcf_addr *a)
{
	memset(a, 0, sizeof(*a));
	if (inet_pton(AF_INET, s, a->a) == 1) {
		a->v6 = 0;
		return 0;
	}
	if (inet_pton(AF_INET6, s, a->a) == 1) {
		a->v6 = 1;
		return 0;
	}
	return -1;
}

void rcf_addr_format(const struct rcf_addr *a, char *buf, size_t len)
{
	if (!inet_ntop(a->v6 ? AF_INET6 : AF_INET, a->a, buf, (socklen_t)len))
		snprintf(buf, len, "?");
}

int rcf_obj_has_addr(const struct rcf_obj *o, const struct rcf_addr *a)
{
	for (int i = 0; i < o->naddrs; i++)
		if (!memcmp(&o->addrs[i], a, sizeof(*a)))
			return 1;
	return 0;
}

int rcf_obj_add_addr(struct rcf_obj *o, const struct rcf_addr *a)
{
	if (rcf_obj_has_addr(o, a))
		return -2;
	if (o->naddrs == RCF_NODE_MAX_ADDRS)
		return -1;
	o->addrs[o->naddrs++] = *a;
	rcf_mark(o, RCF_A_NODE_ADDRS);
	return 0;
}

static const char *const policy_names[] = {
	[RCF_RPOL_ROUND_ROBIN] = "rr",
	[RCF_RPOL_LEAST_LOADED] = "least-loaded",
};

static const char *const alloc_names[] = {
	[RCF_ALLOC_OLDEST] = "oldest",
	[RCF_ALLOC_RR] = "rr",
	[RCF_ALLOC_ISLIP] = "islip",
};

static const char *const select_names[] = {
	[RCF_SEL_FIRST] = "first",
	[RCF_SEL_LEAST] = "least",
	[RCF_SEL_RANDOM] = "random",
};

static const char *const routing_names[] = {
	[RCF_ROUTING_SOURCE] = "source",
	[RCF_ROUTING_RELATION] = "relation",
};

/* the word of v in names[n], else v as a number in buf */
static const char *name_of(const char *const *names, size_t n, uint64_t v,
			   char *buf, size_t len)
{
	if (v < n && names[v])
		return names[v];
	snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

static int word_of(const char *const *names, size_t n, const char *word,
		   uint64_t *v)
{
	for (size_t i = 0; i < n; i++) {
		if (names[i] && !strcmp(word, names[i])) {
			*v = i;
			return 0;
		}
	}
	return -1;
}

#define NAMES(a) (a), sizeof(a) / sizeof((a)[0])

/*
 * The two-word settings, each as (the word of 0, the word of 1): the
 * central queue is named for what the user turns on, the attribute for
 * what differs from the SP1 switch.
 */
static const char *const *two_words(int attr)
{
	static const char *const engine[] = {"fast", "exact"};
	static const char *const cq[] = {"on", "off"};
	static const char *const raw[] = {"off", "on"};

	switch (attr) {
	case RCF_A_FABRIC_ENGINE_EXACT:
		return engine;
	case RCF_A_FABRIC_CQ_OFF:
		return cq;
	case RCF_A_FABRIC_RAW:
		return raw;
	default:
		return NULL;
	}
}

static const char *const path_state_names[] = {
	[RCF_PATH_HELD] = "held",
	[RCF_PATH_RECALL] = "recall",
	[RCF_PATH_RETURNED] = "returned",
	[RCF_PATH_BROKEN] = "broken",
};

static const struct {
	const char *suffix;
	uint64_t mult;
} clock_units[] = {
	{"GHz", 1000000000ULL}, {"MHz", 1000000ULL},  {"kHz", 1000ULL},
	{"Hz", 1ULL},		{"G", 1000000000ULL}, {"M", 1000000ULL},
	{"k", 1000ULL},
};

const char *rcf_value_name(int attr, uint64_t v, char *buf, size_t len)
{
	switch (attr) {
	case RCF_A_LINK_STATE:
		return v == RCF_LINK_UP ? "up" : "down";
	case RCF_A_FABRIC_ROUTE_POLICY:
		if (v < sizeof(policy_names) / sizeof(policy_names[0]))
			return policy_names[v];
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	case RCF_A_FABRIC_ENGINE_EXACT:
	case RCF_A_FABRIC_CQ_OFF:
	case RCF_A_FABRIC_RAW:
		if (v <= 1)
			return two_words(attr)[v];
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	case RCF_A_FABRIC_SELECT:
		return name_of(NAMES(select_names), v, buf, len);
	case RCF_A_FABRIC_ROUTING:
		return name_of(NAMES(routing_names), v, buf, len);
	case RCF_A_FABRIC_ALLOC:
		if (v < sizeof(alloc_names) / sizeof(alloc_names[0]))
			return alloc_names[v];
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	case RCF_A_PATH_STATE:
		if (v < sizeof(path_state_names) /
				    sizeof(path_state_names[0]) &&
		    path_state_names[v])
			return path_state_names[v];
		snprintf(buf, len, "%llu", (unsigned long long)v);
		return buf;
	case RCF_A_FABRIC_CLOCK_HZ:
		if (!v)
			return "free";
		for (int i = 0; i < 4; i++) {
			if (v % clock_units[i].mult == 0) {
				snprintf(
					buf, len, "%llu%s",
					(unsigned long long)(v / clock_units[i]
									 .mult),
					clock_units[i].suffix);
				return buf;
			}
		}
		return NULL;
	default:
		return NULL;
	}
}

/* "40MHz", "40M", "2.5GHz", "1000000": Hz, exactly, as an integer. */
static int clock_parse(const char *s, uint64_t *v)
{
	uint64_t ip = 0, frac = 0, fdiv = 1, mult = 1;
	const char *p = s;

	if (!strcmp(s, "free")) {
		*v = 0;
		return 0;
	}
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (ip > (UINT64_MAX - 9) / 10)
			return -1;
		ip = ip * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++) {
			if (fdiv >= 1000000000ULL)
				return -1;
			frac = frac * 10 + (uint64_t)(*p - '0');
			fdiv *= 10;
		}
	}
	if (*p) {
		size_t i, n = sizeof(clock_units) / sizeof(clock_units[0]);

		for (i = 0; i < n; i++)
			if (!strcmp(p, clock_units[i].suffix))
				break;
		if (i == n)
			return -1;
		mult = clock_units[i].mult;
	}
	/* a fraction must come out as whole hertz */
	if ((frac * mult) % fdiv || (ip && mult > UINT64_MAX / ip))
		return -1;
	if (ip * mult > UINT64_MAX - frac * mult / fdiv)
		return -1;
	*v = ip * mult + frac * mult / fdiv;
	return 0;
}

int rcf_value_parse(int attr, const char *word, uint64_t *v)
{
	switch (attr) {
	case RCF_A_LINK_STATE:
		if (!strcmp(word, "up"))
			*v = RCF_LINK_UP;
		else if (!strcmp(word, "down"))
			*v = RCF_LINK_DOWN;
		else
			return -1;
		return 0;
	case RCF_A_FABRIC_ROUTE_POLICY:
		if (!strcmp(word, "rr") || !strcmp(word, "round-robin"))
			*v = RCF_RPOL_ROUND_ROBIN;
		else if (!strcmp(word, "least-loaded"))
			*v = RCF_RPOL_LEAST_LOADED;
		else
			return -1;
		return 0;
	case RCF_A_FABRIC_ENGINE_EXACT:
	case RCF_A_FABRIC_CQ_OFF:
	case RCF_A_FABRIC_RAW:
		for (uint64_t i = 0; i <= 1; i++) {
			if (!strcmp(word, two_words(attr)[i])) {
				*v = i;
				return 0;
			}
		}
		return -1;
	case RCF_A_FABRIC_ALLOC:
		for (size_t i = 0;
		     i < sizeof(alloc_names) / sizeof(alloc_names[0]); i++) {
			if (!strcmp(word, alloc_names[i])) {
				*v = i;
				return 0;
			}
		}
		return -1;
	case RCF_A_PATH_STATE:
		for (size_t i = 0;
		     i < sizeof(path_state_names) / sizeof(path_state_names[0]);
		     i++) {
			if (path_state_names[i] &&
			    !strcmp(word, path_state_names[i])) {
				*v = i;
				return 0;
			}
		}
		return -1;
	case RCF_A_FABRIC_SELECT:
		return word_of(NAMES(select_names), word, v);
	case RCF_A_FABRIC_ROUTING:
		return word_of(NAMES(routing_names), word, v);
	case RCF_A_FABRIC_CLOCK_HZ:
		return clock_parse(word, v);
	default:
		return -1;
	}
}
