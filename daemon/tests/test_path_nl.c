// SPDX-License-Identifier: GPL-2.0
/*
 * Paths over netlink without a kernel: the requests rcfctl and rcfd send
 * (PATH_NEW with its echo flag and epoch options, PATH_SET, PATH_DEL,
 * PATH_REQUEST raised and failed, the fabric's path-timeout) read back as
 * the kernel would read them, and the events the kernel sends (request,
 * failure, returned, path added, changed and removed) decoded from
 * messages built as rcf.ko builds them.
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

#define FAMILY 0x20

static struct nlattr *attrs(struct nl_msg *msg, int *len)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));

	*len = genlmsg_attrlen(gh, 0);
	return genlmsg_attrdata(gh, 0);
}

static uint8_t cmd_of(struct nl_msg *msg)
{
	return ((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg)))->cmd;
}

static void path_of(struct rcf_obj *o, int with_id)
{
	rcf_obj_init(o, RCF_K_PATH);
	if (with_id)
		rcf_set(o, RCF_A_PATH_ID, 41);
	rcf_set(o, RCF_A_PATH_MASTER, 2);
	rcf_set(o, RCF_A_PATH_DST, 9);
	o->hops[0] = RCF_HOP(1, 2);
	o->hops[1] = RCF_HOP(5, 0);
	o->hops[2] = RCF_HOP(0, 0);
	o->nhops = 3;
	rcf_mark(o, RCF_A_PATH_HOPS);
}

static void requests(void)
{
	struct rcf_nl nl = {.family = FAMILY};
	struct rcf_obj o, back;
	struct nlattr *head, *a;
	struct nl_msg *msg;
	int len, ok;

	path_of(&o, 0);
	msg = rcf_nl_path_new_msg(&nl, &o);
	head = attrs(msg, &len);
	ok = msg && cmd_of(msg) == RCF_CMD_PATH_NEW &&
	     (nlmsg_hdr(msg)->nlmsg_flags & NLM_F_ECHO) &&
	     !rcf_nl_parse_obj(head, len, RCF_K_PATH, &back) &&
	     rcf_obj_equal(&o, &back) && !nla_find(head, len, RCF_A_PATH_ID) &&
	     !nla_find(head, len, RCF_A_EPOCH_MODE);
	tap_ok(ok, "PATH_NEW without an id: echo asked, the path reads back, "
		   "no id, no epoch options");
	a = nla_find(head, len, RCF_A_PATH_HOPS);
	tap_ok(a && nla_len(a) == 3 &&
		       ((uint8_t *)nla_data(a))[0] == RCF_HOP(1, 2),
	       "the hops go as three route bytes, the VC in the first");
	nlmsg_free(msg);

	path_of(&o, 1);
	nl.epoch.has_mode = 1;
	nl.epoch.mode = RCF_EPOCH_FREEZE;
	msg = rcf_nl_path_new_msg(&nl, &o);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_EPOCH_MODE);
	ok = nla_find(head, len, RCF_A_PATH_ID) &&
	     nla_get_u32(nla_find(head, len, RCF_A_PATH_ID)) == 41 && a &&
	     nla_get_u8(a) == RCF_EPOCH_FREEZE;
	tap_ok(ok, "PATH_NEW with an id carries it, and the epoch mode asked");
	nlmsg_free(msg);

	/* set and del go through the object table like every change */
	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_ID, 41);
	rcf_set(&o, RCF_A_PATH_STATE, RCF_PATH_RECALL);
	rcf_set(&o, RCF_A_PATH_INFLIGHT, 5);
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_PATH_SET, 0, 0);
	ok = !rcf_nl_put_obj(msg, &o) &&
	     !rcf_nl_put_epoch(&nl, msg, RCF_CMD_PATH_SET);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_PATH_STATE);
	ok = ok && a && nla_len(a) == 1 && nla_get_u8(a) == RCF_PATH_RECALL &&
	     !nla_find(head, len, RCF_A_PATH_INFLIGHT) &&
	     nla_find(head, len, RCF_A_EPOCH_MODE);
	tap_ok(ok, "PATH_SET: state as a u8, read-only inflight left out, "
		   "an epoch like any change");
	nlmsg_free(msg);

	msg = rcf_nl_path_request_msg(FAMILY, 3, 4, 0);
	head = attrs(msg, &len);
	ok = cmd_of(msg) == RCF_CMD_PATH_REQUEST &&
	     nla_get_u32(nla_find(head, len, RCF_A_PATH_MASTER)) == 3 &&
	     nla_get_u32(nla_find(head, len, RCF_A_PATH_DST)) == 4 &&
	     !nla_find(head, len, RCF_A_PATH_ERROR);
	nlmsg_free(msg);
	msg = rcf_nl_path_request_msg(FAMILY, 3, 4, ETIMEDOUT);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_PATH_ERROR);
	ok = ok && a && nla_get_u32(a) == ETIMEDOUT &&
	     !nla_find(head, len, RCF_A_EPOCH_MODE);
	tap_ok(ok, "PATH_REQUEST raises without an error, fails with one; "
		   "no epoch options");
	nlmsg_free(msg);

	/* fabric set path-timeout, and fabric show's count */
	rcf_obj_init(&o, RCF_K_FABRIC);
	rcf_set(&o, RCF_A_FABRIC_PATH_TIMEOUT_MS, 5000);
	rcf_set(&o, RCF_A_FABRIC_PATHS, 7);
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_FABRIC_SET, 0, 0);
	rcf_nl_put_obj(msg, &o);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_FABRIC_PATH_TIMEOUT_MS);
	ok = a && nla_len(a) == 4 && nla_get_u32(a) == 5000 &&
	     !nla_find(head, len, RCF_A_FABRIC_PATHS);
	tap_ok(ok, "fabric set path-timeout: a u32; the path count is not "
		   "sent");
	nlmsg_free(msg);
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_FABRIC_GET, 0, 0);
	nla_put_u32(msg, RCF_A_FABRIC_PATHS, 7);
	nla_put_u32(msg, RCF_A_FABRIC_PATH_TIMEOUT_MS, 5000);
	head = attrs(msg, &len);
	ok = !rcf_nl_parse_obj(head, len, RCF_K_FABRIC, &back) &&
	     back.v[RCF_A_FABRIC_PATHS] == 7 &&
	     back.v[RCF_A_FABRIC_PATH_TIMEOUT_MS] == 5000;
	tap_ok(ok, "fabric reply: paths and path-timeout read");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_CIRCUIT_GET, 0, 0);
	nla_put_u32(msg, RCF_A_CIRCUIT_SWITCH, 1);
	nla_put_u32(msg, RCF_A_CIRCUIT_IN_PORT, 2);
	nla_put_u32(msg, RCF_A_CIRCUIT_OUT_PORT, 3);
	nla_put_u32(msg, RCF_A_CIRCUIT_PATH, 41);
	head = attrs(msg, &len);
	ok = !rcf_nl_parse_obj(head, len, RCF_K_CIRCUIT, &back) &&
	     rcf_has(&back, RCF_A_CIRCUIT_PATH) &&
	     back.v[RCF_A_CIRCUIT_PATH] == 41;
	tap_ok(ok, "circuit reply: the path that owns it");
	nlmsg_free(msg);
}

/* a path as rcf.ko fills one, every attribute */
static struct nl_msg *path_msg(uint8_t cmd, int with_id)
{
	struct nl_msg *msg = rcf_nl_new_msg(FAMILY, cmd, 0, 0);
	uint8_t hops[2] = {RCF_HOP(0, 0), RCF_HOP(6, 0)};

	if (with_id)
		nla_put_u32(msg, RCF_A_PATH_ID, 5);
	nla_put_u32(msg, RCF_A_PATH_MASTER, 0);
	nla_put_u32(msg, RCF_A_PATH_DST, 15);
	nla_put(msg, RCF_A_PATH_HOPS, 2, hops);
	nla_put_u8(msg, RCF_A_PATH_STATE, RCF_PATH_RETURNED);
	nla_put_u32(msg, RCF_A_PATH_CIRCUITS, 1);
	nla_put_u64(msg, RCF_A_PATH_MSGS, 70);
	nla_put_u64(msg, RCF_A_PATH_BYTES, 7000);
	nla_put_u32(msg, RCF_A_PATH_INFLIGHT, 0);
	nla_put_u64(msg, RCF_A_PATH_WAIT_NS, 123456);
	return msg;
}

static void events(void)
{
	struct rcf_nl_event *ev = malloc(sizeof(*ev));
	struct nl_msg *msg;
	const struct rcf_obj *o = &ev->o;
	int ok;

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_PATH_REQUEST_NTF, 0, 0);
	nla_put_u32(msg, RCF_A_PATH_MASTER, 3);
	nla_put_u32(msg, RCF_A_PATH_DST, 12);
	nla_put_u32(msg, RCF_A_PATH_WAITING, 4);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
		     RCF_EV_PATH_REQUEST &&
	     ev->preq.master == 3 && ev->preq.dst == 12 &&
	     ev->preq.waiting == 4 && !ev->preq.error;
	tap_ok(ok, "request event: master 3 dst 12 waiting 4, no error");
	nla_put_u32(msg, RCF_A_PATH_ERROR, ETIMEDOUT);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
		     RCF_EV_PATH_REQUEST &&
	     ev->preq.error == ETIMEDOUT && ev->preq.waiting == 4;
	tap_ok(ok, "failed request event carries its errno");
	nlmsg_free(msg);

	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_PATH_REQUEST_NTF, 0, 0);
	nla_put_u32(msg, RCF_A_PATH_MASTER, 3);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "a request event without dst is refused");
	nlmsg_free(msg);

	msg = path_msg(RCF_CMD_PATH_RETURNED, 1);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
		     RCF_EV_PATH_RETURNED &&
	     o->kind == RCF_K_PATH && o->v[RCF_A_PATH_ID] == 5 &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_RETURNED &&
	     o->v[RCF_A_PATH_MSGS] == 70 && o->v[RCF_A_PATH_BYTES] == 7000 &&
	     o->v[RCF_A_PATH_WAIT_NS] == 123456 && o->nhops == 2 &&
	     o->hops[1] == RCF_HOP(6, 0) && rcf_has(o, RCF_A_PATH_INFLIGHT);
	tap_ok(ok, "returned event: the whole path, counters included");
	nlmsg_free(msg);
	msg = path_msg(RCF_CMD_PATH_RETURNED, 0);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "a returned event without the id is refused");
	nlmsg_free(msg);

	ok = 1;
	for (uint8_t cmd = RCF_CMD_PATH_NEW; cmd <= RCF_CMD_PATH_SET; cmd++) {
		msg = path_msg(cmd - RCF_CMD_PATH_NEW + RCF_CMD_PATH_NEW_NTF,
			       1);
		ok &= rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
			      RCF_EV_OBJECT &&
		      ev->cmd == cmd && o->kind == RCF_K_PATH &&
		      o->v[RCF_A_PATH_ID] == 5;
		nlmsg_free(msg);
	}
	tap_ok(ok, "path add, del and set events are object events");

	/* a path that a link took down: a set event, state broken */
	msg = rcf_nl_new_msg(FAMILY, RCF_CMD_PATH_SET_NTF, 0, 0);
	nla_put_u32(msg, RCF_A_PATH_ID, 8);
	nla_put_u8(msg, RCF_A_PATH_STATE, RCF_PATH_BROKEN);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OBJECT &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_BROKEN;
	tap_ok(ok, "broken path event");
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY + 1, ev) ==
		       RCF_EV_OTHER,
	       "another family's path event is not ours");
	nlmsg_free(msg);
	free(ev);
}

/* an extack pointing into a path request is named by its keyword */
static void names(void)
{
	struct rcf_nl nl = {.family = FAMILY};
	struct rcf_obj o;
	struct nl_msg *msg;
	struct nlattr *head, *a;
	char buf[96];
	int len, ok;

	path_of(&o, 1);
	msg = rcf_nl_path_new_msg(&nl, &o);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_PATH_HOPS);
	rcf_nl_name_attr(msg, (uint32_t)((char *)a - (char *)nlmsg_hdr(msg)),
			 buf, sizeof(buf));
	ok = !strcmp(buf, "hops");
	a = nla_find(head, len, RCF_A_PATH_MASTER);
	rcf_nl_name_attr(msg, (uint32_t)((char *)a - (char *)nlmsg_hdr(msg)),
			 buf, sizeof(buf));
	ok = ok && !strcmp(buf, "master");
	nlmsg_free(msg);
	msg = rcf_nl_path_request_msg(FAMILY, 1, 2, EBUSY);
	head = attrs(msg, &len);
	a = nla_find(head, len, RCF_A_PATH_ERROR);
	rcf_nl_name_attr(msg, (uint32_t)((char *)a - (char *)nlmsg_hdr(msg)),
			 buf, sizeof(buf));
	ok = ok && !strcmp(buf, "error");
	tap_ok(ok, "extack offsets name hops, master and error");
	nlmsg_free(msg);
}

int main(void)
{
	tap_plan(8 + 8 + 1);
	requests();
	events();
	names();
	return tap_done();
}
