// SPDX-License-Identifier: GPL-2.0
/* Links: full-duplex joins of two (element, port) ends. */
#include "model.h"

/* Ports of the element an end names, or 0 when it does not exist. */
static u32 rcf_end_ports(struct rcf_fabric *f, const struct rcf_end *end)
{
	if (end->kind == RCF_ELEM_NODE) {
		struct rcf_node *n = rcf_node_get(f, end->id);

		return n ? n->ports : 0;
	}
	if (end->kind == RCF_ELEM_SWITCH) {
		struct rcf_switch *s = rcf_switch_get(f, end->id);

		return s ? s->ports : 0;
	}
	return 0;
}

/* The port's link slot, its element journaled for change. */
static u32 *rcf_end_touch(struct rcf_fabric *f, const struct rcf_end *end,
			  u32 **nlinks)
{
	struct rcf_switch *s;

	if (end->kind == RCF_ELEM_NODE) {
		struct rcf_node *n = rcf_touch(f, RCF_J_NODE, &f->nodes,
					       end->id, sizeof(*n));

		if (!n)
			return NULL;
		*nlinks = &n->nlinks;
		return &n->port_link[end->port];
	}
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, end->id, sizeof(*s));
	if (!s)
		return NULL;
	*nlinks = &s->nlinks;
	return &s->port_link[end->port];
}

u32 rcf_end_link(struct rcf_fabric *f, const struct rcf_end *end)
{
	if (end->kind == RCF_ELEM_NODE) {
		struct rcf_node *n = rcf_node_get(f, end->id);

		return n && end->port < n->ports ? n->port_link[end->port] :
						   RCF_NONE;
	}
	if (end->kind == RCF_ELEM_SWITCH) {
		struct rcf_switch *s = rcf_switch_get(f, end->id);

		return s && end->port < s->ports ? s->port_link[end->port] :
						   RCF_NONE;
	}
	return RCF_NONE;
}

void rcf_link_cross(struct rcf_fabric *f, u32 lid, struct rcf_end *at)
{
	struct rcf_link *l = rcf_link_get(f, lid);

	if (l->a.kind == at->kind && l->a.id == at->id &&
	    l->a.port == at->port)
		*at = l->b;
	else
		*at = l->a;
}

int rcf_link_count(struct rcf_fabric *f, u32 lid, bool path, int delta,
		   struct rcf_err *e)
{
	struct rcf_link *l;

	l = rcf_touch(f, RCF_J_LINK, &f->links, lid, sizeof(*l));
	if (!l)
		return rcf_nomem(e);
	if (path)
		l->paths += delta;
	else
		l->users += delta;
	return 0;
}

static int rcf_end_check(struct rcf_fabric *f, const struct rcf_end *end,
			 u32 attr, struct rcf_err *e)
{
	u32 ports;

	if (end->kind != RCF_ELEM_NODE && end->kind != RCF_ELEM_SWITCH)
		return rcf_fail(e, EINVAL,
				"link end kind must be node or switch", attr);
	ports = rcf_end_ports(f, end);
	if (!ports)
		return rcf_fail(e, ENOENT,
				end->kind == RCF_ELEM_NODE ?
				"link end names a node that does not exist" :
				"link end names a switch that does not exist",
				attr);
	if (end->port >= ports)
		return rcf_fail(e, ERANGE,
				"link endpoint port is out of range for that element",
				attr);
	if (rcf_end_link(f, end) != RCF_NONE)
		return rcf_fail(e, EBUSY,
				"link endpoint port already carries a link",
				attr);
	return 0;
}

static int rcf_link_params(const struct rcf_link_cfg *c, struct rcf_err *e)
{
	if ((c->set & RCF_LSET_BANDWIDTH) &&
	    (c->bandwidth < 1 || c->bandwidth > RCF_LINK_MAX_BANDWIDTH))
		return rcf_fail(e, ERANGE, "link bandwidth is out of range",
				RCF_A_LINK_BANDWIDTH);
	if ((c->set & RCF_LSET_LATENCY) &&
	    (c->latency < 1 || c->latency > RCF_LINK_MAX_LATENCY))
		return rcf_fail(e, ERANGE, "link latency is out of range",
				RCF_A_LINK_LATENCY);
	if ((c->set & RCF_LSET_VCS) &&
	    (c->vcs < 1 || c->vcs > RCF_LINK_MAX_VCS))
		return rcf_fail(e, ERANGE,
				"link virtual channel count is out of range",
				RCF_A_LINK_VCS);
	if ((c->set & RCF_LSET_BUF) &&
	    (c->buf_size < RCF_LINK_MIN_BUF || c->buf_size > RCF_LINK_MAX_BUF))
		return rcf_fail(e, ERANGE, "link buffer size is out of range",
				RCF_A_LINK_BUF_SIZE);
	if ((c->set & RCF_LSET_STATE) &&
	    c->state != RCF_LINK_DOWN && c->state != RCF_LINK_UP)
		return rcf_fail(e, EINVAL, "link state must be up or down",
				RCF_A_LINK_STATE);
	return 0;
}

/*
 * Whether the fabric's limit holds a link's event queues of from bytes
 * becoming those of l: 0 or -ENOMEM with the reason.  Not a mem_hit: the
 * reason names the queues, not the limit alone.
 */
static int rcf_link_ev_fits(struct rcf_fabric *f, u64 from,
			    const struct rcf_link *l,
			    const struct rcf_link_cfg *c, struct rcf_err *e)
{
	u64 to = rcf_link_ev_bytes(l);
	u32 attr = 0;

	if (!f->mem_limit || to <= from || f->mem + (to - from) <= f->mem_limit)
		return 0;
	if (c->set & RCF_LSET_BUF)
		attr = RCF_A_LINK_BUF_SIZE;
	else if (c->set & RCF_LSET_LATENCY)
		attr = RCF_A_LINK_LATENCY;
	else if (c->set & RCF_LSET_VCS)
		attr = RCF_A_LINK_VCS;
	return rcf_fail(e, ENOMEM, f->mem_own ?
			"the link's event queues (vcs x min(latency, buf-size) entries) do not fit in the fabric's own mem-limit" :
			"the link's event queues (vcs x min(latency, buf-size) entries) do not fit in rcf.ko fabric_mem_limit",
			attr);
}

static void rcf_link_apply(struct rcf_link *l, const struct rcf_link_cfg *c)
{
	if (c->set & RCF_LSET_BANDWIDTH)
		l->bandwidth = c->bandwidth;
	if (c->set & RCF_LSET_LATENCY)
		l->latency = c->latency;
	if (c->set & RCF_LSET_VCS)
		l->vcs = c->vcs;
	if (c->set & RCF_LSET_BUF)
		l->buf_size = c->buf_size;
	if (c->set & RCF_LSET_STATE)
		l->state = c->state;
}

static bool rcf_link_changes(const struct rcf_link *l,
			     const struct rcf_link_cfg *c)
{
	return ((c->set & RCF_LSET_BANDWIDTH) && c->bandwidth != l->bandwidth) ||
	       ((c->set & RCF_LSET_LATENCY) && c->latency != l->latency) ||
	       ((c->set & RCF_LSET_VCS) && c->vcs != l->vcs) ||
	       ((c->set & RCF_LSET_BUF) && c->buf_size != l->buf_size) ||
	       ((c->set & RCF_LSET_STATE) && c->state != l->state);
}

int rcf_link_add(struct rcf_fabric *f, struct rcf_link_cfg *c,
		 struct rcf_err *e)
{
	u32 *slot_a, *slot_b, *nl_a, *nl_b;
	struct rcf_link *l;
	int err;

	if (!c->has_id && rcf_vec_free_key(&f->links, &c->id))
		return rcf_fail(e, ENOSPC, "no free link id", 0);
	if (c->id >= RCF_MAX_LINKS)
		return rcf_fail(e, ERANGE, "link id is out of range",
				RCF_A_LINK_ID);
	if (rcf_link_get(f, c->id))
		return rcf_fail(e, EEXIST, "link already exists",
				RCF_A_LINK_ID);
	err = rcf_end_check(f, &c->a, RCF_A_LINK_END_A, e);
	if (err)
		return err;
	err = rcf_end_check(f, &c->b, RCF_A_LINK_END_B, e);
	if (err)
		return err;
	if (c->a.kind == c->b.kind && c->a.id == c->b.id &&
	    c->a.port == c->b.port)
		return rcf_fail(e, EINVAL, "a link cannot join a port to itself",
				RCF_A_LINK_END_B);
	err = rcf_link_params(c, e);
	if (err)
		return err;
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	l = rcf_zalloc(f, sizeof(*l));
	if (!l)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	l->id = c->id;
	l->a = c->a;
	l->b = c->b;
	l->bandwidth = RCF_LINK_DEF_BANDWIDTH;
	l->latency = RCF_LINK_DEF_LATENCY;
	l->vcs = RCF_LINK_DEF_VCS;
	l->buf_size = RCF_LINK_DEF_BUF;
	l->state = RCF_LINK_UP;
	rcf_link_apply(l, c);
	err = rcf_link_ev_fits(f, 0, l, c, e);
	if (err) {
		rcf_free(f, l);
		return err;
	}
	if (rcf_put(f, RCF_J_LINK, &f->links, c->id, l)) {
		rcf_free(f, l);
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	}
	slot_a = rcf_end_touch(f, &c->a, &nl_a);
	if (!slot_a)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	*slot_a = c->id;
	(*nl_a)++;
	slot_b = rcf_end_touch(f, &c->b, &nl_b);
	if (!slot_b)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	*slot_b = c->id;
	(*nl_b)++;
	return 0;
}

int rcf_link_del(struct rcf_fabric *f, u32 id, struct rcf_err *e)
{
	struct rcf_link *l = rcf_link_get(f, id);
	struct rcf_end a, b;
	u32 *slot, *nl;

	if (!l)
		return rcf_fail(e, ENOENT, "no such link", RCF_A_LINK_ID);
	if (l->users)
		return rcf_fail(e, EBUSY,
				"link is used by routes; delete them first",
				RCF_A_LINK_ID);
	if (l->paths)
		return rcf_fail(e, EBUSY,
				"link is crossed by a path; delete the path first",
				RCF_A_LINK_ID);
	a = l->a;
	b = l->b;
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	if (rcf_remove(f, RCF_J_LINK, &f->links, id))
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	slot = rcf_end_touch(f, &a, &nl);
	if (!slot)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	*slot = RCF_NONE;
	(*nl)--;
	slot = rcf_end_touch(f, &b, &nl);
	if (!slot)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	*slot = RCF_NONE;
	(*nl)--;
	return 0;
}

int rcf_link_set(struct rcf_fabric *f, const struct rcf_link_cfg *c,
		 struct rcf_err *e)
{
	struct rcf_link *l = rcf_link_get(f, c->id), n;
	u64 ev;
	int err;

	if (!l)
		return rcf_fail(e, ENOENT, "no such link", RCF_A_LINK_ID);
	err = rcf_link_params(c, e);
	if (err)
		return err;
	if ((c->set & RCF_LSET_VCS) && c->vcs != l->vcs && l->users)
		return rcf_fail(e, EBUSY,
				"link is used by routes; its virtual channel count cannot change",
				RCF_A_LINK_VCS);
	if ((c->set & RCF_LSET_VCS) && c->vcs != l->vcs && l->paths)
		return rcf_fail(e, EBUSY,
				"link is crossed by a path; its virtual channel count cannot change",
				RCF_A_LINK_VCS);
	/* a path over a failing line is broken (Wijnen §IV, fault tolerance) */
	if ((c->set & RCF_LSET_STATE) && c->state != RCF_LINK_UP &&
	    l->state == RCF_LINK_UP) {
		err = rcf_path_break_link(f, c->id, e);
		if (err)
			return err;
	}
	/* the same parameters again are no change to the engine */
	if (rcf_link_changes(l, c))
		rcf_txn_mark(f, RCF_TXN_FABRIC);
	l = rcf_touch(f, RCF_J_LINK, &f->links, c->id, sizeof(*l));
	if (!l)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	n = *l;
	rcf_link_apply(&n, c);
	ev = rcf_link_ev_bytes(l);
	err = rcf_link_ev_fits(f, ev, &n, c, e);
	if (err)
		return err;
	rcf_link_apply(l, c);
	/* abort counts the queues of the link it puts back */
	f->mem += rcf_link_ev_bytes(l) - ev;
	return 0;
}

struct rcf_link *rcf_link_get(struct rcf_fabric *f, u32 id)
{
	return rcf_vec_get(&f->links, id);
}

struct rcf_link *rcf_link_next(struct rcf_fabric *f, u32 from)
{
	for (; from < f->links.cap; from++)
		if (f->links.v[from])
			return f->links.v[from];
	return NULL;
}
