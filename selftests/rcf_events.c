// SPDX-License-Identifier: GPL-2.0
/*
 * The events multicast group: every committed change is announced once,
 * as the NEW/DEL/SET command of the object with its attributes, in order;
 * refused requests announce nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>

#include "rcf_test.h"

FIXTURE(ev)
{
	struct rcf_nl nl;
	struct rcf_nl listener;
};

FIXTURE_SETUP(ev)
{
	ASSERT_EQ(0, rcf_nl_open(&self->nl, NULL, 0))
	TH_LOG("rcf family not found: is rcf.ko loaded?");
	req_fabric_del(&self->nl);
	ASSERT_EQ(0, rcf_nl_open(&self->listener, NULL, 0));
	ASSERT_NE(0, self->listener.events_grp)
	TH_LOG("no \"" RCF_MCGRP_EVENTS "\" multicast group");
	ASSERT_EQ(0, rcf_nl_join_events(&self->listener, NULL, 0));
}

FIXTURE_TEARDOWN(ev)
{
	req_fabric_del(&self->nl);
	rcf_nl_close(&self->listener);
	rcf_nl_close(&self->nl);
}

/* The next object event: every change is also an epoch, announced apart. */
static int recv_object_event(struct rcf_nl *l, struct rcf_answer *ev, int ms)
{
	int r;

	while (!(r = rcf_recv_event(l, ev, ms)) && ev->cmd == RCF_CMD_EPOCH_NTF)
		free(ev->attrs);
	return r;
}

/* The next event must be cmd about the object whose key attr is id. */
static void next_event(struct __test_metadata *_metadata, struct rcf_nl *l,
		       uint8_t cmd, uint16_t attr, uint32_t id,
		       struct rcf_answer *out)
{
	struct rcf_answer ev = {0};
	/* sent before the reply; the bound only matters on a failure */
	int r = recv_object_event(l, &ev, 30000);

	ASSERT_EQ(0, r) TH_LOG("waiting for command %u: %s", cmd, strerror(-r));
	EXPECT_EQ(cmd, ev.cmd);
	EXPECT_EQ(id, rcf_u32(&ev, attr));
	if (out)
		*out = ev;
	else
		free(ev.attrs);
}

static void no_event(struct __test_metadata *_metadata, struct rcf_nl *l)
{
	struct rcf_answer ev = {0};
	int r = recv_object_event(l, &ev, 300);

	EXPECT_EQ(-ETIMEDOUT, r) TH_LOG("unexpected event, command %u", ev.cmd);
	if (!r)
		free(ev.attrs);
}

TEST_F(ev, object_lifecycle)
{
	struct rcf_nl *nl = &self->nl, *l = &self->listener;
	struct rcf_answer ev;
	struct rcf_msg *m;

	RCF_OK(req_node_add(nl, 5, 1, err));
	next_event(_metadata, l, RCF_CMD_NODE_NEW_NTF, RCF_A_NODE_ID, 5, &ev);
	EXPECT_EQ(1, rcf_u32(&ev, RCF_A_NODE_PORTS));
	EXPECT_STREQ("rcf5", rcf_str(&ev, RCF_A_NODE_IFNAME));
	free(ev.attrs);
	RCF_OK(req_switch_add(nl, 0, 8, err));
	next_event(_metadata, l, RCF_CMD_SWITCH_NEW_NTF, RCF_A_SWITCH_ID, 0,
		   NULL);
	RCF_OK(req_link_add(nl, 3, RCF_ELEM_NODE, 5, 0, RCF_ELEM_SWITCH, 0, 2,
			    err));
	next_event(_metadata, l, RCF_CMD_LINK_NEW_NTF, RCF_A_LINK_ID, 3, &ev);
	EXPECT_EQ(RCF_LINK_UP, rcf_u8(&ev, RCF_A_LINK_STATE));
	free(ev.attrs);

	/* Refused: nothing is announced. */
	EXPECT_EQ(-EEXIST, req_node_add(nl, 5, 1, NULL));
	no_event(_metadata, l);

	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 3);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	next_event(_metadata, l, RCF_CMD_LINK_SET_NTF, RCF_A_LINK_ID, 3, &ev);
	EXPECT_EQ(RCF_LINK_DOWN, rcf_u8(&ev, RCF_A_LINK_STATE));
	free(ev.attrs);

	RCF_OK(req_key_cmd(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 3, 0, 0, 0, 0,
			   NULL, err));
	next_event(_metadata, l, RCF_CMD_LINK_DEL_NTF, RCF_A_LINK_ID, 3, NULL);
	RCF_OK(req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 5, 0, 0, 0, 0,
			   NULL, err));
	next_event(_metadata, l, RCF_CMD_NODE_DEL_NTF, RCF_A_NODE_ID, 5, NULL);
	no_event(_metadata, l);
}

static void batch_node(struct rcf_msg *m, uint32_t id)
{
	rcf_nest_start(m, RCF_A_BATCH_OP);
	rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_NODE_NEW);
	rcf_put_u32(m, RCF_A_NODE_ID, id);
	rcf_nest_end(m);
}

TEST_F(ev, batch_announces_each_op_after_commit)
{
	struct rcf_nl *nl = &self->nl, *l = &self->listener;
	struct rcf_msg *m;

	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	batch_node(m, 6);
	batch_node(m, 7);
	rcf_nest_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	next_event(_metadata, l, RCF_CMD_NODE_NEW_NTF, RCF_A_NODE_ID, 6, NULL);
	next_event(_metadata, l, RCF_CMD_NODE_NEW_NTF, RCF_A_NODE_ID, 7, NULL);
	no_event(_metadata, l);

	/* A refused batch announces none of its ops. */
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	batch_node(m, 8);
	batch_node(m, 6);
	rcf_nest_end(m);
	EXPECT_EQ(-EEXIST, rcf_xfer(nl, m, NULL, NULL));
	no_event(_metadata, l);
}

TEST_HARNESS_MAIN
