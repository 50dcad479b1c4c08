// SPDX-License-Identifier: GPL-2.0
/*
 * Paths (Documentation/paths.rst): the model's rules and refusals, and
 * the data path: messages on circuits, mastership recalled and returned,
 * messages waiting for a path, and paths laid over a running engine.
 */
#include "util.h"
#include "adapter/adapter.h"
#include "traffic/traffic.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

/* ---- the model ---- */

enum {
	OP_PATH_ADD,
	OP_PATH_DEL,
	OP_PATH_SET,
	OP_CIRCUIT_DEL,
	OP_CIRCUIT_SET,
	OP_LINK_SET,
	OP_LINK_DEL,
	OP_NODE_DEL,
	OP_ROUTE_ADD,
};

struct op {
	int kind;
	struct rcf_path p;
	bool has_id;
	u32 id;
	u8 state;
	bool returned;
	struct rcf_circuit c;
	struct rcf_link_cfg l;
	struct rcf_route r;
};

static int do_op(struct rcf_fabric *f, void *arg)
{
	struct op *o = arg;

	switch (o->kind) {
	case OP_PATH_ADD:
		return rcf_path_add(f, &o->p, o->has_id, &last_err);
	case OP_PATH_DEL:
		return rcf_path_del(f, o->id, o->returned, &last_err);
	case OP_PATH_SET:
		return rcf_path_set(f, o->id, o->state, &last_err);
	case OP_CIRCUIT_DEL:
		return rcf_circuit_del(f, o->c.sw, o->c.in_port, &last_err);
	case OP_CIRCUIT_SET:
		return rcf_circuit_set(f, &o->c, &last_err);
	case OP_LINK_SET:
		return rcf_link_set(f, &o->l, &last_err);
	case OP_LINK_DEL:
		return rcf_link_del(f, o->id, &last_err);
	case OP_NODE_DEL:
		return rcf_node_del(f, o->id, &last_err);
	default:
		return rcf_route_add(f, &o->r, -1, &last_err);
	}
}

static int run_op(struct rcf_fabric *f, struct op *o)
{
	struct rcf_err e;

	memset(&last_err, 0, sizeof(last_err));
	return op_txn(f, do_op, o, &e);
}

/* n may be out of range, for refusals; hops then holds the first 64. */
static struct rcf_path mkpath(u32 master, u32 dst, const u8 *hops, int n)
{
	struct rcf_path p = {.master = master, .dst = dst, .nhops = n};

	memcpy(p.hops, hops, n < RCF_ROUTE_MAX_HOPS ? n : RCF_ROUTE_MAX_HOPS);
	return p;
}

/* id < 0: the lowest free id, stored in *out when out is given. */
static int path_add(struct rcf_fabric *f, int id, u32 master, u32 dst,
		    const u8 *hops, int n, u32 *out)
{
	struct op o = {.kind = OP_PATH_ADD, .has_id = id >= 0};
	int err;

	o.p = mkpath(master, dst, hops, n);
	o.p.id = id;
	err = run_op(f, &o);
	if (!err && out)
		*out = o.p.id;
	return err;
}

static int path_del(struct rcf_fabric *f, u32 id, bool returned)
{
	struct op o = {.kind = OP_PATH_DEL, .id = id, .returned = returned};

	return run_op(f, &o);
}

static int path_set(struct rcf_fabric *f, u32 id, u8 state)
{
	struct op o = {.kind = OP_PATH_SET, .id = id, .state = state};

	return run_op(f, &o);
}

static int link_state(struct rcf_fabric *f, u32 id, u8 state)
{
	struct op o = {.kind = OP_LINK_SET};

	o.l.id = id;
	o.l.state = state;
	o.l.set = RCF_LSET_STATE;
	return run_op(f, &o);
}

/* The refusal's attribute and that it has a message. */
#define BLAMED(attr_)                                \
	do {                                         \
		CHECK_EQ(last_err.attr, (attr_));    \
		CHECK(last_err.msg &&*last_err.msg); \
	} while (0)

static const u8 P01[] = {H(0, 0), H(1, 0), H(1, 0)}; /* node 0 to node 1 */
static const u8 P10[] = {H(0, 0), H(0, 0), H(0, 0)}; /* and back */

/*
 * fab_chain(2) and more: node 2 (two ports) on switch 0 port 2, node 3
 * on switch 1 port 2.  Links 0-2 are the chain's, 3 and 4 the new nodes'.
 */
static struct rcf_fabric *base(void)
{
	struct rcf_fabric *f = fab_chain(2);

	CHECK_EQ(op_node(f, 2, 2), 0);
	CHECK_EQ(op_node(f, 3, 1), 0);
	CHECK_EQ(op_link(f, 3, N, 2, 0, S, 0, 2), 0);
	CHECK_EQ(op_link(f, 4, N, 3, 0, S, 1, 2), 0);
	return f;
}

static void t_add_del_set(void)
{
	struct rcf_fabric *f = base();
	struct rcf_switch *s0, *s1;
	struct rcf_circuit c;
	struct rcf_path *p;
	u32 id = 99, id2 = 99;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	CHECK_EQ(id, 0);
	CHECK_EQ(path_add(f, 7, 1, 0, P10, 3, &id2), 0);
	CHECK_EQ(id2, 7);
	CHECK_EQ(f->n_paths, 2);
	p = rcf_path_get(f, 0);
	CHECK(p && p->state == RCF_PATH_HELD && p->ncircuits == 2);
	/* one circuit per switch and direction, owned by its path */
	CHECK_EQ(f->n_circuits, 4);
	s0 = rcf_switch_get(f, 0);
	s1 = rcf_switch_get(f, 1);
	CHECK_EQ(s0->circ_out[0], 1);
	CHECK_EQ(s0->circ_out[1], 0);
	CHECK_EQ(s1->circ_out[0], 1);
	CHECK_EQ(s1->circ_out[1], 0);
	CHECK_EQ(s0->out_busy, 0x3);
	CHECK(rcf_circuit_get(f, 0, 0, &c));
	CHECK_EQ(c.path, 1); /* id + 1 */
	CHECK(rcf_circuit_get(f, 1, 1, &c));
	CHECK_EQ(c.path, 8);
	CHECK_EQ(rcf_link_get(f, 1)->paths, 2);
	CHECK_EQ(rcf_node_get(f, 0)->path_refs, 2);

	CHECK_EQ(path_set(f, 0, RCF_PATH_RECALL), 0);
	CHECK_EQ(rcf_path_get(f, 0)->state, RCF_PATH_RECALL);
	CHECK_EQ(path_set(f, 0, RCF_PATH_HELD), 0); /* cancels the recall */
	CHECK_EQ(rcf_path_get(f, 0)->state, RCF_PATH_HELD);
	CHECK_EQ(path_set(f, 0, RCF_PATH_HELD), 0); /* unchanged: fine */
	/* the data path says the mastership is back */
	CHECK_EQ(path_set(f, 0, RCF_PATH_RECALL), 0);
	CHECK_EQ(path_del(f, 0, true), 0);
	CHECK(!rcf_path_get(f, 0));
	CHECK_EQ(f->n_circuits, 2);
	CHECK_EQ(s0->circ_out[0], RCF_NO_CIRCUIT);
	CHECK_EQ(rcf_switch_get(f, 0)->out_busy, 0x1);
	CHECK_EQ(rcf_link_get(f, 1)->paths, 1);
	CHECK_EQ(path_del(f, 7, true), 0);
	CHECK_EQ(f->n_circuits, 0);
	CHECK_EQ(f->n_paths, 0);
	CHECK_EQ(rcf_node_get(f, 0)->path_refs, 0);
	CHECK_EQ(rcf_link_get(f, 1)->paths, 0);
	/* ids are free again: the lowest is taken */
	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	CHECK_EQ(id, 0);
	rcf_fabric_free(f);
}

static void t_add_refused(void)
{
	struct rcf_fabric *f = base();
	const u8 vc1[] = {H(0, 0), H(1, 1), H(1, 0)};
	const u8 far[] = {H(0, 0), H(5, 0), H(1, 0)};
	const u8 back[] = {H(0, 0), H(0, 0), H(1, 0)};
	const u8 port1[] = {H(1, 0), H(1, 0), H(1, 0)};
	const u8 bad[] = {0x80, H(1, 0), H(1, 0)};
	const u8 long4[] = {H(0, 0), H(1, 0), H(1, 0), H(1, 0)};
	const u8 first_vc1[] = {H(0, 1), H(1, 0), H(1, 0)};
	const u8 n2[] = {H(0, 0), H(1, 0), H(1, 0)};
	const u8 n2_unlinked[] = {H(1, 0), H(1, 0), H(1, 0)};
	u8 many[RCF_ROUTE_MAX_HOPS + 1] = {0};

	REFUSED(f, path_add(f, -1, 9, 1, P01, 3, NULL), ENOENT);
	BLAMED(RCF_A_PATH_MASTER);
	REFUSED(f, path_add(f, -1, 0, 9, P01, 3, NULL), ENOENT);
	BLAMED(RCF_A_PATH_DST);
	REFUSED(f, path_add(f, -1, 0, 0, P01, 3, NULL), EINVAL);
	BLAMED(RCF_A_PATH_DST);
	REFUSED(f, path_add(f, -1, 0, 1, P01, 0, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, many, RCF_ROUTE_MAX_HOPS + 1, NULL),
		EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, RCF_MAX_PATHS, 0, 1, P01, 3, NULL), ERANGE);
	BLAMED(RCF_A_PATH_ID);
	REFUSED(f, path_add(f, -1, 0, 1, bad, 3, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, port1, 3, NULL), ERANGE);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 2, 1, n2_unlinked, 3, NULL), ENOENT);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, vc1, 3, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, far, 3, NULL), ERANGE);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, back, 3, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, first_vc1, 3, NULL), ERANGE);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 3, P01, 3, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, long4, 4, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);
	REFUSED(f, path_add(f, -1, 0, 1, P01, 2, NULL), EINVAL);
	BLAMED(RCF_A_PATH_HOPS);

	/* taken: the id, the pair, a switch output, an input */
	CHECK_EQ(path_add(f, 5, 0, 1, P01, 3, NULL), 0);
	REFUSED(f, path_add(f, 5, 1, 0, P10, 3, NULL), EEXIST);
	BLAMED(RCF_A_PATH_ID);
	REFUSED(f, path_add(f, -1, 0, 1, P01, 3, NULL), EEXIST);
	BLAMED(RCF_A_PATH_DST);
	/* node 2 through switch 0: output 1 belongs to path 5 */
	REFUSED(f, path_add(f, -1, 2, 1, n2, 3, NULL), EBUSY);
	BLAMED(RCF_A_PATH_HOPS);
	/* node 3 to node 2 needs switch 1 output 0, input 2 free */
	{
		const u8 n3[] = {H(0, 0), H(0, 0), H(2, 0)};

		CHECK_EQ(path_set(f, 5, RCF_PATH_RECALL), 0);
		CHECK_EQ(path_del(f, 5, true), 0);
		CHECK_EQ(op_circuit(f, 0, 1, 3), 0);
		/* switch 0 input 1 has a plain circuit now */
		REFUSED(f, path_add(f, -1, 3, 2, n3, 3, NULL), EBUSY);
		BLAMED(RCF_A_PATH_HOPS);
	}
	rcf_fabric_free(f);

	/* routes reading at an input the path needs */
	f = base();
	{
		const u8 r[] = {H(0, 0), H(1, 0), H(2, 0)};

		CHECK_EQ(op_route(f, 2, 3, -1, r, 3), 0);
		REFUSED(f, path_add(f, -1, 0, 1, P01, 3, NULL), EBUSY);
		BLAMED(RCF_A_PATH_HOPS);
	}
	rcf_fabric_free(f);

	/* a link down, and a loop through switch 0 */
	f = base();
	CHECK_EQ(link_state(f, 1, RCF_LINK_DOWN), 0);
	REFUSED(f, path_add(f, -1, 0, 1, P01, 3, NULL), ENETDOWN);
	BLAMED(RCF_A_PATH_HOPS);
	CHECK_EQ(link_state(f, 1, RCF_LINK_UP), 0);
	CHECK_EQ(op_link(f, 5, S, 0, 3, S, 1, 3), 0);
	{
		const u8 loop[] = {H(0, 0), H(1, 0), H(3, 0), H(1, 0), H(1, 0)};

		REFUSED(f, path_add(f, -1, 0, 1, loop, 5, NULL), ELOOP);
		BLAMED(RCF_A_PATH_HOPS);
	}
	rcf_fabric_free(f);
}

/* Every id taken: 128 nodes of 32 ports, each linked to its 32 nearest. */
static void t_ids_full(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_err e;
	u32 i, k, lid = 0, n = 0;
	int err = 0;

	rcf_txn_begin(f);
	for (i = 0; i < 128 && !err; i++) {
		struct rcf_node_cfg c = {.id = i,
					 .has_id = true,
					 .ports = 32,
					 .has_ports = true};

		err = rcf_node_add(f, &c, &e);
	}
	/* node i port k - 1 to node i + k port 16 + k - 1 */
	for (i = 0; i < 128 && !err; i++)
		for (k = 1; k <= 16 && !err; k++) {
			struct rcf_link_cfg l = {.id = lid++, .has_id = true};

			l.a = (struct rcf_end){N, i, k - 1};
			l.b = (struct rcf_end){N, (i + k) % 128, 16 + k - 1};
			err = rcf_link_add(f, &l, &e);
		}
	for (i = 0; i < 128 && !err; i++)
		for (k = 1; k <= 16 && !err; k++) {
			struct rcf_path a = {.master = i,
					     .dst = (i + k) % 128,
					     .nhops = 1,
					     .hops = {H(k - 1, 0)}};
			struct rcf_path b = {.master = (i + k) % 128,
					     .dst = i,
					     .nhops = 1,
					     .hops = {H(16 + k - 1, 0)}};

			err = rcf_path_add(f, &a, false, &e)
				      ?: rcf_path_add(f, &b, false, &e);
			n += 2;
		}
	CHECK_EQ(err, 0);
	CHECK_EQ(n, RCF_MAX_PATHS);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	CHECK_EQ(f->n_paths, RCF_MAX_PATHS);
	CHECK_EQ(path_del(f, 0, false), -EBUSY);
	{
		const u8 h[] = {H(0, 0)};

		/* a pair without a path, and no id left for it */
		CHECK_EQ(op_node(f, 200, 1), 0);
		CHECK_EQ(op_node(f, 201, 1), 0);
		CHECK_EQ(op_link(f, lid, N, 200, 0, N, 201, 0), 0);
		REFUSED(f, path_add(f, -1, 200, 201, h, 1, NULL), ENOSPC);
		BLAMED(RCF_A_PATH_ID);
	}
	rcf_fabric_free(f);
}

static void t_set_del_refused(void)
{
	struct rcf_fabric *f = base();

	CHECK_EQ(path_add(f, 3, 0, 1, P01, 3, NULL), 0);
	REFUSED(f, path_set(f, 4, RCF_PATH_RECALL), ENOENT);
	BLAMED(RCF_A_PATH_ID);
	REFUSED(f, path_set(f, 3, RCF_PATH_RETURNED), EINVAL);
	BLAMED(RCF_A_PATH_STATE);
	REFUSED(f, path_set(f, 3, RCF_PATH_BROKEN), EINVAL);
	BLAMED(RCF_A_PATH_STATE);
	REFUSED(f, path_set(f, 3, 0), EINVAL);
	BLAMED(RCF_A_PATH_STATE);
	REFUSED(f, path_del(f, 4, true), ENOENT);
	BLAMED(RCF_A_PATH_ID);
	REFUSED(f, path_del(f, 3, false), EBUSY); /* HELD */
	BLAMED(RCF_A_PATH_ID);
	CHECK_EQ(path_set(f, 3, RCF_PATH_RECALL), 0);
	REFUSED(f, path_del(f, 3, false), EBUSY); /* not back yet */
	BLAMED(RCF_A_PATH_ID);
	rcf_fabric_free(f);
}

/* What a path holds, nothing else may take or change. */
static void t_holds(void)
{
	struct rcf_fabric *f = base();
	const u8 r01[] = {H(0, 0), H(1, 0), H(1, 0)};
	const u8 r21[] = {H(0, 0), H(1, 0), H(1, 0)};
	struct op o = {.kind = OP_CIRCUIT_DEL, .c = {.sw = 0, .in_port = 0}};
	struct op vcs = {.kind = OP_LINK_SET};

	CHECK_EQ(path_add(f, 0, 0, 1, P01, 3, NULL), 0);
	REFUSED(f, run_op(f, &o), EBUSY);
	BLAMED(RCF_A_CIRCUIT_IN_PORT);
	o.kind = OP_CIRCUIT_SET;
	o.c.out_port = 3;
	REFUSED(f, run_op(f, &o), EBUSY);
	BLAMED(RCF_A_CIRCUIT_OUT_PORT);
	/* routes keep off its circuits, wherever they come in */
	REFUSED(f, op_route(f, 0, 1, -1, r01, 3), EBUSY);
	BLAMED(RCF_A_ROUTE_HOPS);
	REFUSED(f, op_route(f, 2, 1, -1, r21, 3), EBUSY);
	BLAMED(RCF_A_ROUTE_HOPS);
	o.kind = OP_LINK_DEL;
	o.id = 1;
	REFUSED(f, run_op(f, &o), EBUSY);
	BLAMED(RCF_A_LINK_ID);
	vcs.l.id = 1;
	vcs.l.vcs = 2;
	vcs.l.set = RCF_LSET_VCS;
	REFUSED(f, run_op(f, &vcs), EBUSY);
	BLAMED(RCF_A_LINK_VCS);
	/* (its links hold the node first: a path needs them) */
	o.kind = OP_NODE_DEL;
	o.id = 0;
	REFUSED(f, run_op(f, &o), EBUSY);
	BLAMED(RCF_A_NODE_ID);
	o.id = 1;
	REFUSED(f, run_op(f, &o), EBUSY);
	BLAMED(RCF_A_NODE_ID);
	rcf_fabric_free(f);
}

/* §IV: a failing line breaks the paths over it; they can only go. */
static void t_link_down_breaks(void)
{
	struct rcf_fabric *f = base();

	CHECK_EQ(path_add(f, 0, 0, 1, P01, 3, NULL), 0);
	CHECK_EQ(path_add(f, 1, 1, 0, P10, 3, NULL), 0);
	CHECK_EQ(link_state(f, 2, RCF_LINK_DOWN), 0);
	CHECK_EQ(rcf_path_get(f, 0)->state, RCF_PATH_BROKEN);
	CHECK_EQ(rcf_path_get(f, 1)->state, RCF_PATH_BROKEN);
	REFUSED(f, path_set(f, 0, RCF_PATH_HELD), ENOLINK);
	BLAMED(RCF_A_PATH_ID);
	REFUSED(f, path_set(f, 0, RCF_PATH_RECALL), ENOLINK);
	/* back up, still broken: a path is not remade behind its users */
	CHECK_EQ(link_state(f, 2, RCF_LINK_UP), 0);
	CHECK_EQ(rcf_path_get(f, 0)->state, RCF_PATH_BROKEN);
	CHECK_EQ(path_del(f, 0, false), 0);
	CHECK_EQ(path_del(f, 1, false), 0);
	CHECK_EQ(f->n_circuits, 0);
	CHECK_EQ(rcf_link_get(f, 2)->paths, 0);
	rcf_fabric_free(f);
}

/* Path changes of every kind, then a refusal: all undone. */
static int many(struct rcf_fabric *f, void *arg)
{
	struct rcf_path a =
		mkpath(2, 3, (const u8[]){H(0, 0), H(1, 0), H(2, 0)}, 3);
	struct rcf_path b = mkpath(1, 0, P10, 3);
	struct rcf_path bad = mkpath(9, 0, P10, 3);
	struct rcf_link_cfg down = {
		.id = 4, .state = RCF_LINK_DOWN, .set = RCF_LSET_STATE};
	struct rcf_err *e = &last_err;

	(void)arg;
	b.id = 9;
	return rcf_path_set(f, 0, RCF_PATH_RECALL, e) ?:
	       rcf_path_del(f, 0, true, e) ?:
	       rcf_path_add(f, &a, false, e) ?:
	       rcf_path_add(f, &b, true, e) ?:
	       rcf_path_set(f, b.id, RCF_PATH_RECALL, e) ?:
	       rcf_link_set(f, &down, e) ?:
	       rcf_path_add(f, &bad, false, e);
}

static void t_abort_restores(void)
{
	struct rcf_fabric *f = base();
	struct rcf_err e;
	char *before, *after;
	u64 mem;

	CHECK_EQ(path_add(f, 0, 0, 1, P01, 3, NULL), 0);
	before = fab_dump(f);
	mem = f->mem;
	CHECK_EQ(op_txn(f, many, NULL, &e), -ENOENT);
	after = fab_dump(f);
	CHECK(strcmp(before, after) == 0);
	CHECK_EQ(f->mem, mem);
	CHECK_EQ(rcf_path_get(f, 0)->state, RCF_PATH_HELD);
	free(before);
	free(after);
	rcf_fabric_free(f);
}

/* rcf_txn_paths_only: path changes alone, not mixed with anything else. */
static void t_paths_only(void)
{
	struct rcf_fabric *f = base();
	struct rcf_path p = mkpath(0, 1, P01, 3);
	struct rcf_path q = mkpath(1, 0, P10, 3);
	const u8 r[] = {H(0, 0), H(1, 0), H(2, 0)};
	struct rcf_route rt = {.src = 2, .dst = 3, .nhops = 3};
	struct rcf_circuit c = {.sw = 1, .in_port = 3, .out_port = 2};
	struct rcf_link_cfg down = {
		.id = 4, .state = RCF_LINK_DOWN, .set = RCF_LSET_STATE};
	struct rcf_node_cfg nc = {.id = 9, .has_id = true};
	struct rcf_err e;

	memcpy(rt.hops, r, 3);
	rcf_txn_begin(f);
	CHECK(!rcf_txn_paths_only(f)); /* nothing changes */
	CHECK_EQ(rcf_path_add(f, &p, false, &e), 0);
	CHECK(rcf_txn_paths_only(f));
	CHECK_EQ(rcf_txn_commit(f, &e), 0);

	rcf_txn_begin(f);
	CHECK_EQ(rcf_path_set(f, p.id, RCF_PATH_RECALL, &e), 0);
	CHECK(rcf_txn_paths_only(f));
	CHECK_EQ(rcf_path_del(f, p.id, true, &e), 0);
	CHECK_EQ(rcf_path_add(f, &q, false, &e), 0);
	CHECK(rcf_txn_paths_only(f));
	CHECK_EQ(rcf_route_add(f, &rt, -1, &e), 0);
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);

	rcf_txn_begin(f);
	CHECK_EQ(rcf_path_add(f, &q, false, &e), 0);
	CHECK_EQ(rcf_circuit_add(f, &c, &e), 0);
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);

	rcf_txn_begin(f);
	CHECK_EQ(rcf_path_add(f, &q, false, &e), 0);
	CHECK_EQ(rcf_node_add(f, &nc, &e), 0);
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);

	/* a link going down breaks paths, but is no path change */
	rcf_txn_begin(f);
	CHECK_EQ(rcf_link_set(f, &down, &e), 0);
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);
	down.id = 1;
	rcf_txn_begin(f);
	CHECK_EQ(rcf_link_set(f, &down, &e), 0);
	CHECK_EQ(rcf_path_get(f, p.id)->state, RCF_PATH_BROKEN);
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);
	rcf_fabric_free(f);
}

/* ---- the data path ---- */

#define MAXEV 4096

/* What the adapter handed up and told, in order. */
static struct {
	int n, bad;
	u32 src[MAXEV], dst[MAXEV], len[MAXEV];
	u64 cookie[MAXEV], cycle[MAXEV];
	int nret;
	u32 ret_id[MAXEV];
	int ret_ndel[MAXEV]; /* deliveries before it */
	u64 ret_cycle[MAXEV];
	int nreq;
	u32 req_src[MAXEV], req_dst[MAXEV], req_wait[MAXEV];
	struct rcf_adapter *a;
} ev;

static u8 pat(u64 cookie, u32 i)
{
	return (u8)(cookie * 131 + i * 7 + (i >> 8) * 13);
}

static void fill(u8 *buf, u32 len, u64 cookie)
{
	u32 i;

	for (i = 0; i < len; i++)
		buf[i] = pat(cookie, i);
}

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	u32 i;

	(void)priv;
	(void)latency;
	for (i = 0; i < len; i++)
		if (msg[i] != pat(cookie, i)) {
			ev.bad++;
			break;
		}
	if (ev.n < MAXEV) {
		ev.src[ev.n] = src;
		ev.dst[ev.n] = dst;
		ev.len[ev.n] = len;
		ev.cookie[ev.n] = cookie;
		ev.cycle[ev.n] = rcf_engine_now(rcf_adapter_engine(ev.a));
	}
	ev.n++;
}

static void on_returned(void *priv, u32 id)
{
	(void)priv;
	if (ev.nret < MAXEV) {
		ev.ret_id[ev.nret] = id;
		ev.ret_ndel[ev.nret] = ev.n;
		ev.ret_cycle[ev.nret] =
			rcf_engine_now(rcf_adapter_engine(ev.a));
	}
	ev.nret++;
}

static void on_request(void *priv, u32 src, u32 dst, u32 waiting)
{
	(void)priv;
	if (ev.nreq < MAXEV) {
		ev.req_src[ev.nreq] = src;
		ev.req_dst[ev.nreq] = dst;
		ev.req_wait[ev.nreq] = waiting;
	}
	ev.nreq++;
}

static const struct rcf_adapter_ops ops = {
	.deliver = on_deliver,
	.path_returned = on_returned,
	.path_request = on_request,
};

static struct rcf_adapter *adapter(struct rcf_fabric *f)
{
	memset(&ev, 0, sizeof(ev));
	ev.a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	return ev.a;
}

/* Runs to idle, checking the engine's invariants on the way. */
static void drain(struct rcf_adapter *a)
{
	struct rcf_engine *e = rcf_adapter_engine(a);
	const char *err;
	long long r;

	do {
		r = rcf_engine_run(e, 256);
		err = rcf_engine_check(e);
		if (err) {
			printf("# invariant broken: %s\n", err);
			tap_case_failed = 1;
			return;
		}
		/* as the data path does after each slice */
		if (rcf_adapter_waiting(a, ~0u)) {
			rcf_adapter_kick(a);
			if (!r && !rcf_engine_quiet(e))
				r = 1;
		}
	} while (r > 0);
	CHECK_EQ(r, 0);
}

static int send(struct rcf_adapter *a, u32 src, u32 dst, u32 len, u64 cookie)
{
	static u8 buf[RCF_ADAPTER_MAX_MSG];

	fill(buf, len, cookie);
	return rcf_adapter_send(a, src, dst, buf, len, cookie);
}

/*
 * The open transaction goes to the running adapter as the data path
 * applies a path epoch: prepared, found safe, committed, installed.
 * -EAGAIN (transaction aborted) when a packet stands in the way.
 */
static int apply(struct rcf_fabric *f, struct rcf_adapter *a)
{
	struct rcf_path_update *u;
	struct rcf_err e;

	CHECK(rcf_txn_paths_only(f));
	u = rcf_path_update_prepare(a, f);
	if (!u) {
		rcf_txn_abort(f);
		return -ENOMEM;
	}
	if (!rcf_path_update_safe(a, u)) {
		rcf_path_update_free(u);
		rcf_txn_abort(f);
		return -EAGAIN;
	}
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	rcf_path_update_install(a, u);
	return 0;
}

static int dp_add(struct rcf_fabric *f, struct rcf_adapter *a, u32 master,
		  u32 dst, const u8 *hops, int n, u32 *id)
{
	struct rcf_path p = mkpath(master, dst, hops, n);
	int err;

	rcf_txn_begin(f);
	err = rcf_path_add(f, &p, false, &last_err);
	if (err) {
		rcf_txn_abort(f);
		return err;
	}
	err = apply(f, a);
	if (!err && id)
		*id = p.id;
	return err;
}

static int dp_set(struct rcf_fabric *f, struct rcf_adapter *a, u32 id, u8 state)
{
	int err;

	rcf_txn_begin(f);
	err = rcf_path_set(f, id, state, &last_err);
	if (err) {
		rcf_txn_abort(f);
		return err;
	}
	return apply(f, a);
}

/* Deletes path id with the data path's word on its mastership. */
static int dp_del(struct rcf_fabric *f, struct rcf_adapter *a, u32 id)
{
	struct rcf_adapter_path ap;
	int err;

	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	rcf_txn_begin(f);
	err = rcf_path_del(f, id, ap.state == RCF_PATH_RETURNED, &last_err);
	if (err) {
		rcf_txn_abort(f);
		return err;
	}
	return apply(f, a);
}

/* Packets a message of len bytes takes with nroute route bytes. */
static u32 npkts(u32 len, u32 nroute)
{
	u32 room = RCF_ENGINE_MAX_PKT - 1 - nroute - RCF_ADAPTER_HDR;

	return len ? (len + room - 1) / room : 1;
}

/* Whole messages, one route byte a packet, none read on the way. */
static void t_on_the_path(void)
{
	static const u32 sizes[] = {0,	 1,    244,  245,
				    246, 1000, 3001, RCF_ADAPTER_MAX_MSG};
	struct rcf_fabric *f = fab_chain(2);
	struct rcf_adapter *a;
	struct rcf_engine_stats es;
	struct rcf_engine_pool ps;
	struct rcf_adapter_path ap;
	u64 bytes = 0, pkts = 0;
	u32 i, id0, id1;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id0), 0);
	CHECK_EQ(path_add(f, -1, 1, 0, P10, 3, &id1), 0);
	a = adapter(f);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		CHECK_EQ(send(a, 0, 1, sizes[i], i), 0);
		CHECK_EQ(send(a, 1, 0, sizes[i], 100 + i), 0);
		bytes += sizes[i];
		pkts += npkts(sizes[i], 1);
	}
	/* one message at a time on a path; the rest wait their turn */
	CHECK_EQ(rcf_adapter_path_get(a, id0, &ap), 0);
	CHECK_EQ(ap.inflight, 1);
	CHECK_EQ(ap.state, RCF_PATH_HELD);
	CHECK_EQ(rcf_adapter_waiting(a, 0), i - 1);
	drain(a);
	CHECK_EQ(ev.n, 2 * i);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	CHECK_EQ(ev.bad, 0);
	for (i = 0; i < (u32)ev.n; i++) {
		u32 k = ev.cookie[i] % 100;

		CHECK_EQ(ev.len[i], sizes[k]);
		CHECK_EQ(ev.src[i], ev.cookie[i] < 100 ? 0 : 1);
	}
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	/* the master's byte goes at its port; no switch reads one */
	CHECK_EQ(es.sent_pkts, 2 * pkts);
	CHECK_EQ(es.stripped, 0);
	/* nor makes a worm piece past what each packet was admitted with */
	rcf_engine_pool_stats(rcf_adapter_engine(a), &ps);
	CHECK_EQ(ps.over, 0);
	CHECK_EQ(es.dropped_pkts, 0);
	CHECK_EQ(es.injected, es.delivered);
	CHECK_EQ(rcf_adapter_path_get(a, id0, &ap), 0);
	CHECK_EQ(ap.msgs, sizeof(sizes) / sizeof(sizes[0]));
	CHECK_EQ(ap.bytes, bytes);
	CHECK_EQ(ap.inflight, 0);
	CHECK_EQ(ap.master, 0);
	CHECK_EQ(ap.dst, 1);
	CHECK_EQ(rcf_adapter_path_get(a, 77, &ap), -ENOENT);
	CHECK_EQ(ev.nret, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Four nodes of two ports around a ring of four switches: node i's port
 * 0 on switch i port 0, its port 1 on switch i + 1 port 1, and switch
 * i port 2 to switch i + 1 port 3.
 */
static struct rcf_fabric *ring4(void)
{
	struct rcf_fabric *f = fab_new();
	u32 i, lid = 0;

	for (i = 0; i < 4; i++) {
		CHECK_EQ(op_node(f, i, 2), 0);
		CHECK_EQ(op_switch(f, i, 4), 0);
	}
	for (i = 0; i < 4; i++) {
		CHECK_EQ(op_link(f, lid++, N, i, 0, S, i, 0), 0);
		CHECK_EQ(op_link(f, lid++, N, i, 1, S, (i + 1) % 4, 1), 0);
		CHECK_EQ(op_link(f, lid++, S, i, 2, S, (i + 1) % 4, 3), 0);
	}
	return f;
}

/*
 * Hops of candidate k (0-3) of a path from a to b on ring4: by port 0
 * or 1, clockwise or not.  Returns their number.
 */
static int ring_hops(u32 a, u32 b, int k, u8 *h)
{
	int port = k & 1, ccw = k >> 1, steps, n = 0, i;

	steps = ccw ? (int)((a + 4 - b) % 4) : (int)((b + 4 - a) % 4);
	h[n++] = H(port, 0);
	for (i = 0; i < steps; i++)
		h[n++] = H(ccw ? 3 : 2, 0);
	h[n++] = H(port, 0);
	return n;
}

/* A path across three switches next to routed traffic. */
static void t_multi_switch(void)
{
	struct rcf_fabric *f = ring4();
	const u8 r13[] = {H(1, 0), H(2, 0), H(0, 0)};
	const u8 r31[] = {H(0, 0), H(3, 0), H(3, 0), H(0, 0)};
	struct rcf_engine_stats es;
	struct rcf_adapter_path ap;
	struct rcf_adapter *a;
	u8 h[8];
	int n, i, to2 = 0;
	u32 id;

	n = ring_hops(0, 2, 0, h);
	CHECK_EQ(n, 4);
	CHECK_EQ(path_add(f, -1, 0, 2, h, n, &id), 0);
	CHECK_EQ(rcf_path_get(f, id)->ncircuits, 3);
	CHECK_EQ(op_route(f, 1, 3, -1, r13, 3), 0);
	CHECK_EQ(op_route(f, 3, 1, -1, r31, 4), 0);
	a = adapter(f);
	for (i = 0; i < 20; i++) {
		CHECK_EQ(send(a, 0, 2, 300 + 37 * i, i), 0);
		CHECK_EQ(send(a, 1, 3, 500, 1000 + i), 0);
		CHECK_EQ(send(a, 3, 1, 200, 2000 + i), 0);
	}
	drain(a);
	CHECK_EQ(ev.n, 60);
	CHECK_EQ(ev.bad, 0);
	for (i = 0; i < ev.n; i++) {
		if (ev.src[i] != 0)
			continue;
		/* one path, one chain of channels: in order */
		CHECK_EQ(ev.cookie[i], to2);
		CHECK_EQ(ev.dst[i], 2);
		to2++;
	}
	CHECK_EQ(to2, 20);
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	CHECK_EQ(es.dropped_pkts, 0);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.msgs, 20);
	CHECK_EQ(ap.inflight, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Recall: no message starts on the path any more, those started arrive,
 * and the mastership comes back with the last byte of the last one.
 */
static void t_recall(void)
{
	struct rcf_fabric *f = fab_chain(2);
	struct rcf_engine *e;
	struct rcf_engine_stats es;
	struct rcf_adapter_path ap;
	struct rcf_adapter *a;
	u64 sent;
	u32 id;
	int i;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	a = adapter(f);
	e = rcf_adapter_engine(a);
	rcf_adapter_set_path_wait(a, true);
	for (i = 0; i < 5; i++)
		CHECK_EQ(send(a, 0, 1, 3000, i), 0);
	CHECK(rcf_engine_run(e, 100) > 0);
	CHECK_EQ(ev.n, 0);
	CHECK_EQ(dp_set(f, a, id, RCF_PATH_RECALL), 0);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_RECALL);
	/* the message being sent; the four behind it have not started */
	CHECK_EQ(ap.inflight, 1);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 4);
	CHECK_EQ(ev.nret, 0);
	rcf_engine_stats(e, &es);
	sent = es.sent_pkts;
	/* a message now waits: it does not start on a path being recalled */
	CHECK_EQ(send(a, 0, 1, 100, 5), 0);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 5);
	CHECK_EQ(ev.nreq, 0); /* the pair has a path */
	rcf_engine_stats(e, &es);
	CHECK_EQ(es.sent_pkts, sent);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.msgs, 1);
	/* cycle by cycle: back exactly when the message under way is in */
	while (!ev.nret && rcf_engine_run(e, 1) > 0) {
		rcf_adapter_kick(a);
		CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
		CHECK_EQ(ap.state,
			 ev.n < 1 ? RCF_PATH_RECALL : RCF_PATH_RETURNED);
	}
	CHECK_EQ(ev.nret, 1);
	CHECK_EQ(ev.ret_id[0], id);
	CHECK_EQ(ev.ret_ndel[0], 1);
	CHECK_EQ(ev.ret_cycle[0], ev.cycle[0]);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 5);
	CHECK_EQ(ev.bad, 0);
	drain(a);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_RETURNED);
	CHECK_EQ(ap.inflight, 0);
	/* told once: another update, the path staying, tells nothing */
	CHECK_EQ(dp_add(f, a, 1, 0, P10, 3, NULL), 0);
	CHECK_EQ(ev.nret, 1);

	/* gone: the waiting message has neither path nor route now */
	CHECK_EQ(dp_del(f, a, id), 0);
	CHECK_EQ(ev.nreq, 1);
	CHECK_EQ(ev.req_src[0], 0);
	CHECK_EQ(ev.req_dst[0], 1);
	CHECK_EQ(ev.req_wait[0], 5);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), -ENOENT);
	/* answered by a new path: the messages go on it, one at a time */
	CHECK_EQ(dp_add(f, a, 0, 1, P01, 3, &id), 0);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 4);
	drain(a);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 0);
	CHECK_EQ(ev.n, 6);
	for (i = 0; i < ev.n; i++)
		CHECK_EQ(ev.cookie[i], i);
	CHECK_EQ(ev.nret, 1);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Messages of the pair sent by route before its path was made are not
 * the path's, even when they arrive while the path's are under way: the
 * mastership comes back with the path's last message, not sooner.
 */
static void t_route_before_path(void)
{
	struct rcf_fabric *f = ring4();
	const u8 r02[] = {H(1, 0), H(3, 0), H(3, 0), H(3, 0), H(0, 0)};
	struct rcf_path_update *u;
	struct rcf_engine *e;
	struct rcf_adapter *a;
	struct rcf_path p;
	struct rcf_err err;
	u8 h[8];
	int i, n;

	CHECK_EQ(op_route(f, 0, 2, -1, r02, 5), 0);
	a = adapter(f);
	e = rcf_adapter_engine(a);
	for (i = 0; i < 5; i++)
		CHECK_EQ(send(a, 0, 2, 200, i), 0);
	CHECK(rcf_engine_run(e, 10) > 0);
	/* the route goes, a path on other switch inputs comes */
	n = ring_hops(0, 2, 0, h);
	p = mkpath(0, 2, h, n);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_route_del(f, 0, 2, -1, &err), 0);
	CHECK_EQ(rcf_path_add(f, &p, false, &err), 0);
	u = rcf_path_update_prepare(a, f);
	CHECK(rcf_path_update_safe(a, u));
	CHECK_EQ(rcf_txn_commit(f, &err), 0);
	rcf_path_update_install(a, u);
	CHECK_EQ(ev.n, 0);
	for (i = 5; i < 7; i++)
		CHECK_EQ(send(a, 0, 2, 5000, i), 0);
	CHECK_EQ(dp_set(f, a, p.id, RCF_PATH_RECALL), 0);
	drain(a);
	/* the second path message never started: recalled behind the first */
	CHECK_EQ(ev.n, 6);
	CHECK_EQ(ev.bad, 0);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 1);
	/* the route's arrived while the path's was under way */
	CHECK_EQ(ev.cookie[5], 5);
	CHECK_EQ(ev.nret, 1);
	CHECK_EQ(ev.ret_ndel[0], 6);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* A recall cancelled before the mastership came back tells nothing. */
static void t_recall_cancelled(void)
{
	struct rcf_fabric *f = fab_chain(2);
	struct rcf_engine *e;
	struct rcf_adapter_path ap;
	struct rcf_adapter *a;
	u32 id;
	int i;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	a = adapter(f);
	e = rcf_adapter_engine(a);
	for (i = 0; i < 3; i++)
		CHECK_EQ(send(a, 0, 1, 2000, i), 0);
	CHECK(rcf_engine_run(e, 50) > 0);
	CHECK_EQ(dp_set(f, a, id, RCF_PATH_RECALL), 0);
	for (i = 3; i < 6; i++)
		CHECK_EQ(send(a, 0, 1, 2000, i), 0);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 5);
	/* regranted: the waiting messages go in turn, behind the first */
	CHECK_EQ(dp_set(f, a, id, RCF_PATH_HELD), 0);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 5);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_HELD);
	CHECK_EQ(ap.inflight, 1);
	drain(a);
	CHECK_EQ(ev.n, 6);
	for (i = 0; i < ev.n; i++)
		CHECK_EQ(ev.cookie[i], i);
	CHECK_EQ(ev.nret, 0);
	/* recalled with nothing under way: back at once */
	CHECK_EQ(dp_set(f, a, id, RCF_PATH_RECALL), 0);
	CHECK_EQ(ev.nret, 1);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_RETURNED);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Node 0 (two ports) - switch 0 - switch 1 - node 1, node 2 on switch 0
 * port 3 reached from node 0's port 1 by route; 0 -> 1 has no route.
 */
static struct rcf_fabric *wfab(void)
{
	struct rcf_fabric *f = fab_new();
	const u8 r02[] = {H(1, 0), H(3, 0)};

	CHECK_EQ(op_node(f, 0, 2), 0);
	CHECK_EQ(op_node(f, 1, 1), 0);
	CHECK_EQ(op_node(f, 2, 1), 0);
	CHECK_EQ(op_switch(f, 0, 4), 0);
	CHECK_EQ(op_switch(f, 1, 4), 0);
	CHECK_EQ(op_link(f, 0, N, 0, 0, S, 0, 0), 0);
	CHECK_EQ(op_link(f, 1, S, 0, 1, S, 1, 0), 0);
	CHECK_EQ(op_link(f, 2, S, 1, 1, N, 1, 0), 0);
	CHECK_EQ(op_link(f, 3, N, 0, 1, S, 0, 2), 0);
	CHECK_EQ(op_link(f, 4, S, 0, 3, N, 2, 0), 0);
	CHECK_EQ(op_route(f, 0, 2, -1, r02, 2), 0);
	return f;
}

static void t_wait_and_request(void)
{
	struct rcf_fabric *f = wfab();
	struct rcf_adapter_stats st, ns;
	struct rcf_adapter *a = adapter(f);
	int i, n;

	/* requests off: no way is a drop, as ever */
	CHECK_EQ(send(a, 0, 1, 10, 0), -ENOENT);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_ROUTE], 1);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);

	rcf_adapter_set_path_wait(a, true);
	CHECK_EQ(send(a, 0, 1, 10, 1), 0);
	CHECK_EQ(ev.nreq, 1);
	CHECK_EQ(ev.req_src[0], 0);
	CHECK_EQ(ev.req_dst[0], 1);
	CHECK_EQ(ev.req_wait[0], 1);
	for (i = 2; i < 5; i++)
		CHECK_EQ(send(a, 0, 1, 10, i), 0);
	CHECK_EQ(ev.nreq, 1); /* once per pair */
	CHECK_EQ(rcf_adapter_waiting(a, 0), 4);
	CHECK_EQ(rcf_adapter_waiting(a, 1), 0);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 4);
	CHECK_EQ(rcf_adapter_waiting(a, 42), 0);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.path_waiting, 4);
	CHECK_EQ(st.path_requests, 1);
	CHECK_EQ(rcf_adapter_node_stats(a, 0, &ns), 0);
	CHECK_EQ(ns.path_waiting, 4);
	CHECK_EQ(ns.path_requests, 1);
	/* counters restart; what waits is still counted as waiting */
	rcf_adapter_stats_reset(a);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.path_waiting, 4);
	CHECK_EQ(st.path_requests, 0);
	/* the node's other pairs go meanwhile */
	CHECK_EQ(send(a, 0, 2, 10, 500), 0);
	drain(a);
	CHECK_EQ(ev.n, 1);
	CHECK_EQ(ev.dst[0], 2);
	/* fill the queue: then -EAGAIN, taking nothing, dropping nothing */
	for (n = 4; send(a, 0, 1, 10, n + 1) == 0; n++)
		;
	CHECK_EQ(n, RCF_ADAPTER_WAIT_MSGS);
	CHECK_EQ(send(a, 0, 1, 10, 999), -EAGAIN);
	CHECK_EQ(send(a, 0, 2, 10, 998), 0); /* not by route */
	CHECK_EQ(rcf_adapter_waiting(a, 0), RCF_ADAPTER_WAIT_MSGS);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_ROUTE], 0);
	CHECK_EQ(st.drops[RCF_ADROP_NO_MEM], 0);
	CHECK_EQ(ev.nreq, 1);

	/* the answer: a path; they leave on it in the order they came */
	CHECK_EQ(dp_add(f, a, 0, 1, P01, 3, NULL), 0);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), RCF_ADAPTER_WAIT_MSGS - 1);
	drain(a);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	CHECK_EQ(ev.n, 2 + RCF_ADAPTER_WAIT_MSGS);
	CHECK_EQ(ev.bad, 0);
	for (i = 1, n = 1; i < ev.n; i++)
		if (ev.dst[i] == 1)
			CHECK_EQ(ev.cookie[i], n++);
	CHECK_EQ(n, 1 + RCF_ADAPTER_WAIT_MSGS);
	/* answered: nothing to fail */
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 1), -ENOENT);
	CHECK_EQ(ev.nreq, 1);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* The byte bound: four of the largest messages fit, a fifth does not. */
static void t_wait_bytes(void)
{
	struct rcf_fabric *f = wfab();
	struct rcf_adapter *a = adapter(f);
	u32 big = RCF_ADAPTER_MAX_MSG, n;

	rcf_adapter_set_path_wait(a, true);
	for (n = 0; (n + 1) * (u64)big <= RCF_ADAPTER_WAIT_BYTES; n++)
		CHECK_EQ(send(a, 0, 1, big, n), 0);
	CHECK(n < RCF_ADAPTER_WAIT_MSGS);
	CHECK_EQ(send(a, 0, 1, big, n), -EAGAIN);
	CHECK_EQ(rcf_adapter_waiting(a, 0), n);
	CHECK_EQ(dp_add(f, a, 0, 1, P01, 3, NULL), 0);
	drain(a);
	CHECK_EQ(ev.n, n);
	CHECK_EQ(ev.bad, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static void t_fail(void)
{
	struct rcf_fabric *f = wfab();
	struct rcf_adapter_stats st, ns;
	struct rcf_adapter *a = adapter(f);
	struct rcf_reroute *rt;
	const u8 r01[] = {H(0, 0), H(1, 0), H(1, 0)};
	int i;

	rcf_adapter_set_path_wait(a, true);
	for (i = 0; i < 3; i++)
		CHECK_EQ(send(a, 0, 1, 100, i), 0);
	CHECK_EQ(rcf_adapter_path_fail(a, 1, 0), -ENOENT);
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 2), -ENOENT);
	CHECK_EQ(rcf_adapter_path_fail(a, 77, 1), -ENOENT);
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 1), 3);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_PATH], 3);
	CHECK_EQ(st.path_waiting, 0);
	CHECK_EQ(rcf_adapter_node_stats(a, 0, &ns), 0);
	CHECK_EQ(ns.drops[RCF_ADROP_NO_PATH], 3);
	CHECK_EQ(rcf_adapter_drop_reason(RCF_ADROP_NO_PATH), RCF_DROP_NO_PATH);
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 1), -ENOENT);
	/* the pair asks again */
	CHECK_EQ(send(a, 0, 1, 100, 3), 0);
	CHECK_EQ(ev.nreq, 2);
	/* a route answers for the messages; the request stays out */
	CHECK_EQ(op_route(f, 0, 1, -1, r01, 3), 0);
	rt = rcf_reroute_prepare(a, f, NULL);
	CHECK(rt != NULL);
	rcf_reroute_install(a, rt, NULL, NULL);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 0);
	drain(a);
	CHECK_EQ(ev.n, 1);
	CHECK_EQ(ev.cookie[0], 3);
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 1), 0);
	CHECK_EQ(rcf_adapter_path_fail(a, 0, 1), -ENOENT);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_PATH], 3);
	CHECK_EQ(op_node(f, 5, 1), 0);
	CHECK_EQ(send(a, 0, 5, 100, 0), -EINVAL); /* not in this engine */
	rcf_adapter_free(a);
	/* requests off again: what has no way is dropped at the next kick */
	a = adapter(f);
	rcf_adapter_set_path_wait(a, true);
	CHECK_EQ(send(a, 2, 0, 100, 0), 0);
	rcf_adapter_set_path_wait(a, false);
	rcf_adapter_kick(a);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_ROUTE], 1);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * A packet standing at an input the update rewires makes it unsafe: a
 * message sent by route before the route was deleted, over the inputs a
 * new path takes.
 */
static void t_unsafe(void)
{
	struct rcf_fabric *f = fab_chain(1);
	const u8 r01[] = {H(0, 0), H(1, 0)};
	struct rcf_path p = mkpath(0, 1, r01, 2);
	struct rcf_path_update *u;
	struct rcf_engine *e;
	struct rcf_adapter *a;
	struct rcf_err err;

	CHECK_EQ(op_route(f, 0, 1, -1, r01, 2), 0);
	a = adapter(f);
	e = rcf_adapter_engine(a);
	CHECK(rcf_engine_input_clear(e, 0, 0));
	CHECK_EQ(send(a, 0, 1, 2000, 1), 0);
	/* queued at node 0 for the channel into switch 0 input 0 */
	CHECK(!rcf_engine_input_clear(e, 0, 0));
	CHECK(rcf_engine_input_clear(e, 0, 1));
	CHECK(rcf_engine_input_clear(e, 0, 3)); /* no link there */
	CHECK(rcf_engine_input_clear(e, 9, 0)); /* no such switch */
	CHECK(rcf_engine_run(e, 30) > 0);
	CHECK(!rcf_engine_input_clear(e, 0, 0));

	rcf_txn_begin(f);
	CHECK_EQ(rcf_route_del(f, 0, 1, -1, &err), 0);
	CHECK_EQ(rcf_path_add(f, &p, false, &err), 0);
	u = rcf_path_update_prepare(a, f);
	CHECK(u != NULL);
	CHECK(!rcf_path_update_safe(a, u));
	drain(a);
	CHECK(rcf_engine_input_clear(e, 0, 0));
	CHECK(rcf_path_update_safe(a, u));
	CHECK_EQ(rcf_txn_commit(f, &err), 0);
	rcf_path_update_install(a, u);
	CHECK_EQ(rcf_engine_circuit_diff(e, f, NULL, 0), 0);
	CHECK_EQ(send(a, 0, 1, 2000, 2), 0);
	drain(a);
	CHECK_EQ(ev.n, 2);
	CHECK_EQ(ev.bad, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Not this engine's configuration: never safe, installing changes nothing. */
static void t_stale(void)
{
	struct rcf_fabric *f = fab_chain(2);
	struct rcf_adapter_path ap;
	struct rcf_path_update *u;
	struct rcf_adapter *a;
	u32 id;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	a = adapter(f);
	CHECK_EQ(op_switch(f, 7, 4), 0);
	CHECK_EQ(path_set(f, id, RCF_PATH_RECALL), 0);
	CHECK_EQ(rcf_engine_circuit_diff(rcf_adapter_engine(a), f, NULL, 0),
		 -ESTALE);
	u = rcf_path_update_prepare(a, f);
	CHECK(u != NULL);
	CHECK(!rcf_path_update_safe(a, u));
	rcf_path_update_install(a, u);
	CHECK_EQ(rcf_adapter_path_get(a, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_HELD);
	CHECK_EQ(ev.nret, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* An epoch's new adapter takes the waiting messages and requests over. */
static void t_carry(void)
{
	struct rcf_fabric *f = wfab();
	struct rcf_adapter *a = adapter(f), *b, *c;
	struct rcf_adapter_stats st;
	struct rcf_err err;
	struct op o = {.kind = OP_PATH_ADD};
	int i;

	rcf_adapter_set_path_wait(a, true);
	for (i = 0; i < 3; i++)
		CHECK_EQ(send(a, 0, 1, 700, i), 0);
	CHECK_EQ(ev.nreq, 1);
	b = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	ev.a = b;
	rcf_adapter_carry(b, a);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	CHECK_EQ(rcf_adapter_waiting(b, 0), 3);
	CHECK_EQ(ev.nreq, 1); /* still out: not raised again */
	rcf_adapter_stats(a, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_PATH], 0);
	rcf_adapter_free(a);
	/* the setting came along: no way still means waiting */
	CHECK_EQ(send(b, 0, 1, 700, 3), 0);
	CHECK_EQ(rcf_adapter_waiting(b, 0), 4);

	/* a full epoch makes the path: the new adapter sends them on it */
	o.p = mkpath(0, 1, P01, 3);
	CHECK_EQ(run_op(f, &o), 0);
	c = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	ev.a = c;
	rcf_adapter_carry(c, b);
	rcf_adapter_free(b);
	CHECK_EQ(rcf_adapter_waiting(c, ~0u), 3);
	drain(c);
	CHECK_EQ(rcf_adapter_waiting(c, ~0u), 0);
	CHECK_EQ(ev.n, 4);
	for (i = 0; i < ev.n; i++)
		CHECK_EQ(ev.cookie[i], i);
	CHECK_EQ(rcf_adapter_path_fail(c, 0, 1), -ENOENT);

	/* a node gone takes its messages along, and so does a destination */
	CHECK_EQ(send(c, 2, 1, 10, 50), 0);
	CHECK_EQ(send(c, 1, 2, 10, 51), 0);
	CHECK_EQ(send(c, 1, 0, 10, 52), 0);
	CHECK_EQ(rcf_adapter_waiting(c, ~0u), 3);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_route_del(f, 0, 2, -1, &err), 0);
	CHECK_EQ(rcf_link_del(f, 4, &err), 0);
	CHECK_EQ(rcf_node_del(f, 2, &err), 0);
	CHECK_EQ(rcf_txn_commit(f, &err), 0);
	b = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	ev.a = b;
	rcf_adapter_carry(b, c);
	rcf_adapter_stats(c, &st);
	CHECK_EQ(st.drops[RCF_ADROP_NO_PATH], 2);
	CHECK_EQ(rcf_adapter_node_stats(c, 2, &st), 0);
	CHECK_EQ(st.drops[RCF_ADROP_NO_PATH], 1);
	CHECK_EQ(rcf_adapter_waiting(c, ~0u), 0);
	CHECK_EQ(rcf_adapter_waiting(b, 1), 1);
	rcf_adapter_free(c);
	rcf_adapter_free(b);
	rcf_fabric_free(f);
}

/*
 * A recalled path whose messages were still in the old engine comes
 * back on the new one (they are lost with it), and says so once.
 */
static void t_carry_returns(void)
{
	struct rcf_fabric *f = fab_chain(2);
	struct rcf_adapter_path ap;
	struct rcf_adapter *a = NULL, *b;
	u32 id;

	CHECK_EQ(path_add(f, -1, 0, 1, P01, 3, &id), 0);
	a = adapter(f);
	CHECK_EQ(send(a, 0, 1, 3000, 0), 0);
	CHECK(rcf_engine_run(rcf_adapter_engine(a), 40) > 0);
	CHECK_EQ(dp_set(f, a, id, RCF_PATH_RECALL), 0);
	CHECK_EQ(ev.nret, 0);
	b = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	ev.a = b;
	rcf_adapter_carry(b, a);
	CHECK_EQ(ev.nret, 1);
	CHECK_EQ(ev.ret_id[0], id);
	CHECK_EQ(rcf_adapter_path_get(b, id, &ap), 0);
	CHECK_EQ(ap.state, RCF_PATH_RETURNED);
	CHECK_EQ(ap.inflight, 0);
	CHECK_EQ(ap.msgs, 1);
	rcf_adapter_free(a);
	/* carried again, already back: not told twice */
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	ev.a = a;
	rcf_adapter_carry(a, b);
	CHECK_EQ(ev.nret, 1);
	rcf_adapter_free(b);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* A generator run waits for the path its messages wait for. */
static struct rcf_traffic *cur_t;

static void tr_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)priv;
	rcf_traffic_deliver(cur_t, dst, src, msg, len, cookie, latency);
}

static void t_traffic_waits(void)
{
	static const struct rcf_adapter_ops tops = {
		.deliver = tr_deliver,
		.path_request = on_request,
	};
	static const struct rcf_traffic_msg trace[] = {
		{0, 0, 1, 300}, {1, 0, 2, 300}, {2, 0, 1, 600}, {3, 0, 1, 50}};
	struct rcf_traffic_spec spec = {.pattern = RCF_TRAFFIC_TRACE,
					.nodes = 3,
					.trace = trace,
					.ntrace = 4,
					.seed = 1};
	struct rcf_fabric *f = wfab();
	struct rcf_traffic_results r;
	struct rcf_adapter *a;
	int i;

	memset(&ev, 0, sizeof(ev));
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &tops, NULL);
	rcf_adapter_set_path_wait(a, true);
	CHECK_EQ(rcf_traffic_new(&spec, a, &cur_t), 0);
	for (i = 0; i < 5; i++)
		CHECK(rcf_traffic_run(cur_t, 5000) > 0); /* time passes */
	CHECK(!rcf_traffic_done(cur_t));
	rcf_traffic_results(cur_t, &r);
	CHECK_EQ(r.msgs_sent, 4);
	CHECK_EQ(r.msgs_delivered, 1);
	CHECK_EQ(ev.nreq, 1);
	CHECK_EQ(rcf_adapter_waiting(a, 0), 3);
	CHECK_EQ(dp_add(f, a, 0, 1, P01, 3, NULL), 0);
	for (i = 0; i < 100 && !rcf_traffic_done(cur_t); i++)
		rcf_traffic_run(cur_t, 5000);
	rcf_traffic_results(cur_t, &r);
	CHECK(r.done);
	CHECK(r.complete);
	CHECK_EQ(r.msgs_delivered, 4);
	CHECK_EQ(r.msgs_corrupt, 0);
	rcf_traffic_free(cur_t);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * A long stream: pairs around ring4 whose paths the test, acting as the
 * switch controllers, makes on request, recalls round robin (now and
 * then cancelling a recall), deletes once returned, and whose adapter it
 * now and then rebuilds as an epoch would.  Every message must arrive
 * whole, in order, once, with nothing dropped.  The stream runs in the
 * engine's reference mode and in its fast one, and the two must agree
 * to the cycle (Documentation/engine.rst, Reference and fast modes).
 */
#define NPAIRS 6
#define SMSGS  200
#define SIDS   64

static const u32 spair[NPAIRS][2] = {{0, 2}, {1, 3}, {2, 0},
				     {3, 1}, {0, 1}, {2, 3}};

static struct {
	u32 next[NPAIRS];   /* next message to send */
	u32 expect[NPAIRS]; /* next message to arrive */
	u16 size[NPAIRS][SMSGS];
	int bad;
	bool want[4][4]; /* requests to answer */
	bool back[SIDS]; /* returned paths to delete */
	u64 rng;
	bool exact;	       /* the engines' mode */
	struct rcf_adapter *a; /* the adapter running, for delivery cycles */
	u64 dlv;	       /* every delivery, in order, folded */
} sx;

static u32 srand32(void)
{
	sx.rng ^= sx.rng << 13;
	sx.rng ^= sx.rng >> 7;
	sx.rng ^= sx.rng << 17;
	return (u32)(sx.rng >> 11);
}

static void s_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		      u64 cookie, u64 latency)
{
	u32 pi = cookie >> 32, seq = (u32)cookie, i;

	(void)priv;
	(void)latency;
	if (pi >= NPAIRS || spair[pi][0] != src || spair[pi][1] != dst ||
	    seq != sx.expect[pi] || len != sx.size[pi][seq]) {
		printf("# pair %u message %u from %u to %u, %u bytes: "
		       "unexpected\n",
		       pi, seq, src, dst, len);
		sx.bad++;
		return;
	}
	for (i = 0; i < len; i++)
		if (msg[i] != pat(cookie, i)) {
			sx.bad++;
			break;
		}
	sx.expect[pi]++;
	sx.dlv = (sx.dlv ^ rcf_engine_now(rcf_adapter_engine(sx.a))) *
		 0x100000001b3ULL;
	sx.dlv = (sx.dlv ^ cookie ^ latency << 40) * 0x100000001b3ULL;
}

static void s_returned(void *priv, u32 id)
{
	(void)priv;
	CHECK(id < SIDS);
	if (id < SIDS)
		sx.back[id] = true;
}

static void s_request(void *priv, u32 src, u32 dst, u32 waiting)
{
	(void)priv;
	CHECK(waiting > 0);
	CHECK(!sx.want[src][dst]);
	sx.want[src][dst] = true;
}

static const struct rcf_adapter_ops sops = {
	.deliver = s_deliver,
	.path_returned = s_returned,
	.path_request = s_request,
};

/* The model's path from master to dst, or -1. */
static int pair_path(struct rcf_fabric *f, u32 master, u32 dst)
{
	struct rcf_path *p;
	u32 id = 0;

	for (; (p = rcf_path_next(f, id)); id = p->id + 1)
		if (p->master == master && p->dst == dst)
			return p->id;
	return -1;
}

struct scount {
	int made, recalls, cancels, deletes, rebuilds, eagain, unsafe;
	u64 drops;
};

/* An epoch's full rebuild: the engine drained, a new adapter takes over. */
static struct rcf_adapter *s_rebuild(struct rcf_fabric *f,
				     struct rcf_adapter *a, struct scount *c)
{
	struct rcf_adapter_stats st;
	struct rcf_engine_stats es;
	struct rcf_adapter *b;
	int k;

	drain(a);
	b = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &sops, NULL);
	CHECK(b != NULL);
	CHECK_EQ(rcf_engine_set_exact(rcf_adapter_engine(b), sx.exact), 0);
	rcf_engine_set_now(rcf_adapter_engine(b),
			   rcf_engine_now(rcf_adapter_engine(a)));
	sx.a = b;
	rcf_adapter_carry(b, a);
	rcf_adapter_stats(a, &st);
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	for (k = 0; k < RCF_ADROP_NR; k++)
		c->drops += st.drops[k];
	c->drops += es.dropped_pkts;
	rcf_adapter_free(a);
	c->rebuilds++;
	return b;
}

/* One round of the switch controllers' work. */
static void s_control(struct rcf_fabric *f, struct rcf_adapter *a, u32 step,
		      int *cancel, struct scount *c)
{
	struct rcf_adapter_path ap;
	u32 s, d, id;
	int k, r, pid;
	u8 h[8];

	for (id = 0; id < SIDS; id++) {
		if (!sx.back[id])
			continue;
		if (rcf_adapter_path_get(a, id, &ap) ||
		    ap.state != RCF_PATH_RETURNED) {
			sx.back[id] = false;
			continue;
		}
		r = dp_del(f, a, id);
		if (r == -EAGAIN) {
			c->unsafe++;
			continue;
		}
		CHECK_EQ(r, 0);
		sx.back[id] = false;
		c->deletes++;
	}
	for (s = 0; s < 4; s++)
		for (d = 0; d < 4; d++) {
			if (!sx.want[s][d])
				continue;
			for (k = 0; k < 4; k++) {
				int n = ring_hops(s, d, (step + k) % 4, h);

				r = dp_add(f, a, s, d, h, n, &id);
				if (r == -EAGAIN)
					c->unsafe++;
				if (!r)
					break;
			}
			if (!r) {
				CHECK(id < SIDS);
				sx.want[s][d] = false;
				c->made++;
			}
		}
	if (*cancel >= 0) {
		if (!rcf_adapter_path_get(a, *cancel, &ap) &&
		    ap.state == RCF_PATH_RECALL) {
			CHECK_EQ(dp_set(f, a, *cancel, RCF_PATH_HELD), 0);
			c->cancels++;
		}
		*cancel = -1;
	}
	if (step % 5)
		return;
	k = (step / 5) % NPAIRS;
	pid = pair_path(f, spair[k][0], spair[k][1]);
	if (pid < 0 || rcf_adapter_path_get(a, pid, &ap) ||
	    ap.state != RCF_PATH_HELD)
		return;
	CHECK_EQ(dp_set(f, a, pid, RCF_PATH_RECALL), 0);
	c->recalls++;
	if ((step / 5) % 7 == 3)
		*cancel = pid;
}

static bool s_done(void)
{
	int k;

	for (k = 0; k < NPAIRS; k++)
		if (sx.expect[k] < SMSGS)
			return false;
	return true;
}

/* What one mode's stream did, which the other's must match. */
struct sresult {
	struct scount c;
	struct rcf_engine_stats es;
	u64 dlv;
	u32 step;
};

static void s_stream(bool exact, struct sresult *out)
{
	struct rcf_fabric *f = ring4();
	struct scount c = {0};
	struct rcf_adapter *a;
	int k, cancel = -1;
	u32 step;

	memset(&sx, 0, sizeof(sx));
	sx.exact = exact;
	sx.rng = 0x9e3779b97f4a7c15ULL;
	for (k = 0; k < NPAIRS; k++)
		for (step = 0; step < SMSGS; step++)
			sx.size[k][step] = srand32() % 700;
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &sops, NULL);
	CHECK_EQ(rcf_engine_set_exact(rcf_adapter_engine(a), exact), 0);
	sx.a = a;
	rcf_adapter_set_path_wait(a, true);
	for (step = 0; step < 100000 && !s_done() && !tap_case_failed; step++) {
		struct rcf_engine *e = rcf_adapter_engine(a);

		for (k = 0; k < NPAIRS; k++) {
			u32 seq = sx.next[k];
			int r;

			if (seq >= SMSGS || srand32() % 3 == 0)
				continue;
			r = send(a, spair[k][0], spair[k][1], sx.size[k][seq],
				 (u64)k << 32 | seq);
			if (r == -EAGAIN) {
				c.eagain++;
				continue;
			}
			CHECK_EQ(r, 0);
			sx.next[k]++;
		}
		CHECK(rcf_engine_run(e, 40 + srand32() % 80) >= 0);
		if (step % 16 == 0 && rcf_engine_check(e)) {
			printf("# %s\n", rcf_engine_check(e));
			tap_case_failed = 1;
		}
		rcf_adapter_kick(a);
		s_control(f, a, step, &cancel, &c);
		if (step % 97 == 96)
			a = s_rebuild(f, a, &c);
	}
	CHECK(s_done());
	CHECK_EQ(sx.bad, 0);
	CHECK_EQ(rcf_adapter_waiting(a, ~0u), 0);
	a = s_rebuild(f, a, &c);
	CHECK_EQ(c.drops, 0);
	CHECK_EQ(c.unsafe, 0);
	/* the stream went through every kind of change */
	CHECK(c.made > NPAIRS);
	CHECK(c.recalls > 0);
	CHECK(c.cancels > 0);
	CHECK(c.deletes > 0);
	CHECK(c.rebuilds > 1);
	printf("# %s: %u steps: %d paths made, %d recalls (%d cancelled), "
	       "%d deleted, %d rebuilds, %d refused for a full queue\n",
	       exact ? "exact" : "fast", step, c.made, c.recalls, c.cancels,
	       c.deletes, c.rebuilds, c.eagain);
	out->c = c;
	rcf_engine_stats(rcf_adapter_engine(a), &out->es);
	out->dlv = sx.dlv;
	out->step = step;
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static void t_stream(void)
{
	struct sresult x, y;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	s_stream(true, &x);
	s_stream(false, &y);
	CHECK_EQ(x.step, y.step);
	CHECK_EQ(x.dlv, y.dlv);
	CHECK(!memcmp(&x.c, &y.c, sizeof(x.c)));
	CHECK(!memcmp(&x.es, &y.es, sizeof(x.es)));
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"model: add, set, delete; circuits made and removed",
		 t_add_del_set},
		{"model: every refusal of a new path", t_add_refused},
		{"model: every id taken", t_ids_full},
		{"model: set and delete refused", t_set_del_refused},
		{"model: what a path holds stays put", t_holds},
		{"model: a link going down breaks its paths",
		 t_link_down_breaks},
		{"model: an aborted transaction restores every byte",
		 t_abort_restores},
		{"model: a transaction of path changes only", t_paths_only},
		{"messages on a path: whole, one route byte", t_on_the_path},
		{"a path across switches next to routed traffic",
		 t_multi_switch},
		{"recall: the mastership returns after the last byte",
		 t_recall},
		{"recall cancelled, then returned at once", t_recall_cancelled},
		{"messages sent by route before the path are not its",
		 t_route_before_path},
		{"waiting for a path: queue, request, release in order",
		 t_wait_and_request},
		{"waiting: the byte bound", t_wait_bytes},
		{"a failed request drops and counts", t_fail},
		{"an update is unsafe while a packet stands at its inputs",
		 t_unsafe},
		{"an update for another engine is stale", t_stale},
		{"a rebuilt adapter keeps the waiting messages", t_carry},
		{"a rebuilt adapter returns recalled paths", t_carry_returns},
		{"a generator run waits for its path", t_traffic_waits},
		{"a long stream through changing paths", t_stream},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
