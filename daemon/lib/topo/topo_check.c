// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel model's refusals for a topology, before anything is built
 * from it.  kmod/core/model/elem.c, link.c and circuit.c are the
 * authority; each rule here names the one it mirrors.  Elements come
 * before links and links before circuits, as rcf_topo_ops() sends them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errf.h"
#include "obj/rcf_limits.h"
#include "topo/topo_check.h"

/* ids are below 4096 for both kinds, so one table shape serves both */
_Static_assert(RCF_MAX_NODES == RCF_MAX_SWITCHES, "one table per kind");
_Static_assert(RCF_NODE_MAX_PORTS <= RCF_SWITCH_MAX_PORTS, "port tables");

struct elems {
	uint32_t op[RCF_MAX_NODES]; /* index + 1 of the op that adds it */
	uint32_t ports[RCF_MAX_NODES];
	/* index + 1 of the link op on each port */
	uint32_t port_link[RCF_MAX_NODES][RCF_SWITCH_MAX_PORTS];
	uint32_t circ_in[RCF_MAX_NODES];  /* inputs with a circuit, bits */
	uint32_t circ_out[RCF_MAX_NODES]; /* outputs taken by one, bits */
};

struct chk {
	struct rcf_topo_line *l; /* the lines, in file order */
	const char *name;
	char *err;
	size_t errlen;
	struct elems el[2]; /* node, switch */
	uint32_t link_op[RCF_MAX_LINKS];
};

static int line_of(const struct chk *c, uint32_t idx1)
{
	return c->l[idx1 - 1].line;
}

/* "NAME:LINE: what" */
static int refuse(struct chk *c, const struct rcf_topo_line *op,
		  const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int refuse(struct chk *c, const struct rcf_topo_line *op,
		  const char *fmt, ...)
{
	char why[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (op->line)
		return rcf_errf(c->err, c->errlen, "%s:%d: %s", c->name,
				op->line, why);
	return rcf_errf(c->err, c->errlen, "%s: %s", c->name, why);
}

/* the kernel's rcf_vec_free_key(): the lowest id not yet taken */
static int free_id(const uint32_t *taken, uint32_t max, uint32_t *id)
{
	for (uint32_t i = 0; i < max; i++) {
		if (!taken[i]) {
			*id = i;
			return 0;
		}
	}
	return -1;
}

/* rcf_node_add(), rcf_switch_add() */
static int add_elem(struct chk *c, size_t i)
{
	struct rcf_obj *o = c->l[i].o;
	int sw = o->kind == RCF_K_SWITCH;
	int ida = sw ? RCF_A_SWITCH_ID : RCF_A_NODE_ID;
	int pa = sw ? RCF_A_SWITCH_PORTS : RCF_A_NODE_PORTS;
	struct elems *e = &c->el[sw];
	const char *k = rcf_kind_names[o->kind];
	uint32_t id;

	if (!rcf_has(o, ida)) {
		if (free_id(e->op, RCF_MAX_NODES, &id))
			return refuse(c, &c->l[i],
				      "no free %s id: all %d "
				      "are taken",
				      k, RCF_MAX_NODES);
		rcf_set(o, ida, id);
	}
	id = (uint32_t)o->v[ida];
	if (e->op[id])
		return refuse(c, &c->l[i], "%s %u already exists (line %d)", k,
			      id, line_of(c, e->op[id]));
	e->op[id] = (uint32_t)i + 1;
	e->ports[id] = rcf_has(o, pa) ? (uint32_t)o->v[pa]
		       : sw	      ? RCF_SWITCH_DEF_PORTS
				      : RCF_NODE_DEF_PORTS;
	return 0;
}

/* rcf_end_check() */
static int check_end(struct chk *c, size_t i, int w)
{
	const struct rcf_obj *o = c->l[i].o;
	const struct rcf_end *end = &o->end[w];
	int sw = end->kind == RCF_ELEM_SWITCH;
	const struct elems *e = &c->el[sw];
	uint32_t lid = (uint32_t)o->v[RCF_A_LINK_ID], other;

	if (!e->op[end->id])
		return refuse(c, &c->l[i],
			      "link %u: end %c names %s %u, which does not "
			      "exist",
			      lid, 'A' + w, sw ? "switch" : "node", end->id);
	if (end->port >= e->ports[end->id])
		return refuse(c, &c->l[i],
			      "link %u: %s %u has %u ports (0-%u); port %u is "
			      "not one of them",
			      lid, sw ? "switch" : "node", end->id,
			      e->ports[end->id], e->ports[end->id] - 1,
			      end->port);
	other = e->port_link[end->id][end->port];
	if (other)
		return refuse(
			c, &c->l[i],
			"link %u: %s %u port %u already carries link "
			"%llu (line %d)",
			lid, sw ? "switch" : "node", end->id, end->port,
			(unsigned long long)c->l[other - 1].o->v[RCF_A_LINK_ID],
			line_of(c, other));
	return 0;
}

/* rcf_link_add() */
static int add_link(struct chk *c, size_t i)
{
	struct rcf_obj *o = c->l[i].o;
	const struct rcf_end *a = &o->end[0], *b = &o->end[1];
	uint32_t id;

	if (!rcf_has(o, RCF_A_LINK_ID)) {
		if (free_id(c->link_op, RCF_MAX_LINKS, &id))
			return refuse(c, &c->l[i],
				      "no free link id: all %d are taken",
				      RCF_MAX_LINKS);
		rcf_set(o, RCF_A_LINK_ID, id);
	}
	id = (uint32_t)o->v[RCF_A_LINK_ID];
	if (c->link_op[id])
		return refuse(c, &c->l[i], "link %u already exists (line %d)",
			      id, line_of(c, c->link_op[id]));
	if (check_end(c, i, 0) || check_end(c, i, 1))
		return -1;
	if (a->kind == b->kind && a->id == b->id && a->port == b->port)
		return refuse(c, &c->l[i],
			      "link %u joins %s %u port %u to itself", id,
			      a->kind == RCF_ELEM_SWITCH ? "switch" : "node",
			      a->id, a->port);
	c->link_op[id] = (uint32_t)i + 1;
	c->el[a->kind == RCF_ELEM_SWITCH].port_link[a->id][a->port] =
		(uint32_t)i + 1;
	c->el[b->kind == RCF_ELEM_SWITCH].port_link[b->id][b->port] =
		(uint32_t)i + 1;
	return 0;
}

/* rcf_circuit_add() in kmod/core/model/circuit.c */
static int add_circuit(struct chk *c, size_t i)
{
	const struct rcf_obj *o = c->l[i].o;
	struct elems *e = &c->el[1];
	uint32_t sw = (uint32_t)o->v[RCF_A_CIRCUIT_SWITCH];
	uint32_t in = (uint32_t)o->v[RCF_A_CIRCUIT_IN_PORT];
	uint32_t out = (uint32_t)o->v[RCF_A_CIRCUIT_OUT_PORT];

	if (!e->op[sw])
		return refuse(c, &c->l[i],
			      "circuit names switch %u, which does not exist",
			      sw);
	if (in >= e->ports[sw] || out >= e->ports[sw])
		return refuse(c, &c->l[i],
			      "circuit on switch %u: port %u is not one of its "
			      "%u ports",
			      sw, in >= e->ports[sw] ? in : out, e->ports[sw]);
	if (in == out)
		return refuse(c, &c->l[i],
			      "circuit on switch %u sends port %u back out of "
			      "itself",
			      sw, in);
	if (e->circ_in[sw] & (1U << in))
		return refuse(c, &c->l[i],
			      "switch %u input %u already has a circuit", sw,
			      in);
	if (e->circ_out[sw] & (1U << out))
		return refuse(c, &c->l[i],
			      "switch %u output %u is already used by another "
			      "circuit",
			      sw, out);
	e->circ_in[sw] |= 1U << in;
	e->circ_out[sw] |= 1U << out;
	return 0;
}

struct held {
	struct rcf_addr a;
	uint32_t op; /* index */
};

static int cmp_held(const void *x, const void *y)
{
	const struct held *a = x, *b = y;
	int d = memcmp(&a->a, &b->a, sizeof(a->a));

	if (d)
		return d;
	return a->op < b->op ? -1 : a->op > b->op;
}

/* rcf_addrs_check(): an address routes to one node only */
static int check_addrs(struct chk *c, size_t n)
{
	struct held *h;
	size_t cnt = 0, i;
	int rc = 0;

	for (i = 0; i < n; i++)
		if (c->l[i].cmd == RCF_CMD_NODE_NEW)
			cnt += c->l[i].o->naddrs;
	if (!cnt)
		return 0;
	h = malloc(cnt * sizeof(*h));
	if (!h)
		return -ENOMEM;
	cnt = 0;
	for (i = 0; i < n; i++) {
		const struct rcf_obj *o = c->l[i].o;

		if (c->l[i].cmd != RCF_CMD_NODE_NEW)
			continue;
		for (int k = 0; k < o->naddrs; k++) {
			memset(&h[cnt], 0, sizeof(h[cnt]));
			h[cnt].a = o->addrs[k];
			h[cnt++].op = (uint32_t)i;
		}
	}
	qsort(h, cnt, sizeof(*h), cmp_held);
	for (i = 1; i < cnt && !rc; i++) {
		const struct rcf_topo_line *first = &c->l[h[i - 1].op];
		const struct rcf_topo_line *again = &c->l[h[i].op];
		char buf[RCF_ADDR_STRLEN];

		if (memcmp(&h[i - 1].a, &h[i].a, sizeof(h[i].a)))
			continue;
		rcf_addr_format(&h[i].a, buf, sizeof(buf));
		rc = refuse(c, again,
			    "node %llu: address %s already belongs to node "
			    "%llu (line %d)",
			    (unsigned long long)again->o->v[RCF_A_NODE_ID], buf,
			    (unsigned long long)first->o->v[RCF_A_NODE_ID],
			    first->line);
	}
	free(h);
	return rc;
}

static int check_all(struct chk *c, size_t n)
{
	static const uint8_t order[] = {
		RCF_CMD_NODE_NEW,
		RCF_CMD_SWITCH_NEW,
		RCF_CMD_LINK_NEW,
		RCF_CMD_CIRCUIT_NEW,
	};
	size_t i;

	for (i = 0; i < n; i++) {
		char why[256];

		if (rcf_obj_check_limits(c->l[i].o, why, sizeof(why)))
			return refuse(c, &c->l[i], "%s", why);
	}
	for (size_t k = 0; k < sizeof(order); k++) {
		for (i = 0; i < n; i++) {
			int rc = 0;

			if (c->l[i].cmd != order[k])
				continue;
			if (order[k] == RCF_CMD_LINK_NEW)
				rc = add_link(c, i);
			else if (order[k] == RCF_CMD_CIRCUIT_NEW)
				rc = add_circuit(c, i);
			else
				rc = add_elem(c, i);
			if (rc)
				return rc;
		}
	}
	return check_addrs(c, n);
}

int rcf_topo_check_lines(struct rcf_topo_line *l, size_t n, const char *name,
			 char *err, size_t errlen)
{
	struct chk *c = calloc(1, sizeof(*c));
	int rc;

	if (!c) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	c->l = l;
	c->name = name;
	c->err = err;
	c->errlen = errlen;
	rc = check_all(c, n);
	if (rc == -ENOMEM)
		rcf_errf(err, errlen, "%s: out of memory", name);
	free(c);
	return rc;
}

int rcf_topo_check_ops(struct rcf_op *ops, size_t n, const char *name,
		       char *err, size_t errlen)
{
	struct rcf_topo_line *l = malloc((n ? n : 1) * sizeof(*l));
	int rc;

	if (!l) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		l[i].cmd = ops[i].cmd;
		l[i].line = ops[i].line;
		l[i].o = &ops[i].o;
	}
	rc = rcf_topo_check_lines(l, n, name, err, errlen);
	free(l);
	return rc;
}
