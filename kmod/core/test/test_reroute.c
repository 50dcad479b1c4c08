// SPDX-License-Identifier: GPL-2.0
/*
 * Epoch freeze: which transactions count as route-only, and a new route
 * table swapped under an engine with packets in flight loses nothing.
 */
#include "util.h"
#include "adapter/adapter.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

static int delivered, bad;
static u64 last_src_lat;

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	u32 i;

	(void)priv;
	(void)dst;
	(void)src;
	for (i = 0; i < len; i++)
		if (msg[i] != (u8)(cookie + i)) {
			bad++;
			break;
		}
	last_src_lat = latency;
	delivered++;
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver};

static const u8 r_short[3] = {H(0, 0), H(1, 0), H(1, 0)};
static const u8 r_long[5] = {H(0, 0), H(2, 0), H(1, 0), H(1, 0), H(1, 0)};
static const u8 b_short[3] = {H(0, 0), H(0, 0), H(0, 0)};

static int set_route(struct rcf_fabric *f, const u8 *hops, int n)
{
	struct rcf_route r = {.src = 0, .dst = 1, .index = 0, .nhops = n};
	struct rcf_err e = {0};

	memcpy(r.hops, hops, n);
	return rcf_route_set(f, &r, &e);
}

static int send(struct rcf_adapter *a, u32 src, u32 dst, u32 len, u64 c)
{
	u8 buf[2000];
	u32 i;

	for (i = 0; i < len; i++)
		buf[i] = (u8)(c + i);
	return rcf_adapter_send(a, src, dst, buf, len, c);
}

/* Commits f's open route-only transaction as an epoch's freeze does. */
static void commit_reroute(struct rcf_adapter *a, struct rcf_fabric *f,
			   void (*gone)(void *priv, u32 src, u32 dst, u64 sent,
					u64 received))
{
	struct rcf_engine *e = rcf_adapter_engine(a);
	u8 srcs[RCF_MAX_NODES] = {0};
	struct rcf_reroute *rt;
	u64 tables;

	CHECK(rcf_txn_routes_only(f, srcs));
	rt = rcf_reroute_prepare(a, f, srcs);
	CHECK(rt);
	CHECK_EQ(rcf_txn_commit(f, &last_err), 0);
	if (!rt)
		return;
	/* what an epoch checks against mem-limit before it installs */
	tables = rcf_reroute_table_bytes(e, rt);
	rcf_reroute_install(a, rt, gone, NULL);
	CHECK_EQ(rcf_engine_table_bytes(e), tables);
}

static void t_routes_only(void)
{
	struct rcf_fabric *f = fab_two_paths();
	struct rcf_link_cfg lc = {
		.id = 2, .latency = 5, .set = RCF_LSET_LATENCY};
	struct rcf_route r = {.src = 1, .dst = 0, .index = 0, .nhops = 3};
	struct rcf_err e = {0};
	u8 srcs[RCF_MAX_NODES] = {0};

	CHECK_EQ(op_route(f, 0, 1, 0, r_short, 3), 0);
	rcf_txn_begin(f);
	CHECK_EQ(set_route(f, r_long, 5), 0);
	memcpy(r.hops, b_short, 3);
	CHECK_EQ(rcf_route_add(f, &r, 0, &e), 0);
	CHECK(rcf_txn_routes_only(f, srcs));
	CHECK(srcs[0] && srcs[1] && !srcs[2]);
	CHECK_EQ(rcf_link_set(f, &lc, &e), 0);
	CHECK(!rcf_txn_routes_only(f, NULL));
	rcf_txn_abort(f);
	rcf_fabric_free(f);
}

/*
 * A transaction's kinds come from what its operations change, not from
 * comparing objects: setting what is already there is no change, a new
 * value of any kind is, and each operation names its own kind.
 */
static void t_txn_kinds(void)
{
	struct rcf_fabric *f = fab_two_paths();
	struct rcf_link_cfg lc = {.id = 2, .set = RCF_LSET_LATENCY};
	struct rcf_switch_cfg sc = {.id = 1, .has_cq_size = true};
	struct rcf_node_cfg nc = {.id = 0, .has_addrs = true, .naddr = 1};
	struct rcf_route r = {.src = 0, .dst = 1, .nhops = 3};
	struct rcf_err e = {0};

	lc.latency = rcf_link_get(f, 2)->latency;
	sc.cq_size = rcf_switch_get(f, 1)->cq_size;
	nc.addrs[0].a[0] = 10;
	nc.addrs[0].a[3] = 1;
	rcf_txn_begin(f);
	CHECK_EQ(rcf_txn_kinds(f), 0);
	CHECK_EQ(rcf_link_set(f, &lc, &e), 0);
	CHECK_EQ(rcf_switch_set(f, &sc, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), 0);
	CHECK(rcf_txn_routes_only(f, NULL));
	CHECK_EQ(rcf_node_set(f, &nc, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), RCF_TXN_ADDRS);
	CHECK(!rcf_txn_routes_only(f, NULL));
	CHECK_EQ(rcf_txn_commit(f, &e), 0);

	/* the same addresses again: nothing */
	rcf_txn_begin(f);
	CHECK_EQ(rcf_node_set(f, &nc, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), 0);
	sc.cq_size += 64;
	CHECK_EQ(rcf_switch_set(f, &sc, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), RCF_TXN_FABRIC);
	rcf_txn_abort(f);

	memcpy(r.hops, r_short, 3);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_route_add(f, &r, 0, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), RCF_TXN_ROUTES);
	lc.latency++;
	CHECK_EQ(rcf_link_set(f, &lc, &e), 0);
	CHECK_EQ(rcf_txn_kinds(f), RCF_TXN_ROUTES | RCF_TXN_FABRIC);
	CHECK(!rcf_txn_routes_only(f, NULL));
	CHECK(!rcf_txn_paths_only(f));
	rcf_txn_abort(f);
	rcf_fabric_free(f);
}

/* Swap routes back and forth while messages are on the wire. */
static void t_swap_in_flight(void)
{
	struct rcf_fabric *f = fab_two_paths();
	struct rcf_adapter *a;
	struct rcf_engine *e;
	struct rcf_engine_chan_stats c1, c2;
	struct rcf_engine_chan_id id1 = {1, 0, 0}, id2 = {2, 0, 0};
	u64 sent, recv;
	int k, n = 0;

	CHECK_EQ(op_route(f, 0, 1, 0, r_short, 3), 0);
	CHECK_EQ(op_route(f, 1, 0, 0, b_short, 3), 0);
	delivered = 0;
	bad = 0;
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	e = rcf_adapter_engine(a);
	for (k = 0; k < 40; k++) {
		CHECK_EQ(send(a, 0, 1, 1000, k), 0);
		n++;
		rcf_engine_run(e, 50);
		rcf_txn_begin(f);
		CHECK_EQ(set_route(f, k % 2 ? r_short : r_long, k % 2 ? 3 : 5),
			 0);
		CHECK(rcf_engine_busy(e) > 0);
		commit_reroute(a, f, NULL);
		CHECK(!rcf_engine_check(e));
	}
	while (rcf_engine_busy(e))
		CHECK(rcf_engine_run(e, 100000) >= 0);
	CHECK(!rcf_engine_check(e));
	CHECK_EQ(delivered, n);
	CHECK_EQ(bad, 0);
	rcf_engine_chan_stats(e, &id1, &c1);
	rcf_engine_chan_stats(e, &id2, &c2);
	CHECK(c1.bytes > 0 && c2.bytes > 0);
	/* the pair's message counts moved with its routes */
	CHECK_EQ(rcf_adapter_pair_msgs(a, 0, 1, &sent, &recv), 0);
	CHECK_EQ(sent, n);
	CHECK_EQ(recv, n);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static u32 gone_src = ~0u;
static u64 gone_sent;

static void on_gone(void *priv, u32 src, u32 dst, u64 sent, u64 received)
{
	(void)priv;
	(void)dst;
	(void)received;
	gone_src = src;
	gone_sent = sent;
}

/* A pair losing its last route hands its counts over. */
static void t_pair_gone(void)
{
	struct rcf_fabric *f = fab_two_paths();
	struct rcf_adapter *a;
	struct rcf_err e = {0};

	CHECK_EQ(op_route(f, 0, 1, 0, r_short, 3), 0);
	CHECK_EQ(op_route(f, 1, 0, 0, b_short, 3), 0);
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	CHECK_EQ(send(a, 0, 1, 300, 1), 0);
	CHECK_EQ(send(a, 0, 1, 300, 2), 0);
	rcf_engine_run(rcf_adapter_engine(a), 100000);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_route_del(f, 0, 1, -1, &e), 0);
	commit_reroute(a, f, on_gone);
	CHECK_EQ(gone_src, 0);
	CHECK_EQ(gone_sent, 2);
	CHECK_EQ(rcf_engine_nroutes(rcf_adapter_engine(a)), 1);
	CHECK_EQ(send(a, 0, 1, 10, 3), -ENOENT);
	CHECK_EQ(send(a, 1, 0, 10, 4), 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Nodes 0 .. n - 1 on one switch, node i on port i. */
static struct rcf_fabric *star(int n)
{
	struct rcf_fabric *f = fab_new();
	int i;

	op_switch(f, 0, n);
	for (i = 0; i < n; i++) {
		op_node(f, i, 1);
		op_link(f, i, N, i, 0, S, 0, i);
	}
	return f;
}

/*
 * Tables installed batch by batch, a source or two at a time, as rcfctl
 * does: each batch builds only its sources' blocks and shares the rest,
 * so what a pair counted before a batch that does not touch it stays,
 * a pair whose source is rebuilt (a route of another pair of it went)
 * keeps its counts too, and the result
 * reads the same as an engine built from the final model.
 */
static void t_batches(void)
{
	enum { NN = 6 };
	struct rcf_fabric *f = star(NN);
	struct rcf_adapter *a, *fresh;
	struct rcf_err err = {0};
	u64 sent, recv;
	int s, d, k;

	/* the engine starts with routes of node 0 only */
	for (d = 1; d < NN; d++) {
		u8 h[2] = {H(0, 0), H(d, 0)};

		CHECK_EQ(op_route(f, 0, d, 0, h, 2), 0);
	}
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	CHECK_EQ(send(a, 0, 1, 100, 1), 0);
	for (s = 1; s < NN; s += 2) {
		rcf_txn_begin(f);
		for (k = s; k < s + 2 && k < NN; k++)
			for (d = 0; d < NN; d++) {
				struct rcf_route r = {
					.src = k,
					.dst = d,
					.nhops = 2,
					.hops = {H(0, 0), H(d, 0)}};

				if (d != k)
					CHECK_EQ(rcf_route_add(f, &r, 0, &err),
						 0);
			}
		/* and node 0, counting on its pair 0 -> 1, loses 0 -> 4 */
		if (s == 3)
			CHECK_EQ(rcf_route_del(f, 0, 4, -1, &err), 0);
		commit_reroute(a, f, NULL);
		CHECK_EQ(send(a, s, 0, 100, s), 0);
		rcf_engine_run(rcf_adapter_engine(a), 100000);
	}
	CHECK_EQ(rcf_engine_nroutes(rcf_adapter_engine(a)), NN * (NN - 1) - 1);
	CHECK_EQ(rcf_adapter_pair_msgs(a, 0, 1, &sent, &recv), 0);
	CHECK_EQ(sent, 1);
	CHECK_EQ(recv, 1);
	for (s = 1; s < NN; s += 2) {
		CHECK_EQ(rcf_adapter_pair_msgs(a, s, 0, &sent, &recv), 0);
		CHECK_EQ(sent, 1);
	}
	fresh = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	CHECK_EQ(rcf_engine_nroutes(rcf_adapter_engine(fresh)),
		 rcf_engine_nroutes(rcf_adapter_engine(a)));
	for (s = 0; s < NN; s++)
		for (d = 0; d < NN; d++)
			for (k = 0; k < RCF_ROUTES_PER_PAIR; k++) {
				const u8 *h1 = NULL, *h2 = NULL;
				u32 n1 = 0, n2 = 0;
				int r1 = rcf_engine_route(rcf_adapter_engine(a),
							  s, d, k, &h1, &n1);
				int r2 = rcf_engine_route(
					rcf_adapter_engine(fresh), s, d, k, &h2,
					&n2);

				CHECK_EQ(r1, r2);
				CHECK_EQ(n1, n2);
				CHECK(!r1 || !n1 || !memcmp(h1, h2, n1));
			}
	rcf_adapter_free(fresh);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* A fresh engine's clock continues from where the last one stopped. */
static void t_set_now(void)
{
	struct rcf_fabric *f = fab_two_paths();
	struct rcf_adapter *a;
	struct rcf_engine *e;

	CHECK_EQ(op_route(f, 0, 1, 0, r_short, 3), 0);
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &ops, NULL);
	e = rcf_adapter_engine(a);
	rcf_engine_set_now(e, 1000000);
	CHECK_EQ(rcf_engine_now(e), 1000000);
	CHECK_EQ(send(a, 0, 1, 100, 5), 0);
	while (rcf_engine_busy(e))
		rcf_engine_run(e, 10000);
	CHECK(last_src_lat > 0 && last_src_lat < 10000);
	CHECK(!rcf_engine_check(e));
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"txn: route-only changes are told apart", t_routes_only},
		{"txn: each operation marks its kind; no-op sets mark none",
		 t_txn_kinds},
		{"reroute: swaps under packets in flight lose nothing",
		 t_swap_in_flight},
		{"reroute: a pair left without route hands over its counts",
		 t_pair_gone},
		{"reroute: batch by batch, untouched sources keep their state",
		 t_batches},
		{"engine: a fresh clock can start where the last stopped",
		 t_set_now},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
