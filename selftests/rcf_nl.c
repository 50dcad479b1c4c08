// SPDX-License-Identifier: GPL-2.0
/*
 * The selftests' requests, made byte by byte and sent on the family's
 * socket of daemon/lib/nl/nl_sock.c; see rcf_nl.h.
 */
#define _GNU_SOURCE
#include "rcf_nl.h"

#include <errno.h>
#include <stdarg.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/genetlink.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <netinet/in.h>

#include <netlink/msg.h>

static void *xrealloc(void *p, size_t n)
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
	m->buf = xrealloc(m->buf, m->cap);
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

size_t rcf_put(struct rcf_msg *m, uint16_t type, const void *data, size_t len)
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
	return rcf_put(m, type, &v, sizeof(v));
}

size_t rcf_put_u32(struct rcf_msg *m, uint16_t type, uint32_t v)
{
	return rcf_put(m, type, &v, sizeof(v));
}

size_t rcf_put_str(struct rcf_msg *m, uint16_t type, const char *s)
{
	return rcf_put(m, type, s, strlen(s) + 1);
}

size_t rcf_nest_start(struct rcf_msg *m, uint16_t type)
{
	size_t off = rcf_put(m, type | NLA_F_NESTED, NULL, 0);

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

	rep->v = xrealloc(rep->v, (rep->n + 1) * sizeof(*rep->v));
	o = &rep->v[rep->n++];
	o->cmd = gh->cmd;
	o->len = len;
	o->attrs = xrealloc(NULL, len ? len : 1);
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
	     struct rcf_err *err)
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

static struct rcf_msg *new_with_id(struct rcf_nl *nl, uint8_t cmd,
				   uint16_t idattr, int id)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);

	if (id >= 0)
		rcf_put_u32(m, idattr, (uint32_t)id);
	return m;
}

int rcf_node_add(struct rcf_nl *nl, int id, int ports, struct rcf_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_NODE_NEW, RCF_A_NODE_ID, id);

	if (ports >= 0)
		rcf_put_u32(m, RCF_A_NODE_PORTS, (uint32_t)ports);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_switch_add(struct rcf_nl *nl, int id, int ports, struct rcf_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_SWITCH_NEW, RCF_A_SWITCH_ID, id);

	if (ports >= 0)
		rcf_put_u32(m, RCF_A_SWITCH_PORTS, (uint32_t)ports);
	return rcf_xfer(nl, m, NULL, err);
}

static void put_end(struct rcf_msg *m, uint16_t type, int kind, int id,
		    int port)
{
	rcf_nest_start(m, type);
	rcf_put_u8(m, RCF_END_KIND, (uint8_t)kind);
	rcf_put_u32(m, RCF_END_ID, (uint32_t)id);
	rcf_put_u32(m, RCF_END_PORT, (uint32_t)port);
	rcf_nest_end(m);
}

int rcf_link_add(struct rcf_nl *nl, int id, int ka, int ia, int pa, int kb,
		 int ib, int pb, struct rcf_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_LINK_NEW, RCF_A_LINK_ID, id);

	put_end(m, RCF_A_LINK_END_A, ka, ia, pa);
	put_end(m, RCF_A_LINK_END_B, kb, ib, pb);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_circuit_add(struct rcf_nl *nl, int sw, int in, int out,
		    struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);

	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, (uint32_t)sw);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, (uint32_t)in);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, (uint32_t)out);
	return rcf_xfer(nl, m, NULL, err);
}

static int link_set_vcs(struct rcf_nl *nl, int id, int vcs, struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);

	rcf_put_u32(m, RCF_A_LINK_ID, (uint32_t)id);
	rcf_put_u32(m, RCF_A_LINK_VCS, (uint32_t)vcs);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_small_fabric(struct rcf_nl *nl, struct rcf_err *err)
{
	int r;

	if ((r = rcf_node_add(nl, 0, 1, err)) ||
	    (r = rcf_node_add(nl, 1, 1, err)) ||
	    (r = rcf_node_add(nl, 2, 1, err)) ||
	    (r = rcf_switch_add(nl, 0, 8, err)) ||
	    (r = rcf_switch_add(nl, 1, 4, err)) ||
	    (r = rcf_link_add(nl, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0,
			      err)) ||
	    (r = rcf_link_add(nl, 1, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 0, 1,
			      err)) ||
	    (r = rcf_link_add(nl, 2, RCF_ELEM_SWITCH, 0, 4, RCF_ELEM_SWITCH, 1,
			      0, err)) ||
	    (r = link_set_vcs(nl, 2, 2, err)) ||
	    (r = rcf_link_add(nl, 3, RCF_ELEM_NODE, 2, 0, RCF_ELEM_SWITCH, 1, 1,
			      err)) ||
	    /* A circuit keeps the VC: the link after it needs two as well. */
	    (r = link_set_vcs(nl, 3, 2, err)))
		return r;
	return rcf_circuit_add(nl, 1, 0, 1, err);
}

int rcf_route_add(struct rcf_nl *nl, int src, int dst, int index,
		  const uint8_t *hops, size_t nhops, struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);

	rcf_put_u32(m, RCF_A_ROUTE_SRC, (uint32_t)src);
	rcf_put_u32(m, RCF_A_ROUTE_DST, (uint32_t)dst);
	if (index >= 0)
		rcf_put_u8(m, RCF_A_ROUTE_INDEX, (uint8_t)index);
	rcf_put(m, RCF_A_ROUTE_HOPS, hops, nhops);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_path_add(struct rcf_nl *nl, int id, int master, int dst,
		 const uint8_t *hops, size_t nhops, struct rcf_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_PATH_NEW, RCF_A_PATH_ID, id);

	rcf_put_u32(m, RCF_A_PATH_MASTER, (uint32_t)master);
	rcf_put_u32(m, RCF_A_PATH_DST, (uint32_t)dst);
	rcf_put(m, RCF_A_PATH_HOPS, hops, nhops);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_path_set_state(struct rcf_nl *nl, uint32_t id, uint8_t state,
		       struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);

	rcf_put_u32(m, RCF_A_PATH_ID, id);
	rcf_put_u8(m, RCF_A_PATH_STATE, state);
	return rcf_xfer(nl, m, NULL, err);
}

static void put_key(struct rcf_msg *m, uint16_t t, uint32_t v)
{
	if (!t)
		return;
	if (t == RCF_A_ROUTE_INDEX)
		rcf_put_u8(m, t, (uint8_t)v);
	else
		rcf_put_u32(m, t, v);
}

int rcf_key_cmd(struct rcf_nl *nl, uint8_t cmd, uint16_t t1, uint32_t v1,
		uint16_t t2, uint32_t v2, uint16_t t3, uint32_t v3,
		struct rcf_reply *rep, struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);

	put_key(m, t1, v1);
	put_key(m, t2, v2);
	put_key(m, t3, v3);
	return rcf_xfer(nl, m, rep, err);
}

int rcf_dump(struct rcf_nl *nl, uint8_t cmd, struct rcf_reply *rep,
	     struct rcf_err *err)
{
	return rcf_xfer(nl, rcf_msg_new(nl, cmd, NLM_F_DUMP), rep, err);
}

int rcf_fabric_del(struct rcf_nl *nl)
{
	return rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_DEL, 0), NULL, NULL);
}

int rcf_populate(struct rcf_nl *nl, int nodes)
{
	uint8_t hops[2];
	int r;

	r = rcf_switch_add(nl, 0, 32, NULL);
	if (!r)
		r = rcf_switch_add(nl, 1, 4, NULL);
	for (int i = 0; !r && i < nodes; i++) {
		r = rcf_node_add(nl, i, 1, NULL);
		if (!r)
			r = rcf_link_add(nl, i, RCF_ELEM_NODE, i, 0,
					 RCF_ELEM_SWITCH, 0, i, NULL);
	}
	if (!r)
		r = rcf_link_add(nl, 100, RCF_ELEM_SWITCH, 1, 0,
				 RCF_ELEM_SWITCH, 1, 1, NULL);
	if (!r)
		r = rcf_circuit_add(nl, 1, 2, 3, NULL);
	for (int i = 1; !r && i < nodes; i++) {
		hops[0] = RCF_HOP(0, 0);
		hops[1] = RCF_HOP(i, 0);
		r = rcf_route_add(nl, 0, i, 0, hops, 2, NULL);
	}
	return r;
}

struct text {
	char *s;
	size_t len;
	size_t cap;
};

static void addf(struct text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void addf(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if ((size_t)n < t->cap - t->len)
			break;
		t->cap = t->cap * 2 + n;
		t->s = xrealloc(t->s, t->cap);
	}
	t->len += n;
}

static void add_end(struct text *t, const struct rcf_answer *o, uint16_t type)
{
	struct rcf_answer e = rcf_nested(o, type);

	addf(t, " %u:%u:%u", rcf_u8(&e, RCF_END_KIND), rcf_u32(&e, RCF_END_ID),
	     rcf_u32(&e, RCF_END_PORT));
}

static void add_obj(struct text *t, uint8_t cmd, const struct rcf_answer *o)
{
	switch (cmd) {
	case RCF_CMD_NODE_GET:
		addf(t, "node %u ports %u ifindex %u ifname %s\n",
		     rcf_u32(o, RCF_A_NODE_ID), rcf_u32(o, RCF_A_NODE_PORTS),
		     rcf_u32(o, RCF_A_NODE_IFINDEX),
		     rcf_str(o, RCF_A_NODE_IFNAME));
		break;
	case RCF_CMD_SWITCH_GET:
		addf(t, "switch %u ports %u cq %u\n",
		     rcf_u32(o, RCF_A_SWITCH_ID),
		     rcf_u32(o, RCF_A_SWITCH_PORTS),
		     rcf_u32(o, RCF_A_SWITCH_CQ_SIZE));
		break;
	case RCF_CMD_LINK_GET:
		addf(t, "link %u", rcf_u32(o, RCF_A_LINK_ID));
		add_end(t, o, RCF_A_LINK_END_A);
		add_end(t, o, RCF_A_LINK_END_B);
		addf(t, " bw %u lat %u vcs %u buf %u state %u users %u\n",
		     rcf_u32(o, RCF_A_LINK_BANDWIDTH),
		     rcf_u32(o, RCF_A_LINK_LATENCY), rcf_u32(o, RCF_A_LINK_VCS),
		     rcf_u32(o, RCF_A_LINK_BUF_SIZE),
		     rcf_u8(o, RCF_A_LINK_STATE), rcf_u32(o, RCF_A_LINK_USERS));
		break;
	case RCF_CMD_CIRCUIT_GET:
		addf(t, "circuit %u in %u out %u users %u path %d\n",
		     rcf_u32(o, RCF_A_CIRCUIT_SWITCH),
		     rcf_u32(o, RCF_A_CIRCUIT_IN_PORT),
		     rcf_u32(o, RCF_A_CIRCUIT_OUT_PORT),
		     rcf_u32(o, RCF_A_CIRCUIT_USERS),
		     rcf_has_attr(o, RCF_A_CIRCUIT_PATH)
			     ? (int)rcf_u32(o, RCF_A_CIRCUIT_PATH)
			     : -1);
		break;
	case RCF_CMD_PATH_GET: {
		const struct nlattr *h =
			rcf_attr(o->attrs, o->len, RCF_A_PATH_HOPS);
		uint8_t state = rcf_u8(o, RCF_A_PATH_STATE);

		/*
		 * The model's state: a recall completes on its own when the
		 * master's last message arrives, and the counts move with
		 * traffic; neither is a change a request made.
		 */
		if (state == RCF_PATH_RETURNED)
			state = RCF_PATH_RECALL;
		addf(t, "path %u master %u dst %u state %u circuits %u hops",
		     rcf_u32(o, RCF_A_PATH_ID), rcf_u32(o, RCF_A_PATH_MASTER),
		     rcf_u32(o, RCF_A_PATH_DST), state,
		     rcf_u32(o, RCF_A_PATH_CIRCUITS));
		for (int i = 0; h && i < h->nla_len - NLA_HDRLEN; i++)
			addf(t, " %02x", ((const uint8_t *)h)[NLA_HDRLEN + i]);
		addf(t, "\n");
		break;
	}
	case RCF_CMD_ROUTE_GET: {
		const struct nlattr *h =
			rcf_attr(o->attrs, o->len, RCF_A_ROUTE_HOPS);

		addf(t, "route %u %u %u hops", rcf_u32(o, RCF_A_ROUTE_SRC),
		     rcf_u32(o, RCF_A_ROUTE_DST), rcf_u8(o, RCF_A_ROUTE_INDEX));
		for (int i = 0; h && i < h->nla_len - NLA_HDRLEN; i++)
			addf(t, " %02x", ((const uint8_t *)h)[NLA_HDRLEN + i]);
		addf(t, "\n");
		break;
	}
	}
}

char *rcf_snapshot(struct rcf_nl *nl)
{
	static const uint8_t kinds[] = {RCF_CMD_NODE_GET,  RCF_CMD_SWITCH_GET,
					RCF_CMD_LINK_GET,  RCF_CMD_CIRCUIT_GET,
					RCF_CMD_ROUTE_GET, RCF_CMD_PATH_GET};
	struct text t = {xrealloc(NULL, 4096), 0, 4096};
	struct rcf_reply rep = {0};
	struct rcf_answer *f;

	if (rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, 0), &rep, NULL) ||
	    rep.n != 1)
		goto fail;
	f = &rep.v[0];
	addf(&t,
	     "fabric epoch %llu nodes %u switches %u links %u circuits %u "
	     "routes %u paths %u mem %llu cq %u path-timeout %u engine %u\n",
	     (unsigned long long)rcf_u64(f, RCF_A_FABRIC_EPOCH),
	     rcf_u32(f, RCF_A_FABRIC_NODES), rcf_u32(f, RCF_A_FABRIC_SWITCHES),
	     rcf_u32(f, RCF_A_FABRIC_LINKS), rcf_u32(f, RCF_A_FABRIC_CIRCUITS),
	     rcf_u32(f, RCF_A_FABRIC_ROUTES), rcf_u32(f, RCF_A_FABRIC_PATHS),
	     (unsigned long long)rcf_u64(f, RCF_A_FABRIC_MEM),
	     rcf_u32(f, RCF_A_FABRIC_CQ_SIZE),
	     rcf_u32(f, RCF_A_FABRIC_PATH_TIMEOUT_MS),
	     rcf_u8(f, RCF_A_FABRIC_ENGINE_EXACT));
	rcf_reply_free(&rep);
	for (size_t k = 0; k < sizeof(kinds); k++) {
		if (rcf_dump(nl, kinds[k], &rep, NULL))
			goto fail;
		for (size_t i = 0; i < rep.n; i++)
			add_obj(&t, kinds[k], &rep.v[i]);
		rcf_reply_free(&rep);
	}
	return t.s;
fail:
	rcf_reply_free(&rep);
	free(t.s);
	return NULL;
}

/* The fabric as read back by rcf_check_fabric(). */
struct chk_link {
	uint32_t id, vcs, users, seen;
	uint8_t kind[2];
	uint32_t elem[2], port[2];
};

struct chk_circ {
	uint32_t sw, in, out, users, seen;
};

struct chk {
	struct rcf_reply nodes, switches, links, circuits, routes, paths;
	struct chk_link *l;
	struct chk_circ *c;
	char *why;
	size_t whylen;
	int bad;
};

static void chk_fail(struct chk *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void chk_fail(struct chk *k, const char *fmt, ...)
{
	va_list ap;

	/* The first finding is the one worth reading. */
	if (k->bad++)
		return;
	va_start(ap, fmt);
	vsnprintf(k->why, k->whylen, fmt, ap);
	va_end(ap);
}

/* Ports of an element, 0 when it does not exist. */
static uint32_t chk_ports(struct chk *k, uint8_t kind, uint32_t id)
{
	struct rcf_reply *r = kind == RCF_ELEM_NODE ? &k->nodes : &k->switches;
	uint16_t ida = kind == RCF_ELEM_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;
	uint16_t pa =
		kind == RCF_ELEM_NODE ? RCF_A_NODE_PORTS : RCF_A_SWITCH_PORTS;

	for (size_t i = 0; i < r->n; i++)
		if (rcf_u32(&r->v[i], ida) == id)
			return rcf_u32(&r->v[i], pa);
	return 0;
}

/* The link on (kind, id, port) and which of its ends that is. */
static struct chk_link *chk_link_at(struct chk *k, uint8_t kind, uint32_t id,
				    uint32_t port, int *end)
{
	for (size_t i = 0; i < k->links.n; i++)
		for (int e = 0; e < 2; e++)
			if (k->l[i].kind[e] == kind && k->l[i].elem[e] == id &&
			    k->l[i].port[e] == port) {
				*end = e;
				return &k->l[i];
			}
	return NULL;
}

static struct chk_circ *chk_circ_at(struct chk *k, uint32_t sw, uint32_t in)
{
	for (size_t i = 0; i < k->circuits.n; i++)
		if (k->c[i].sw == sw && k->c[i].in == in)
			return &k->c[i];
	return NULL;
}

/* Keys of consecutive dump entries must rise strictly. */
static void chk_order(struct chk *k, const char *what, uint64_t *prev,
		      uint64_t key, size_t i)
{
	if (i && key <= *prev)
		chk_fail(k, "%s dump out of order or repeated at entry %zu",
			 what, i);
	*prev = key;
}

/*
 * Follow a route's bytes from its source as the kernel documents the walk
 * (Documentation/rcf.rst, "Hop-by-hop validation"), counting each link
 * and circuit crossed.  Links may be down under a route (fault injection),
 * so their state is not checked.
 */
static void chk_walk(struct chk *k, const struct rcf_answer *r)
{
	const struct nlattr *h = rcf_attr(r->attrs, r->len, RCF_A_ROUTE_HOPS);
	uint32_t src = rcf_u32(r, RCF_A_ROUTE_SRC);
	uint32_t dst = rcf_u32(r, RCF_A_ROUTE_DST);
	const uint8_t *hops;
	size_t n, i = 0, circs = 0;
	uint8_t kind = RCF_ELEM_NODE, vc = 0;
	uint32_t id = src, in = 0;

	if (!h || h->nla_len <= NLA_HDRLEN ||
	    h->nla_len - NLA_HDRLEN > RCF_ROUTE_MAX_HOPS) {
		chk_fail(k, "route %u->%u: bad hops attribute", src, dst);
		return;
	}
	hops = (const uint8_t *)h + NLA_HDRLEN;
	n = h->nla_len - NLA_HDRLEN;
	if (src == dst || !chk_ports(k, RCF_ELEM_NODE, src) ||
	    !chk_ports(k, RCF_ELEM_NODE, dst)) {
		chk_fail(k, "route %u->%u: bad or missing end node", src, dst);
		return;
	}
	for (;;) {
		struct chk_circ *c = NULL;
		struct chk_link *l;
		uint32_t port;
		int e;

		if (kind == RCF_ELEM_SWITCH)
			c = chk_circ_at(k, id, in);
		if (c) {
			if (++circs > k->circuits.n) {
				chk_fail(k, "route %u->%u loops in circuits",
					 src, dst);
				return;
			}
			c->seen++;
			port = c->out;
		} else {
			circs = 0;
			if (i == n) {
				if (kind != RCF_ELEM_NODE || id != dst)
					chk_fail(k,
						 "route %u->%u ends at %s %u",
						 src, dst,
						 kind == RCF_ELEM_NODE
							 ? "node"
							 : "switch",
						 id);
				return;
			}
			if (hops[i] & RCF_HOP_RESERVED) {
				chk_fail(k, "route %u->%u: reserved bit", src,
					 dst);
				return;
			}
			port = RCF_HOP_PORT(hops[i]);
			vc = RCF_HOP_VC(hops[i]);
			i++;
		}
		l = chk_link_at(k, kind, id, port, &e);
		if (!l || vc >= l->vcs) {
			chk_fail(k,
				 "route %u->%u: no link or VC %u at %u:%u:%u",
				 src, dst, vc, kind, id, port);
			return;
		}
		l->seen++;
		kind = l->kind[!e];
		id = l->elem[!e];
		in = l->port[!e];
	}
}

/*
 * Paths: FABRIC_GET counts them, ids rise, master and destination differ,
 * and each owns exactly its count of circuits, which name no other path.
 */
static void chk_paths(struct chk *k, const struct rcf_answer *fab)
{
	uint64_t prev = 0;

	if (rcf_u32(fab, RCF_A_FABRIC_PATHS) != k->paths.n)
		chk_fail(k, "FABRIC_GET counts %u paths, the dump %zu",
			 rcf_u32(fab, RCF_A_FABRIC_PATHS), k->paths.n);
	for (size_t i = 0; i < k->paths.n; i++) {
		const struct rcf_answer *p = &k->paths.v[i];
		uint32_t id = rcf_u32(p, RCF_A_PATH_ID), owned = 0;
		uint8_t state = rcf_u8(p, RCF_A_PATH_STATE);

		chk_order(k, "path", &prev, id, i);
		if (rcf_u32(p, RCF_A_PATH_MASTER) == rcf_u32(p, RCF_A_PATH_DST))
			chk_fail(k, "path %u: master is its destination", id);
		if (state < RCF_PATH_HELD || state > RCF_PATH_BROKEN)
			chk_fail(k, "path %u: state %u", id, state);
		for (size_t j = 0; j < k->circuits.n; j++) {
			const struct rcf_answer *c = &k->circuits.v[j];

			if (rcf_has_attr(c, RCF_A_CIRCUIT_PATH) &&
			    rcf_u32(c, RCF_A_CIRCUIT_PATH) == id)
				owned++;
		}
		if (owned != rcf_u32(p, RCF_A_PATH_CIRCUITS))
			chk_fail(k, "path %u: %u circuits, owns %u", id,
				 rcf_u32(p, RCF_A_PATH_CIRCUITS), owned);
	}
	for (size_t j = 0; j < k->circuits.n; j++) {
		const struct rcf_answer *c = &k->circuits.v[j];
		uint32_t id = rcf_u32(c, RCF_A_CIRCUIT_PATH);
		size_t i;

		if (!rcf_has_attr(c, RCF_A_CIRCUIT_PATH))
			continue;
		for (i = 0; i < k->paths.n; i++)
			if (rcf_u32(&k->paths.v[i], RCF_A_PATH_ID) == id)
				break;
		if (i == k->paths.n)
			chk_fail(k, "circuit %u:%u belongs to missing path %u",
				 rcf_u32(c, RCF_A_CIRCUIT_SWITCH),
				 rcf_u32(c, RCF_A_CIRCUIT_IN_PORT), id);
	}
}

int rcf_check_fabric(struct rcf_nl *nl, char *why, size_t whylen)
{
	struct chk k = {.why = why, .whylen = whylen};
	struct rcf_reply fab = {0};
	uint64_t prev = 0;
	int r;

	why[0] = '\0';
	r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, 0), &fab, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_NODE_GET, &k.nodes, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_SWITCH_GET, &k.switches, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_LINK_GET, &k.links, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_CIRCUIT_GET, &k.circuits, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_ROUTE_GET, &k.routes, NULL);
	if (!r)
		r = rcf_dump(nl, RCF_CMD_PATH_GET, &k.paths, NULL);
	if (r) {
		snprintf(why, whylen, "a read failed: %s", strerror(-r));
		k.bad = 1;
		goto out;
	}
	if (fab.n != 1) {
		chk_fail(&k, "FABRIC_GET gave %zu replies", fab.n);
		goto out;
	}
	if (rcf_u32(&fab.v[0], RCF_A_FABRIC_NODES) != k.nodes.n ||
	    rcf_u32(&fab.v[0], RCF_A_FABRIC_SWITCHES) != k.switches.n ||
	    rcf_u32(&fab.v[0], RCF_A_FABRIC_LINKS) != k.links.n ||
	    rcf_u32(&fab.v[0], RCF_A_FABRIC_CIRCUITS) != k.circuits.n ||
	    rcf_u32(&fab.v[0], RCF_A_FABRIC_ROUTES) != k.routes.n)
		chk_fail(&k,
			 "FABRIC_GET counts %u/%u/%u/%u/%u, dumps "
			 "%zu/%zu/%zu/%zu/%zu",
			 rcf_u32(&fab.v[0], RCF_A_FABRIC_NODES),
			 rcf_u32(&fab.v[0], RCF_A_FABRIC_SWITCHES),
			 rcf_u32(&fab.v[0], RCF_A_FABRIC_LINKS),
			 rcf_u32(&fab.v[0], RCF_A_FABRIC_CIRCUITS),
			 rcf_u32(&fab.v[0], RCF_A_FABRIC_ROUTES), k.nodes.n,
			 k.switches.n, k.links.n, k.circuits.n, k.routes.n);
	for (size_t i = 0; i < k.nodes.n; i++) {
		uint32_t p = rcf_u32(&k.nodes.v[i], RCF_A_NODE_PORTS);

		chk_order(&k, "node", &prev,
			  rcf_u32(&k.nodes.v[i], RCF_A_NODE_ID), i);
		if (p < RCF_NODE_MIN_PORTS || p > RCF_NODE_MAX_PORTS)
			chk_fail(&k, "node with %u ports", p);
	}
	for (size_t i = 0; i < k.switches.n; i++) {
		uint32_t p = rcf_u32(&k.switches.v[i], RCF_A_SWITCH_PORTS);

		chk_order(&k, "switch", &prev,
			  rcf_u32(&k.switches.v[i], RCF_A_SWITCH_ID), i);
		if (p < RCF_SWITCH_MIN_PORTS || p > RCF_SWITCH_MAX_PORTS)
			chk_fail(&k, "switch with %u ports", p);
	}
	k.l = calloc(k.links.n + 1, sizeof(*k.l));
	k.c = calloc(k.circuits.n + 1, sizeof(*k.c));
	if (!k.l || !k.c)
		exit(1);
	for (size_t i = 0; i < k.links.n; i++) {
		const struct rcf_answer *o = &k.links.v[i];
		struct chk_link *l = &k.l[i];

		l->id = rcf_u32(o, RCF_A_LINK_ID);
		l->vcs = rcf_u32(o, RCF_A_LINK_VCS);
		l->users = rcf_u32(o, RCF_A_LINK_USERS);
		chk_order(&k, "link", &prev, l->id, i);
		for (int e = 0; e < 2; e++) {
			struct rcf_answer end = rcf_nested(
				o, e ? RCF_A_LINK_END_B : RCF_A_LINK_END_A);
			uint32_t ports;

			l->kind[e] = rcf_u8(&end, RCF_END_KIND);
			l->elem[e] = rcf_u32(&end, RCF_END_ID);
			l->port[e] = rcf_u32(&end, RCF_END_PORT);
			ports = chk_ports(&k, l->kind[e], l->elem[e]);
			if (l->port[e] >= ports)
				chk_fail(&k, "link %u: end %c %u:%u:%u missing",
					 l->id, 'a' + e, l->kind[e], l->elem[e],
					 l->port[e]);
			for (size_t j = 0; j < i; j++)
				for (int f = 0; f < 2; f++)
					if (k.l[j].kind[f] == l->kind[e] &&
					    k.l[j].elem[f] == l->elem[e] &&
					    k.l[j].port[f] == l->port[e])
						chk_fail(&k,
							 "links %u and %u "
							 "share a port",
							 k.l[j].id, l->id);
		}
		if (l->kind[0] == l->kind[1] && l->elem[0] == l->elem[1] &&
		    l->port[0] == l->port[1])
			chk_fail(&k, "link %u joins a port to itself", l->id);
		if (l->vcs < 1 || l->vcs > RCF_LINK_MAX_VCS ||
		    rcf_u8(o, RCF_A_LINK_STATE) > RCF_LINK_UP)
			chk_fail(&k, "link %u: vcs %u state %u", l->id, l->vcs,
				 rcf_u8(o, RCF_A_LINK_STATE));
	}
	for (size_t i = 0; i < k.circuits.n; i++) {
		const struct rcf_answer *o = &k.circuits.v[i];
		struct chk_circ *c = &k.c[i];
		uint32_t ports;

		c->sw = rcf_u32(o, RCF_A_CIRCUIT_SWITCH);
		c->in = rcf_u32(o, RCF_A_CIRCUIT_IN_PORT);
		c->out = rcf_u32(o, RCF_A_CIRCUIT_OUT_PORT);
		c->users = rcf_u32(o, RCF_A_CIRCUIT_USERS);
		chk_order(&k, "circuit", &prev, (uint64_t)c->sw << 32 | c->in,
			  i);
		ports = chk_ports(&k, RCF_ELEM_SWITCH, c->sw);
		if (c->in >= ports || c->out >= ports || c->in == c->out)
			chk_fail(&k,
				 "circuit %u:%u->%u on a switch of %u ports",
				 c->sw, c->in, c->out, ports);
		for (size_t j = 0; j < i; j++)
			if (k.c[j].sw == c->sw && k.c[j].out == c->out)
				chk_fail(&k, "circuits share output %u:%u",
					 c->sw, c->out);
	}
	for (size_t i = 0; i < k.routes.n; i++) {
		const struct rcf_answer *o = &k.routes.v[i];
		uint64_t key = (uint64_t)rcf_u32(o, RCF_A_ROUTE_SRC) << 40 |
			       (uint64_t)rcf_u32(o, RCF_A_ROUTE_DST) << 8 |
			       rcf_u8(o, RCF_A_ROUTE_INDEX);

		chk_order(&k, "route", &prev, key, i);
		if (rcf_u8(o, RCF_A_ROUTE_INDEX) >= RCF_ROUTES_PER_PAIR)
			chk_fail(&k, "route index %u",
				 rcf_u8(o, RCF_A_ROUTE_INDEX));
		chk_walk(&k, o);
	}
	chk_paths(&k, &fab.v[0]);
	for (size_t i = 0; i < k.links.n; i++)
		if (k.l[i].users != k.l[i].seen)
			chk_fail(&k,
				 "link %u: %u users, routes cross it %u times",
				 k.l[i].id, k.l[i].users, k.l[i].seen);
	for (size_t i = 0; i < k.circuits.n; i++)
		if (k.c[i].users != k.c[i].seen)
			chk_fail(&k,
				 "circuit %u:%u: %u users, routes cross it %u "
				 "times",
				 k.c[i].sw, k.c[i].in, k.c[i].users,
				 k.c[i].seen);
out:
	free(k.l);
	free(k.c);
	rcf_reply_free(&fab);
	rcf_reply_free(&k.nodes);
	rcf_reply_free(&k.switches);
	rcf_reply_free(&k.links);
	rcf_reply_free(&k.circuits);
	rcf_reply_free(&k.routes);
	rcf_reply_free(&k.paths);
	return k.bad ? -1 : 0;
}

int rcf_node_ifindex(struct rcf_nl *nl, uint32_t id)
{
	struct rcf_reply rep = {0};
	int r;

	r = rcf_key_cmd(nl, RCF_CMD_NODE_GET, RCF_A_NODE_ID, id, 0, 0, 0, 0,
			&rep, NULL);
	if (!r)
		r = rep.n == 1 && rcf_has_attr(&rep.v[0], RCF_A_NODE_IFINDEX)
			    ? (int)rcf_u32(&rep.v[0], RCF_A_NODE_IFINDEX)
			    : -ENOENT;
	rcf_reply_free(&rep);
	return r;
}

int rcf_node_set_addr4(struct rcf_nl *nl, uint32_t id, uint32_t addr,
		       struct rcf_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_NODE_SET, 0);
	uint32_t be = htonl(addr);

	rcf_put_u32(m, RCF_A_NODE_ID, id);
	rcf_nest_start(m, RCF_A_NODE_ADDRS);
	rcf_put(m, RCF_ADDR_IN, &be, 4);
	rcf_nest_end(m);
	return rcf_xfer(nl, m, NULL, err);
}

int rcf_packet_socket(void)
{
	int fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	return fd < 0 ? -errno : fd;
}

static uint16_t ip_csum(const uint8_t *p, size_t n)
{
	uint32_t s = 0;

	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

int rcf_send_udp4(int fd, int ifindex, uint32_t src, uint32_t dst,
		  size_t payload)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_IP),
		.sll_ifindex = ifindex,
	};
	uint8_t pkt[1500];
	size_t len = 28 + payload;
	uint16_t v;

	if (len > sizeof(pkt))
		len = sizeof(pkt);
	memset(pkt, 0, len);
	pkt[0] = 0x45;
	v = htons((uint16_t)len);
	memcpy(pkt + 2, &v, 2);
	pkt[8] = 64;
	pkt[9] = IPPROTO_UDP;
	src = htonl(src);
	dst = htonl(dst);
	memcpy(pkt + 12, &src, 4);
	memcpy(pkt + 16, &dst, 4);
	v = htons(ip_csum(pkt, 20));
	memcpy(pkt + 10, &v, 2);
	v = htons(9);
	memcpy(pkt + 20, &v, 2); /* discard */
	memcpy(pkt + 22, &v, 2);
	v = htons((uint16_t)(len - 20));
	memcpy(pkt + 24, &v, 2);
	for (size_t i = 28; i < len; i++)
		pkt[i] = (uint8_t)i;
	if (sendto(fd, pkt, len, 0, (struct sockaddr *)&sll, sizeof(sll)) < 0)
		return -errno;
	return 0;
}
