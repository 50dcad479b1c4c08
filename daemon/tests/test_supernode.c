// SPDX-License-Identifier: GPL-2.0
/*
 * Supernode topologies: distances and paths by hand, every route of the
 * built machine walked through its links and circuits, and swap epochs
 * applied op by op under the model's rules (an op that the kernel would
 * refuse fails the test) until the result equals the swapped build.
 */
#include <stdlib.h>
#include <string.h>

#include "reconf/supernode.h"
#include "tap.h"

static const struct rcf_obj *find_key(const struct rcf_topo *t,
				      const struct rcf_obj *key, size_t *at)
{
	const struct rcf_objv *v = &t->v[key->kind];

	for (size_t i = 0; i < v->n; i++)
		if (!rcf_obj_cmp_key(&v->o[i], key)) {
			if (at)
				*at = i;
			return &v->o[i];
		}
	return NULL;
}

/* the far end of the link on (kind, id, port) */
static int far_end(const struct rcf_topo *t, uint8_t kind, uint32_t id,
		   uint32_t port, struct rcf_end *out)
{
	const struct rcf_objv *v = &t->v[RCF_K_LINK];

	for (size_t i = 0; i < v->n; i++)
		for (int e = 0; e < 2; e++) {
			const struct rcf_end *x = &v->o[i].end[e];

			if (x->kind == kind && x->id == id && x->port == port) {
				*out = v->o[i].end[!e];
				return 0;
			}
		}
	return -1;
}

static int circuit_out(const struct rcf_topo *t, uint32_t sw, uint32_t in)
{
	const struct rcf_objv *v = &t->v[RCF_K_CIRCUIT];

	for (size_t i = 0; i < v->n; i++)
		if (v->o[i].v[RCF_A_CIRCUIT_SWITCH] == sw &&
		    v->o[i].v[RCF_A_CIRCUIT_IN_PORT] == in)
			return v->o[i].v[RCF_A_CIRCUIT_OUT_PORT];
	return -1;
}

/*
 * Walks r as the engine forwards it: a node reads a byte, a switch input
 * follows its circuit.  Returns the node reached with no bytes left, or
 * -1.  If (csw, cin) is a circuit on the way, *hit is set.
 */
static int walk(const struct rcf_topo *t, const struct rcf_obj *r, int csw,
		int cin, int *hit)
{
	uint32_t node = r->v[RCF_A_ROUTE_SRC];

	for (uint32_t h = 0; h < r->nhops; h++) {
		struct rcf_end e;
		int out;

		if (far_end(t, RCF_ELEM_NODE, node, RCF_HOP_PORT(r->hops[h]),
			    &e) ||
		    e.kind != RCF_ELEM_SWITCH)
			return -1;
		if (hit && (int)e.id == csw && (int)e.port == cin)
			*hit = 1;
		out = circuit_out(t, e.id, e.port);
		if (out < 0 || far_end(t, RCF_ELEM_SWITCH, e.id, out, &e) ||
		    e.kind != RCF_ELEM_NODE)
			return -1;
		node = e.id;
	}
	return node;
}

static int routes_walk(const struct rcf_topo *t)
{
	const struct rcf_objv *v = &t->v[RCF_K_ROUTE];

	for (size_t i = 0; i < v->n; i++)
		if (walk(t, &v->o[i], -1, -1, NULL) !=
		    (int)v->o[i].v[RCF_A_ROUTE_DST])
			return 0;
	return 1;
}

static void del_at(struct rcf_objv *v, size_t i)
{
	memmove(&v->o[i], &v->o[i + 1], (v->n - i - 1) * sizeof(*v->o));
	v->n--;
}

/* one op as the model would take it; 0, or -1 where it would refuse */
static int apply(struct rcf_topo *t, const struct rcf_op *op)
{
	enum rcf_kind kind;
	enum rcf_verb verb;
	size_t at;
	const struct rcf_obj *cur;

	if (rcf_cmd_split(op->cmd, &kind, &verb))
		return -1;
	cur = find_key(t, &op->o, &at);
	if (kind == RCF_K_CIRCUIT) {
		uint32_t sw = op->o.v[RCF_A_CIRCUIT_SWITCH];
		const struct rcf_objv *rv = &t->v[RCF_K_ROUTE];

		if (verb == RCF_V_DEL) {
			if (!cur)
				return -1;
			/* EBUSY while a route crosses it */
			for (size_t i = 0; i < rv->n; i++) {
				int hit = 0;

				walk(t, &rv->o[i], sw,
				     op->o.v[RCF_A_CIRCUIT_IN_PORT], &hit);
				if (hit)
					return -1;
			}
			del_at(&t->v[kind], at);
			return 0;
		}
		if (verb != RCF_V_NEW || cur)
			return -1;
		/* an output serves one circuit */
		for (size_t i = 0; i < t->v[kind].n; i++)
			if (t->v[kind].o[i].v[RCF_A_CIRCUIT_SWITCH] == sw &&
			    t->v[kind].o[i].v[RCF_A_CIRCUIT_OUT_PORT] ==
				    op->o.v[RCF_A_CIRCUIT_OUT_PORT])
				return -1;
		return rcf_topo_add(t, &op->o) ? 0 : -1;
	}
	if (kind != RCF_K_ROUTE)
		return -1;
	if (verb == RCF_V_DEL) {
		if (!cur)
			return -1;
		del_at(&t->v[kind], at);
		return 0;
	}
	if (walk(t, &op->o, -1, -1, NULL) != (int)op->o.v[RCF_A_ROUTE_DST])
		return -1;
	if (verb == RCF_V_NEW) {
		if (cur)
			return -1;
		return rcf_topo_add(t, &op->o) ? 0 : -1;
	}
	if (verb != RCF_V_SET || !cur)
		return -1;
	t->v[kind].o[at] = op->o;
	return 0;
}

static int swap_ok(const struct sn_topo *tp, struct sn_map *m, uint32_t a,
		   uint32_t b, size_t *nops)
{
	struct rcf_topo cur, want;
	struct rcf_op *ops;
	char err[128];
	size_t n;
	int ok = 1;

	if (sn_build(tp, m, &cur, err, sizeof(err)))
		return 0;
	if (sn_swap_ops(tp, m, a, b, &ops, &n)) {
		rcf_topo_free(&cur);
		return 0;
	}
	for (size_t i = 0; ok && i < n; i++)
		if (apply(&cur, &ops[i])) {
			printf("# op %zu (cmd %u) refused\n", i, ops[i].cmd);
			ok = 0;
		}
	free(ops);
	sn_map_swap(m, a, b);
	if (sn_build(tp, m, &want, err, sizeof(err))) {
		rcf_topo_free(&cur);
		return 0;
	}
	rcf_topo_sort(&cur);
	ok = ok && rcf_topo_equal(&cur, &want) && routes_walk(&cur);
	rcf_topo_free(&cur);
	rcf_topo_free(&want);
	*nops = n;
	return ok;
}

static int paths_consistent(const struct sn_topo *t)
{
	uint32_t path[SN_MAX_NODES], nb[SN_LINKS];

	for (uint32_t a = 0; a < t->n; a++) {
		uint32_t k = sn_neighbours(t, a, nb);

		for (uint32_t i = 0; i < k; i++)
			if (sn_dist(t, a, nb[i]) || sn_dist(t, nb[i], a))
				return 0;
		for (uint32_t b = 0; b < t->n; b++) {
			if (a == b)
				continue;
			if (sn_path(t, a, b, path) != sn_dist(t, a, b) ||
			    sn_route_hops(t, a, b, NULL) !=
				    sn_dist(t, a, b) + 1)
				return 0;
		}
	}
	return 1;
}

static int parse(const char *s, struct sn_topo *t)
{
	char err[256];

	return sn_parse(s, t, err, sizeof(err));
}

int main(void)
{
	static const char *const specs[] = {"ring:16",	   "ring:5",
					    "mesh:4x4",	   "mesh:2x3",
					    "hypercube:4", "hypercube:2"};
	uint32_t path[SN_MAX_NODES], nb[SN_LINKS];
	struct sn_topo t;
	struct sn_map m;
	char err[128];
	int ok;

	tap_plan(20);
	tap_ok(!parse("ring:16", &t) && t.n == 16 && !parse("mesh:4x4", &t) &&
		       t.n == 16 && !parse("hypercube:4", &t) && t.n == 16,
	       "parse ring, mesh, hypercube");
	tap_ok(parse("ring:17", &t) && parse("hypercube:5", &t) &&
		       parse("mesh:5x4", &t) && parse("torus:4x4", &t) &&
		       parse("ring:2", &t),
	       "refuse what 2 x 32-port switches cannot realise");

	parse("hypercube:4", &t);
	tap_ok(sn_dist(&t, 0, 15) == 3 && sn_dist(&t, 0, 1) == 0 &&
		       sn_dist(&t, 12, 3) == 3 && sn_dist(&t, 5, 6) == 1,
	       "hypercube distances (intermediate nodes)");
	tap_ok(sn_path(&t, 0, 15, path) == 3 && path[0] == 1 && path[1] == 3 &&
		       path[2] == 7,
	       "hypercube e-cube path 0 -> 15 via 1, 3, 7");
	tap_ok(sn_neighbours(&t, 12, nb) == 4 && nb[0] == 13 && nb[1] == 14 &&
		       nb[2] == 8 && nb[3] == 4,
	       "hypercube neighbours in dimension order");
	parse("ring:8", &t);
	tap_ok(sn_dist(&t, 0, 4) == 3 && sn_dist(&t, 0, 5) == 2 &&
		       sn_path(&t, 0, 5, path) == 2 && path[0] == 7 &&
		       path[1] == 6 && sn_path(&t, 0, 4, path) == 3 &&
		       path[0] == 1,
	       "ring: the shorter way, + on a tie");
	parse("mesh:4x4", &t);
	tap_ok(sn_dist(&t, 0, 15) == 5 && sn_path(&t, 0, 15, path) == 5 &&
		       path[0] == 1 && path[2] == 3 && path[3] == 7 &&
		       path[4] == 11,
	       "mesh: x then y");
	tap_ok(sn_neighbours(&t, 0, nb) == 2 && sn_neighbours(&t, 5, nb) == 4,
	       "mesh corner and inner neighbours");

	ok = 1;
	for (size_t i = 0; i < sizeof(specs) / sizeof(*specs); i++) {
		parse(specs[i], &t);
		ok = ok && paths_consistent(&t);
	}
	tap_ok(ok, "paths have sn_dist positions, routes one byte more");

	/* the built machines */
	ok = 1;
	for (size_t i = 0; i < sizeof(specs) / sizeof(*specs); i++) {
		struct rcf_topo o;
		size_t edges = 0;

		parse(specs[i], &t);
		for (uint32_t p = 0; p < t.n; p++)
			edges += sn_neighbours(&t, p, nb);
		sn_map_init(&m, t.n);
		if (sn_build(&t, &m, &o, err, sizeof(err))) {
			ok = 0;
			continue;
		}
		if (o.v[RCF_K_NODE].n != t.n || o.v[RCF_K_SWITCH].n != 2 ||
		    o.v[RCF_K_LINK].n != 4 * t.n ||
		    o.v[RCF_K_CIRCUIT].n != edges ||
		    o.v[RCF_K_ROUTE].n != (size_t)t.n * (t.n - 1) ||
		    !routes_walk(&o)) {
			printf("# %s built wrong\n", specs[i]);
			ok = 0;
		}
		rcf_topo_free(&o);
		sn_map_free(&m);
	}
	tap_ok(ok, "build: 4 links a node, 2 circuits an edge, every route "
		   "walks to its destination");

	/* a non-identity mapping still walks */
	parse("hypercube:4", &t);
	sn_map_init(&m, 16);
	sn_map_swap(&m, 0, 7);
	sn_map_swap(&m, 3, 12);
	{
		struct rcf_topo o;

		ok = !sn_build(&t, &m, &o, err, sizeof(err)) && routes_walk(&o);
		rcf_topo_free(&o);
	}
	tap_ok(ok && m.pos[0] == 7 && m.at[7] == 0 && m.pos[3] == 12,
	       "mapped machine: routes walk to the nodes, not positions");
	sn_map_free(&m);

	/* swap epochs */
	{
		size_t n = 0;

		parse("hypercube:4", &t);
		sn_map_init(&m, 16);
		tap_ok(swap_ok(&t, &m, 0, 1, &n) && n > 0,
		       "hypercube: swap with a neighbour");
		tap_ok(swap_ok(&t, &m, 15, 7, &n) && swap_ok(&t, &m, 0, 3, &n),
		       "hypercube: the §3.1.4 small-alteration sequence");
		tap_ok(swap_ok(&t, &m, 5, 10, &n),
		       "hypercube: swap of distant nodes (large alteration)");
		sn_map_free(&m);
	}
	{
		size_t n;
		uint64_t s = 12345;

		ok = 1;
		for (size_t i = 0; i < sizeof(specs) / sizeof(*specs); i++) {
			parse(specs[i], &t);
			sn_map_init(&m, t.n);
			for (int k = 0; k < 12 && ok; k++) {
				uint32_t a, b;

				s = s * 6364136223846793005ULL + 1;
				a = (s >> 33) % t.n;
				b = (s >> 45) % t.n;
				if (a == b)
					continue;
				if (!swap_ok(&t, &m, a, b, &n)) {
					printf("# %s: swap %u %u\n", specs[i],
					       a, b);
					ok = 0;
				}
			}
			sn_map_free(&m);
		}
		tap_ok(ok, "random swap sequences on every topology apply "
			   "op by op and equal the swapped build");
	}
	{
		struct rcf_op *ops;
		size_t n, del = 0, newc = 0;

		parse("ring:16", &t);
		sn_map_init(&m, 16);
		sn_swap_ops(&t, &m, 3, 4, &ops, &n);
		for (size_t i = 0; i < n; i++) {
			del += ops[i].cmd == RCF_CMD_CIRCUIT_DEL;
			newc += ops[i].cmd == RCF_CMD_CIRCUIT_NEW;
		}
		/* 3 and 4 neighbours: their 4 outward directions, 2 each */
		tap_ok(del == newc && del == 6,
		       "ring swap of neighbours rewires 6 circuits");
		free(ops);
		sn_map_free(&m);
	}
	{
		struct rcf_op *ops;
		size_t n;

		parse("hypercube:4", &t);
		sn_map_init(&m, 16);
		tap_ok(sn_swap_ops(&t, &m, 0, 16, &ops, &n) == -1,
		       "a swap with no such node is refused");
		tap_ok(!sn_swap_ops(&t, &m, 0, 1, &ops, &n) && n > 0 &&
			       ops[0].cmd == RCF_CMD_ROUTE_DEL &&
			       ops[n - 1].cmd != RCF_CMD_CIRCUIT_DEL,
		       "ops start with route DELs");
		free(ops);
		/* a swap on a 2-dimensional cube keeps 4 circuits */
		sn_map_free(&m);
		parse("hypercube:2", &t);
		sn_map_init(&m, 4);
		tap_ok(!sn_swap_ops(&t, &m, 0, 3, &ops, &n) && n > 0,
		       "diagonal swap on a square");
		free(ops);
		sn_map_free(&m);
	}
	tap_ok(SN_MAX_NODES * 2 <= RCF_SWITCH_MAX_PORTS,
	       "two links of every node fit one switch");
	return tap_done();
}
