// SPDX-License-Identifier: GPL-2.0
/*
 * Dimension order routing on meshes and tori (X first, then Y).
 * Recognises the mesh:XxY and torus:XxY generators' numbering
 * (Documentation/sp1-topologies.rst) and refuses any other fabric.  On a
 * torus each ring gets a dateline (its wrap link): a packet moves to VC 1
 * on crossing it and stays there in that ring, the construction of Dally
 * and Seitz that breaks the ring's dependency cycle.  A destination
 * half way round a ring goes "+" unless tie-seed asks for a seeded coin.
 */
#include <stdio.h>

#include "route/nodes_only.h"
#include "route/router.h"

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

	if (rcf_nodes_dense(g, err, errlen, "dor"))
		return -1;
	m->wrap = rcf_node_peer(g, 0, 1, &in) >= 0;
	for (m->x = 1; m->x <= n; m->x++, cur = next) {
		next = g->v[cur].nports == 4 ? rcf_node_peer(g, cur, 0, &in)
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
			int64_t w = want(m, i, p),
				got = rcf_node_peer(g, i, p, &in);

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

/*
 * A ring's two halves of equal length: "+" without a seed, else a coin
 * of the seed, the pair and the dimension (splitmix64's finaliser), so
 * the same seed gives the same routes and no state is kept.
 */
static int tie_up(uint64_t seed, const struct rcf_route_buf *r, uint32_t plus)
{
	uint64_t z = seed * 0x9e3779b97f4a7c15ULL ^
		     ((uint64_t)r->src << 32 | r->dst) ^ (uint64_t)plus << 62;

	if (!seed)
		return 1;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (int)((z ^ (z >> 31)) & 1);
}

/* one dimension: k positions apart out of len, ports plus and plus + 1 */
static void dim_hops(struct rcf_route_buf *r, const struct grid *m,
		     uint32_t from, uint32_t to, uint32_t len, uint32_t plus,
		     int vcs, uint64_t seed)
{
	uint32_t fwd = (to + len - from) % len, steps, port, pos = from;
	int up, vc = 0;

	if (!m->wrap) {
		up = to > from;
		steps = up ? to - from : from - to;
	} else {
		up = fwd < len - fwd ||
		     (fwd == len - fwd && tie_up(seed, r, plus));
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

struct dor {
	struct grid m;
	int vcs;
	uint64_t seed; /* ties on a ring: 0 "+", else random */
};

/* X, then Y */
static void dor_hops(struct rcf_route_buf *r, const void *arg)
{
	const struct dor *o = arg;
	const struct grid *m = &o->m;

	dim_hops(r, m, r->src % m->x, r->dst % m->x, m->x, 0, o->vcs, o->seed);
	dim_hops(r, m, r->src / m->x, r->dst / m->x, m->y, 2, o->vcs, o->seed);
}

static int dor_compute(const struct rcf_route_in *in,
		       const struct rcf_route_conf *c, struct rcf_routes *s,
		       char *err, size_t errlen)
{
	const struct rcf_graph *g = in->g;
	struct dor o;
	const struct grid *m = &o.m;

	if (recognise(g, &o.m, err, errlen))
		return -1;
	o.vcs = m->wrap ? (int)c->v[0] : 1;
	o.seed = c->v[1];
	if (m->x / 2 + m->y / 2 > RCF_ROUTE_MAX_HOPS ||
	    (!m->wrap && m->x + m->y - 2 > RCF_ROUTE_MAX_HOPS)) {
		snprintf(err, errlen, "routes would need more than %d bytes",
			 RCF_ROUTE_MAX_HOPS);
		return -1;
	}
	return rcf_nodes_all_pairs(g->nnodes, s, dor_hops, &o, err, errlen);
}

static const struct rcf_router_opt dor_opts[] = {
	{"vcs", "1|2", "on a torus: 2 for the dateline, 1 for one VC",
	 RCF_ROPT_NUM, 1, 2, 2},
	{"tie-seed", "N",
	 "on a torus, a destination half way round a ring: 0 goes \"+\", "
	 "N picks + or - per pair at random from seed N",
	 RCF_ROPT_NUM, 0, UINT32_MAX, 0},
};

const struct rcf_router rcf_router_dor = {
	.name = "dor",
	.help = "dimension order on a whole mesh:XxY or torus:XxY",
	.opts = dor_opts,
	.nopts = 2,
	.walk_hint = "a torus needs vcs 2 on every link for the dateline "
		     "(rcfctl link set L vcs 2), or --vcs 1",
	.compute = dor_compute,
};
