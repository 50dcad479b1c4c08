// SPDX-License-Identifier: GPL-2.0
/*
 * Epochs from userspace: the mode and drain bound every change request
 * may carry, the RCF_A_EPOCH record EPOCH_GET and the epoch event hold,
 * and the threshold event (Documentation/epoch.rst).
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "out/json.h"
#include "nl/nl.h"

static const char *const mode_names[] = {
	[RCF_EPOCH_AUTO] = "auto",
	[RCF_EPOCH_DRAIN] = "drain",
	[RCF_EPOCH_FREEZE] = "freeze",
};

int rcf_epoch_mode_parse(const char *word, uint8_t *mode)
{
	for (unsigned int i = 0; i < sizeof(mode_names) / sizeof(*mode_names);
	     i++) {
		if (!strcmp(word, mode_names[i])) {
			*mode = (uint8_t)i;
			return 0;
		}
	}
	return -1;
}

const char *rcf_epoch_mode_name(unsigned int mode)
{
	if (mode < sizeof(mode_names) / sizeof(*mode_names))
		return mode_names[mode];
	return "unknown";
}

/*
 * A request that changes the fabric is an epoch, unless it only reads or
 * removes the whole fabric (nothing is left to drain into).
 */
static int is_change(uint8_t cmd)
{
	enum rcf_kind kind;
	enum rcf_verb verb;

	if (cmd == RCF_CMD_BATCH)
		return 1;
	if (cmd == RCF_CMD_FABRIC_DEL)
		return 0;
	return !rcf_cmd_split(cmd, &kind, &verb) && verb != RCF_V_GET;
}

int rcf_nl_put_epoch(const struct rcf_nl *nl, struct nl_msg *msg, uint8_t cmd)
{
	const struct rcf_epoch_req *r = &nl->epoch;

	if (!is_change(cmd))
		return 0;
	if (r->has_mode && nla_put_u8(msg, RCF_A_EPOCH_MODE, r->mode))
		return -1;
	if (r->timeout_ms &&
	    nla_put_u32(msg, RCF_A_EPOCH_TIMEOUT_MS, r->timeout_ms))
		return -1;
	return 0;
}

static uint64_t get_uint(const struct nlattr *nla)
{
	uint64_t v = 0;

	switch (nla_len(nla)) {
	case 1:
		return nla_get_u8((struct nlattr *)nla);
	case 4:
		return nla_get_u32((struct nlattr *)nla);
	case 8:
		memcpy(&v, nla_data(nla), 8);
		return v;
	}
	return 0;
}

int rcf_epoch_parse_nest(struct nlattr *nest, struct rcf_epoch_info *e)
{
	struct nlattr *tb[RCF_EPOCH_MAX + 1];
	uint64_t *const u64s[RCF_EPOCH_MAX + 1] = {
		[RCF_EPOCH_NUMBER] = &e->number,
		[RCF_EPOCH_SUSPEND_NS] = &e->suspend_ns,
		[RCF_EPOCH_DRAIN_NS] = &e->drain_ns,
		[RCF_EPOCH_APPLY_NS] = &e->apply_ns,
		[RCF_EPOCH_RESUME_NS] = &e->resume_ns,
		[RCF_EPOCH_INFLIGHT] = &e->inflight,
		[RCF_EPOCH_DRAIN_CYCLES] = &e->drain_cycles,
		[RCF_EPOCH_HELD] = &e->held,
		[RCF_EPOCH_APPLIED] = &e->applied,
		[RCF_EPOCH_ROLLED_BACK] = &e->rolled_back,
	};

	memset(e, 0, sizeof(*e));
	if (nla_parse_nested(tb, RCF_EPOCH_MAX, nest, NULL))
		return -1;
	for (int i = RCF_EPOCH_NUMBER; i <= RCF_EPOCH_MAX; i++) {
		if (!tb[i])
			continue;
		e->has |= 1ULL << i;
		if (u64s[i])
			*u64s[i] = get_uint(tb[i]);
		else if (i == RCF_EPOCH_MODE)
			e->mode = (uint8_t)get_uint(tb[i]);
		else if (i == RCF_EPOCH_ERROR)
			e->error = (uint32_t)get_uint(tb[i]);
	}
	return 0;
}

int rcf_thresh_parse(struct nlattr *head, int len, struct rcf_thresh_info *t)
{
	struct nlattr *tb[RCF_A_MAX + 1];

	memset(t, 0, sizeof(*t));
	if (nla_parse(tb, RCF_A_MAX, head, len, NULL) || !tb[RCF_A_NODE_ID])
		return -1;
	t->node = (uint32_t)get_uint(tb[RCF_A_NODE_ID]);
	if (tb[RCF_A_THRESH_SENT])
		t->sent = get_uint(tb[RCF_A_THRESH_SENT]);
	if (tb[RCF_A_THRESH_RECEIVED])
		t->received = get_uint(tb[RCF_A_THRESH_RECEIVED]);
	return 0;
}

struct got {
	struct rcf_epoch_info *e;
	int have;
};

static int on_reply(struct nl_msg *msg, void *arg)
{
	struct got *g = arg;
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));
	struct nlattr *tb[RCF_A_MAX + 1];

	if (gh->cmd != RCF_CMD_EPOCH_GET ||
	    nla_parse(tb, RCF_A_MAX, genlmsg_attrdata(gh, 0),
		      genlmsg_attrlen(gh, 0), NULL) ||
	    !tb[RCF_A_EPOCH] || rcf_epoch_parse_nest(tb[RCF_A_EPOCH], g->e))
		return 0;
	g->have = 1;
	return 0;
}

int rcf_nl_epoch_get(struct rcf_nl *nl, struct rcf_epoch_info *e)
{
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_EPOCH_GET, 0, 0);
	struct got g = {.e = e};
	int rc;

	memset(e, 0, sizeof(*e));
	if (!msg) {
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	rc = rcf_nl_transact_raw(nl, msg, on_reply, &g);
	if (!rc && !g.have)
		return -ENOENT;
	return rc;
}

/* nanoseconds as microseconds with three decimals */
static void us(FILE *f, const char *name, uint64_t ns)
{
	fprintf(f, " %s %" PRIu64 ".%03" PRIu64, name, ns / 1000, ns % 1000);
}

void rcf_epoch_print(FILE *f, const struct rcf_epoch_info *e)
{
	fprintf(f, "epoch %" PRIu64 " mode %s", e->number,
		rcf_epoch_mode_name(e->mode));
	if (e->error)
		fprintf(f, " rolled back: %s", strerror((int)e->error));
	else
		fputs(" applied", f);
	fputs("\n    us:", f);
	us(f, "suspend", e->suspend_ns);
	us(f, "drain", e->drain_ns);
	us(f, "apply", e->apply_ns);
	us(f, "resume", e->resume_ns);
	us(f, "total",
	   e->suspend_ns + e->drain_ns + e->apply_ns + e->resume_ns);
	fprintf(f,
		"\n    inflight %" PRIu64 " bytes drain-cycles %" PRIu64
		" held %" PRIu64 " messages\n",
		e->inflight, e->drain_cycles, e->held);
	fprintf(f, "    totals: applied %" PRIu64 " rolled-back %" PRIu64 "\n",
		e->applied, e->rolled_back);
}

void rcf_epoch_json(struct rcf_json *j, const struct rcf_epoch_info *e)
{
	rcf_json_u64(j, "number", e->number);
	rcf_json_str(j, "mode", rcf_epoch_mode_name(e->mode));
	rcf_json_u64(j, "error", e->error);
	rcf_json_bool(j, "applied", !e->error);
	rcf_json_u64(j, "suspend-ns", e->suspend_ns);
	rcf_json_u64(j, "drain-ns", e->drain_ns);
	rcf_json_u64(j, "apply-ns", e->apply_ns);
	rcf_json_u64(j, "resume-ns", e->resume_ns);
	rcf_json_u64(j, "inflight-bytes", e->inflight);
	rcf_json_u64(j, "drain-cycles", e->drain_cycles);
	rcf_json_u64(j, "held", e->held);
	rcf_json_u64(j, "total-applied", e->applied);
	rcf_json_u64(j, "total-rolled-back", e->rolled_back);
}

int rcf_nl_epoch_error(const struct rcf_nl *nl, char *buf, size_t len)
{
	const struct rcf_nl_err *e = &nl->e;
	uint32_t ms = nl->epoch.timeout_ms ? nl->epoch.timeout_ms
					   : RCF_EPOCH_TIMEOUT_MS;

	if (e->err != ETIMEDOUT)
		return -1;
	if (e->msg[0])
		snprintf(buf, len,
			 "drain did not finish within %" PRIu32
			 " ms; nothing changed (%s)",
			 ms, e->msg);
	else
		snprintf(buf, len,
			 "drain did not finish within %" PRIu32
			 " ms; nothing changed",
			 ms);
	return 0;
}

/* The object notifications come in enum rcf_kind order: NEW, DEL, SET. */
_Static_assert(RCF_CMD_PATH_SET_NTF - RCF_CMD_FABRIC_NEW_NTF + 1 ==
		       3 * RCF_K_NR,
	       "an object kind without its three notifications");

uint8_t rcf_ntf_request(uint8_t ntf)
{
	unsigned int i = (unsigned int)(ntf - RCF_CMD_FABRIC_NEW_NTF);

	if (ntf >= RCF_CMD_FABRIC_NEW_NTF && ntf <= RCF_CMD_PATH_SET_NTF)
		return rcf_cmd((enum rcf_kind)(i / 3),
			       (enum rcf_verb)(RCF_V_NEW + i % 3));
	switch (ntf) {
	case RCF_CMD_TRAFFIC_DONE_NTF:
		return RCF_CMD_TRAFFIC_GET;
	case RCF_CMD_EPOCH_NTF:
		return RCF_CMD_EPOCH_GET;
	case RCF_CMD_PATH_REQUEST_NTF:
		return RCF_CMD_PATH_REQUEST;
	case RCF_CMD_REL_SET_NTF:
		return RCF_CMD_REL_SET;
	case RCF_CMD_REL_DEL_NTF:
		return RCF_CMD_REL_DEL;
	case RCF_CMD_NODE_THRESHOLD:
	case RCF_CMD_PATH_RETURNED:
		return ntf;
	}
	return 0;
}

int rcf_nl_event_decode(const struct nlmsghdr *nlh, int family,
			struct rcf_nl_event *ev)
{
	struct genlmsghdr *gh = nlmsg_data(nlh);
	struct nlattr *head, *tb[RCF_A_MAX + 1];
	enum rcf_kind kind;
	enum rcf_verb verb;
	int len;

	memset(ev, 0, sizeof(*ev));
	if (nlh->nlmsg_type != family ||
	    nlh->nlmsg_len < NLMSG_HDRLEN + GENL_HDRLEN)
		return RCF_EV_OTHER;
	/* a reply that reached the events socket is no event */
	ev->cmd = rcf_ntf_request(gh->cmd);
	if (!ev->cmd)
		return RCF_EV_OTHER;
	head = genlmsg_attrdata(gh, 0);
	len = genlmsg_attrlen(gh, 0);
	if (!rcf_cmd_split(ev->cmd, &kind, &verb)) {
		if (!rcf_nl_parse_obj(head, len, kind, &ev->o))
			ev->type = RCF_EV_OBJECT;
		return ev->type;
	}
	if (ev->cmd == RCF_CMD_NODE_THRESHOLD) {
		if (!rcf_thresh_parse(head, len, &ev->th))
			ev->type = RCF_EV_THRESH;
		return ev->type;
	}
	if (ev->cmd == RCF_CMD_PATH_REQUEST) {
		if (!rcf_path_req_parse(head, len, &ev->preq))
			ev->type = RCF_EV_PATH_REQUEST;
		return ev->type;
	}
	/* the path as it is now, returned: an object without the verb */
	if (ev->cmd == RCF_CMD_PATH_RETURNED) {
		if (!rcf_nl_parse_obj(head, len, RCF_K_PATH, &ev->o) &&
		    rcf_has(&ev->o, RCF_A_PATH_ID))
			ev->type = RCF_EV_PATH_RETURNED;
		return ev->type;
	}
	if (nla_parse(tb, RCF_A_MAX, head, len, NULL))
		return RCF_EV_OTHER;
	/* the switch alone: its entries are REL_GET's to ask for */
	if (ev->cmd == RCF_CMD_REL_SET || ev->cmd == RCF_CMD_REL_DEL) {
		if (tb[RCF_A_REL_SWITCH] &&
		    nla_len(tb[RCF_A_REL_SWITCH]) >= (int)sizeof(uint32_t)) {
			ev->rel_sw = nla_get_u32(tb[RCF_A_REL_SWITCH]);
			ev->type = RCF_EV_RELATION;
		}
		return ev->type;
	}
	if (ev->cmd == RCF_CMD_EPOCH_GET && tb[RCF_A_EPOCH] &&
	    !rcf_epoch_parse_nest(tb[RCF_A_EPOCH], &ev->epoch))
		ev->type = RCF_EV_EPOCH;
	else if (ev->cmd == RCF_CMD_TRAFFIC_GET && tb[RCF_A_TRAFFIC] &&
		 !rcf_traffic_parse_nest(tb[RCF_A_TRAFFIC], &ev->traffic))
		ev->type = RCF_EV_TRAFFIC;
	return ev->type;
}
