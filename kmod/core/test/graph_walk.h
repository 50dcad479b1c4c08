/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace half of the route step test: a fabric in plain types,
 * built into daemon/lib's routing graph and a route walked over it, so
 * that a test can hold the graph's walk up against the model's.
 */
#ifndef RCF_GRAPH_WALK_H
#define RCF_GRAPH_WALK_H

#include <stddef.h>
#include <stdint.h>

struct gw_elem {
	uint8_t kind; /* enum rcf_elem_kind */
	uint32_t id, ports;
};

/* link i has id i */
struct gw_link {
	uint8_t kind[2];
	uint32_t elem[2], port[2];
	uint32_t vcs;
	int down;
};

struct gw_circ {
	uint32_t sw, in, out;
};

struct gw_fabric {
	const struct gw_elem *elem;
	const struct gw_link *link;
	const struct gw_circ *circ;
	size_t nelem, nlink, ncirc;
};

/*
 * rcf_graph_walk() of the route from src over the graph of fab: the
 * channels crossed with the node delivered at in *dst, or -1 with the
 * walk's reason in err (or the graph's, when it cannot be built).
 */
int gw_walk(const struct gw_fabric *fab, uint32_t src, const uint8_t *hops,
	    unsigned int nhops, uint32_t *dst, char *err, size_t errlen);

#endif
