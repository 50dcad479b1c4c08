// SPDX-License-Identifier: GPL-2.0
/*
 * Vector routing on PRDT and on RDT with m < R (router rdt-vector):
 * routes worked by hand, every route walks to its destination, the hop
 * totals agree with the figures of rcfctl topo stats, and the deadlock
 * check with one VC, with the dateline and, with m < R, the detours' VC
 * (Documentation/rdt.rst).
 */
#include "tap.h"
#include "route_util.h"
#include "topo/topo_stats.h"

static const struct rcf_route_rec *find(const struct rcf_routes *s,
					uint32_t src, uint32_t dst)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->r[i].src == src && s->r[i].dst == dst)
			return &s->r[i];
	return NULL;
}

static int bytes_are(const struct rcf_routes *s, const struct rcf_route_rec *r,
		     const uint8_t *want, unsigned int n)
{
	unsigned int len;

	return r && r->len == n && !memcmp(rcf_route_hops(s, r, &len), want, n);
}

/* routes of rdt-vector with vcs on spec, walked; total switch hops */
static long walked(const char *spec, int vcs, struct rcf_routes *s,
		   struct rcf_graph **gp)
{
	struct rcf_graph *g = graph_of(spec);
	struct algo a = algo("rdt-vector");
	struct rcf_route_stats st;
	char err[256], v[4];
	long hops = 0;

	snprintf(v, sizeof(v), "%d", vcs);
	opt(&a, "vcs", v);
	if (vcs > 1) {
		size_t np = g->v[g->nv - 1].first + g->v[g->nv - 1].nports;

		for (size_t p = 0; p < np; p++)
			g->port[p].vcs = vcs;
	}
	*gp = g;
	if (compute(g, a, s))
		return -1;
	if (rcf_routes_check(g, s, &st, NULL, err, sizeof(err))) {
		printf("# %s: %s\n", spec, err);
		return -1;
	}
	if (st.unreachable || st.pairs != g->nnodes * (g->nnodes - 1))
		return -1;
	for (size_t i = 0; i < s->n; i++)
		hops += s->r[i].len - 2;
	return hops;
}

static void check_hand(void)
{
	/* (0,0) -> (2,0): -y1, then +y0 +y0; (0,0) -> (2,2): +x1 */
	static const uint8_t to2[] = {0, 7, 2, 2, 8}, to10[] = {0, 4, 8};
	struct rcf_graph *g;
	struct rcf_routes s;
	long hops = walked("prdt:4:2:1", 1, &s, &g);

	tap_ok(hops == 448, "prdt:4:2:1: 240 routes walk to their "
			    "destinations, 448 switch hops (25 * 16 + 48)");
	tap_ok(bytes_are(&s, find(&s, 0, 2), to2, 5) &&
		       bytes_are(&s, find(&s, 0, 10), to10, 3),
	       "prdt:4:2:1: routes 0 -> 2 and 0 -> 10 as worked by hand");
	rcf_routes_free(&s);
	graph_put(g);
}

/*
 * The offset of the paper's Figure 5, (1,2) to (5,9), on prdt:16:2:2:
 * (4, 7) = x_2 - y_2 - x_1 + y_1 - y_0, worked by hand (rdt.rst).
 */
static void check_figure5(void)
{
	static const uint8_t want[] = {0, 8, 11, 5, 6, 3, 12};
	struct rcf_graph *g;
	struct rcf_routes s;

	walked("prdt:16:2:2", 1, &s, &g);
	tap_ok(bytes_are(&s, find(&s, 2 * 16 + 1, 9 * 16 + 5), want, 7),
	       "prdt:16:2:2: (1,2) -> (5,9) is +x2 -y2 -x1 +y1 -y0");
	rcf_routes_free(&s);
	graph_put(g);
}

/* the router's hop total against topo stats' distances and excess */
static void check_against_stats(const char *spec, int vcs)
{
	struct rcf_tstats st;
	struct rcf_graph *g;
	struct rcf_routes s;
	char err[256], name[160];
	long hops = walked(spec, vcs, &s, &g);
	double want;

	rcf_topo_stats(spec, 0, &st, err, sizeof(err));
	want = st.avg * (double)st.vec_pairs + (double)st.vec_excess;
	snprintf(name, sizeof(name),
		 "%s: every route walks; hops = distances + %llu excess", spec,
		 (unsigned long long)st.vec_excess);
	tap_ok(hops > 0 && hops - want < 0.5 && want - hops < 0.5, name);
	rcf_routes_free(&s);
	graph_put(g);
}

/* 1 acyclic, 0 cyclic, -1 error */
static int acyclic(const char *spec, int vcs)
{
	struct rcf_cdg_result res;
	struct rcf_graph *g;
	struct rcf_routes s;
	char err[256];
	int rc = -1;

	if (walked(spec, vcs, &s, &g) >= 0 &&
	    !rcf_cdg_check(g, &s, &res, err, sizeof(err))) {
		rc = res.acyclic;
		printf("# %s vcs %d: %zu dependencies, %s\n", spec, vcs,
		       res.deps, rc ? "acyclic" : "cyclic");
		rcf_cdg_result_free(&res);
	}
	rcf_routes_free(&s);
	graph_put(g);
	return rc;
}

/* rdt-vector with option vcs on spec: refused */
static int refused(const char *spec, const char *vcs)
{
	struct rcf_graph *g = graph_of(spec);
	struct algo a = algo("rdt-vector");
	struct rcf_routes s;
	int no;

	if (vcs)
		opt(&a, "vcs", vcs);
	no = compute(g, a, &s) < 0;
	rcf_routes_free(&s);
	graph_put(g);
	return no;
}

static void check_refused(void)
{
	tap_ok(refused("torus:4x4", NULL) && refused("sp1:16", NULL),
	       "rdt-vector refuses a torus and sp1");
	tap_ok(refused("rdt:16:2:2:1", "2") && refused("prdt:16:2:2", "3"),
	       "rdt-vector: 2 VCs refused with m < R, 3 on a PRDT");
}

/*
 * rdt:16:2:2:1, (0,0) -> (0,8): +y_0 to a router with rank 2 (its slot
 * 1), +x_2, -y_0 (test_rdt_walk works it by hand); the node on port 8
 */
static void check_rdt_hand(void)
{
	static const uint8_t want[] = {0, 2, 4, 3, 8};
	struct rcf_graph *g;
	struct rcf_routes s;

	walked("rdt:16:2:2:1", 1, &s, &g);
	tap_ok(bytes_are(&s, find(&s, 0, 8 * 16), want, 5),
	       "rdt:16:2:2:1: (0,0) -> (0,8) is +y0 +x2 -y0");
	rcf_routes_free(&s);
	graph_put(g);
}

int main(void)
{
	tap_plan(17);
	check_hand();
	check_figure5();
	check_against_stats("prdt:16:2:2", 2);
	check_against_stats("prdt:9:3:1", 2);
	check_rdt_hand();
	check_against_stats("rdt:16:2:2:1", 3);
	tap_ok(acyclic("rdt:16:2:2:1", 1) == 0,
	       "rdt:16:2:2:1: one VC is cyclic");
	tap_ok(acyclic("rdt:16:2:2:1", 3) == 1,
	       "rdt:16:2:2:1: datelines, detours on VC 2: acyclic");
	tap_ok(acyclic("rdt:32:2:3:2", 3) == 1,
	       "rdt:32:2:3:2: datelines, detours on VC 2: acyclic");
	tap_ok(acyclic("rdt:32:2:3:1", 3) == 0,
	       "rdt:32:2:3:1: with 3 VCs still cyclic (rdt.rst)");
	tap_ok(acyclic("prdt:16:2:2", 1) == 0,
	       "prdt:16:2:2: one VC is cyclic (two hops in a ring)");
	tap_ok(acyclic("prdt:16:2:2", 2) == 1,
	       "prdt:16:2:2: with the dateline acyclic");
	tap_ok(acyclic("prdt:16:2:1", 2) == 1,
	       "prdt:16:2:1: with the dateline acyclic");
	tap_ok(acyclic("prdt:9:3:1", 2) == 1,
	       "prdt:9:3:1: with the dateline acyclic");
	check_refused();
	return tap_done();
}
