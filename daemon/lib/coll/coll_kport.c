// SPDX-License-Identifier: GPL-2.0
/*
 * The circuit router of the k-port machine: one step's connections onto
 * its crossbar, or onto its three-stage Clos network.
 *
 * On the Clos network every connection is two requests, one each way,
 * from the edge switch of one end to the edge switch of the other.  A
 * request within one edge switch is a single circuit there; the others
 * form a bipartite multigraph, source edges on one side and destination
 * edges on the other, where a vertex has at most per edges (an edge
 * switch's node ports).  A middle switch is a colour: two requests may
 * share it unless they leave one edge switch or enter one, so a proper
 * edge colouring with mid >= per colours is a routing, and König (1916)
 * showed the maximum degree is always enough for a bipartite multigraph
 * -- which is why a Clos network with m >= n middle switches is
 * rearrangeable (Slepian-Duguid; Beneš, 1962).  Requests are coloured one
 * by one as in Paull (1962): with a colour a free at the source and b
 * free at the destination, if a is taken at the destination the a/b
 * alternating path from the destination is swapped first; it cannot
 * reach the source (the source has no a edge and the path enters source
 * edges only by a edges), so a becomes free at both ends.
 */
#include <stdlib.h>
#include <string.h>

#include "coll/coll_kport.h"
#include "util/errf.h"

struct colouring {
	uint32_t mid;
	int32_t *src_at, *dst_at;  /* [edge * mid + colour]: request or -1 */
	uint32_t *src, *dst, *col; /* per request: its edges and colour */
	int32_t *path;
};

static void put(struct colouring *g, int32_t r, uint32_t c)
{
	g->col[r] = c;
	g->src_at[g->src[r] * g->mid + c] = r;
	g->dst_at[g->dst[r] * g->mid + c] = r;
}

static uint32_t free_colour(const int32_t *at, uint32_t v, uint32_t mid)
{
	uint32_t c = 0;

	while (at[v * mid + c] >= 0)
		c++;
	return c;
}

/* swaps a and b along the alternating path that leaves destination v by a */
static void swap_path(struct colouring *g, uint32_t v, uint32_t a, uint32_t b)
{
	uint32_t c = a, x = v, n = 0;
	int at_dst = 1;

	for (;;) {
		int32_t r = (at_dst ? g->dst_at : g->src_at)[x * g->mid + c];

		if (r < 0)
			break;
		g->path[n++] = r;
		x = at_dst ? g->src[r] : g->dst[r];
		at_dst = !at_dst;
		c = c == a ? b : a;
	}
	for (uint32_t i = 0; i < n; i++) {
		int32_t r = g->path[i];

		g->src_at[g->src[r] * g->mid + g->col[r]] = -1;
		g->dst_at[g->dst[r] * g->mid + g->col[r]] = -1;
	}
	for (uint32_t i = 0; i < n; i++)
		put(g, g->path[i], g->col[g->path[i]] == a ? b : a);
}

static void colour(struct colouring *g, int32_t r)
{
	uint32_t a = free_colour(g->src_at, g->src[r], g->mid);
	uint32_t b = free_colour(g->dst_at, g->dst[r], g->mid);

	if (g->dst_at[g->dst[r] * g->mid + a] >= 0)
		swap_path(g, g->dst[r], a, b);
	put(g, r, a);
}

/* node port q's switch and port */
static void edge_of(const struct rcf_kport *m, uint32_t q, uint32_t *sw,
		    uint32_t *port)
{
	*sw = m->per ? q / m->per : 0;
	*port = m->per ? q % m->per : q;
}

/* the requests' edges, each end of a connection used once */
static int check_ends(const struct rcf_kport *m, const struct rcf_coll_circ *c,
		      size_t n, int32_t *owner, char *err, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		const struct rcf_coll_circ *x = &c[i];
		uint32_t end[2][2] = {{x->a, x->pa}, {x->b, x->pb}};

		for (int e = 0; e < 2; e++) {
			uint32_t q = end[e][0] * m->k + end[e][1];

			if (end[e][0] >= m->nodes || end[e][1] >= m->k)
				return rcf_errf(err, len,
						"connection %zu: %u.%u is "
						"not a port of %u nodes of %u",
						i, end[e][0], end[e][1],
						m->nodes, m->k);
			if (owner[q] >= 0 && (size_t)owner[q] == i)
				return rcf_errf(err, len,
						"connection %zu joins port "
						"%u.%u to itself",
						i, end[e][0], end[e][1]);
			if (owner[q] >= 0)
				return rcf_errf(err, len,
						"connection %zu: port %u.%u "
						"is in connection %d too",
						i, end[e][0], end[e][1],
						owner[q]);
			owner[q] = (int32_t)i;
		}
	}
	return 0;
}

static int colouring_alloc(struct colouring *g, const struct rcf_kport *m,
			   size_t nreq)
{
	size_t slots =
		(size_t)(m->edges ? m->edges : 1) * (m->mid ? m->mid : 1);

	memset(g, 0, sizeof(*g));
	g->mid = m->mid;
	g->src_at = malloc(slots * sizeof(*g->src_at));
	g->dst_at = malloc(slots * sizeof(*g->dst_at));
	g->src = malloc((nreq + 1) * sizeof(*g->src));
	g->dst = malloc((nreq + 1) * sizeof(*g->dst));
	g->col = malloc((nreq + 1) * sizeof(*g->col));
	g->path = malloc((nreq + 1) * sizeof(*g->path));
	if (!g->src_at || !g->dst_at || !g->src || !g->dst || !g->col ||
	    !g->path)
		return -1;
	memset(g->src_at, 0xff, slots * sizeof(*g->src_at));
	memset(g->dst_at, 0xff, slots * sizeof(*g->dst_at));
	return 0;
}

static void colouring_free(struct colouring *g)
{
	free(g->src_at);
	free(g->dst_at);
	free(g->src);
	free(g->dst);
	free(g->col);
	free(g->path);
}

int rcf_kport_route(const struct rcf_kport *m, const struct rcf_coll_circ *c,
		    size_t n, struct rcf_kport_circ *out, size_t *nout,
		    char *err, size_t len)
{
	size_t ports = (size_t)m->nodes * m->k, no = 0;
	int32_t *owner = malloc((ports + 1) * sizeof(*owner));
	struct colouring g;
	int rc = -1;

	*nout = 0;
	if (colouring_alloc(&g, m, 2 * n) || !owner) {
		rcf_errf(err, len, "out of memory");
		goto out;
	}
	memset(owner, 0xff, (ports + 1) * sizeof(*owner));
	if (check_ends(m, c, n, owner, err, len))
		goto out;
	/* request 2i runs a -> b, 2i + 1 back */
	for (size_t r = 0; r < 2 * n; r++) {
		const struct rcf_coll_circ *x = &c[r / 2];
		uint32_t qa = x->a * m->k + x->pa, qb = x->b * m->k + x->pb;
		uint32_t from = r % 2 ? qb : qa, to = r % 2 ? qa : qb, p;

		edge_of(m, from, &g.src[r], &p);
		edge_of(m, to, &g.dst[r], &p);
		if (m->per && g.src[r] != g.dst[r])
			colour(&g, (int32_t)r);
	}
	for (size_t r = 0; r < 2 * n; r++) {
		const struct rcf_coll_circ *x = &c[r / 2];
		uint32_t qa = x->a * m->k + x->pa, qb = x->b * m->k + x->pb;
		uint32_t s, d, ps, pd;

		edge_of(m, r % 2 ? qb : qa, &s, &ps);
		edge_of(m, r % 2 ? qa : qb, &d, &pd);
		if (s == d) {
			out[no++] = (struct rcf_kport_circ){s, ps, pd};
			continue;
		}
		out[no++] = (struct rcf_kport_circ){s, ps, m->per + g.col[r]};
		out[no++] = (struct rcf_kport_circ){m->edges + g.col[r], s, d};
		out[no++] = (struct rcf_kport_circ){d, m->per + g.col[r], pd};
	}
	*nout = no;
	rc = 0;
out:
	colouring_free(&g);
	free(owner);
	return rc;
}

/* the node port a switch output is linked to ends a path */
static int at_node(const struct rcf_kport *m, const struct rcf_kport_circ *s)
{
	return !m->per || (s->sw < m->edges && s->out < m->per);
}

int rcf_kport_path_hops(const struct rcf_kport *m,
			const struct rcf_coll_circ *c, int back,
			const struct rcf_kport_circ *sc, size_t nsc, size_t *at,
			uint8_t *hops, size_t max)
{
	size_t n = 1;

	if (!max)
		return -1;
	hops[0] = (uint8_t)(back ? c->pb : c->pa);
	do {
		if (*at == nsc || n == max)
			return -1;
		hops[n++] = (uint8_t)sc[*at].out;
	} while (!at_node(m, &sc[(*at)++]));
	return (int)n;
}
