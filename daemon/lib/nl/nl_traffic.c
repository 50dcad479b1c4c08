// SPDX-License-Identifier: GPL-2.0
/*
 * TRAFFIC_START, _STOP, _GET and the completion event
 * (lib/traffic/traffic_req.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl.h"
#include "traffic/traffic_req.h"

static int nomem(struct rcf_nl *nl, struct nl_msg *msg)
{
	if (msg)
		nlmsg_free(msg);
	memset(&nl->e, 0, sizeof(nl->e));
	nl->e.err = ENOMEM;
	return -ENOMEM;
}

/* RCF_TRAFFIC_SIZES, _ARCS and _MSGS: indexed arrays of nests */
static int put_lists(struct nl_msg *msg, const struct rcf_traffic_req *r)
{
	struct nlattr *list, *e;
	uint32_t i;

	if (r->nsizes) {
		list = nla_nest_start(msg, RCF_TRAFFIC_SIZES);
		for (i = 0; list && i < r->nsizes; i++) {
			e = nla_nest_start(msg, i + 1);
			if (!e ||
			    nla_put_u32(msg, RCF_TRAFFIC_SZ_BYTES,
					r->sizes[i].bytes) ||
			    nla_put_u32(msg, RCF_TRAFFIC_SZ_WEIGHT,
					r->sizes[i].weight))
				return -1;
			if (nla_nest_end(msg, e) < 0)
				return -1;
		}
		/* past 64 KiB libnl cancels the list: refuse, not drop it */
		if (!list || nla_nest_end(msg, list) < 0)
			return -1;
	}
	if (r->pattern == RCF_TRAFFIC_NIG) {
		list = nla_nest_start(msg, RCF_TRAFFIC_ARCS);
		for (i = 0; list && i < r->narcs; i++) {
			e = nla_nest_start(msg, i + 1);
			if (!e ||
			    nla_put_u32(msg, RCF_TRAFFIC_ARC_SRC,
					r->arcs[i].src) ||
			    nla_put_u32(msg, RCF_TRAFFIC_ARC_DST,
					r->arcs[i].dst) ||
			    nla_put_u32(msg, RCF_TRAFFIC_ARC_WEIGHT,
					r->arcs[i].weight))
				return -1;
			if (nla_nest_end(msg, e) < 0)
				return -1;
		}
		if (!list || nla_nest_end(msg, list) < 0)
			return -1;
	}
	if (r->pattern == RCF_TRAFFIC_TRACE) {
		list = nla_nest_start(msg, RCF_TRAFFIC_MSGS);
		for (i = 0; list && i < r->nmsgs; i++) {
			e = nla_nest_start(msg, i + 1);
			if (!e ||
			    nla_put_u64(msg, RCF_TRAFFIC_MSG_CYCLE,
					r->msgs[i].cycle) ||
			    nla_put_u32(msg, RCF_TRAFFIC_MSG_SRC,
					r->msgs[i].src) ||
			    nla_put_u32(msg, RCF_TRAFFIC_MSG_DST,
					r->msgs[i].dst) ||
			    nla_put_u32(msg, RCF_TRAFFIC_MSG_BYTES,
					r->msgs[i].bytes))
				return -1;
			if (nla_nest_end(msg, e) < 0)
				return -1;
		}
		if (!list || nla_nest_end(msg, list) < 0)
			return -1;
	}
	return 0;
}

int rcf_nl_traffic_start(struct rcf_nl *nl, const struct rcf_traffic_req *r)
{
	/* room for the lists: a nest of 4 attributes is at most 40 bytes */
	size_t size = 4096 + 40 * ((size_t)r->nsizes + r->narcs + r->nmsgs);
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_TRAFFIC_START, 0, size);
	struct nlattr *nest;
	int sized = r->nsizes || r->pattern == RCF_TRAFFIC_TRACE;

	if (!msg)
		return nomem(nl, msg);
	nest = nla_nest_start(msg, RCF_A_TRAFFIC);
	if (!nest || nla_put_u8(msg, RCF_TRAFFIC_PATTERN, r->pattern) ||
	    nla_put_u32(msg, RCF_TRAFFIC_PARAM, r->param) ||
	    nla_put_u32(msg, RCF_TRAFFIC_RATE, r->rate) ||
	    (!sized && nla_put_u32(msg, RCF_TRAFFIC_SIZE_MIN, r->size_min)) ||
	    (!sized && nla_put_u32(msg, RCF_TRAFFIC_SIZE_MAX, r->size_max)) ||
	    nla_put_u8(msg, RCF_TRAFFIC_ARRIVAL, r->arrival) ||
	    (r->warmup && nla_put_u64(msg, RCF_TRAFFIC_WARMUP, r->warmup)) ||
	    (r->backlog && nla_put_u32(msg, RCF_TRAFFIC_BACKLOG, r->backlog)) ||
	    (r->self && nla_put_u8(msg, RCF_TRAFFIC_SELF, 1)) ||
	    put_lists(msg, r) || nla_put_u64(msg, RCF_TRAFFIC_SEED, r->seed) ||
	    (r->cycles && nla_put_u64(msg, RCF_TRAFFIC_CYCLES, r->cycles)) ||
	    (r->messages &&
	     nla_put_u64(msg, RCF_TRAFFIC_MESSAGES, r->messages)))
		return nomem(nl, msg);
	if (r->pattern == RCF_TRAFFIC_HOTSPOT &&
	    (nla_put_u32(msg, RCF_TRAFFIC_HOT_NODE, r->hot_node) ||
	     nla_put_u32(msg, RCF_TRAFFIC_HOT_PERMILLE, r->hot_permille)))
		return nomem(nl, msg);
	if (nla_nest_end(msg, nest) < 0)
		return nomem(nl, msg);
	return rcf_nl_transact_raw(nl, msg, NULL, NULL);
}

int rcf_nl_traffic_stop(struct rcf_nl *nl)
{
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_TRAFFIC_STOP, 0, 0);

	if (!msg)
		return nomem(nl, msg);
	return rcf_nl_transact_raw(nl, msg, NULL, NULL);
}

static uint64_t get(struct nlattr **tb, int type)
{
	uint64_t v = 0;

	if (!tb[type])
		return 0;
	switch (nla_len(tb[type])) {
	case 1:
		return nla_get_u8(tb[type]);
	case 4:
		return nla_get_u32(tb[type]);
	case 8:
		memcpy(&v, nla_data(tb[type]), 8);
		return v;
	}
	return 0;
}

int rcf_traffic_parse_nest(struct nlattr *nest, struct rcf_traffic_res *r)
{
	struct nlattr *tb[RCF_TRAFFIC_MAX + 1];
	struct rcf_traffic_req *s = &r->spec;

	memset(r, 0, sizeof(*r));
	if (nla_parse_nested(tb, RCF_TRAFFIC_MAX, nest, NULL))
		return -1;
	s->pattern = (uint8_t)get(tb, RCF_TRAFFIC_PATTERN);
	s->param = (uint32_t)get(tb, RCF_TRAFFIC_PARAM);
	s->rate = (uint32_t)get(tb, RCF_TRAFFIC_RATE);
	s->size_min = (uint32_t)get(tb, RCF_TRAFFIC_SIZE_MIN);
	s->size_max = (uint32_t)get(tb, RCF_TRAFFIC_SIZE_MAX);
	s->seed = get(tb, RCF_TRAFFIC_SEED);
	s->cycles = get(tb, RCF_TRAFFIC_CYCLES);
	s->messages = get(tb, RCF_TRAFFIC_MESSAGES);
	s->hot_node = (uint32_t)get(tb, RCF_TRAFFIC_HOT_NODE);
	s->hot_permille = (uint32_t)get(tb, RCF_TRAFFIC_HOT_PERMILLE);
	s->arrival = (uint8_t)get(tb, RCF_TRAFFIC_ARRIVAL);
	s->warmup = get(tb, RCF_TRAFFIC_WARMUP);
	s->backlog = (uint32_t)get(tb, RCF_TRAFFIC_BACKLOG);
	s->self = get(tb, RCF_TRAFFIC_SELF) != 0;
	s->entries = (uint32_t)get(tb, RCF_TRAFFIC_ENTRIES);
	if (tb[RCF_TRAFFIC_SIZES]) {
		struct nlattr *e, *a;
		int rem, rem2;

		nla_for_each_nested (e, tb[RCF_TRAFFIC_SIZES], rem) {
			struct rcf_traffic_size_ent *z = &s->sizes[s->nsizes];

			if (s->nsizes == RCF_TRAFFIC_MAX_SIZES)
				break;
			nla_for_each_nested (a, e, rem2) {
				if (nla_type(a) == RCF_TRAFFIC_SZ_BYTES)
					z->bytes = nla_get_u32(a);
				else if (nla_type(a) == RCF_TRAFFIC_SZ_WEIGHT)
					z->weight = nla_get_u32(a);
			}
			s->nsizes++;
		}
	}
	r->running = !!tb[RCF_TRAFFIC_RUNNING];
	r->done = !!tb[RCF_TRAFFIC_DONE];
	r->complete = !!tb[RCF_TRAFFIC_COMPLETE];
	r->error = (uint32_t)get(tb, RCF_TRAFFIC_ERROR);
	r->nodes = (uint32_t)get(tb, RCF_TRAFFIC_NODES);
	r->now = get(tb, RCF_TRAFFIC_NOW);
	r->window = get(tb, RCF_TRAFFIC_WINDOW);
	r->msgs_offered = get(tb, RCF_TRAFFIC_MSGS_OFFERED);
	r->msgs_sent = get(tb, RCF_TRAFFIC_MSGS_SENT);
	r->msgs_refused = get(tb, RCF_TRAFFIC_MSGS_REFUSED);
	r->msgs_skipped = get(tb, RCF_TRAFFIC_MSGS_SKIPPED);
	r->msgs_delivered = get(tb, RCF_TRAFFIC_MSGS_DELIVERED);
	r->msgs_corrupt = get(tb, RCF_TRAFFIC_MSGS_CORRUPT);
	r->bytes_offered = get(tb, RCF_TRAFFIC_BYTES_OFFERED);
	r->bytes_delivered = get(tb, RCF_TRAFFIC_BYTES_DELIVERED);
	r->offered_milli = get(tb, RCF_TRAFFIC_OFFERED_MILLI);
	r->accepted_milli = get(tb, RCF_TRAFFIC_ACCEPTED_MILLI);
	r->lat_count = get(tb, RCF_TRAFFIC_LAT_COUNT);
	r->lat_avg = get(tb, RCF_TRAFFIC_LAT_AVG);
	r->lat_min = get(tb, RCF_TRAFFIC_LAT_MIN);
	r->lat_p50 = get(tb, RCF_TRAFFIC_LAT_P50);
	r->lat_p99 = get(tb, RCF_TRAFFIC_LAT_P99);
	r->lat_max = get(tb, RCF_TRAFFIC_LAT_MAX);
	return 0;
}

struct got {
	struct rcf_traffic_res *r;
	int have;
	int family;
	uint8_t cmd; /* the reply's TRAFFIC_GET or the event's DONE_NTF */
};

/* a TRAFFIC_GET reply or TRAFFIC_DONE_NTF into g->r; others pass over */
static int take(struct nl_msg *msg, struct got *g)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gh = nlmsg_data(nlh);
	struct nlattr *top[RCF_A_MAX + 1];

	if ((g->family && nlh->nlmsg_type != g->family) || gh->cmd != g->cmd ||
	    nla_parse(top, RCF_A_MAX, genlmsg_attrdata(gh, 0),
		      genlmsg_attrlen(gh, 0), NULL) ||
	    !top[RCF_A_TRAFFIC] ||
	    rcf_traffic_parse_nest(top[RCF_A_TRAFFIC], g->r))
		return 0;
	g->have = 1;
	return 1;
}

static int on_reply(struct nl_msg *msg, void *arg)
{
	take(msg, arg);
	return 0;
}

int rcf_nl_traffic_get(struct rcf_nl *nl, struct rcf_traffic_res *r)
{
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_TRAFFIC_GET, 0, 0);
	struct got g = {.r = r, .cmd = RCF_CMD_TRAFFIC_GET};
	int rc;

	if (!msg)
		return nomem(nl, msg);
	rc = rcf_nl_transact_raw(nl, msg, on_reply, &g);
	if (!rc && !g.have) {
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = EPROTO;
		return -EPROTO;
	}
	return rc;
}

int rcf_nl_traffic_listen(struct rcf_nl *nl, char *err, size_t errlen)
{
	return rcf_nl_join_events(nl, err, errlen);
}

static int on_event(struct nl_msg *msg, void *arg)
{
	struct got *g = arg;

	/* only the report of a run that is done answers the wait */
	if (!g->have && take(msg, g) && !g->r->done)
		g->have = 0;
	return 0;
}

int rcf_nl_traffic_wait(struct rcf_nl *nl, struct rcf_traffic_res *r)
{
	struct got g = {
		.r = r, .family = nl->family, .cmd = RCF_CMD_TRAFFIC_DONE_NTF};

	while (!g.have) {
		int rc = rcf_nl_event_read(nl, -1, on_event, &g);

		/* an overrun may have lost ours: the caller asks again */
		if (rc < 0)
			return rc == -ENOBUFS ? rc : -EIO;
	}
	return 0;
}

static int run_fail(struct rcf_nl *nl, const char *what, char *err,
		    size_t errlen)
{
	char why[384];

	rcf_nl_error_str(&nl->e, why, sizeof(why));
	snprintf(err, errlen, "%s: %s", what, why);
	return -1;
}

int rcf_nl_traffic_run(struct rcf_nl *nl, const struct rcf_traffic_req *q,
		       struct rcf_traffic_res *r, char *err, size_t errlen)
{
	struct rcf_nl ev;
	char why[256];
	int rc = 0;

	if (rcf_nl_open(&ev, why, sizeof(why)) ||
	    rcf_nl_traffic_listen(&ev, why, sizeof(why))) {
		snprintf(err, errlen, "listening for the run's end: %s", why);
		rcf_nl_close(&ev);
		return -1;
	}
	if (q && rcf_nl_traffic_start(nl, q))
		rc = run_fail(nl, "start", err, errlen);
	while (!rc) {
		int w;

		if (rcf_nl_traffic_get(nl, r)) {
			rc = run_fail(nl, "reading the run", err, errlen);
			break;
		}
		if (!r->running)
			break;
		w = rcf_nl_traffic_wait(&ev, r);
		if (!w)
			break;
		/* an overrun may have lost the end: ask again */
		if (w != -ENOBUFS) {
			snprintf(err, errlen, "waiting for the run's end: %s",
				 strerror(-w));
			rc = -1;
		}
	}
	rcf_nl_close(&ev);
	return rc;
}
