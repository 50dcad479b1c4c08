// SPDX-License-Identifier: GPL-2.0
/*
 * The §4 evaluation (rcfctl route eval): the workloads of §4.1 pair by
 * pair on small n, the random logical-to-physical mapping, FLOW and COST
 * on a fabric small enough to work out by hand, the worst-step rule,
 * seeded repeatability, and that the experimental router never ends above
 * its initial routes' cost (nor above SP1's when it starts from them).
 */
#include "route/route_eval.h"
#include "obj/batch.h"
#include "tap.h"
#include "route_eval_util.h"

static int has_arc(const struct rcf_nig *g, uint32_t s, uint32_t d, uint32_t f)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->a[i].src == s && g->a[i].dst == d && g->a[i].flow == f)
			return 1;
	return 0;
}

/* every node sends exactly once and receives exactly once */
static int is_perm(const struct rcf_nig *g, uint32_t n)
{
	uint32_t out[64] = {0}, in[64] = {0};

	if (g->n != n || n > 64)
		return 0;
	for (size_t i = 0; i < g->n; i++) {
		if (g->a[i].src >= n || g->a[i].dst >= n)
			return 0;
		out[g->a[i].src]++;
		in[g->a[i].dst]++;
	}
	for (uint32_t j = 0; j < n; j++)
		if (out[j] != 1 || in[j] != 1)
			return 0;
	return 1;
}

static int wl(const char *spec, uint32_t n, struct rcf_nig *g)
{
	char err[256];

	if (rcf_nig_workload(spec, n, g, err, sizeof(err))) {
		printf("# %s\n", err);
		return -1;
	}
	return 0;
}

static void workloads(void)
{
	struct rcf_nig g, h;
	uint32_t first, perm[8], seen = 0;
	int ok, vary = 0, differ = 0;

	ok = !wl("doloop:3", 8, &g) && g.n == 8;
	for (uint32_t j = 0; ok && j < 8; j++)
		ok = has_arc(&g, j, (j + 3) % 8, 1);
	rcf_nig_free(&g);
	tap_ok(ok, "DOLOOP step 3 on 8 nodes: j -> (3 + j) mod 8");
	ok = !wl("exor:5", 8, &g) && g.n == 8;
	for (uint32_t j = 0; ok && j < 8; j++)
		ok = has_arc(&g, j, j ^ 5, 1);
	rcf_nig_free(&g);
	ok = ok && !wl("ncube:2", 8, &g) && g.n == 8;
	for (uint32_t j = 0; ok && j < 8; j++)
		ok = has_arc(&g, j, j ^ 4, 1);
	rcf_nig_free(&g);
	tap_ok(ok, "EXOR step 5: j -> 5 xor j; NCUBE step 2: bit 2 flipped");

	ok = !wl("random-f:9", 8, &g) && g.n == 8;
	for (size_t i = 0; ok && i < g.n; i++) {
		ok = g.a[i].src == i && g.a[i].dst != i && g.a[i].dst < 8 &&
		     g.a[i].flow == 1;
	}
	rcf_nig_free(&g);
	for (uint64_t s = 0; ok && s < 20; s++) {
		char spec[32];

		snprintf(spec, sizeof(spec), "random-v:%llu",
			 (unsigned long long)s);
		ok = !wl(spec, 8, &g) && !wl(spec, 8, &h) && g.n == 8 &&
		     h.n == 8 && !memcmp(g.a, h.a, g.n * sizeof(*g.a));
		for (size_t i = 0; ok && i < g.n; i++) {
			ok = g.a[i].src == i && g.a[i].dst != i &&
			     g.a[i].flow >= 1 && g.a[i].flow <= 10;
			vary |= g.a[i].flow != 1;
		}
		rcf_nig_free(&h);
		snprintf(spec, sizeof(spec), "random-v:%llu",
			 (unsigned long long)s + 1);
		if (ok && !wl(spec, 8, &h)) {
			differ |= memcmp(g.a, h.a, g.n * sizeof(*g.a)) != 0;
			rcf_nig_free(&h);
		}
		rcf_nig_free(&g);
	}
	tap_ok(ok && vary && differ,
	       "RANDOM-F/V: one message per node to another node, sizes 1 "
	       "to 10 for V; a seed repeats, seeds differ");

	ok = rcf_eval_steps(RCF_WL_DOLOOP, 8, &first) == 7 && first == 1 &&
	     rcf_eval_steps(RCF_WL_EXOR, 8, &first) == 7 && first == 1 &&
	     rcf_eval_steps(RCF_WL_NCUBE, 8, &first) == 3 && first == 0 &&
	     rcf_eval_steps(RCF_WL_RANDOM_F, 8, &first) == 1 &&
	     rcf_eval_steps(RCF_WL_EXOR, 12, &first) == 0 &&
	     rcf_eval_steps(RCF_WL_NCUBE, 12, &first) == 0 &&
	     rcf_eval_steps(RCF_WL_DOLOOP, 12, &first) == 11;
	ok = ok && wl("doloop:0", 8, &g) && wl("doloop:8", 8, &g) &&
	     wl("exor:1", 12, &g) && wl("ncube:3", 8, &g);
	tap_ok(ok, "steps: DOLOOP and EXOR i = 1..N-1, NCUBE i = 0..log2 N "
		   "- 1; out of range refused");

	rcf_nig_perm(perm, 8, 5);
	for (int i = 0; i < 8; i++)
		seen |= perm[i] < 8 ? 1u << perm[i] : 0;
	ok = seen == 0xff;
	{
		char err[256];
		uint32_t p2[8];

		rcf_nig_perm(p2, 8, 5);
		ok = ok && !memcmp(perm, p2, sizeof(p2));
		struct rcf_eval_opts o = {.seed = 5, .map = 1};

		ok = ok && !rcf_eval_nig(RCF_WL_DOLOOP, 8, 3, &o, &g, err,
					 sizeof(err));
	}
	ok = ok && is_perm(&g, 8);
	for (uint32_t j = 0; ok && j < 8; j++)
		ok = has_arc(&g, perm[j], perm[(j + 3) % 8], 1);
	rcf_nig_free(&g);
	tap_ok(ok, "random mapping: a seeded permutation; logical arc j -> "
		   "(j + 3) mod 8 becomes perm[j] -> perm[(j + 3) mod 8]");
}

/*
 * Two 4-port switches joined by two parallel links, nodes 0 and 1 on
 * switch 0, nodes 2 and 3 on switch 1.
 */
static const char two_switches[] =
	"switch add id 0 ports 4\nswitch add id 1 ports 4\n"
	"node add id 0\nnode add id 1\nnode add id 2\nnode add id 3\n"
	"link add id 0 node 0 port 0 switch 0 port 0\n"
	"link add id 1 node 1 port 0 switch 0 port 1\n"
	"link add id 2 node 2 port 0 switch 1 port 0\n"
	"link add id 3 node 3 port 0 switch 1 port 1\n"
	"link add id 4 switch 0 port 2 switch 1 port 2\n"
	"link add id 5 switch 0 port 3 switch 1 port 3\n";

static struct rcf_graph *small_graph(void)
{
	FILE *f = fmemopen((void *)two_switches, sizeof(two_switches) - 1, "r");
	struct rcf_graph *g = malloc(sizeof(*g));
	struct rcf_topo t;
	char err[256];

	if (!f || !g || rcf_topo_read(f, "two", &t, err, sizeof(err)) ||
	    rcf_graph_build(g, &t, err, sizeof(err))) {
		printf("# two switches: %s\n", err);
		exit(1);
	}
	fclose(f);
	rcf_topo_free(&t);
	return g;
}

static void by_hand(void)
{
	struct rcf_graph *g = small_graph();
	struct rcf_eval_opts o = {.algs = 7, .seed = 3};
	struct rcf_eval_cell c[RCF_EVAL_NR];
	struct rcf_routes sp1;
	struct rcf_nig nig;
	uint64_t cost;
	uint32_t flow;
	char err[256];
	int ok = 1;

	compute(g, algo("sp1"), &sp1);
	/*
	 * DOLOOP on 4 nodes: steps 1 and 3 have two arcs within a switch
	 * (2 links each) and two across (3 links); step 2 four across.  The
	 * SP1 counters send a switch's two nodes over different cables, so
	 * every step is conflict-free: costs 10, 12, 10, worst step 2.
	 */
	if (rcf_eval_workload(g, &sp1, RCF_WL_DOLOOP, &o, c, err,
			      sizeof(err))) {
		printf("# %s\n", err);
		ok = 0;
	}
	for (int a = 0; ok && a < RCF_EVAL_NR; a++) {
		printf("# DOLOOP %s: flow %u (switch links %u) cost %llu step "
		       "%u of %u, cost sum %llu\n",
		       rcf_eval_alg_name(a), c[a].flow, c[a].inner,
		       (unsigned long long)c[a].cost, c[a].step, c[a].steps,
		       (unsigned long long)c[a].sum_cost);
		ok = c[a].done && c[a].flow == 1 && c[a].inner == 1 &&
		     c[a].cost == 12 && c[a].step == 2 && c[a].steps == 3 &&
		     c[a].sum_cost == 32;
	}
	tap_ok(ok, "two switches, DOLOOP: FLOW 1, COST 12 at worst step 2, "
		   "costs 10 + 12 + 10, every algorithm");

	/* EXOR: steps 1 (8), 2 (12), 3 (12); the first of equals is kept */
	ok = !rcf_eval_workload(g, &sp1, RCF_WL_EXOR, &o, c, err,
				sizeof(err)) &&
	     c[RCF_EVAL_SP1].cost == 12 && c[RCF_EVAL_SP1].step == 2 &&
	     c[RCF_EVAL_SP1].sum_cost == 32;
	tap_ok(ok, "two switches, EXOR: worst step 2 (COST 12), the first "
		   "of two equal steps");

	/*
	 * 0 -> 2 with flow 3 and 1 -> 2 with flow 2: node links carry 3 and
	 * 2, the cables 3 and 2 when the routes split (SP1 does), node 2's
	 * link 5: 9 + 4 + 9 + 4 + 25 = 51, FLOW 5.  Both on one cable would
	 * give 9 + 4 + 25 + 25 = 63; the router must split them too.
	 */
	rcf_nig_init(&nig);
	ok = !rcf_nig_add(&nig, 0, 2, 3) && !rcf_nig_add(&nig, 1, 2, 2);
	ok = ok &&
	     !rcf_nig_eval(g, &nig, &sp1, 0, &cost, &flow, err, sizeof(err)) &&
	     cost == 51 && flow == 5;
	printf("# SP1 on the weighted NIG: cost %llu flow %u\n",
	       (unsigned long long)cost, flow);
	for (uint64_t seed = 0; ok && seed < 8; seed++) {
		struct rcf_adaptive_result r;
		struct algo ro = algo("adaptive");
		struct rcf_routes s;

		char sv[24];

		snprintf(sv, sizeof(sv), "%llu", (unsigned long long)seed);
		ro.in.nig = &nig;
		opt(&ro, "seed", sv);
		ro.in.result = &r;
		ok = !compute(g, ro, &s) && r.cost == 51 && r.flow == 5 &&
		     r.cost0 >= 51 && (r.cost0 == 51 || r.cost0 == 63);
		rcf_routes_free(&s);
	}
	rcf_nig_free(&nig);
	tap_ok(ok, "two switches, flows 3 and 2 into node 2: COST 51, FLOW "
		   "5, the router splits them from any start");
	rcf_routes_free(&sp1);
	graph_put(g);
}

static void repeatable(void)
{
	struct rcf_eval_opts o = {.algs = 7, .seed = 3, .map = 1};
	struct rcf_eval_cell a[RCF_EVAL_NR], b[RCF_EVAL_NR];
	int ok = 1, differ = 0;

	for (int w = 0; ok && w < RCF_WL_NR; w++) {
		o.seed = 3;
		ok = !run("sp1:32", w, &o, a) && !run("sp1:32", w, &o, b) &&
		     !memcmp(a, b, sizeof(a));
		o.seed = 4;
		if (ok && !run("sp1:32", w, &o, b))
			differ |= memcmp(a, b, sizeof(a)) != 0;
	}
	tap_ok(ok && differ, "sp1:32, mapped: the same seed gives the same "
			     "table, another seed another");
}

static void never_worse(void)
{
	static const char *const specs[] = {"sp1:16", "sp1:32", "sp1:64"};
	uint64_t runs = 0, rose = 0, above = 0, lowered = 0;
	int ok = 1, sp1_conflict_free = 1;

	for (int t = 0; t < 3; t++)
		for (int map = 0; map < 2; map++)
			for (int w = 0; w < RCF_WL_NR; w++) {
				struct rcf_eval_opts o = {
					.algs = 7, .seed = 1 + t, .map = map};
				struct rcf_eval_cell c[RCF_EVAL_NR];

				if (run(specs[t], w, &o, c)) {
					ok = 0;
					continue;
				}
				for (int a = 1; a < RCF_EVAL_NR; a++) {
					runs += c[a].steps;
					rose += c[a].rose;
					lowered += c[a].cost < c[a].cost0;
				}
				above += c[RCF_EVAL_EXP_SP1].above_sp1;
				if (t < 2 && !map && w >= RCF_WL_DOLOOP)
					sp1_conflict_free &=
						c[RCF_EVAL_SP1].flow == 1;
			}
	printf("# %llu router runs: %llu ended above their start, %llu "
	       "above SP1; %llu worst steps lowered\n",
	       (unsigned long long)runs, (unsigned long long)rose,
	       (unsigned long long)above, (unsigned long long)lowered);
	tap_ok(ok && runs && !rose && lowered,
	       "sp1:16..64, every workload, both mappings: the router never "
	       "ends above its initial routes' cost");
	tap_ok(ok && !above, "... and from SP1 routes never above SP1's cost "
			     "(Table 2), at every step");
	tap_ok(ok && sp1_conflict_free,
	       "sp1:16 and sp1:32: SP1 FLOW 1 at the worst DOLOOP, EXOR and "
	       "NCUBE step (§4.2)");
}

int main(void)
{
	tap_plan(12);
	workloads();
	by_hand();
	repeatable();
	never_worse();
	return tap_done();
}
