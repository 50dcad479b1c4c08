// SPDX-License-Identifier: GPL-2.0
/*
 * E-cube routing on hypercubes: correct the differing address bits in
 * increasing dimension order.  Recognises the numbering of the
 * hypercube:D generator (nodes that relay) and of hcube:D (a switch per
 * node, the node on port D), Documentation/routing.rst, and refuses any
 * other fabric.  Dimensions are taken in one fixed
 * order, so a channel of dimension d only ever waits for one of a higher
 * dimension: the channel dependency graph is acyclic with one VC (Dally
 * and Seitz, "Deadlock-free message routing in multiprocessor
 * interconnection networks", 1987).
 */
#include <stdio.h>

#include "route/nodes_only.h"
#include "route/router.h"

/* RCF_MAX_NODES nodes at most: 2^12 */
#define ECUBE_MAX_DIM 12

struct cube {
	uint32_t dim;
	int switched; /* hcube:D: leave by the node's port, end on port D */
};

/* the differing bits, lowest dimension first */
static void ecube_hops(struct rcf_route_buf *r, const void *arg)
{
	const struct cube *c = arg;

	if (c->switched)
		r->hops[r->nhops++] = RCF_HOP(0, 0);
	for (uint32_t d = 0; d < c->dim; d++)
		if ((r->src ^ r->dst) & (1u << d))
			r->hops[r->nhops++] = RCF_HOP(d, 0);
	if (c->switched)
		r->hops[r->nhops++] = RCF_HOP(c->dim, 0);
}

static int bad_link(char *err, size_t errlen, const char *spec,
		    const char *what, uint32_t i, uint32_t d)
{
	snprintf(err, errlen,
		 "ecube needs a whole %s with every link up: %s %u port %u "
		 "does not lead to %s %u port %u",
		 spec, what, i, d, what, i ^ (1u << d), d);
	return -1;
}

static int nodes_cube(const struct rcf_graph *g, struct cube *c, char *err,
		      size_t errlen)
{
	uint32_t n = g->nnodes, in;

	if (rcf_nodes_dense(g, err, errlen, "ecube"))
		return -1;
	c->dim = g->v[0].nports;
	if (c->dim > ECUBE_MAX_DIM || n != 1u << c->dim) {
		snprintf(err, errlen,
			 "ecube needs a hypercube: 2^D nodes of D ports "
			 "(hypercube:D), or 2^D switches of D + 1 ports, "
			 "each with its node (hcube:D)");
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t d = 0; d < c->dim; d++)
			if (g->v[i].nports != c->dim ||
			    rcf_node_peer(g, i, d, &in) != (i ^ (1u << d)) ||
			    in != d)
				return bad_link(err, errlen, "hypercube:D",
						"node", i, d);
	return 0;
}

/* switch i's vertex, or -1: switches follow the nodes, by id */
static int64_t sw_vertex(const struct rcf_graph *g, uint32_t i)
{
	size_t v = g->nnodes + i;

	if (v >= g->nv || g->v[v].kind != RCF_ELEM_SWITCH || g->v[v].id != i)
		return -1;
	return (int64_t)v;
}

static int switch_cube(const struct rcf_graph *g, struct cube *c, char *err,
		       size_t errlen)
{
	uint32_t n = g->nnodes;
	int64_t s0 = sw_vertex(g, 0);

	c->switched = 1;
	c->dim = s0 < 0 ? 0 : g->v[s0].nports - 1;
	if (s0 < 0 || !c->dim || c->dim > ECUBE_MAX_DIM || n != 1u << c->dim ||
	    g->nv != 2 * (size_t)n)
		goto bad;
	for (uint32_t i = 0; i < n; i++) {
		int64_t s = sw_vertex(g, i);
		const struct rcf_gport *p;

		if (g->v[i].id != i || g->v[i].nports != 1 || s < 0 ||
		    g->v[s].nports != c->dim + 1)
			goto bad;
		p = rcf_gport(g, i, 0);
		if (p->peer != s || p->in_port != c->dim)
			goto bad;
		for (uint32_t d = 0; d < c->dim; d++) {
			p = rcf_gport(g, (uint32_t)s, d);
			if (p->peer != (int32_t)(n + (i ^ (1u << d))) ||
			    p->in_port != d)
				return bad_link(err, errlen, "hcube:D",
						"switch", i, d);
		}
	}
	return 0;
bad:
	snprintf(err, errlen,
		 "ecube needs a hypercube: hcube:D (2^D switches of D + 1 "
		 "ports, node i on the last port of switch i) or hypercube:D");
	return -1;
}

static int ecube_compute(const struct rcf_route_in *rin,
			 const struct rcf_route_conf *conf,
			 struct rcf_routes *s, char *err, size_t errlen)
{
	const struct rcf_graph *g = rin->g;
	struct cube c = {0};

	(void)conf;
	if (g->nv == g->nnodes ? nodes_cube(g, &c, err, errlen)
			       : switch_cube(g, &c, err, errlen))
		return -1;
	return rcf_nodes_all_pairs(g->nnodes, s, ecube_hops, &c, err, errlen);
}

const struct rcf_router rcf_router_ecube = {
	.name = "ecube",
	.help = "e-cube on a whole hypercube:D or hcube:D",
	.compute = ecube_compute,
};
