/* SPDX-License-Identifier: GPL-2.0 */
/* Fabrics of nodes only, as the hypercube, mesh and torus generators make. */
#ifndef RCF_NODES_ONLY_H
#define RCF_NODES_ONLY_H

#include "route/route.h"

/* the node at the far end of (node id, port), or -1; *in its port */
int64_t rcf_node_peer(const struct rcf_graph *g, uint32_t id, uint32_t port,
		      uint32_t *in);
/* nodes 0 .. n-1 and nothing else; -1 with why (naming what) otherwise */
int rcf_nodes_dense(const struct rcf_graph *g, char *err, size_t errlen,
		    const char *what);

/* a pair's route as fill writes it, hop after hop */
struct rcf_route_buf {
	uint32_t src, dst;
	unsigned int nhops;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
};

/*
 * A route (index 0) for every ordered pair of nodes 0 .. n-1, its hops
 * written by fill; 0, or -1 when out of memory (err says so).
 */
int rcf_nodes_all_pairs(uint32_t n, struct rcf_routes *s,
			void (*fill)(struct rcf_route_buf *r, const void *arg),
			const void *arg, char *err, size_t errlen);

#endif
