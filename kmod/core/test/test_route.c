// SPDX-License-Identifier: GPL-2.0
/* Routes validated hop by hop, and the counts they hold. */
#include "util.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

/*
 * node0 -p0- sw0 -p1/p0- sw1 -p1- node1 -p1- sw2 -p1- node2
 * links:   0          1         2          3        4
 */
static struct rcf_fabric *line(void)
{
	struct rcf_fabric *f = fab_new();

	op_node(f, 0, 1);
	op_node(f, 1, 2);
	op_node(f, 2, 1);
	op_switch(f, 0, 4);
	op_switch(f, 1, 4);
	op_switch(f, 2, 4);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_link(f, 1, S, 0, 1, S, 1, 0);
	op_link(f, 2, S, 1, 1, N, 1, 0);
	op_link(f, 3, N, 1, 1, S, 2, 0);
	op_link(f, 4, S, 2, 1, N, 2, 0);
	return f;
}

static u32 users(struct rcf_fabric *f, u32 link)
{
	return rcf_link_get(f, link)->users;
}

static int do_link_set(struct rcf_fabric *f, void *arg)
{
	return rcf_link_set(f, arg, &last_err);
}

static int do_route_del(struct rcf_fabric *f, void *arg)
{
	const int *a = arg;

	return rcf_route_del(f, a[0], a[1], a[2], &last_err);
}

static int route_del(struct rcf_fabric *f, int src, int dst, int index)
{
	int a[3] = {src, dst, index};
	struct rcf_err e;

	return op_txn(f, do_route_del, a, &e);
}

static void t_switch_hops(void)
{
	struct rcf_fabric *f = line();
	const u8 r[] = {H(0, 0), H(1, 0), H(1, 0)};

	CHECK_EQ(op_route(f, 0, 1, -1, r, 3), 0);
	CHECK(rcf_route_get(f, 0, 1, 0) != NULL);
	CHECK_EQ(users(f, 0) + users(f, 1) + users(f, 2), 3);
	CHECK_EQ(users(f, 3), 0);
	CHECK_EQ(rcf_node_get(f, 0)->route_refs, 1);
	CHECK_EQ(rcf_node_get(f, 1)->route_refs, 1);
	CHECK_EQ(f->n_routes, 1);
	rcf_fabric_free(f);
}

static void t_relay(void)
{
	struct rcf_fabric *f = line();
	const u8 r[] = {H(0, 0), H(1, 0), H(1, 0), H(1, 0), H(1, 0)};

	CHECK_EQ(op_route(f, 0, 2, -1, r, 5), 0);
	CHECK_EQ(users(f, 3), 1);
	CHECK_EQ(users(f, 4), 1);
	CHECK_EQ(rcf_node_get(f, 1)->route_refs, 0);	 /* relays hold none */
	REFUSED(f, op_route(f, 0, 1, -1, r, 5), EINVAL); /* ends at node2 */
	rcf_fabric_free(f);
}

static void t_bad_routes(void)
{
	struct rcf_fabric *f = line();
	const u8 ok[] = {H(0, 0), H(1, 0), H(1, 0)};
	u8 r[8];

	REFUSED(f, op_route(f, 0, 2, -1, ok, 3), EINVAL);
	CHECK(strstr(last_err.msg, "not its destination") != NULL);
	CHECK_EQ(last_err.attr, RCF_A_ROUTE_HOPS);
	REFUSED(f, op_route(f, 0, 1, -1, ok, 2), EINVAL); /* in a switch */
	CHECK(strstr(last_err.msg, "inside a switch") != NULL);
	memcpy(r, ok, 3);
	r[1] = 0x80 | 1;
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), EINVAL);
	r[1] = H(9, 0);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ERANGE); /* no port 9 */
	r[1] = H(3, 0);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ENOENT); /* no link */
	r[1] = H(1, 1);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ERANGE); /* vc 1 of 1 */
	CHECK(strstr(last_err.msg, "virtual channel") != NULL);
	r[0] = H(1, 0);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ERANGE); /* node port */
	REFUSED(f, op_route(f, 0, 0, -1, ok, 3), EINVAL);
	REFUSED(f, op_route(f, 0, 7, -1, ok, 3), ENOENT);
	CHECK_EQ(last_err.attr, RCF_A_ROUTE_DST);
	REFUSED(f, op_route(f, 7, 1, -1, ok, 3), ENOENT);
	CHECK_EQ(last_err.attr, RCF_A_ROUTE_SRC);
	REFUSED(f, op_route(f, 0, 1, -1, ok, 0), EINVAL);
	REFUSED(f, op_route(f, 0, 1, 4, ok, 3), ERANGE);
	/* bytes left at the destination: it relays, then ends in sw1 */
	memcpy(r, ok, 3);
	r[3] = H(0, 0);
	REFUSED(f, op_route(f, 0, 1, -1, r, 4), EINVAL);
	rcf_fabric_free(f);
}

static void t_vcs_and_state(void)
{
	struct rcf_fabric *f = line();
	struct rcf_link_cfg c = {.id = 1, .vcs = 2, .set = RCF_LSET_VCS};
	const u8 r[] = {H(0, 0), H(1, 1), H(1, 0)};
	struct rcf_err e;

	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ERANGE);
	CHECK_EQ(op_txn(f, do_link_set, &c, &e), 0);
	CHECK_EQ(op_route(f, 0, 1, -1, r, 3), 0);
	c.vcs = 1;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), EBUSY); /* in use */
	c.vcs = 2; /* unchanged is fine */
	CHECK_EQ(op_txn(f, do_link_set, &c, &e), 0);
	/* a link under a route may go down (fault injection) */
	c = (struct rcf_link_cfg){
		.id = 2, .state = RCF_LINK_DOWN, .set = RCF_LSET_STATE};
	CHECK_EQ(op_txn(f, do_link_set, &c, &e), 0);
	CHECK_EQ(f->n_routes, 1);
	CHECK_EQ(users(f, 2), 1);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ENETDOWN);
	/* and its route can still go */
	CHECK_EQ(route_del(f, 0, 1, -1), 0);
	CHECK_EQ(users(f, 2), 0);
	CHECK_EQ(users(f, 1), 0);
	rcf_fabric_free(f);
}

static int do_circuit_del(struct rcf_fabric *f, void *arg)
{
	const int *a = arg;

	return rcf_circuit_del(f, a[0], a[1], &last_err);
}

static void t_circuits(void)
{
	struct rcf_fabric *f = line();
	const u8 r[] = {H(0, 0), H(1, 0)};
	struct rcf_circuit c;
	int key[2] = {0, 0};
	struct rcf_err e;

	CHECK_EQ(op_circuit(f, 0, 0, 1), 0);
	/* sw0 forwards on its circuit and reads no byte */
	CHECK_EQ(op_route(f, 0, 1, -1, r, 2), 0);
	CHECK(rcf_circuit_get(f, 0, 0, &c) && c.users == 1);
	CHECK_EQ(users(f, 1), 1);
	REFUSED(f, op_txn(f, do_circuit_del, key, &e), EBUSY);
	CHECK_EQ(route_del(f, 0, 1, 0), 0);
	CHECK(rcf_circuit_get(f, 0, 0, &c) && c.users == 0);
	CHECK_EQ(op_txn(f, do_circuit_del, key, &e), 0);
	rcf_fabric_free(f);
}

static void t_circuit_loop(void)
{
	struct rcf_fabric *f = fab_new();
	const u8 r[] = {H(0, 0), H(1, 0)};

	/* A.p1-B.p0, B.p1-A.p2; circuits B 0->1 and A 2->1 spin forever */
	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_switch(f, 0, 4);
	op_switch(f, 1, 4);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_link(f, 1, S, 0, 1, S, 1, 0);
	op_link(f, 2, S, 1, 1, S, 0, 2);
	op_link(f, 3, N, 1, 0, S, 0, 3);
	CHECK_EQ(op_circuit(f, 1, 0, 1), 0);
	CHECK_EQ(op_circuit(f, 0, 2, 1), 0);
	REFUSED(f, op_route(f, 0, 1, -1, r, 2), ELOOP);
	rcf_fabric_free(f);
}

static void t_pairs(void)
{
	struct rcf_fabric *f = line();
	const u8 r[] = {H(0, 0), H(1, 0), H(1, 0)};
	int i;

	for (i = 0; i < RCF_ROUTES_PER_PAIR; i++)
		CHECK_EQ(op_route(f, 0, 1, -1, r, 3), 0);
	CHECK_EQ(users(f, 1), 4);
	REFUSED(f, op_route(f, 0, 1, -1, r, 3), ENOSPC);
	CHECK_EQ(route_del(f, 0, 1, 2), 0);
	REFUSED(f, route_del(f, 0, 1, 2), ENOENT);
	REFUSED(f, op_route(f, 0, 1, 1, r, 3), EEXIST);
	CHECK_EQ(op_route(f, 0, 1, -1, r, 3), 0);
	CHECK(rcf_route_get(f, 0, 1, 2) != NULL); /* lowest free index */
	/* nodes under routes cannot go, nor links */
	CHECK_EQ(route_del(f, 0, 1, -1), 0);
	CHECK_EQ(f->n_routes, 0);
	CHECK_EQ(users(f, 0) + users(f, 1) + users(f, 2), 0);
	REFUSED(f, route_del(f, 0, 1, -1), ENOENT);
	rcf_fabric_free(f);
}

static int do_node_del(struct rcf_fabric *f, void *arg)
{
	return rcf_node_del(f, *(int *)arg, &last_err);
}

static int do_link_del(struct rcf_fabric *f, void *arg)
{
	return rcf_link_del(f, *(int *)arg, &last_err);
}

static int do_route_set(struct rcf_fabric *f, void *arg)
{
	return rcf_route_set(f, arg, &last_err);
}

static void t_busy_and_set(void)
{
	struct rcf_fabric *f = line();
	const u8 r[] = {H(0, 0), H(1, 0), H(1, 0), H(1, 0), H(1, 0)};
	struct rcf_route nr = {.src = 0, .dst = 2, .index = 0, .nhops = 5};
	struct rcf_err e;
	int id;

	CHECK_EQ(op_route(f, 0, 2, -1, r, 5), 0);
	id = 4;
	REFUSED(f, op_txn(f, do_link_del, &id, &e), EBUSY);
	/* node 2 has links too, so remove its link check via node 0 */
	id = 2;
	REFUSED(f, op_txn(f, do_node_del, &id, &e), EBUSY);
	/* no circuit where a route reads its byte: it would reroute it */
	REFUSED(f, op_circuit(f, 1, 0, 1), EBUSY);
	CHECK_EQ(rcf_switch_get(f, 1)->in_users[0], 1);
	CHECK_EQ(route_del(f, 0, 2, 0), 0);
	CHECK_EQ(rcf_switch_get(f, 1)->in_users[0], 0);
	CHECK_EQ(op_route(f, 0, 2, -1, r, 5), 0);
	/* reroute onto a circuit on sw2's input */
	nr.hops[0] = H(0, 0);
	CHECK_EQ(route_del(f, 0, 2, 0), 0);
	CHECK_EQ(op_circuit(f, 1, 0, 1), 0);
	CHECK_EQ(op_route(f, 0, 2, -1, r, 5), -ERANGE);
	nr.nhops = 4;
	memcpy(nr.hops, (u8[]){H(0, 0), H(1, 0), H(1, 0), H(1, 0)}, 4);
	CHECK_EQ(op_route(f, 0, 2, 0, nr.hops, 4), 0);
	CHECK_EQ(op_circuit(f, 2, 1, 0), 0); /* not an input routes read at */
	nr.hops[2] = H(1, 0);
	CHECK_EQ(op_txn(f, do_route_set, &nr, &e), 0);
	CHECK_EQ(rcf_route_get(f, 0, 2, 0)->nhops, 4);
	CHECK_EQ(rcf_switch_get(f, 1)->circ_users[0], 1);
	CHECK_EQ(users(f, 4), 1);
	nr.nhops = 3;
	REFUSED(f, op_txn(f, do_route_set, &nr, &e), EINVAL);
	nr.index = 1;
	REFUSED(f, op_txn(f, do_route_set, &nr, &e), ENOENT);
	rcf_fabric_free(f);
}

static void t_node_under_route(void)
{
	struct rcf_fabric *f = fab_new();
	const u8 r[] = {H(0, 0)};
	int id = 1;
	struct rcf_err e;

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_link(f, 0, N, 0, 0, N, 1, 0);
	CHECK_EQ(op_route(f, 0, 1, -1, r, 1), 0);
	id = 0;
	CHECK_EQ(op_txn(f, do_link_del, &id, &e), -EBUSY);
	rcf_fabric_free(f);
	f = fab_new();
	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_link(f, 0, N, 0, 0, N, 1, 0);
	CHECK_EQ(op_route(f, 0, 1, -1, r, 1), 0);
	/* force the link away inside the model to test the node count */
	rcf_link_get(f, 0)->users = 0;
	id = 0;
	CHECK_EQ(op_txn(f, do_link_del, &id, &e), 0);
	id = 1;
	REFUSED(f, op_txn(f, do_node_del, &id, &e), EBUSY);
	CHECK(strstr(last_err.msg, "routes") != NULL);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"route: switch hops hold every link crossed", t_switch_hops},
		{"route: a node with bytes left relays", t_relay},
		{"route: malformed and impossible routes refused",
		 t_bad_routes},
		{"route: virtual channels and link state", t_vcs_and_state},
		{"route: circuits pass without a byte", t_circuits},
		{"route: a loop of circuits ends the walk", t_circuit_loop},
		{"route: four per pair, lowest free index", t_pairs},
		{"route: busy deletes and rerouting", t_busy_and_set},
		{"route: endpoints held by routes", t_node_under_route},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
