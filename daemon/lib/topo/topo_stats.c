// SPDX-License-Identifier: GPL-2.0
/*
 * Structural figures by breadth-first search over a generator's
 * arithmetic.  The networks here are symmetric under translations, so
 * one search per class of routers that a translation maps onto each other
 * gives the exact all-pairs figures: one for ring, torus, hypercube and
 * PRDT, 16 for RDT (its torus assignment repeats every 4 routers along
 * both axes), every router for a mesh.  Switch fabrics (fat trees, Clos)
 * are built and searched from every switch: their routers are switches.
 */
#include <stdlib.h>
#include <string.h>

#include "topo/rdt_walk.h"
#include "topo/topo_gen.h"
#include "topo/topo_stats.h"
#include "util/errf.h"
#include "util/num.h"

enum kind { RING, MESH, TORUS, CUBE, RDT, BUILT };

struct net {
	enum kind kind;
	uint32_t x, y, dim;
	int switched; /* CUBE: hcube:D, a switch per node */
	struct rcf_rdt d;
	uint64_t routers;
	/* translations by period along x and y are symmetries; 0: none */
	uint32_t period;
	/* BUILT: the fabric, and switch v's neighbours adj[first[v] ..] */
	struct rcf_topo t;
	uint32_t *first, *adj;
};

/* the routers next to v, parallel links repeated; returns how many */
static uint32_t nbrs(const struct net *g, uint32_t v, uint32_t *out)
{
	uint32_t k = 0, c = v % g->x, r = v / g->x;

	switch (g->kind) {
	case RING:
		out[k++] = (v + 1) % g->x;
		out[k++] = (v + g->x - 1) % g->x;
		break;
	case MESH:
	case TORUS:
		if (c + 1 < g->x || g->kind == TORUS)
			out[k++] = r * g->x + (c + 1) % g->x;
		if (c > 0 || g->kind == TORUS)
			out[k++] = r * g->x + (c + g->x - 1) % g->x;
		if (r + 1 < g->y || g->kind == TORUS)
			out[k++] = ((r + 1) % g->y) * g->x + c;
		if (r > 0 || g->kind == TORUS)
			out[k++] = ((r + g->y - 1) % g->y) * g->x + c;
		break;
	case CUBE:
		for (uint32_t i = 0; i < g->dim; i++)
			out[k++] = v ^ (1u << i);
		break;
	case RDT: {
		uint32_t ranks[RCF_RDT_MAX_RANK + 1],
			nr = rcf_rdt_ranks(&g->d, v, ranks);

		for (uint32_t s = 0; s < nr; s++)
			for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++)
				out[k++] =
					rcf_rdt_step(&g->d, v, ranks[s], dir);
		break;
	}
	case BUILT:
		k = g->first[v + 1] - g->first[v];
		memcpy(out, &g->adj[g->first[v]], k * sizeof(*out));
		break;
	}
	return k;
}

/* the switch-to-switch links of g->t as adjacency lists */
static int adjacency(struct net *g)
{
	const struct rcf_objv *l = &g->t.v[RCF_K_LINK];
	uint32_t ns = g->t.v[RCF_K_SWITCH].n, *fill;

	g->first = calloc(ns + 1, sizeof(*g->first));
	g->adj = malloc((2 * l->n + 1) * sizeof(*g->adj));
	fill = calloc(ns + 1, sizeof(*fill));
	if (!g->first || !g->adj || !fill) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < l->n; i++)
		if (l->o[i].end[0].kind == RCF_ELEM_SWITCH &&
		    l->o[i].end[1].kind == RCF_ELEM_SWITCH)
			for (int e = 0; e < 2; e++)
				g->first[l->o[i].end[e].id + 1]++;
	for (uint32_t v = 0; v < ns; v++)
		g->first[v + 1] += g->first[v];
	for (size_t i = 0; i < l->n; i++) {
		const struct rcf_end *e = l->o[i].end;

		if (e[0].kind != RCF_ELEM_SWITCH ||
		    e[1].kind != RCF_ELEM_SWITCH)
			continue;
		g->adj[g->first[e[0].id] + fill[e[0].id]++] = e[1].id;
		g->adj[g->first[e[1].id] + fill[e[1].id]++] = e[0].id;
	}
	free(fill);
	return 0;
}

static void net_free(struct net *g)
{
	if (g->kind != BUILT)
		return;
	rcf_topo_free(&g->t);
	free(g->first);
	free(g->adj);
}

/* generators whose fabric is searched as built: ids are 0 .. n - 1 */
static int built(const char *spec, struct net *g, char *err, size_t errlen)
{
	if (rcf_topo_generate(spec, &g->t, err, errlen))
		return -1;
	g->kind = BUILT;
	g->x = g->t.v[RCF_K_SWITCH].n;
	g->period = 0;
	if (adjacency(g)) {
		net_free(g);
		return rcf_errf(err, errlen, "%s: out of memory", spec);
	}
	return 0;
}

static int parse(const char *spec, struct net *g, char *err, size_t errlen)
{
	const char *arg = strchr(spec, ':');

	memset(g, 0, sizeof(*g));
	g->y = 1;
	g->period = 1;
	if (!arg)
		goto bad;
	arg++;
	if (rcf_rdt_spec(spec)) {
		if (rcf_rdt_parse(spec, RCF_TSTATS_MAX_ROUTERS, &g->d, err,
				  errlen))
			return -1;
		g->kind = RDT;
		g->x = g->y = g->d.side;
		/* coset() in rdt.c repeats every 4 along both axes */
		g->period = g->d.m == g->d.R ? 1 : 4;
	} else if (!strncmp(spec, "fattree:", 8) ||
		   !strncmp(spec, "clos:", 5)) {
		if (built(spec, g, err, errlen))
			return -1;
	} else if (!strncmp(spec, "ring:", 5)) {
		g->kind = RING;
		if (rcf_num_u32(arg, 3, RCF_TSTATS_MAX_ROUTERS, &g->x))
			return rcf_errf(err, errlen,
					"ring:N needs 3 <= N <= %u",
					RCF_TSTATS_MAX_ROUTERS);
	} else if (!strncmp(spec, "mesh:", 5) || !strncmp(spec, "torus:", 6)) {
		uint64_t x, y;

		g->kind = spec[0] == 'm' ? MESH : TORUS;
		if (rcf_parse_dims(arg, RCF_TSTATS_MAX_ROUTERS, &x, &y) || !x ||
		    !y || x * y > RCF_TSTATS_MAX_ROUTERS || x * y < 2 ||
		    (g->kind == TORUS && (x < 3 || y < 3)))
			return rcf_errf(err, errlen,
					"%s: want XxY, X * Y at most %u (a "
					"torus: X, Y >= 3)",
					spec, RCF_TSTATS_MAX_ROUTERS);
		g->x = (uint32_t)x;
		g->y = (uint32_t)y;
		g->period = g->kind == MESH ? 0 : 1;
	} else if (!strncmp(spec, "hypercube:", 10) ||
		   !strncmp(spec, "hcube:", 6)) {
		g->kind = CUBE;
		g->switched = spec[1] == 'c';
		if (rcf_num_u32(arg, 1, 20, &g->dim))
			return rcf_errf(err, errlen, "%s:D needs 1 <= D <= 20",
					g->switched ? "hcube" : "hypercube");
		g->x = 1u << g->dim;
	} else {
		goto bad;
	}
	g->routers = (uint64_t)g->x * g->y;
	return 0;
bad:
	return rcf_errf(err, errlen,
			"%s: topo stats knows ring:N, mesh:XxY, torus:XxY, "
			"hypercube:D, hcube:D, prdt:S:n:R, rdt:S:n:R:m, "
			"fattree:K:N and clos:...",
			spec);
}

struct bfs {
	uint32_t *dist, *queue;
	uint32_t nb[4 * (RCF_RDT_MAX_RANK + 1) + 32];
};

/* distances from src into b->dist; returns routers reached */
static uint64_t bfs(const struct net *g, struct bfs *b, uint32_t src,
		    uint64_t *sum, uint32_t *ecc)
{
	uint64_t head = 0, tail = 0;

	memset(b->dist, 0xff, g->routers * sizeof(*b->dist));
	b->dist[src] = 0;
	b->queue[tail++] = src;
	*sum = 0;
	*ecc = 0;
	while (head < tail) {
		uint32_t v = b->queue[head++], k = nbrs(g, v, b->nb);

		*sum += b->dist[v];
		*ecc = b->dist[v];
		for (uint32_t i = 0; i < k; i++)
			if (b->dist[b->nb[i]] == UINT32_MAX) {
				b->dist[b->nb[i]] = b->dist[v] + 1;
				b->queue[tail++] = b->nb[i];
			}
	}
	return tail;
}

/*
 * vector routing from src against the distances just found: Algorithm A
 * on a PRDT, the walk of topo/rdt_walk.h with m < R; -1 when a walk does
 * not arrive
 */
static int vector(const struct net *g, const struct bfs *b, uint32_t src,
		  struct rcf_tstats *st, uint64_t w)
{
	int32_t v[RCF_RDT_MAX_RANK + 1][2];

	for (uint32_t dst = 0; dst < g->routers; dst++) {
		uint32_t h;

		if (dst == src)
			continue;
		if (g->d.m == g->d.R) {
			h = rcf_rdt_vector(&g->d, src, dst, v);
		} else {
			int k = rcf_rdt_walk(&g->d, src, dst, NULL,
					     (int)(4 * g->x));

			if (k < 0)
				return -1;
			h = (uint32_t)k;
		}
		st->vec_pairs += w;
		st->vec_minimal += h == b->dist[dst] ? w : 0;
		st->vec_excess += w * (h - b->dist[dst]);
		if (h > st->vec_longest)
			st->vec_longest = h;
	}
	return 0;
}

static void counts(const struct net *g, struct bfs *b, struct rcf_tstats *st)
{
	uint64_t ports = 0;

	st->routers = g->routers;
	st->deg_min = UINT32_MAX;
	for (uint32_t v = 0; v < g->routers; v++) {
		uint32_t k = nbrs(g, v, b->nb);

		ports += k;
		st->deg_min = k < st->deg_min ? k : st->deg_min;
		st->deg_max = k > st->deg_max ? k : st->deg_max;
	}
	st->net_links = ports / 2;
	st->nodes = g->routers;
	st->links = st->net_links;
	st->ports = st->deg_max;
	if (g->kind == RDT) {
		st->switches = g->routers;
		st->links += g->routers;
		st->ports = rcf_rdt_ports(&g->d);
		st->ranks = g->d.R + 1;
		for (uint32_t r = 0; r <= g->d.R; r++) {
			st->torus_x[r] = rcf_rdt_ring(&g->d, r);
			st->torus_y[r] =
				rcf_rdt_torus_size(&g->d, r) / st->torus_x[r];
		}
	}
	if (g->kind == CUBE && g->switched) {
		st->switches = g->routers;
		st->links += g->routers;
		st->ports = g->dim + 1;
	}
	if (g->kind == BUILT) {
		const struct rcf_objv *sw = &g->t.v[RCF_K_SWITCH];

		st->nodes = g->t.v[RCF_K_NODE].n;
		st->switches = g->routers;
		st->links = g->t.v[RCF_K_LINK].n;
		st->ports = 0;
		for (size_t v = 0; v < sw->n; v++)
			if (sw->o[v].v[RCF_A_SWITCH_PORTS] > st->ports)
				st->ports = sw->o[v].v[RCF_A_SWITCH_PORTS];
	}
}

int rcf_topo_stats(const char *spec, int all, struct rcf_tstats *st, char *err,
		   size_t errlen)
{
	uint32_t p;
	uint64_t total = 0, w;
	struct bfs b;
	struct net g;
	int rc = 0;

	memset(st, 0, sizeof(*st));
	if (parse(spec, &g, err, errlen))
		return -1;
	b.dist = malloc(g.routers * sizeof(*b.dist));
	b.queue = malloc(g.routers * sizeof(*b.queue));
	if (!b.dist || !b.queue) {
		free(b.dist);
		free(b.queue);
		net_free(&g);
		return rcf_errf(err, errlen, "%s: out of memory", spec);
	}
	counts(&g, &b, st);
	/* a period that does not divide the side is no symmetry: all */
	p = all || !g.period || g.x % g.period || g.y % g.period ? 0 : g.period;
	w = p ? (uint64_t)(g.x / p) * (g.y / p) : 1;
	st->connected = 1;
	for (uint32_t src = 0; src < g.routers; src++) {
		uint64_t sum;
		uint32_t ecc;

		if (p && (src % g.x >= p || src / g.x >= p))
			continue;
		st->sources++;
		if (bfs(&g, &b, src, &sum, &ecc) != g.routers)
			st->connected = 0;
		total += w * sum;
		st->diameter = ecc > st->diameter ? ecc : st->diameter;
		if (g.kind == RDT) {
			st->vector = 1;
			if (vector(&g, &b, src, st, w)) {
				rcf_errf(err, errlen,
					 "%s: vector routing from router %u "
					 "does not arrive everywhere",
					 spec, src);
				rc = -1;
				break;
			}
		}
	}
	if (!st->connected)
		st->diameter = 0;
	st->avg = g.routers > 1 ? (double)total / ((double)g.routers *
						   (double)(g.routers - 1))
				: 0;
	free(b.dist);
	free(b.queue);
	net_free(&g);
	return rc;
}
