// SPDX-License-Identifier: GPL-2.0
/*
 * The deadlock check: SP1 routes on sp1:16, 32 and 256 and dimension order
 * on a mesh are acyclic, while on sp1:64 and 128, whose second-stage boards
 * carry node boards on both sides, the checker finds a real cycle; one VC round a torus or ring is cyclic, and the cycle
 * reported is made of dependencies some route really has; the torus
 * dateline's second VC makes it acyclic.
 */
#include "tap.h"
#include "route_util.h"

/* does some route cross b straight after a? */
static int has_dep(const struct rcf_graph *g, const struct rcf_routes *s,
		   uint32_t a, uint32_t b)
{
	for (size_t i = 0; i < s->n; i++) {
		uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
		char err[128];
		struct rv r = rv(s, i);
		int n = rcf_graph_walk(g, r.src, r.hops, r.nhops, chan,
				       RCF_ROUTE_MAX_HOPS * 4, &dst, err,
				       sizeof(err));

		for (int c = 1; c < n; c++)
			if (chan[c - 1] == a && chan[c] == b)
				return 1;
	}
	return 0;
}

/* 1 acyclic, 0 cyclic with a real cycle, -1 error or a false cycle */
static int check(const char *spec, struct algo o, int vcs)
{
	struct rcf_graph *g = graph_of(spec);
	struct rcf_cdg_result res;
	struct rcf_routes s;
	char err[256];
	int rc = -1;

	if (vcs) {
		size_t nports = g->v[g->nv - 1].first + g->v[g->nv - 1].nports;

		for (size_t p = 0; p < nports; p++)
			g->port[p].vcs = vcs;
	}
	if (compute(g, o, &s))
		goto out;
	if (rcf_cdg_check(g, &s, &res, err, sizeof(err))) {
		printf("# %s\n", err);
		goto out;
	}
	printf("# %s: %zu routes, %zu channels, %zu dependencies, %s\n", spec,
	       s.n, res.channels, res.deps, res.acyclic ? "acyclic" : "cyclic");
	if (res.acyclic) {
		rc = 1;
	} else {
		rc = res.ncycle >= 2 ? 0 : -1;
		for (size_t i = 0; i < res.ncycle && !rc; i++) {
			char buf[128];

			rcf_graph_chan_str(g, res.cycle[i], buf, sizeof(buf));
			printf("#   %s\n", buf);
			if (!has_dep(g, &s, res.cycle[i],
				     res.cycle[(i + 1) % res.ncycle])) {
				printf("#   ^ no route makes this "
				       "dependency\n");
				rc = -1;
			}
		}
	}
	rcf_cdg_result_free(&res);
out:
	rcf_routes_free(&s);
	graph_put(g);
	return rc;
}

int main(void)
{
	/* one board, two boards back to back, and sp1:256's left-only
	 * second stage: up then down, no cycle */
	static const char *const sp1[] = {"sp1:16", "sp1:32", "sp1:256"};
	/* second-stage boards wired on both sides (see routing.rst) */
	static const char *const sp1_both[] = {"sp1:64", "sp1:128"};
	struct algo o;
	char name[128];

	tap_plan(11);
	for (int i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "%s: SP1 routes are deadlock-free",
			 sp1[i]);
		tap_ok(check(sp1[i], algo("sp1"), 0) == 1, name);
	}
	for (int i = 0; i < 2; i++) {
		snprintf(name, sizeof(name),
			 "%s: SP1 routes have a real dependency cycle through "
			 "a second-stage board",
			 sp1_both[i]);
		tap_ok(check(sp1_both[i], algo("sp1"), 0) == 0, name);
	}
	tap_ok(check("mesh:4x4", algo("dor"), 0) == 1,
	       "mesh:4x4: dimension order is deadlock-free");
	o = algo("dor");
	opt(&o, "vcs", "1");
	tap_ok(check("torus:4x4", o, 0) == 0,
	       "torus:4x4: dimension order on one VC has a real cycle");
	tap_ok(check("torus:4x4", algo("dor"), 2) == 1,
	       "torus:4x4: dimension order with the dateline VC is acyclic");
	tap_ok(check("torus:5x3", algo("dor"), 2) == 1,
	       "torus:5x3: dimension order with the dateline VC is acyclic");
	tap_ok(check("ring:8", algo("shortest"), 0) == 0,
	       "ring:8: shortest paths on one VC have a real cycle");
	tap_ok(check("hypercube:4", algo("ecube"), 0) == 1,
	       "hypercube:4: e-cube is deadlock-free");
	return tap_done();
}
