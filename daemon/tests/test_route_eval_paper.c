// SPDX-License-Identifier: GPL-2.0
/*
 * The §4 evaluation's paper accounting: FLOW and COST over
 * switch-to-switch links, the mean over the steps that carry any such
 * flow, worked out by hand on sp1:16; the random workloads as
 * derangements; the spread over seeds.
 */
#include "route/route_eval.h"
#include "route/route_eval_table.h"
#include "obj/batch.h"
#include "tap.h"
#include "route_eval_util.h"

static void by_hand(void)
{
	struct rcf_eval_opts o = {.algs = 7, .seed = 1, .acct = RCF_EVAL_PAPER};
	struct rcf_eval_cell c[RCF_EVAL_NR];
	int ok;

	/*
	 * sp1:16 is one board: nodes 4c .. 4c + 3 on first-stage chip c,
	 * which reaches the others through the second stage, so a message
	 * to another chip crosses exactly two switch-to-switch link
	 * directions (up, down) and one within a chip none.  NCUBE steps 0
	 * and 1 flip a bit below 4: every message stays on its chip, the
	 * step has no switch-to-switch flow and is left out.  Steps 2 and 3
	 * send all 16 messages across, 32 link directions; SP1 spreads them
	 * without conflict (§4.2), so each step has FLOW 1 and COST 32, and
	 * so do their means.  Counting the two empty steps as 0 would give
	 * FLOW 0.5, where the paper reports 1.0.
	 */
	ok = !run("sp1:16", RCF_WL_NCUBE, &o, c);
	for (int a = 0; ok && a < RCF_EVAL_NR; a++) {
		printf("# NCUBE %s: %u of %u steps, flow sum %llu cost sum "
		       "%llu\n",
		       rcf_eval_alg_name(a), c[a].sw_steps, c[a].steps,
		       (unsigned long long)c[a].sw_flow_sum,
		       (unsigned long long)c[a].sw_cost_sum);
		ok = c[a].steps == 4 && c[a].sw_steps == 2 &&
		     c[a].sw_flow_sum == 2 && c[a].sw_cost_sum == 64 &&
		     rcf_eval_sw_flow(&c[a]) == 1.0 &&
		     rcf_eval_sw_cost(&c[a]) == 32.0;
	}
	tap_ok(ok, "sp1:16 NCUBE, paper accounting: steps 0 and 1 left out, "
		   "FLOW 1, COST 32, every algorithm");

	/*
	 * DOLOOP step i keeps on its chip the nodes j with j and
	 * (i + j) mod 16 on one chip: 4 (4 - i) of them for i < 4,
	 * 4 (i - 12) for i > 12, none between; 48 in all, so 15 * 16 - 48 =
	 * 192 messages cross over the 15 steps, each step has some, and
	 * conflict-free SP1 costs 2 * 192 = 384 over 15 steps: 25.6.
	 */
	ok = !run("sp1:16", RCF_WL_DOLOOP, &o, c) &&
	     c[RCF_EVAL_SP1].sw_steps == 15 &&
	     c[RCF_EVAL_SP1].sw_flow_sum == 15 &&
	     c[RCF_EVAL_SP1].sw_cost_sum == 384;
	tap_ok(ok, "sp1:16 DOLOOP, SP1: 15 steps, 192 messages across, "
		   "FLOW 1, COST 384 / 15");

	/*
	 * In a derangement every node link direction carries exactly one
	 * unit message whatever the routes: 16 nodes, out and in, add 32 to
	 * Eq. 1 over all links.  So the router, which lowers the cost over
	 * all links, lowers the switch-to-switch cost just as much.
	 */
	ok = !run("sp1:16", RCF_WL_RANDOM_F, &o, c);
	for (int a = 0; ok && a < RCF_EVAL_NR; a++)
		ok = c[a].cost == c[a].sw_cost_sum + 32;
	tap_ok(ok, "sp1:16 derangement: COST over all links is the "
		   "switch-to-switch COST + 32, every algorithm");
}

static int is_derangement(const uint32_t *p, uint32_t n)
{
	uint64_t seen[8] = {0};

	for (uint32_t i = 0; i < n; i++) {
		if (p[i] >= n || p[i] == i || seen[p[i] / 64] >> p[i] % 64 & 1)
			return 0;
		seen[p[i] / 64] |= 1ull << p[i] % 64;
	}
	return 1;
}

static void derangements(void)
{
	uint32_t p[512], q[512];
	int ok = 1, differ = 0;
	char err[256];

	for (uint32_t n = 2; ok && n <= 512; n = n < 40 ? n + 1 : 2 * n)
		for (uint64_t s = 0; ok && s < 50; s++) {
			rcf_nig_derangement(p, n, s);
			rcf_nig_derangement(q, n, s);
			ok = is_derangement(p, n) && !memcmp(p, q, n * 4);
			rcf_nig_derangement(q, n, s + 1);
			differ |= n > 3 && memcmp(p, q, n * 4);
		}
	tap_ok(ok && differ, "derangements of 2 .. 512 nodes: permutations "
			     "without fixed points, the same for a seed");

	/* on 3 nodes the only two are the two rotations; both drawn */
	{
		int rot[2] = {0, 0};

		for (uint64_t s = 0; s < 200; s++) {
			rcf_nig_derangement(p, 3, s);
			rot[p[0] == 1]++;
		}
		tap_ok(rot[0] > 50 && rot[1] > 50,
		       "3 nodes: both derangements drawn, neither favoured");
	}

	for (int v = 0; v < 2; v++) {
		struct rcf_nig g;
		uint32_t dst[64], in[64] = {0};
		int good;

		good = !rcf_nig_workload(v ? "derange-v:7" : "derange-f:7", 64,
					 &g, err, sizeof(err)) &&
		       g.n == 64;
		for (size_t i = 0; good && i < g.n; i++) {
			good = g.a[i].src == i && g.a[i].dst != i &&
			       g.a[i].dst < 64 && !in[g.a[i].dst]++ &&
			       g.a[i].flow >= 1 && g.a[i].flow <= (v ? 10 : 1);
			dst[i] = g.a[i].dst;
		}
		rcf_nig_free(&g);
		ok = good && is_derangement(dst, 64);
		tap_ok(ok, v ? "derange-v: one message out and in per node, "
			       "sizes 1 to 10"
			     : "derange-f: one unit message out and in per "
			       "node");
	}
	ok = rcf_nig_workload("derange-f:x", 8, &(struct rcf_nig){0}, err,
			      sizeof(err)) &&
	     strstr(err, "derange-f:SEED");
	tap_ok(ok, "derange-f with a bad seed is refused, naming the form");
}

static void paper_rows(void)
{
	struct rcf_eval_opts o = {.algs = 7, .acct = RCF_EVAL_PAPER, .map = 1};
	struct rcf_eval_row r;
	struct rcf_eval_spread s = {0};
	int ok = 1;

	/* 1, 2, 3, 6: mean 3, population variance (4 + 1 + 0 + 9) / 4 */
	rcf_eval_spread_add(&s, 1);
	rcf_eval_spread_add(&s, 2);
	rcf_eval_spread_add(&s, 3);
	rcf_eval_spread_add(&s, 6);
	tap_ok(rcf_eval_spread_mean(&s) == 3 && s.min == 1 && s.max == 6 &&
		       rcf_eval_spread_std(&s) > 1.8708 &&
		       rcf_eval_spread_std(&s) < 1.8709,
	       "spread of 1, 2, 3, 6: mean 3, sd sqrt(3.5), min 1, max 6");

	/* a row is the mean of its seeds' runs */
	memset(&r, 0, sizeof(r));
	for (uint64_t seed = 1; ok && seed <= 4; seed++) {
		struct rcf_eval_cell c[RCF_EVAL_NR];

		o.seed = seed;
		ok = !run("sp1:16", RCF_WL_RANDOM_F, &o, c);
		if (ok)
			rcf_eval_paper_add(&r, c);
		ok = ok && c[RCF_EVAL_SP1].steps == 1 &&
		     c[RCF_EVAL_SP1].sw_steps == 1;
	}
	for (int a = 0; ok && a < RCF_EVAL_NR; a++)
		ok = r.flow[a].n == 4 && r.cost[a].n == 4 &&
		     r.flow[a].min >= 1 && r.flow[a].max <= 16 &&
		     r.flow[a].min <= rcf_eval_spread_mean(&r.flow[a]) &&
		     rcf_eval_spread_mean(&r.flow[a]) <= r.flow[a].max;
	/* from SP1 routes the router never ends above SP1's cost */
	ok = ok && rcf_eval_spread_mean(&r.cost[RCF_EVAL_EXP_SP1]) <=
			   rcf_eval_spread_mean(&r.cost[RCF_EVAL_SP1]);
	tap_ok(ok, "sp1:16 RANDOM-F mapped, seeds 1-4: one row, four runs, "
		   "the router from SP1 no dearer than SP1");
}

int main(void)
{
	tap_plan(10);
	by_hand();
	derangements();
	paper_rows();
	return tap_done();
}
