// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for events with a deadline: a reader that must also ask the
 * kernel now and then (rcfctl path del's fallback poll) cannot block in
 * recv for ever.
 */
#include <stdlib.h>

#include <netlink/msg.h>

#include "nl/nl.h"

struct feed {
	struct rcf_nl *nl;
	rcf_nl_event_fn fn;
	void *arg;
};

static int on_msg(struct nl_msg *msg, void *arg)
{
	struct feed *f = arg;
	struct rcf_nl_event *ev = malloc(sizeof(*ev));

	/* struct rcf_nl_event holds whole objects: not on the stack twice */
	if (!ev)
		return 0;
	if (rcf_nl_event_decode(nlmsg_hdr(msg), f->nl->family, ev) !=
	    RCF_EV_OTHER)
		f->fn(ev, f->arg);
	free(ev);
	return 0;
}

int rcf_nl_event_poll(struct rcf_nl *nl, int timeout_ms, rcf_nl_event_fn fn,
		      void *arg)
{
	struct feed f = {.nl = nl, .fn = fn, .arg = arg};
	int rc, n = 0;

	/*
	 * read while something is there: a read of a readable socket does
	 * not block
	 */
	for (rc = rcf_nl_event_read(nl, timeout_ms, on_msg, &f); rc > 0;
	     rc = rcf_nl_event_read(nl, 0, on_msg, &f))
		n += rc;
	return rc < 0 ? rc : n;
}
