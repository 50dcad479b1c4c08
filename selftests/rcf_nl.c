// SPDX-License-Identifier: GPL-2.0
/*
 * The selftests' requests, made byte by byte and sent on the family's
 * socket of daemon/lib/nl/nl_sock.c; see rcf_nl.h.
 */
#include "rcf_nl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include <netlink/msg.h>

void *rcf_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (!q) {
		perror("realloc");
		exit(1);
	}
	return q;
}

static void reserve(struct rcf_msg *m, size_t more)
{
	if (m->len + more <= m->cap)
		return;
	while (m->len + more > m->cap)
		m->cap *= 2;
	m->buf = rcf_xrealloc(m->buf, m->cap);
}

static struct rcf_msg *msg_new(uint16_t type, uint8_t cmd, uint8_t version,
			       uint16_t flags)
{
	struct rcf_msg *m = calloc(1, sizeof(*m));
	struct nlmsghdr *nh;
	struct genlmsghdr *gh;

	if (!m)
		exit(1);
	m->cap = 4096;
	m->buf = calloc(1, m->cap);
	if (!m->buf)
		exit(1);
	nh = (struct nlmsghdr *)m->buf;
	nh->nlmsg_type = type;
	nh->nlmsg_flags = NLM_F_REQUEST | flags;
	gh = (struct genlmsghdr *)(m->buf + NLMSG_HDRLEN);
	gh->cmd = cmd;
	gh->version = version;
	m->len = NLMSG_HDRLEN + GENL_HDRLEN;
	return m;
}

struct rcf_msg *rcf_msg_new(const struct rcf_nl *nl, uint8_t cmd,
			    uint16_t flags)
{
	return msg_new(nl->family, cmd, RCF_GENL_VERSION, flags);
}

void rcf_msg_free(struct rcf_msg *m)
{
	if (!m)
		return;
	free(m->buf);
	free(m);
}

size_t rcf_put_bytes(struct rcf_msg *m, uint16_t type, const void *data,
		     size_t len)
{
	size_t off = m->len;
	struct nlattr *a;

	reserve(m, NLA_HDRLEN + NLA_ALIGN(len));
	a = (struct nlattr *)(m->buf + off);
	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memset(m->buf + off + NLA_HDRLEN, 0, NLA_ALIGN(len));
	if (len)
		memcpy(m->buf + off + NLA_HDRLEN, data, len);
	m->len += NLA_HDRLEN + NLA_ALIGN(len);
	return off;
}

size_t rcf_put_u8(struct rcf_msg *m, uint16_t type, uint8_t v)
{
	return rcf_put_bytes(m, type, &v, sizeof(v));
}

size_t rcf_put_u32(struct rcf_msg *m, uint16_t type, uint32_t v)
{
	return rcf_put_bytes(m, type, &v, sizeof(v));
}

size_t rcf_put_str(struct rcf_msg *m, uint16_t type, const char *s)
{
	return rcf_put_bytes(m, type, s, strlen(s) + 1);
}

size_t rcf_nest_start(struct rcf_msg *m, uint16_t type)
{
	size_t off = rcf_put_bytes(m, type | NLA_F_NESTED, NULL, 0);

	m->nest[m->depth++] = off;
	return off;
}

void rcf_nest_end(struct rcf_msg *m)
{
	size_t off = m->nest[--m->depth];
	struct nlattr *a = (struct nlattr *)(m->buf + off);

	a->nla_len = m->len - off;
}

const struct nlattr *rcf_attr(const uint8_t *attrs, size_t len, uint16_t type)
{
	size_t off = 0;

	while (off + NLA_HDRLEN <= len) {
		const struct nlattr *a = (const struct nlattr *)(attrs + off);

		if (a->nla_len < NLA_HDRLEN || off + a->nla_len > len)
			return NULL;
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		off += NLA_ALIGN(a->nla_len);
	}
	return NULL;
}

static const void *payload(const struct rcf_answer *o, uint16_t type,
			   size_t want)
{
	const struct nlattr *a = rcf_attr(o->attrs, o->len, type);

	if (!a || (size_t)(a->nla_len - NLA_HDRLEN) < want)
		return NULL;
	return (const uint8_t *)a + NLA_HDRLEN;
}

int rcf_has_attr(const struct rcf_answer *o, uint16_t type)
{
	return rcf_attr(o->attrs, o->len, type) != NULL;
}

/* Absent attributes read as all ones so that an assert on them fails. */
uint32_t rcf_u32(const struct rcf_answer *o, uint16_t type)
{
	const void *p = payload(o, type, 4);
	uint32_t v = UINT32_MAX;

	if (p)
		memcpy(&v, p, 4);
	return v;
}

uint64_t rcf_u64(const struct rcf_answer *o, uint16_t type)
{
	const void *p = payload(o, type, 8);
	uint64_t v = UINT64_MAX;

	if (p)
		memcpy(&v, p, 8);
	return v;
}

uint8_t rcf_u8(const struct rcf_answer *o, uint16_t type)
{
	const uint8_t *p = payload(o, type, 1);

	return p ? *p : UINT8_MAX;
}

const char *rcf_str(const struct rcf_answer *o, uint16_t type)
{
	const struct nlattr *a = rcf_attr(o->attrs, o->len, type);

	if (!a || a->nla_len <= NLA_HDRLEN)
		return "";
	if (((const char *)a)[a->nla_len - 1] != '\0')
		return "";
	return (const char *)a + NLA_HDRLEN;
}

struct rcf_answer rcf_nested(const struct rcf_answer *o, uint16_t type)
{
	const struct nlattr *a = rcf_attr(o->attrs, o->len, type);
	struct rcf_answer n = {0};

	if (a) {
		n.attrs = (uint8_t *)a + NLA_HDRLEN;
		n.len = a->nla_len - NLA_HDRLEN;
	}
	return n;
}

static void reply_add(struct rcf_reply *rep, const struct nlmsghdr *nh)
{
	const struct genlmsghdr *gh = NLMSG_DATA(nh);
	size_t len = nh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	struct rcf_answer *o;

	rep->v = rcf_xrealloc(rep->v, (rep->n + 1) * sizeof(*rep->v));
	o = &rep->v[rep->n++];
	o->cmd = gh->cmd;
	o->len = len;
	o->attrs = rcf_xrealloc(NULL, len ? len : 1);
	memcpy(o->attrs, (const uint8_t *)gh + GENL_HDRLEN, len);
}

void rcf_reply_free(struct rcf_reply *rep)
{
	for (size_t i = 0; i < rep->n; i++)
		free(rep->v[i].attrs);
	free(rep->v);
	rep->v = NULL;
	rep->n = 0;
}

static int reply_keep(struct nl_msg *msg, void *arg)
{
	reply_add(arg, nlmsg_hdr(msg));
	return 0;
}

int rcf_xfer(struct rcf_nl *nl, struct rcf_msg *m, struct rcf_reply *rep,
	     struct rcf_nl_err *err)
{
	struct nlmsghdr *req = (struct nlmsghdr *)m->buf;
	struct nl_msg *msg;
	int ret;

	/*
	 * The socket numbers the request and asks for an ack, which the
	 * kernel gives a do (a dump needs both of NLM_F_ROOT and
	 * NLM_F_MATCH: one of them makes a do) and leaves to a dump's end.
	 */
	req->nlmsg_len = m->len;
	msg = nlmsg_convert(req);
	rcf_msg_free(m);
	if (!msg) {
		perror("nlmsg_convert");
		exit(1);
	}
	ret = rcf_nl_exchange(nl, msg, rep ? reply_keep : NULL, rep);
	nlmsg_free(msg);
	if (err)
		*err = nl->e;
	return ret;
}

struct one_event {
	struct rcf_reply rep;
};

static int event_keep(struct nl_msg *msg, void *arg)
{
	struct one_event *o = arg;

	/* one message per datagram: events are sent one by one */
	if (!o->rep.n)
		reply_add(&o->rep, nlmsg_hdr(msg));
	return 0;
}

int rcf_recv_event(struct rcf_nl *nl, struct rcf_answer *ev, int timeout_ms)
{
	struct one_event o = {0};

	for (;;) {
		int r = rcf_nl_event_read(nl, timeout_ms, event_keep, &o);

		if (r < 0)
			return r;
		if (o.rep.n) {
			*ev = o.rep.v[0];
			free(o.rep.v);
			return 0;
		}
		if (!r)
			return -ETIMEDOUT;
	}
}
