// SPDX-License-Identifier: GPL-2.0
/*
 * The deadlock check against a brute-force one on random small fabrics
 * with random routes (random walks, relaying nodes and VCs included, so
 * that both cyclic and acyclic sets come up): the same channels and
 * distinct arcs, the same verdict by peeling sinks (Kahn) instead of a
 * depth-first search, a reported cycle made of arcs some route has, and
 * the same cycle whatever order the routes come in; ports from 16 up and
 * all four VCs (the second word of a channel's map of arcs), and one set
 * of more than 1024 arcs.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "route/cdg.h"
#include "topo/topo_gen.h"

#define MAX_ARCS 4096

static uint64_t rng = 88172645463325252ULL;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static struct rcf_graph *graph_of(const char *spec)
{
	struct rcf_graph *g = malloc(sizeof(*g));
	struct rcf_topo t;
	char err[256];

	if (!g || rcf_topo_generate(spec, &t, err, sizeof(err)) ||
	    rcf_graph_build(g, &t, err, sizeof(err))) {
		printf("# %s: %s\n", spec, g ? err : "out of memory");
		exit(1);
	}
	rcf_topo_free(&t);
	return g;
}

/* a random walk from a random node to a node; 0 when it went nowhere */
static int random_route(const struct rcf_graph *g, struct rcf_routes *s)
{
	uint32_t src = rnd(g->nnodes), v = src;
	int len = 1 + rnd(8);
	uint8_t hops[16];
	int n = 0;

	while (n < len || g->v[v].kind != RCF_ELEM_NODE) {
		const struct rcf_gvertex *gv = &g->v[v];
		uint32_t out = rnd(gv->nports);
		const struct rcf_gport *gp = &g->port[gv->first + out];

		if (n == (int)sizeof(hops) || gp->peer < 0)
			return 0;
		hops[n++] = RCF_HOP(out, rnd(gp->vcs));
		v = gp->peer;
	}
	return !rcf_routes_push(s, g->v[src].id, g->v[v].id, 0, hops, n);
}

struct brute {
	uint64_t arc[MAX_ARCS];
	size_t narcs, channels;
	int acyclic;
};

static int brute_check(const struct rcf_graph *g, const struct rcf_routes *s,
		       struct brute *b)
{
	size_t nch = g->nlinks * 8, left;
	uint8_t *used = calloc(nch, 1), *gone = calloc(nch, 1);

	memset(b, 0, sizeof(*b));
	for (size_t i = 0; i < s->n; i++) {
		uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
		char why[128];
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);
		int n = rcf_graph_walk(g, s->r[i].src, hops, len, chan,
				       RCF_ROUTE_MAX_HOPS * 4, &dst, why,
				       sizeof(why));

		for (int c = 0; c < n; c++) {
			uint64_t a = (uint64_t)chan[c - !!c] << 32 | chan[c];
			size_t k;

			used[chan[c]] = 1;
			for (k = 0; c && k < b->narcs && b->arc[k] != a; k++)
				;
			if (c && k == b->narcs && b->narcs < MAX_ARCS)
				b->arc[b->narcs++] = a;
		}
	}
	for (size_t c = 0; c < nch; c++)
		b->channels += used[c];
	/* peel channels with no arc to a channel still there */
	left = nch;
	for (int changed = 1; changed;) {
		changed = 0;
		for (size_t c = 0; c < nch; c++) {
			size_t k;

			if (gone[c])
				continue;
			for (k = 0; k < b->narcs; k++)
				if (b->arc[k] >> 32 == c &&
				    !gone[(uint32_t)b->arc[k]])
					break;
			if (k == b->narcs) {
				gone[c] = 1;
				left--;
				changed = 1;
			}
		}
	}
	b->acyclic = !left;
	free(used);
	free(gone);
	return b->narcs < MAX_ARCS ? 0 : -1;
}

static int has_arc(const struct brute *b, uint32_t x, uint32_t y)
{
	for (size_t k = 0; k < b->narcs; k++)
		if (b->arc[k] == ((uint64_t)x << 32 | y))
			return 1;
	return 0;
}

static void shuffle(struct rcf_routes *s)
{
	for (size_t i = s->n; i > 1; i--) {
		size_t j = rnd(i);
		struct rcf_route_rec t = s->r[i - 1];

		s->r[i - 1] = s->r[j];
		s->r[j] = t;
	}
}

/* one random route set on spec; 1 when both checks agree */
static int trial(const char *spec, int nroutes, int *cyclic, size_t *arcs)
{
	struct rcf_graph *g = graph_of(spec);
	size_t nports = g->v[g->nv - 1].first + g->v[g->nv - 1].nports;
	struct rcf_cdg_result res, res2;
	struct rcf_routes s;
	struct brute *b = malloc(sizeof(*b));
	char err[256];
	int ok = 0;

	for (size_t p = 0; p < nports; p++)
		g->port[p].vcs = 1 + rnd(4);
	rcf_routes_init(&s);
	for (int i = 0; i < nroutes; i++)
		random_route(g, &s);
	if (!b || brute_check(g, &s, b) ||
	    rcf_cdg_check(g, &s, &res, err, sizeof(err)))
		goto out;
	ok = res.acyclic == b->acyclic && res.deps == b->narcs &&
	     res.channels == b->channels;
	for (size_t i = 0; ok && i < res.ncycle; i++)
		ok = has_arc(b, res.cycle[i], res.cycle[(i + 1) % res.ncycle]);
	shuffle(&s);
	if (ok && !rcf_cdg_check(g, &s, &res2, err, sizeof(err))) {
		ok = res2.acyclic == res.acyclic && res2.deps == res.deps &&
		     res2.ncycle == res.ncycle &&
		     (!res.ncycle || !memcmp(res.cycle, res2.cycle,
					     res.ncycle * sizeof(*res.cycle)));
		rcf_cdg_result_free(&res2);
	} else {
		ok = 0;
	}
	if (!ok)
		printf("# %s: %zu routes: check %d/%zu/%zu, brute %d/%zu/%zu\n",
		       spec, s.n, res.acyclic, res.deps, res.channels,
		       b->acyclic, b->narcs, b->channels);
	*cyclic += !res.acyclic;
	*arcs = res.deps;
	rcf_cdg_result_free(&res);
out:
	free(b);
	rcf_routes_free(&s);
	rcf_graph_free(g);
	free(g);
	return ok;
}

int main(void)
{
	static const char *const specs[] = {"ring:5", "mesh:3x3", "torus:3x4",
					    "hypercube:3", "sp1:16", "mesh:2x5",
					    /* leaves of 18 ports */
					    "clos:10:8:3"};
	int n = sizeof(specs) / sizeof(specs[0]);

	tap_plan(n + 2);
	int cyclic = 0, acyclic = 0;

	for (int i = 0; i < n; i++) {
		int good = 1;
		char name[64];

		for (int t = 0; t < 40; t++) {
			int before = cyclic;

			size_t arcs;

			good &= trial(specs[i], 1 + rnd(t < 20 ? 4 : 60),
				      &cyclic, &arcs);
			acyclic += cyclic == before;
		}
		snprintf(name, sizeof(name),
			 "%s: 40 random route sets agree with brute force",
			 specs[i]);
		tap_ok(good, name);
	}
	printf("# %d cyclic and %d acyclic sets\n", cyclic, acyclic);
	/* a larger set, many arcs out of each channel */
	size_t arcs = 0;
	int grown = trial("torus:8x8", 1000, &cyclic, &arcs);

	printf("# torus:8x8: %zu distinct arcs\n", arcs);
	tap_ok(grown && arcs > 1024,
	       "a set of more than 1024 arcs agrees with brute force");
	tap_ok(cyclic > 20 && acyclic > 20,
	       "the random sets include both cyclic and acyclic ones");
	return tap_done();
}
