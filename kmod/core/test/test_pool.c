// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's pool budget: admission where packets are made, never in
 * the network, so a hotspot filling large central queues is held to the
 * budget, loses nothing and drains (Documentation/datapath.rst).
 */
#include "util.h"
#include "adapter/adapter.h"
#include "traffic/traffic.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

#define NODES 16  /* node 0 is the hotspot */
#define PKTS  300 /* per source */
#define PLEN  200 /* payload bytes */

static u8 pat(u64 cookie, u32 i)
{
	return (u8)(cookie * 131 + i * 7 + 3);
}

struct got {
	u64 n, bad, wrong_dst;
	u8 seen[NODES][PKTS];
};

static struct got got;

/* cookie: source * PKTS + sequence; payload a function of it */
static void on_deliver(void *priv, u32 dst, u32 src, const u8 *payload, u32 len,
		       u64 cookie, u64 latency)
{
	u32 i;

	(void)priv;
	(void)latency;
	got.n++;
	if (dst != 0 || src == 0 || src >= NODES || cookie / PKTS != src ||
	    got.seen[src][cookie % PKTS]++) {
		got.wrong_dst++;
		return;
	}
	for (i = 0; i < len; i++)
		if (payload[i] != pat(cookie, i))
			break;
	if (len != PLEN || i != len)
		got.bad++;
}

static const struct rcf_engine_ops eops = {.deliver = on_deliver};

/* One switch, node i on its port i: every source's worm meets at port 0. */
static struct rcf_fabric *star(void)
{
	struct rcf_fabric *f = fab_new();
	int i;

	CHECK_EQ(op_switch(f, 0, NODES), 0);
	for (i = 0; i < NODES; i++) {
		CHECK_EQ(op_node(f, i, 1), 0);
		CHECK_EQ(op_link(f, i, N, i, 0, S, 0, i), 0);
	}
	rcf_switch_get(f, 0)->cq_size = RCF_CQ_MAX_SIZE;
	return f;
}

struct hot {
	u64 peak, refused, over, pool_end, held_end;
	u64 sent, deadlock;
	struct rcf_engine_stats st;
};

/*
 * Every source sends PKTS packets to node 0 as fast as the engine takes
 * them, trying again after each slice when refused; runs to drain.
 */
static void hotspot(struct rcf_fabric *f, u64 budget, struct hot *h)
{
	struct rcf_engine *e = rcf_engine_build(f, &eops, NULL);
	static const u8 route[2] = {H(0, 0), H(0, 0)};
	struct rcf_engine_pool ps;
	u32 next[NODES] = {0}, i, k, left = (NODES - 1) * PKTS;
	u8 payload[PLEN];
	const char *err;
	long long r = 0;
	int rc;

	memset(&got, 0, sizeof(got));
	memset(h, 0, sizeof(*h));
	rcf_engine_set_budget(e, budget);
	while (left || !rcf_engine_quiet(e)) {
		for (i = 1; i < NODES; i++) {
			while (next[i] < PKTS) {
				u64 c = (u64)i * PKTS + next[i];

				for (k = 0; k < PLEN; k++)
					payload[k] = pat(c, k);
				rc = rcf_engine_send(e, i, route, 2, payload,
						     PLEN, c);
				if (rc == -ENOBUFS)
					break;
				CHECK_EQ(rc, 0);
				if (rc)
					goto out;
				next[i]++;
				left--;
				h->sent++;
			}
		}
		r = rcf_engine_run(e, 50);
		rcf_engine_pool_stats(e, &ps);
		if (ps.bytes > h->peak)
			h->peak = ps.bytes;
		err = rcf_engine_check(e);
		if (err || r < 0) {
			printf("# broken at %llu: %s %lld\n",
			       (unsigned long long)rcf_engine_now(e),
			       err ? err : "run", r);
			tap_case_failed = 1;
			break;
		}
	}
out:
	h->deadlock = r < 0;
	rcf_engine_pool_stats(e, &ps);
	h->refused = ps.refused;
	h->over = ps.over;
	h->held_end = ps.held;
	CHECK(ps.peak >= h->peak);
	h->peak = ps.peak;
	rcf_engine_stats(e, &h->st);
	CHECK(rcf_engine_trim(e));
	rcf_engine_pool_stats(e, &ps);
	h->pool_end = ps.bytes;
	rcf_engine_free(e);
}

static void t_hotspot_budget(void)
{
	struct rcf_fabric *f = star();
	const u64 budget = 96 << 10;
	struct hot free_run, held;

	hotspot(f, 0, &free_run);
	printf("# no budget: pool peak %llu bytes, %llu delivered\n",
	       (unsigned long long)free_run.peak, (unsigned long long)got.n);
	CHECK_EQ(free_run.refused, 0);
	CHECK_EQ(got.n, (NODES - 1) * PKTS);
	/* the hotspot's queue holds what a budget must bound */
	CHECK(free_run.peak > 4 * budget);

	hotspot(f, budget, &held);
	printf("# budget %llu: pool peak %llu bytes, %llu refused, %llu "
	       "cycles\n",
	       (unsigned long long)budget, (unsigned long long)held.peak,
	       (unsigned long long)held.refused,
	       (unsigned long long)held.st.now);
	CHECK_EQ(held.deadlock, 0);
	CHECK_EQ(held.sent, (NODES - 1) * PKTS);
	CHECK_EQ(got.n, (NODES - 1) * PKTS);
	CHECK_EQ(got.bad, 0);
	CHECK_EQ(got.wrong_dst, 0);
	CHECK_EQ(held.st.dropped_pkts, 0);
	CHECK_EQ(held.st.delivered_pkts, (NODES - 1) * PKTS);
	/* admission counts whole blocks: no slack above the budget */
	CHECK(held.peak <= budget);
	CHECK(held.peak > 0);
	CHECK(held.refused > 0);
	CHECK_EQ(held.over, 0);
	CHECK_EQ(held.held_end, 0);
	CHECK_EQ(held.pool_end, 0);
	rcf_fabric_free(f);
}

/* The budget is never taken inside the network: a packet in flight is
 * never dropped for it, even with the budget cut to nothing meanwhile. */
static void t_budget_cut_in_flight(void)
{
	struct rcf_fabric *f = star();
	struct rcf_engine *e = rcf_engine_build(f, &eops, NULL);
	static const u8 route[2] = {H(0, 0), H(0, 0)};
	struct rcf_engine_stats st;
	struct rcf_engine_pool ps;
	u8 payload[PLEN];
	u32 i, k;

	memset(&got, 0, sizeof(got));
	for (i = 1; i < NODES; i++) {
		for (k = 0; k < PLEN; k++)
			payload[k] = pat((u64)i * PKTS, k);
		CHECK_EQ(rcf_engine_send(e, i, route, 2, payload, PLEN,
					 (u64)i * PKTS),
			 0);
	}
	rcf_engine_run(e, 20);
	rcf_engine_set_budget(e, 1);
	CHECK_EQ(rcf_engine_send(e, 1, route, 2, payload, PLEN, 1), -E2BIG);
	CHECK(rcf_engine_run(e, 1000000) >= 0);
	rcf_engine_stats(e, &st);
	rcf_engine_pool_stats(e, &ps);
	CHECK_EQ(st.delivered_pkts, NODES - 1);
	CHECK_EQ(st.dropped_pkts, 0);
	CHECK_EQ(got.bad, 0);
	CHECK_EQ(ps.refused, 1);
	CHECK_EQ(ps.held, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static u32 amsgs;

static void on_msg(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		   u64 cookie, u64 latency)
{
	(void)priv;
	(void)dst;
	(void)src;
	(void)msg;
	(void)len;
	(void)cookie;
	(void)latency;
	amsgs++;
}

static const struct rcf_adapter_ops aops = {.deliver = on_msg};

/*
 * The adapter reserves a message's packets all or none: a message the
 * budget cannot take now is refused whole, -ENOBUFS, not a drop, and
 * rcf_adapter_room says so beforehand; one no budget can take is a
 * NO_MEM drop.
 */
static void t_adapter_nobufs(void)
{
	struct rcf_fabric *f = star();
	static const u8 route[2] = {H(0, 0), H(0, 0)};
	static u8 msg[RCF_ADAPTER_MAX_MSG];
	struct rcf_adapter_stats as;
	struct rcf_engine_stats st;
	const u32 room = RCF_ENGINE_MAX_PKT - 1 - 2 - RCF_ADAPTER_HDR;
	struct rcf_adapter *a;
	struct rcf_engine *e;
	int i, rc = 0, sent = 0;

	for (i = 1; i < NODES; i++)
		CHECK_EQ(op_route(f, i, 0, 0, route, 2), 0);
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &aops, NULL);
	e = rcf_adapter_engine(a);
	amsgs = 0;
	rcf_engine_set_budget(e, 128 << 10);
	for (i = 0; i < 40 && rc != -ENOBUFS; i++) {
		int said = rcf_adapter_room(a, 1 + i % 15, 0, 16384);

		rc = rcf_adapter_send(a, 1 + i % 15, 0, msg, 16384, i);
		CHECK_EQ(said, rc == -ENOBUFS ? -ENOBUFS : 0);
		sent += !rc;
	}
	CHECK_EQ(rc, -ENOBUFS);
	CHECK(sent > 0);
	rcf_engine_stats(e, &st);
	rcf_adapter_stats(a, &as);
	/* whole messages only */
	CHECK_EQ(st.sent_pkts, (u64)sent * ((16384 + room - 1) / room));
	CHECK_EQ(as.msgs_sent, (u64)sent);
	CHECK_EQ(as.drops[RCF_ADROP_NO_MEM], 0);
	CHECK(rcf_engine_run(e, 10000000) >= 0);
	CHECK_EQ(amsgs, (u32)sent);
	CHECK_EQ(rcf_adapter_room(a, 1, 0, 16384), 0);
	CHECK_EQ(rcf_adapter_send(a, 1, 0, msg, 16384, 99), 0);
	/* more than the whole budget: lost, and counted */
	CHECK_EQ(rcf_adapter_room(a, 2, 0, RCF_ADAPTER_MAX_MSG), -E2BIG);
	CHECK_EQ(rcf_adapter_send(a, 2, 0, msg, RCF_ADAPTER_MAX_MSG, 100),
		 -ENOMEM);
	rcf_adapter_stats(a, &as);
	CHECK_EQ(as.drops[RCF_ADROP_NO_MEM], 1);
	CHECK(rcf_engine_run(e, 10000000) >= 0);
	CHECK_EQ(amsgs, (u32)sent + 1);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static struct rcf_traffic *run;

static void on_run_msg(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)priv;
	rcf_traffic_deliver(run, dst, src, msg, len, cookie, latency);
}

static const struct rcf_adapter_ops rops = {.deliver = on_run_msg};

/*
 * The generator at its top rate into the hotspot: the budget, not the
 * backlog bound (set high), holds the sources back, as skips; nothing
 * is refused or lost and the pool stays within the budget.
 */
static void t_generator_skips(void)
{
	struct rcf_fabric *f = star();
	struct rcf_traffic_spec s = {
		.pattern = RCF_TRAFFIC_HOTSPOT,
		.param = 0,
		.hot_permille = 1000,
		.nodes = NODES,
		.rate = 16 * 1000,
		.size_min = 16,
		.size_max = 16,
		.cycles = 100000,
		.src_limit = 16 << 20,
		.seed = 3,
	};
	struct rcf_traffic_results r;
	struct rcf_engine_pool ps;
	struct rcf_adapter *a;
	long long rc = 0;
	int i, j;

	for (i = 0; i < NODES; i++) {
		for (j = 0; j < NODES; j++) {
			u8 r[2] = {H(0, 0), H(j, 0)};

			if (i != j)
				CHECK_EQ(op_route(f, i, j, 0, r, 2), 0);
		}
	}
	a = rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, &rops, NULL);
	rcf_engine_set_budget(rcf_adapter_engine(a), 64 << 10);
	CHECK_EQ(rcf_traffic_new(&s, a, &run), 0);
	for (i = 0; i < 100000 && rc >= 0 && !rcf_traffic_done(run); i++)
		rc = rcf_traffic_run(run, 1000);
	CHECK(rcf_traffic_done(run));
	rcf_traffic_results(run, &r);
	rcf_engine_pool_stats(rcf_adapter_engine(a), &ps);
	printf("# generator: %llu sent, %llu skipped, pool peak %llu\n",
	       (unsigned long long)r.msgs_sent,
	       (unsigned long long)r.msgs_skipped, (unsigned long long)ps.peak);
	CHECK(r.msgs_skipped > 0);
	CHECK(r.msgs_sent > 0);
	CHECK_EQ(r.msgs_refused, 0);
	CHECK_EQ(r.msgs_corrupt, 0);
	CHECK_EQ(r.msgs_delivered, r.msgs_sent);
	CHECK(ps.peak <= 64 << 10);
	CHECK(ps.refused > 0);
	rcf_traffic_free(run);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* What one packet of nroute route bytes holds in e's budget. */
static u64 held_by(struct rcf_engine *e, u32 nroute)
{
	static const u8 route[3] = {H(0, 0), H(0, 0), H(0, 0)};
	struct rcf_engine_pool p0, p1;
	u8 payload[8] = {0};

	rcf_engine_pool_stats(e, &p0);
	CHECK_EQ(rcf_engine_send(e, 1, route, nroute, payload, 8, 0), 0);
	rcf_engine_pool_stats(e, &p1);
	return p1.held - p0.held;
}

/*
 * A circuit carries a packet past a switch without a route byte: after
 * each route byte, a packet holds a piece for every circuit of the
 * longest run it may enter, and the hop limit's when circuits loop.
 */
static void t_circuit_share(void)
{
	struct rcf_fabric *f = star();
	struct rcf_engine_stats st;
	struct rcf_engine_pool ps;
	struct rcf_engine *e;
	u64 plain2, circ1, circ2, hop, loop;

	e = rcf_engine_build(f, &eops, NULL);
	plain2 = held_by(e, 2);
	rcf_engine_free(e);
	/* a run of one circuit: input 15 to node 1 */
	CHECK_EQ(op_circuit(f, 0, 15, 1), 0);
	e = rcf_engine_build(f, &eops, NULL);
	circ1 = held_by(e, 1);
	circ2 = held_by(e, 2);
	CHECK(rcf_engine_table_bytes(e) > sizeof(u64) * NODES);
	/* node 15 through the circuit to node 1: within its share */
	CHECK_EQ(rcf_engine_send(e, 15, (const u8[]){H(0, 0)}, 1, NULL, 0, 1),
		 0);
	CHECK(rcf_engine_run(e, 100000) >= 0);
	rcf_engine_pool_stats(e, &ps);
	rcf_engine_stats(e, &st);
	CHECK_EQ(st.delivered_pkts, 2);
	CHECK_EQ(ps.over, 0);
	CHECK_EQ(ps.held, 0);
	rcf_engine_free(e);
	/* packet + 2 * (1 + 1) pieces against packet + 2 and + 1 * 2 */
	hop = (circ2 - plain2) / 2;
	CHECK(hop > 64);
	CHECK_EQ(circ2 - plain2, 2 * hop);
	CHECK_EQ(circ1, plain2);
	rcf_fabric_free(f);

	/* two switches whose circuits send a packet round for ever */
	f = fab_new();
	CHECK_EQ(op_switch(f, 0, 4), 0);
	CHECK_EQ(op_switch(f, 1, 4), 0);
	CHECK_EQ(op_node(f, 1, 1), 0);
	CHECK_EQ(op_link(f, 0, N, 1, 0, S, 0, 0), 0);
	CHECK_EQ(op_link(f, 1, S, 0, 1, S, 1, 1), 0);
	CHECK_EQ(op_link(f, 2, S, 0, 2, S, 1, 2), 0);
	CHECK_EQ(op_circuit(f, 0, 1, 2), 0);
	CHECK_EQ(op_circuit(f, 1, 2, 1), 0);
	e = rcf_engine_build(f, &eops, NULL);
	loop = held_by(e, 1);
	/* the hop limit: 126 pieces more than circ1's 2 */
	CHECK_EQ(loop, circ1 + (RCF_ENGINE_MAX_HOPS - 2) * hop);
	/* into the loop: round until the hop limit drops it */
	CHECK_EQ(rcf_engine_send(e, 1, (const u8[]){H(0, 0), H(2, 0)}, 2, NULL,
				 0, 2),
		 0);
	CHECK(rcf_engine_run(e, 100000) >= 0);
	rcf_engine_pool_stats(e, &ps);
	rcf_engine_stats(e, &st);
	CHECK_EQ(st.drops[RCF_EDROP_HOP_LIMIT], 1);
	CHECK_EQ(ps.over, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"a hotspot under a pool budget loses nothing, stays under it",
		 t_hotspot_budget},
		{"a budget cut in flight drops nothing",
		 t_budget_cut_in_flight},
		{"the adapter refuses whole messages past the budget",
		 t_adapter_nobufs},
		{"the generator skips what the budget holds back",
		 t_generator_skips},
		{"a circuit in the engine raises a packet's share",
		 t_circuit_share},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
