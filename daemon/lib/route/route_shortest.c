// SPDX-License-Identifier: GPL-2.0
/*
 * Shortest paths on any fabric: a breadth-first search from every source
 * (nodes relay), then up to `paths` distinct shortest routes per pair,
 * found by walking back from the destination over arcs that lose one hop
 * of distance.  Ports are tried in ascending order, so the result is
 * deterministic; index 0 is the route the search found first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/router.h"

struct rarc {
	uint32_t from, port;
};

struct rcf_sp {
	const struct rcf_graph *g;
	uint32_t *dist, *queue;
	size_t *rfirst; /* reverse arcs into v: rarc[rfirst[v] .. rfirst[v+1]) */
	struct rarc *rarc;
	uint32_t src;
	int want, found, index0;
	uint8_t path[RCF_ROUTE_MAX_HOPS];
	struct rcf_routes *s;
};

#define UNSEEN UINT32_MAX

static int build_reverse(struct rcf_sp *p)
{
	const struct rcf_graph *g = p->g;
	size_t narcs = 0, *fill;

	p->rfirst = calloc(g->nv + 2, sizeof(*p->rfirst));
	if (!p->rfirst)
		return -1;
	for (uint32_t u = 0; u < g->nv; u++)
		for (uint32_t i = 0, in; i < g->v[u].nports; i++) {
			int32_t v = rcf_graph_next(g, u, i, &in);

			if (v >= 0) {
				p->rfirst[v + 1]++;
				narcs++;
			}
		}
	for (size_t v = 0; v < g->nv; v++)
		p->rfirst[v + 1] += p->rfirst[v];
	p->rarc = malloc((narcs + 1) * sizeof(*p->rarc));
	fill = malloc((g->nv + 1) * sizeof(*fill));
	if (!p->rarc || !fill) {
		free(fill);
		return -1;
	}
	memcpy(fill, p->rfirst, g->nv * sizeof(*fill));
	for (uint32_t u = 0; u < g->nv; u++)
		for (uint32_t i = 0, in; i < g->v[u].nports; i++) {
			int32_t v = rcf_graph_next(g, u, i, &in);

			if (v >= 0)
				p->rarc[fill[v]++] = (struct rarc){u, i};
		}
	free(fill);
	return 0;
}

static void bfs(struct rcf_sp *p)
{
	const struct rcf_graph *g = p->g;
	size_t head = 0, tail = 0;

	for (size_t v = 0; v < g->nv; v++)
		p->dist[v] = UNSEEN;
	p->dist[p->src] = 0;
	p->queue[tail++] = p->src;
	while (head < tail) {
		uint32_t u = p->queue[head++];

		for (uint32_t i = 0, in; i < g->v[u].nports; i++) {
			int32_t v = rcf_graph_next(g, u, i, &in);

			if (v >= 0 && p->dist[v] == UNSEEN) {
				p->dist[v] = p->dist[u] + 1;
				p->queue[tail++] = (uint32_t)v;
			}
		}
	}
}

/* Walks back from w (at distance d) to the source, one route per arrival. */
static int back(struct rcf_sp *p, uint32_t w, uint32_t dst)
{
	uint32_t d = p->dist[w];

	if (d == 0) {
		if (rcf_routes_push(p->s, p->g->v[p->src].id, p->g->v[dst].id,
				    p->found, p->path, p->dist[dst]))
			return -1;
		p->found++;
		return 0;
	}
	for (size_t a = p->rfirst[w]; a < p->rfirst[w + 1]; a++) {
		const struct rarc *ra = &p->rarc[a];

		if (p->found == p->want)
			return 0;
		if (p->dist[ra->from] != d - 1)
			continue;
		p->path[d - 1] = RCF_HOP(ra->port, 0);
		if (back(p, ra->from, dst))
			return -1;
	}
	return 0;
}

struct rcf_sp *rcf_sp_new(const struct rcf_graph *g)
{
	struct rcf_sp *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->g = g;
	p->dist = malloc((g->nv + 1) * sizeof(*p->dist));
	p->queue = malloc((g->nv + 1) * sizeof(*p->queue));
	if (!p->dist || !p->queue || build_reverse(p)) {
		rcf_sp_free(p);
		return NULL;
	}
	return p;
}

void rcf_sp_free(struct rcf_sp *p)
{
	if (!p)
		return;
	free(p->dist);
	free(p->queue);
	free(p->rfirst);
	free(p->rarc);
	free(p);
}

void rcf_sp_from(struct rcf_sp *p, uint32_t src)
{
	p->src = src;
	bfs(p);
}

int rcf_sp_paths(struct rcf_sp *p, uint32_t dst, int want, struct rcf_routes *s,
		 int index0)
{
	if (dst == p->src || p->dist[dst] == UNSEEN)
		return 0;
	if (p->dist[dst] > RCF_ROUTE_MAX_HOPS)
		return -2;
	p->s = s;
	p->want = want;
	p->found = 0;
	p->index0 = index0;
	if (back(p, dst, dst))
		return -1;
	return p->found;
}

static int shortest_compute(const struct rcf_route_in *in,
			    const struct rcf_route_conf *c,
			    struct rcf_routes *s, char *err, size_t errlen)
{
	const struct rcf_graph *g = in->g;
	int want = (int)c->v[0];
	struct rcf_sp *p;

	p = rcf_sp_new(g);
	if (!p) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (uint32_t src = 0; src < g->nnodes; src++) {
		rcf_sp_from(p, src);
		for (uint32_t dst = 0; dst < g->nnodes; dst++) {
			int rc = rcf_sp_paths(p, dst, want, s, 0);

			if (rc == -2)
				snprintf(err, errlen,
					 "node %u to node %u needs %u route "
					 "bytes, more than %d",
					 g->v[src].id, g->v[dst].id,
					 p->dist[dst], RCF_ROUTE_MAX_HOPS);
			else if (rc < 0)
				snprintf(err, errlen, "out of memory");
			if (rc < 0) {
				rcf_sp_free(p);
				return -1;
			}
		}
		if (in->emit && in->emit(s, in->emit_arg, err, errlen)) {
			rcf_sp_free(p);
			return -1;
		}
		if (in->progress && (src % 16 == 15 || src + 1 == g->nnodes))
			in->progress(src + 1, g->nnodes, in->arg);
	}
	rcf_sp_free(p);
	return 0;
}

static const struct rcf_router_opt shortest_opts[] = {
	{"paths", "N", "distinct shortest routes per pair", RCF_ROPT_NUM, 1,
	 RCF_ROUTES_PER_PAIR, 1},
};

const struct rcf_router rcf_router_shortest = {
	.name = "shortest",
	.help = "shortest paths on any fabric, nodes relaying",
	.opts = shortest_opts,
	.nopts = 1,
	.compute = shortest_compute,
};
