// SPDX-License-Identifier: GPL-2.0
/*
 * What the routers of the node-only generators (hypercube, mesh, torus)
 * need to recognise a fabric: a node's neighbours and dense numbering.
 */
#include <stdio.h>

#include "route/nodes_only.h"

/* the node at the far end of (node id, port), or -1 */
int64_t rcf_node_peer(const struct rcf_graph *g, uint32_t id, uint32_t port,
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
int rcf_nodes_dense(const struct rcf_graph *g, char *err, size_t errlen,
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

int rcf_nodes_all_pairs(uint32_t n, struct rcf_routes *s,
			void (*fill)(struct rcf_route_buf *r, const void *arg),
			const void *arg, char *err, size_t errlen)
{
	for (uint32_t src = 0; src < n; src++)
		for (uint32_t dst = 0; dst < n; dst++) {
			struct rcf_route_buf r = {.src = src, .dst = dst};

			if (src == dst)
				continue;
			fill(&r, arg);
			if (rcf_routes_push(s, src, dst, 0, r.hops, r.nhops)) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
		}
	return 0;
}
