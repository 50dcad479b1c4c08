// SPDX-License-Identifier: GPL-2.0
/* All-or-nothing transactions, the commit hooks and the byte count. */
#include "util.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

static struct rcf_fabric *base(void)
{
	struct rcf_fabric *f = fab_new();
	const u8 r[] = {H(0, 0), H(1, 0)};

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_switch(f, 0, 8);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_link(f, 1, S, 0, 1, N, 1, 0);
	op_circuit(f, 0, 2, 3);
	op_route(f, 0, 1, -1, r, 2);
	return f;
}

/* Many kinds of change, growing every array, then a refusal. */
static int many(struct rcf_fabric *f, void *arg)
{
	struct rcf_switch_cfg sc = {
		.id = 0, .has_id = true, .cq_size = 64, .has_cq_size = true};
	struct rcf_link_cfg lc = {.id = 1, .state = 0, .set = RCF_LSET_STATE};
	struct rcf_route r = {
		.src = 0, .dst = 1, .nhops = 2, .hops = {H(0, 0), H(1, 0)}};
	struct rcf_circuit c = {.sw = 0, .in_port = 4, .out_port = 5};
	struct rcf_err *e = &last_err;
	int i, err = 0;

	(void)arg;
	for (i = 2; i < 300 && !err; i++) {
		struct rcf_node_cfg nc = {.id = i, .has_id = true};
		struct rcf_switch_cfg s = {.id = i, .has_id = true};
		struct rcf_link_cfg l = {.id = 1000 + i,
					 .has_id = true,
					 .a = {N, i, 0},
					 .b = {S, i, 0}};

		err = rcf_node_add(f, &nc, e) ?: rcf_switch_add(f, &s, e) ?:
		      rcf_link_add(f, &l, e);
	}
	for (i = 2; i < 300 && !err; i++) {
		r.src = i;
		r.dst = i + 1 < 300 ? i + 1 : 2;
		r.hops[0] = H(0, 0);
		r.hops[1] = H(0, 0);
		/* node i -> switch i -> back to node i: not its destination */
		if (i == 2 && !rcf_route_add(f, &r, -1, e))
			return -1000;
	}
	if (!err)
		err = rcf_switch_set(f, &sc, e) ?: rcf_fabric_set_cq(f, 4096, e) ?:
		      rcf_circuit_add(f, &c, e) ?:
		      rcf_circuit_del(f, 0, 2, e) ?:
		      rcf_route_del(f, 0, 1, -1, e) ?: rcf_link_set(f, &lc, e) ?:
		      rcf_link_del(f, 1, e) ?: rcf_node_del(f, 1, e);
	if (err)
		return err;
	r.src = 0;
	r.dst = 1;
	r.hops[0] = H(0, 0);
	r.hops[1] = H(1, 0);
	return rcf_route_add(f, &r, -1, e); /* link 1 is gone: refused */
}

static void t_abort_restores(void)
{
	struct rcf_fabric *f = base();
	char *before = fab_dump(f);
	u64 mem = f->mem;
	int attached = hook_attached;
	struct rcf_err e;
	char *after;

	CHECK_EQ(op_txn(f, many, NULL, &e), -ENOENT);
	after = fab_dump(f);
	CHECK(strcmp(before, after) == 0);
	CHECK_EQ(f->mem, mem);
	CHECK_EQ(hook_attached, attached);
	CHECK_EQ(hook_detached, 0);
	free(after);
	free(before);
	rcf_fabric_free(f);
}

static int many_ok(struct rcf_fabric *f, void *arg)
{
	int err = many(f, arg);

	return err == -ENOENT ? 0 : -1;
}

static void t_commit_applies(void)
{
	struct rcf_fabric *f = base();
	u64 epoch = f->epoch;
	struct rcf_err e;

	CHECK_EQ(op_txn(f, many_ok, NULL, &e), 0);
	CHECK_EQ(f->n_nodes, 299);
	CHECK_EQ(f->n_switches, 299);
	CHECK_EQ(f->n_links, 299);
	CHECK_EQ(f->n_circuits, 1);
	CHECK_EQ(f->n_routes, 0);
	CHECK_EQ(f->cq_size, 4096);
	CHECK_EQ(rcf_switch_get(f, 0)->cq_size, 64);
	CHECK_EQ(f->epoch, epoch + 1);
	CHECK_EQ(hook_attached, 2 + 298);
	CHECK_EQ(hook_detached, 1);
	rcf_fabric_free(f);
	CHECK_EQ(hook_detached, 300);
}

static int add_nodes(struct rcf_fabric *f, void *arg)
{
	int i, n = *(int *)arg, err = 0;

	for (i = 0; i < n && !err; i++) {
		struct rcf_node_cfg nc = {.id = 10 + i, .has_id = true};

		err = rcf_node_add(f, &nc, &last_err);
	}
	return err;
}

static void t_attach_failure(void)
{
	struct rcf_fabric *f = base();
	char *before = fab_dump(f), *after;
	u64 mem = f->mem;
	struct rcf_err e;
	int n = 5;

	hook_attached = 0;
	hook_fail_at = 3;
	CHECK_EQ(op_txn(f, add_nodes, &n, &e), -EEXIST);
	CHECK(e.msg && e.attr == RCF_A_NODE_IFNAME);
	CHECK_EQ(hook_attached, 3);
	CHECK_EQ(hook_detached, 3);
	after = fab_dump(f);
	CHECK(strcmp(before, after) == 0);
	CHECK_EQ(f->mem, mem);
	free(after);
	free(before);
	rcf_fabric_free(f);
}

struct readd {
	const char *name;
};

static int del_readd(struct rcf_fabric *f, void *arg)
{
	struct readd *a = arg;
	struct rcf_node_cfg nc = {.id = 5, .has_id = true};

	rcf_os_strcpy(nc.ifname, a->name, sizeof(nc.ifname));
	return rcf_node_del(f, 5, &last_err) ?: rcf_node_add(f, &nc, &last_err);
}

static void t_readd_keeps_netdev(void)
{
	struct rcf_fabric *f = fab_new();
	struct readd a = {""};
	struct rcf_err e;
	u32 ifindex;

	op_node(f, 5, 1);
	ifindex = rcf_node_get(f, 5)->ifindex;
	CHECK_EQ(op_txn(f, del_readd, &a, &e), 0);
	CHECK_EQ(rcf_node_get(f, 5)->ifindex, ifindex);
	CHECK_EQ(hook_attached, 1);
	CHECK_EQ(hook_detached, 0);
	a.name = "other";
	CHECK_EQ(op_txn(f, del_readd, &a, &e), 0);
	CHECK(rcf_node_get(f, 5)->ifindex != ifindex);
	CHECK_EQ(hook_attached, 2);
	CHECK_EQ(hook_detached, 1);
	rcf_fabric_free(f);
	CHECK_EQ(hook_detached, 2);
}

static int flush(struct rcf_fabric *f, void *arg)
{
	int err = rcf_fabric_flush(f, &last_err);

	return err ? err : (arg ? -1 : 0);
}

static void t_flush(void)
{
	struct rcf_fabric *f = base();
	char *before = fab_dump(f), *after;
	struct rcf_err e;

	CHECK_EQ(op_txn(f, flush, (void *)1, &e), -1);
	after = fab_dump(f);
	CHECK(strcmp(before, after) == 0);
	CHECK_EQ(op_txn(f, flush, NULL, &e), 0);
	CHECK(f->n_nodes + f->n_switches + f->n_links + f->n_circuits +
		      f->n_routes ==
	      0);
	CHECK_EQ(hook_detached, 2);
	free(after);
	free(before);
	rcf_fabric_free(f);
}

static void t_empty_txn(void)
{
	struct rcf_fabric *f = fab_new();
	u64 mem = f->mem;
	struct rcf_err e;

	rcf_txn_begin(f);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	CHECK_EQ(f->epoch, 0);
	CHECK_EQ(f->mem, mem);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"txn: abort midway restores every object and byte",
		 t_abort_restores},
		{"txn: commit applies everything and bumps the epoch",
		 t_commit_applies},
		{"txn: a failed attach aborts and detaches the others",
		 t_attach_failure},
		{"txn: a node removed and re-added keeps its netdev",
		 t_readd_keeps_netdev},
		{"txn: flush, aborted and committed", t_flush},
		{"txn: an empty transaction changes nothing", t_empty_txn},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
