// SPDX-License-Identifier: GPL-2.0
/* Nodes and switches: the elements that links join. */
#include "model.h"

/*
 * An address routes to one node only, so a list may not repeat an
 * address nor take one that another node holds.
 */
static int rcf_addrs_check(struct rcf_fabric *f, const struct rcf_node_cfg *c,
			   struct rcf_err *e)
{
	struct rcf_node *o;
	u32 i, k;

	if (c->naddr > RCF_NODE_MAX_ADDRS)
		return rcf_fail(e, E2BIG, "a node has at most 8 addresses",
				RCF_A_NODE_ADDRS);
	for (i = 0; i < c->naddr; i++) {
		for (k = 0; k < i; k++)
			if (rcf_addr_eq(&c->addrs[i], &c->addrs[k]))
				return rcf_fail(e, EINVAL,
						"an address is given twice",
						RCF_A_NODE_ADDRS);
		o = rcf_node_by_addr(f, &c->addrs[i]);
		if (o && o->id != c->id)
			return rcf_fail(e, EEXIST,
					"an address already belongs to another node",
					RCF_A_NODE_ADDRS);
	}
	return 0;
}

int rcf_node_set(struct rcf_fabric *f, const struct rcf_node_cfg *c,
		 struct rcf_err *e)
{
	struct rcf_node *n = rcf_node_get(f, c->id);
	int err;

	if (!n)
		return rcf_fail(e, ENOENT, "no such node", RCF_A_NODE_ID);
	if (c->has_ports && c->ports != n->ports)
		return rcf_fail(e, EINVAL,
				"node port count is set at creation only",
				RCF_A_NODE_PORTS);
	if (!c->has_addrs)
		return 0;
	err = rcf_addrs_check(f, c, e);
	if (err)
		return err;
	/* room for the new list beside the old, before anything changes */
	if (rcf_addrs_reserve(f, c->naddr))
		return rcf_nomem(e);
	/* the same list again is no change */
	if (c->naddr != n->naddr ||
	    memcmp(c->addrs, n->addrs, c->naddr * sizeof(c->addrs[0])))
		rcf_txn_mark(f, RCF_TXN_ADDRS);
	n = rcf_touch(f, RCF_J_NODE, &f->nodes, c->id, sizeof(*n));
	if (!n)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	rcf_addrs_del(f, n);
	n->naddr = c->naddr;
	memset(n->addrs, 0, sizeof(n->addrs));
	memcpy(n->addrs, c->addrs, c->naddr * sizeof(c->addrs[0]));
	rcf_addrs_add(f, n);
	return 0;
}

int rcf_node_add(struct rcf_fabric *f, struct rcf_node_cfg *c,
		 struct rcf_err *e)
{
	struct rcf_node *n;
	u32 i;

	if (!c->has_id && rcf_vec_free_key(&f->nodes, &c->id))
		return rcf_fail(e, ENOSPC, "no free node id", 0);
	if (c->id >= RCF_MAX_NODES)
		return rcf_fail(e, ERANGE, "node id is out of range",
				RCF_A_NODE_ID);
	if (rcf_node_get(f, c->id))
		return rcf_fail(e, EEXIST, "node already exists",
				RCF_A_NODE_ID);
	if (!c->has_ports)
		c->ports = RCF_NODE_DEF_PORTS;
	if (c->ports < RCF_NODE_MIN_PORTS || c->ports > RCF_NODE_MAX_PORTS)
		return rcf_fail(e, ERANGE, "node port count is out of range",
				RCF_A_NODE_PORTS);
	if (c->has_addrs && rcf_addrs_check(f, c, e))
		return -e->err;
	if (c->has_addrs && rcf_addrs_reserve(f, c->naddr))
		return rcf_nomem(e);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	n = rcf_zalloc(f, sizeof(*n));
	if (!n)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	n->id = c->id;
	n->ports = c->ports;
	for (i = 0; i < RCF_NODE_MAX_PORTS; i++)
		n->port_link[i] = RCF_NONE;
	rcf_os_strcpy(n->ifname, c->ifname, sizeof(n->ifname));
	if (c->has_addrs) {
		n->naddr = c->naddr;
		memcpy(n->addrs, c->addrs, c->naddr * sizeof(c->addrs[0]));
	}
	if (rcf_put(f, RCF_J_NODE, &f->nodes, c->id, n)) {
		rcf_free(f, n);
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	}
	rcf_addrs_add(f, n);
	return 0;
}

int rcf_node_del(struct rcf_fabric *f, u32 id, struct rcf_err *e)
{
	struct rcf_node *n = rcf_node_get(f, id);

	if (!n)
		return rcf_fail(e, ENOENT, "no such node", RCF_A_NODE_ID);
	if (n->nlinks)
		return rcf_fail(e, EBUSY, "node still has links; delete them first",
				RCF_A_NODE_ID);
	if (n->route_refs)
		return rcf_fail(e, EBUSY,
				"node is the source or destination of routes; delete them first",
				RCF_A_NODE_ID);
	if (n->path_refs)
		return rcf_fail(e, EBUSY,
				"node is the master or destination of paths; delete them first",
				RCF_A_NODE_ID);
	if (n->naddr && rcf_addrs_reserve(f, 0))
		return rcf_nomem(e);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	/* out while the node is there to read them from */
	rcf_addrs_del(f, n);
	if (rcf_remove(f, RCF_J_NODE, &f->nodes, id)) {
		rcf_addrs_add(f, n);
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	}
	return 0;
}

int rcf_node_refs(struct rcf_fabric *f, u32 a, u32 b, bool path, int delta,
		  struct rcf_err *e)
{
	u32 ids[2] = { a, b }, i;
	struct rcf_node *n;

	for (i = 0; i < 2; i++) {
		n = rcf_touch(f, RCF_J_NODE, &f->nodes, ids[i], sizeof(*n));
		if (!n)
			return rcf_nomem(e);
		if (path)
			n->path_refs += delta;
		else
			n->route_refs += delta;
	}
	return 0;
}

struct rcf_node *rcf_node_get(struct rcf_fabric *f, u32 id)
{
	return rcf_vec_get(&f->nodes, id);
}

struct rcf_node *rcf_node_next(struct rcf_fabric *f, u32 from)
{
	for (; from < f->nodes.cap; from++)
		if (f->nodes.v[from])
			return f->nodes.v[from];
	return NULL;
}

int rcf_switch_add(struct rcf_fabric *f, struct rcf_switch_cfg *c,
		   struct rcf_err *e)
{
	struct rcf_switch *s;
	u32 i;

	if (!c->has_id && rcf_vec_free_key(&f->switches, &c->id))
		return rcf_fail(e, ENOSPC, "no free switch id", 0);
	if (c->id >= RCF_MAX_SWITCHES)
		return rcf_fail(e, ERANGE, "switch id is out of range",
				RCF_A_SWITCH_ID);
	if (rcf_switch_get(f, c->id))
		return rcf_fail(e, EEXIST, "switch already exists",
				RCF_A_SWITCH_ID);
	if (!c->has_ports)
		c->ports = RCF_SWITCH_DEF_PORTS;
	if (c->ports < RCF_SWITCH_MIN_PORTS || c->ports > RCF_SWITCH_MAX_PORTS)
		return rcf_fail(e, ERANGE, "switch port count is out of range",
				RCF_A_SWITCH_PORTS);
	if (!c->has_cq_size)
		c->cq_size = f->cq_size;
	if (c->cq_size < RCF_CQ_MIN_SIZE || c->cq_size > RCF_CQ_MAX_SIZE)
		return rcf_fail(e, ERANGE, "central queue size is out of range",
				RCF_A_SWITCH_CQ_SIZE);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	s = rcf_zalloc(f, sizeof(*s));
	if (!s)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	s->id = c->id;
	s->ports = c->ports;
	s->cq_size = c->cq_size;
	for (i = 0; i < RCF_SWITCH_MAX_PORTS; i++) {
		s->port_link[i] = RCF_NONE;
		s->circ_out[i] = RCF_NO_CIRCUIT;
	}
	if (rcf_put(f, RCF_J_SWITCH, &f->switches, c->id, s)) {
		rcf_free(f, s);
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	}
	return 0;
}

int rcf_switch_del(struct rcf_fabric *f, u32 id, struct rcf_err *e)
{
	struct rcf_switch *s = rcf_switch_get(f, id);

	if (!s)
		return rcf_fail(e, ENOENT, "no such switch", RCF_A_SWITCH_ID);
	if (s->nlinks)
		return rcf_fail(e, EBUSY,
				"switch still has links; delete them first",
				RCF_A_SWITCH_ID);
	if (s->ncircuits)
		return rcf_fail(e, EBUSY,
				"switch still has circuits; delete them first",
				RCF_A_SWITCH_ID);
	if (rcf_rel_get(f, id))
		return rcf_fail(e, EBUSY,
				"switch still has a routing relation; delete it first",
				RCF_A_SWITCH_ID);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	if (rcf_remove(f, RCF_J_SWITCH, &f->switches, id))
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	return 0;
}

int rcf_switch_set(struct rcf_fabric *f, const struct rcf_switch_cfg *c,
		   struct rcf_err *e)
{
	struct rcf_switch *s = rcf_switch_get(f, c->id);

	if (!s)
		return rcf_fail(e, ENOENT, "no such switch", RCF_A_SWITCH_ID);
	if (c->has_ports && c->ports != s->ports)
		return rcf_fail(e, EINVAL,
				"switch port count is set at creation only",
				RCF_A_SWITCH_PORTS);
	if (!c->has_cq_size)
		return 0;
	if (c->cq_size < RCF_CQ_MIN_SIZE || c->cq_size > RCF_CQ_MAX_SIZE)
		return rcf_fail(e, ERANGE, "central queue size is out of range",
				RCF_A_SWITCH_CQ_SIZE);
	/* the same size again is no change to the engine */
	if (c->cq_size != s->cq_size)
		rcf_txn_mark(f, RCF_TXN_FABRIC);
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, c->id, sizeof(*s));
	if (!s)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	s->cq_size = c->cq_size;
	return 0;
}

struct rcf_switch *rcf_switch_get(struct rcf_fabric *f, u32 id)
{
	return rcf_vec_get(&f->switches, id);
}

struct rcf_switch *rcf_switch_next(struct rcf_fabric *f, u32 from)
{
	for (; from < f->switches.cap; from++)
		if (f->switches.v[from])
			return f->switches.v[from];
	return NULL;
}

int rcf_fabric_flush(struct rcf_fabric *f, struct rcf_err *e)
{
	struct rcf_route *r;
	struct rcf_circuit c;
	struct rcf_link *l;
	struct rcf_switch *s;
	struct rcf_node *n;
	u32 src = 0, dst = 0, sw = 0, in = 0, id = 0;
	struct rcf_path *p;
	int err;

	/* the fabric goes: paths go whatever their mastership */
	while ((p = rcf_path_next(f, id))) {
		id = p->id;
		err = rcf_path_del(f, id, true, e);
		if (err)
			return err;
	}
	id = 0;
	while ((r = rcf_route_next(f, src, dst, 0))) {
		src = r->src;
		dst = r->dst;
		err = rcf_route_del(f, src, dst, -1, e);
		if (err)
			return err;
	}
	while (rcf_circuit_next(f, sw, in, &c)) {
		sw = c.sw;
		in = c.in_port;
		err = rcf_circuit_del(f, sw, in, e);
		if (err)
			return err;
	}
	while ((l = rcf_link_next(f, id))) {
		id = l->id;
		err = rcf_link_del(f, id, e);
		if (err)
			return err;
	}
	id = 0;
	while ((s = rcf_switch_next(f, id))) {
		id = s->id;
		err = rcf_rel_get(f, id) ? rcf_rel_del(f, id, e) : 0;
		if (!err)
			err = rcf_switch_del(f, id, e);
		if (err)
			return err;
	}
	id = 0;
	while ((n = rcf_node_next(f, id))) {
		id = n->id;
		err = rcf_node_del(f, id, e);
		if (err)
			return err;
	}
	return 0;
}
