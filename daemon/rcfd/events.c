// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's "events" multicast group, read without blocking from the
 * event loop.  Every event is counted by object kind and verb and logged
 * at debug level; a link whose state changes is logged at info level,
 * since that is what routing policies will react to.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/msg.h>
#include <netlink/socket.h>

#include "out/fmt.h"
#include "rcfd.h"

static const char *const verb_names[] = {"get", "add", "del", "set"};

static void link_event(struct rcfd_events *ev, enum rcf_verb verb,
		       const struct rcf_obj *o)
{
	uint32_t id;
	uint8_t was, now;

	if (!rcf_has(o, RCF_A_LINK_ID) || o->v[RCF_A_LINK_ID] >= RCF_MAX_LINKS)
		return;
	id = (uint32_t)o->v[RCF_A_LINK_ID];
	if (verb == RCF_V_DEL) {
		ev->link_state[id] = 0;
		ev->link_changes++;
		return;
	}
	if (verb == RCF_V_NEW)
		ev->link_changes++;
	if (!rcf_has(o, RCF_A_LINK_STATE))
		return;
	was = ev->link_state[id];
	now = (uint8_t)(1 + !!o->v[RCF_A_LINK_STATE]);
	ev->link_state[id] = now;
	/* a new link is not a state change; a set that keeps it is not */
	if (verb != RCF_V_SET || was == now)
		return;
	ev->link_state_changes++;
	ev->link_changes++;
	rcfd_log(RCFD_INFO, "link %u is %s%s", id, now == 2 ? "up" : "down",
		 was ? "" : " (state before unknown)");
}

/* An object event: counted by kind and verb, link states kept. */
static void object_event(struct rcfd_events *ev, const struct rcf_nl_event *e)
{
	enum rcf_kind kind;
	enum rcf_verb verb;
	char key[96];

	rcf_cmd_split(e->cmd, &kind, &verb);
	ev->by_type[kind][verb]++;
	if (rcfd_log_level() >= RCFD_DEBUG) {
		rcf_obj_key(&e->o, key, sizeof(key));
		rcfd_log(RCFD_DEBUG, "event: %s %s", verb_names[verb], key);
	}
	if (kind == RCF_K_LINK)
		link_event(ev, verb, &e->o);
}

/* each policy takes the events it acts on */
static void to_policies(struct rcfd_events *ev, const struct rcf_nl_event *e)
{
	if (!ev->d)
		return;
	for (size_t i = 0; i < rcfd_npolicies; i++)
		if (rcfd_policies[i].event)
			rcfd_policies[i].event(ev->d, e);
}

/*
 * Every event comes through the library's reader and decoder
 * (rcf_nl_event_read, lib/nl/nl_epoch.c), as rcfctl monitor's do; an
 * event rcfd acts on that it cannot read is logged, anything else only at
 * debug level.
 */
static int on_event(struct nl_msg *msg, void *arg)
{
	struct rcfd_events *ev = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	enum rcf_kind kind;
	enum rcf_verb verb;
	struct rcf_nl_event e;

	switch (rcf_nl_event_decode(nlh, ev->nl.family, &e)) {
	case RCF_EV_OBJECT:
		ev->total++;
		object_event(ev, &e);
		to_policies(ev, &e);
		break;
	case RCF_EV_THRESH:
		ev->total++;
		ev->thresholds++;
		to_policies(ev, &e);
		break;
	case RCF_EV_EPOCH:
		ev->total++;
		ev->epochs++;
		to_policies(ev, &e);
		break;
	case RCF_EV_PATH_REQUEST:
		ev->total++;
		ev->path_requests++;
		to_policies(ev, &e);
		break;
	case RCF_EV_PATH_RETURNED:
		ev->total++;
		ev->path_returns++;
		to_policies(ev, &e);
		break;
	case RCF_EV_TRAFFIC:
		rcfd_log(RCFD_DEBUG, "ignored a traffic run's end");
		break;
	case RCF_EV_RELATION:
		rcfd_log(RCFD_DEBUG, "ignored switch %u's relation event",
			 e.rel_sw);
		break;
	default:
		if (nlh->nlmsg_type == ev->nl.family &&
		    (!rcf_cmd_split(e.cmd, &kind, &verb) ||
		     e.cmd == RCF_CMD_NODE_THRESHOLD ||
		     e.cmd == RCF_CMD_EPOCH_GET ||
		     e.cmd == RCF_CMD_PATH_REQUEST ||
		     e.cmd == RCF_CMD_PATH_RETURNED)) {
			ev->total++;
			rcfd_log(RCFD_WARN,
				 "event %u with attributes I cannot parse",
				 e.cmd);
		} else {
			rcfd_log(RCFD_DEBUG, "ignored a message of type %u",
				 nlh->nlmsg_type);
		}
	}
	return 0;
}

/* the link states the fabric has now, so the first change is known */
static int seed_link(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct rcfd_events *ev = arg;

	(void)cmd;
	if (rcf_has(o, RCF_A_LINK_ID) && rcf_has(o, RCF_A_LINK_STATE) &&
	    o->v[RCF_A_LINK_ID] < RCF_MAX_LINKS)
		ev->link_state[o->v[RCF_A_LINK_ID]] =
			(uint8_t)(1 + !!o->v[RCF_A_LINK_STATE]);
	return 0;
}

int rcfd_events_open(struct rcfd_events *ev, char *err, size_t errlen)
{
	struct rcf_nl seed;
	int rc;

	memset(ev, 0, sizeof(*ev));
	ev->fd = -1;
	ev->link_state = calloc(RCF_MAX_LINKS, 1);
	if (!ev->link_state) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (rcf_nl_open(&ev->nl, err, errlen))
		return -1;
	if (rcf_nl_join_events(&ev->nl, err, errlen))
		return -1;
	nl_socket_set_nonblocking(ev->nl.sk);
	/* room for the bursts a route install makes; overruns still resync */
	nl_socket_set_buffer_size(ev->nl.sk, 4 << 20, 0);
	ev->fd = rcf_nl_fd(&ev->nl);
	/* joined first, then read: a change in between is seen as an event */
	if (!rcf_nl_open(&seed, err, errlen)) {
		rc = rcf_nl_dump(&seed, RCF_K_LINK, NULL, seed_link, ev);
		if (rc)
			rcfd_log(RCFD_WARN, "reading the links' states: %s",
				 strerror(-rc));
		rcf_nl_close(&seed);
	}
	return 0;
}

void rcfd_events_read(struct rcfd_events *ev)
{
	/* one datagram per call: poll says when there is more */
	int rc = rcf_nl_event_read(&ev->nl, 0, on_event, ev);

	if (rc >= 0 || rc == -EAGAIN)
		return;
	if (rc == -ENOBUFS) {
		/* the socket overran: the kernel dropped events */
		ev->lost++;
		ev->resyncs++;
		if (ev->d)
			rcfd_paths_lost_events(ev->d);
		rcfd_log(RCFD_WARN,
			 "kernel events lost (%s); counts are low "
			 "from here",
			 strerror(-rc));
		return;
	}
	rcfd_log(RCFD_ERR, "reading kernel events: %s", strerror(-rc));
}

void rcfd_events_close(struct rcfd_events *ev)
{
	rcf_nl_close(&ev->nl);
	free(ev->link_state);
	ev->link_state = NULL;
	ev->fd = -1;
}
