// SPDX-License-Identifier: GPL-2.0
/*
 * Routes: up to RCF_ROUTES_PER_PAIR source routes per (source, destination)
 * pair, each validated hop by hop against the topology when installed.
 *
 * A route holds a count on every link and circuit crossing it makes; the
 * same walk, replayed, gives those counts back when it goes.  The replay
 * follows the same path because nothing a route crosses can be deleted,
 * rewired or lose virtual channels while the route holds it, and no
 * circuit can appear where it reads a byte at a switch.
 */
#include "model.h"
#include "route_step.h"

enum rcf_walk_mode {
	RCF_WALK_CHECK,	/* validate only */
	RCF_WALK_HOLD,	/* count one more user on everything crossed */
	RCF_WALK_DROP,	/* count one fewer */
};

static u32 rcf_route_key(u32 dst, u32 index)
{
	return dst * RCF_ROUTES_PER_PAIR + index;
}

/*
 * Installed routes are allocated with only the route bytes they use: a
 * full hops[] would be most of a route's memory at sp1:512 (9 of 64).
 * Nothing reads a stored route's hops beyond nhops.
 */
static size_t rcf_route_size(u32 nhops)
{
	return offsetof(struct rcf_route, hops) + nhops;
}

static struct rcf_route *rcf_route_copy(struct rcf_fabric *f,
					const struct rcf_route *r)
{
	struct rcf_route *n = rcf_zalloc(f, rcf_route_size(r->nhops));

	if (n)
		memcpy(n, r, rcf_route_size(r->nhops));
	return n;
}

/*
 * Counts a route at a switch input, in circ_users when it follows the
 * input's circuit or in in_users when it reads its byte there.
 */
static int rcf_walk_switch(struct rcf_fabric *f, struct rcf_switch *s,
			   u32 in, bool circuit, int mode, struct rcf_err *e)
{
	u32 *users;

	if (mode == RCF_WALK_CHECK)
		return 0;
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, s->id, sizeof(*s));
	if (!s)
		return rcf_nomem(e);
	users = circuit ? &s->circ_users[in] : &s->in_users[in];
	if (mode == RCF_WALK_HOLD)
		(*users)++;
	else
		(*users)--;
	return 0;
}

/* each verdict of the shared step, as the model refuses a route for it */
static const struct {
	int err;
	const char *msg;
} rcf_route_refusal[RCF_RSTEP_NR] = {
	[RCF_RSTEP_NO_BYTES] = {
		.err = EINVAL,
		.msg = "route must have 1 to 64 route bytes",
	},
	[RCF_RSTEP_NOT_DST] = {
		.err = EINVAL,
		.msg = "route ends at a node that is not its destination",
	},
	[RCF_RSTEP_ENDS_IN_SWITCH] = {
		.err = EINVAL,
		.msg = "route ends inside a switch",
	},
	[RCF_RSTEP_RESERVED] = {
		.err = EINVAL,
		.msg = "route byte has its reserved bit set",
	},
	[RCF_RSTEP_NO_PORT] = {
		.err = ERANGE,
		.msg = "route leaves through a port the element does not have",
	},
	[RCF_RSTEP_NO_LINK] = {
		.err = ENOENT,
		.msg = "route leaves through a port with no link",
	},
	[RCF_RSTEP_LINK_DOWN] = {
		.err = ENETDOWN,
		.msg = "route crosses a link that is down",
	},
	[RCF_RSTEP_NO_VC] = {
		.err = ERANGE,
		.msg = "route uses a virtual channel the link does not have",
	},
	[RCF_RSTEP_LOOP] = {
		.err = ELOOP,
		.msg = "route enters a loop of circuits",
	},
};

static int rcf_route_refuse(enum rcf_rstep v, struct rcf_err *e)
{
	return rcf_fail(e, rcf_route_refusal[v].err, rcf_route_refusal[v].msg,
			RCF_A_ROUTE_HOPS);
}

/*
 * The element at stands at as the shared step sees it, and in *sw the
 * switch when it is one.  A route that holds a circuit of a path would
 * leave it nothing to own (path.c).
 */
static int rcf_route_at(struct rcf_fabric *f, const struct rcf_end *at,
			int mode, struct rcf_rstep_at *v,
			struct rcf_switch **sw, struct rcf_err *e)
{
	struct rcf_switch *s;

	v->kind = at->kind;
	v->id = at->id;
	v->circ = RCF_RSTEP_NONE;
	if (at->kind == RCF_ELEM_NODE) {
		v->ports = rcf_node_get(f, at->id)->ports;
		return 0;
	}
	s = rcf_switch_get(f, at->id);
	*sw = s;
	v->ports = s->ports;
	if (s->circ_out[at->port] == RCF_NO_CIRCUIT)
		return 0;
	if (s->circ_path[at->port] && mode == RCF_WALK_CHECK)
		return rcf_fail(e, EBUSY,
				"route would cross a circuit of a path",
				RCF_A_ROUTE_HOPS);
	v->circ = s->circ_out[at->port];
	return 0;
}

/*
 * The link a route leaves by, as the shared step sees it.  A route once
 * installed is replayed whatever the link's state since: a link going
 * down does not take the routes over it away.
 */
static void rcf_route_link(struct rcf_fabric *f, u32 lid, int mode,
			   struct rcf_rstep_link *l)
{
	struct rcf_link *link;

	l->present = lid != RCF_NONE;
	if (!l->present)
		return;
	link = rcf_link_get(f, lid);
	l->up = mode != RCF_WALK_CHECK || link->state == RCF_LINK_UP;
	l->vcs = link->vcs;
}

static int rcf_route_walk(struct rcf_fabric *f, const struct rcf_route *r,
			  int mode, struct rcf_err *e)
{
	const struct rcf_rstep_route rr = {
		.hops = r->hops, .nhops = r->nhops, .dst = r->dst,
		.ncirc = f->n_circuits,
	};
	struct rcf_end at = { .kind = RCF_ELEM_NODE, .id = r->src,
			      .port = RCF_NONE };
	struct rcf_rstep_walk w = { 0 };
	struct rcf_switch *s = NULL;
	struct rcf_rstep_link l;
	struct rcf_rstep_at v;
	enum rcf_rstep verdict;
	u32 i = 0, out, lid;
	int err;

	for (;;) {
		err = rcf_route_at(f, &at, mode, &v, &s, e);
		if (err)
			return err;
		verdict = rcf_rstep_leave(&rr, &v, &w, &i, &out);
		if (verdict == RCF_RSTEP_ARRIVE)
			return 0;
		if (verdict != RCF_RSTEP_CROSS)
			return rcf_route_refuse(verdict, e);
		if (at.kind == RCF_ELEM_SWITCH) {
			err = rcf_walk_switch(f, s, at.port,
					      v.circ != RCF_RSTEP_NONE, mode, e);
			if (err)
				return err;
		}
		at.port = out;
		lid = rcf_end_link(f, &at);
		rcf_route_link(f, lid, mode, &l);
		verdict = rcf_rstep_cross(&l, w.vc);
		if (verdict != RCF_RSTEP_CROSS)
			return rcf_route_refuse(verdict, e);
		if (mode != RCF_WALK_CHECK) {
			err = rcf_link_count(f, lid, false,
					     mode == RCF_WALK_HOLD ? 1 : -1, e);
			if (err)
				return err;
		}
		rcf_link_cross(f, lid, &at);
	}
}

static int rcf_route_check(struct rcf_fabric *f, const struct rcf_route *r,
			   struct rcf_err *e)
{
	if (!rcf_node_get(f, r->src))
		return rcf_fail(e, ENOENT, "route source node does not exist",
				RCF_A_ROUTE_SRC);
	if (!rcf_node_get(f, r->dst))
		return rcf_fail(e, ENOENT,
				"route destination node does not exist",
				RCF_A_ROUTE_DST);
	if (r->src == r->dst)
		return rcf_fail(e, EINVAL,
				"route source and destination are the same node",
				RCF_A_ROUTE_DST);
	if (r->nhops < 1 || r->nhops > RCF_ROUTE_MAX_HOPS)
		return rcf_fail(e, EINVAL, "route must have 1 to 64 route bytes",
				RCF_A_ROUTE_HOPS);
	return rcf_route_walk(f, r, RCF_WALK_CHECK, e);
}

int rcf_route_add(struct rcf_fabric *f, struct rcf_route *r, int index,
		  struct rcf_err *e)
{
	struct rcf_route *n;
	struct rcf_vec *t;
	int err;

	err = rcf_route_check(f, r, e);
	if (err)
		return err;
	if (index >= RCF_ROUTES_PER_PAIR)
		return rcf_fail(e, ERANGE, "route index is out of range",
				RCF_A_ROUTE_INDEX);
	if (index < 0) {
		for (index = 0; index < RCF_ROUTES_PER_PAIR; index++)
			if (!rcf_route_get(f, r->src, r->dst, index))
				break;
		if (index == RCF_ROUTES_PER_PAIR)
			return rcf_fail(e, ENOSPC,
					"the pair already has the most routes allowed",
					RCF_A_ROUTE_DST);
	} else if (rcf_route_get(f, r->src, r->dst, index)) {
		return rcf_fail(e, EEXIST, "route already exists",
				RCF_A_ROUTE_INDEX);
	}
	r->index = index;
	rcf_txn_mark(f, RCF_TXN_ROUTES);
	t = rcf_rtab(f, r->src, true);
	n = t ? rcf_route_copy(f, r) : NULL;
	if (!n)
		return rcf_nomem(e);
	if (rcf_put(f, RCF_J_ROUTE, t, rcf_route_key(r->dst, index), n)) {
		rcf_free(f, n);
		return rcf_nomem(e);
	}
	err = rcf_route_walk(f, n, RCF_WALK_HOLD, e);
	if (err)
		return err;
	return rcf_node_refs(f, n->src, n->dst, false, 1, e);
}

static int rcf_route_del_one(struct rcf_fabric *f, struct rcf_route *r,
			     struct rcf_err *e)
{
	u32 key = rcf_route_key(r->dst, r->index);
	struct rcf_vec *t = rcf_rtab(f, r->src, false);
	int err;

	rcf_txn_mark(f, RCF_TXN_ROUTES);
	err = rcf_route_walk(f, r, RCF_WALK_DROP, e);
	if (!err)
		err = rcf_node_refs(f, r->src, r->dst, false, -1, e);
	if (!err && rcf_remove(f, RCF_J_ROUTE, t, key))
		err = rcf_nomem(e);
	return err;
}

int rcf_route_del(struct rcf_fabric *f, u32 src, u32 dst, int index,
		  struct rcf_err *e)
{
	struct rcf_route *r;
	bool found = false;
	int i, err;

	if (index >= RCF_ROUTES_PER_PAIR)
		return rcf_fail(e, ERANGE, "route index is out of range",
				RCF_A_ROUTE_INDEX);
	for (i = 0; i < RCF_ROUTES_PER_PAIR; i++) {
		if (index >= 0 && i != index)
			continue;
		r = rcf_route_get(f, src, dst, i);
		if (!r)
			continue;
		found = true;
		err = rcf_route_del_one(f, r, e);
		if (err)
			return err;
	}
	if (!found)
		return rcf_fail(e, ENOENT, "no such route",
				index >= 0 ? RCF_A_ROUTE_INDEX :
					     RCF_A_ROUTE_DST);
	return 0;
}

int rcf_route_set(struct rcf_fabric *f, const struct rcf_route *r,
		  struct rcf_err *e)
{
	struct rcf_route *cur = rcf_route_get(f, r->src, r->dst, r->index);
	u32 key = rcf_route_key(r->dst, r->index);
	struct rcf_vec *t = rcf_rtab(f, r->src, false);
	struct rcf_route *n;
	int err;

	if (!cur)
		return rcf_fail(e, ENOENT, "no such route", RCF_A_ROUTE_INDEX);
	err = rcf_route_check(f, r, e);
	if (err)
		return err;
	rcf_txn_mark(f, RCF_TXN_ROUTES);
	err = rcf_route_walk(f, cur, RCF_WALK_DROP, e);
	if (err)
		return err;
	/* sized to its bytes, so a new route is a new object in the slot */
	n = rcf_route_copy(f, r);
	if (!n)
		return rcf_nomem(e);
	n->index = cur->index;
	if (rcf_remove(f, RCF_J_ROUTE, t, key) ||
	    rcf_put(f, RCF_J_ROUTE, t, key, n)) {
		rcf_free(f, n);
		return rcf_nomem(e);
	}
	return rcf_route_walk(f, n, RCF_WALK_HOLD, e);
}

struct rcf_route *rcf_route_get(struct rcf_fabric *f, u32 src, u32 dst,
				u32 index)
{
	struct rcf_vec *t = rcf_rtab(f, src, false);

	if (!t || index >= RCF_ROUTES_PER_PAIR)
		return NULL;
	return rcf_vec_get(t, rcf_route_key(dst, index));
}

struct rcf_route *rcf_route_next(struct rcf_fabric *f, u32 src, u32 dst,
				 u32 index)
{
	u32 key = rcf_route_key(dst, index);
	struct rcf_vec *t;

	if (dst >= RCF_MAX_NODES)
		key = RCF_MAX_NODES * RCF_ROUTES_PER_PAIR;
	for (; src < f->rsrc.cap; src++, key = 0) {
		t = f->rsrc.v[src];
		if (!t)
			continue;
		for (; key < t->cap; key++)
			if (t->v[key])
				return t->v[key];
	}
	return NULL;
}
