// SPDX-License-Identifier: GPL-2.0
/*
 * Paths: circuit-switched data paths with mastership (Wijnen §II A).
 *
 * A path owns one circuit at every switch it crosses, from a port of its
 * master node to its destination node, so the master's messages on it
 * carry no route byte past the master's own output port.  The circuits
 * are made and removed with the path, all or none, and nothing else may
 * touch them: plain circuit commands and routes keep off (circuit.c,
 * route.c).  A path's inputs must be free of circuits and of routes
 * reading route bytes, and its outputs of circuits, since a path is the
 * exclusive data link of §I A between its two processors.
 *
 * The same walk validates a path, takes its circuits and links, and gives
 * them back: nothing it crosses can change while the path holds it.
 */
#include "model.h"
#include "route_step.h"

enum rcf_pwalk_mode {
	RCF_PWALK_CHECK,	/* validate only */
	RCF_PWALK_HOLD,		/* make the circuits, count the links */
	RCF_PWALK_DROP,		/* remove them, uncount */
	RCF_PWALK_LINKS,	/* list the links of a path that holds them */
};

/* Switch ports a checked path has used so far, to refuse a loop. */
struct rcf_pwalk_seen {
	u32 n;
	u32 sw[RCF_ROUTE_MAX_HOPS];
	u8 in[RCF_ROUTE_MAX_HOPS], out[RCF_ROUTE_MAX_HOPS];
};

static bool rcf_pwalk_reused(struct rcf_pwalk_seen *seen, u32 sw, u32 in,
			     u32 out)
{
	u32 i;

	for (i = 0; i < seen->n; i++)
		if (seen->sw[i] == sw && (seen->in[i] == in ||
					  seen->out[i] == out))
			return true;
	seen->sw[seen->n] = sw;
	seen->in[seen->n] = in;
	seen->out[seen->n] = out;
	seen->n++;
	return false;
}

static int rcf_path_switch_check(struct rcf_switch *s, u32 in, u8 b,
				 struct rcf_err *e)
{
	u32 out = RCF_HOP_PORT(b);

	if (s->circ_out[in] != RCF_NO_CIRCUIT)
		return rcf_fail(e, EBUSY,
				"a switch input the path needs already has a circuit",
				RCF_A_PATH_HOPS);
	if (s->in_users[in])
		return rcf_fail(e, EBUSY,
				"routes read route bytes at a switch input the path needs",
				RCF_A_PATH_HOPS);
	if (RCF_HOP_VC(b))
		return rcf_fail(e, EINVAL,
				"a path's switch hops carry no virtual channel: circuits keep the master's",
				RCF_A_PATH_HOPS);
	if (out >= s->ports)
		return rcf_fail(e, ERANGE,
				"path leaves a switch through a port it does not have",
				RCF_A_PATH_HOPS);
	if (out == in)
		return rcf_fail(e, EINVAL,
				"a path cannot leave a switch through the port it came in by",
				RCF_A_PATH_HOPS);
	if (s->out_busy & (1u << out))
		return rcf_fail(e, EBUSY,
				"a switch output the path needs is used by a circuit",
				RCF_A_PATH_HOPS);
	return 0;
}

static int rcf_path_switch_set(struct rcf_fabric *f, struct rcf_switch *s,
			       u32 in, u32 out, u32 owner, int mode,
			       struct rcf_err *e)
{
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, s->id, sizeof(*s));
	if (!s)
		return rcf_nomem(e);
	if (mode == RCF_PWALK_HOLD) {
		s->circ_out[in] = out;
		s->circ_users[in] = 0;
		s->circ_path[in] = owner + 1;
		s->out_busy |= 1u << out;
		s->ncircuits++;
		f->n_circuits++;
	} else {
		s->out_busy &= ~(1u << s->circ_out[in]);
		s->circ_out[in] = RCF_NO_CIRCUIT;
		s->circ_path[in] = 0;
		s->ncircuits--;
		f->n_circuits--;
	}
	return 0;
}

/*
 * Whether the path may cross link lid (RCF_NONE: no link on the port) on
 * VC vc, by the rules a route's bytes follow (route_step.h); then the
 * link counted as mode says.  A path once made is walked again whatever
 * its links' state since: a link going down under it breaks it
 * (RCF_PATH_BROKEN) but leaves it, and what it holds, in place.
 */
static int rcf_path_link(struct rcf_fabric *f, u32 lid, u32 vc, int mode,
			 struct rcf_err *e)
{
	struct rcf_rstep_link l = { .present = lid != RCF_NONE };
	struct rcf_link *link;

	if (l.present) {
		link = rcf_link_get(f, lid);
		l.up = mode != RCF_PWALK_CHECK || link->state == RCF_LINK_UP;
		l.vcs = link->vcs;
	}
	switch (rcf_rstep_cross(&l, vc)) {
	case RCF_RSTEP_NO_LINK:
		return rcf_fail(e, ENOENT,
				"path leaves through a port with no link",
				RCF_A_PATH_HOPS);
	case RCF_RSTEP_LINK_DOWN:
		return rcf_fail(e, ENETDOWN,
				"path crosses a link that is down",
				RCF_A_PATH_HOPS);
	case RCF_RSTEP_NO_VC:
		return rcf_fail(e, ERANGE,
				"path uses a virtual channel a link it crosses does not have",
				RCF_A_PATH_HOPS);
	default:
		break;
	}
	if (mode == RCF_PWALK_LINKS || mode == RCF_PWALK_CHECK)
		return 0;
	return rcf_link_count(f, lid, true, mode == RCF_PWALK_HOLD ? 1 : -1,
			      e);
}

/* RCF_PWALK_END: the walk reached the node it ends at */
#define RCF_PWALK_END 1

/*
 * A node on p's way after i hops: the master, which the walk leaves by
 * the port of p's first hop (*out), or its last node, which must be p's
 * destination and come after p's last hop.  0, RCF_PWALK_END or a
 * negative errno.
 */
static int rcf_pwalk_node(struct rcf_fabric *f, const struct rcf_path *p,
			  u32 id, u32 i, u32 *out, struct rcf_err *e)
{
	struct rcf_node *n = rcf_node_get(f, id);
	u8 b = p->hops[0];
	u32 vc;

	if (i) {
		if (id != p->dst)
			return rcf_fail(e, EINVAL,
					"path reaches a node that is not its destination",
					RCF_A_PATH_HOPS);
		if (i != p->nhops)
			return rcf_fail(e, EINVAL,
					"path reaches its destination before its last hop",
					RCF_A_PATH_HOPS);
		return RCF_PWALK_END;
	}
	switch (rcf_rstep_byte(b, n->ports, out, &vc)) {
	case RCF_RSTEP_RESERVED:
		return rcf_fail(e, EINVAL,
				"route byte has its reserved bit set",
				RCF_A_PATH_HOPS);
	case RCF_RSTEP_NO_PORT:
		return rcf_fail(e, ERANGE,
				"path leaves its master through a port it does not have",
				RCF_A_PATH_HOPS);
	default:
		return 0;
	}
}

/*
 * A switch on p's way at hop i, entered by at->port: its circuit for the
 * path checked (seen: the switch ports the walk used so far), made or
 * taken down, as mode says; *out is the port the path leaves by.
 */
static int rcf_pwalk_switch(struct rcf_fabric *f, const struct rcf_path *p,
			    const struct rcf_end *at, u32 i, int mode,
			    struct rcf_pwalk_seen *seen, u32 *out,
			    struct rcf_err *e)
{
	struct rcf_switch *s = rcf_switch_get(f, at->id);
	u8 b;
	int err;

	if (i == p->nhops)
		return rcf_fail(e, EINVAL, "path ends inside a switch",
				RCF_A_PATH_HOPS);
	b = p->hops[i];
	*out = RCF_HOP_PORT(b);
	if (mode == RCF_PWALK_LINKS)
		return 0;
	if (mode != RCF_PWALK_CHECK)
		return rcf_path_switch_set(f, s, at->port, *out, p->id, mode,
					   e);
	if (b & RCF_HOP_RESERVED)
		return rcf_fail(e, EINVAL, "route byte has its reserved bit set",
				RCF_A_PATH_HOPS);
	err = rcf_path_switch_check(s, at->port, b, e);
	if (!err && rcf_pwalk_reused(seen, s->id, at->port, *out))
		err = rcf_fail(e, ELOOP, "path crosses a switch port twice",
			       RCF_A_PATH_HOPS);
	return err;
}

/*
 * Walks p from its master, node, switches and links in turn.  lids, when
 * given, is set to the links crossed (at most RCF_ROUTE_MAX_HOPS) and
 * *nlinks to their number.
 */
static int rcf_path_walk(struct rcf_fabric *f, const struct rcf_path *p,
			 int mode, u32 *ncirc, u32 *lids, u32 *nlinks,
			 struct rcf_err *e)
{
	struct rcf_end at = { .kind = RCF_ELEM_NODE, .id = p->master,
			      .port = RCF_NONE };
	struct rcf_pwalk_seen *seen = NULL;
	u32 i = 0, vc = RCF_HOP_VC(p->hops[0]), out = 0, lid, nc = 0, nl = 0;
	int err = 0;

	if (mode == RCF_PWALK_CHECK) {
		seen = rcf_os_zalloc(sizeof(*seen));
		if (!seen)
			return rcf_nomem(e);
	}
	for (;;) {
		if (at.kind == RCF_ELEM_NODE) {
			err = rcf_pwalk_node(f, p, at.id, i, &out, e);
			if (err == RCF_PWALK_END)
				err = 0;
			if (err || i)
				break;
		} else {
			err = rcf_pwalk_switch(f, p, &at, i, mode, seen, &out,
					       e);
			if (err)
				break;
			nc++;
		}
		i++;
		at.port = out;
		lid = rcf_end_link(f, &at);
		err = rcf_path_link(f, lid, vc, mode, e);
		if (err)
			break;
		if (lids && nl < RCF_ROUTE_MAX_HOPS)
			lids[nl] = lid;
		nl++;
		rcf_link_cross(f, lid, &at);
	}
	rcf_os_free(seen);
	if (ncirc)
		*ncirc = nc;
	if (nlinks)
		*nlinks = nl;
	return err;
}

/*
 * A pair has one path at most: the master's messages for the destination
 * take it, or wait while it is not HELD, so a second one would leave the
 * data path without a rule for which to use.
 */
static bool rcf_path_pair_taken(struct rcf_fabric *f, u32 master, u32 dst)
{
	struct rcf_path *q;
	u32 id = 0;

	for (; (q = rcf_path_next(f, id)); id = q->id + 1)
		if (q->master == master && q->dst == dst)
			return true;
	return false;
}

int rcf_path_add(struct rcf_fabric *f, struct rcf_path *p, bool has_id,
		 struct rcf_err *e)
{
	struct rcf_path *n;
	int err;

	if (!rcf_node_get(f, p->master))
		return rcf_fail(e, ENOENT, "path master node does not exist",
				RCF_A_PATH_MASTER);
	if (!rcf_node_get(f, p->dst))
		return rcf_fail(e, ENOENT,
				"path destination node does not exist",
				RCF_A_PATH_DST);
	if (p->master == p->dst)
		return rcf_fail(e, EINVAL,
				"path master and destination are the same node",
				RCF_A_PATH_DST);
	if (rcf_path_pair_taken(f, p->master, p->dst))
		return rcf_fail(e, EEXIST,
				"the master already has a path to that destination",
				RCF_A_PATH_DST);
	if (p->nhops < 1 || p->nhops > RCF_ROUTE_MAX_HOPS)
		return rcf_fail(e, EINVAL, "path must have 1 to 64 hops",
				RCF_A_PATH_HOPS);
	if (has_id) {
		if (p->id >= RCF_MAX_PATHS)
			return rcf_fail(e, ERANGE, "path id is out of range",
					RCF_A_PATH_ID);
		if (rcf_path_get(f, p->id))
			return rcf_fail(e, EEXIST, "path already exists",
					RCF_A_PATH_ID);
	} else if (rcf_vec_free_key(&f->paths, &p->id)) {
		return rcf_fail(e, ENOSPC, "no free path id", RCF_A_PATH_ID);
	}
	err = rcf_path_walk(f, p, RCF_PWALK_CHECK, &p->ncircuits, NULL, NULL,
			    e);
	if (err)
		return err;
	p->state = RCF_PATH_HELD;
	rcf_txn_mark(f, RCF_TXN_PATHS);
	n = rcf_dup(f, p, sizeof(*p));
	if (!n)
		return rcf_nomem(e);
	if (rcf_put(f, RCF_J_PATH, &f->paths, p->id, n)) {
		rcf_free(f, n);
		return rcf_nomem(e);
	}
	err = rcf_path_walk(f, n, RCF_PWALK_HOLD, NULL, NULL, NULL, e);
	if (err)
		return err;
	return rcf_node_refs(f, n->master, n->dst, true, 1, e);
}

int rcf_path_del(struct rcf_fabric *f, u32 id, bool returned,
		 struct rcf_err *e)
{
	struct rcf_path *p = rcf_path_get(f, id);
	int err;

	if (!p)
		return rcf_fail(e, ENOENT, "no such path", RCF_A_PATH_ID);
	if (p->state == RCF_PATH_HELD && !returned)
		return rcf_fail(e, EBUSY,
				"the master holds the path's mastership: recall it first",
				RCF_A_PATH_ID);
	if (p->state == RCF_PATH_RECALL && !returned)
		return rcf_fail(e, EBUSY,
				"the path's mastership has not come back yet: its master is still sending",
				RCF_A_PATH_ID);
	rcf_txn_mark(f, RCF_TXN_PATHS);
	err = rcf_path_walk(f, p, RCF_PWALK_DROP, NULL, NULL, NULL, e);
	if (!err)
		err = rcf_node_refs(f, p->master, p->dst, true, -1, e);
	if (!err && rcf_remove(f, RCF_J_PATH, &f->paths, id))
		err = rcf_nomem(e);
	return err;
}

int rcf_path_set(struct rcf_fabric *f, u32 id, u8 state, struct rcf_err *e)
{
	struct rcf_path *p = rcf_path_get(f, id);

	if (!p)
		return rcf_fail(e, ENOENT, "no such path", RCF_A_PATH_ID);
	if (state != RCF_PATH_HELD && state != RCF_PATH_RECALL)
		return rcf_fail(e, EINVAL,
				"a path's state can only be set to held or recall",
				RCF_A_PATH_STATE);
	if (p->state == RCF_PATH_BROKEN)
		return rcf_fail(e, ENOLINK,
				"the path is broken: delete it and make a new one",
				RCF_A_PATH_ID);
	if (p->state == state)
		return 0;
	rcf_txn_mark(f, RCF_TXN_PATHS);
	p = rcf_touch(f, RCF_J_PATH, &f->paths, id, sizeof(*p));
	if (!p)
		return rcf_nomem(e);
	p->state = state;
	return 0;
}

struct rcf_path *rcf_path_get(struct rcf_fabric *f, u32 id)
{
	return rcf_vec_get(&f->paths, id);
}

struct rcf_path *rcf_path_next(struct rcf_fabric *f, u32 from)
{
	for (; from < f->paths.cap; from++)
		if (f->paths.v[from])
			return f->paths.v[from];
	return NULL;
}

bool rcf_path_crosses(struct rcf_fabric *f, const struct rcf_path *p, u32 lid)
{
	u32 lids[RCF_ROUTE_MAX_HOPS], n = 0, i;

	/* it cannot fail: nothing a path crosses changes while it holds it */
	rcf_path_walk(f, p, RCF_PWALK_LINKS, NULL, lids, &n, NULL);
	for (i = 0; i < n && i < RCF_ROUTE_MAX_HOPS; i++)
		if (lids[i] == lid)
			return true;
	return false;
}

int rcf_path_break_link(struct rcf_fabric *f, u32 lid, struct rcf_err *e)
{
	struct rcf_link *l = rcf_link_get(f, lid);
	struct rcf_path *p;
	u32 id = 0;

	if (!l || !l->paths)
		return 0;
	for (; (p = rcf_path_next(f, id)); id = p->id + 1) {
		if (p->state == RCF_PATH_BROKEN || !rcf_path_crosses(f, p, lid))
			continue;
		rcf_txn_mark(f, RCF_TXN_PATHS);
		p = rcf_touch(f, RCF_J_PATH, &f->paths, p->id, sizeof(*p));
		if (!p)
			return rcf_nomem(e);
		p->state = RCF_PATH_BROKEN;
	}
	return 0;
}
