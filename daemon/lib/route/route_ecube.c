// SPDX-License-Identifier: GPL-2.0
/*
 * E-cube routing on hypercubes: correct the differing address bits in
 * increasing dimension order.  Recognises the hypercube:D generator's
 * numbering (Documentation/sp1-topologies.rst) and refuses any other
 * fabric.
 */
#include <stdio.h>

#include "route/nodes_only.h"
#include "route/router.h"

/* the differing bits, lowest dimension first */
static void ecube_hops(struct rcf_route_buf *r, const void *arg)
{
	uint32_t dim = *(const uint32_t *)arg;

	for (uint32_t d = 0; d < dim; d++)
		if ((r->src ^ r->dst) & (1u << d))
			r->hops[r->nhops++] = RCF_HOP(d, 0);
}

static int ecube_compute(const struct rcf_route_in *rin,
			 const struct rcf_route_conf *c, struct rcf_routes *s,
			 char *err, size_t errlen)
{
	const struct rcf_graph *g = rin->g;
	uint32_t dim, n = g->nnodes, in;

	(void)c;
	if (rcf_nodes_dense(g, err, errlen, "ecube"))
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
			    rcf_node_peer(g, i, d, &in) != (i ^ (1u << d)) ||
			    in != d) {
				snprintf(err, errlen,
					 "ecube needs a whole hypercube with "
					 "every link up: node %u port %u does "
					 "not lead to node %u port %u",
					 i, d, i ^ (1u << d), d);
				return -1;
			}
	return rcf_nodes_all_pairs(n, s, ecube_hops, &dim, err, errlen);
}

const struct rcf_router rcf_router_ecube = {
	.name = "ecube",
	.help = "e-cube on a whole hypercube:D",
	.compute = ecube_compute,
};
