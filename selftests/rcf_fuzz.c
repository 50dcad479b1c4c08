// SPDX-License-Identifier: GPL-2.0
/*
 * A seeded, structure-aware fuzzer for the rcf generic netlink family.
 *
 * Requests are built the way the ABI describes them and then, some of the
 * time, damaged: attributes of the wrong length or type, unknown or
 * duplicated, truncated or claiming more than the message holds, bad
 * nesting, bad flags, unknown commands, batches empty, huge or holding
 * commands a batch may not hold.  Most of the time the fabric is rebuilt
 * as a real one (switches in a chain, nodes, a circuit, routes that walk),
 * so that deep paths are reached: routes over links, deletes of links and
 * circuits that routes use, VCs taken from links under routes.  Dumps are
 * run to the end or dropped half read; some requests are sent without
 * CAP_NET_ADMIN from a child.
 *
 * Checked along the way: a refused request leaves the fabric exactly as
 * it was (snapshot compare), a refusal made by rcf carries an extended
 * ack message and a documented errno, every few iterations the whole
 * fabric holds together (rcf_check_fabric()), and the kernel's taint
 * flags gain no warning or oops bit.  Every change is an epoch; requests
 * carry random epoch modes and drain bounds short enough to run out, and
 * generator runs and IP packets keep bytes in flight while they drain.
 *
 *   rcf_fuzz [--seed N] [--time SECS] [--iterations N] [--check-every K]
 *            [--verbose]
 *
 * The seed is printed first; the same seed and iteration count replay the
 * same requests against a fabric in the same state.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/genetlink.h>

#include "rcf_nl.h"

/* Small id spaces, so that random requests meet objects that exist. */
#define NID 12
#define SID 5
#define LID 48
#define PID 6

static uint64_t rs;
static int verbose;

/* xorshift64*: small, fast and the same everywhere. */
static uint64_t rnd(void)
{
	rs ^= rs >> 12;
	rs ^= rs << 25;
	rs ^= rs >> 27;
	return rs * 0x2545F4914F6CDD1DULL;
}

static uint32_t rn(uint32_t n)
{
	return n ? (uint32_t)(rnd() % n) : 0;
}

static int chance(int pct)
{
	return (int)rn(100) < pct;
}

static struct {
	unsigned long sent, ok, refused, dumps, cut_dumps, checks, rebuilds;
	unsigned long unpriv, snapshots, events;
	unsigned long by_errno[256];
	unsigned long no_extack, bad_errno, changed, bad_check, unpriv_bad;
	unsigned long noanswer, packets, no_userns, runs;
} st;

/* What the current fabric was built as, for routes that walk. */
static int nsw = 1;

/* ---------------------------------------------------------------- values */

static uint32_t node_id(void)
{
	return chance(96) ? rn(NID) : rn(RCF_MAX_NODES + 8);
}

static uint32_t switch_id(void)
{
	return chance(96) ? rn(SID) : rn(RCF_MAX_SWITCHES + 8);
}

static uint32_t link_id(void)
{
	return chance(96) ? rn(LID) : rn(RCF_MAX_LINKS + 8);
}

static uint32_t path_id(void)
{
	return chance(96) ? rn(PID) : rn(RCF_MAX_PATHS + 8);
}

static uint32_t port_no(void)
{
	return chance(95) ? rn(9) : rn(40);
}

static uint32_t any_u32(void)
{
	static const uint32_t edge[] = {
		0,	   1,	  2,	   3,
		4,	   63,	  64,	   65,
		255,	   1024,  4095,	   4096,
		65535,	   65536, 1 << 20, (1 << 20) + 1,
		UINT32_MAX};

	return chance(60) ? edge[rn(sizeof(edge) / sizeof(edge[0]))]
			  : (uint32_t)rnd();
}

static void put_end(struct rcf_msg *m, uint16_t type, uint8_t kind, uint32_t id,
		    uint32_t port)
{
	rcf_nest_start(m, type);
	if (!chance(3))
		rcf_put_u8(m, RCF_END_KIND, chance(97) ? kind : (uint8_t)rn(4));
	if (!chance(3))
		rcf_put_u32(m, RCF_END_ID, id);
	if (!chance(3))
		rcf_put_u32(m, RCF_END_PORT, port);
	if (chance(3))
		rcf_put_u32(m, (uint16_t)rn(RCF_END_MAX + 3), any_u32());
	rcf_nest_end(m);
}

static void put_random_end(struct rcf_msg *m, uint16_t type)
{
	uint8_t kind = chance(50) ? RCF_ELEM_NODE : RCF_ELEM_SWITCH;

	put_end(m, type, kind, kind == RCF_ELEM_NODE ? node_id() : switch_id(),
		port_no());
}

/*
 * Route bytes for the fabric build_fabric() makes: node i hangs on port
 * i / nsw of switch i % nsw (ports 0-2), switches form a chain over ports
 * 7 (to the next) and 6 (to the previous), and node NID - 1 is reached on
 * switch 0 through the loop link 3-4 and the circuit 4 -> 5.
 */
static size_t walk_hops(uint32_t a, uint32_t b, uint8_t *h)
{
	int sa = (int)a % nsw, sb, port;
	size_t n = 0;

	if (b == NID - 1) {
		sb = 0;
		port = 3;
	} else {
		sb = (int)b % nsw;
		port = (int)b / nsw;
	}
	h[n++] = RCF_HOP(0, 0);
	for (; sa < sb; sa++)
		h[n++] = RCF_HOP(7, 0);
	for (; sa > sb; sa--)
		h[n++] = RCF_HOP(6, 0);
	h[n++] = RCF_HOP(port, 0);
	return n;
}

static void put_hops(struct rcf_msg *m, uint32_t src, uint32_t dst)
{
	uint8_t h[80];
	size_t n;

	if (chance(70) && src < NID - 1 && dst < NID && src != dst) {
		n = walk_hops(src, dst, h);
		if (chance(10))
			h[rn((uint32_t)n)] ^= (uint8_t)(1 << rn(8));
		if (chance(5) && n < 64)
			h[n++] = (uint8_t)rn(256);
	} else {
		n = chance(90) ? 1 + rn(6) : rn(70);
		for (size_t i = 0; i < n; i++)
			h[i] = chance(70) ? RCF_HOP(rn(9), rn(2))
					  : (uint8_t)rn(256);
	}
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, h, n);
}

/*
 * A path's hops: the walk a route would take, which circuits then carry
 * (switch hops keep VC 0), or anything.  Most are refused, the inputs
 * being read by routes; some are made.
 */
static void put_path_hops(struct rcf_msg *m, uint32_t src, uint32_t dst)
{
	uint8_t h[80];
	size_t n;

	if (chance(75) && src < NID - 1 && dst < NID && src != dst) {
		n = walk_hops(src, dst, h);
		if (chance(10))
			h[rn((uint32_t)n)] ^= (uint8_t)(1 << rn(8));
	} else {
		n = chance(90) ? 1 + rn(5) : rn(70);
		for (size_t i = 0; i < n; i++)
			h[i] = chance(80) ? RCF_HOP(rn(9), i ? 0 : rn(2))
					  : (uint8_t)rn(256);
	}
	rcf_put_bytes(m, RCF_A_PATH_HOPS, h, n);
}

static void put_addrs(struct rcf_msg *m)
{
	int n = chance(90) ? (int)rn(4) : (int)rn(12);

	rcf_nest_start(m, RCF_A_NODE_ADDRS);
	for (int i = 0; i < n; i++) {
		uint8_t a[20];
		size_t len;
		uint16_t t;

		for (size_t j = 0; j < sizeof(a); j++)
			a[j] = (uint8_t)rn(4);
		a[0] = 10;
		t = chance(50) ? RCF_ADDR_IN : RCF_ADDR_IN6;
		len = t == RCF_ADDR_IN ? 4 : 16;
		if (chance(5))
			len = rn(21);
		if (chance(3))
			t = (uint16_t)rn(RCF_ADDR_MAX + 3);
		rcf_put_bytes(m, t, a, len);
	}
	rcf_nest_end(m);
}

/* Any attribute with a value of roughly its own type. */
static void put_any_attr(struct rcf_msg *m)
{
	uint16_t t = (uint16_t)(1 + rn(RCF_A_MAX + 3));
	uint64_t v = chance(50) ? any_u32() : rnd();
	uint8_t junk[24];

	switch (t) {
	case RCF_A_LINK_END_A:
	case RCF_A_LINK_END_B:
		put_random_end(m, t);
		return;
	case RCF_A_NODE_ADDRS:
		put_addrs(m);
		return;
	case RCF_A_ROUTE_HOPS:
		put_hops(m, node_id(), node_id());
		return;
	case RCF_A_PATH_HOPS:
		put_path_hops(m, node_id(), node_id());
		return;
	case RCF_A_NODE_IFNAME:
		rcf_put_str(m, t, chance(50) ? "rcffz" : "a-name-far-too-long");
		return;
	case RCF_A_LINK_STATE:
	case RCF_A_ROUTE_INDEX:
	case RCF_A_OP_CMD:
	case RCF_A_FABRIC_ROUTE_POLICY:
	case RCF_A_STATS_KIND:
	case RCF_A_PATH_STATE:
		rcf_put_u8(m, t, (uint8_t)(chance(80) ? rn(6) : v));
		return;
	case RCF_A_FABRIC_EPOCH:
	case RCF_A_FABRIC_MEM:
	case RCF_A_FABRIC_CLOCK_HZ:
		rcf_put_bytes(m, t, &v, 8);
		return;
	case RCF_A_BATCH:
	case RCF_A_BATCH_OP:
	case RCF_A_STATS:
		rcf_nest_start(m, t);
		rcf_put_u32(m, (uint16_t)rn(8), (uint32_t)v);
		rcf_nest_end(m);
		return;
	default:
		if (t > RCF_A_MAX || chance(10)) {
			for (size_t i = 0; i < sizeof(junk); i++)
				junk[i] = (uint8_t)rnd();
			rcf_put_bytes(m, t, junk, rn(sizeof(junk)));
		} else {
			rcf_put_u32(m, t, (uint32_t)v);
		}
	}
}

/* An attribute of the wrong size or with the nested flag misused. */
static void put_bad_attr(struct rcf_msg *m)
{
	uint16_t t = (uint16_t)rn(RCF_A_MAX + 2);
	uint8_t junk[12];

	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (uint8_t)rnd();
	if (chance(20))
		t |= NLA_F_NESTED;
	if (chance(5))
		t |= NLA_F_NET_BYTEORDER;
	rcf_put_bytes(m, t, junk, rn(sizeof(junk) + 1));
}

/* ------------------------------------------------------------- requests */

static const uint8_t change_cmds[] = {
	RCF_CMD_FABRIC_SET,  RCF_CMD_NODE_NEW,	  RCF_CMD_NODE_DEL,
	RCF_CMD_NODE_SET,    RCF_CMD_SWITCH_NEW,  RCF_CMD_SWITCH_DEL,
	RCF_CMD_SWITCH_SET,  RCF_CMD_LINK_NEW,	  RCF_CMD_LINK_DEL,
	RCF_CMD_LINK_SET,    RCF_CMD_CIRCUIT_NEW, RCF_CMD_CIRCUIT_DEL,
	RCF_CMD_CIRCUIT_SET, RCF_CMD_ROUTE_NEW,	  RCF_CMD_ROUTE_DEL,
	RCF_CMD_ROUTE_SET,   RCF_CMD_ROUTE_NEW,	  RCF_CMD_ROUTE_DEL,
	RCF_CMD_LINK_DEL,    RCF_CMD_LINK_SET,	  RCF_CMD_FABRIC_NEW,
	RCF_CMD_STATS_RESET, RCF_CMD_PATH_NEW,	  RCF_CMD_PATH_DEL,
	RCF_CMD_PATH_SET,    RCF_CMD_PATH_NEW,	  RCF_CMD_PATH_REQUEST,
};

#define NCHANGE (sizeof(change_cmds) / sizeof(change_cmds[0]))

static int is_get(uint8_t cmd)
{
	return cmd == RCF_CMD_FABRIC_GET || cmd == RCF_CMD_NODE_GET ||
	       cmd == RCF_CMD_SWITCH_GET || cmd == RCF_CMD_LINK_GET ||
	       cmd == RCF_CMD_CIRCUIT_GET || cmd == RCF_CMD_ROUTE_GET ||
	       cmd == RCF_CMD_STATS_GET || cmd == RCF_CMD_EPOCH_GET ||
	       cmd == RCF_CMD_TRAFFIC_GET || cmd == RCF_CMD_PATH_GET;
}

/*
 * How the change is to be applied as an epoch: any mode, and drain bounds
 * short enough that some drains run out of time under traffic and roll
 * back, which must leave the fabric exactly as it was.
 */
static void put_epoch_attrs(struct rcf_msg *m)
{
	if (chance(20))
		rcf_put_u8(m, RCF_A_EPOCH_MODE,
			   (uint8_t)(chance(95) ? rn(3) : rnd()));
	if (chance(20))
		rcf_put_u32(m, RCF_A_EPOCH_TIMEOUT_MS,
			    chance(90) ? 1 + rn(50) : any_u32());
}

/* The attributes of one command, mostly right, sometimes not. */
static void put_cmd_attrs(struct rcf_msg *m, uint8_t cmd)
{
	uint32_t src, dst;

	switch (cmd) {
	case RCF_CMD_FABRIC_NEW:
	case RCF_CMD_FABRIC_SET:
		if (chance(40))
			rcf_put_u32(m, RCF_A_FABRIC_CQ_SIZE,
				    chance(80) ? 64u << rn(6) : any_u32());
		if (chance(30)) {
			uint64_t hz = chance(80) ? rn(3) * 1000 : rnd();

			rcf_put_bytes(m, RCF_A_FABRIC_CLOCK_HZ, &hz, 8);
		}
		if (chance(30))
			rcf_put_u8(m, RCF_A_FABRIC_ROUTE_POLICY,
				   (uint8_t)rn(3));
		/* path requests on and off, timeouts short enough to run out */
		if (chance(20))
			rcf_put_u32(m, RCF_A_FABRIC_PATH_TIMEOUT_MS,
				    chance(90) ? rn(3) * 50 : any_u32());
		break;
	case RCF_CMD_NODE_GET:
	case RCF_CMD_NODE_NEW:
	case RCF_CMD_NODE_DEL:
	case RCF_CMD_NODE_SET:
		if (!chance(5))
			rcf_put_u32(m, RCF_A_NODE_ID, node_id());
		if (cmd == RCF_CMD_NODE_NEW && chance(50))
			rcf_put_u32(m, RCF_A_NODE_PORTS,
				    chance(90) ? 1 + rn(2) : any_u32());
		if (cmd == RCF_CMD_NODE_NEW && chance(5))
			rcf_put_str(m, RCF_A_NODE_IFNAME, "rcffz%d");
		if ((cmd == RCF_CMD_NODE_SET || cmd == RCF_CMD_NODE_NEW) &&
		    chance(60))
			put_addrs(m);
		break;
	case RCF_CMD_SWITCH_GET:
	case RCF_CMD_SWITCH_NEW:
	case RCF_CMD_SWITCH_DEL:
	case RCF_CMD_SWITCH_SET:
		if (!chance(5))
			rcf_put_u32(m, RCF_A_SWITCH_ID, switch_id());
		if (cmd == RCF_CMD_SWITCH_NEW && chance(70))
			rcf_put_u32(m, RCF_A_SWITCH_PORTS,
				    chance(90) ? 2 + rn(8) : any_u32());
		if ((cmd == RCF_CMD_SWITCH_NEW || cmd == RCF_CMD_SWITCH_SET) &&
		    chance(50))
			rcf_put_u32(m, RCF_A_SWITCH_CQ_SIZE,
				    chance(80) ? 64u << rn(6) : any_u32());
		break;
	case RCF_CMD_LINK_GET:
	case RCF_CMD_LINK_NEW:
	case RCF_CMD_LINK_DEL:
	case RCF_CMD_LINK_SET:
		if (cmd != RCF_CMD_LINK_NEW ? !chance(5) : chance(50))
			rcf_put_u32(m, RCF_A_LINK_ID, link_id());
		if (cmd == RCF_CMD_LINK_NEW) {
			put_random_end(m, RCF_A_LINK_END_A);
			put_random_end(m, RCF_A_LINK_END_B);
		}
		if (cmd == RCF_CMD_LINK_NEW || cmd == RCF_CMD_LINK_SET) {
			if (chance(30))
				rcf_put_u32(m, RCF_A_LINK_VCS,
					    chance(90) ? 1 + rn(4) : any_u32());
			if (chance(20))
				rcf_put_u32(m, RCF_A_LINK_BANDWIDTH,
					    chance(90) ? 1 + rn(8) : any_u32());
			if (chance(20))
				rcf_put_u32(m, RCF_A_LINK_LATENCY,
					    chance(90) ? 1 + rn(8) : any_u32());
			if (chance(20))
				rcf_put_u32(m, RCF_A_LINK_BUF_SIZE,
					    chance(90) ? 4u << rn(6)
						       : any_u32());
			if (chance(30))
				rcf_put_u8(m, RCF_A_LINK_STATE,
					   (uint8_t)(chance(90) ? rn(2)
								: rn(256)));
		}
		break;
	case RCF_CMD_CIRCUIT_GET:
	case RCF_CMD_CIRCUIT_NEW:
	case RCF_CMD_CIRCUIT_DEL:
	case RCF_CMD_CIRCUIT_SET:
		if (!chance(4))
			rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH,
				    chance(50) ? 0 : switch_id());
		if (!chance(4))
			rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, port_no());
		if (cmd == RCF_CMD_CIRCUIT_NEW || cmd == RCF_CMD_CIRCUIT_SET ||
		    chance(5))
			rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, port_no());
		break;
	case RCF_CMD_ROUTE_GET:
	case RCF_CMD_ROUTE_NEW:
	case RCF_CMD_ROUTE_DEL:
	case RCF_CMD_ROUTE_SET:
		src = node_id();
		dst = node_id();
		if (!chance(4))
			rcf_put_u32(m, RCF_A_ROUTE_SRC, src);
		if (!chance(4))
			rcf_put_u32(m, RCF_A_ROUTE_DST, dst);
		if (cmd == RCF_CMD_ROUTE_SET || cmd == RCF_CMD_ROUTE_GET
			    ? !chance(5)
			    : chance(50))
			rcf_put_u8(m, RCF_A_ROUTE_INDEX,
				   (uint8_t)(chance(95) ? rn(4) : rn(256)));
		if (cmd == RCF_CMD_ROUTE_NEW || cmd == RCF_CMD_ROUTE_SET ||
		    chance(3))
			put_hops(m, src, dst);
		break;
	case RCF_CMD_PATH_GET:
	case RCF_CMD_PATH_NEW:
	case RCF_CMD_PATH_DEL:
	case RCF_CMD_PATH_SET:
		if (cmd != RCF_CMD_PATH_NEW ? !chance(5) : chance(50))
			rcf_put_u32(m, RCF_A_PATH_ID, path_id());
		if (cmd == RCF_CMD_PATH_NEW) {
			src = node_id();
			dst = node_id();
			if (!chance(4))
				rcf_put_u32(m, RCF_A_PATH_MASTER, src);
			if (!chance(4))
				rcf_put_u32(m, RCF_A_PATH_DST, dst);
			if (!chance(4))
				put_path_hops(m, src, dst);
		}
		if (cmd == RCF_CMD_PATH_SET && !chance(5))
			rcf_put_u8(m, RCF_A_PATH_STATE,
				   (uint8_t)(chance(90) ? 1 + rn(4) : rn(256)));
		break;
	case RCF_CMD_PATH_REQUEST:
		if (!chance(5))
			rcf_put_u32(m, RCF_A_PATH_MASTER, node_id());
		if (!chance(5))
			rcf_put_u32(m, RCF_A_PATH_DST, node_id());
		if (chance(50))
			rcf_put_u32(m, RCF_A_PATH_ERROR,
				    chance(90) ? 1 + rn(130) : any_u32());
		break;
	case RCF_CMD_STATS_GET:
		if (chance(70))
			rcf_put_u8(m, RCF_A_STATS_KIND,
				   (uint8_t)(chance(90) ? 1 + rn(5) : rn(256)));
		break;
	}
	if (chance(8))
		put_any_attr(m);
	if (chance(4))
		put_bad_attr(m);
}

static void put_batch(struct rcf_msg *m)
{
	int nb = chance(95) ? 1 : (int)rn(4);
	int huge = chance(2);

	for (int b = 0; b < nb; b++) {
		int n = huge ? 2100 : chance(5) ? 0 : 1 + (int)rn(8);

		rcf_nest_start(m, RCF_A_BATCH);
		for (int i = 0; i < n; i++) {
			uint8_t cmd = change_cmds[rn(NCHANGE)];

			if (huge) {
				/* Cheap operations: only the count matters. */
				rcf_nest_start(m, RCF_A_BATCH_OP);
				rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_SWITCH_DEL);
				rcf_put_u32(m, RCF_A_SWITCH_ID, 4000);
				rcf_nest_end(m);
				continue;
			}
			if (chance(3)) {
				put_any_attr(m);
				continue;
			}
			if (chance(4))
				cmd = (uint8_t)rn(256);
			if (chance(2)) {
				/* The same nest without NLA_F_NESTED. */
				m->nest[m->depth++] = rcf_put_bytes(
					m, RCF_A_BATCH_OP, NULL, 0);
			} else {
				rcf_nest_start(m, RCF_A_BATCH_OP);
			}
			if (!chance(3))
				rcf_put_u8(m, RCF_A_OP_CMD, cmd);
			if (chance(2))
				rcf_put_u32(m, RCF_A_OP_CMD, cmd);
			put_cmd_attrs(m, cmd);
			rcf_nest_end(m);
		}
		rcf_nest_end(m);
	}
	if (chance(5))
		put_any_attr(m);
}

/* Damage the finished message; the header's length stays the true one. */
static void mangle(struct rcf_msg *m)
{
	size_t base = NLMSG_HDRLEN + GENL_HDRLEN;
	struct nlmsghdr *nh = (struct nlmsghdr *)m->buf;
	struct genlmsghdr *gh = (struct genlmsghdr *)(m->buf + NLMSG_HDRLEN);

	if (chance(3) && m->len > base + 1)
		m->len -= 1 + rn((uint32_t)(m->len - base - 1));
	if (chance(3) && m->len > base)
		m->buf[base + rn((uint32_t)(m->len - base))] ^=
			(uint8_t)(1 << rn(8));
	if (chance(2) && m->len >= base + NLA_HDRLEN) {
		struct nlattr *a = (struct nlattr *)(m->buf + base);

		a->nla_len = (uint16_t)(chance(50) ? rn(4) : 0xfff0);
	}
	if (chance(3)) {
		static const uint16_t flags[] = {
			NLM_F_EXCL, NLM_F_REPLACE, NLM_F_CREATE, NLM_F_APPEND,
			NLM_F_ECHO, NLM_F_ROOT,	   NLM_F_MATCH,	 NLM_F_ATOMIC};

		nh->nlmsg_flags |= flags[rn(8)];
	}
	if (chance(1))
		gh->reserved = (uint16_t)rnd();
	if (chance(1))
		gh->version = (uint8_t)rnd();
}

/* ----------------------------------------------------------------- checks */

static int documented(int e)
{
	switch (e) {
	case EINVAL:
	case ENOENT:
	case ERANGE:
	case ENETDOWN:
	case ELOOP:
	case EEXIST:
	case EBUSY:
	case EOPNOTSUPP:
	case E2BIG:
	case EPERM:
	case ENOSPC:
	case EADDRINUSE:
	case EMSGSIZE:
	case ETIMEDOUT: /* an epoch's drain ran out of time: rolled back */
	case ENOLINK:	/* a broken path cannot be regranted */
		return 1;
	}
	return 0;
}

/* Errors the generic netlink core gives before rcf sees the request. */
static int core_refusal(int e, uint8_t cmd)
{
	return e == EOPNOTSUPP || e == EPERM || cmd == 0 || cmd > RCF_CMD_MAX;
}

static void note_result(uint8_t cmd, int r, const struct rcf_nl_err *e)
{
	if (!r) {
		st.ok++;
		return;
	}
	st.refused++;
	st.by_errno[(-r) & 0xff]++;
	if (r == -EAGAIN) {
		st.noanswer++;
		printf("# cmd %u: no answer\n", cmd);
		return;
	}
	if (!documented(-r)) {
		if (st.bad_errno++ < 10)
			printf("# cmd %u refused with undocumented %s: '%s'\n",
			       cmd, strerror(-r), e->msg);
	}
	if (!core_refusal(-r, cmd) && !e->msg[0]) {
		if (st.no_extack++ < 10)
			printf("# cmd %u refused (%s) without a message\n", cmd,
			       strerror(-r));
	}
	if (verbose)
		printf("# cmd %u: %s '%s'\n", cmd, strerror(-r), e->msg);
}

/* Send one change, comparing the fabric before and after a refusal. */
static void send_change(struct rcf_nl *nl, struct rcf_msg *m, uint8_t cmd)
{
	char *before = NULL, *after;
	struct rcf_nl_err e;
	int r;

	if (chance(35)) {
		before = rcf_snapshot(nl);
		st.snapshots++;
	}
	st.sent++;
	r = rcf_xfer(nl, m, NULL, &e);
	note_result(cmd, r, &e);
	if (!before)
		return;
	if (r) {
		after = rcf_snapshot(nl);
		if (!after || strcmp(before, after)) {
			if (st.changed++ < 5)
				printf("# refused cmd %u (%s: %s) changed the "
				       "fabric\n"
				       "# before:\n%s# after:\n%s",
				       cmd, strerror(-r), e.msg, before,
				       after ? after : "(unreadable)\n");
		}
		free(after);
	}
	free(before);
}

static void random_request(struct rcf_nl *nl)
{
	uint8_t cmd;
	uint16_t flags = 0;
	struct rcf_msg *m;

	if (chance(8))
		cmd = RCF_CMD_BATCH;
	else if (chance(25))
		cmd = (uint8_t)(1 + rn(RCF_CMD_MAX));
	else
		cmd = change_cmds[rn(NCHANGE)];
	if (chance(1))
		cmd = chance(50) ? 0 : (uint8_t)(RCF_CMD_MAX + 1 + rn(20));
	if (is_get(cmd) && chance(40))
		flags |= NLM_F_DUMP;
	m = rcf_msg_new(nl, cmd, flags);
	if (cmd == RCF_CMD_BATCH)
		put_batch(m);
	else
		put_cmd_attrs(m, cmd);
	if (!is_get(cmd))
		put_epoch_attrs(m);
	if (chance(12))
		mangle(m);
	if (is_get(cmd)) {
		struct rcf_reply rep = {0};
		struct rcf_nl_err e;
		int r;

		st.sent++;
		st.dumps += !!(flags & NLM_F_DUMP);
		r = rcf_xfer(nl, m, &rep, &e);
		note_result(cmd, r, &e);
		rcf_reply_free(&rep);
		return;
	}
	send_change(nl, m, cmd);
}

/* A dump that its reader walks away from after the first datagram. */
static void cut_dump(void)
{
	static const uint8_t kinds[] = {RCF_CMD_NODE_GET,  RCF_CMD_SWITCH_GET,
					RCF_CMD_LINK_GET,  RCF_CMD_CIRCUIT_GET,
					RCF_CMD_ROUTE_GET, RCF_CMD_STATS_GET,
					RCF_CMD_PATH_GET};
	struct sockaddr_nl sa = {.nl_family = AF_NETLINK};
	int small = 2048, twice = chance(30);
	struct rcf_nl d;
	struct rcf_msg *m;
	char buf[4096];

	if (rcf_nl_open(&d, NULL, 0))
		return;
	setsockopt(rcf_nl_fd(&d), SOL_SOCKET, SO_RCVBUFFORCE, &small,
		   sizeof(small));
	for (int i = 0; i <= twice; i++) {
		m = rcf_msg_new(&d, kinds[rn(sizeof(kinds))], NLM_F_DUMP);
		if (chance(30))
			rcf_put_u32(m, RCF_A_ROUTE_SRC, node_id());
		((struct nlmsghdr *)m->buf)->nlmsg_len = m->len;
		((struct nlmsghdr *)m->buf)->nlmsg_seq = i + 1;
		sendto(rcf_nl_fd(&d), m->buf, m->len, 0, (struct sockaddr *)&sa,
		       sizeof(sa));
		rcf_msg_free(m);
	}
	if (chance(70))
		recv(rcf_nl_fd(&d), buf, sizeof(buf), MSG_DONTWAIT);
	st.cut_dumps++;
	rcf_nl_close(&d);
}

static void build_fabric(struct rcf_nl *nl);
static void random_request(struct rcf_nl *nl);

/*
 * Without privilege but in a user namespace of its own, a process owns a
 * network namespace and may change the fabric there: the same fuzzing,
 * briefly, from there.  The exit status: 0 clean, 1 a finding, 3 no user
 * namespaces on this kernel.
 */
static int userns_round(void)
{
	unsigned long before =
		st.changed + st.no_extack + st.bad_errno + st.noanswer;
	struct rcf_nl v;
	char why[512];
	int bad = 0;

	if (unshare(CLONE_NEWUSER | CLONE_NEWNET))
		return 3;
	if (rcf_nl_open(&v, NULL, 0))
		return 1;
	build_fabric(&v);
	for (int i = 0; i < 40; i++)
		random_request(&v);
	if (rcf_check_fabric(&v, why, sizeof(why))) {
		printf("# user namespace fabric inconsistent: %s\n", why);
		bad = 1;
	}
	if (st.changed + st.no_extack + st.bad_errno + st.noanswer != before)
		bad = 1;
	fflush(stdout);
	/* Exit with the fabric in place: the namespace takes it along. */
	return bad;
}

/* Change requests without CAP_NET_ADMIN: all EPERM, nothing changed. */
static void unprivileged(struct rcf_nl *nl)
{
	char *before = rcf_snapshot(nl), *after;
	uint64_t child_rs = rnd();
	int status = 0;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rcf_nl u;
		int bad = 0;

		rs = child_rs | 1;
		if (setgroups(0, NULL) || setgid(65534) || setuid(65534) ||
		    rcf_nl_open(&u, NULL, 0))
			_exit(2);
		for (int i = 0; i < 20; i++) {
			uint8_t cmd = chance(10) ? RCF_CMD_BATCH
						 : change_cmds[rn(NCHANGE)];
			struct rcf_msg *m = rcf_msg_new(&u, cmd, 0);
			struct rcf_nl_err e;
			int r;

			if (cmd == RCF_CMD_BATCH)
				put_batch(m);
			else
				put_cmd_attrs(m, cmd);
			r = rcf_xfer(&u, m, NULL, &e);
			if (r != -EPERM) {
				printf("# unprivileged cmd %u: %s, not EPERM\n",
				       cmd, strerror(-r));
				bad++;
			}
		}
		fflush(stdout);
		if (bad)
			_exit(1);
		_exit(userns_round());
	}
	st.unpriv++;
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 3) {
		st.no_userns++;
	} else if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("# unprivileged child: status %#x\n", status);
		st.unpriv_bad++;
	}
	after = rcf_snapshot(nl);
	if (!before || !after || strcmp(before, after)) {
		printf("# unprivileged requests changed the fabric\n");
		st.unpriv_bad++;
	}
	free(before);
	free(after);
}

/* ---------------------------------------------------------------- fabric */

static int fabric_xfer(struct rcf_nl *nl, struct rcf_msg *m)
{
	struct rcf_nl_err e;
	int r = rcf_xfer(nl, m, NULL, &e);

	if (r && verbose)
		printf("# build: %s '%s'\n", strerror(-r), e.msg);
	return r;
}

/* A real fabric (see walk_hops()), mostly in one batch. */
static void build_fabric(struct rcf_nl *nl)
{
	struct rcf_msg *m;
	int lid = 0, nodes;

	st.rebuilds++;
	req_fabric_del(nl);
	nsw = 1 + (int)rn(SID - 1);
	nodes = 2 + (int)rn(3 * nsw - 1);
	if (nodes > NID - 1)
		nodes = NID - 1;
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
#define OP(cmd) \
	(rcf_nest_start(m, RCF_A_BATCH_OP), rcf_put_u8(m, RCF_A_OP_CMD, cmd))
	for (int s = 0; s < nsw; s++) {
		OP(RCF_CMD_SWITCH_NEW);
		rcf_put_u32(m, RCF_A_SWITCH_ID, s);
		rcf_put_u32(m, RCF_A_SWITCH_PORTS, 8);
		rcf_nest_end(m);
		if (s) {
			OP(RCF_CMD_LINK_NEW);
			rcf_put_u32(m, RCF_A_LINK_ID, lid++);
			put_end(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, s - 1, 7);
			put_end(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, s, 6);
			if (chance(30))
				rcf_put_u32(m, RCF_A_LINK_VCS, 1 + rn(4));
			rcf_nest_end(m);
		}
	}
	for (int i = 0; i < nodes; i++) {
		OP(RCF_CMD_NODE_NEW);
		rcf_put_u32(m, RCF_A_NODE_ID, i);
		rcf_nest_end(m);
		OP(RCF_CMD_LINK_NEW);
		rcf_put_u32(m, RCF_A_LINK_ID, lid++);
		put_end(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, i, 0);
		put_end(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, i % nsw, i / nsw);
		rcf_nest_end(m);
	}
	OP(RCF_CMD_NODE_NEW);
	rcf_put_u32(m, RCF_A_NODE_ID, NID - 1);
	rcf_nest_end(m);
	OP(RCF_CMD_LINK_NEW);
	rcf_put_u32(m, RCF_A_LINK_ID, lid++);
	put_end(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 3);
	put_end(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 4);
	rcf_nest_end(m);
	OP(RCF_CMD_LINK_NEW);
	rcf_put_u32(m, RCF_A_LINK_ID, lid++);
	put_end(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 5);
	put_end(m, RCF_A_LINK_END_B, RCF_ELEM_NODE, NID - 1, 0);
	rcf_nest_end(m);
	OP(RCF_CMD_CIRCUIT_NEW);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 4);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 5);
	rcf_nest_end(m);
#undef OP
	rcf_nest_end(m);
	/* The builder's own damage is rare: the point is a fabric. */
	if (chance(3))
		mangle(m);
	send_change(nl, m, RCF_CMD_BATCH);
	/* Routes one by one, so that one refusal costs only itself. */
	for (int k = 0; k < 3 * nodes; k++) {
		uint32_t a = rn(nodes + 1), b = rn(nodes + 1);
		uint8_t h[16];
		size_t n;

		a = a == (uint32_t)nodes ? NID - 1 : a;
		b = b == (uint32_t)nodes ? NID - 1 : b;
		if (a == b || a == NID - 1)
			continue;
		n = walk_hops(a, b, h);
		m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);
		rcf_put_u32(m, RCF_A_ROUTE_SRC, a);
		rcf_put_u32(m, RCF_A_ROUTE_DST, b);
		rcf_put_bytes(m, RCF_A_ROUTE_HOPS, h, n);
		fabric_xfer(nl, m);
	}
	for (int i = 0; i < nodes; i++)
		req_node_set_addr4(nl, i, 0x0a000000 + i, NULL);
	req_node_set_addr4(nl, NID - 1, 0x0a000000 + NID - 1, NULL);
}

/*
 * A few IPv4 packets into a node's netdev, to 10.0.0.N or anywhere.  All
 * the random numbers are drawn first, so that the kernel's answers do not
 * change the sequence a seed gives.
 */
static void traffic(struct rcf_nl *nl, int fd)
{
	uint32_t a = rn(NID), n = 1 + rn(8), dst[8], len[8];
	int ifx;

	for (uint32_t i = 0; i < n; i++) {
		dst[i] = chance(90) ? 0x0a000000 + rn(NID) : (uint32_t)rnd();
		len[i] = chance(90) ? rn(300) : rn(1473);
	}
	ifx = req_node_ifindex(nl, a);
	if (ifx <= 0 || fd < 0)
		return;
	for (uint32_t i = 0; i < n; i++) {
		if (rcf_send_udp4(fd, ifx, 0x0a000000 + a, dst[i], len[i]))
			return;
		st.packets++;
	}
}

/* --------------------------------------------------------------- driver */

/*
 * Start or stop a generator run over the fabric's nodes, so that the
 * epochs of the requests around it drain generator traffic as well as IP.
 * The random numbers come first, as in traffic().
 */
static void generator(struct rcf_nl *nl)
{
	uint32_t rate = 20 + rn(500), smin = 1 + rn(200), sspan = rn(400);
	uint64_t msgs = 50 + rn(2000), seed = rnd();
	int stop = chance(30);
	struct rcf_msg *m;
	struct rcf_nl_err e;
	int r;

	if (stop) {
		m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_STOP, 0);
	} else {
		m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_START, 0);
		rcf_nest_start(m, RCF_A_TRAFFIC);
		rcf_put_u8(m, RCF_TRAFFIC_PATTERN, RCF_TRAFFIC_UNIFORM);
		rcf_put_bytes(m, RCF_TRAFFIC_SEED, &seed, sizeof(seed));
		rcf_put_u32(m, RCF_TRAFFIC_RATE, rate);
		rcf_put_u32(m, RCF_TRAFFIC_SIZE_MIN, smin);
		rcf_put_u32(m, RCF_TRAFFIC_SIZE_MAX, smin + sspan);
		rcf_put_bytes(m, RCF_TRAFFIC_MESSAGES, &msgs, sizeof(msgs));
		rcf_nest_end(m);
	}
	st.sent++;
	st.runs += !stop;
	r = rcf_xfer(nl, m, NULL, &e);
	note_result(stop ? RCF_CMD_TRAFFIC_STOP : RCF_CMD_TRAFFIC_START, r, &e);
}

static unsigned long taint(void)
{
	FILE *f = fopen("/proc/sys/kernel/tainted", "r");
	unsigned long t = 0;

	if (f) {
		if (fscanf(f, "%lu", &t) != 1)
			t = 0;
		fclose(f);
	}
	return t;
}

static void drain_events(struct rcf_nl *ev)
{
	char buf[8192];

	while (recv(rcf_nl_fd(ev), buf, sizeof(buf), MSG_DONTWAIT) > 0)
		st.events++;
}

static void check(struct rcf_nl *nl, unsigned long it)
{
	char why[512];

	st.checks++;
	if (rcf_check_fabric(nl, why, sizeof(why))) {
		if (st.bad_check++ < 5)
			printf("# iteration %lu: fabric inconsistent: %s\n", it,
			       why);
	}
}

/*
 * The first "no answer" finding: rcf_nl took a request carrying only one of
 * NLM_F_DUMP's two bits (as mangle() makes them) for a dump and asked for
 * no ack, but genetlink runs it as a do, which a success leaves
 * unanswered.  Each flag on a FABRIC_NEW and on a FABRIC_GET (one reply,
 * then the ack) must be answered as a do.  On a NEW, NLM_F_ROOT is
 * NLM_F_REPLACE, which an existing fabric accepts, and NLM_F_MATCH is
 * NLM_F_EXCL, which it refuses with EEXIST.  Returns the number of
 * requests answered otherwise.
 */
static unsigned long half_dump_flags(struct rcf_nl *nl)
{
	static const uint16_t half[] = {NLM_F_ROOT, NLM_F_MATCH};
	struct timeval quick = {.tv_sec = 10}, tv = {.tv_sec = 30};
	unsigned long bad = 0;

	setsockopt(rcf_nl_fd(nl), SOL_SOCKET, SO_RCVTIMEO, &quick,
		   sizeof(quick));
	if (rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_NEW, 0), NULL, NULL))
		bad++;
	for (size_t i = 0; i < sizeof(half) / sizeof(half[0]); i++) {
		struct rcf_reply rep = {0};
		int want = half[i] == NLM_F_EXCL ? -EEXIST : 0;
		struct rcf_nl_err e;
		int r;

		r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_NEW, half[i]),
			     NULL, &e);
		if (r != want) {
			printf("# FABRIC_NEW with flag %#x: %s\n", half[i],
			       strerror(-r));
			bad++;
		}
		r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, half[i]),
			     &rep, &e);
		if (r || rep.n != 1) {
			printf("# FABRIC_GET with flag %#x: %s, %zu replies\n",
			       half[i], strerror(-r), rep.n);
			bad++;
		}
		rcf_reply_free(&rep);
	}
	setsockopt(rcf_nl_fd(nl), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	return bad;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: rcf_fuzz [--seed N] [--time SECS] [--iterations N]\n"
		"                [--check-every K] [--verbose]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"time", required_argument, NULL, 't'},
		{"iterations", required_argument, NULL, 'i'},
		{"check-every", required_argument, NULL, 'k'},
		{"verbose", no_argument, NULL, 'v'},
		{0},
	};
	unsigned long iters = 0, it, every = 16, t0_taint, new_taint, half;
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	struct timeval tv = {.tv_sec = 30};
	double secs = 40;
	struct rcf_nl nl, ev;
	time_t start;
	int c, pfd;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			secs = atof(optarg);
			break;
		case 'i':
			iters = strtoul(optarg, NULL, 0);
			break;
		case 'k':
			every = strtoul(optarg, NULL, 0);
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..6\n");
	printf("# seed %llu (replay: rcf_fuzz --seed %llu%s)\n",
	       (unsigned long long)seed, (unsigned long long)seed,
	       iters ? "" : " --time ...");
	rs = seed ? seed : 1;
	if (rcf_nl_open(&nl, NULL, 0) || rcf_nl_open(&ev, NULL, 0)) {
		printf("not ok 1 rcf family # is rcf.ko loaded?\n");
		return 1;
	}
	/* A request never answered is a finding, not a hang. */
	setsockopt(rcf_nl_fd(&nl), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	rcf_nl_join_events(&ev, NULL, 0);
	pfd = rcf_packet_socket();
	t0_taint = taint();
	start = time(NULL);
	/* Before the first build_fabric(), which deletes what it leaves. */
	half = half_dump_flags(&nl);
	build_fabric(&nl);
	for (it = 0; iters ? it < iters : difftime(time(NULL), start) < secs;
	     it++) {
		if (chance(2))
			build_fabric(&nl);
		else if (chance(3))
			cut_dump();
		else if (chance(6))
			traffic(&nl, pfd);
		else if (chance(2))
			generator(&nl);
		else if (chance(1) && geteuid() == 0)
			unprivileged(&nl);
		else
			random_request(&nl);
		if (every && it % every == every - 1)
			check(&nl, it);
		if (it % 32 == 0)
			drain_events(&ev);
	}
	/* a short or slow run may never have drawn one */
	if (!st.unpriv && geteuid() == 0)
		unprivileged(&nl);
	check(&nl, it);
	drain_events(&ev);
	new_taint = taint() & ~t0_taint;
	printf("# %lu iterations in %.0f s: %lu requests, %lu accepted, "
	       "%lu refused, %lu dumps, %lu cut dumps, %lu rebuilds, "
	       "%lu snapshot compares, %lu unprivileged rounds, %lu checks, "
	       "%lu events, %lu packets sent, %lu generator runs asked\n",
	       it, difftime(time(NULL), start), st.sent, st.ok, st.refused,
	       st.dumps, st.cut_dumps, st.rebuilds, st.snapshots, st.unpriv,
	       st.checks, st.events, st.packets, st.runs);
	printf("# refusals by errno:");
	for (int e = 0; e < 256; e++)
		if (st.by_errno[e])
			printf(" %s=%lu", strerror(e), st.by_errno[e]);
	printf("\n");
	printf("%s 1 kernel not tainted by a warning or oops%s\n",
	       new_taint & ~((1UL << 12) | (1UL << 13)) ? "not ok" : "ok", "");
	if (new_taint)
		printf("# new taint bits %#lx\n", new_taint);
	printf("%s 2 fabric consistent at every check (%lu)\n",
	       st.bad_check ? "not ok" : "ok", st.checks);
	printf("%s 3 refused requests changed nothing\n",
	       st.changed ? "not ok" : "ok");
	printf("%s 4 refusals carried a message and a documented errno\n",
	       st.no_extack || st.bad_errno || st.noanswer ? "not ok" : "ok");
	if (st.no_userns)
		printf("# %lu of %lu unprivileged rounds had no user "
		       "namespace\n",
		       st.no_userns, st.unpriv);
	/* a round that could not make its namespace tested nothing */
	printf("%s 5 unprivileged changes refused with EPERM, allowed in an "
	       "own user namespace\n",
	       st.unpriv_bad || st.no_userns || !st.unpriv ? "not ok" : "ok");
	printf("%s 6 requests with one of NLM_F_DUMP's bits answered as "
	       "do requests\n",
	       half ? "not ok" : "ok");
	req_fabric_del(&nl);
	if (pfd >= 0)
		close(pfd);
	rcf_nl_close(&ev);
	rcf_nl_close(&nl);
	return st.bad_check || st.changed || st.no_extack || st.bad_errno ||
			       st.noanswer || st.unpriv_bad || st.no_userns ||
			       !st.unpriv || half ||
			       (new_taint & ~((1UL << 12) | (1UL << 13)))
		       ? 1
		       : 0;
}
