// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_routes_sort(): sets in order are left as they are (the shortcut
 * route compute takes for sp1), sets out of order or with equal keys end
 * sorted by (src, dst, index) with the same routes; sp1 itself emits its
 * routes in order, with or without relaying nodes, so that it needs no
 * sort.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "route_util.h"

static int fill(struct rcf_routes *s, size_t n, uint32_t mul, uint32_t mod)
{
	rcf_routes_init(s);
	for (size_t i = 0; i < n; i++) {
		uint32_t k = (uint32_t)(i * mul % mod);
		/* the hops tell routes of one key apart */
		uint8_t hops[2] = {i & 0x1f, i >> 5 & 0x1f};

		if (rcf_routes_push(s, k / 64, k / 4 % 16, (uint8_t)(k % 4),
				    hops, 2))
			return -1;
	}
	return 0;
}

static int in_order(const struct rcf_routes *s)
{
	for (size_t i = 1; i < s->n; i++) {
		const struct rcf_route_rec *a = &s->r[i - 1], *b = &s->r[i];

		if (a->src != b->src   ? a->src > b->src
		    : a->dst != b->dst ? a->dst > b->dst
				       : a->index > b->index)
			return 0;
	}
	return 1;
}

/* the same multiset of routes: every route of a found once in b */
static int same_routes(const struct rcf_routes *a, const struct rcf_routes *b)
{
	char *used = calloc(b->n + 1, 1);
	int ok = used && a->n == b->n;

	for (size_t i = 0; i < a->n && ok; i++) {
		size_t j = 0;

		while (j < b->n &&
		       (used[j] || memcmp(&a->r[i], &b->r[j], sizeof(a->r[i]))))
			j++;
		ok = j < b->n;
		if (ok)
			used[j] = 1;
	}
	free(used);
	return ok;
}

static void test_case(const char *name, size_t n, uint32_t mul, uint32_t mod)
{
	struct rcf_routes s, orig;
	int ok = !fill(&s, n, mul, mod) && !fill(&orig, n, mul, mod);

	if (ok) {
		rcf_routes_sort(&s);
		ok = in_order(&s) && same_routes(&s, &orig);
	}
	tap_ok(ok, name);
	rcf_routes_free(&s);
	rcf_routes_free(&orig);
}

static void test_sorted_kept(void)
{
	struct rcf_routes s, orig;
	int ok = !fill(&s, 1024, 1, 1024) && !fill(&orig, 1024, 1, 1024);

	if (ok) {
		rcf_routes_sort(&s);
		ok = !memcmp(s.r, orig.r, s.n * sizeof(*s.r));
	}
	tap_ok(ok, "a set in strict order is left byte for byte");
	rcf_routes_free(&s);
	rcf_routes_free(&orig);
}

/* the router's own output, before rcf_route_compute() sorts it */
static void test_sp1_in_order(const char *spec, int relay)
{
	struct rcf_graph *g = graph_of(spec);
	struct algo a = algo("sp1");
	struct rcf_routes s, t;
	char err[256], name[96];
	int ok;

	if (relay)
		opt(&a, "relay", NULL);
	a.in.g = g;
	rcf_routes_init(&s);
	ok = !a.c.r->compute(&a.in, &a.c, &s, err, sizeof(err));
	if (!ok)
		printf("# %s\n", err);
	ok = ok && s.n == (size_t)g->nnodes * (g->nnodes - 1);
	for (size_t i = 1; i < s.n && ok; i++) {
		const struct rcf_route_rec *x = &s.r[i - 1], *y = &s.r[i];

		ok = x->src < y->src || (x->src == y->src && x->dst < y->dst);
		if (!ok)
			printf("# route %zu: %u -> %u after %u -> %u\n", i,
			       y->src, y->dst, x->src, x->dst);
	}
	/* and rcf_route_compute(), which sorts, gives the same bytes */
	if (ok && !compute(g, a, &t)) {
		ok = same_set(&t, &s);
		rcf_routes_free(&t);
	} else {
		ok = 0;
	}
	snprintf(name, sizeof(name),
		 "sp1 emits %s's routes in (src, dst) order%s", spec,
		 relay ? " with --relay" : "");
	tap_ok(ok, name);
	rcf_routes_free(&s);
	graph_put(g);
}

int main(void)
{
	tap_plan(8);
	test_sp1_in_order("fattree:4:3", 0);
	test_sp1_in_order("clos:8:4:8", 0);
	test_sp1_in_order("torus:4x4", 1);
	test_sorted_kept();
	/* 777 is prime to 1024: a permutation of the keys */
	test_case("a permutation of 1024 keys ends sorted", 1024, 777, 1024);
	test_case("one route out of place at the end ends sorted", 1025, 1,
		  1024);
	test_case("routes of equal keys (2 each) end sorted, none lost", 2048,
		  777, 1024);
	test_case("descending keys end sorted", 1024, 1023, 1024);
	return tap_done();
}
