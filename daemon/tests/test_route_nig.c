// SPDX-License-Identifier: GPL-2.0
/*
 * Node interaction graphs and the experimental router (Fig. 2): the NIG
 * file format, the paper's claim that SP1 routes are conflict-free for
 * every DOLOOP, EXOR and NCUBE step on sp1:16 and sp1:32, and that the
 * router never ends above its starting cost, and with SP1 initial routes
 * never above SP1's cost (Table 2's claim); seeded runs repeat exactly.
 */
#include "route/nig.h"
#include "stats/stats.h"
#include "tap.h"
#include "route_util.h"

static void nig_file(void)
{
	const char *good = "# a NIG\n0 1\n1 0 5  # comment\n\n0 1 2\n";
	const char *bad = "0 1\n2 2 1\n";
	struct rcf_nig g;
	char err[256] = "";
	FILE *f = fmemopen((void *)good, strlen(good), "r");
	int ok = !rcf_nig_read(f, "good", &g, err, sizeof(err));

	fclose(f);
	ok = ok && g.n == 2 && g.a[0].src == 0 && g.a[0].dst == 1 &&
	     g.a[0].flow == 3 && g.a[1].flow == 5;
	rcf_nig_free(&g);
	tap_ok(ok, "NIG file: comments, default flow 1, a pair's flows add");
	f = fmemopen((void *)bad, strlen(bad), "r");
	ok = rcf_nig_read(f, "bad", &g, err, sizeof(err)) < 0 &&
	     strstr(err, "bad:2:");
	fclose(f);
	printf("# %s\n", err);
	tap_ok(ok, "NIG file: a self arc is refused, naming its line");
}

/* the worst max link flow of SP1 routes over every DOLOOP, EXOR, NCUBE step */
static uint32_t sp1_worst(const char *spec, uint32_t n)
{
	struct rcf_graph *g = graph_of(spec);
	struct rcf_routes s;
	uint32_t worst = 0;

	compute(g, algo("sp1"), &s);
	for (int w = 0; w < 3; w++) {
		uint32_t steps = w < 2 ? n : 0;

		if (w == 2)
			while ((1u << steps) < n)
				steps++;
		for (uint32_t i = w < 2 ? 1 : 0; i < steps; i++) {
			static const char *const names[] = {"doloop", "exor",
							    "ncube"};
			char wl[32], err[256];
			struct rcf_nig nig;
			uint64_t cost;
			uint32_t flow = UINT32_MAX;

			snprintf(wl, sizeof(wl), "%s:%u", names[w], i);
			if (rcf_nig_workload(wl, n, &nig, err, sizeof(err)) ||
			    rcf_nig_eval(g, &nig, &s, 0, &cost, &flow, err,
					 sizeof(err)))
				printf("# %s: %s\n", wl, err);
			worst = flow > worst ? flow : worst;
			rcf_nig_free(&nig);
		}
	}
	rcf_routes_free(&s);
	graph_put(g);
	return worst;
}

static void conflict_free(void)
{
	static const uint32_t sizes[] = {16, 32, 64, 128, 256, 512};

	for (int i = 0; i < 6; i++) {
		char spec[16], name[128];
		uint32_t w;

		snprintf(spec, sizeof(spec), "sp1:%u", sizes[i]);
		w = sp1_worst(spec, sizes[i]);
		printf("# %s: SP1 routes, worst DOLOOP/EXOR/NCUBE step flow "
		       "%u\n",
		       spec, w);
		if (i >= 2)
			continue;
		snprintf(name, sizeof(name),
			 "%s: SP1 routes are conflict-free (flow 1) for every "
			 "DOLOOP, EXOR and NCUBE step",
			 spec);
		tap_ok(w == 1, name);
	}
}

static void adaptive(void)
{
	static const char *const specs[] = {"sp1:16", "sp1:32", "sp1:64"};
	static const char *const wls[] = {"random-f:1", "random-f:2",
					  "random-v:3", "doloop:5", "ncube:1"};
	int never_up = 1, beats_sp1 = 1, repeat = 1, walk = 1, improved = 0;

	for (int t = 0; t < 3; t++) {
		struct rcf_graph *g = graph_of(specs[t]);
		uint32_t n = 16u << t;
		struct rcf_routes sp1;

		compute(g, algo("sp1"), &sp1);
		for (int w = 0; w < 5; w++) {
			struct rcf_nig nig;
			uint64_t sp1_cost;
			uint32_t sp1_flow;
			char err[256];

			if (rcf_nig_workload(wls[w], n, &nig, err,
					     sizeof(err)) ||
			    rcf_nig_eval(g, &nig, &sp1, 0, &sp1_cost, &sp1_flow,
					 err, sizeof(err))) {
				printf("# %s\n", err);
				never_up = 0;
				continue;
			}
			for (int init = 0; init < 2; init++) {
				struct rcf_adaptive_result r, r2;
				struct algo o = algo("adaptive");
				struct rcf_routes a, b;
				struct rcf_route_stats st;

				o.in.nig = &nig;
				opt(&o, "init", init ? "sp1" : "random");
				opt(&o, "seed", "7");
				o.in.result = &r;
				compute(g, o, &a);
				o.in.result = &r2;
				compute(g, o, &b);
				printf("# %s %s init %s: cost %llu -> %llu, "
				       "flow "
				       "%u -> %u (SP1 %llu, %u)\n",
				       specs[t], wls[w],
				       init ? "sp1" : "random",
				       (unsigned long long)r.cost0,
				       (unsigned long long)r.cost, r.flow0,
				       r.flow, (unsigned long long)sp1_cost,
				       sp1_flow);
				never_up &= r.cost <= r.cost0;
				improved += r.cost < r.cost0;
				if (init)
					beats_sp1 &= r.cost0 == sp1_cost &&
						     r.cost <= sp1_cost;
				repeat &= a.n == b.n && a.n == nig.n &&
					  !memcmp(a.r, b.r, a.n * sizeof(*a.r));
				walk &= !rcf_routes_check(g, &a, &st, NULL, err,
							  sizeof(err));
				rcf_routes_free(&a);
				rcf_routes_free(&b);
			}
			rcf_nig_free(&nig);
		}
		rcf_routes_free(&sp1);
		graph_put(g);
	}
	tap_ok(never_up && improved > 0,
	       "adaptive router never ends above its starting cost (and "
	       "lowers it somewhere)");
	tap_ok(beats_sp1, "adaptive router from SP1 routes starts at SP1's "
			  "cost and ends at or below it");
	tap_ok(repeat && walk, "adaptive router: one route per NIG arc, all "
			       "walking, same seed same routes");
}

/* --measured: the kernel's PAIR counters as a NIG, scaled into range. */
static void measured(void)
{
	const struct rcf_stats_pair p[] = {
		{.src = 0, .dst = 1, .msgs_sent = 3, .tx_bytes = 300},
		{.src = 1, .dst = 0, .msgs_sent = 1, .tx_bytes = 10},
		{.src = 2, .dst = 2, .msgs_sent = 9, .tx_bytes = 900},
		{.src = 0, .dst = 9, .msgs_sent = 9, .tx_bytes = 900},
		{.src = 2, .dst = 0, .msgs_sent = 0, .tx_bytes = 0},
	};
	const struct rcf_stats_pair big[] = {
		{.src = 0, .dst = 1, .tx_bytes = 10ULL << 32},
		{.src = 1, .dst = 2, .tx_bytes = 1},
	};
	struct rcf_stats s = {.pair = (struct rcf_stats_pair *)p, .npair = 5};
	struct rcf_nig g;
	int ok;

	rcf_nig_init(&g);
	ok = !rcf_nig_from_pairs(&s, RCF_NIG_BYTES, 4, &g) && g.n == 2 &&
	     g.a[0].src == 0 && g.a[0].dst == 1 && g.a[0].flow == 300 &&
	     g.a[1].src == 1 && g.a[1].dst == 0 && g.a[1].flow == 10;
	rcf_nig_free(&g);
	rcf_nig_init(&g);
	ok = ok && !rcf_nig_from_pairs(&s, RCF_NIG_MSGS, 4, &g) && g.n == 2 &&
	     g.a[0].flow == 3 && g.a[1].flow == 1;
	rcf_nig_free(&g);
	tap_ok(ok, "measured NIG: one arc per pair that sent, none to itself "
		   "or off the graph, by bytes or messages");
	s.pair = (struct rcf_stats_pair *)big;
	s.npair = 2;
	rcf_nig_init(&g);
	ok = !rcf_nig_from_pairs(&s, RCF_NIG_BYTES, 4, &g) && g.n == 2 &&
	     g.a[0].flow <= RCF_NIG_MEASURED_MAX &&
	     g.a[0].flow >= RCF_NIG_MEASURED_MAX - 1 && g.a[1].flow == 1;
	rcf_nig_free(&g);
	tap_ok(ok, "measured NIG: flows scaled to at most "
		   "RCF_NIG_MEASURED_MAX, a small pair keeps 1");
}

int main(void)
{
	tap_plan(9);
	nig_file();
	conflict_free();
	adaptive();
	measured();
	return tap_done();
}
