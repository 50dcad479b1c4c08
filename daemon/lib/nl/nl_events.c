// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for events with a deadline: a reader that must also ask the
 * kernel now and then (rcfctl path del's fallback poll) cannot block in
 * recv for ever.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>

#include <netlink/msg.h>
#include <netlink/socket.h>

#include "nl/nl.h"

struct feed {
	struct rcf_nl *nl;
	rcf_event_fn fn;
	void *arg;
	int n;
};

static int on_msg(struct nl_msg *msg, void *arg)
{
	struct feed *f = arg;
	struct rcf_event *ev = malloc(sizeof(*ev));

	/* struct rcf_event holds whole objects: not on the stack twice */
	if (!ev)
		return NL_OK;
	f->n++;
	if (rcf_event_decode(nlmsg_hdr(msg), f->nl->family, ev) != RCF_EV_OTHER)
		f->fn(ev, f->arg);
	free(ev);
	return NL_OK;
}

int rcf_nl_event_poll(struct rcf_nl *nl, int timeout_ms, rcf_event_fn fn,
		      void *arg)
{
	struct pollfd p = {.fd = nl_socket_get_fd(nl->sk), .events = POLLIN};
	struct feed f = {.nl = nl, .fn = fn, .arg = arg};
	int rc;

	rc = poll(&p, 1, timeout_ms);
	if (rc < 0)
		return errno == EINTR ? 0 : -errno;
	if (!rc)
		return 0;
	/* read while something is there: a read of a readable socket
	 * does not block
	 */
	nl_socket_modify_cb(nl->sk, NL_CB_VALID, NL_CB_CUSTOM, on_msg, &f);
	do {
		rc = nl_recvmsgs_default(nl->sk);
		if (rc == -NLE_NOMEM || rc == -NLE_BUSY)
			return -ENOBUFS;
		if (rc < 0)
			return -EIO;
		p.revents = 0;
	} while (poll(&p, 1, 0) > 0 && (p.revents & POLLIN));
	return f.n;
}
