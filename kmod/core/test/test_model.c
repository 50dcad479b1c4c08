// SPDX-License-Identifier: GPL-2.0
/* Validation of elements, links and circuits, and refusals of deletes. */
#include "util.h"

#define N RCF_ELEM_NODE
#define S RCF_ELEM_SWITCH

static void t_nodes(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_node *n;

	CHECK_EQ(op_node(f, -1, -1), 0);
	n = rcf_node_get(f, 0);
	CHECK(n && n->ports == RCF_NODE_DEF_PORTS);
	CHECK_EQ(op_node(f, 2, 32), 0);
	CHECK_EQ(op_node(f, -1, 1), 0);
	CHECK(rcf_node_get(f, 1) != NULL); /* lowest free id */
	REFUSED(f, op_node(f, 2, 1), EEXIST);
	REFUSED(f, op_node(f, 3, 0), ERANGE);
	REFUSED(f, op_node(f, 3, 33), ERANGE);
	REFUSED(f, op_node(f, RCF_MAX_NODES, 1), ERANGE);
	CHECK_EQ(op_node(f, RCF_MAX_NODES - 1, 1), 0);
	CHECK_EQ(f->n_nodes, 4);
	CHECK_EQ(hook_attached, 4);
	rcf_fabric_free(f);
	CHECK_EQ(hook_detached, 4);
}

static void t_switches(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_switch_cfg c = {
		.id = 0, .has_id = true, .cq_size = 4096, .has_cq_size = true};
	struct rcf_err e;

	CHECK_EQ(op_switch(f, -1, -1), 0);
	CHECK_EQ(rcf_switch_get(f, 0)->ports, RCF_SWITCH_DEF_PORTS);
	CHECK_EQ(rcf_switch_get(f, 0)->cq_size, RCF_CQ_DEF_SIZE);
	REFUSED(f, op_switch(f, 1, 1), ERANGE);
	REFUSED(f, op_switch(f, 1, 33), ERANGE);
	REFUSED(f, op_switch(f, 0, 8), EEXIST);
	REFUSED(f, op_switch(f, RCF_MAX_SWITCHES, 8), ERANGE);
	CHECK_EQ(op_switch(f, 1, 32), 0);
	CHECK_EQ(op_switch(f, 2, 2), 0);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_switch_set(f, &c, &e), 0);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	CHECK_EQ(rcf_switch_get(f, 0)->cq_size, 4096);
	c.cq_size = 1;
	rcf_txn_begin(f);
	CHECK_EQ(rcf_switch_set(f, &c, &e), -ERANGE);
	rcf_txn_abort(f);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_fabric_set_cq(f, 2048, &e), 0);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	CHECK_EQ(op_switch(f, 3, -1), 0);
	CHECK_EQ(rcf_switch_get(f, 3)->cq_size, 2048);
	CHECK_EQ(f->n_switches, 4);
	rcf_fabric_free(f);
}

static void t_links(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_link *l;

	op_node(f, 0, 2);
	op_node(f, 1, 1);
	op_switch(f, 0, 4);
	CHECK_EQ(op_link(f, -1, N, 0, 0, S, 0, 0), 0);
	l = rcf_link_get(f, 0);
	CHECK(l && l->vcs == 1 && l->bandwidth == 1 && l->latency == 1 &&
	      l->buf_size == RCF_LINK_DEF_BUF && l->state == RCF_LINK_UP);
	CHECK_EQ(rcf_node_get(f, 0)->port_link[0], 0);
	CHECK_EQ(rcf_switch_get(f, 0)->port_link[0], 0);
	REFUSED(f, op_link(f, 5, N, 0, 1, S, 0, 0), EBUSY); /* port used */
	CHECK_EQ(last_err.attr, RCF_A_LINK_END_B);
	REFUSED(f, op_link(f, 5, N, 0, 0, S, 0, 1), EBUSY);
	CHECK_EQ(last_err.attr, RCF_A_LINK_END_A);
	REFUSED(f, op_link(f, 5, N, 0, 2, S, 0, 1), ERANGE);
	REFUSED(f, op_link(f, 5, N, 9, 0, S, 0, 1), ENOENT);
	REFUSED(f, op_link(f, 5, S, 7, 0, S, 0, 1), ENOENT);
	REFUSED(f, op_link(f, 5, 3, 0, 1, S, 0, 1), EINVAL);
	REFUSED(f, op_link(f, 5, S, 0, 1, S, 0, 1), EINVAL); /* itself */
	REFUSED(f, op_link(f, 0, N, 0, 1, S, 0, 1), EEXIST);
	REFUSED(f, op_link(f, RCF_MAX_LINKS, N, 0, 1, S, 0, 1), ERANGE);
	/* two ports of one switch may be cabled together */
	CHECK_EQ(op_link(f, 7, S, 0, 2, S, 0, 3), 0);
	CHECK_EQ(op_link(f, -1, N, 0, 1, N, 1, 0), 0);
	CHECK(rcf_link_get(f, 1) != NULL);
	CHECK_EQ(f->n_links, 3);
	CHECK_EQ(rcf_node_get(f, 0)->nlinks, 2);
	REFUSED(f, op_node(f, 0, 1), EEXIST);
	rcf_fabric_free(f);
}

static int do_link_set(struct rcf_fabric *f, void *arg)
{
	return rcf_link_set(f, arg, &last_err);
}

static void t_link_params(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_link_cfg c = {.id = 0};
	struct rcf_err e;

	op_node(f, 0, 1);
	op_switch(f, 0, 2);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	c.set = RCF_LSET_VCS;
	c.vcs = 5;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ERANGE);
	c.vcs = 0;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ERANGE);
	c.set = RCF_LSET_BANDWIDTH;
	c.bandwidth = RCF_LINK_MAX_BANDWIDTH + 1;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ERANGE);
	c.set = RCF_LSET_LATENCY;
	c.latency = RCF_LINK_MAX_LATENCY + 1;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ERANGE);
	c.set = RCF_LSET_BUF;
	c.buf_size = RCF_LINK_MIN_BUF - 1;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ERANGE);
	c.set = RCF_LSET_STATE;
	c.state = 2;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), EINVAL);
	c.id = 9;
	c.state = 0;
	REFUSED(f, op_txn(f, do_link_set, &c, &e), ENOENT);
	c = (struct rcf_link_cfg){.id = 0,
				  .vcs = 4,
				  .bandwidth = 8,
				  .latency = 3,
				  .buf_size = 128,
				  .state = 0,
				  .set = 31};
	CHECK_EQ(op_txn(f, do_link_set, &c, &e), 0);
	CHECK(rcf_link_get(f, 0)->vcs == 4 && rcf_link_get(f, 0)->state == 0 &&
	      rcf_link_get(f, 0)->buf_size == 128);
	rcf_fabric_free(f);
}

static int do_circuit_del(struct rcf_fabric *f, void *arg)
{
	struct rcf_circuit *c = arg;

	return rcf_circuit_del(f, c->sw, c->in_port, &last_err);
}

static int do_circuit_set(struct rcf_fabric *f, void *arg)
{
	return rcf_circuit_set(f, arg, &last_err);
}

static void t_circuits(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_circuit c = {.sw = 0, .in_port = 1, .out_port = 2};
	struct rcf_err e;

	op_switch(f, 0, 4);
	CHECK_EQ(op_circuit(f, 0, 0, 1), 0);
	CHECK_EQ(f->n_circuits, 1);
	REFUSED(f, op_circuit(f, 0, 0, 2), EEXIST);
	REFUSED(f, op_circuit(f, 0, 2, 1), EBUSY);  /* output taken */
	REFUSED(f, op_circuit(f, 0, 2, 2), EINVAL); /* back out of itself */
	REFUSED(f, op_circuit(f, 0, 4, 1), ERANGE);
	REFUSED(f, op_circuit(f, 0, 2, 4), ERANGE);
	REFUSED(f, op_circuit(f, 1, 0, 1), ENOENT);
	CHECK_EQ(op_circuit(f, 0, 1, 0), 0); /* a full-duplex pair */
	CHECK_EQ(op_circuit(f, 0, 2, 3), 0);
	c.out_port = 3;
	REFUSED(f, op_txn(f, do_circuit_set, &c, &e), EBUSY);
	c.out_port = 1;
	REFUSED(f, op_txn(f, do_circuit_set, &c, &e), EINVAL);
	c = (struct rcf_circuit){.sw = 0, .in_port = 2, .out_port = 0};
	REFUSED(f, op_txn(f, do_circuit_set, &c, &e), EBUSY);
	c = (struct rcf_circuit){.sw = 0, .in_port = 3, .out_port = 0};
	REFUSED(f, op_txn(f, do_circuit_set, &c, &e), ENOENT);
	CHECK_EQ(op_circuit(f, 0, 3, 2), 0);
	c = (struct rcf_circuit){.sw = 0, .in_port = 1, .out_port = 2};
	REFUSED(f, op_txn(f, do_circuit_set, &c, &e), EBUSY);
	c = (struct rcf_circuit){.sw = 0, .in_port = 3, .out_port = 2};
	CHECK_EQ(op_txn(f, do_circuit_set, &c, &e), 0); /* unchanged: fine */
	CHECK_EQ(f->n_circuits, 4);
	CHECK_EQ(rcf_switch_get(f, 0)->out_busy, 0xf);
	REFUSED(f, op_switch(f, 0, 4), EEXIST);
	c.in_port = 1;
	CHECK_EQ(op_txn(f, do_circuit_del, &c, &e), 0);
	REFUSED(f, op_txn(f, do_circuit_del, &c, &e), ENOENT);
	CHECK_EQ(f->n_circuits, 3);
	CHECK_EQ(rcf_switch_get(f, 0)->out_busy, 0xe);
	rcf_fabric_free(f);
}

static int do_del(struct rcf_fabric *f, void *arg)
{
	const int *a = arg;

	switch (a[0]) {
	case 0:
		return rcf_node_del(f, a[1], &last_err);
	case 1:
		return rcf_switch_del(f, a[1], &last_err);
	default:
		return rcf_link_del(f, a[1], &last_err);
	}
}

static int del(struct rcf_fabric *f, int kind, int id)
{
	int a[2] = {kind, id};
	struct rcf_err e;

	return op_txn(f, do_del, a, &e);
}

static void t_deletes(void)
{
	struct rcf_fabric *f = fab_new();

	op_node(f, 0, 1);
	op_switch(f, 0, 4);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_circuit(f, 0, 1, 2);
	REFUSED(f, del(f, 0, 0), EBUSY);
	REFUSED(f, del(f, 1, 0), EBUSY);
	REFUSED(f, del(f, 0, 5), ENOENT);
	REFUSED(f, del(f, 2, 5), ENOENT);
	CHECK_EQ(del(f, 2, 0), 0);
	CHECK_EQ(del(f, 0, 0), 0);
	CHECK_EQ(hook_detached, 1);
	REFUSED(f, del(f, 1, 0), EBUSY); /* still has a circuit */
	CHECK(last_err.msg && strstr(last_err.msg, "circuits"));
	rcf_fabric_free(f);
}

static void t_iterate(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_circuit c;

	op_node(f, 3, 1);
	op_node(f, 70, 1);
	op_switch(f, 5, 8);
	op_circuit(f, 5, 6, 7);
	CHECK_EQ(rcf_node_next(f, 0)->id, 3);
	CHECK_EQ(rcf_node_next(f, 3)->id, 3);
	CHECK_EQ(rcf_node_next(f, 4)->id, 70);
	CHECK(rcf_node_next(f, 71) == NULL);
	CHECK(rcf_node_next(f, 1u << 30) == NULL);
	CHECK(rcf_circuit_next(f, 0, 0, &c) && c.sw == 5 && c.in_port == 6);
	CHECK(!rcf_circuit_next(f, 5, 7, &c));
	CHECK(rcf_switch_next(f, 6) == NULL);
	rcf_fabric_free(f);
}

static int two_auto_then_fail(struct rcf_fabric *f, void *arg)
{
	struct rcf_node_cfg a = {0}, b = {0};

	(void)arg;
	if (rcf_node_add(f, &a, &last_err) || rcf_node_add(f, &b, &last_err))
		return -1000;
	return rcf_node_del(f, 0, &last_err) ?: -EINVAL;
}

static int del_node(struct rcf_fabric *f, void *arg)
{
	return rcf_node_del(f, *(u32 *)arg, &last_err);
}

static void t_lowest_free(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_err e;
	u32 id = 1;
	int i;

	for (i = 0; i < 4; i++)
		CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK_EQ(op_txn(f, del_node, &id, &e), 0);
	CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK(rcf_node_get(f, 1) != NULL);
	CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK(rcf_node_get(f, 4) != NULL);
	/* an aborted transaction gives its ids back */
	REFUSED(f, op_txn(f, two_auto_then_fail, NULL, &e), EINVAL);
	CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK(rcf_node_get(f, 5) != NULL);
	id = 0;
	CHECK_EQ(op_txn(f, del_node, &id, &e), 0);
	CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK(rcf_node_get(f, 0) != NULL);
	CHECK_EQ(op_node(f, -1, -1), 0);
	CHECK(rcf_node_get(f, 6) != NULL);
	rcf_fabric_free(f);
}

/*
 * A fabric's memory limit: the change that would pass it is refused,
 * ENOMEM, the refusal says it was the limit's, and the model keeps what
 * it had; lifted, the same change goes in.
 */
static void t_mem_limit(void)
{
	struct rcf_fabric *f = fab_new();
	u64 before;
	int id, rc = 0;

	f->mem_limit = f->mem + 4096;
	for (id = 0; id < 1000 && !rc; id++)
		rc = op_node(f, id, 4);
	CHECK_EQ(rc, -ENOMEM);
	CHECK(f->mem_hit);
	CHECK(f->mem <= f->mem_limit);
	CHECK(id < 1000);
	before = f->n_nodes;
	CHECK_EQ(op_node(f, 999, 4), -ENOMEM);
	CHECK_EQ(f->n_nodes, before);
	f->mem_limit = 0;
	f->mem_hit = false;
	CHECK_EQ(op_node(f, 999, 4), 0);
	CHECK(!f->mem_hit);
	rcf_fabric_free(f);
}

/*
 * A fabric's own limit is one more change of a transaction: refused below
 * what the model holds, and put back with the rest when a later change
 * of the same transaction passes it; the refusal remembers the limit
 * that refused past the abort.
 */
static void t_mem_limit_set(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_node_cfg c = {.has_id = true, .has_ports = true, .ports = 4};
	struct rcf_err e = {};
	u64 held;
	int rc = 0;

	CHECK_EQ(op_node(f, 0, 4), 0);
	f->mem_limit = 1 << 20;
	held = f->mem;
	rcf_txn_begin(f);
	CHECK_EQ(rcf_fabric_set_mem_limit(f, held / 2, true, &e), -ERANGE);
	CHECK_EQ(e.err, ERANGE);
	rcf_txn_abort(f);
	CHECK_EQ(f->mem_limit, 1 << 20);
	CHECK(!f->mem_own);

	rcf_txn_begin(f);
	CHECK_EQ(rcf_fabric_set_mem_limit(f, f->mem + 32768, true, &e), 0);
	CHECK(f->mem_own);
	for (c.id = 1; c.id < 1000 && !rc; c.id++)
		rc = rcf_node_add(f, &c, &e);
	CHECK_EQ(rc, -ENOMEM);
	CHECK(f->mem_hit && f->mem_hit_own);
	rcf_txn_abort(f);
	CHECK_EQ(f->mem_limit, 1 << 20);
	CHECK(!f->mem_own);
	CHECK(f->mem_hit_own);
	CHECK_EQ(f->n_nodes, 1);
	CHECK_EQ(f->mem, held);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"model: node validation", t_nodes},
		{"model: the memory limit refuses, changes nothing",
		 t_mem_limit},
		{"model: an own memory limit is set and undone with its "
		 "transaction",
		 t_mem_limit_set},
		{"model: switch validation and settings", t_switches},
		{"model: link validation", t_links},
		{"model: link parameters", t_link_params},
		{"model: circuit validation", t_circuits},
		{"model: deletes refused while in use", t_deletes},
		{"model: iteration resumes by key", t_iterate},
		{"model: ids left out take the lowest free", t_lowest_free},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
