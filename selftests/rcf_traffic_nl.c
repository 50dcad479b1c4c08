// SPDX-License-Identifier: GPL-2.0
/*
 * TRAFFIC_START's replay lists and size table over raw netlink: each
 * refusal (unknown node, weight 0, a node to itself, a second arc for a
 * pair, too many entries, a missing member, a trace out of cycle order,
 * a list with the wrong pattern) has its errno, an extended ack message
 * and the attribute at fault; a good graph and trace start, and
 * TRAFFIC_GET tells their entries, arrival and warm-up back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "rcf_test.h"

FIXTURE(tnl)
{
	struct rcf_nl nl;
};

FIXTURE_SETUP(tnl)
{
	ASSERT_EQ(0, rcf_nl_open(&self->nl, NULL, 0))
	TH_LOG("rcf family not found: is rcf.ko loaded?");
	req_fabric_del(&self->nl);
	/* nodes 0, 1 and 2 */
	RCF_OK(req_small_fabric(&self->nl, err));
}

FIXTURE_TEARDOWN(tnl)
{
	struct rcf_msg *m = rcf_msg_new(&self->nl, RCF_CMD_TRAFFIC_STOP, 0);

	rcf_xfer(&self->nl, m, NULL, NULL);
	req_fabric_del(&self->nl);
	rcf_nl_close(&self->nl);
}

static size_t put_u64(struct rcf_msg *m, uint16_t type, uint64_t v)
{
	return rcf_put_bytes(m, type, &v, sizeof(v));
}

/* TRAFFIC_START with RCF_A_TRAFFIC open and the pattern in it */
static struct rcf_msg *start(struct rcf_nl *nl, uint8_t pattern)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_START, 0);

	rcf_nest_start(m, RCF_A_TRAFFIC);
	rcf_put_u8(m, RCF_TRAFFIC_PATTERN, pattern);
	return m;
}

/* start() with the list nest list open; its offset in *off */
static struct rcf_msg *start_in(struct rcf_nl *nl, uint8_t pattern,
				uint16_t list, size_t *off)
{
	struct rcf_msg *m = start(nl, pattern);
	size_t o = rcf_nest_start(m, list);

	if (off)
		*off = o;
	return m;
}

/* one arc; offsets of the entry and its members in off[0..3] */
static void arc(struct rcf_msg *m, uint16_t idx, uint32_t src, uint32_t dst,
		uint32_t w, size_t *off)
{
	size_t o[4];

	o[0] = rcf_nest_start(m, idx);
	o[1] = rcf_put_u32(m, RCF_TRAFFIC_ARC_SRC, src);
	o[2] = rcf_put_u32(m, RCF_TRAFFIC_ARC_DST, dst);
	o[3] = w ? rcf_put_u32(m, RCF_TRAFFIC_ARC_WEIGHT, w - 1) : 0;
	rcf_nest_end(m);
	if (off)
		memcpy(off, o, sizeof(o));
}

static void msg(struct rcf_msg *m, uint16_t idx, uint64_t cycle, uint32_t src,
		uint32_t dst, uint32_t bytes, size_t *cycle_off)
{
	size_t o;

	rcf_nest_start(m, idx);
	o = put_u64(m, RCF_TRAFFIC_MSG_CYCLE, cycle);
	rcf_put_u32(m, RCF_TRAFFIC_MSG_SRC, src);
	rcf_put_u32(m, RCF_TRAFFIC_MSG_DST, dst);
	rcf_put_u32(m, RCF_TRAFFIC_MSG_BYTES, bytes);
	rcf_nest_end(m);
	if (cycle_off)
		*cycle_off = o;
}

/* closes the open nests, sends, expects refusal eno blaming bad */
static void refused(struct __test_metadata *_metadata, struct rcf_nl *nl,
		    struct rcf_msg *m, int eno, size_t bad, const char *what)
{
	struct rcf_nl_err e = {0};
	int r;

	while (m->depth)
		rcf_nest_end(m);
	r = rcf_xfer(nl, m, NULL, &e);
	rcf_expect_refusal(_metadata, r, &e, eno, bad, what);
}

/* arc weights are given plus one, so that 0 leaves the weight out */
TEST_F(tnl, arcs_refused)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t o[4], list;
	int i;

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 0, 1, 1, o);
	refused(_metadata, nl, m, ERANGE, o[3], "weight 0");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 0, 1, 4, NULL);
	arc(m, 2, 7, 1, 4, o);
	refused(_metadata, nl, m, ENOENT, o[1], "source not a node");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 0, 9, 4, o);
	refused(_metadata, nl, m, ENOENT, o[2], "destination not a node");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 2, 2, 4, o);
	refused(_metadata, nl, m, EINVAL, o[0], "a node to itself");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 0, 2, 4, NULL);
	arc(m, 2, 1, 2, 4, NULL);
	arc(m, 3, 0, 2, 9, o);
	refused(_metadata, nl, m, EINVAL, o[0], "a second arc for a pair");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, NULL);
	arc(m, 1, 0, 2, 0, o);
	refused(_metadata, nl, m, EINVAL, o[0], "an arc without a weight");

	m = start_in(nl, RCF_TRAFFIC_NIG, RCF_TRAFFIC_ARCS, &list);
	for (i = 0; i <= RCF_TRAFFIC_MAX_ARCS; i++)
		arc(m, (uint16_t)(i + 1), i % 3, (i + 1) % 3, 2, NULL);
	refused(_metadata, nl, m, E2BIG, list, "too many arcs");

	m = start(nl, RCF_TRAFFIC_NIG);
	refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS, "nig without arcs");

	m = start_in(nl, RCF_TRAFFIC_UNIFORM, RCF_TRAFFIC_ARCS, &list);
	arc(m, 1, 0, 2, 4, NULL);
	refused(_metadata, nl, m, EINVAL, list, "arcs with uniform");
}

TEST_F(tnl, msgs_and_sizes_refused)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t o, e;

	m = start_in(nl, RCF_TRAFFIC_TRACE, RCF_TRAFFIC_MSGS, NULL);
	msg(m, 1, 50, 0, 1, 10, NULL);
	msg(m, 2, 40, 1, 0, 10, &o);
	refused(_metadata, nl, m, EINVAL, o, "trace out of cycle order");

	m = start_in(nl, RCF_TRAFFIC_TRACE, RCF_TRAFFIC_MSGS, NULL);
	msg(m, 1, 50, 0, 1, 0, NULL);
	refused(_metadata, nl, m, ERANGE, RCF_NO_OFFS, "a message of 0 bytes");

	m = start_in(nl, RCF_TRAFFIC_TRACE, RCF_TRAFFIC_MSGS, NULL);
	e = rcf_nest_start(m, 1);
	put_u64(m, RCF_TRAFFIC_MSG_CYCLE, 3);
	rcf_put_u32(m, RCF_TRAFFIC_MSG_SRC, 0);
	rcf_put_u32(m, RCF_TRAFFIC_MSG_BYTES, 8);
	rcf_nest_end(m);
	refused(_metadata, nl, m, EINVAL, e, "a message without DST");

	m = start_in(nl, RCF_TRAFFIC_UNIFORM, RCF_TRAFFIC_SIZES, NULL);
	rcf_nest_start(m, 1);
	rcf_put_u32(m, RCF_TRAFFIC_SZ_BYTES, 100);
	o = rcf_put_u32(m, RCF_TRAFFIC_SZ_WEIGHT, 0);
	refused(_metadata, nl, m, ERANGE, o, "a size of weight 0");

	m = start(nl, RCF_TRAFFIC_UNIFORM);
	o = rcf_put_u32(m, RCF_TRAFFIC_SIZE_MIN, 10);
	e = rcf_nest_start(m, RCF_TRAFFIC_SIZES);
	rcf_nest_start(m, 1);
	rcf_put_u32(m, RCF_TRAFFIC_SZ_BYTES, 100);
	rcf_put_u32(m, RCF_TRAFFIC_SZ_WEIGHT, 1);
	refused(_metadata, nl, m, EINVAL, e, "a size table and SIZE_MIN");

	m = start(nl, RCF_TRAFFIC_UNIFORM);
	o = rcf_put_u8(m, RCF_TRAFFIC_ARRIVAL, 2);
	refused(_metadata, nl, m, ERANGE, o, "arrival 2");
}

/* the RCF_A_TRAFFIC of a TRAFFIC_GET */
static int get(struct rcf_nl *nl, struct rcf_reply *rep, struct rcf_answer *t)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_GET, 0);
	int r = rcf_xfer(nl, m, rep, NULL);

	if (r || rep->n != 1)
		return r ? r : -EPROTO;
	*t = rcf_nested(&rep->v[0], RCF_A_TRAFFIC);
	return 0;
}

TEST_F(tnl, replay_accepted)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;
	struct rcf_answer t, z;

	m = start(nl, RCF_TRAFFIC_NIG);
	rcf_put_u8(m, RCF_TRAFFIC_ARRIVAL, RCF_TRAFFIC_PERIODIC);
	put_u64(m, RCF_TRAFFIC_WARMUP, 500);
	put_u64(m, RCF_TRAFFIC_CYCLES, 2000);
	rcf_nest_start(m, RCF_TRAFFIC_SIZES);
	rcf_nest_start(m, 1);
	rcf_put_u32(m, RCF_TRAFFIC_SZ_BYTES, 100);
	rcf_put_u32(m, RCF_TRAFFIC_SZ_WEIGHT, 3);
	rcf_nest_end(m);
	rcf_nest_end(m);
	rcf_nest_start(m, RCF_TRAFFIC_ARCS);
	arc(m, 1, 0, 2, 4, NULL);
	arc(m, 2, 0, 1, 9, NULL);
	rcf_nest_end(m);
	rcf_nest_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	ASSERT_EQ(0, get(nl, &rep, &t));
	EXPECT_EQ(RCF_TRAFFIC_NIG, rcf_u8(&t, RCF_TRAFFIC_PATTERN));
	EXPECT_EQ(2, rcf_u32(&t, RCF_TRAFFIC_ENTRIES));
	EXPECT_EQ(RCF_TRAFFIC_PERIODIC, rcf_u8(&t, RCF_TRAFFIC_ARRIVAL));
	EXPECT_EQ(500, rcf_u64(&t, RCF_TRAFFIC_WARMUP));
	z = rcf_nested(&t, RCF_TRAFFIC_SIZES);
	EXPECT_NE(0, z.len);
	rcf_reply_free(&rep);
	m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_STOP, 0);
	rcf_xfer(nl, m, NULL, NULL);

	/*
	 * a trace, after the graph's run has drained: EBUSY until then, for
	 * as long as a loaded machine takes (1500 x 20 ms at most)
	 */
	for (int i = 0; i < 1500; i++) {
		m = start(nl, RCF_TRAFFIC_TRACE);
		rcf_nest_start(m, RCF_TRAFFIC_MSGS);
		msg(m, 1, 5, 0, 1, 300, NULL);
		msg(m, 2, 5, 0, 2, 20, NULL);
		msg(m, 3, 90, 0, 1, 1, NULL);
		while (m->depth)
			rcf_nest_end(m);
		if (rcf_xfer(nl, m, NULL, NULL) != -EBUSY)
			break;
		usleep(20000);
	}
	ASSERT_EQ(0, get(nl, &rep, &t));
	EXPECT_EQ(RCF_TRAFFIC_TRACE, rcf_u8(&t, RCF_TRAFFIC_PATTERN));
	EXPECT_EQ(3, rcf_u32(&t, RCF_TRAFFIC_ENTRIES));
	rcf_reply_free(&rep);
}

TEST_HARNESS_MAIN
