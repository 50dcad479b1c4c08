// SPDX-License-Identifier: GPL-2.0
/*
 * The SP1 route table generator, Fig. 1 of Abali and Aykanat, "Routing
 * Algorithms for IBM SP1": a breadth-first spanning tree from every source
 * node, each switch's output ports tried least used first, and the ports
 * on every tree path to a node counted (TRACEBACK) so that the next
 * source's tree prefers other ports.  The counters live across sources.
 *
 * Where we go beyond the figure (Documentation/routing.rst): any port
 * count instead of 8; the source node is expanded (the figure's loop never
 * expands a processor, yet the source must leave by its port); with relay
 * set, nodes are expanded like switches so node-only fabrics get routes;
 * circuits are crossed without a hop; the turn-around restriction of §2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/router.h"

enum { WHITE, GRAY, BLACK };

struct bfs {
	uint8_t *visit;
	uint32_t *dist, *parentport, *inport;
	int32_t *parent;
	uint32_t *queue;
	uint32_t *usage; /* per port slot, kept across sources */
	/* per port slot: the vertex's ports least used first, kept across
	 * sources; where the port leads (rcf_graph_next()), fixed */
	uint8_t *order, *next_in;
	int32_t *next;
};

/*
 * Lines 10-17 of Fig. 1: a bubble sort of the port indices by usage that
 * swaps only on a strict >, so equal counts keep port order.  The figure
 * compares u.portusage[i] with u.portusage[i+1]; read as written that
 * compares fixed positions while the indices move, so we compare the
 * usage of the ports the indices name, which is what the text describes.
 *
 * That sort is stable, so its result is the ports by (usage, port), one
 * order whatever the sort starts from.  Ours starts from the order the
 * vertex had at its last expansion: the counters only grow, a few of them
 * between two expansions, so that order is nearly right and an insertion
 * sort mends it in about n steps where the bubble sort took n^2 / 2 (half
 * of sp1's time on a two-level fat tree of 32-port switches).
 */
static void order_ports(uint8_t *ord, const uint32_t *use, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) {
		uint8_t p = ord[i];
		uint32_t j = i;

		while (j > 0 &&
		       (use[ord[j - 1]] > use[p] ||
			(use[ord[j - 1]] == use[p] && ord[j - 1] > p))) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = p;
	}
}

/* the half of a switch's ports a port is on: 0-3 or 4-7 on an 8-port chip */
static int side(const struct rcf_gvertex *v, uint32_t port)
{
	return port >= v->nports / 2;
}

static void expand(const struct rcf_graph *g, struct bfs *b, uint32_t u,
		   uint32_t src, int no_turn, size_t *tail)
{
	const struct rcf_gvertex *gu = &g->v[u];
	uint8_t *ord = &b->order[gu->first];

	order_ports(ord, &b->usage[gu->first], gu->nports);
	for (uint32_t j = 0; j < gu->nports; j++) {
		uint32_t i = ord[j];
		int32_t v = b->next[gu->first + i];

		if (no_turn && u != src && gu->kind == RCF_ELEM_SWITCH &&
		    side(gu, i) == side(gu, b->inport[u]))
			continue;
		if (v < 0 || b->visit[v] != WHITE)
			continue;
		b->visit[v] = GRAY;
		b->dist[v] = b->dist[u] + 1;
		b->parent[v] = (int32_t)u;
		b->parentport[v] = i;
		b->inport[v] = b->next_in[gu->first + i];
		b->queue[(*tail)++] = (uint32_t)v;
	}
}

/*
 * The tree meets a source's destinations by distance, the set is wanted
 * by (src, dst): sorting the whole set afterwards added half the
 * computation's time again and memory for the sort, and so did gathering
 * each source's routes and copying them into order.  The graph numbers nodes by id, so dst
 * order is node vertex order: the route to node vertex u is written
 * straight to its place in the source's run, the u-th slot past the
 * run's start with the source's own slot left out.
 */
static size_t run_slot(uint32_t u, uint32_t src)
{
	return u - (u > src);
}

/* TRACEBACK, which also writes the route: the tree path's ports, reversed */
static int traceback(const struct rcf_graph *g, struct bfs *b, uint32_t u,
		     uint32_t src, struct rcf_routes *s,
		     struct rcf_route_rec *r, char *err, size_t errlen)
{
	uint32_t d = b->dist[u], dst = g->v[u].id;
	/* the arrays in locals: stores through hops, a byte pointer, would
	 * otherwise make the compiler load them again for every hop */
	const struct rcf_gvertex *gv = g->v;
	const int32_t *parent = b->parent;
	const uint32_t *pport = b->parentport;
	uint32_t *usage = b->usage;
	uint8_t *hops;

	if (d > RCF_ROUTE_MAX_HOPS) {
		snprintf(err, errlen,
			 "node %u to node %u needs %u route bytes, more than "
			 "%d",
			 g->v[src].id, dst, d, RCF_ROUTE_MAX_HOPS);
		return -1;
	}
	hops = rcf_routes_put(s, r, g->v[src].id, dst, 0, d);
	if (!hops) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* each parent one step nearer the source */
	for (uint32_t k = d; k > 0; k--) {
		int32_t v = parent[u];
		uint32_t i = pport[u];

		usage[gv[v].first + i]++;
		hops[k - 1] = RCF_HOP(i, 0);
		u = (uint32_t)v;
	}
	return 0;
}

enum { SP1_RELAY, SP1_NO_TURNAROUND };

/* closes the gaps unreached nodes left in the run; its route count */
static size_t close_run(const struct rcf_graph *g, const struct bfs *b,
			uint32_t src, struct rcf_route_rec *run)
{
	size_t j = 0;

	for (uint32_t v = 0; v < g->nnodes; v++) {
		if (v == src || b->visit[v] != BLACK)
			continue;
		if (j != run_slot(v, src))
			run[j] = run[run_slot(v, src)];
		j++;
	}
	return j;
}

static int bfs_rtg(const struct rcf_graph *g, struct bfs *b, uint32_t src,
		   const struct rcf_route_conf *c, struct rcf_routes *s,
		   char *err, size_t errlen)
{
	size_t head = 0, tail = 0, reached = 0;
	struct rcf_route_rec *run;

	/* one route per other node at most, so the set grows no larger than
	 * by rcf_routes_add() */
	if (rcf_routes_reserve(s, g->nnodes - 1)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* a lone node has no routes, and s->r may still be NULL */
	run = s->r ? &s->r[s->n] : NULL;
	memset(b->visit, WHITE, g->nv);
	for (size_t v = 0; v < g->nv; v++) {
		b->dist[v] = 0;
		b->parent[v] = -1;
	}
	b->visit[src] = GRAY;
	b->queue[tail++] = src;
	while (head < tail) {
		uint32_t u = b->queue[head];

		if (g->v[u].kind == RCF_ELEM_SWITCH || u == src ||
		    c->v[SP1_RELAY])
			expand(g, b, u, src, c->v[SP1_NO_TURNAROUND], &tail);
		if (g->v[u].kind == RCF_ELEM_NODE && u != src) {
			if (traceback(g, b, u, src, s, &run[run_slot(u, src)],
				      err, errlen))
				return -1;
			reached++;
		}
		head++;
		b->visit[u] = BLACK;
	}
	if (reached < g->nnodes - 1)
		reached = close_run(g, b, src, run);
	s->n += reached;
	return 0;
}

/*
 * A source's room is reserved for all other nodes, so on a fabric with
 * pairs left unrouted the last reservation can double the set where
 * appending route by route would not have: give the excess back, so that
 * the set takes what rcf_routes_add() would have given it.
 */
static void trim(struct rcf_routes *s, size_t cap0)
{
	size_t cap = rcf_routes_grown(cap0, s->n);
	struct rcf_route_rec *r;

	/* an empty set keeps its room: realloc() to 0 bytes would free it */
	if (!cap || cap >= s->cap)
		return;
	r = realloc(s->r, cap * sizeof(*r));
	if (r) { /* else the set keeps its room, which is no error */
		s->r = r;
		s->cap = cap;
	}
}

static int sp1_compute(const struct rcf_route_in *in,
		       const struct rcf_route_conf *c, struct rcf_routes *s,
		       char *err, size_t errlen)
{
	const struct rcf_graph *g = in->g;
	size_t nports =
		g->nv ? g->v[g->nv - 1].first + g->v[g->nv - 1].nports : 0;
	struct bfs b = {0};
	size_t cap0 = s->cap;
	int rc = -1;

	b.visit = malloc(g->nv + 1);
	b.dist = malloc((g->nv + 1) * sizeof(*b.dist));
	b.parentport = malloc((g->nv + 1) * sizeof(*b.parentport));
	b.inport = calloc(g->nv + 1, sizeof(*b.inport));
	b.parent = malloc((g->nv + 1) * sizeof(*b.parent));
	b.queue = malloc((g->nv + 1) * sizeof(*b.queue));
	b.usage = calloc(nports + 1, sizeof(*b.usage)); /* RTG lines 1-3 */
	b.order = malloc(nports + 1);
	b.next = malloc((nports + 1) * sizeof(*b.next));
	b.next_in = malloc(nports + 1);
	if (!b.visit || !b.dist || !b.parentport || !b.inport || !b.parent ||
	    !b.queue || !b.usage || !b.order || !b.next || !b.next_in) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (size_t v = 0; v < g->nv; v++)
		for (uint32_t p = 0; p < g->v[v].nports; p++) {
			size_t k = g->v[v].first + p;
			uint32_t pin = 0;

			b.order[k] = (uint8_t)p;
			b.next[k] = rcf_graph_next(g, v, p, &pin);
			b.next_in[k] = (uint8_t)pin;
		}
	for (size_t src = 0; src < g->nnodes; src++) {
		if (bfs_rtg(g, &b, src, c, s, err, errlen))
			goto out;
		if (in->emit && in->emit(s, in->emit_arg, err, errlen))
			goto out;
		if (in->progress && (src % 16 == 15 || src + 1 == g->nnodes))
			in->progress(src + 1, g->nnodes, in->arg);
	}
	trim(s, cap0);
	rc = 0;
out:
	free(b.visit);
	free(b.dist);
	free(b.parentport);
	free(b.inport);
	free(b.parent);
	free(b.queue);
	free(b.usage);
	free(b.order);
	free(b.next);
	free(b.next_in);
	return rc;
}

static const struct rcf_router_opt sp1_opts[] = {
	[SP1_RELAY] = {"relay", NULL,
		       "nodes forward (fabrics without switches)",
		       RCF_ROPT_FLAG, 0, 1, 0},
	[SP1_NO_TURNAROUND] = {"no-turnaround", NULL,
			       "never leave a switch by the side entered",
			       RCF_ROPT_FLAG, 0, 1, 0},
};

const struct rcf_router rcf_router_sp1 = {
	.name = "sp1",
	.help = "the SP1 route table generator: a least-used-port BFS tree "
		"per source",
	.opts = sp1_opts,
	.nopts = 2,
	.compute = sp1_compute,
};
