// SPDX-License-Identifier: GPL-2.0
/*
 * Relation events as rcf.ko sends them (REL_SET_NTF, REL_DEL_NTF with
 * the switch only): decoded as relation events of the request they
 * report, and refused without a switch or from another family.
 */
#include <stdio.h>
#include <stdlib.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "tap.h"
#include "nl/nl.h"

#define FAMILY 0x20

static struct nl_msg *rel_msg(uint8_t cmd, int with_switch, uint32_t sw)
{
	struct nl_msg *msg = rcf_nl_new_msg(FAMILY, cmd, 0, 0);

	if (with_switch)
		nla_put_u32(msg, RCF_A_REL_SWITCH, sw);
	return msg;
}

int main(void)
{
	struct rcf_nl_event *ev = malloc(sizeof(*ev));
	struct nl_msg *msg;
	int ok;

	tap_plan(6);
	tap_ok(rcf_ntf_request(RCF_CMD_REL_SET_NTF) == RCF_CMD_REL_SET &&
		       rcf_ntf_request(RCF_CMD_REL_DEL_NTF) == RCF_CMD_REL_DEL,
	       "the notifications report REL_SET and REL_DEL");

	msg = rel_msg(RCF_CMD_REL_SET_NTF, 1, 70000);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
		     RCF_EV_RELATION &&
	     ev->cmd == RCF_CMD_REL_SET && ev->rel_sw == 70000;
	tap_ok(ok, "set event: switch 70000, cmd REL_SET");
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY + 1, ev) ==
			       RCF_EV_OTHER &&
		       ev->rel_sw == 0,
	       "another family's message is no relation event");
	nlmsg_free(msg);

	msg = rel_msg(RCF_CMD_REL_DEL_NTF, 1, 3);
	ok = rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) ==
		     RCF_EV_RELATION &&
	     ev->cmd == RCF_CMD_REL_DEL && ev->rel_sw == 3;
	tap_ok(ok, "del event: switch 3, cmd REL_DEL");
	nlmsg_free(msg);

	msg = rel_msg(RCF_CMD_REL_DEL_NTF, 0, 0);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "a relation event without its switch is refused");
	nlmsg_free(msg);

	/* a reply to REL_SET that reached the events socket */
	msg = rel_msg(RCF_CMD_REL_SET, 1, 3);
	tap_ok(rcf_nl_event_decode(nlmsg_hdr(msg), FAMILY, ev) == RCF_EV_OTHER,
	       "the request command itself is no event");
	nlmsg_free(msg);
	free(ev);
	return tap_done();
}
