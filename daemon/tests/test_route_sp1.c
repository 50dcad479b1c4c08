// SPDX-License-Identifier: GPL-2.0
/*
 * sp1 against Fig. 1 of the SP1 paper read literally: a bubble sort of
 * every expanded vertex's ports, where each port leads looked up through
 * the circuits every time, each route appended as the tree meets its
 * destination and the set sorted at the end.  The router mends each
 * vertex's port order from the last expansion and writes every route in
 * its place; both must give the same routes, byte for byte, leave the set
 * in (src, dst) order without a sort, and take no more room than routes
 * appended one by one.
 */
#include <stdarg.h>

#include "tap.h"
#include "route_util.h"

static void okf(int cond, const char *fmt, ...)
{
	char name[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	tap_ok(cond, name);
}

enum { WHITE, GRAY, BLACK };

struct ref {
	const struct rcf_graph *g;
	int relay, no_turn;
	uint8_t *visit;
	uint32_t *dist, *pport, *inport, *queue, *usage;
	int32_t *parent;
};

static int ref_side(const struct rcf_gvertex *v, uint32_t port)
{
	return port >= v->nports / 2;
}

static void ref_expand(struct ref *b, uint32_t u, uint32_t src, size_t *tail)
{
	const struct rcf_gvertex *gu = &b->g->v[u];
	const uint32_t *use = &b->usage[gu->first];
	uint32_t idx[RCF_SWITCH_MAX_PORTS > RCF_NODE_MAX_PORTS
			     ? RCF_SWITCH_MAX_PORTS
			     : RCF_NODE_MAX_PORTS];
	uint32_t n = gu->nports;

	for (uint32_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint32_t j = n - 1; j >= 1 && n > 1; j--)
		for (uint32_t i = 0; i < j; i++)
			if (use[idx[i]] > use[idx[i + 1]]) {
				uint32_t t = idx[i];

				idx[i] = idx[i + 1];
				idx[i + 1] = t;
			}
	for (uint32_t j = 0; j < n; j++) {
		uint32_t i = idx[j], in;
		int32_t v;

		if (b->no_turn && u != src && gu->kind == RCF_ELEM_SWITCH &&
		    ref_side(gu, i) == ref_side(gu, b->inport[u]))
			continue;
		v = rcf_graph_next(b->g, u, i, &in);
		if (v < 0 || b->visit[v] != WHITE)
			continue;
		b->visit[v] = GRAY;
		b->dist[v] = b->dist[u] + 1;
		b->parent[v] = (int32_t)u;
		b->pport[v] = i;
		b->inport[v] = in;
		b->queue[(*tail)++] = (uint32_t)v;
	}
}

static void ref_trace(struct ref *b, uint32_t u, uint32_t src,
		      struct rcf_routes *s)
{
	uint8_t *hops = rcf_routes_add(s, b->g->v[src].id, b->g->v[u].id, 0,
				       b->dist[u]);

	if (!hops) {
		printf("# out of memory\n");
		exit(1);
	}
	memset(hops, 0, b->dist[u]);
	while (b->dist[u]) {
		b->usage[b->g->v[b->parent[u]].first + b->pport[u]]++;
		hops[b->dist[u] - 1] = RCF_HOP(b->pport[u], 0);
		u = (uint32_t)b->parent[u];
	}
}

static void ref_sp1(const struct rcf_graph *g, int relay, int no_turn,
		    struct rcf_routes *s)
{
	const struct rcf_gvertex *last = &g->v[g->nv - 1];
	struct ref b = {.g = g, .relay = relay, .no_turn = no_turn};

	b.visit = calloc(g->nv, 1);
	b.dist = calloc(g->nv, sizeof(*b.dist));
	b.pport = calloc(g->nv, sizeof(*b.pport));
	b.inport = calloc(g->nv, sizeof(*b.inport));
	b.queue = calloc(g->nv, sizeof(*b.queue));
	b.parent = calloc(g->nv, sizeof(*b.parent));
	b.usage = calloc(last->first + last->nports, sizeof(*b.usage));
	rcf_routes_init(s);
	for (uint32_t src = 0; src < g->nnodes; src++) {
		size_t head = 0, tail = 0;

		memset(b.visit, WHITE, g->nv);
		memset(b.dist, 0, g->nv * sizeof(*b.dist));
		b.visit[src] = GRAY;
		b.queue[tail++] = src;
		while (head < tail) {
			uint32_t u = b.queue[head++];

			if (g->v[u].kind == RCF_ELEM_SWITCH || u == src ||
			    relay)
				ref_expand(&b, u, src, &tail);
			if (g->v[u].kind == RCF_ELEM_NODE && u != src)
				ref_trace(&b, u, src, s);
			b.visit[u] = BLACK;
		}
	}
	rcf_routes_sort(s);
	free(b.visit);
	free(b.dist);
	free(b.pport);
	free(b.inport);
	free(b.queue);
	free(b.parent);
	free(b.usage);
}

/* the first route where a and b differ, or -1 */
static long first_difference(const struct rcf_routes *a,
			     const struct rcf_routes *b)
{
	for (size_t i = 0; i < a->n && i < b->n; i++) {
		const struct rcf_route_rec *x = &a->r[i], *y = &b->r[i];

		if (x->src != y->src || x->dst != y->dst ||
		    x->index != y->index || !rcf_route_same_hops(a, x, b, y))
			return (long)i;
	}
	return a->n == b->n ? -1 : (long)(a->n < b->n ? a->n : b->n);
}

static int in_order(const struct rcf_routes *s)
{
	for (size_t i = 1; i < s->n; i++)
		if (s->r[i - 1].src > s->r[i].src ||
		    (s->r[i - 1].src == s->r[i].src &&
		     s->r[i - 1].dst >= s->r[i].dst))
			return 0;
	return 1;
}

struct fabric {
	const char *gen;
	int relay, no_turn;
	size_t routes; /* what sp1 finds, a check on the case itself */
};

static void against_figure(const struct fabric *f)
{
	struct rcf_graph *g = graph_of(f->gen);
	struct rcf_routes want, got;
	struct algo a = algo("sp1");
	char err[256];
	long d;

	if (f->relay)
		opt(&a, "relay", NULL);
	if (f->no_turn)
		opt(&a, "no-turnaround", NULL);
	ref_sp1(g, f->relay, f->no_turn, &want);
	/* the router's own output, before rcf_route_compute()'s sort */
	rcf_routes_init(&got);
	a.in.g = g;
	if (a.c.r->compute(&a.in, &a.c, &got, err, sizeof(err))) {
		printf("# %s: %s\n", f->gen, err);
		exit(1);
	}
	okf(got.n == f->routes, "%s%s%s: sp1 gives %zu routes (%zu)", f->gen,
	    f->relay ? " relay" : "", f->no_turn ? " no-turnaround" : "",
	    f->routes, got.n);
	d = first_difference(&want, &got);
	if (d >= 0 && (size_t)d < got.n)
		printf("# first difference: route %u -> %u\n", got.r[d].src,
		       got.r[d].dst);
	okf(d < 0, "%s: the same routes as Fig. 1 read literally", f->gen);
	okf(in_order(&got), "%s: the routes come in (src, dst) order", f->gen);
	/* appended one by one, the set would double from 256 routes */
	okf(got.cap == want.cap,
	    "%s: room for %zu routes, as appending them one by one "
	    "(%zu)",
	    f->gen, want.cap, got.cap);
	rcf_routes_free(&got);
	/* and through the entry point every caller uses */
	okf(!compute(g, a, &got) && first_difference(&want, &got) < 0,
	    "%s: rcf_route_compute() gives them too", f->gen);
	rcf_routes_free(&want);
	rcf_routes_free(&got);
	graph_put(g);
}

int main(void)
{
	static const struct fabric fabrics[] = {
		{"fattree:4:2", 0, 0, 240},
		{"fattree:8:2", 0, 0, 4032},
		{"fattree:4:3", 0, 0, 4032},
		{"clos:6:3:4", 0, 0, 552},
		{"clos:4:2:3:2:2", 0, 0, 552},
		{"sp1:64", 0, 0, 4032},
		/* pairs without a route leave gaps to close */
		{"fattree:4:2", 0, 1, 128},
		{"sp1:32", 0, 1, 512},
		{"torus:4x4", 0, 0, 64},
		{"torus:4x4", 1, 0, 240},
		{"mesh:4x3", 1, 0, 132},
		{"ring:7", 1, 0, 42},
	};
	size_t n = sizeof(fabrics) / sizeof(fabrics[0]);

	tap_plan((int)n * 5);
	for (size_t i = 0; i < n; i++)
		against_figure(&fabrics[i]);
	return tap_done();
}
