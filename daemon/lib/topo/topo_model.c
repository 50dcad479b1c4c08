// SPDX-License-Identifier: GPL-2.0
/*
 * The tools' objects into the core's model, each attribute read as
 * rcf.ko's request handling reads its netlink twin: an attribute left out
 * is left to the model's default, as an attribute missing from a request
 * is.  Refusals are the model's own, with the line and object at fault.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/route.h"
#include "topo/topo.h"
#include "topo/topo_model.h"
#include "util/errf.h"

static uint32_t u32_or(const struct rcf_obj *o, int attr, uint32_t def)
{
	return rcf_has(o, attr) ? (uint32_t)o->v[attr] : def;
}

static int add_node(struct rcf_fabric *m, struct rcf_obj *o, struct rcf_err *e)
{
	struct rcf_node_cfg c = {0};
	int rc;

	c.has_id = rcf_has(o, RCF_A_NODE_ID);
	c.id = u32_or(o, RCF_A_NODE_ID, 0);
	c.has_ports = rcf_has(o, RCF_A_NODE_PORTS);
	c.ports = u32_or(o, RCF_A_NODE_PORTS, 0);
	if (rcf_has(o, RCF_A_NODE_IFNAME))
		snprintf(c.ifname, sizeof(c.ifname), "%s", o->ifname);
	if (rcf_has(o, RCF_A_NODE_ADDRS)) {
		c.has_addrs = true;
		c.naddr = o->naddrs;
		memcpy(c.addrs, o->addrs, o->naddrs * sizeof(o->addrs[0]));
	}
	rc = rcf_node_add(m, &c, e);
	if (!c.has_id && !rc)
		rcf_set(o, RCF_A_NODE_ID, c.id);
	return rc;
}

static int add_switch(struct rcf_fabric *m, struct rcf_obj *o,
		      struct rcf_err *e)
{
	struct rcf_switch_cfg c = {0};
	int rc;

	c.has_id = rcf_has(o, RCF_A_SWITCH_ID);
	c.id = u32_or(o, RCF_A_SWITCH_ID, 0);
	c.has_ports = rcf_has(o, RCF_A_SWITCH_PORTS);
	c.ports = u32_or(o, RCF_A_SWITCH_PORTS, 0);
	c.has_cq_size = rcf_has(o, RCF_A_SWITCH_CQ_SIZE);
	c.cq_size = u32_or(o, RCF_A_SWITCH_CQ_SIZE, 0);
	rc = rcf_switch_add(m, &c, e);
	if (!c.has_id && !rc)
		rcf_set(o, RCF_A_SWITCH_ID, c.id);
	return rc;
}

static int add_link(struct rcf_fabric *m, struct rcf_obj *o, struct rcf_err *e)
{
	static const struct {
		int attr;
		uint32_t flag;
	} params[] = {
		{RCF_A_LINK_BANDWIDTH, RCF_LSET_BANDWIDTH},
		{RCF_A_LINK_LATENCY, RCF_LSET_LATENCY},
		{RCF_A_LINK_VCS, RCF_LSET_VCS},
		{RCF_A_LINK_BUF_SIZE, RCF_LSET_BUF},
		{RCF_A_LINK_STATE, RCF_LSET_STATE},
	};
	struct rcf_link_cfg c = {0};
	int rc;

	c.has_id = rcf_has(o, RCF_A_LINK_ID);
	c.id = u32_or(o, RCF_A_LINK_ID, 0);
	c.a = o->end[0];
	c.b = o->end[1];
	c.bandwidth = u32_or(o, RCF_A_LINK_BANDWIDTH, 0);
	c.latency = u32_or(o, RCF_A_LINK_LATENCY, 0);
	c.vcs = u32_or(o, RCF_A_LINK_VCS, 0);
	c.buf_size = u32_or(o, RCF_A_LINK_BUF_SIZE, 0);
	c.state = (uint8_t)u32_or(o, RCF_A_LINK_STATE, RCF_LINK_UP);
	for (size_t i = 0; i < sizeof(params) / sizeof(params[0]); i++)
		if (rcf_has(o, params[i].attr))
			c.set |= params[i].flag;
	rc = rcf_link_add(m, &c, e);
	if (!c.has_id && !rc)
		rcf_set(o, RCF_A_LINK_ID, c.id);
	return rc;
}

static int add_route(struct rcf_fabric *m, const struct rcf_obj *o,
		     struct rcf_err *e)
{
	struct rcf_route r = {0};

	r.src = u32_or(o, RCF_A_ROUTE_SRC, 0);
	r.dst = u32_or(o, RCF_A_ROUTE_DST, 0);
	r.nhops = o->nhops;
	memcpy(r.hops, o->hops, o->nhops);
	return rcf_route_add(m, &r,
			     rcf_has(o, RCF_A_ROUTE_INDEX)
				     ? (int)o->v[RCF_A_ROUTE_INDEX]
				     : -1,
			     e);
}

int rcf_topo_model_add(struct rcf_fabric *m, uint8_t cmd, struct rcf_obj *o,
		       struct rcf_err *e)
{
	struct rcf_circuit c = {0};

	switch (cmd) {
	case RCF_CMD_FABRIC_SET:
		/*
		 * Of the fabric's settings only the central queue shapes
		 * the objects that follow; the memory limit is the host's
		 * budget for rcf.ko (its module parameter bounds it), not
		 * something a file is checked against offline.
		 */
		if (!rcf_has(o, RCF_A_FABRIC_CQ_SIZE))
			return 0;
		return rcf_fabric_set_cq(
			m, (uint32_t)o->v[RCF_A_FABRIC_CQ_SIZE], e);
	case RCF_CMD_NODE_NEW:
		return add_node(m, o, e);
	case RCF_CMD_SWITCH_NEW:
		return add_switch(m, o, e);
	case RCF_CMD_LINK_NEW:
		return add_link(m, o, e);
	case RCF_CMD_CIRCUIT_NEW:
		c.sw = u32_or(o, RCF_A_CIRCUIT_SWITCH, 0);
		c.in_port = u32_or(o, RCF_A_CIRCUIT_IN_PORT, 0);
		c.out_port = u32_or(o, RCF_A_CIRCUIT_OUT_PORT, 0);
		return rcf_circuit_add(m, &c, e);
	case RCF_CMD_ROUTE_NEW:
		return add_route(m, o, e);
	}
	return rcf_fail(e, EINVAL, "not a line a topology holds", 0);
}

struct load {
	struct rcf_fabric *m;
	const struct rcf_topo_line *l;
	size_t n;
};

/*
 * The line of the object of command cmd whose attr is id, added before
 * line index at: the earliest of its kind in the file, since every later
 * one with that id was refused.  0 when none.
 */
static int line_of(const struct load *d, size_t at, uint8_t cmd, int attr,
		   uint64_t id)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct rcf_obj *o = d->l[i].o;

		if (d->l[i].cmd != cmd || (cmd == d->l[at].cmd && i >= at))
			continue;
		if (rcf_has(o, attr) && o->v[attr] == id)
			return d->l[i].line;
	}
	return 0;
}

static const char *elem_name(uint8_t kind)
{
	return kind == RCF_ELEM_SWITCH ? "switch" : "node";
}

static uint32_t elem_ports(struct rcf_fabric *m, const struct rcf_end *end)
{
	const struct rcf_switch *s;
	const struct rcf_node *n;

	if (end->kind == RCF_ELEM_SWITCH)
		return (s = rcf_switch_get(m, end->id)) ? s->ports : 0;
	return (n = rcf_node_get(m, end->id)) ? n->ports : 0;
}

/* What the model's static reason leaves out: which end, port or holder. */
static void detail(const struct load *d, size_t at, const struct rcf_err *e,
		   char *buf, size_t len)
{
	const struct rcf_obj *o = d->l[at].o;
	uint8_t cmd = d->l[at].cmd;
	int w = e->attr == RCF_A_LINK_END_B;
	const struct rcf_end *end = &o->end[w];
	int line;

	buf[0] = 0;
	if (e->err == EEXIST &&
	    (e->attr == RCF_A_NODE_ID || e->attr == RCF_A_SWITCH_ID ||
	     e->attr == RCF_A_LINK_ID)) {
		line = line_of(d, at, cmd, (int)e->attr, o->v[e->attr]);
		if (line)
			snprintf(buf, len, " (line %d)", line);
		return;
	}
	if (cmd == RCF_CMD_LINK_NEW &&
	    (e->attr == RCF_A_LINK_END_A || e->attr == RCF_A_LINK_END_B)) {
		uint32_t lid = rcf_end_link(d->m, end);
		int n = snprintf(buf, len, " (end %c, %s %u port %u", 'A' + w,
				 elem_name(end->kind), end->id, end->port);

		if (n < 0 || (size_t)n >= len)
			return;
		if (e->err == ERANGE)
			n += snprintf(buf + n, len - n, ": it has ports 0-%u",
				      elem_ports(d->m, end) - 1);
		else if (e->err == EBUSY && lid != RCF_NONE)
			n += snprintf(buf + n, len - n, ": link %u, line %d",
				      lid,
				      line_of(d, at, RCF_CMD_LINK_NEW,
					      RCF_A_LINK_ID, lid));
		if (n >= 0 && (size_t)n < len)
			snprintf(buf + n, len - n, ")");
		return;
	}
	if (cmd == RCF_CMD_NODE_NEW && e->err == EEXIST &&
	    e->attr == RCF_A_NODE_ADDRS) {
		for (int k = 0; k < o->naddrs; k++) {
			const struct rcf_node *h =
				rcf_node_by_addr(d->m, &o->addrs[k]);
			char a[RCF_ADDR_STRLEN];

			if (!h)
				continue;
			rcf_addr_format(&o->addrs[k], a, sizeof(a));
			snprintf(buf, len, " (%s: node %u, line %d)", a, h->id,
				 line_of(d, at, cmd, RCF_A_NODE_ID, h->id));
			return;
		}
	}
	if (cmd == RCF_CMD_CIRCUIT_NEW && e->attr == RCF_A_CIRCUIT_OUT_PORT)
		snprintf(buf, len, " (output %llu)",
			 (unsigned long long)o->v[RCF_A_CIRCUIT_OUT_PORT]);
}

static int refuse(const struct load *d, size_t at, const struct rcf_err *e,
		  const char *name, char *err, size_t errlen)
{
	char key[128], more[128];

	/* a scratch model has no memory limit: ENOMEM is the host's */
	if (e->err == ENOMEM) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	if (d->l[at].cmd == RCF_CMD_FABRIC_SET)
		snprintf(key, sizeof(key), "fabric");
	else
		rcf_obj_key(d->l[at].o, key, sizeof(key));
	detail(d, at, e, more, sizeof(more));
	if (d->l[at].line)
		return rcf_errf(err, errlen, "%s:%d: %s: %s%s", name,
				d->l[at].line, key, e->msg, more);
	return rcf_errf(err, errlen, "%s: %s: %s%s", name, key, e->msg, more);
}

int rcf_topo_model_lines(struct rcf_fabric *m, struct rcf_topo_line *l,
			 size_t n, unsigned int flags, const char *name,
			 char *err, size_t errlen)
{
	/* rcf_topo_ops()'s order: what each kind names exists before it */
	static const uint8_t order[] = {
		RCF_CMD_FABRIC_SET, RCF_CMD_NODE_NEW,	 RCF_CMD_SWITCH_NEW,
		RCF_CMD_LINK_NEW,   RCF_CMD_CIRCUIT_NEW, RCF_CMD_ROUTE_NEW,
	};
	struct load d = {.m = m, .l = l, .n = n};

	for (size_t k = 0; k < sizeof(order); k++) {
		if (order[k] == RCF_CMD_ROUTE_NEW &&
		    !(flags & RCF_TOPO_MODEL_ROUTES))
			break;
		for (size_t i = 0; i < n; i++) {
			struct rcf_err e = {0};

			if (l[i].cmd != order[k])
				continue;
			if (rcf_topo_model_add(m, l[i].cmd, l[i].o, &e))
				return refuse(&d, i, &e, name, err, errlen);
		}
	}
	return 0;
}

struct rcf_topo_line *rcf_topo_lines_of(struct rcf_op *ops, size_t n,
					const char *name, char *err,
					size_t errlen)
{
	struct rcf_topo_line *l = malloc((n ? n : 1) * sizeof(*l));

	if (!l) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		l[i].cmd = ops[i].cmd;
		l[i].line = ops[i].line;
		l[i].o = &ops[i].o;
	}
	return l;
}

int rcf_topo_model_ops(struct rcf_fabric *m, struct rcf_op *ops, size_t n,
		       unsigned int flags, const char *name, char *err,
		       size_t errlen)
{
	struct rcf_topo_line *l = rcf_topo_lines_of(ops, n, name, err, errlen);
	int rc;

	if (!l)
		return -ENOMEM;
	rc = rcf_topo_model_lines(m, l, n, flags, name, err, errlen);
	free(l);
	return rc;
}

int rcf_topo_model_topo(struct rcf_fabric *m, const struct rcf_topo *t,
			unsigned int flags, const char *name, char *err,
			size_t errlen)
{
	static const int kinds[] = {RCF_K_NODE, RCF_K_SWITCH, RCF_K_LINK,
				    RCF_K_CIRCUIT};
	static const int ids[] = {RCF_A_NODE_ID, RCF_A_SWITCH_ID, RCF_A_LINK_ID,
				  0};
	size_t n = 1, k = 0;
	struct rcf_topo_line *l;
	int rc;

	for (size_t i = 0; i < 4; i++)
		n += t->v[kinds[i]].n;
	l = malloc(n * sizeof(*l));
	if (!l) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	/*
	 * The loader writes an id only to an object without one, so the
	 * objects of t, which all have theirs, are only read.
	 */
	if (flags & RCF_TOPO_MODEL_FABRIC)
		l[k++] = (struct rcf_topo_line){RCF_CMD_FABRIC_SET, 0,
						(struct rcf_obj *)&t->fabric};
	for (size_t i = 0; i < 4; i++) {
		const struct rcf_objv *v = &t->v[kinds[i]];

		if (kinds[i] == RCF_K_CIRCUIT &&
		    !(flags & RCF_TOPO_MODEL_CIRCUITS))
			continue;
		for (size_t j = 0; j < v->n; j++) {
			if (ids[i] && !rcf_has(&v->o[j], ids[i])) {
				free(l);
				return rcf_errf(err, errlen,
						"%s: a %s without an id", name,
						rcf_kind_names[kinds[i]]);
			}
			l[k++] = (struct rcf_topo_line){
				rcf_cmd(kinds[i], RCF_V_NEW), 0,
				(struct rcf_obj *)&v->o[j]};
		}
	}
	rc = rcf_topo_model_lines(m, l, k, 0, name, err, errlen);
	free(l);
	return rc;
}

int rcf_topo_model_routes(struct rcf_fabric *m, const struct rcf_routes *s,
			  const char *name, char *err, size_t errlen)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route_rec *x = &s->r[i];
		struct rcf_route r = {.src = x->src, .dst = x->dst};
		struct rcf_err e = {0};
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, x, &len);

		r.nhops = (uint8_t)len;
		memcpy(r.hops, hops, len);
		if (!rcf_route_add(m, &r, x->index, &e))
			continue;
		if (e.err == ENOMEM) {
			rcf_errf(err, errlen, "%s: out of memory", name);
			return -ENOMEM;
		}
		return rcf_errf(err, errlen,
				"%s: route src %u dst %u index %u: %s", name,
				x->src, x->dst, x->index, e.msg);
	}
	return 0;
}
