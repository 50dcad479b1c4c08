// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_plan_check() walks a set once for its figures and its deadlock
 * check (rcf_routes_check_cdg()): the same figures, verdict and cycle as
 * rcf_routes_check() and rcf_cdg_check() apart, and the same refusal of a
 * route that does not walk.
 */
#include "tap.h"
#include "route/plan.h"
#include "route_util.h"

static int same_result(const struct rcf_cdg_result *a,
		       const struct rcf_cdg_result *b)
{
	return a->acyclic == b->acyclic && a->channels == b->channels &&
	       a->deps == b->deps && a->ncycle == b->ncycle &&
	       (!a->ncycle ||
		!memcmp(a->cycle, b->cycle, a->ncycle * sizeof(*a->cycle)));
}

static void test_set(const char *spec, const char *router, const char *vcs,
		     int acyclic)
{
	struct rcf_graph *g = graph_of(spec);
	struct algo a = algo(router);
	struct rcf_route_plan p;
	struct rcf_route_stats st;
	struct rcf_cdg_result res = {0};
	char err[256], name[128];
	int ok;

	if (vcs)
		opt(&a, "vcs", vcs);
	rcf_plan_init(&p);
	ok = !compute(g, a, &p.new) &&
	     !rcf_routes_check(g, &p.new, &st, NULL, err, sizeof(err)) &&
	     !rcf_cdg_check(g, &p.new, &res, err, sizeof(err)) &&
	     !rcf_plan_check(&p, g, err, sizeof(err));
	ok = ok && !memcmp(&st, &p.st, sizeof(st)) &&
	     same_result(&res, &p.cdg) && p.cdg.acyclic == acyclic &&
	     p.st.routes == p.new.n &&p.st.max_load > 0;
	snprintf(name, sizeof(name),
		 "%s %s: one walk gives the figures and the %s verdict of two",
		 spec, router, acyclic ? "acyclic" : "cyclic");
	tap_ok(ok, name);
	rcf_cdg_result_free(&res);
	rcf_plan_free(&p);
	graph_put(g);
}

/* route i of s leaving by port 31, which the fabric lacks */
static void break_route(struct rcf_routes *s, size_t i)
{
	struct rcf_route r = s->r[i];
	unsigned int n;
	const uint8_t *was = rcf_route_hops(s, &r, &n);
	uint8_t hops[RCF_ROUTE_MAX_HOPS], *h;

	memcpy(hops, was, n);
	hops[0] = 31;
	h = rcf_routes_put(s, &s->r[i], r.src, r.dst, r.index, n);
	if (h)
		memcpy(h, hops, n);
}

static void test_bad_route(void)
{
	struct rcf_graph *g = graph_of("fattree:4:2");
	struct rcf_route_plan p;
	struct rcf_route_stats st;
	char want[256], got[256] = "";
	int ok;

	rcf_plan_init(&p);
	ok = !compute(g, algo("sp1"), &p.new) && p.new.n > 100;
	/* a route half way through the set leaves by a port with no link */
	if (ok)
		break_route(&p.new, 100);
	ok = ok && rcf_routes_check(g, &p.new, &st, NULL, want, sizeof(want));
	ok = ok && rcf_plan_check(&p, g, got, sizeof(got)) == -1;
	if (!ok || strcmp(got, want))
		printf("# got \"%s\", want \"%s\"\n", got, want);
	tap_ok(ok && !strcmp(got, want),
	       "a route that does not walk is refused with its reason");
	rcf_plan_free(&p);
	graph_put(g);
}

int main(void)
{
	tap_plan(4);
	test_set("fattree:4:3", "sp1", NULL, 1);
	test_set("torus:4x4", "dor", "1", 0);
	test_set("sp1:64", "shortest", NULL, 1);
	test_bad_route();
	return tap_done();
}
