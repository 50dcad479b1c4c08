// SPDX-License-Identifier: GPL-2.0
/*
 * The capture's client.  Copies come to the socket that started the
 * capture, unasked, between and around the answers to its requests, so
 * this reads with a loop of its own: copies to the caller, the answer
 * to the request it waits for into nl->e.
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rcf.h>

#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "nl/nl.h"
#include "nl/nl_capture.h"

struct cap_read {
	struct rcf_nl *nl;
	rcf_cap_fn fn;
	void *arg;
	uint32_t seq; /* the request waited for, 0: none */
	int answered;
	int stopped;	/* fn returned non-zero */
	uint64_t drops; /* CAPTURE_STOP's answer */
	int n;
};

int rcf_cap_parse(struct nlattr *head, int len, struct rcf_cap_rec *r,
		  uint64_t *drops)
{
	struct nlattr *tb[RCF_A_MAX + 1];
	struct nlattr *p;

	if (nla_parse(tb, RCF_A_MAX, head, len, NULL))
		return -1;
	p = tb[RCF_A_CAPTURE_PACKET];
	if (!p || !tb[RCF_A_CAPTURE_NODE] || !tb[RCF_A_CAPTURE_DIR] ||
	    !tb[RCF_A_CAPTURE_ROUTE_LEN] || !tb[RCF_A_CAPTURE_HDR_LEN] ||
	    nla_len(p) < 1)
		return -1;
	memset(r, 0, sizeof(*r));
	r->node = nla_get_u32(tb[RCF_A_CAPTURE_NODE]);
	r->dir = nla_get_u8(tb[RCF_A_CAPTURE_DIR]);
	r->nroute = nla_get_u8(tb[RCF_A_CAPTURE_ROUTE_LEN]);
	r->hdr = nla_get_u8(tb[RCF_A_CAPTURE_HDR_LEN]);
	if (tb[RCF_A_CAPTURE_PEER])
		r->peer = nla_get_u32(tb[RCF_A_CAPTURE_PEER]);
	if (tb[RCF_A_CAPTURE_CYCLE])
		r->cycle = nla_get_u64(tb[RCF_A_CAPTURE_CYCLE]);
	if (tb[RCF_A_CAPTURE_TIME_NS])
		r->time_ns = nla_get_u64(tb[RCF_A_CAPTURE_TIME_NS]);
	*drops = tb[RCF_A_CAPTURE_DROPS] ? nla_get_u64(tb[RCF_A_CAPTURE_DROPS])
					 : 0;
	r->pkt = nla_data(p);
	r->len = (uint32_t)nla_len(p);
	return 0;
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct cap_read *c = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *g;
	struct rcf_cap_rec r;
	uint64_t drops;

	c->n++;
	if (nlh->nlmsg_type != c->nl->family || !genlmsg_valid_hdr(nlh, 0))
		return NL_OK;
	g = nlmsg_data(nlh);
	if (g->cmd == RCF_CMD_CAPTURE_STOP && c->seq &&
	    nlh->nlmsg_seq == c->seq) {
		struct nlattr *d =
			nla_find(genlmsg_attrdata(g, 0), genlmsg_attrlen(g, 0),
				 RCF_A_CAPTURE_DROPS);
		if (d)
			c->drops = nla_get_u64(d);
		return NL_OK;
	}
	if (g->cmd != RCF_CMD_CAPTURE_PKT || c->stopped || !c->fn ||
	    rcf_cap_parse(genlmsg_attrdata(g, 0), genlmsg_attrlen(g, 0), &r,
			  &drops))
		return NL_OK;
	if (c->fn(&r, drops, c->arg))
		c->stopped = 1;
	return NL_OK;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct cap_read *c = arg;

	if (c->seq && nlmsg_hdr(msg)->nlmsg_seq == c->seq) {
		memset(&c->nl->e, 0, sizeof(c->nl->e));
		c->answered = 1;
	}
	return NL_OK;
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	struct cap_read *c = arg;

	(void)who;
	if (c->seq && nlh->nlmsg_seq == c->seq) {
		rcf_nl_err_parse(nlh, &c->nl->e);
		c->answered = 1;
	}
	return NL_SKIP;
}

static int no_seq_check(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(void)arg;
	return NL_OK;
}

/* One poll and one datagram; messages read, 0 on time out, or -errno. */
static int read_once(struct cap_read *c, int timeout_ms)
{
	struct pollfd p = {.fd = nl_socket_get_fd(c->nl->sk), .events = POLLIN};
	struct nl_cb *cb;
	int rc, n0 = c->n;

	rc = poll(&p, 1, timeout_ms);
	if (rc < 0)
		return errno == EINTR ? -EINTR : -errno;
	if (!rc)
		return 0;
	cb = nl_cb_alloc(NL_CB_DEFAULT);
	if (!cb)
		return -ENOMEM;
	nl_cb_set(cb, NL_CB_SEQ_CHECK, NL_CB_CUSTOM, no_seq_check, NULL);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, c);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, on_ack, c);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, c);
	rc = nl_recvmsgs(c->nl->sk, cb);
	nl_cb_put(cb);
	if (rc < 0 && rc != -NLE_AGAIN)
		return rc == -NLE_NOMEM ? -ENOBUFS : -EIO;
	return c->n - n0 + (c->answered ? 1 : 0);
}

/* Sends msg (consumed) and reads until its answer. */
static int request(struct cap_read *c, struct nl_msg *msg)
{
	int rc;

	nlmsg_hdr(msg)->nlmsg_flags |= NLM_F_ACK;
	rc = nl_send_auto(c->nl->sk, msg);
	c->seq = nlmsg_hdr(msg)->nlmsg_seq;
	nlmsg_free(msg);
	if (rc < 0) {
		memset(&c->nl->e, 0, sizeof(c->nl->e));
		c->nl->e.err = EIO;
		return -EIO;
	}
	while (!c->answered) {
		rc = read_once(c, -1);
		if (rc < 0 && rc != -EINTR) {
			c->nl->e.err = -rc;
			return rc;
		}
	}
	return -c->nl->e.err;
}

int rcf_nl_capture_start(struct rcf_nl *nl, uint32_t node, uint8_t dirs,
			 rcf_cap_fn fn, void *arg)
{
	struct cap_read c = {.nl = nl, .fn = fn, .arg = arg};
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_CAPTURE_START, 0, 0);
	int one = 1;

	/*
	 * the kernel counts the copies it could not queue; an overrun error
	 * on top would only end the read
	 */
	setsockopt(nl_socket_get_fd(nl->sk), SOL_NETLINK, NETLINK_NO_ENOBUFS,
		   &one, sizeof(one));

	if (!msg || nla_put_u32(msg, RCF_A_CAPTURE_NODE, node) ||
	    nla_put_u8(msg, RCF_A_CAPTURE_DIRS, dirs)) {
		if (msg)
			nlmsg_free(msg);
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	return request(&c, msg);
}

int rcf_nl_capture_read(struct rcf_nl *nl, int timeout_ms, rcf_cap_fn fn,
			void *arg)
{
	struct cap_read c = {.nl = nl, .fn = fn, .arg = arg};
	int rc = read_once(&c, timeout_ms);

	if (c.stopped)
		return -ECANCELED;
	return rc;
}

int rcf_nl_capture_stop(struct rcf_nl *nl, uint64_t *drops)
{
	struct cap_read c = {.nl = nl};
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_CAPTURE_STOP, 0, 0);
	int rc;

	if (!msg) {
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	rc = request(&c, msg);
	*drops = c.drops;
	return rc;
}
