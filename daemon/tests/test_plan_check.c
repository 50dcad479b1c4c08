// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_plan_check() walks a set once for its figures and its deadlock
 * check (rcf_routes_check_cdg()): the same figures, verdict and cycle as
 * rcf_routes_check() and rcf_cdg_check() apart, and the same refusal of a
 * route that does not walk; routes walked on from the bytes they share
 * with the one before, as each walked alone.
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
	struct rcf_route_rec r = s->r[i];
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

/* every route walked alone: loads per link direction, figures */
static int walk_alone(const struct rcf_graph *g, const struct rcf_routes *s,
		      uint32_t *load, size_t *longest)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
	char why[160];

	*longest = 0;
	for (size_t i = 0; i < s->n; i++) {
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);
		int n = rcf_graph_walk(g, s->r[i].src, hops, len, chan,
				       RCF_ROUTE_MAX_HOPS * 4, &dst, why,
				       sizeof(why));

		if (n < 0 || dst != s->r[i].dst)
			return -1;
		for (int c = 0; c < n; c++)
			load[chan[c] / 4]++;
		if ((size_t)n > *longest)
			*longest = (size_t)n;
	}
	return 0;
}

/*
 * Routes are walked on from the bytes they share with the one before:
 * with circuits that carry a route on past where it parts from the one
 * before, the same loads, figures and deadlock check as each route
 * walked alone; a route refused after the bytes it shares, with the
 * reason it has alone.
 */
static void test_shared_start(void)
{
	struct rcf_graph *g = graph_of("fattree:4:3");
	size_t nl = 2 * g->nlinks, longest = 0, through = 0;
	uint32_t *want = calloc(nl, sizeof(*want));
	uint32_t *got = calloc(nl, sizeof(*got));
	struct rcf_route_plan p;
	struct rcf_cdg_result res = {0};
	struct rcf_route_stats st;
	char err[256], want_err[256] = "", why[160];
	int ok;

	/* every top switch carries what comes in by port 0 on out of port 3 */
	for (size_t v = g->nv - 16; v < g->nv; v++) {
		rcf_gport(g, (uint32_t)v, 0)->circ = 3;
		g->v[v].circs = 1;
	}
	rcf_plan_init(&p);
	ok = want && got && !compute(g, algo("sp1"), &p.new) &&
	     !walk_alone(g, &p.new, want, &longest) &&
	     !rcf_routes_check(g, &p.new, &st, got, err, sizeof(err)) &&
	     !rcf_cdg_check(g, &p.new, &res, err, sizeof(err)) &&
	     !rcf_plan_check(&p, g, err, sizeof(err));
	for (size_t c = 0; ok && c < nl; c++)
		ok = got[c] == want[c];
	/* the circuits are in the walks: a top switch's port 3 carries */
	for (size_t v = g->nv - 16; ok && v < g->nv; v++)
		through += want[rcf_gport(g, (uint32_t)v, 3)->link * 2 +
				rcf_gport(g, (uint32_t)v, 3)->dir];
	ok = ok && through > 0 && st.max_hops == longest &&
	     !memcmp(&st, &p.st, sizeof(st)) && same_result(&res, &p.cdg);
	tap_ok(ok, "routes walked on from the bytes they share: the loads, "
		   "figures and verdict of each walked alone");
	/* a route of node 5 to another leaf, its last byte no port */
	for (size_t i = 1; ok && i < p.new.n; i++) {
		const struct rcf_route_rec *r = &p.new.r[i];
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(&p.new, r, &len);
		uint8_t bad[RCF_ROUTE_MAX_HOPS], *h;
		uint32_t dst;

		if (r->src != 5 || len < 3 || r->src != p.new.r[i - 1].src)
			continue;
		memcpy(bad, hops, len);
		bad[len - 1] = 31;
		h = rcf_routes_put(&p.new, &p.new.r[i], r->src, r->dst,
				   r->index, len);
		memcpy(h, bad, len);
		rcf_graph_walk(g, r->src, bad, len, NULL, 0, &dst, why,
			       sizeof(why));
		snprintf(want_err, sizeof(want_err),
			 "route src %u dst %u index %u: %s", r->src, r->dst,
			 r->index, why);
		break;
	}
	ok = ok && *want_err &&
	     rcf_routes_check(g, &p.new, &st, NULL, err, sizeof(err)) &&
	     !strcmp(err, want_err);
	if (!ok)
		printf("# got \"%s\", want \"%s\"\n", err, want_err);
	tap_ok(ok, "a route refused past the bytes it shares, for its reason");
	rcf_cdg_result_free(&res);
	rcf_plan_free(&p);
	free(want);
	free(got);
	graph_put(g);
}

/* why route r of s, its bytes hops, is refused when walked alone */
static int refusal_alone(const struct rcf_graph *g,
			 const struct rcf_route_rec *r, const uint8_t *hops,
			 unsigned int len, char *buf, size_t buflen)
{
	char why[160];
	uint32_t dst;
	int n = rcf_graph_walk(g, r->src, hops, len, NULL, 0, &dst, why,
			       sizeof(why));

	if (n >= 0 && dst == r->dst)
		return 0;
	if (n >= 0)
		snprintf(why, sizeof(why), "reaches node %u", dst);
	snprintf(buf, buflen, "route src %u dst %u index %u: %s", r->src,
		 r->dst, r->index, why);
	return 1;
}

/*
 * A route in a run of routes that part from the one before at their last
 * byte, walked one step from where the run stands: every other value of
 * that byte (no port, a VC the link lacks, the reserved bit, a switch,
 * another node) is refused for the reason the route has alone.
 */
static void test_run_refusals(void)
{
	struct rcf_graph *g = graph_of("fattree:4:3");
	struct rcf_route_plan p;
	struct rcf_route_rec *r = NULL;
	uint8_t was[RCF_ROUTE_MAX_HOPS], *h;
	unsigned int len = 0, tried = 0, same = 0;
	char want[256], got[256];

	rcf_plan_init(&p);
	if (compute(g, algo("sp1"), &p.new))
		p.new.n = 0;
	/* the third route of a run: two before it share all but the last */
	for (size_t i = 2; !r && i < p.new.n; i++) {
		unsigned int n0, n1, n2;
		const uint8_t *h0 =
			rcf_route_hops(&p.new, &p.new.r[i - 2], &n0);
		const uint8_t *h1 =
			rcf_route_hops(&p.new, &p.new.r[i - 1], &n1);
		const uint8_t *h2 = rcf_route_hops(&p.new, &p.new.r[i], &n2);

		if (p.new.r[i].src == 5 && p.new.r[i - 2].src == 5 && n2 >= 3 &&
		    n0 == n2 && n1 == n2 && !memcmp(h0, h2, n2 - 1) &&
		    !memcmp(h1, h2, n2 - 1)) {
			r = &p.new.r[i];
			len = n2;
			memcpy(was, h2, len);
		}
	}
	for (unsigned int b = 0; r && b < 256; b++) {
		if (b == was[len - 1])
			continue;
		h = rcf_routes_put(&p.new, r, r->src, r->dst, r->index, len);
		memcpy(h, was, len - 1);
		h[len - 1] = (uint8_t)b;
		if (!refusal_alone(g, r, h, len, want, sizeof(want)))
			continue;
		tried++;
		got[0] = '\0';
		if (rcf_plan_check(&p, g, got, sizeof(got)) == -1 &&
		    !strcmp(got, want))
			same++;
		else if (same + 1 == tried)
			printf("# byte %u: got \"%s\", want \"%s\"\n", b, got,
			       want);
	}
	tap_ok(r && tried == 255 && same == tried,
	       "a run's route with any other last byte: refused as alone");
	rcf_plan_free(&p);
	graph_put(g);
}

/* routes first .. first + n of s as a set of their own */
static int slice(const struct rcf_routes *s, size_t first, size_t n,
		 struct rcf_routes *out)
{
	rcf_routes_clear(out);
	for (size_t i = first; i < first + n; i++) {
		unsigned int len;
		const uint8_t *h = rcf_route_hops(s, &s->r[i], &len);

		if (rcf_routes_push(out, s->r[i].src, s->r[i].dst,
				    s->r[i].index, h, len))
			return -1;
	}
	return 0;
}

/*
 * A set fed in pieces gives the figures and verdict of the set walked
 * whole: pieces of whole sources (rcf_plan_walk, as route compute and
 * route check feed it), and pieces cut anywhere, a source's routes and
 * the runs that share channels split between them (rcf_route_walk).  A
 * piece whose sources do not follow the last one's is refused.
 */
static void test_pieces(const char *spec, const char *router, const char *vcs)
{
	struct rcf_graph *g = graph_of(spec);
	struct algo a = algo(router);
	struct rcf_route_plan whole, q, r;
	struct rcf_routes part;
	struct rcf_plan_walk *w;
	struct rcf_route_walk *k;
	struct rcf_cdg *cdg;
	char err[256], name[160];
	size_t i, n;
	int ok;

	if (vcs)
		opt(&a, "vcs", vcs);
	rcf_plan_init(&whole);
	rcf_plan_init(&q);
	rcf_plan_init(&r);
	rcf_routes_init(&part);
	ok = !compute(g, a, &whole.new) && whole.new.n > 64 &&
	     !rcf_plan_check(&whole, g, err, sizeof(err));
	w = rcf_plan_walk_new(g);
	ok = ok && w;
	for (i = 0; ok && i < whole.new.n; i += n) {
		for (n = 1; i + n < whole.new.n &&whole.new.r[i + n].src ==
			    whole.new.r[i].src;
		     n++)
			;
		ok = !slice(&whole.new, i, n, &part) &&
		     !rcf_plan_walk_feed(w, &part, err, sizeof(err));
	}
	ok = ok && !rcf_plan_walk_end(w, &q, err, sizeof(err)) &&
	     !memcmp(&q.st, &whole.st, sizeof(q.st)) &&
	     same_result(&q.cdg, &whole.cdg);
	snprintf(name, sizeof(name),
		 "%s %s: a source at a time, the figures and verdict of the "
		 "whole set",
		 spec, router);
	tap_ok(ok, name);
	rcf_plan_walk_free(w);
	/* cut every 7 routes, mid-source and mid-run */
	cdg = rcf_cdg_new(g);
	k = cdg ? rcf_route_walk_new(g, NULL, cdg) : NULL;
	ok = k != NULL;
	for (i = 0; ok && i < whole.new.n; i += n) {
		n = whole.new.n - i < 7 ? whole.new.n - i : 7;
		ok = !slice(&whole.new, i, n, &part) &&
		     !rcf_route_walk_feed(k, &part, err, sizeof(err));
	}
	ok = ok && !rcf_route_walk_end(k, &r.st, err, sizeof(err)) &&
	     !rcf_cdg_finish(cdg, &r.cdg) &&
	     !memcmp(&r.st, &whole.st, sizeof(r.st)) &&
	     same_result(&r.cdg, &whole.cdg);
	snprintf(name, sizeof(name),
		 "%s %s: pieces of 7 routes, the same figures and verdict",
		 spec, router);
	tap_ok(ok, name);
	rcf_route_walk_free(k);
	rcf_cdg_free(cdg);
	/* the last source, then the first again */
	w = rcf_plan_walk_new(g);
	n = whole.new.n;
	ok = w && !slice(&whole.new, n - 1, 1, &part) &&
	     !rcf_plan_walk_feed(w, &part, err, sizeof(err)) &&
	     !slice(&whole.new, 0, 1, &part) &&
	     rcf_plan_walk_feed(w, &part, err, sizeof(err)) == -3;
	tap_ok(ok, "a piece of sources before the last piece's is refused");
	rcf_plan_walk_free(w);
	rcf_routes_free(&part);
	rcf_plan_free(&whole);
	rcf_plan_free(&q);
	rcf_plan_free(&r);
	graph_put(g);
}

int main(void)
{
	tap_plan(16);
	test_set("fattree:4:3", "sp1", NULL, 1);
	test_set("torus:4x4", "dor", "1", 0);
	test_set("sp1:64", "shortest", NULL, 1);
	test_pieces("fattree:4:3", "sp1", NULL);
	test_pieces("torus:4x4", "dor", "1");
	test_pieces("sp1:64", "shortest", NULL);
	test_bad_route();
	test_shared_start();
	test_run_refusals();
	return tap_done();
}
