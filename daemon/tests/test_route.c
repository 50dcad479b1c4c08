// SPDX-License-Identifier: GPL-2.0
/*
 * Route generators: the SP1 generator of Fig. 1 (count, shortest, walks,
 * balance, determinism), e-cube and dimension-order route shapes, several
 * shortest paths per pair, and refusals of fabrics an algorithm cannot use;
 * the registry and the options every router shares the parser of; where
 * a port leads through a run of circuits.
 */
#include "tap.h"
#include "route/nig.h"
#include "route_util.h"

/* every route walks from src to dst, and its length is the BFS distance */
static int all_walk_shortest(const struct rcf_graph *g,
			     const struct rcf_routes *s, size_t want)
{
	struct rcf_routes sp;
	struct rcf_route_stats st;
	char err[256];
	size_t j = 0;
	int ok = 1;

	if (rcf_routes_check(g, s, &st, NULL, err, sizeof(err))) {
		printf("# %s\n", err);
		return 0;
	}
	if (s->n != want || st.unreachable) {
		printf("# %zu routes, want %zu; %zu pairs unreachable\n", s->n,
		       want, st.unreachable);
		return 0;
	}
	if (compute(g, algo("shortest"), &sp))
		return 0;
	for (size_t i = 0; i < s->n && ok; i++) {
		const struct rcf_route_rec *r = &s->r[i];

		while (j < sp.n &&
		       (sp.r[j].src < r->src ||
			(sp.r[j].src == r->src && sp.r[j].dst < r->dst)))
			j++;
		if (j == sp.n || sp.r[j].src != r->src ||
		    sp.r[j].dst != r->dst || sp.r[j].len != r->len) {
			printf("# route %u -> %u: %u hops, not shortest\n",
			       r->src, r->dst, r->len);
			ok = 0;
		}
	}
	rcf_routes_free(&sp);
	return ok;
}

static void sp1_basic(void)
{
	struct rcf_graph *g = graph_of("sp1:16");
	struct rcf_routes a, b;

	compute(g, algo("sp1"), &a);
	tap_ok(a.n == 240, "sp1:16: SP1 generator gives 240 routes");
	tap_ok(all_walk_shortest(g, &a, 240),
	       "sp1:16: every SP1 route walks src to dst on a shortest path");
	compute(g, algo("sp1"), &b);
	tap_ok(a.n == b.n && !memcmp(a.r, b.r, a.n * sizeof(*a.r)),
	       "sp1:16: the SP1 generator is deterministic");
	rcf_routes_free(&a);
	rcf_routes_free(&b);
	graph_put(g);
}

/*
 * min and max routes over the link directions whose two ends are switches:
 * cable 1 those between two boards (right ports on both ends), cable 0 the
 * shuffle inside a board
 */
static void switch_load(const struct rcf_graph *g, const struct rcf_routes *s,
			int cable, uint32_t *min, uint32_t *max)
{
	uint32_t *load = calloc(2 * g->nlinks, sizeof(*load));
	struct rcf_route_stats st;
	char err[256];

	*min = UINT32_MAX;
	*max = 0;
	if (!load || rcf_routes_check(g, s, &st, load, err, sizeof(err))) {
		free(load);
		*min = 0;
		*max = UINT32_MAX;
		return;
	}
	for (size_t l = 0; l < g->nlinks; l++) {
		if (g->link[l].end[0].kind != RCF_ELEM_SWITCH ||
		    g->link[l].end[1].kind != RCF_ELEM_SWITCH ||
		    cable != (g->link[l].end[0].port >= 4 &&
			      g->link[l].end[1].port >= 4))
			continue;
		for (int d = 0; d < 2; d++) {
			uint32_t x = load[2 * l + d];

			*min = x < *min ? x : *min;
			*max = x > *max ? x : *max;
		}
	}
	free(load);
}

/*
 * sp1:16: a first-stage chip's four nodes send 4 * 12 routes to the other
 * chips, and the port counters send each of its nodes' trees up through a
 * different least-used port 4-7, so every up link carries 12; each
 * second-stage chip then serves one source per first-stage chip, 3 * 4 = 12
 * routes on each down link.  sp1:32 adds the other board's 16 nodes: each
 * first-stage chip's 4 * 16 cross-board routes spread over its 4 up links
 * (+16) and likewise come down (+16), so shuffle links carry 28; the 256
 * routes each way between the boards spread over the 16 cables, 16 each.
 */
static void sp1_balance(void)
{
	static const char *const specs[] = {"sp1:16", "sp1:32"};
	static const uint32_t want[2][2] = {{12, 0}, {28, 16}};

	for (int i = 0; i < 2; i++) {
		struct rcf_graph *g = graph_of(specs[i]);
		struct rcf_routes s;
		uint32_t min, max, cmin, cmax;
		char name[160];

		compute(g, algo("sp1"), &s);
		switch_load(g, &s, 0, &min, &max);
		switch_load(g, &s, 1, &cmin, &cmax);
		printf("# %s: shuffle link load min %u max %u, cables min %u "
		       "max %u\n",
		       specs[i], min, max, i ? cmin : 0, cmax);
		snprintf(name, sizeof(name),
			 "%s: SP1 port usage balanced: %u routes on every "
			 "shuffle link direction, %u on every cable",
			 specs[i], want[i][0], want[i][1]);
		tap_ok(min == want[i][0] && max == want[i][0] &&
			       (!i ||
				(cmin == want[i][1] && cmax == want[i][1])),
		       name);
		rcf_routes_free(&s);
		graph_put(g);
	}
}

static void sp1_more(void)
{
	struct rcf_graph *g = graph_of("sp1:32");
	struct rcf_routes s;
	struct algo o = algo("sp1");
	int ok = 1;

	compute(g, o, &s);
	tap_ok(all_walk_shortest(g, &s, 32 * 31),
	       "sp1:32: 992 SP1 routes, all shortest and walking");
	rcf_routes_free(&s);
	graph_put(g);

	/* the turn-around restriction: no route leaves a switch by the side
	 * it came in on */
	g = graph_of("sp1:32");
	opt(&o, "no-turnaround", NULL);
	compute(g, o, &s);
	for (size_t i = 0; i < s.n && ok; i++) {
		uint32_t chan[RCF_ROUTE_MAX_HOPS], dst;
		char err[128];
		struct rv r = rv(&s, i);
		int n = rcf_graph_walk(g, r.src, r.hops, r.nhops, chan,
				       RCF_ROUTE_MAX_HOPS, &dst, err,
				       sizeof(err));

		ok = n > 0 && dst == s.r[i].dst;
		for (int c = 1; c < n && ok; c++) {
			const struct rcf_glink *in =
				&g->link[RCF_CHAN_LINK(chan[c - 1])];
			const struct rcf_glink *out =
				&g->link[RCF_CHAN_LINK(chan[c])];
			uint32_t pin = in->end[!RCF_CHAN_DIR(chan[c - 1])].port;
			uint32_t pout = out->end[RCF_CHAN_DIR(chan[c])].port;

			if ((pin >= 4) == (pout >= 4)) {
				printf("# route %u -> %u turns around\n",
				       s.r[i].src, s.r[i].dst);
				ok = 0;
			}
		}
	}
	printf("# sp1:32 without turn-around: %zu routes\n", s.n);
	/* only pairs on different boards can be reached without turning */
	tap_ok(ok && s.n == 2 * 16 * 16,
	       "sp1:32 --no-turnaround: 512 cross-board routes, none turns");
	rcf_routes_free(&s);
	graph_put(g);

	g = graph_of("ring:8");
	o = algo("sp1");
	compute(g, o, &s);
	/* only the source expands: its two neighbours, nothing further */
	tap_ok(s.n == 16, "ring:8: SP1 without relay reaches only neighbours");
	rcf_routes_free(&s);
	opt(&o, "relay", NULL);
	compute(g, o, &s);
	tap_ok(all_walk_shortest(g, &s, 56),
	       "ring:8: SP1 with --relay gives 56 shortest routes");
	rcf_routes_free(&s);
	graph_put(g);
}

static void ecube(void)
{
	struct rcf_graph *g = graph_of("hypercube:4");
	struct rcf_routes s;
	int ok;

	ok = !compute(g, algo("ecube"), &s) && s.n == 240 &&
	     all_walk_shortest(g, &s, 240);
	for (size_t i = 0; i < s.n && ok; i++) {
		struct rv r = rv(&s, i);
		uint32_t x = r.src ^ r.dst, k = 0;

		for (uint32_t d = 0; d < 4; d++)
			if (x & (1u << d))
				ok = ok && k < r.nhops && r.hops[k++] == d;
		ok = ok && k == r.nhops;
	}
	tap_ok(ok, "hypercube:4: e-cube fixes bits in increasing dimension");
	rcf_routes_free(&s);
	graph_put(g);

	g = graph_of("sp1:16");
	tap_ok(compute(g, algo("ecube"), &s) < 0, "e-cube refuses sp1:16");
	graph_put(g);
	g = graph_of("hypercube:4");
	tap_ok(compute(g, algo("dor"), &s) < 0, "dor refuses hypercube:4");
	graph_put(g);
}

/* X moves (ports 0/1) all come before Y moves (ports 2/3), each one way */
static int dor_shape(const struct rcf_routes *s, size_t at, uint32_t x,
		     uint32_t y, int wrap)
{
	struct rv v = rv(s, at), *r = &v;
	int dx = (int)(r->dst % x) - (int)(r->src % x);
	int dy = (int)(r->dst / x) - (int)(r->src / x);
	int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
	unsigned int i = 0;

	if (wrap) {
		ax = ax <= (int)x - ax ? ax : (int)x - ax;
		ay = ay <= (int)y - ay ? ay : (int)y - ay;
	}
	if (r->nhops != (unsigned int)(ax + ay))
		return 0;
	for (; i < (unsigned int)ax; i++)
		if (RCF_HOP_PORT(r->hops[i]) != RCF_HOP_PORT(r->hops[0]) ||
		    RCF_HOP_PORT(r->hops[i]) > 1)
			return 0;
	for (; i < r->nhops; i++)
		if (RCF_HOP_PORT(r->hops[i]) != RCF_HOP_PORT(r->hops[ax]) ||
		    RCF_HOP_PORT(r->hops[i]) < 2)
			return 0;
	return 1;
}

static void dor(void)
{
	static const char *const specs[] = {"mesh:4x4", "torus:4x4",
					    "torus:5x3"};

	for (int t = 0; t < 3; t++) {
		struct rcf_graph *g = graph_of(specs[t]);
		uint32_t x = t < 2 ? 4 : 5, y = t < 2 ? 4 : 3;
		struct rcf_routes s;
		struct rcf_route_stats st;
		char name[96], err[256];
		int ok, vc1 = 0;

		ok = !compute(g, algo("dor"), &s);
		if (t) {
			/* the default 2 VCs need links that have them */
			for (size_t p = 0; p < 4 * g->nnodes; p++)
				g->port[p].vcs = 2;
		}
		ok = ok &&
		     !rcf_routes_check(g, &s, &st, NULL, err, sizeof(err));
		ok = ok && s.n == x * y * (x * y - 1);
		for (size_t i = 0; i < s.n && ok; i++) {
			struct rv r = rv(&s, i);

			ok = dor_shape(&s, i, x, y, t > 0);
			for (unsigned int h = 0; h < r.nhops; h++)
				vc1 += RCF_HOP_VC(r.hops[h]) == 1;
		}
		snprintf(name, sizeof(name),
			 "%s: dimension order routes are X then Y, minimal%s",
			 specs[t], t ? ", VC 1 after the dateline" : "");
		tap_ok(ok && (t ? vc1 > 0 : vc1 == 0), name);
		rcf_routes_free(&s);
		graph_put(g);
	}
}

/*
 * torus:4x4, 2 positions apart is half way round a ring: "+" without a
 * seed; with one, some such pairs go "-", the others are unchanged, the
 * same seed gives the same routes and the dateline routes still check.
 */
static void dor_ties(void)
{
	struct rcf_graph *g = graph_of("torus:4x4");
	struct algo a = algo("dor"), b = algo("dor");
	struct rcf_routes s0, s1, s2;
	struct rcf_route_stats st;
	char err[256];
	int ok, minus = 0, plus = 0, same = 1;

	for (size_t p = 0; p < 4 * g->nnodes; p++)
		g->port[p].vcs = 2;
	opt(&a, "tie-seed", "7");
	opt(&b, "tie-seed", "7");
	ok = !compute(g, algo("dor"), &s0) && !compute(g, a, &s1) &&
	     !compute(g, b, &s2) && s0.n == s1.n && s1.n == s2.n &&
	     !rcf_routes_check(g, &s1, &st, NULL, err, sizeof(err));
	for (size_t i = 0; ok && i < s1.n; i++) {
		struct rv v0 = rv(&s0, i), v1 = rv(&s1, i);
		const struct rv *r0 = &v0, *r1 = &v1;
		uint32_t dx = (r1->dst % 4 + 4 - r1->src % 4) % 4;
		uint32_t dy = (r1->dst / 4 + 4 - r1->src / 4) % 4;
		int differs =
			!rcf_route_same_hops(&s0, &s0.r[i], &s1, &s1.r[i]);

		same = same &&
		       rcf_route_same_hops(&s2, &s2.r[i], &s1, &s1.r[i]);
		ok = ok && r0->nhops == r1->nhops && dor_shape(&s1, i, 4, 4, 1);
		/* only a pair with a tie may change */
		ok = ok && (!differs || dx == 2 || dy == 2);
		if (dx == 2 && r1->nhops) {
			minus += RCF_HOP_PORT(r1->hops[0]) == 1;
			plus += RCF_HOP_PORT(r1->hops[0]) == 0;
		}
	}
	printf("# torus:4x4 seed 7: %d ties in X go -, %d go +\n", minus, plus);
	tap_ok(ok && same && minus > 0 && plus > 0,
	       "dor tie-seed: ties broken both ways, the rest as before");
	rcf_routes_free(&s0);
	rcf_routes_free(&s1);
	rcf_routes_free(&s2);
	graph_put(g);
}

static void shortest_paths(void)
{
	static const char *const specs[] = {"sp1:16", "torus:4x4", "sp1:64"};

	for (int t = 0; t < 3; t++) {
		struct rcf_graph *g = graph_of(specs[t]);
		struct algo o = algo("shortest");
		struct rcf_routes one, four;
		struct rcf_route_stats st;
		char name[96], err[256];
		size_t j = 0, multi = 0;
		int ok;

		opt(&o, "paths", "4");
		ok = !compute(g, algo("shortest"), &one) &&
		     !compute(g, o, &four) &&
		     !rcf_routes_check(g, &four, &st, NULL, err, sizeof(err));
		ok = ok && st.pairs == one.n;
		for (size_t i = 0; i < four.n && ok; i++) {
			const struct rcf_route_rec *r = &four.r[i];

			while (one.r[j].src != r->src || one.r[j].dst != r->dst)
				j++;
			ok = r->len == one.r[j].len;
			for (size_t k = i; k-- > 0 && four.r[k].src == r->src &&
					   four.r[k].dst == r->dst;)
				if (rcf_route_same_hops(&four, &four.r[k],
							&four, r))
					ok = 0;
			multi += r->index > 0;
		}
		printf("# %s: %zu routes for %zu pairs\n", specs[t], four.n,
		       st.pairs);
		snprintf(name, sizeof(name),
			 "%s: --paths 4 routes are distinct and all shortest",
			 specs[t]);
		tap_ok(ok && multi > 0, name);
		rcf_routes_free(&one);
		rcf_routes_free(&four);
		graph_put(g);
	}
}

/* conf of router name after words: 0, or -1 with err starting with want */
static int words(const char *name, const char *w, const char *want,
		 struct rcf_route_conf *c)
{
	char err[256] = "";
	int rc;

	rcf_route_conf_init(c, rcf_router_find(name));
	rc = rcf_route_conf_parse(c, w, err, sizeof(err));
	if (want && (!rc || strncmp(err, want, strlen(want)))) {
		printf("# %s \"%s\": got \"%s\"\n", name, w, err);
		return 0;
	}
	if (!want && rc)
		printf("# %s \"%s\": %s\n", name, w, err);
	return want ? 1 : !rc;
}

static void registry(void)
{
	struct rcf_route_conf c;
	char buf[128];
	int ok = 1;

	for (size_t i = 0; rcf_routers[i]; i++) {
		const struct rcf_router *r = rcf_routers[i];

		ok = ok && rcf_router_find(r->name) == r && r->help &&
		     r->compute && r->nopts <= RCF_ROUTER_MAX_OPTS;
		for (size_t j = 0; j < i; j++)
			ok = ok && strcmp(rcf_routers[j]->name, r->name);
	}
	tap_ok(ok && !rcf_router_find("fastest"),
	       "registry: every router found by its unique name");
	ok = words("shortest", " paths 3 ", NULL, &c) && c.v[0] == 3;
	rcf_route_conf_str(&c, buf, sizeof(buf));
	ok = ok && !strcmp(buf, "paths 3");
	ok = ok && words("dor", "vcs 1", NULL, &c) && c.v[0] == 1;
	ok = ok && words("sp1", "no-turnaround relay", NULL, &c) && c.v[0] &&
	     c.v[1];
	ok = ok && words("adaptive", "init shortest seed 9 k 2", NULL, &c) &&
	     rcf_router_of(rcf_route_conf_get(&c, "init", 0)) ==
		     rcf_router_find("shortest");
	tap_ok(ok, "options: numbers, flags and a router's name parsed");
	ok = words("shortest", "paths 5",
		   "paths wants 1 to 4, not \"5\": "
		   "out of range",
		   &c) &&
	     words("shortest", "paths 0x2", "paths wants 1 to 4", &c) &&
	     words("shortest", "paths", "paths wants N", &c) &&
	     words("sp1", "paths 2",
		   "sp1 takes no option paths (its "
		   "options: relay, no-turnaround)",
		   &c) &&
	     words("ecube", "relay",
		   "ecube takes no option relay (it has "
		   "none)",
		   &c) &&
	     words("adaptive", "init adaptive",
		   "init wants random or a router "
		   "of every pair",
		   &c) &&
	     words("adaptive", "seed -1", "seed wants", &c);
	tap_ok(ok, "options: out of range, junk, missing values, keys a "
		   "router lacks and routers it cannot refine refused");
}

/* adaptive refines whichever router --init names, found by its name */
static void refine_any(void)
{
	struct rcf_graph *g = graph_of("torus:4x4");
	struct algo a = algo("adaptive"), b = algo("shortest");
	struct rcf_adaptive_result r;
	struct rcf_routes base, s;
	struct rcf_nig nig;
	uint64_t cost;
	uint32_t flow;
	char err[256];
	int ok;

	opt(&a, "init", "shortest");
	a.in.result = &r;
	ok = !rcf_nig_workload("random-f:2", 16, &nig, err, sizeof(err)) &&
	     !compute(g, b, &base) &&
	     !rcf_nig_eval(g, &nig, &base, 0, &cost, &flow, err, sizeof(err));
	a.in.nig = &nig;
	ok = ok && !compute(g, a, &s) && s.n == nig.n && r.cost0 == cost &&
	     r.flow0 == flow && r.cost <= cost;
	printf("# torus:4x4 random-f:2 from shortest: cost %llu -> %llu\n",
	       (unsigned long long)r.cost0, (unsigned long long)r.cost);
	tap_ok(ok, "adaptive --init shortest starts from shortest's routes");
	rcf_routes_free(&base);
	rcf_routes_free(&s);
	rcf_nig_free(&nig);
	graph_put(g);
}

/*
 * Two 8-port switches that hand a packet back and forth by six circuits,
 * more than the fabric has vertices, from node 0 to node 1; and two
 * circuits that hand it round for ever.
 */
static void circuit_chain(void)
{
	/* switch 0, switch 1 ports; circuits in -> out per switch */
	static const uint32_t links[][4] = {
		{0, 1, 1, 0}, {1, 1, 0, 2}, {0, 3, 1, 2}, {1, 3, 0, 4},
		{0, 5, 1, 4}, {0, 6, 1, 6}, {1, 7, 0, 7},
	};
	static const uint32_t circ[][3] = {
		{0, 0, 1}, {1, 0, 1}, {0, 2, 3}, {1, 2, 3},
		{0, 4, 5}, {1, 4, 5}, {0, 7, 6}, {1, 6, 7},
	};
	const uint8_t hop = RCF_HOP(0, 0);
	struct rcf_graph *g = NULL;
	struct rcf_topo t;
	uint32_t in = 99, dst = 99;
	char err[256] = "";
	int32_t v = -2, back = -2;
	int ok = 1;

	rcf_topo_init(&t);
	ok &= rcf_topo_node(&t, 0, 1) && rcf_topo_node(&t, 1, 1) &&
	      rcf_topo_switch(&t, 0, 8) && rcf_topo_switch(&t, 1, 8) &&
	      rcf_topo_link(&t, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0) &&
	      rcf_topo_link(&t, RCF_ELEM_SWITCH, 1, 5, RCF_ELEM_NODE, 1, 0);
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		ok &= !!rcf_topo_link(&t, RCF_ELEM_SWITCH, links[i][0],
				      links[i][1], RCF_ELEM_SWITCH, links[i][2],
				      links[i][3]);
	for (size_t i = 0; i < sizeof(circ) / sizeof(circ[0]); i++) {
		struct rcf_obj c = {.kind = RCF_K_CIRCUIT};

		rcf_set(&c, RCF_A_CIRCUIT_SWITCH, circ[i][0]);
		rcf_set(&c, RCF_A_CIRCUIT_IN_PORT, circ[i][1]);
		rcf_set(&c, RCF_A_CIRCUIT_OUT_PORT, circ[i][2]);
		ok &= !!rcf_topo_add(&t, &c);
	}
	if (ok)
		g = rcf_graph_new(&t, err, sizeof(err));
	if (g) {
		v = rcf_graph_next(g, 0, 0, &in);
		/* leaving switch 1 by port 7: circuits 0 7-6, 1 6-7, again */
		back = rcf_graph_next(g, 3, 7, &in);
		ok &= rcf_graph_walk(g, 0, &hop, 1, NULL, 0, &dst, err,
				     sizeof(err)) == 7;
	}
	printf("# %zu vertices; next %d in %u, loop %d; walk to %u %s\n",
	       g ? g->nv : 0, v, in, back, dst, err);
	tap_ok(g && ok && v == 1 && back == -1 && dst == 1,
	       "a run of circuits longer than the vertex count is followed, "
	       "a loop of them is not");
	rcf_graph_destroy(g);
	rcf_topo_free(&t);
}

int main(void)
{
	tap_plan(24);
	circuit_chain();
	registry();
	refine_any();
	sp1_basic();
	sp1_balance();
	sp1_more();
	ecube();
	dor();
	dor_ties();
	shortest_paths();
	return tap_done();
}
