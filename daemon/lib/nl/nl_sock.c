// SPDX-License-Identifier: GPL-2.0
/*
 * The rcf family's socket (nl_sock.h): one request at a time, its answer
 * told apart from events by its sequence number, every refusal decoded.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rcf.h>

#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "nl/nl_sock.h"

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif

/* big enough for a full batch request and a dump of any fabric message */
#define RCF_NL_BUF (16 << 20)

static void set_buffers(struct nl_sock *sk)
{
	int fd = nl_socket_get_fd(sk), one = 1, size = RCF_NL_BUF;

	/* the FORCE variants pass the sysctl caps when we are privileged */
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof(size));
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	/* the request is not echoed back: a refused batch stays small */
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	nl_socket_enable_msg_peek(sk);
}

static int get_u32(const struct nlattr *a, uint32_t *v)
{
	if (nla_len(a) < (int)sizeof(*v))
		return -1;
	memcpy(v, nla_data(a), sizeof(*v));
	return 0;
}

/* The policy the kernel attached to a refused attribute, as a range. */
static void read_policy(struct nlattr *pol, char *buf, size_t len)
{
	struct nlattr *tb[NL_POLICY_TYPE_ATTR_MAX + 1];

	if (nla_parse_nested(tb, NL_POLICY_TYPE_ATTR_MAX, pol, NULL))
		return;
	if (tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U] &&
	    tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U])
		snprintf(buf, len, "%llu..%llu",
			 (unsigned long long)nla_get_u64(
				 tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U]),
			 (unsigned long long)nla_get_u64(
				 tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U]));
	else if (tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_S] &&
		 tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_S])
		snprintf(buf, len, "%lld..%lld",
			 (long long)nla_get_s64(
				 tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_S]),
			 (long long)nla_get_s64(
				 tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_S]));
	else if (tb[NL_POLICY_TYPE_ATTR_MAX_LENGTH])
		snprintf(buf, len, "length %u..%u",
			 tb[NL_POLICY_TYPE_ATTR_MIN_LENGTH]
				 ? nla_get_u32(
					   tb[NL_POLICY_TYPE_ATTR_MIN_LENGTH])
				 : 0,
			 nla_get_u32(tb[NL_POLICY_TYPE_ATTR_MAX_LENGTH]));
}

static void read_tlv(struct nlattr *a, struct rcf_nl_err *e)
{
	size_t n;

	switch (nla_type(a)) {
	case NLMSGERR_ATTR_MSG:
		n = (size_t)nla_len(a) < sizeof(e->msg) ? (size_t)nla_len(a)
							: sizeof(e->msg) - 1;
		memcpy(e->msg, nla_data(a), n);
		e->msg[n] = '\0';
		/* some messages end in a newline; a sentence follows them */
		n = strlen(e->msg);
		if (n && e->msg[n - 1] == '\n')
			e->msg[n - 1] = '\0';
		break;
	case NLMSGERR_ATTR_OFFS:
		e->has_offs = !get_u32(a, &e->offs);
		break;
	case NLMSGERR_ATTR_COOKIE:
		e->has_cookie = !get_u32(a, &e->cookie);
		break;
	case NLMSGERR_ATTR_MISS_TYPE:
		get_u32(a, &e->miss_type);
		break;
	case NLMSGERR_ATTR_POLICY:
		read_policy(a, e->range, sizeof(e->range));
		break;
	}
}

void rcf_nl_err_parse(const struct nlmsghdr *nlh, struct rcf_nl_err *e)
{
	const char *base = (const char *)nlh;
	size_t off = NLMSG_HDRLEN;
	int rem;

	memset(e, 0, sizeof(*e));
	if (nlh->nlmsg_type == NLMSG_ERROR) {
		const struct nlmsgerr *me = NLMSG_DATA(nlh);

		if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*me))
			return;
		e->err = -me->error;
		off += sizeof(*me);
		/* the echoed request is padded: its length need not be */
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			off += NLMSG_ALIGN(me->msg.nlmsg_len - NLMSG_HDRLEN);
	} else {
		int err;

		if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(err))
			return;
		memcpy(&err, NLMSG_DATA(nlh), sizeof(err));
		e->err = -err;
		off += NLMSG_ALIGN(sizeof(err));
	}
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off >= nlh->nlmsg_len)
		return;
	rem = (int)(nlh->nlmsg_len - off);
	for (struct nlattr *a = (struct nlattr *)(base + off); nla_ok(a, rem);
	     a = nla_next(a, &rem))
		read_tlv(a, e);
}

void rcf_nl_error_str(const struct rcf_nl_err *e, char *buf, size_t len)
{
	if (e->msg[0] && e->attr[0] && e->range[0])
		snprintf(buf, len, "%s, attribute %s, allowed %s (%s)", e->msg,
			 e->attr, e->range, strerror(e->err));
	else if (e->msg[0] && e->attr[0])
		snprintf(buf, len, "%s, attribute %s (%s)", e->msg, e->attr,
			 strerror(e->err));
	else if (e->msg[0])
		snprintf(buf, len, "%s (%s)", e->msg, strerror(e->err));
	else if (e->attr[0])
		snprintf(buf, len, "bad attribute %s (%s)", e->attr,
			 strerror(e->err));
	else
		snprintf(buf, len, "%s", strerror(e->err));
}

struct xfer {
	struct rcf_nl *nl;
	uint32_t seq;
	rcf_nl_raw_cb cb;
	void *arg;
	int done;
	int cb_rc;
};

/* the socket also carries events and answers nobody waits for */
static int on_seq(struct nl_msg *msg, void *arg)
{
	struct xfer *x = arg;

	return nlmsg_hdr(msg)->nlmsg_seq == x->seq ? NL_OK : NL_SKIP;
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct xfer *x = arg;

	(void)who;
	rcf_nl_err_parse((const struct nlmsghdr *)((char *)e - NLMSG_HDRLEN),
			 &x->nl->e);
	x->done = 1;
	return NL_STOP;
}

/* an ack, or a dump's end: either may carry an error and its extack */
static int on_end(struct nl_msg *msg, void *arg)
{
	struct xfer *x = arg;

	rcf_nl_err_parse(nlmsg_hdr(msg), &x->nl->e);
	x->done = 1;
	return NL_STOP;
}

/* libnl's default ends the read with an error; the dump's end is wanted */
static int on_dump_intr(struct nl_msg *msg, void *arg)
{
	struct xfer *x = arg;

	(void)msg;
	x->nl->dump_intr = 1;
	return NL_OK;
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct xfer *x = arg;

	if (!x->cb || x->cb_rc < 0)
		return NL_OK;
	x->cb_rc = x->cb(msg, x->arg);
	return x->cb_rc < 0 ? NL_STOP : NL_OK;
}

/* errno for a libnl error of the socket itself */
static int sock_errno(int nlerr)
{
	switch (nlerr) {
	case -NLE_AGAIN:
		return EAGAIN;
	case -NLE_INTR:
		return EINTR;
	case -NLE_NOMEM:
		return ENOBUFS;
	case -NLE_MSGSIZE:
		return EMSGSIZE;
	case -NLE_PERM:
		return EPERM;
	}
	return EIO;
}

int rcf_nl_exchange(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_raw_cb cb,
		    void *arg)
{
	struct xfer x = {.nl = nl, .cb = cb, .arg = arg};
	struct nl_cb *c = nl_cb_alloc(NL_CB_DEFAULT);
	int rc;

	memset(&nl->e, 0, sizeof(nl->e));
	nl->dump_intr = 0;
	if (!c) {
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	nl_cb_err(c, NL_CB_CUSTOM, on_error, &x);
	nl_cb_set(c, NL_CB_SEQ_CHECK, NL_CB_CUSTOM, on_seq, &x);
	nl_cb_set(c, NL_CB_ACK, NL_CB_CUSTOM, on_end, &x);
	nl_cb_set(c, NL_CB_FINISH, NL_CB_CUSTOM, on_end, &x);
	nl_cb_set(c, NL_CB_VALID, NL_CB_CUSTOM, on_valid, &x);
	nl_cb_set(c, NL_CB_DUMP_INTR, NL_CB_CUSTOM, on_dump_intr, &x);
	rc = nl_send_auto(nl->sk, msg);
	if (rc < 0) {
		nl->e.err = sock_errno(rc);
		snprintf(nl->e.msg, sizeof(nl->e.msg), "send: %s",
			 nl_geterror(rc));
		goto out;
	}
	x.seq = nlmsg_hdr(msg)->nlmsg_seq;
	while (!x.done) {
		rc = nl_recvmsgs(nl->sk, c);
		if (rc < 0 && !nl->e.err && !x.done) {
			nl->e.err = sock_errno(rc);
			snprintf(nl->e.msg, sizeof(nl->e.msg), "receive: %s",
				 nl_geterror(rc));
		}
		if (rc < 0)
			break;
	}
out:
	nl_cb_put(c);
	if (nl->e.err)
		return -nl->e.err;
	return x.cb_rc < 0 ? x.cb_rc : 0;
}

struct ev_read {
	struct rcf_nl *nl;
	rcf_nl_raw_cb cb;
	void *arg;
	int n;
};

static int count_msg(struct nl_msg *msg, void *arg)
{
	struct ev_read *r = arg;

	(void)msg;
	r->n++;
	return NL_OK;
}

static int on_event(struct nl_msg *msg, void *arg)
{
	struct ev_read *r = arg;
	const struct nlmsghdr *nlh = nlmsg_hdr(msg);

	/* events carry no sequence number: that of answers is never 0 */
	if (!nlh->nlmsg_seq && nlh->nlmsg_type == r->nl->family && r->cb)
		r->cb(msg, r->arg);
	return NL_OK;
}

static int no_seq_check(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(void)arg;
	return NL_OK;
}

/* a late answer to a request nobody waits for any more */
static int skip_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	(void)who;
	(void)e;
	(void)arg;
	return NL_SKIP;
}

int rcf_nl_event_read(struct rcf_nl *nl, int timeout_ms, rcf_nl_raw_cb cb,
		      void *arg)
{
	struct pollfd p = {.fd = nl_socket_get_fd(nl->sk), .events = POLLIN};
	struct ev_read r = {.nl = nl, .cb = cb, .arg = arg};
	struct nl_cb *c;
	int rc;

	rc = poll(&p, 1, timeout_ms);
	if (rc < 0)
		return errno == EINTR ? 0 : -errno;
	if (!rc)
		return 0;
	c = nl_cb_alloc(NL_CB_DEFAULT);
	if (!c)
		return -ENOMEM;
	nl_cb_set(c, NL_CB_MSG_IN, NL_CB_CUSTOM, count_msg, &r);
	nl_cb_set(c, NL_CB_SEQ_CHECK, NL_CB_CUSTOM, no_seq_check, NULL);
	nl_cb_set(c, NL_CB_VALID, NL_CB_CUSTOM, on_event, &r);
	nl_cb_err(c, NL_CB_CUSTOM, skip_error, NULL);
	rc = nl_recvmsgs(nl->sk, c);
	nl_cb_put(c);
	if (rc < 0)
		return rc == -NLE_NOMEM || rc == -NLE_BUSY ? -ENOBUFS
							   : -sock_errno(rc);
	return r.n;
}

/* CTRL_CMD_GETFAMILY's answer: the family's id and its events group. */
static int on_family(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[CTRL_ATTR_MAX + 1], *g;
	struct rcf_nl *nl = arg;
	int rem;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, CTRL_ATTR_MAX, NULL) ||
	    !tb[CTRL_ATTR_FAMILY_ID])
		return NL_OK;
	nl->family = nla_get_u16(tb[CTRL_ATTR_FAMILY_ID]);
	if (!tb[CTRL_ATTR_MCAST_GROUPS])
		return NL_OK;
	nla_for_each_nested (g, tb[CTRL_ATTR_MCAST_GROUPS], rem) {
		struct nlattr *gt[CTRL_ATTR_MCAST_GRP_MAX + 1];

		if (nla_parse_nested(gt, CTRL_ATTR_MCAST_GRP_MAX, g, NULL) ||
		    !gt[CTRL_ATTR_MCAST_GRP_NAME] ||
		    !gt[CTRL_ATTR_MCAST_GRP_ID])
			continue;
		if (!strcmp(nla_get_string(gt[CTRL_ATTR_MCAST_GRP_NAME]),
			    RCF_MCGRP_EVENTS))
			nl->events_grp =
				nla_get_u32(gt[CTRL_ATTR_MCAST_GRP_ID]);
	}
	return NL_OK;
}

static int resolve(struct rcf_nl *nl)
{
	struct nl_msg *msg = nlmsg_alloc();
	int rc;

	if (!msg)
		return -ENOMEM;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, GENL_ID_CTRL, 0, 0,
			 CTRL_CMD_GETFAMILY, 1) ||
	    nla_put_string(msg, CTRL_ATTR_FAMILY_NAME, RCF_GENL_NAME)) {
		nlmsg_free(msg);
		return -ENOMEM;
	}
	nl->family = -1;
	rc = rcf_nl_exchange(nl, msg, on_family, nl);
	nlmsg_free(msg);
	if (!rc && nl->family < 0)
		rc = -ENOENT;
	return rc;
}

static int open_fail(struct rcf_nl *nl, int rc, char *err, size_t errlen,
		     const char *why)
{
	if (err)
		snprintf(err, errlen, "%s", why);
	if (nl->sk)
		nl_socket_free(nl->sk);
	nl->sk = NULL;
	return rc;
}

int rcf_nl_open(struct rcf_nl *nl, char *err, size_t errlen)
{
	int rc;

	memset(nl, 0, sizeof(*nl));
	nl->sk = nl_socket_alloc();
	if (!nl->sk)
		return open_fail(nl, -ENOMEM, err, errlen, "out of memory");
	rc = nl_connect(nl->sk, NETLINK_GENERIC);
	if (rc)
		return open_fail(nl, -sock_errno(rc), err, errlen,
				 "cannot open a generic netlink socket");
	set_buffers(nl->sk);
	rc = resolve(nl);
	if (rc)
		return open_fail(nl, rc, err, errlen,
				 "rcf generic netlink family not found: is "
				 "rcf.ko loaded?");
	return 0;
}

void rcf_nl_close(struct rcf_nl *nl)
{
	if (nl->sk)
		nl_socket_free(nl->sk);
	nl->sk = NULL;
}

int rcf_nl_fd(const struct rcf_nl *nl)
{
	return nl->sk ? nl_socket_get_fd(nl->sk) : -1;
}

int rcf_nl_join_events(struct rcf_nl *nl, char *err, size_t errlen)
{
	int rc;

	if (!nl->events_grp) {
		if (err)
			snprintf(err, errlen, "no \"%s\" multicast group",
				 RCF_MCGRP_EVENTS);
		return -ENOENT;
	}
	/* readers of the socket's own callbacks see events, not answers */
	nl_socket_disable_seq_check(nl->sk);
	rc = nl_socket_add_membership(nl->sk, (int)nl->events_grp);
	if (rc < 0) {
		if (err)
			snprintf(err, errlen, "joining the events group: %s",
				 nl_geterror(rc));
		return -sock_errno(rc);
	}
	return 0;
}
