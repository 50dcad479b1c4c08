// SPDX-License-Identifier: GPL-2.0
/*
 * Oblivious routing for the node-only generators: e-cube on hypercubes
 * (correct the differing address bits in increasing dimension order) and
 * dimension order on meshes and tori (X first, then Y).  Both recognise
 * the generators' numbering (Documentation/sp1-topologies.rst) and refuse
 * any other fabric.  On a torus each ring gets a dateline (its wrap link):
 * a packet moves to VC 1 on crossing it and stays there in that ring, the
 * construction of Dally and Seitz that breaks the ring's dependency cycle.
 */
#include <stdio.h>
#include <string.h>

#include "route/route.h"

/* the node at the far end of (node id, port), or -1 */
static int64_t peer(const struct rcf_graph *g, uint32_t id, uint32_t port,
		    uint32_t *in)
{
	const struct rcf_gport *p;
	int32_t v = g->node_vertex[id];

	if (port >= g->v[v].nports)
		return -1;
	p = rcf_gport(g, v, port);
	if (p->peer < 0 || g->v[p->peer].kind != RCF_ELEM_NODE)
		return -1;
	*in = p->in_port;
	return g->v[p->peer].id;
}

/* nodes 0 .. n-1 and nothing else */
static int dense_nodes(const struct rcf_graph *g, char *err, size_t errlen,
		       const char *what)
{
	if (g->nv != g->nnodes || !g->nnodes) {
		snprintf(err, errlen, "%s needs a fabric of nodes only", what);
		return -1;
	}
	for (uint32_t i = 0; i < g->nnodes; i++)
		if (g->v[i].id != i) {
			snprintf(err, errlen, "%s needs node ids 0 to %zu",
				 what, g->nnodes - 1);
			return -1;
		}
	return 0;
}

int rcf_route_ecube(const struct rcf_graph *g, const struct rcf_route_opts *o,
		    struct rcf_routes *s, char *err, size_t errlen)
{
	uint32_t dim, n = g->nnodes, in;

	(void)o;
	if (dense_nodes(g, err, errlen, "ecube"))
		return -1;
	dim = g->v[0].nports;
	if (dim > 12 || n != 1u << dim) {
		snprintf(err, errlen,
			 "ecube needs a hypercube: 2^D nodes of D ports "
			 "(hypercube:D)");
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t d = 0; d < dim; d++)
			if (g->v[i].nports != dim ||
			    peer(g, i, d, &in) != (i ^ (1u << d)) || in != d) {
				snprintf(err, errlen,
					 "ecube needs a whole hypercube with "
					 "every link up: node %u port %u does "
					 "not lead to node %u port %u",
					 i, d, i ^ (1u << d), d);
				return -1;
			}
	for (uint32_t src = 0; src < n; src++)
		for (uint32_t dst = 0; dst < n; dst++) {
			struct rcf_route *r;

			if (src == dst)
				continue;
			r = rcf_routes_add(s, src, dst, 0);
			if (!r) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			for (uint32_t d = 0; d < dim; d++)
				if ((src ^ dst) & (1u << d))
					r->hops[r->nhops++] = RCF_HOP(d, 0);
		}
	return 0;
}

struct grid {
	uint32_t x, y;
	int wrap;
};

static int64_t want(const struct grid *m, uint32_t id, uint32_t port)
{
	uint32_t c = id % m->x, r = id / m->x;

	switch (port) {
	case 0:
		return c + 1 < m->x || m->wrap
			       ? (int64_t)(r * m->x + (c + 1) % m->x)
			       : (int64_t)-1;
	case 1:
		return c > 0 || m->wrap
			       ? (int64_t)(r * m->x + (c + m->x - 1) % m->x)
			       : (int64_t)-1;
	case 2:
		return r + 1 < m->y || m->wrap
			       ? (int64_t)(((r + 1) % m->y) * m->x + c)
			       : (int64_t)-1;
	default:
		return r > 0 || m->wrap
			       ? (int64_t)(((r + m->y - 1) % m->y) * m->x + c)
			       : (int64_t)-1;
	}
}

static int recognise(const struct rcf_graph *g, struct grid *m, char *err,
		     size_t errlen)
{
	uint32_t n = g->nnodes, cur = 0, in;
	int64_t next;

	if (dense_nodes(g, err, errlen, "dor"))
		return -1;
	m->wrap = peer(g, 0, 1, &in) >= 0;
	for (m->x = 1; m->x <= n; m->x++, cur = next) {
		next = g->v[cur].nports == 4 ? peer(g, cur, 0, &in)
					     : (int64_t)-1;
		if (next <= 0)
			break;
	}
	m->y = m->x ? n / m->x : 0;
	if (!m->x || m->x > n || m->x * m->y != n)
		goto bad;
	for (uint32_t i = 0; i < n; i++) {
		if (g->v[i].nports != 4)
			goto bad;
		for (uint32_t p = 0; p < 4; p++) {
			int64_t w = want(m, i, p), got = peer(g, i, p, &in);

			if (w != got || (w >= 0 && in != (p ^ 1))) {
				snprintf(err, errlen,
					 "dor needs a whole mesh:XxY or "
					 "torus:XxY with every link up: node "
					 "%u port %u is not as the generator "
					 "wires it",
					 i, p);
				return -1;
			}
		}
	}
	return 0;
bad:
	snprintf(err, errlen,
		 "dor needs a mesh:XxY or torus:XxY fabric (nodes of 4 ports, "
		 "numbered row by row)");
	return -1;
}

/* one dimension: k positions apart out of len, ports plus and plus + 1 */
static void dim_hops(struct rcf_route *r, const struct grid *m, uint32_t from,
		     uint32_t to, uint32_t len, uint32_t plus, int vcs)
{
	uint32_t fwd = (to + len - from) % len, steps, port, pos = from;
	int up, vc = 0;

	if (!m->wrap) {
		up = to > from;
		steps = up ? to - from : from - to;
	} else {
		up = fwd <= len - fwd;
		steps = up ? fwd : len - fwd;
	}
	port = up ? plus : plus + 1;
	for (uint32_t i = 0; i < steps; i++) {
		/* the wrap link is this ring's dateline */
		if (m->wrap && vcs > 1 &&
		    ((up && pos == len - 1) || (!up && pos == 0)))
			vc = 1;
		r->hops[r->nhops++] = RCF_HOP(port, vc);
		pos = up ? (pos + 1) % len : (pos + len - 1) % len;
	}
}

int rcf_route_dor(const struct rcf_graph *g, const struct rcf_route_opts *o,
		  struct rcf_routes *s, char *err, size_t errlen)
{
	struct grid m;
	int vcs;

	if (recognise(g, &m, err, errlen))
		return -1;
	vcs = m.wrap ? (o->vcs ? o->vcs : 2) : 1;
	if (vcs > 2) {
		snprintf(err, errlen, "dor uses 1 or 2 VCs");
		return -1;
	}
	if (m.x / 2 + m.y / 2 > RCF_ROUTE_MAX_HOPS ||
	    (!m.wrap && m.x + m.y - 2 > RCF_ROUTE_MAX_HOPS)) {
		snprintf(err, errlen, "routes would need more than %d bytes",
			 RCF_ROUTE_MAX_HOPS);
		return -1;
	}
	for (uint32_t src = 0; src < g->nnodes; src++)
		for (uint32_t dst = 0; dst < g->nnodes; dst++) {
			struct rcf_route *r;

			if (src == dst)
				continue;
			r = rcf_routes_add(s, src, dst, 0);
			if (!r) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			dim_hops(r, &m, src % m.x, dst % m.x, m.x, 0, vcs);
			dim_hops(r, &m, src / m.x, dst / m.x, m.y, 2, vcs);
		}
	return 0;
}
