// SPDX-License-Identifier: GPL-2.0
/*
 * The whole fabric read back: as canonical text (rcf_snapshot) and checked
 * for holding together (rcf_check_fabric); see rcf_nl.h.
 */
#define _GNU_SOURCE
#include "rcf_nl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		t->s = rcf_xrealloc(t->s, t->cap);
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
	struct text t = {rcf_xrealloc(NULL, 4096), 0, 4096};
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
		if (req_dump(nl, kinds[k], &rep, NULL))
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
		r = req_dump(nl, RCF_CMD_NODE_GET, &k.nodes, NULL);
	if (!r)
		r = req_dump(nl, RCF_CMD_SWITCH_GET, &k.switches, NULL);
	if (!r)
		r = req_dump(nl, RCF_CMD_LINK_GET, &k.links, NULL);
	if (!r)
		r = req_dump(nl, RCF_CMD_CIRCUIT_GET, &k.circuits, NULL);
	if (!r)
		r = req_dump(nl, RCF_CMD_ROUTE_GET, &k.routes, NULL);
	if (!r)
		r = req_dump(nl, RCF_CMD_PATH_GET, &k.paths, NULL);
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
