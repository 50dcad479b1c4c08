// SPDX-License-Identifier: GPL-2.0
/*
 * One NEW, DEL or SET operation applied to the fabric inside an open
 * transaction: attributes to model calls, and model refusals to
 * extended acks.  Top-level requests and batch operations share it.
 */
#include <linux/sort.h>

#include "rcf.h"

static bool rcf_missing(struct rcf_req *req, u32 attr)
{
	if (req->tb[attr])
		return false;
	NL_SET_ERR_ATTR_MISS(req->extack, (struct nlattr *)req->nest, attr);
	rcf_fail(&req->err, EINVAL, "a required attribute is missing", 0);
	return true;
}

static u32 rcf_u32(struct rcf_req *req, u32 attr, u32 def)
{
	return req->tb[attr] ? nla_get_u32(req->tb[attr]) : def;
}

static int rcf_queue(struct rcf_req *req, u8 cmd, const void *obj, size_t len)
{
	if (rcf_event_add(req, cmd, obj, len))
		return rcf_fail(&req->err, ENOMEM, "out of memory", 0);
	return 0;
}

/* RCF_A_NODE_ADDRS into c; the nest policy checked each length. */
static int rcf_parse_addrs(struct rcf_req *req, struct rcf_node_cfg *c)
{
	const struct nlattr *a, *nest = req->tb[RCF_A_NODE_ADDRS];
	int rem;

	if (!nest)
		return 0;
	c->has_addrs = true;
	nla_for_each_nested(a, nest, rem) {
		struct rcf_addr *d;

		if (nla_type(a) != RCF_ADDR_IN && nla_type(a) != RCF_ADDR_IN6)
			continue;
		if (c->naddr == RCF_NODE_MAX_ADDRS)
			return rcf_fail(&req->err, E2BIG,
					"a node has at most 8 addresses",
					RCF_A_NODE_ADDRS);
		d = &c->addrs[c->naddr++];
		d->v6 = nla_type(a) == RCF_ADDR_IN6;
		nla_memcpy(d->a, a, d->v6 ? 16 : 4);
	}
	return 0;
}

static int rcf_apply_node(struct rcf_req *req, u8 cmd)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_node_cfg c = {};
	struct rcf_node *n, copy;
	int err;

	if (cmd == RCF_CMD_NODE_NEW) {
		c.has_id = !!req->tb[RCF_A_NODE_ID];
		c.id = rcf_u32(req, RCF_A_NODE_ID, 0);
		c.has_ports = !!req->tb[RCF_A_NODE_PORTS];
		c.ports = rcf_u32(req, RCF_A_NODE_PORTS, 0);
		if (req->tb[RCF_A_NODE_IFNAME])
			nla_strscpy(c.ifname, req->tb[RCF_A_NODE_IFNAME],
				    sizeof(c.ifname));
		err = rcf_parse_addrs(req, &c);
		if (err)
			return err;
		err = rcf_node_add(f, &c, &req->err);
		if (err)
			return err;
		return rcf_queue(req, cmd, rcf_node_get(f, c.id),
				 sizeof(struct rcf_node));
	}
	if (rcf_missing(req, RCF_A_NODE_ID))
		return -EINVAL;
	n = rcf_node_get(f, nla_get_u32(req->tb[RCF_A_NODE_ID]));
	if (!n)
		return rcf_fail(&req->err, ENOENT, "no such node",
				RCF_A_NODE_ID);
	copy = *n;
	if (cmd == RCF_CMD_NODE_DEL) {
		err = rcf_node_del(f, copy.id, &req->err);
		if (err)
			return err;
	} else {
		/* the model refuses a port count that is not the node's */
		c.has_ports = !!req->tb[RCF_A_NODE_PORTS];
		c.ports = rcf_u32(req, RCF_A_NODE_PORTS, 0);
		c.id = copy.id;
		err = rcf_parse_addrs(req, &c);
		if (!err)
			err = rcf_node_set(f, &c, &req->err);
		if (err)
			return err;
		copy = *rcf_node_get(f, c.id);
	}
	return rcf_queue(req, cmd, &copy, sizeof(copy));
}

static int rcf_apply_switch(struct rcf_req *req, u8 cmd)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_switch_cfg c = {};
	struct rcf_switch *s, copy;
	int err;

	c.has_id = !!req->tb[RCF_A_SWITCH_ID];
	c.id = rcf_u32(req, RCF_A_SWITCH_ID, 0);
	c.has_ports = !!req->tb[RCF_A_SWITCH_PORTS];
	c.ports = rcf_u32(req, RCF_A_SWITCH_PORTS, 0);
	c.has_cq_size = !!req->tb[RCF_A_SWITCH_CQ_SIZE];
	c.cq_size = rcf_u32(req, RCF_A_SWITCH_CQ_SIZE, 0);
	if (cmd == RCF_CMD_SWITCH_NEW) {
		err = rcf_switch_add(f, &c, &req->err);
		if (err)
			return err;
		return rcf_queue(req, cmd, rcf_switch_get(f, c.id),
				 sizeof(struct rcf_switch));
	}
	if (rcf_missing(req, RCF_A_SWITCH_ID))
		return -EINVAL;
	s = rcf_switch_get(f, c.id);
	if (!s)
		return rcf_fail(&req->err, ENOENT, "no such switch",
				RCF_A_SWITCH_ID);
	copy = *s;
	if (cmd == RCF_CMD_SWITCH_DEL)
		err = rcf_switch_del(f, c.id, &req->err);
	else
		err = rcf_switch_set(f, &c, &req->err);
	if (err)
		return err;
	if (cmd == RCF_CMD_SWITCH_SET)
		copy = *rcf_switch_get(f, c.id);
	return rcf_queue(req, cmd, &copy, sizeof(copy));
}

static int rcf_parse_end(struct rcf_req *req, u32 attr, struct rcf_end *end)
{
	struct nlattr *etb[RCF_END_MAX + 1];
	u32 i;
	int err;

	if (rcf_missing(req, attr))
		return -EINVAL;
	err = nla_parse_nested(etb, RCF_END_MAX, req->tb[attr], NULL, NULL);
	if (err)
		return rcf_fail(&req->err, -err, "malformed link end", attr);
	for (i = RCF_END_KIND; i <= RCF_END_PORT; i++) {
		if (!etb[i]) {
			NL_SET_ERR_ATTR_MISS(req->extack, req->tb[attr], i);
			return rcf_fail(&req->err, EINVAL,
					"link end needs a kind, an id and a port",
					attr);
		}
	}
	end->kind = nla_get_u8(etb[RCF_END_KIND]);
	end->id = nla_get_u32(etb[RCF_END_ID]);
	end->port = nla_get_u32(etb[RCF_END_PORT]);
	return 0;
}

/*
 * The paths crossing link lid that are not broken yet: a SET taking the
 * link down breaks them (Wijnen §IV), and each gets a PATH_SET event.
 * *ids is kmalloc'ed, NULL when there are none; -ENOMEM.
 */
static int rcf_paths_crossing(struct rcf_fabric *f, u32 lid, u32 **ids,
			      u32 *n)
{
	struct rcf_link *l = rcf_link_get(f, lid);
	struct rcf_path *p;
	u32 id;

	*ids = NULL;
	*n = 0;
	if (!l || !l->paths)
		return 0;
	*ids = kmalloc_array(l->paths, sizeof(**ids), GFP_KERNEL_ACCOUNT);
	if (!*ids)
		return -ENOMEM;
	for (id = 0; (p = rcf_path_next(f, id)) && *n < l->paths;
	     id = p->id + 1)
		if (p->state != RCF_PATH_BROKEN && rcf_path_crosses(f, p, lid))
			(*ids)[(*n)++] = p->id;
	return 0;
}

static int rcf_queue_broken(struct rcf_req *req, const u32 *ids, u32 n)
{
	struct rcf_path *p;
	int err = 0;
	u32 i;

	for (i = 0; i < n && !err; i++) {
		p = rcf_path_get(req->fab, ids[i]);
		if (p && p->state == RCF_PATH_BROKEN) {
			req->paths_changed = true;
			err = rcf_queue(req, RCF_CMD_PATH_SET, p, sizeof(*p));
		}
	}
	return err;
}

static int rcf_apply_link(struct rcf_req *req, u8 cmd)
{
	static const struct {
		u32 attr, flag;
	} params[] = {
		{ RCF_A_LINK_BANDWIDTH, RCF_LSET_BANDWIDTH },
		{ RCF_A_LINK_LATENCY, RCF_LSET_LATENCY },
		{ RCF_A_LINK_VCS, RCF_LSET_VCS },
		{ RCF_A_LINK_BUF_SIZE, RCF_LSET_BUF },
	};
	struct rcf_fabric *f = req->fab;
	struct rcf_link_cfg c = {};
	struct rcf_link *l, copy;
	u32 *broken = NULL, nbroken = 0;
	unsigned int i;
	int err;

	c.has_id = !!req->tb[RCF_A_LINK_ID];
	c.id = rcf_u32(req, RCF_A_LINK_ID, 0);
	c.bandwidth = rcf_u32(req, RCF_A_LINK_BANDWIDTH, 0);
	c.latency = rcf_u32(req, RCF_A_LINK_LATENCY, 0);
	c.vcs = rcf_u32(req, RCF_A_LINK_VCS, 0);
	c.buf_size = rcf_u32(req, RCF_A_LINK_BUF_SIZE, 0);
	for (i = 0; i < ARRAY_SIZE(params); i++)
		if (req->tb[params[i].attr])
			c.set |= params[i].flag;
	if (req->tb[RCF_A_LINK_STATE]) {
		c.set |= RCF_LSET_STATE;
		c.state = nla_get_u8(req->tb[RCF_A_LINK_STATE]);
	}
	if (cmd == RCF_CMD_LINK_NEW) {
		err = rcf_parse_end(req, RCF_A_LINK_END_A, &c.a);
		if (!err)
			err = rcf_parse_end(req, RCF_A_LINK_END_B, &c.b);
		if (!err)
			err = rcf_link_add(f, &c, &req->err);
		if (err)
			return err;
		return rcf_queue(req, cmd, rcf_link_get(f, c.id),
				 sizeof(struct rcf_link));
	}
	if (rcf_missing(req, RCF_A_LINK_ID))
		return -EINVAL;
	l = rcf_link_get(f, c.id);
	if (!l)
		return rcf_fail(&req->err, ENOENT, "no such link",
				RCF_A_LINK_ID);
	copy = *l;
	if (cmd == RCF_CMD_LINK_SET && (c.set & RCF_LSET_STATE) &&
	    c.state != RCF_LINK_UP &&
	    rcf_paths_crossing(f, c.id, &broken, &nbroken))
		return rcf_fail(&req->err, ENOMEM, "out of memory", 0);
	if (cmd == RCF_CMD_LINK_DEL)
		err = rcf_link_del(f, c.id, &req->err);
	else
		err = rcf_link_set(f, &c, &req->err);
	if (!err && cmd == RCF_CMD_LINK_SET)
		copy = *rcf_link_get(f, c.id);
	if (!err)
		err = rcf_queue(req, cmd, &copy, sizeof(copy));
	/* the link's event first: it is what broke them */
	if (!err)
		err = rcf_queue_broken(req, broken, nbroken);
	kfree(broken);
	return err;
}

static int rcf_apply_circuit(struct rcf_req *req, u8 cmd)
{
	struct rcf_circuit c = {};
	int err;

	if (rcf_missing(req, RCF_A_CIRCUIT_SWITCH) ||
	    rcf_missing(req, RCF_A_CIRCUIT_IN_PORT) ||
	    (cmd != RCF_CMD_CIRCUIT_DEL &&
	     rcf_missing(req, RCF_A_CIRCUIT_OUT_PORT)))
		return -EINVAL;
	c.sw = nla_get_u32(req->tb[RCF_A_CIRCUIT_SWITCH]);
	c.in_port = nla_get_u32(req->tb[RCF_A_CIRCUIT_IN_PORT]);
	c.out_port = rcf_u32(req, RCF_A_CIRCUIT_OUT_PORT, 0);
	if (cmd == RCF_CMD_CIRCUIT_NEW) {
		err = rcf_circuit_add(req->fab, &c, &req->err);
	} else if (cmd == RCF_CMD_CIRCUIT_SET) {
		err = rcf_circuit_set(req->fab, &c, &req->err);
	} else {
		rcf_circuit_get(req->fab, c.sw, c.in_port, &c);
		err = rcf_circuit_del(req->fab, c.sw, c.in_port, &req->err);
	}
	if (err)
		return err;
	if (cmd != RCF_CMD_CIRCUIT_DEL)
		rcf_circuit_get(req->fab, c.sw, c.in_port, &c);
	return rcf_queue(req, cmd, &c, sizeof(c));
}

static int rcf_apply_path(struct rcf_req *req, u8 cmd)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_path p = {}, *live;
	const struct nlattr *hops;
	bool returned;
	int err;

	if (cmd == RCF_CMD_PATH_NEW) {
		if (rcf_missing(req, RCF_A_PATH_MASTER) ||
		    rcf_missing(req, RCF_A_PATH_DST) ||
		    rcf_missing(req, RCF_A_PATH_HOPS))
			return -EINVAL;
		p.id = rcf_u32(req, RCF_A_PATH_ID, 0);
		p.master = nla_get_u32(req->tb[RCF_A_PATH_MASTER]);
		p.dst = nla_get_u32(req->tb[RCF_A_PATH_DST]);
		hops = req->tb[RCF_A_PATH_HOPS];
		p.nhops = nla_len(hops);
		nla_memcpy(p.hops, hops, sizeof(p.hops));
		err = rcf_path_add(f, &p, !!req->tb[RCF_A_PATH_ID], &req->err);
		if (err)
			return err;
		req->paths_changed = true;
		return rcf_queue(req, cmd, rcf_path_get(f, p.id),
				 sizeof(struct rcf_path));
	}
	if (rcf_missing(req, RCF_A_PATH_ID) ||
	    (cmd == RCF_CMD_PATH_SET && rcf_missing(req, RCF_A_PATH_STATE)))
		return -EINVAL;
	live = rcf_path_get(f, nla_get_u32(req->tb[RCF_A_PATH_ID]));
	if (!live)
		return rcf_fail(&req->err, ENOENT, "no such path",
				RCF_A_PATH_ID);
	p = *live;
	if (cmd == RCF_CMD_PATH_DEL) {
		/* only the data path knows the mastership came back */
		returned = rcf_dp_path_is_returned(req->rn->dp, &p);
		err = rcf_path_del(f, p.id, returned, &req->err);
	} else {
		err = rcf_path_set(f, p.id,
				   nla_get_u8(req->tb[RCF_A_PATH_STATE]),
				   &req->err);
		if (!err)
			p = *rcf_path_get(f, p.id);
	}
	if (err)
		return err;
	req->paths_changed = true;
	return rcf_queue(req, cmd, &p, sizeof(p));
}

static int rcf_apply_route(struct rcf_req *req, u8 cmd)
{
	struct rcf_route r = {};
	struct list_head *tail;
	int index = -1, err;

	if (rcf_missing(req, RCF_A_ROUTE_SRC) ||
	    rcf_missing(req, RCF_A_ROUTE_DST) ||
	    (cmd != RCF_CMD_ROUTE_DEL && rcf_missing(req, RCF_A_ROUTE_HOPS)) ||
	    (cmd == RCF_CMD_ROUTE_SET && rcf_missing(req, RCF_A_ROUTE_INDEX)))
		return -EINVAL;
	r.src = nla_get_u32(req->tb[RCF_A_ROUTE_SRC]);
	r.dst = nla_get_u32(req->tb[RCF_A_ROUTE_DST]);
	if (req->tb[RCF_A_ROUTE_INDEX])
		index = nla_get_u8(req->tb[RCF_A_ROUTE_INDEX]);
	if (req->tb[RCF_A_ROUTE_HOPS]) {
		r.nhops = nla_len(req->tb[RCF_A_ROUTE_HOPS]);
		nla_memcpy(r.hops, req->tb[RCF_A_ROUTE_HOPS], sizeof(r.hops));
	}
	r.index = index < 0 ? 0 : index;
	if (cmd == RCF_CMD_ROUTE_NEW)
		err = rcf_route_add(req->fab, &r, index, &req->err);
	else if (cmd == RCF_CMD_ROUTE_SET)
		err = rcf_route_set(req->fab, &r, &req->err);
	else
		err = rcf_route_del(req->fab, r.src, r.dst, index, &req->err);
	if (err)
		return err;
	tail = req->events.prev;
	err = rcf_queue(req, cmd, &r, sizeof(r));
	/* No event is queued while nobody listens. */
	if (!err && cmd == RCF_CMD_ROUTE_DEL && index < 0 &&
	    req->events.prev != tail)
		list_last_entry(&req->events, struct rcf_event,
				list)->all_routes = true;
	return err;
}

/*
 * One RCF_RENT_CAND of switch sw into c; the nest policy checked each
 * value, the input mask is checked here against the switch's ports, and
 * keep against a VC named, so that the extended ack points at them.
 */
static int rcf_parse_rel_cand(struct rcf_req *req, u32 sw,
			      const struct nlattr *nest, struct rcf_rel_cand *c)
{
	const struct rcf_switch *s = rcf_switch_get(req->fab, sw);
	struct nlattr *tb[RCF_RCAND_MAX + 1];
	u8 vc = 0;

	if (nla_parse_nested(tb, RCF_RCAND_MAX, nest, NULL, NULL) ||
	    !tb[RCF_RCAND_PORT]) {
		NL_SET_BAD_ATTR(req->extack, nest);
		return rcf_fail(&req->err, EINVAL,
				"a relation candidate needs a port", 0);
	}
	if (tb[RCF_RCAND_VC])
		vc = nla_get_u8(tb[RCF_RCAND_VC]);
	c->hop = RCF_HOP(nla_get_u8(tb[RCF_RCAND_PORT]), vc);
	c->cls = tb[RCF_RCAND_ESCAPE] ? RCF_REL_ESCAPE : RCF_REL_ADAPTIVE;
	c->in = tb[RCF_RCAND_IN] ? nla_get_u32(tb[RCF_RCAND_IN]) : 0;
	c->vin = tb[RCF_RCAND_VIN] ? nla_get_u8(tb[RCF_RCAND_VIN]) : 0;
	c->keep = !!tb[RCF_RCAND_KEEP];
	if (c->keep && vc) {
		NL_SET_BAD_ATTR(req->extack, tb[RCF_RCAND_KEEP]);
		return rcf_fail(&req->err, EINVAL,
				"a relation candidate that keeps the input VC names no VC",
				0);
	}
	if (s && s->ports < 32 && c->in >> s->ports) {
		NL_SET_BAD_ATTR(req->extack, tb[RCF_RCAND_IN]);
		return rcf_fail(&req->err, ERANGE,
				"a relation candidate's input mask names a port the switch does not have",
				0);
	}
	return 0;
}

/*
 * One RCF_A_REL_ENTRY into ent, checked against switch sw as the model
 * will check it, so that the extended ack names the entry at fault.
 */
static int rcf_parse_rel_ent(struct rcf_req *req, u32 sw,
			     const struct nlattr *nest, struct rcf_rel_ent *ent)
{
	struct nlattr *tb[RCF_RENT_MAX + 1];
	const struct nlattr *a;
	int rem, err;

	if (nla_parse_nested(tb, RCF_RENT_MAX, nest, NULL, NULL) ||
	    !tb[RCF_RENT_DST]) {
		NL_SET_BAD_ATTR(req->extack, nest);
		return rcf_fail(&req->err, EINVAL,
				"a relation entry needs a destination", 0);
	}
	ent->dst = nla_get_u32(tb[RCF_RENT_DST]);
	ent->n = 0;
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != RCF_RENT_CAND)
			continue;
		if (ent->n == RCF_REL_MAX_CAND) {
			NL_SET_BAD_ATTR(req->extack, a);
			return rcf_fail(&req->err, E2BIG,
					"a relation entry has at most 8 candidates",
					0);
		}
		err = rcf_parse_rel_cand(req, sw, a, &ent->c[ent->n]);
		if (err)
			return err;
		ent->n++;
	}
	err = rcf_rel_check_ent(req->fab, sw, ent, &req->err);
	if (err)
		NL_SET_BAD_ATTR(req->extack, nest);
	return err;
}

static int rcf_rel_ent_cmp(const void *a, const void *b)
{
	u32 x = ((const struct rcf_rel_ent *)a)->dst;
	u32 y = ((const struct rcf_rel_ent *)b)->dst;

	return x < y ? -1 : x > y;
}

/*
 * REL_SET: the entries come in any order; the model wants them by
 * destination, and a destination twice is refused rather than one of
 * them silently winning.
 */
static int rcf_apply_rel_set(struct rcf_req *req, u32 sw)
{
	const struct nlattr *a, *head = req->head;
	int rem, len = req->headlen, err = 0;
	struct rcf_rel_ent *ents;
	u32 n = 0, i;

	if (req->nest) {
		head = nla_data(req->nest);
		len = nla_len(req->nest);
	}
	nla_for_each_attr(a, head, len, rem)
		if (nla_type(a) == RCF_A_REL_ENTRY)
			n++;
	if (!n)
		return rcf_fail(&req->err, EINVAL,
				"a relation needs at least one entry (REL_DEL removes one)",
				RCF_A_REL_SWITCH);
	if (n > RCF_MAX_NODES)
		return rcf_fail(&req->err, E2BIG,
				"a relation has at most one entry per node",
				RCF_A_REL_SWITCH);
	ents = kvcalloc(n, sizeof(*ents), GFP_KERNEL_ACCOUNT);
	if (!ents)
		return rcf_fail(&req->err, ENOMEM, "out of memory", 0);
	i = 0;
	nla_for_each_attr(a, head, len, rem) {
		if (nla_type(a) != RCF_A_REL_ENTRY)
			continue;
		err = rcf_parse_rel_ent(req, sw, a, &ents[i++]);
		if (err)
			goto out;
	}
	sort(ents, n, sizeof(*ents), rcf_rel_ent_cmp, NULL);
	for (i = 1; i < n; i++) {
		if (ents[i].dst == ents[i - 1].dst) {
			err = rcf_fail(&req->err, EEXIST,
				       "a relation names a destination twice",
				       RCF_A_REL_SWITCH);
			goto out;
		}
	}
	err = rcf_rel_set(req->fab, sw, ents, n, &req->err);
	if (!err)
		err = rcf_queue(req, RCF_CMD_REL_SET, &sw, sizeof(sw));
out:
	kvfree(ents);
	return err;
}

/* REL_DEL of one switch, or of every relation without RCF_A_REL_SWITCH */
static int rcf_apply_rel_del(struct rcf_req *req)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_switch *s;
	u32 sw;
	int err;

	if (req->tb[RCF_A_REL_SWITCH]) {
		sw = nla_get_u32(req->tb[RCF_A_REL_SWITCH]);
		if (!rcf_switch_get(f, sw))
			return rcf_fail(&req->err, ENOENT, "no such switch",
					RCF_A_REL_SWITCH);
		err = rcf_rel_del(f, sw, &req->err);
		if (err) {
			req->err.attr = RCF_A_REL_SWITCH;
			return err;
		}
		return rcf_queue(req, RCF_CMD_REL_DEL, &sw, sizeof(sw));
	}
	for (sw = 0; (s = rcf_switch_next(f, sw)); sw = s->id + 1) {
		if (!rcf_rel_get(f, s->id))
			continue;
		err = rcf_rel_del(f, s->id, &req->err);
		if (!err)
			err = rcf_queue(req, RCF_CMD_REL_DEL, &s->id,
					sizeof(s->id));
		if (err)
			return err;
	}
	return 0;
}

static int rcf_apply_rel(struct rcf_req *req, u8 cmd)
{
	u32 sw;

	if (cmd == RCF_CMD_REL_DEL)
		return rcf_apply_rel_del(req);
	if (rcf_missing(req, RCF_A_REL_SWITCH))
		return -EINVAL;
	sw = nla_get_u32(req->tb[RCF_A_REL_SWITCH]);
	if (!rcf_switch_get(req->fab, sw))
		return rcf_fail(&req->err, ENOENT, "no such switch",
				RCF_A_REL_SWITCH);
	return rcf_apply_rel_set(req, sw);
}

/*
 * The fabric's own memory limit: the owner may narrow, never widen, what
 * the administrator allows, and 0 takes the administrator's value again.
 * The messages are constant: 6.1 has no formatted extack, and a buffer
 * shared by concurrent requests could change under netlink_ack's copy.
 */
static int rcf_apply_mem_limit(struct rcf_req *req)
{
	u64 want = nla_get_u64(req->tb[RCF_A_FABRIC_MEM_LIMIT]);
	u64 max = rcf_fabric_mem_default();

	if (max && want > max)
		return rcf_fail(&req->err, ERANGE,
				"mem-limit is above rcf.ko fabric_mem_limit",
				RCF_A_FABRIC_MEM_LIMIT);
	return rcf_fabric_set_mem_limit(req->fab, want ? want : max,
					want != 0, &req->err);
}

/*
 * The model settings the request names, over what the fabric (or an
 * earlier operation of the batch) has: each is one attribute, and a
 * FABRIC_SET of one leaves the others as they were.
 */
static void rcf_apply_model(struct rcf_req *req)
{
	struct nlattr **tb = req->tb;
	struct rcf_dp_model *m = &req->model;

	if (!tb[RCF_A_FABRIC_CQ_OFF] && !tb[RCF_A_FABRIC_ROUTE_DELAY] &&
	    !tb[RCF_A_FABRIC_ALLOC] && !tb[RCF_A_FABRIC_RAW] &&
	    !tb[RCF_A_FABRIC_SELECT] && !tb[RCF_A_FABRIC_ROUTING])
		return;
	if (!req->set_model)
		rcf_dp_model_get(&req->rn->dp->model, m);
	req->set_model = true;
	if (tb[RCF_A_FABRIC_CQ_OFF])
		m->cfg.cq_off = nla_get_u8(tb[RCF_A_FABRIC_CQ_OFF]);
	if (tb[RCF_A_FABRIC_ROUTE_DELAY])
		m->cfg.route_delay = nla_get_u32(tb[RCF_A_FABRIC_ROUTE_DELAY]);
	if (tb[RCF_A_FABRIC_ALLOC])
		m->cfg.alloc = nla_get_u8(tb[RCF_A_FABRIC_ALLOC]);
	if (tb[RCF_A_FABRIC_RAW])
		m->raw = nla_get_u8(tb[RCF_A_FABRIC_RAW]);
	if (tb[RCF_A_FABRIC_SELECT])
		m->cfg.select = nla_get_u8(tb[RCF_A_FABRIC_SELECT]);
	if (tb[RCF_A_FABRIC_ROUTING])
		m->dest = nla_get_u8(tb[RCF_A_FABRIC_ROUTING]) ==
			  RCF_ROUTING_RELATION;
}

int rcf_apply(struct rcf_req *req, u8 cmd)
{
	int err;

	switch (cmd) {
	case RCF_CMD_FABRIC_NEW:
	case RCF_CMD_FABRIC_SET:
		/* Data-path settings take effect when the request commits. */
		if (req->tb[RCF_A_FABRIC_CLOCK_HZ]) {
			req->set_clock = true;
			req->clock_hz = nla_get_u64(req->tb[RCF_A_FABRIC_CLOCK_HZ]);
		}
		if (req->tb[RCF_A_FABRIC_ROUTE_POLICY]) {
			req->set_policy = true;
			req->policy =
				nla_get_u8(req->tb[RCF_A_FABRIC_ROUTE_POLICY]);
		}
		if (req->tb[RCF_A_FABRIC_ENGINE_EXACT]) {
			req->set_engine = true;
			req->engine_exact =
				nla_get_u8(req->tb[RCF_A_FABRIC_ENGINE_EXACT]);
		}
		rcf_apply_model(req);
		if (req->tb[RCF_A_FABRIC_MSG_THRESHOLD]) {
			req->set_thresh = true;
			req->msg_threshold =
				nla_get_u32(req->tb[RCF_A_FABRIC_MSG_THRESHOLD]);
		}
		if (req->tb[RCF_A_FABRIC_PATH_TIMEOUT_MS]) {
			req->set_path_timeout = true;
			req->path_timeout_ms =
				nla_get_u32(req->tb[RCF_A_FABRIC_PATH_TIMEOUT_MS]);
		}
		if (req->tb[RCF_A_FABRIC_MEM_LIMIT]) {
			err = rcf_apply_mem_limit(req);
			if (err)
				return err;
		}
		if (req->tb[RCF_A_FABRIC_CQ_SIZE]) {
			err = rcf_fabric_set_cq(req->fab,
						nla_get_u32(req->tb[RCF_A_FABRIC_CQ_SIZE]),
						&req->err);
			if (err)
				return err;
		}
		return rcf_queue(req, cmd, NULL, 0);
	case RCF_CMD_NODE_NEW:
	case RCF_CMD_NODE_DEL:
	case RCF_CMD_NODE_SET:
		return rcf_apply_node(req, cmd);
	case RCF_CMD_SWITCH_NEW:
	case RCF_CMD_SWITCH_DEL:
	case RCF_CMD_SWITCH_SET:
		return rcf_apply_switch(req, cmd);
	case RCF_CMD_LINK_NEW:
	case RCF_CMD_LINK_DEL:
	case RCF_CMD_LINK_SET:
		return rcf_apply_link(req, cmd);
	case RCF_CMD_CIRCUIT_NEW:
	case RCF_CMD_CIRCUIT_DEL:
	case RCF_CMD_CIRCUIT_SET:
		return rcf_apply_circuit(req, cmd);
	case RCF_CMD_ROUTE_NEW:
	case RCF_CMD_ROUTE_DEL:
	case RCF_CMD_ROUTE_SET:
		return rcf_apply_route(req, cmd);
	case RCF_CMD_PATH_NEW:
	case RCF_CMD_PATH_DEL:
	case RCF_CMD_PATH_SET:
		return rcf_apply_path(req, cmd);
	case RCF_CMD_REL_SET:
	case RCF_CMD_REL_DEL:
		return rcf_apply_rel(req, cmd);
	}
	return rcf_fail(&req->err, EOPNOTSUPP,
			"a batch operation must be a NEW, DEL or SET of an object, or FABRIC_SET",
			RCF_A_OP_CMD);
}

/* Turns the model's refusal into the extended ack. */
void rcf_req_error(struct rcf_req *req)
{
	struct netlink_ext_ack *extack = req->extack;

	if (extack && req->err.err == ENOMEM && req->fab &&
	    req->fab->mem_hit) {
		/* which limit: the owner raises its own, not the module's */
		if (req->fab->mem_hit_own)
			NL_SET_ERR_MSG(extack,
				       "the fabric's memory limit is reached: its own mem-limit");
		else
			NL_SET_ERR_MSG(extack,
				       "the fabric's memory limit is reached: rcf.ko fabric_mem_limit");
		return;
	}
	if (!extack || !req->err.msg)
		return;
	extack->_msg = req->err.msg;
	if (req->err.attr && req->err.attr <= RCF_A_MAX && req->tb &&
	    req->tb[req->err.attr])
		extack->bad_attr = req->tb[req->err.attr];
}
