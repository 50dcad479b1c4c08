// SPDX-License-Identifier: GPL-2.0
/*
 * Epochs without a kernel: the mode and drain bound ride on every change
 * (single request or batch) and on no read; events of every kind decode
 * from messages built as rcf.ko builds them; the fabric's msg-threshold
 * goes through the object table both ways.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "tap.h"
#include "nl/nl.h"
#include "obj/parse.h"

#define FAMILY 0x20

static struct nlattr *attrs(struct nl_msg *msg, int *len)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));

	*len = genlmsg_attrlen(gh, 0);
	return genlmsg_attrdata(gh, 0);
}

/* top-level epoch attributes of msg: mode (or -1) and timeout (or 0) */
static void top_epoch(struct nl_msg *msg, int *mode, long *timeout, int *inner)
{
	struct nlattr *a, *op, *x;
	int len, rem, r2, r3;

	*mode = -1;
	*timeout = 0;
	*inner = 0;
	nla_for_each_attr (a, attrs(msg, &len), len, rem) {
		if (nla_type(a) == RCF_A_EPOCH_MODE)
			*mode = nla_get_u8(a);
		else if (nla_type(a) == RCF_A_EPOCH_TIMEOUT_MS)
			*timeout = nla_get_u32(a);
		if (nla_type(a) != RCF_A_BATCH)
			continue;
		nla_for_each_nested (op, a, r2) {
			nla_for_each_nested (x, op, r3) {
				if (nla_type(x) == RCF_A_EPOCH_MODE ||
				    nla_type(x) == RCF_A_EPOCH_TIMEOUT_MS)
					++*inner;
			}
		}
	}
}

static void test_put(void)
{
	struct rcf_nl nl = {.family = FAMILY};
	struct rcf_op ops[2];
	struct nl_msg *msg;
	int mode, inner;
	long timeout;

	rcf_obj_init(&ops[0].o, RCF_K_LINK);
	ops[0].cmd = RCF_CMD_LINK_SET;
	rcf_set(&ops[0].o, RCF_A_LINK_ID, 3);
	rcf_set(&ops[0].o, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	ops[1] = ops[0];
	rcf_set(&ops[1].o, RCF_A_LINK_ID, 4);

	/* nothing asked: nothing sent, the kernel's defaults apply */
	msg = rcf_nl_batch_msg(FAMILY, ops, 2);
	tap_ok(msg && !rcf_nl_put_epoch(&nl, msg, RCF_CMD_BATCH),
	       "batch built, no epoch options");
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == -1 && timeout == 0, "unset options are not sent");
	nlmsg_free(msg);

	nl.epoch.has_mode = 1;
	nl.epoch.mode = RCF_EPOCH_DRAIN;
	nl.epoch.timeout_ms = 500;
	msg = rcf_nl_batch_msg(FAMILY, ops, 2);
	tap_ok(msg && !rcf_nl_put_epoch(&nl, msg, RCF_CMD_BATCH),
	       "batch built with epoch options");
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == RCF_EPOCH_DRAIN && timeout == 500,
	       "batch carries mode drain and timeout 500 at the top");
	tap_ok(inner == 0, "no operation inside the batch carries them");
	nlmsg_free(msg);

	/* auto is a mode like the others: sent when asked for */
	nl.epoch.mode = RCF_EPOCH_AUTO;
	nl.epoch.timeout_ms = 0;
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_LINK_SET, 0, 0);
	rcf_nl_put_obj(msg, &ops[0].o);
	tap_ok(!rcf_nl_put_epoch(&nl, msg, RCF_CMD_LINK_SET),
	       "single change built");
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == RCF_EPOCH_AUTO && timeout == 0,
	       "a single SET carries mode auto, no timeout");
	nlmsg_free(msg);

	nl.epoch.mode = RCF_EPOCH_FREEZE;
	nl.epoch.timeout_ms = 60000;
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_ROUTE_GET, NLM_F_DUMP, 0);
	rcf_nl_put_epoch(&nl, msg, RCF_CMD_ROUTE_GET);
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == -1 && timeout == 0, "a GET carries no epoch options");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_LINK_DEL, 0, 0);
	rcf_nl_put_epoch(&nl, msg, RCF_CMD_LINK_DEL);
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == RCF_EPOCH_FREEZE && timeout == 60000,
	       "a DEL carries mode freeze and timeout 60000");
	nlmsg_free(msg);

	/* the kernel takes none on FABRIC_DEL: the fabric goes away */
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_FABRIC_DEL, 0, 0);
	rcf_nl_put_epoch(&nl, msg, RCF_CMD_FABRIC_DEL);
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == -1 && timeout == 0, "FABRIC_DEL carries none");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_STATS_GET, 0, 0);
	rcf_nl_put_epoch(&nl, msg, RCF_CMD_STATS_GET);
	top_epoch(msg, &mode, &timeout, &inner);
	tap_ok(mode == -1, "STATS_GET carries no epoch options");
	nlmsg_free(msg);
}

static void test_modes(void)
{
	uint8_t m = 9;
	int ok = 1;

	for (unsigned int i = RCF_EPOCH_AUTO; i <= RCF_EPOCH_FREEZE; i++)
		ok &= !rcf_epoch_mode_parse(rcf_epoch_mode_name(i), &m) &&
		      m == i;
	tap_ok(ok, "mode names round-trip");
	tap_ok(rcf_epoch_mode_parse("Drain", &m) &&
		       rcf_epoch_mode_parse("", &m) &&
		       !strcmp(rcf_epoch_mode_name(7), "unknown"),
	       "bad mode words refused, unknown value named");
}

/* an epoch event as the kernel builds it */
static struct nl_msg *epoch_msg(int family, uint32_t error)
{
	struct nl_msg *msg = rcf_nl_new_msg(family, RCF_CMD_EPOCH_NTF, 0, 0);
	struct nlattr *nest = nla_nest_start(msg, RCF_A_EPOCH);

	nla_put_u64(msg, RCF_EPOCH_NUMBER, 42);
	nla_put_u8(msg, RCF_EPOCH_MODE, RCF_EPOCH_DRAIN);
	nla_put_u32(msg, RCF_EPOCH_ERROR, error);
	nla_put_u64(msg, RCF_EPOCH_SUSPEND_NS, 1500);
	nla_put_u64(msg, RCF_EPOCH_DRAIN_NS, 12345678);
	nla_put_u64(msg, RCF_EPOCH_APPLY_NS, 250000);
	nla_put_u64(msg, RCF_EPOCH_RESUME_NS, 999);
	nla_put_u64(msg, RCF_EPOCH_INFLIGHT, 4096);
	nla_put_u64(msg, RCF_EPOCH_DRAIN_CYCLES, 777);
	nla_put_u64(msg, RCF_EPOCH_HELD, 12);
	nla_put_u64(msg, RCF_EPOCH_APPLIED, 40);
	nla_put_u64(msg, RCF_EPOCH_ROLLED_BACK, 2);
	nla_nest_end(msg, nest);
	return msg;
}

static void test_decode(void)
{
	struct rcf_nl_event *ev = malloc(sizeof(*ev));
	struct nl_msg *msg = epoch_msg(FAMILY, 0);
	struct rcf_epoch_info *e = &ev->epoch;
	struct nlattr *nest;
	char *out = NULL;
	size_t outlen = 0;
	FILE *f;

	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_EPOCH,
	       "epoch event decodes as an epoch");
	tap_ok(e->number == 42 && e->mode == RCF_EPOCH_DRAIN && !e->error &&
		       e->suspend_ns == 1500 && e->drain_ns == 12345678 &&
		       e->apply_ns == 250000 && e->resume_ns == 999 &&
		       e->inflight == 4096 && e->drain_cycles == 777 &&
		       e->held == 12 && e->applied == 40 && e->rolled_back == 2,
	       "every field of the epoch record read back");
	tap_ok(e->has & (1ULL << RCF_EPOCH_ERROR),
	       "a zero error still counts as present");
	f = open_memstream(&out, &outlen);
	rcf_epoch_print(f, e);
	fclose(f);
	tap_ok(strstr(out, "epoch 42 mode drain applied") &&
		       strstr(out, "drain 12345.678") &&
		       strstr(out, "suspend 1.500") &&
		       strstr(out, "total 12598.177") &&
		       strstr(out, "applied 40 rolled-back 2"),
	       "epoch show text: phases in microseconds, totals");
	free(out);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY + 1, ev) ==
		       RCF_EV_OTHER,
	       "another family's message is not ours");
	nlmsg_free(msg);

	msg = epoch_msg(FAMILY, ETIMEDOUT);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
			       RCF_EV_EPOCH &&
		       e->error == ETIMEDOUT,
	       "rolled-back epoch carries its errno");
	nlmsg_free(msg);

	/* an EPOCH_NTF without the nest is not an epoch */
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_EPOCH_NTF, 0, 0);
	nla_put_u64(msg, RCF_A_FABRIC_EPOCH, 3);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "EPOCH_NTF without RCF_A_EPOCH is not decoded");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_NODE_THRESHOLD, 0, 0);
	nla_put_u32(msg, RCF_A_NODE_ID, 15);
	nla_put_u64(msg, RCF_A_THRESH_SENT, 10);
	nla_put_u64(msg, RCF_A_THRESH_RECEIVED, 5);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
			       RCF_EV_THRESH &&
		       ev->th.node == 15 && ev->th.sent == 10 &&
		       ev->th.received == 5,
	       "threshold event: node 15 sent 10 received 5");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_NODE_THRESHOLD, 0, 0);
	nla_put_u64(msg, RCF_A_THRESH_SENT, 10);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "threshold event without a node is refused");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_TRAFFIC_DONE_NTF, 0, 0);
	nest = nla_nest_start(msg, RCF_A_TRAFFIC);
	nla_put_u8(msg, RCF_TRAFFIC_PATTERN, RCF_TRAFFIC_UNIFORM);
	nla_put_flag(msg, RCF_TRAFFIC_DONE);
	nla_put_flag(msg, RCF_TRAFFIC_COMPLETE);
	nla_put_u32(msg, RCF_TRAFFIC_NODES, 16);
	nla_put_u64(msg, RCF_TRAFFIC_MSGS_OFFERED, 900);
	nla_put_u64(msg, RCF_TRAFFIC_MSGS_DELIVERED, 900);
	nla_nest_end(msg, nest);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
			       RCF_EV_TRAFFIC &&
		       ev->traffic.done && ev->traffic.complete &&
		       ev->traffic.nodes == 16 &&
		       ev->traffic.msgs_delivered == 900,
	       "traffic-done event decodes with its results");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_LINK_SET_NTF, 0, 0);
	nla_put_u32(msg, RCF_A_LINK_ID, 7);
	nla_put_u8(msg, RCF_A_LINK_STATE, RCF_LINK_UP);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
			       RCF_EV_OBJECT &&
		       ev->cmd == RCF_CMD_LINK_SET &&
		       ev->o.kind == RCF_K_LINK && ev->o.v[RCF_A_LINK_ID] == 7,
	       "object events still decode as objects");
	nlmsg_free(msg);

	/* replies share the events socket with nothing: never an event */
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_LINK_SET, 0, 0);
	nla_put_u32(msg, RCF_A_LINK_ID, 7);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "a request's own command is no event");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_STATS_GET, 0, 0);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "other commands are passed over");
	nlmsg_free(msg);
	free(ev);
}

static void test_errors(void)
{
	struct rcf_nl nl = {.family = FAMILY};
	char buf[512];

	nl.e.err = ETIMEDOUT;
	tap_ok(!rcf_nl_epoch_error(&nl, buf, sizeof(buf)) &&
		       strstr(buf, "within 2000 ms; nothing changed"),
	       "ETIMEDOUT names the default drain bound");
	nl.epoch.timeout_ms = 250;
	snprintf(nl.e.msg, sizeof(nl.e.msg), "fabric did not drain");
	tap_ok(!rcf_nl_epoch_error(&nl, buf, sizeof(buf)) &&
		       strstr(buf, "within 250 ms; nothing changed") &&
		       strstr(buf, "fabric did not drain"),
	       "ETIMEDOUT names the asked bound and the kernel's message");
	nl.e.err = EBUSY;
	tap_ok(rcf_nl_epoch_error(&nl, buf, sizeof(buf)) == -1,
	       "EBUSY is left to the kernel's extack");
}

static void test_threshold_attr(void)
{
	char *argv[] = {"fabric", "set", "msg-threshold", "5"};
	struct rcf_op op;
	struct rcf_obj back;
	struct nl_msg *msg;
	char err[256];
	int len;

	tap_ok(!rcf_parse_op(4, argv, 1, &op, err, sizeof(err)) &&
		       op.cmd == RCF_CMD_FABRIC_SET &&
		       rcf_has(&op.o, RCF_A_FABRIC_MSG_THRESHOLD) &&
		       op.o.v[RCF_A_FABRIC_MSG_THRESHOLD] == 5,
	       "fabric set msg-threshold 5 parses");
	msg = rcf_nl_new_msg(FAMILY, op.cmd, 0, 0);
	rcf_nl_put_obj(msg, &op.o);
	{
		struct nlattr *a = attrs(msg, &len);

		rcf_nl_parse_obj(a, len, RCF_K_FABRIC, &back);
	}
	tap_ok(rcf_has(&back, RCF_A_FABRIC_MSG_THRESHOLD) &&
		       back.v[RCF_A_FABRIC_MSG_THRESHOLD] == 5 &&
		       nla_find(attrs(msg, &len), len,
				RCF_A_FABRIC_MSG_THRESHOLD) &&
		       nla_len(nla_find(attrs(msg, &len), len,
					RCF_A_FABRIC_MSG_THRESHOLD)) == 4,
	       "msg-threshold goes out as a u32 and reads back");
	nlmsg_free(msg);
}

int main(void)
{
	tap_plan(31);
	test_put();
	test_modes();
	test_decode();
	test_errors();
	test_threshold_attr();
	return tap_done();
}
