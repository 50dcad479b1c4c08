// SPDX-License-Identifier: GPL-2.0
/*
 * Talking to rcf.ko: one request at a time, replies collected through
 * callbacks, and every refusal turned into errno + extack message + the
 * attribute it points at + the batch cookie.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/netlink.h>

#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "nl/nl.h"

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif
#ifndef NETLINK_CAP_ACK
#define NETLINK_CAP_ACK 10
#endif

/* big enough for a full batch request and a dump of any fabric message */
#define RCF_NL_BUF (16 << 20)

struct req {
	struct rcf_nl *nl;
	struct nl_msg *sent;
	rcf_nl_cb cb;
	rcf_nl_raw_cb raw;
	void *arg;
	int done;
	int cb_rc;
	int intr; /* a part of the dump said NLM_F_DUMP_INTR */
};

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

int rcf_nl_open(struct rcf_nl *nl, char *err, size_t errlen)
{
	memset(nl, 0, sizeof(*nl));
	nl->sk = nl_socket_alloc();
	if (!nl->sk) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (genl_connect(nl->sk)) {
		snprintf(err, errlen, "cannot open a generic netlink socket");
		goto fail;
	}
	set_buffers(nl->sk);
	nl->family = genl_ctrl_resolve(nl->sk, RCF_GENL_NAME);
	if (nl->family < 0) {
		snprintf(err, errlen,
			 "rcf generic netlink family not found: is rcf.ko "
			 "loaded?");
		goto fail;
	}
	return 0;
fail:
	nl_socket_free(nl->sk);
	nl->sk = NULL;
	return -1;
}

void rcf_nl_close(struct rcf_nl *nl)
{
	if (nl->sk)
		nl_socket_free(nl->sk);
	nl->sk = NULL;
}

void rcf_nl_error_str(const struct rcf_nl_error *e, char *buf, size_t len)
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

/* The extended ack TLVs follow the nlmsgerr (and the echoed request). */
static void read_extack(struct req *r, const struct nlmsghdr *nlh,
			const struct nlmsgerr *e, int done_msg)
{
	struct rcf_nl_error *out = &r->nl->e;
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1], *head;
	size_t skip;
	int len;

	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (done_msg)
		skip = sizeof(int);
	else if (nlh->nlmsg_flags & NLM_F_CAPPED)
		skip = sizeof(*e);
	else
		skip = sizeof(*e) + e->msg.nlmsg_len - NLMSG_HDRLEN;
	len = (int)nlh->nlmsg_len - NLMSG_HDRLEN - (int)NLMSG_ALIGN(skip);
	if (len <= 0)
		return;
	head = (struct nlattr *)((char *)nlmsg_data(nlh) + NLMSG_ALIGN(skip));
	if (nla_parse(tb, NLMSGERR_ATTR_MAX, head, len, NULL))
		return;
	if (tb[NLMSGERR_ATTR_MSG])
		nla_strlcpy(out->msg, tb[NLMSGERR_ATTR_MSG], sizeof(out->msg));
	if (tb[NLMSGERR_ATTR_OFFS] && r->sent)
		rcf_nl_name_attr(r->sent, nla_get_u32(tb[NLMSGERR_ATTR_OFFS]),
				 out->attr, sizeof(out->attr));
	if (tb[NLMSGERR_ATTR_POLICY])
		read_policy(tb[NLMSGERR_ATTR_POLICY], out->range,
			    sizeof(out->range));
	if (tb[NLMSGERR_ATTR_COOKIE] &&
	    nla_len(tb[NLMSGERR_ATTR_COOKIE]) >= (int)sizeof(uint32_t)) {
		memcpy(&out->cookie, nla_data(tb[NLMSGERR_ATTR_COOKIE]),
		       sizeof(out->cookie));
		out->has_cookie = 1;
	}
	/* strip the trailing newline some messages carry */
	len = (int)strlen(out->msg);
	if (len && out->msg[len - 1] == '\n')
		out->msg[len - 1] = '\0';
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct req *r = arg;
	const struct nlmsghdr *nlh =
		(const struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);

	(void)who;
	r->nl->e.err = -e->error;
	read_extack(r, nlh, e, 0);
	r->done = 1;
	return NL_STOP;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct req *r = arg;

	(void)msg;
	r->done = 1;
	return NL_STOP;
}

static int on_finish(struct nl_msg *msg, void *arg)
{
	struct req *r = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);

	if (nlh->nlmsg_len >= NLMSG_HDRLEN + sizeof(int)) {
		int err = *(int *)nlmsg_data(nlh);

		if (err < 0) {
			r->nl->e.err = -err;
			read_extack(r, nlh, NULL, 1);
		}
	}
	r->done = 1;
	return NL_STOP;
}

/* libnl's default ends the read with an error; the dump's end is wanted */
static int on_dump_intr(struct nl_msg *msg, void *arg)
{
	struct req *r = arg;

	(void)msg;
	r->intr = 1;
	return NL_OK;
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct req *r = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gh = nlmsg_data(nlh);
	enum rcf_kind kind;
	enum rcf_verb verb;
	struct rcf_obj o;

	if (nlh->nlmsg_type == r->nl->family && r->raw && r->cb_rc >= 0) {
		r->cb_rc = r->raw(msg, r->arg);
		return r->cb_rc < 0 ? NL_STOP : NL_OK;
	}
	if (nlh->nlmsg_type != r->nl->family || !r->cb || r->cb_rc < 0)
		return NL_OK;
	if (rcf_cmd_split(gh->cmd, &kind, &verb))
		return NL_OK;
	if (rcf_nl_parse_obj(genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0),
			     kind, &o))
		return NL_OK;
	r->cb_rc = r->cb(gh->cmd, &o, r->arg);
	return r->cb_rc < 0 ? NL_STOP : NL_OK;
}

/* Sends msg (consumed) and reads until its ack, error or dump end. */
static int transact2(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_cb cb,
		     rcf_nl_raw_cb raw, void *arg)
{
	struct req r = {
		.nl = nl, .sent = msg, .cb = cb, .raw = raw, .arg = arg};
	struct nl_cb *c = nl_cb_alloc(NL_CB_DEFAULT);
	int rc;

	memset(&nl->e, 0, sizeof(nl->e));
	if (!c) {
		nlmsg_free(msg);
		nl->e.err = ENOMEM;
		return -ENOMEM;
	}
	nl_cb_err(c, NL_CB_CUSTOM, on_error, &r);
	nl_cb_set(c, NL_CB_ACK, NL_CB_CUSTOM, on_ack, &r);
	nl_cb_set(c, NL_CB_FINISH, NL_CB_CUSTOM, on_finish, &r);
	nl_cb_set(c, NL_CB_VALID, NL_CB_CUSTOM, on_valid, &r);
	nl_cb_set(c, NL_CB_DUMP_INTR, NL_CB_CUSTOM, on_dump_intr, &r);
	rc = nl_send_auto(nl->sk, msg);
	if (rc < 0) {
		nl->e.err = rc == -NLE_MSGSIZE ? EMSGSIZE : ENOBUFS;
		snprintf(nl->e.msg, sizeof(nl->e.msg), "send: %s",
			 nl_geterror(rc));
		goto out;
	}
	while (!r.done) {
		rc = nl_recvmsgs(nl->sk, c);
		if (rc < 0 && !nl->e.err) {
			nl->e.err = EIO;
			snprintf(nl->e.msg, sizeof(nl->e.msg), "receive: %s",
				 nl_geterror(rc));
		}
		if (rc < 0)
			break;
	}
out:
	nl_cb_put(c);
	nlmsg_free(msg);
	if (!nl->e.err && r.intr) {
		nl->e.err = EAGAIN;
		snprintf(nl->e.msg, sizeof(nl->e.msg),
			 "the fabric changed during the dump");
	}
	if (nl->e.err)
		return -nl->e.err;
	return r.cb_rc < 0 ? r.cb_rc : 0;
}

static int transact(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_cb cb,
		    void *arg)
{
	return transact2(nl, msg, cb, NULL, arg);
}

int rcf_nl_transact_raw(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_raw_cb cb,
			void *arg)
{
	return transact2(nl, msg, NULL, cb, arg);
}

struct nl_msg *rcf_nl_new_msg(int family, uint8_t cmd, int flags, size_t size)
{
	struct nl_msg *msg = size ? nlmsg_alloc_size(size) : nlmsg_alloc();

	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, flags, cmd,
			 RCF_GENL_VERSION)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

static int no_mem(struct rcf_nl *nl, struct nl_msg *msg)
{
	if (msg)
		nlmsg_free(msg);
	memset(&nl->e, 0, sizeof(nl->e));
	nl->e.err = ENOMEM;
	snprintf(nl->e.msg, sizeof(nl->e.msg), "request does not fit");
	return -ENOMEM;
}

int rcf_nl_do(struct rcf_nl *nl, const struct rcf_op *op, rcf_nl_cb cb,
	      void *arg)
{
	/*
	 * No NLM_F_CREATE/EXCL: generic netlink refuses them on do requests
	 * of a strictly validated family (they alias the dump flags).
	 */
	struct nl_msg *msg = rcf_nl_new_msg(nl->family, op->cmd, 0, 0);

	if (!msg || rcf_nl_put_obj(msg, &op->o) ||
	    rcf_nl_put_epoch(nl, msg, op->cmd))
		return no_mem(nl, msg);
	return transact(nl, msg, cb, arg);
}

/* A dump's objects, kept until the dump proves to be one configuration's. */
struct dump_buf {
	struct rcf_obj *o;
	uint8_t *cmd;
	size_t n, cap;
};

static int dump_keep(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct dump_buf *b = arg;

	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 256;
		struct rcf_obj *no = realloc(b->o, cap * sizeof(*no));
		uint8_t *nc;

		if (!no)
			return -ENOMEM;
		b->o = no;
		nc = realloc(b->cmd, cap);
		if (!nc)
			return -ENOMEM;
		b->cmd = nc;
		b->cap = cap;
	}
	b->o[b->n] = *o;
	b->cmd[b->n++] = cmd;
	return 0;
}

int rcf_nl_dump(struct rcf_nl *nl, enum rcf_kind kind,
		const struct rcf_obj *filter, rcf_nl_cb cb, void *arg)
{
	struct dump_buf b = {0};
	int rc = -EAGAIN, tries;
	size_t i;

	/*
	 * A change between two parts of a dump makes the kernel mark the
	 * rest NLM_F_DUMP_INTR: the objects may mix two configurations, so
	 * none is passed on and the dump starts over, a bounded number of
	 * times under a fabric that keeps changing.
	 */
	for (tries = 0; rc == -EAGAIN && tries < RCF_NL_DUMP_TRIES; tries++) {
		struct nl_msg *msg = rcf_nl_new_msg(
			nl->family, rcf_cmd(kind, RCF_V_GET), NLM_F_DUMP, 0);

		if (!msg || (filter && rcf_nl_put_obj(msg, filter))) {
			free(b.o);
			free(b.cmd);
			return no_mem(nl, msg);
		}
		b.n = 0;
		rc = transact(nl, msg, dump_keep, &b);
	}
	if (rc == -EAGAIN)
		snprintf(nl->e.msg, sizeof(nl->e.msg),
			 "the fabric changed during each of %d dumps", tries);
	else if (rc == -ENOMEM && !nl->e.err)
		no_mem(nl, NULL);
	for (i = 0; !rc && i < b.n; i++)
		if (cb) {
			rc = cb(b.cmd[i], &b.o[i], arg);
			rc = rc < 0 ? rc : 0;
		}
	free(b.o);
	free(b.cmd);
	return rc;
}

struct nl_msg *rcf_nl_batch_build(const struct rcf_nl *nl,
				  const struct rcf_op *ops, size_t n)
{
	struct nl_msg *msg = rcf_nl_batch_msg(nl->family, ops, n);

	if (msg && rcf_nl_put_epoch(nl, msg, RCF_CMD_BATCH)) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

int rcf_nl_send_batch(struct rcf_nl *nl, struct nl_msg *msg)
{
	return transact(nl, msg, NULL, NULL);
}

int rcf_nl_batch(struct rcf_nl *nl, const struct rcf_op *ops, size_t n)
{
	struct nl_msg *msg = rcf_nl_batch_build(nl, ops, n);

	if (!msg)
		return no_mem(nl, NULL);
	return rcf_nl_send_batch(nl, msg);
}

int rcf_nl_join_events(struct rcf_nl *nl, char *err, size_t errlen)
{
	int grp =
		genl_ctrl_resolve_grp(nl->sk, RCF_GENL_NAME, RCF_MCGRP_EVENTS);
	int rc;

	if (grp < 0) {
		snprintf(err, errlen, "no \"%s\" multicast group: %s",
			 RCF_MCGRP_EVENTS, nl_geterror(grp));
		return -1;
	}
	/* events carry no sequence number of ours */
	nl_socket_disable_seq_check(nl->sk);
	rc = nl_socket_add_membership(nl->sk, grp);
	if (rc < 0) {
		snprintf(err, errlen, "joining the events group: %s",
			 nl_geterror(rc));
		return -1;
	}
	return 0;
}
