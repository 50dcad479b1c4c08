// SPDX-License-Identifier: GPL-2.0
/*
 * Every refusal path of the rcf family: the right errno, an extended ack
 * message, the attribute at fault where one is, and a fabric that is, dump
 * for dump, exactly what it was before.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <stdio.h>

#include "rcf_test.h"

/*
 * Nodes 0 and 1 on ports 0 and 1 of switch 0; node 2 behind switch 1,
 * reached from switch 0's port 4 over link 2 (two VCs) and the circuit
 * 0 -> 1 on switch 1; link 4 from switch 0's port 5 to switch 1's port 2 is
 * down.  Routes 0 -> 1 and 0 -> 2 are installed.
 */
FIXTURE(ref)
{
	struct rcf_nl nl;
};

static const uint8_t r01[] = {RCF_HOP(0, 0), RCF_HOP(1, 0)};
static const uint8_t r02[] = {RCF_HOP(0, 0), RCF_HOP(4, 1)};

FIXTURE_SETUP(ref)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;

	ASSERT_EQ(0, rcf_nl_open(nl, NULL, 0))
	TH_LOG("rcf family not found: is rcf.ko loaded?");
	req_fabric_del(nl);
	RCF_OK(req_small_fabric(nl, err));
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 4);
	rcf_nest_start(m, RCF_A_LINK_END_A);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
	rcf_put_u32(m, RCF_END_ID, 0);
	rcf_put_u32(m, RCF_END_PORT, 5);
	rcf_nest_end(m);
	rcf_nest_start(m, RCF_A_LINK_END_B);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
	rcf_put_u32(m, RCF_END_ID, 1);
	rcf_put_u32(m, RCF_END_PORT, 2);
	rcf_nest_end(m);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	RCF_OK(req_route_add(nl, 0, 1, 0, r01, sizeof(r01), err));
	RCF_OK(req_route_add(nl, 0, 2, 0, r02, sizeof(r02), err));
}

FIXTURE_TEARDOWN(ref)
{
	req_fabric_del(&self->nl);
	rcf_nl_close(&self->nl);
}

static struct rcf_msg *key1(struct rcf_nl *nl, uint8_t cmd, uint16_t t,
			    uint32_t v, size_t *off)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);
	size_t o = rcf_put_u32(m, t, v);

	if (off)
		*off = o;
	return m;
}

static size_t end_nest(struct rcf_msg *m, uint16_t type, int kind, int id,
		       int port)
{
	size_t off = rcf_nest_start(m, type);

	rcf_put_u8(m, RCF_END_KIND, (uint8_t)kind);
	rcf_put_u32(m, RCF_END_ID, (uint32_t)id);
	rcf_put_u32(m, RCF_END_PORT, (uint32_t)port);
	rcf_nest_end(m);
	return off;
}

static struct rcf_msg *route_msg(struct rcf_nl *nl, uint8_t cmd, int src,
				 int dst, int index, const uint8_t *hops,
				 size_t n, size_t *hops_off)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);

	rcf_put_u32(m, RCF_A_ROUTE_SRC, (uint32_t)src);
	rcf_put_u32(m, RCF_A_ROUTE_DST, (uint32_t)dst);
	if (index >= 0)
		rcf_put_u8(m, RCF_A_ROUTE_INDEX, (uint8_t)index);
	*hops_off = rcf_put_bytes(m, RCF_A_ROUTE_HOPS, hops, n);
	return m;
}

TEST_F(ref, unknown_ids)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;

	m = key1(nl, RCF_CMD_NODE_GET, RCF_A_NODE_ID, 99, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "GET of a missing node");
	m = key1(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 99, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "DEL of a missing node");
	m = key1(nl, RCF_CMD_SWITCH_GET, RCF_A_SWITCH_ID, 7, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "GET of a missing switch");
	m = key1(nl, RCF_CMD_SWITCH_DEL, RCF_A_SWITCH_ID, 7, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "DEL of a missing switch");
	m = key1(nl, RCF_CMD_SWITCH_SET, RCF_A_SWITCH_ID, 7, &off);
	rcf_put_u32(m, RCF_A_SWITCH_CQ_SIZE, 2048);
	rcf_refused(_metadata, nl, m, ENOENT, off, "SET of a missing switch");
	m = key1(nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, 50, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "GET of a missing link");
	m = key1(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 50, &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "DEL of a missing link");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 50, &off);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	rcf_refused(_metadata, nl, m, ENOENT, off, "SET of a missing link");

	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_DEL, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 0);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 3);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "DEL of a missing circuit");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 9);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 1);
	rcf_refused(_metadata, nl, m, ENOENT, off,
		    "circuit on a missing switch");

	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 7);
	off = end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_NODE, 42, 0);
	rcf_refused(_metadata, nl, m, ENOENT, off, "link to a missing node");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	off = end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 3, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_NODE, 0, 0);
	rcf_refused(_metadata, nl, m, ENOENT, off, "link to a missing switch");

	m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, 9, 1, r01, sizeof(r01), &off);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "route to a missing node");
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_DEL, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 1);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 0);
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, 0);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "DEL of a missing route");
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_GET, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 1);
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, 3);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "GET of a missing route");
}

TEST_F(ref, out_of_range)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;

	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	off = end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 2, 1);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 1, 3);
	rcf_refused(_metadata, nl, m, ERANGE, off,
		    "link on a port the node does not have");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 6);
	off = end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 1, 4);
	rcf_refused(_metadata, nl, m, ERANGE, off,
		    "link on a port the switch does not have");

	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 4);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 3);
	rcf_refused(_metadata, nl, m, ERANGE, off,
		    "circuit input beyond the switch's ports");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 3);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 7);
	rcf_refused(_metadata, nl, m, ERANGE, off,
		    "circuit output beyond the switch's ports");

	/* Policy ranges. */
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	off = rcf_put_u32(m, RCF_A_NODE_PORTS, RCF_NODE_MAX_PORTS + 1);
	rcf_refused(_metadata, nl, m, ERANGE, off, "node with 33 ports");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	off = rcf_put_u32(m, RCF_A_NODE_PORTS, 0);
	rcf_refused(_metadata, nl, m, ERANGE, off, "node with no port");
	m = rcf_msg_new(nl, RCF_CMD_SWITCH_NEW, 0);
	off = rcf_put_u32(m, RCF_A_SWITCH_PORTS, RCF_SWITCH_MIN_PORTS - 1);
	rcf_refused(_metadata, nl, m, ERANGE, off, "switch with one port");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	off = rcf_put_u32(m, RCF_A_NODE_ID, RCF_MAX_NODES);
	rcf_refused(_metadata, nl, m, ERANGE, off, "node id beyond the limit");
	m = key1(nl, RCF_CMD_SWITCH_SET, RCF_A_SWITCH_ID, 0, NULL);
	off = rcf_put_u32(m, RCF_A_SWITCH_CQ_SIZE, RCF_CQ_MAX_SIZE + 1);
	rcf_refused(_metadata, nl, m, ERANGE, off, "central queue too big");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 3, NULL);
	off = rcf_put_u32(m, RCF_A_LINK_VCS, RCF_LINK_MAX_VCS + 1);
	rcf_refused(_metadata, nl, m, ERANGE, off, "five virtual channels");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 3, NULL);
	off = rcf_put_u32(m, RCF_A_LINK_BUF_SIZE, RCF_LINK_MIN_BUF - 1);
	rcf_refused(_metadata, nl, m, ERANGE, off, "link buffer too small");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 3, NULL);
	off = rcf_put_u32(m, RCF_A_LINK_LATENCY, 0);
	rcf_refused(_metadata, nl, m, ERANGE, off, "link latency of 0");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 3, NULL);
	off = rcf_put_u8(m, RCF_A_LINK_STATE, 2);
	rcf_refused(_metadata, nl, m, ERANGE, off, "link state 2");
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 1);
	off = rcf_put_u8(m, RCF_A_ROUTE_INDEX, RCF_ROUTES_PER_PAIR);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, r01, sizeof(r01));
	rcf_refused(_metadata, nl, m, ERANGE, off, "route index 4");
	m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);
	off = rcf_put_u8(m, RCF_A_FABRIC_ENGINE_EXACT, 2);
	rcf_refused(_metadata, nl, m, ERANGE, off, "engine mode 2");
}

TEST_F(ref, used_ports)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;

	RCF_OK(req_node_add(nl, 5, 1, err));
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 5, 0);
	off = end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 1);
	rcf_refused(_metadata, nl, m, EBUSY, off,
		    "second link on a switch port");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	off = end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 0, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 7);
	rcf_refused(_metadata, nl, m, EBUSY, off, "second link on a node port");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	off = rcf_put_u32(m, RCF_A_LINK_ID, 1);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 5, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 7);
	rcf_refused(_metadata, nl, m, EEXIST, off, "link id taken");
	m = key1(nl, RCF_CMD_NODE_NEW, RCF_A_NODE_ID, 1, &off);
	rcf_refused(_metadata, nl, m, EEXIST, off, "node id taken");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 6);
	off = rcf_put_str(m, RCF_A_NODE_IFNAME, "rcf0");
	rcf_refused(_metadata, nl, m, EEXIST, RCF_NO_OFFS,
		    "node netdev name taken");
	EXPECT_EQ(0, if_nametoindex("rcf6"));
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 3);
	rcf_refused(_metadata, nl, m, EEXIST, off,
		    "second circuit on an input");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 2);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 1);
	rcf_refused(_metadata, nl, m, EBUSY, off, "circuit to a taken output");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 6);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 6);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "link from a port to itself");
}

TEST_F(ref, bad_routes)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;
	struct {
		const char *what;
		uint8_t hops[4];
		size_t n;
		int dst;
		int eno;
	} cases[] = {
		{"route through a port the node lacks",
		 {RCF_HOP(1, 0)},
		 1,
		 1,
		 ERANGE},
		{"route through a port the switch lacks",
		 {RCF_HOP(0, 0), RCF_HOP(8, 0)},
		 2,
		 1,
		 ERANGE},
		{"route through a port with no link",
		 {RCF_HOP(0, 0), RCF_HOP(2, 0)},
		 2,
		 1,
		 ENOENT},
		{"route on a VC the link lacks",
		 {RCF_HOP(0, 0), RCF_HOP(1, 1)},
		 2,
		 1,
		 ERANGE},
		{"route over a link that is down",
		 {RCF_HOP(0, 0), RCF_HOP(5, 0)},
		 2,
		 2,
		 ENETDOWN},
		{"route ending at the wrong node",
		 {RCF_HOP(0, 0), RCF_HOP(1, 0)},
		 2,
		 2,
		 EINVAL},
		{"route ending inside a switch", {RCF_HOP(0, 0)}, 1, 1, EINVAL},
		{"route with bytes left at the destination",
		 {RCF_HOP(0, 0), RCF_HOP(1, 0), RCF_HOP(0, 0)},
		 3,
		 1,
		 EINVAL},
		{"route byte with the reserved bit",
		 {RCF_HOP(0, 0), RCF_HOP(1, 0) | RCF_HOP_RESERVED},
		 2,
		 1,
		 EINVAL},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, cases[i].dst, 2,
			      cases[i].hops, cases[i].n, &off);
		rcf_refused(_metadata, nl, m, cases[i].eno, off, cases[i].what);
	}
	/* SET revalidates: the installed route stays as it was. */
	m = route_msg(nl, RCF_CMD_ROUTE_SET, 0, 1, 0, cases[2].hops, cases[2].n,
		      &off);
	rcf_refused(_metadata, nl, m, ENOENT, off, "route SET through no link");
	m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, 0, 2, r01, sizeof(r01), &off);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS, "route to itself");
	m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, 1, 0, r01, sizeof(r01), &off);
	rcf_refused(_metadata, nl, m, EEXIST, RCF_NO_OFFS, "route index taken");
}

TEST_F(ref, malformed)
{
	uint8_t long_hops[RCF_ROUTE_MAX_HOPS + 1] = {0};
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	uint8_t one = 0;
	size_t off;

	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	off = rcf_put_bytes(m, RCF_A_NODE_ID, &one, 1);
	rcf_refused(_metadata, nl, m, EINVAL, off, "node id of one byte");
	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 0);
	off = rcf_put_u32(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	rcf_refused(_metadata, nl, m, EINVAL, off, "link state of four bytes");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	off = rcf_put_str(m, RCF_A_NODE_IFNAME, "a-name-longer-than-ifnamsiz");
	rcf_refused(_metadata, nl, m, EINVAL, off, "interface name too long");
	m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, 1, 2, long_hops,
		      sizeof(long_hops), &off);
	rcf_refused(_metadata, nl, m, ERANGE, off, "route of 65 bytes");
	m = route_msg(nl, RCF_CMD_ROUTE_NEW, 0, 1, 2, long_hops, 0, &off);
	rcf_refused(_metadata, nl, m, ERANGE, off, "route of no byte");
	/* A link end that is not a nest. */
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	off = rcf_put_u32(m, RCF_A_LINK_END_A, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 7);
	rcf_refused(_metadata, nl, m, EINVAL, off, "link end that is no nest");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 7);
	rcf_nest_start(m, RCF_A_LINK_END_B);
	off = rcf_put_u8(m, RCF_END_KIND, 3);
	rcf_put_u32(m, RCF_END_ID, 1);
	rcf_put_u32(m, RCF_END_PORT, 3);
	rcf_nest_end(m);
	rcf_refused(_metadata, nl, m, ERANGE, off, "link end of kind 3");
}

/* A missing attribute is refused with a message and named by type. */
static void missing(struct __test_metadata *_metadata, struct rcf_nl *nl,
		    struct rcf_msg *m, uint16_t type, const char *what)
{
	char *before = rcf_snapshot(nl);
	struct rcf_nl_err e;
	char *after;
	int r;

	r = rcf_xfer(nl, m, NULL, &e);
	after = rcf_snapshot(nl);
	EXPECT_EQ(-EINVAL, r) TH_LOG("%s: got %s", what, strerror(-r));
	EXPECT_NE(0, strlen(e.msg))
	TH_LOG("%s: refused without an extack message", what);
	EXPECT_EQ(type, e.miss_type)
	TH_LOG("%s: missing attribute not named", what);
	ASSERT_NE(NULL, before);
	ASSERT_NE(NULL, after);
	EXPECT_STREQ(before, after);
	TH_LOG("%s: %s (miss type %u)", what, e.msg, e.miss_type);
	free(before);
	free(after);
}

TEST_F(ref, missing_attributes)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;

	missing(_metadata, nl, rcf_msg_new(nl, RCF_CMD_NODE_DEL, 0),
		RCF_A_NODE_ID, "node DEL without id");
	missing(_metadata, nl, rcf_msg_new(nl, RCF_CMD_NODE_GET, 0),
		RCF_A_NODE_ID, "node GET without id");
	missing(_metadata, nl, rcf_msg_new(nl, RCF_CMD_SWITCH_DEL, 0),
		RCF_A_SWITCH_ID, "switch DEL without id");
	missing(_metadata, nl, rcf_msg_new(nl, RCF_CMD_LINK_SET, 0),
		RCF_A_LINK_ID, "link SET without id");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 7);
	missing(_metadata, nl, m, RCF_A_LINK_END_B, "link without end B");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	rcf_nest_start(m, RCF_A_LINK_END_A);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
	rcf_put_u32(m, RCF_END_ID, 0);
	rcf_nest_end(m);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 1, 3);
	missing(_metadata, nl, m, RCF_END_PORT, "link end without port");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 6);
	missing(_metadata, nl, m, RCF_A_CIRCUIT_OUT_PORT,
		"circuit without output");
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 1);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 0);
	missing(_metadata, nl, m, RCF_A_ROUTE_HOPS, "route without hops");
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_DEL, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	missing(_metadata, nl, m, RCF_A_ROUTE_DST, "route DEL without dst");
	missing(_metadata, nl, rcf_msg_new(nl, RCF_CMD_BATCH, 0), RCF_A_BATCH,
		"batch without ops");
}

TEST_F(ref, unknown_attributes)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;

	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 8);
	off = rcf_put_u32(m, RCF_A_MAX + 1, 0);
	rcf_refused(_metadata, nl, m, EINVAL, off,
		    "attribute beyond RCF_A_MAX");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 8);
	off = rcf_put_u32(m, RCF_A_SWITCH_PORTS, 8);
	rcf_refused(_metadata, nl, m, EINVAL, off,
		    "switch attribute in a node request");
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 8);
	off = rcf_put_u32(m, RCF_A_NODE_IFINDEX, 1);
	rcf_refused(_metadata, nl, m, EINVAL, off, "read-only node ifindex");
	m = rcf_msg_new(nl, RCF_CMD_LINK_NEW, 0);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0, 7);
	rcf_nest_start(m, RCF_A_LINK_END_B);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
	rcf_put_u32(m, RCF_END_ID, 1);
	rcf_put_u32(m, RCF_END_PORT, 3);
	off = rcf_put_u32(m, RCF_END_MAX + 1, 0);
	rcf_nest_end(m);
	rcf_refused(_metadata, nl, m, EINVAL, off,
		    "unknown attribute in a nest");
}

TEST_F(ref, in_use)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;

	m = key1(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 0, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "DEL of a linked node");
	m = key1(nl, RCF_CMD_SWITCH_DEL, RCF_A_SWITCH_ID, 1, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "DEL of a busy switch");
	m = key1(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 2, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "DEL of a link under a route");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_DEL, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "DEL of a circuit under a route");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_SET, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 3);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "rewiring a circuit under a route");
	m = key1(nl, RCF_CMD_LINK_SET, RCF_A_LINK_ID, 2, NULL);
	rcf_put_u32(m, RCF_A_LINK_VCS, 1);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "taking a VC from under a route");
}

/*
 * Batch requests: operations go into RCF_A_BATCH nests, a new one opened
 * before a nest would outgrow its 16-bit length.
 */
static struct rcf_msg *batch_new(struct rcf_nl *nl)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);

	rcf_nest_start(m, RCF_A_BATCH);
	return m;
}

static void batch_op(struct rcf_msg *m, uint8_t cmd)
{
	if (m->len - m->nest[0] > 60000) {
		rcf_nest_end(m);
		rcf_nest_start(m, RCF_A_BATCH);
	}
	rcf_nest_start(m, RCF_A_BATCH_OP);
	rcf_put_u8(m, RCF_A_OP_CMD, cmd);
}

static void batch_end(struct rcf_msg *m)
{
	rcf_nest_end(m);
}

/* A batch op on node id. */
static void batch_node(struct rcf_msg *m, uint8_t cmd, uint32_t id)
{
	batch_op(m, cmd);
	rcf_put_u32(m, RCF_A_NODE_ID, id);
	rcf_nest_end(m);
}

TEST_F_TIMEOUT(ref, oversized_batch, 120)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m = batch_new(nl);

	for (uint32_t i = 0; i <= RCF_BATCH_MAX_OPS; i++)
		batch_node(m, RCF_CMD_NODE_NEW, 100 + i);
	batch_end(m);
	rcf_refused(_metadata, nl, m, E2BIG, RCF_NO_OFFS, "batch of 4097 ops");
	EXPECT_EQ(0, if_nametoindex("rcf100"));
}

TEST_F(ref, batch_last_op_fails)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m = batch_new(nl);
	char *before = rcf_snapshot(nl), *after;
	struct rcf_nl_err e;
	int r;

	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_node(m, RCF_CMD_NODE_NEW, 11);
	/* Deleting a node the batch itself created. */
	batch_node(m, RCF_CMD_NODE_DEL, 11);
	batch_op(m, RCF_CMD_LINK_NEW);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 10, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 7);
	rcf_nest_end(m);
	batch_op(m, RCF_CMD_LINK_SET);
	rcf_put_u32(m, RCF_A_LINK_ID, 0);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	rcf_nest_end(m);
	batch_node(m, RCF_CMD_NODE_NEW, 10); /* already made by op 0 */
	batch_end(m);

	r = rcf_xfer(nl, m, NULL, &e);
	after = rcf_snapshot(nl);
	EXPECT_EQ(-EEXIST, r) TH_LOG("got %s: %s", strerror(-r), e.msg);
	EXPECT_NE(0, strlen(e.msg));
	ASSERT_TRUE(e.has_cookie) TH_LOG("no failing op index in the cookie");
	EXPECT_EQ(5, e.cookie);
	ASSERT_NE(NULL, before);
	ASSERT_NE(NULL, after);
	EXPECT_STREQ(before, after);
	EXPECT_EQ(0, if_nametoindex("rcf10"));
	EXPECT_EQ(0, if_nametoindex("rcf11"));
	free(before);
	free(after);
}

/* The fabric's engine mode as FABRIC_GET reports it. */
static uint8_t engine_mode(struct __test_metadata *_metadata, struct rcf_nl *nl)
{
	struct rcf_reply rep = {0};
	uint8_t exact;

	RCF_OK(rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, 0), &rep, err));
	EXPECT_EQ(1, rep.n);
	exact = rep.n ? rcf_u8(&rep.v[0], RCF_A_FABRIC_ENGINE_EXACT) : 2;
	rcf_reply_free(&rep);
	return exact;
}

static struct rcf_msg *engine_set(struct rcf_nl *nl, uint8_t exact)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);

	rcf_put_u8(m, RCF_A_FABRIC_ENGINE_EXACT, exact);
	return m;
}

/*
 * The engine's mode is part of the request's transaction: a refused
 * batch leaves it as it was, one that commits sets it.
 */
TEST_F(ref, engine_mode_in_transaction)
{
	struct rcf_nl *nl = &self->nl;
	uint8_t m0 = engine_mode(_metadata, nl);
	struct rcf_msg *m;

	ASSERT_LE(m0, 1) TH_LOG("engine mode %u", m0);
	m = batch_new(nl);
	batch_op(m, RCF_CMD_FABRIC_SET);
	rcf_put_u8(m, RCF_A_FABRIC_ENGINE_EXACT, !m0);
	rcf_nest_end(m);
	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_end(m);
	rcf_refused(_metadata, nl, m, EEXIST, RCF_NO_OFFS,
		    "batch setting the engine mode, then failing");
	EXPECT_EQ(m0, engine_mode(_metadata, nl));

	m = batch_new(nl);
	batch_op(m, RCF_CMD_FABRIC_SET);
	rcf_put_u8(m, RCF_A_FABRIC_ENGINE_EXACT, !m0);
	rcf_nest_end(m);
	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	EXPECT_EQ(!m0, engine_mode(_metadata, nl));
	EXPECT_NE(0, if_nametoindex("rcf10"));
	RCF_OK(rcf_xfer(nl, engine_set(nl, !m0), NULL, err));
	EXPECT_EQ(!m0, engine_mode(_metadata, nl));
	RCF_OK(rcf_xfer(nl, engine_set(nl, m0), NULL, err));
	EXPECT_EQ(m0, engine_mode(_metadata, nl));
}

TEST_F(ref, batch_applies_in_order)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m = batch_new(nl);
	struct rcf_reply rep = {0};

	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_op(m, RCF_CMD_LINK_NEW);
	rcf_put_u32(m, RCF_A_LINK_ID, 7);
	end_nest(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, 10, 0);
	end_nest(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0, 7);
	rcf_nest_end(m);
	batch_op(m, RCF_CMD_ROUTE_NEW);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 10);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 1);
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, 0);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, r01, sizeof(r01));
	rcf_nest_end(m);
	batch_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));

	ASSERT_EQ(0, req_key_cmd(nl, RCF_CMD_ROUTE_GET, RCF_A_ROUTE_SRC, 10,
				 RCF_A_ROUTE_DST, 1, RCF_A_ROUTE_INDEX, 0, &rep,
				 NULL));
	EXPECT_EQ(1, rep.n);
	rcf_reply_free(&rep);
	EXPECT_NE(0, if_nametoindex("rcf10"));
}

/* An op that is not a change command is refused and named. */
TEST_F(ref, batch_bad_op)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m = batch_new(nl);

	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_node(m, RCF_CMD_NODE_GET, 0);
	batch_end(m);
	rcf_refused(_metadata, nl, m, EOPNOTSUPP, RCF_NO_OFFS,
		    "GET inside a batch");
	m = batch_new(nl);
	batch_node(m, RCF_CMD_NODE_NEW, 10);
	batch_op(m, RCF_CMD_NODE_NEW);
	rcf_put_u32(m, RCF_A_NODE_PORTS, 99);
	rcf_nest_end(m);
	batch_end(m);
	rcf_refused(_metadata, nl, m, ERANGE, RCF_NO_OFFS,
		    "batch op failing its policy");
}

/*
 * A command that is only ever an event has no policy, so genetlink hands
 * its doit a two-slot attribute table.  It once reached the change path,
 * whose error report read that table at RCF_A_OP_CMD: a use after free on
 * the debug kernel (rcf_fuzz, seed 860788794075).  It must be refused
 * before anything looks at the attributes, and say so.
 */
TEST_F(ref, notification_only_command)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_nl_err e;
	int r;

	rcf_refused(_metadata, nl, rcf_msg_new(nl, RCF_CMD_NODE_THRESHOLD, 0),
		    EOPNOTSUPP, RCF_NO_OFFS, "NODE_THRESHOLD as a request");
	r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_NODE_THRESHOLD, 0), NULL, &e);
	EXPECT_EQ(-EOPNOTSUPP, r);
	EXPECT_STREQ("not a request rcf serves", e.msg);
	/*
	 * events have numbers of their own, none of them a request: the
	 * first run of them, and those of commands added after it
	 */
	static const int ntf[][2] = {
		{RCF_CMD_FABRIC_NEW_NTF, RCF_CMD_PATH_REQUEST_NTF},
		{RCF_CMD_REL_SET_NTF, RCF_CMD_REL_DEL_NTF},
		{RCF_CMD_CAPTURE_PKT, RCF_CMD_CAPTURE_PKT},
	};
	for (unsigned int k = 0; k < sizeof(ntf) / sizeof(ntf[0]); k++)
		for (int c = ntf[k][0]; c <= ntf[k][1]; c++) {
			r = rcf_xfer(nl, rcf_msg_new(nl, (uint8_t)c, 0), NULL,
				     &e);
			EXPECT_EQ(-EOPNOTSUPP, r) TH_LOG("notification %d", c);
		}
	EXPECT_EQ(RCF_CMD_CAPTURE_PKT, RCF_CMD_MAX)
	TH_LOG("a command after CAPTURE_PKT: is it an event?");
}

/* A node's port count is fixed: a set naming another is refused. */
TEST_F(ref, node_set_ports)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t off;

	RCF_OK(req_node_add(nl, 4, 2, err));
	m = rcf_msg_new(nl, RCF_CMD_NODE_SET, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 4);
	off = rcf_put_u32(m, RCF_A_NODE_PORTS, 3);
	rcf_refused(_metadata, nl, m, EINVAL, off, "NODE_SET with other ports");
	/* the same count is no change, and no error */
	m = rcf_msg_new(nl, RCF_CMD_NODE_SET, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 4);
	rcf_put_u32(m, RCF_A_NODE_PORTS, 2);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
}

TEST_HARNESS_MAIN
