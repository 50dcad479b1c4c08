// SPDX-License-Identifier: GPL-2.0
/*
 * The traffic generator: destination sets of every pattern, arrival
 * processes, trace and NIG replay, reproducibility, and offered equal to
 * accepted load below saturation, through the adapter and the engine.
 */
#include "util.h"
#include "traffic/traffic.h"

#define N	 RCF_ELEM_NODE
#define S	 RCF_ELEM_SWITCH
#define K	 4
#define NN	 (K * K)
#define SW(x, y) ((y)*K + (x))

/* What reached the destinations, per pair, and a digest of the order. */
struct seen {
	u64 pair[NN][NN];
	u64 bytes[NN][NN];
	u64 digest;
	u64 n;
};

static struct seen seen;
static struct rcf_traffic *cur;

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)priv;
	if (dst < NN && src < NN) {
		seen.pair[src][dst]++;
		seen.bytes[src][dst] += len;
	}
	seen.n++;
	seen.digest = (seen.digest ^
		       (dst * 131 + src * 7 + len + cookie + (latency << 20))) *
		      0x100000001b3ULL;
	rcf_traffic_deliver(cur, dst, src, msg, len, cookie, latency);
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver};

/* A K x K mesh of 6-port switches, one node each (port 0), XY routes. */
static struct rcf_fabric *mesh(void)
{
	struct rcf_fabric *f = fab_new();
	int x, y, s, d, l = 0;

	for (s = 0; s < NN; s++) {
		op_node(f, s, 1);
		op_switch(f, s, 6);
		op_link(f, l++, N, s, 0, S, s, 0);
	}
	/* ports: 1 +x, 2 -x, 3 +y, 4 -y */
	for (y = 0; y < K; y++)
		for (x = 0; x < K; x++) {
			if (x + 1 < K)
				op_link(f, l++, S, SW(x, y), 1, S, SW(x + 1, y),
					2);
			if (y + 1 < K)
				op_link(f, l++, S, SW(x, y), 3, S, SW(x, y + 1),
					4);
		}
	for (s = 0; s < NN; s++)
		for (d = 0; d < NN; d++) {
			int sx = s % K, sy = s / K, dx = d % K, dy = d / K;
			u8 r[16];
			int n = 0;

			if (s == d)
				continue;
			r[n++] = RCF_HOP(0, 0);
			for (; sx < dx; sx++)
				r[n++] = RCF_HOP(1, 0);
			for (; sx > dx; sx--)
				r[n++] = RCF_HOP(2, 0);
			for (; sy < dy; sy++)
				r[n++] = RCF_HOP(3, 0);
			for (; sy > dy; sy--)
				r[n++] = RCF_HOP(4, 0);
			r[n++] = RCF_HOP(0, 0);
			CHECK_EQ(op_route(f, s, d, 0, r, n), 0);
		}
	return f;
}

static struct rcf_traffic_spec base(u32 pattern, u32 param)
{
	struct rcf_traffic_spec s = {
		.pattern = pattern,
		.param = param,
		.nodes = NN,
		.rate = 100,
		.size_min = 64,
		.size_max = 64,
		.cycles = 20000,
		.seed = 1,
	};
	return s;
}

/* Cycles per rcf_traffic_run() call in run(), and of them run in full */
static u64 slice = 97, full;
/* how often run() found the bound on full cycles spent */
static int spent;

/* Runs spec to completion on a fresh mesh; results in *r. */
static int run(const struct rcf_traffic_spec *spec,
	       struct rcf_traffic_results *r)
{
	struct rcf_fabric *f = mesh();
	struct rcf_adapter *a = rcf_adapter_new(f, 0, &ops, NULL);
	struct rcf_adapter_stats as;
	struct rcf_engine_stats es;
	const char *err;
	long long rc = 0;
	int i;

	memset(&seen, 0, sizeof(seen));
	memset(r, 0, sizeof(*r));
	CHECK(a);
	if (!a)
		return -1;
	rc = rcf_traffic_new(spec, a, &cur);
	CHECK_EQ(rc, 0);
	if (rc)
		goto out;
	for (i = 0; !rcf_traffic_done(cur); i++) {
		u64 now = rcf_engine_now(rcf_adapter_engine(a));

		rcf_engine_set_full(rcf_adapter_engine(a), full);
		rc = rcf_traffic_run(cur, slice);
		if (rc < 0)
			break;
		/* spent: the next run goes nowhere until the bound is set */
		if (full && rcf_engine_full_spent(rcf_adapter_engine(a))) {
			now = rcf_engine_now(rcf_adapter_engine(a));
			CHECK_EQ(rcf_engine_run(rcf_adapter_engine(a), 100), 0);
			CHECK_EQ(rcf_engine_now(rcf_adapter_engine(a)), now);
			spent++;
		}
		err = rcf_engine_check(rcf_adapter_engine(a));
		if (err) {
			printf("# invariant: %s\n", err);
			tap_case_failed = 1;
			break;
		}
	}
	rcf_traffic_results(cur, r);
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	rcf_adapter_stats(a, &as);
	CHECK_EQ(es.dropped_pkts, 0);
	CHECK_EQ(as.msgs_received, r->msgs_delivered);
	CHECK_EQ(r->msgs_corrupt, 0);
	rcf_traffic_free(cur);
out:
	cur = NULL;
	rcf_adapter_free(a);
	rcf_fabric_free(f);
	return rc < 0 ? (int)rc : 0;
}

static void t_perm_sets(void)
{
	u32 j;

	for (j = 0; j < 16; j++) {
		long long d;

		d = rcf_traffic_perm(RCF_TRAFFIC_DOLOOP, 3, 16, j);
		CHECK_EQ(d, (j + 3) % 16);
		CHECK_EQ(rcf_traffic_perm(RCF_TRAFFIC_EXOR, 5, 16, j), j ^ 5);
		CHECK_EQ(rcf_traffic_perm(RCF_TRAFFIC_NCUBE, 2, 16, j), j ^ 4);
		/* transpose on 4 x 4: (r, c) -> (c, r), diagonal silent */
		d = rcf_traffic_perm(RCF_TRAFFIC_TRANSPOSE, 0, 16, j);
		CHECK_EQ(d, j % 4 == j / 4 ? -1
					   : (long long)((j % 4) * 4 + j / 4));
	}
	/* bit reversal of 3 bits: 0 and 7, 2 and 5 are their own mirror */
	{
		static const int rev[8] = {-1, 4, -1, 6, 1, -1, 3, -1};

		for (j = 0; j < 8; j++)
			CHECK_EQ(rcf_traffic_perm(RCF_TRAFFIC_BITREV, 0, 8, j),
				 rev[j]);
	}
	/* self-maps send nothing */
	for (j = 0; j < 8; j++) {
		CHECK_EQ(rcf_traffic_perm(RCF_TRAFFIC_DOLOOP, 8, 8, j), -1);
		CHECK_EQ(rcf_traffic_perm(RCF_TRAFFIC_EXOR, 0, 8, j), -1);
	}
	/* patterns that cannot run on n */
	CHECK(rcf_traffic_check(RCF_TRAFFIC_BITREV, 0, 12));
	CHECK(rcf_traffic_check(RCF_TRAFFIC_EXOR, 1, 6));
	CHECK(rcf_traffic_check(RCF_TRAFFIC_NCUBE, 4, 16));
	CHECK(rcf_traffic_check(RCF_TRAFFIC_TRANSPOSE, 0, 8));
	CHECK(!rcf_traffic_check(RCF_TRAFFIC_TRANSPOSE, 0, 9));
	CHECK(rcf_traffic_check(RCF_TRAFFIC_UNIFORM, 0, 1));
}

/* Delivered pairs are exactly the pattern's, and every sender got some. */
static void perm_run(u32 pattern, u32 param)
{
	struct rcf_traffic_spec s = base(pattern, param);
	struct rcf_traffic_results r;
	u32 i, j;

	s.rate = 200;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.complete);
	for (i = 0; i < NN; i++) {
		long long d = rcf_traffic_perm(pattern, param, NN, i);

		for (j = 0; j < NN; j++) {
			if ((long long)j == d)
				CHECK(seen.pair[i][j] > 0);
			else
				CHECK_EQ(seen.pair[i][j], 0);
		}
	}
}

static void t_perm_runs(void)
{
	perm_run(RCF_TRAFFIC_DOLOOP, 5);
	perm_run(RCF_TRAFFIC_EXOR, 9);
	perm_run(RCF_TRAFFIC_NCUBE, 3);
	perm_run(RCF_TRAFFIC_BITREV, 0);
	perm_run(RCF_TRAFFIC_TRANSPOSE, 0);
}

static void t_uniform(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results r;
	u32 i, j;

	s.rate = 300;
	s.cycles = 60000;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.complete);
	CHECK_EQ(r.msgs_delivered, r.msgs_offered);
	for (i = 0; i < NN; i++)
		for (j = 0; j < NN; j++)
			if (i == j)
				CHECK_EQ(seen.pair[i][j], 0);
			else
				CHECK(seen.pair[i][j] > 0);
}

/*
 * With self-traffic a node is its own destination 1/NN of the time; the
 * model holds no route from a node to itself, so those are refused.
 */
static void t_uniform_self(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results r;

	s.rate = 300;
	s.cycles = 60000;
	s.self = true;
	CHECK_EQ(run(&s, &r), 0);
	printf("# %llu of %llu messages to self\n",
	       (unsigned long long)r.msgs_refused,
	       (unsigned long long)r.msgs_offered);
	CHECK_EQ(r.msgs_refused + r.msgs_delivered, r.msgs_offered);
	CHECK(r.msgs_refused * NN * 2 > r.msgs_offered);
	CHECK(r.msgs_refused * NN < r.msgs_offered * 2);
}

static void t_hotspot(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_HOTSPOT, 5);
	struct rcf_traffic_results r;
	u64 hot = 0;
	u32 i;

	s.hot_permille = 500;
	s.rate = 50;
	s.cycles = 100000;
	CHECK_EQ(run(&s, &r), 0);
	for (i = 0; i < NN; i++)
		hot += seen.pair[i][5];
	/* 15 of 16 senders aim half their messages at 5, plus 1/15 of rest */
	printf("# hot %llu of %llu\n", (unsigned long long)hot,
	       (unsigned long long)r.msgs_delivered);
	CHECK(hot * 100 > r.msgs_delivered * 45);
	CHECK(hot * 100 < r.msgs_delivered * 55);
}

/* Offered load equals accepted load below saturation (10% load). */
static void t_offered_accepted(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results r;

	s.cycles = 100000;
	s.warmup = 10000;
	CHECK_EQ(run(&s, &r), 0);
	printf("# offered %llu accepted %llu milli-bytes/cycle/node, "
	       "latency avg %llu p50 %llu p99 %llu max %llu\n",
	       (unsigned long long)r.offered_milli,
	       (unsigned long long)r.accepted_milli,
	       (unsigned long long)r.lat_avg, (unsigned long long)r.lat_p50,
	       (unsigned long long)r.lat_p99, (unsigned long long)r.lat_max);
	CHECK(r.complete);
	/* Bernoulli at 100: within 5% of it over 1.4e6 node cycles */
	CHECK(r.offered_milli >= 95 && r.offered_milli <= 105);
	CHECK(r.accepted_milli * 100 >= r.offered_milli * 97);
	CHECK(r.accepted_milli * 100 <= r.offered_milli * 103);
	CHECK(r.lat_min <= r.lat_p50 && r.lat_p50 <= r.lat_p99 &&
	      r.lat_p99 <= r.lat_max);
	CHECK(r.lat_min <= r.lat_avg && r.lat_avg <= r.lat_max);
	/* a lone 64-byte message crosses at least 3 elements */
	CHECK(r.lat_min >= 64);
}

static void t_reproducible(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results a, b, c;
	u64 da, db;

	s.size_min = 1;
	s.size_max = 600;
	s.rate = 400;
	run(&s, &a);
	da = seen.digest;
	run(&s, &b);
	db = seen.digest;
	CHECK(!memcmp(&a, &b, sizeof(a)));
	CHECK_EQ(da, db);
	s.seed = 2;
	run(&s, &c);
	CHECK(da != seen.digest);
	CHECK(a.msgs_offered != c.msgs_offered ||
	      a.bytes_offered != c.bytes_offered);
}

/*
 * The kernel may cut a run into slices of any length (it bounds them in
 * time so that an epoch need not wait); the run must come out the same,
 * cycle for cycle, as rcfsim's fixed slices.  Drained runs and runs past
 * saturation, where the last credits decide the final cycle.
 */
static void t_slice_independent(void)
{
	static const u64 slices[] = {1, 7, 97, 10000, 1000000};
	static const u64 fulls[] = {1, 5, 200};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results ref, r;
	u64 digest;
	int k, load;

	for (load = 0; load < 2; load++) {
		s.size_min = 1;
		s.size_max = load ? 900 : 300;
		s.rate = load ? 2000 : 150;
		s.cycles = load ? 6000 : 8000;
		slice = 10000;
		run(&s, &ref);
		digest = seen.digest;
		for (k = 0; k < 5; k++) {
			slice = slices[k];
			run(&s, &r);
			CHECK(!memcmp(&ref, &r, sizeof(r)));
			CHECK_EQ(seen.digest, digest);
		}
		/*
		 * Slices bounded by the cycles run in full (rcf.ko's kthread,
		 * rcf_engine_set_full), however many cycles they may skip
		 */
		slice = 1000000;
		for (k = 0; k < 3; k++) {
			full = fulls[k];
			spent = 0;
			run(&s, &r);
			CHECK(!memcmp(&ref, &r, sizeof(r)));
			CHECK_EQ(seen.digest, digest);
			/* the bound did cut the run, many times */
			CHECK(spent > 10);
		}
		full = 0;
	}
	slice = 97;
}

static void t_periodic(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_DOLOOP, 1);
	struct rcf_traffic_results r;

	s.arrival = RCF_TRAFFIC_PERIODIC;
	s.rate = 64; /* one 64-byte message every 1000 cycles */
	s.cycles = 10000;
	CHECK_EQ(run(&s, &r), 0);
	CHECK_EQ(r.msgs_offered, NN * 10);
	CHECK_EQ(r.offered_milli, 64);
	CHECK(r.complete);
}

static void t_sizes_table(void)
{
	static const struct rcf_traffic_size sz[] = {{8, 3}, {1000, 1}};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results r;

	s.sizes = sz;
	s.nsizes = 2;
	s.messages = 4000;
	s.cycles = 0;
	s.rate = 100;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.complete);
	CHECK_EQ(r.msgs_offered, 4000);
	CHECK_EQ(r.msgs_delivered, 4000);
	/* 3:1 by count: mean 256 bytes, within 10% */
	CHECK(r.bytes_offered > 4000ULL * 230 &&
	      r.bytes_offered < 4000ULL * 282);
}

static void t_trace(void)
{
	static const struct rcf_traffic_msg tr[] = {
		{10, 0, 15, 100}, {10, 3, 12, 5},   {500, 15, 0, 1000},
		{501, 15, 0, 1},  {2000, 6, 9, 64},
	};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_TRACE, 0);
	struct rcf_traffic_results r;

	s.trace = tr;
	s.ntrace = 5;
	s.cycles = 0;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.complete);
	CHECK_EQ(r.msgs_delivered, 5);
	CHECK_EQ(seen.bytes[0][15], 100);
	CHECK_EQ(seen.bytes[3][12], 5);
	CHECK_EQ(seen.bytes[15][0], 1001);
	CHECK_EQ(seen.bytes[6][9], 64);
	/* the last message went alone: generation ended at its cycle */
	CHECK_EQ(r.window, 2001);
	CHECK(r.cycles > 2000 && r.cycles < 2200);
}

/*
 * A no_drain run ends at the end of generation even when the engine goes
 * idle before it: the idle stretch passes, it is not run forever.
 */
static void t_no_drain_idle(void)
{
	static const struct rcf_traffic_msg tr[] = {{0, 0, 15, 100}};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_TRACE, 0);
	struct rcf_traffic_results r;

	s.trace = tr;
	s.ntrace = 1;
	s.cycles = 1000;
	s.no_drain = true;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.done);
	CHECK_EQ(r.msgs_delivered, 1);
	CHECK_EQ(r.cycles, s.cycles);
}

static void t_nig(void)
{
	static const struct rcf_traffic_arc arcs[] = {
		{0, 1, 3},
		{0, 2, 1},
		{4, 4, 9},
		{7, 8, 2},
	};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_NIG, 0);
	struct rcf_traffic_results r;
	u64 n0 = 0, n7;

	s.arcs = arcs;
	s.narcs = 4;
	s.cycles = 200000;
	CHECK_EQ(run(&s, &r), 0);
	CHECK(r.complete);
	n0 = seen.pair[0][1] + seen.pair[0][2];
	n7 = seen.pair[7][8];
	printf("# 0->1 %llu 0->2 %llu 7->8 %llu\n",
	       (unsigned long long)seen.pair[0][1],
	       (unsigned long long)seen.pair[0][2], (unsigned long long)n7);
	CHECK_EQ(n0 + n7, r.msgs_delivered);
	/* weight 4 at rate 100 vs weight 2 at 50; 0->1 : 0->2 = 3 : 1 */
	CHECK(n0 > n7 * 17 / 10 && n0 < n7 * 23 / 10);
	CHECK(seen.pair[0][1] > seen.pair[0][2] * 25 / 10 &&
	      seen.pair[0][1] < seen.pair[0][2] * 35 / 10);
}

/*
 * A graph's run does not depend on the order of its arcs, and a pair
 * given as two arcs draws as one arc of their summed weight does.
 */
static void t_nig_order(void)
{
	static const struct rcf_traffic_arc sorted[] = {
		{1, 2, 5}, {1, 9, 3}, {3, 0, 2}, {3, 14, 7}, {12, 5, 4},
	};
	static const struct rcf_traffic_arc shuffled[] = {
		{12, 5, 4}, {3, 14, 7}, {1, 9, 3}, {3, 0, 2},
		{1, 2, 2},  {5, 5, 8},	{1, 2, 3},
	};
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_NIG, 0);
	struct rcf_traffic_results a, b;
	u64 da;

	s.cycles = 30000;
	s.arcs = sorted;
	s.narcs = 5;
	CHECK_EQ(run(&s, &a), 0);
	da = seen.digest;
	s.arcs = shuffled;
	s.narcs = 7;
	CHECK_EQ(run(&s, &b), 0);
	CHECK(a.complete && b.complete);
	CHECK(a.msgs_delivered > 100);
	CHECK_EQ(da, seen.digest);
	CHECK_EQ(a.msgs_delivered, b.msgs_delivered);
	CHECK_EQ(a.lat_avg, b.lat_avg);
	/* node 5's self arc and the silent nodes sent nothing */
	CHECK_EQ(seen.pair[5][5], 0);
	CHECK_EQ(seen.pair[0][1] + seen.pair[2][0] + seen.pair[4][0], 0);
}

/* Warm-up: messages generated before it are delivered, not measured. */
static void t_warmup(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results all, w;

	s.cycles = 20000;
	CHECK_EQ(run(&s, &all), 0);
	s.warmup = 5000;
	CHECK_EQ(run(&s, &w), 0);
	CHECK(all.complete && w.complete);
	CHECK_EQ(all.msgs_delivered, w.msgs_delivered);
	CHECK_EQ(all.window, 20000);
	CHECK_EQ(w.window, 15000);
	CHECK(w.lat_count < all.lat_count);
	CHECK(w.lat_count > all.lat_count / 2);
}

static void t_bad_specs(void)
{
	struct rcf_fabric *f = mesh();
	struct rcf_adapter *a = rcf_adapter_new(f, 0, &ops, NULL);
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic *t;

	s.size_min = 0;
	CHECK_EQ(rcf_traffic_new(&s, a, &t), -EINVAL);
	s = base(RCF_TRAFFIC_UNIFORM, 0);
	s.size_max = 70000;
	CHECK_EQ(rcf_traffic_new(&s, a, &t), -EINVAL);
	s = base(RCF_TRAFFIC_NCUBE, 4);
	CHECK_EQ(rcf_traffic_new(&s, a, &t), -EINVAL);
	s = base(RCF_TRAFFIC_HOTSPOT, 16);
	CHECK_EQ(rcf_traffic_new(&s, a, &t), -EINVAL);
	CHECK(!t);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Past saturation with a source limit and no drain: ends on time. */
static void t_saturation(void)
{
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_traffic_results r;

	s.rate = 1000;
	s.cycles = 20000;
	s.warmup = 5000;
	s.no_drain = true;
	s.src_limit = 1024;
	CHECK_EQ(run(&s, &r), 0);
	printf("# offered %llu accepted %llu\n",
	       (unsigned long long)r.offered_milli,
	       (unsigned long long)r.accepted_milli);
	CHECK(r.done && !r.complete);
	CHECK_EQ(r.cycles, 20000);
	CHECK(r.msgs_skipped > 0);
	CHECK(r.accepted_milli < r.offered_milli);
	CHECK(r.accepted_milli > 100);
}

/*
 * The highest rate the generator represents (a message per node and
 * cycle) against links that carry a byte a cycle: the source limit keeps
 * every node's backlog, and so the engine's pool, from growing without
 * end; stopped and drained, the pool goes back whole.
 */
static void t_backlog_bound(void)
{
	struct rcf_fabric *f = mesh();
	struct rcf_adapter *a = rcf_adapter_new(f, 0, &ops, NULL);
	struct rcf_traffic_spec s = base(RCF_TRAFFIC_UNIFORM, 0);
	struct rcf_engine *e = rcf_adapter_engine(a);
	struct rcf_traffic_results r;
	u64 over = 0, half = 0, peak = 0, pool;
	long long rc = 0;
	u32 n;
	int i;

	memset(&seen, 0, sizeof(seen));
	s.rate = 64 * 1000;
	s.cycles = 0;
	s.src_limit = 4096;
	CHECK_EQ(rcf_traffic_new(&s, a, &cur), 0);
	for (i = 0; i < 400 && rc >= 0; i++) {
		rc = rcf_traffic_run(cur, 100);
		for (n = 0; n < NN; n++)
			if (rcf_adapter_backlog(a, n) >=
			    s.src_limit + 64 + RCF_ADAPTER_HDR +
				    RCF_ROUTE_MAX_HOPS)
				over++;
		pool = rcf_engine_pool_bytes(e);
		if (pool > peak)
			peak = pool;
		if (i == 199)
			half = peak;
	}
	CHECK_EQ(rc, 100);
	CHECK_EQ(over, 0);
	printf("# pool %llu bytes at 20000 cycles, %llu at 40000\n",
	       (unsigned long long)half, (unsigned long long)peak);
	/*
	 * flat: the second half adds at most what the in-flight packets'
	 * spread adds (unbounded, it would double)
	 */
	CHECK(peak <= half + half / 8);
	CHECK(peak > 0);
	CHECK(!rcf_engine_trim(e));
	rcf_traffic_stop(cur);
	for (i = 0; i < 10000 && !rcf_traffic_done(cur); i++)
		rc = rcf_traffic_run(cur, 1000);
	CHECK(rcf_traffic_done(cur));
	rcf_traffic_results(cur, &r);
	CHECK(r.msgs_skipped > 0);
	CHECK_EQ(r.msgs_delivered, r.msgs_sent);
	CHECK(rcf_engine_trim(e));
	CHECK_EQ(rcf_engine_pool_bytes(e), 0);
	/* the engine works on after a trim */
	CHECK_EQ(rcf_adapter_send(a, 0, 5, "x", 1, 1), 0);
	CHECK(rcf_engine_run(e, 1000) >= 0);
	CHECK_EQ(rcf_engine_busy(e), 0);
	rcf_traffic_free(cur);
	cur = NULL;
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"pattern destination sets", t_perm_sets},
		{"permutations deliver exactly their pairs", t_perm_runs},
		{"uniform reaches every other node", t_uniform},
		{"uniform with self-traffic", t_uniform_self},
		{"hotspot share", t_hotspot},
		{"offered equals accepted below saturation",
		 t_offered_accepted},
		{"same seed same run", t_reproducible},
		{"any slicing gives the same run", t_slice_independent},
		{"periodic arrivals", t_periodic},
		{"size table", t_sizes_table},
		{"trace replay", t_trace},
		{"no_drain ends at the end though the engine idles",
		 t_no_drain_idle},
		{"nig replay by weight", t_nig},
		{"nig arcs in any order", t_nig_order},
		{"warm-up excluded from the figures", t_warmup},
		{"bad specs refused", t_bad_specs},
		{"saturation with a source limit", t_saturation},
		{"backlog bounded at the highest rate; freed after",
		 t_backlog_bound},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
