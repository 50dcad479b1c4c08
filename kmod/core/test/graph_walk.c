// SPDX-License-Identifier: GPL-2.0
/* The graph half of graph_walk.h: daemon/lib's topology and graph. */
#include <stdio.h>

#include <linux/rcf.h>

#include "graph_walk.h"
#include "route/graph.h"

static int add(struct rcf_topo *t, const struct gw_fabric *fab)
{
	struct rcf_obj o, *l;
	size_t i;

	for (i = 0; i < fab->nelem; i++) {
		const struct gw_elem *e = &fab->elem[i];

		if (!(e->kind == RCF_ELEM_NODE
			      ? rcf_topo_node(t, e->id, e->ports)
			      : rcf_topo_switch(t, e->id, e->ports)))
			return -1;
	}
	for (i = 0; i < fab->nlink; i++) {
		const struct gw_link *k = &fab->link[i];

		l = rcf_topo_link(t, k->kind[0], k->elem[0], k->port[0],
				  k->kind[1], k->elem[1], k->port[1]);
		if (!l)
			return -1;
		rcf_set(l, RCF_A_LINK_VCS, k->vcs);
		rcf_set(l, RCF_A_LINK_STATE,
			k->down ? RCF_LINK_DOWN : RCF_LINK_UP);
	}
	for (i = 0; i < fab->ncirc; i++) {
		rcf_obj_init(&o, RCF_K_CIRCUIT);
		rcf_set(&o, RCF_A_CIRCUIT_SWITCH, fab->circ[i].sw);
		rcf_set(&o, RCF_A_CIRCUIT_IN_PORT, fab->circ[i].in);
		rcf_set(&o, RCF_A_CIRCUIT_OUT_PORT, fab->circ[i].out);
		if (!rcf_topo_add(t, &o))
			return -1;
	}
	return 0;
}

int gw_walk(const struct gw_fabric *fab, uint32_t src, const uint8_t *hops,
	    unsigned int nhops, uint32_t *dst, char *err, size_t errlen)
{
	struct rcf_graph *g = NULL;
	struct rcf_topo t;
	int n = -1;

	rcf_topo_init(&t);
	if (add(&t, fab))
		snprintf(err, errlen, "out of memory");
	else
		g = rcf_graph_new(&t, err, errlen);
	if (g)
		n = rcf_graph_walk(g, src, hops, nhops, NULL, 0, dst, err,
				   errlen);
	rcf_graph_destroy(g);
	rcf_topo_free(&t);
	return n;
}
