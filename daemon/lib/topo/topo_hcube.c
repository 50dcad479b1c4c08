// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercube of switches: switch i for node i (the same id), its port
 * d joining switch i ^ 2^d on port d, the node on the last port, D, as on
 * a PRDT.  hypercube:D has the same graph with nodes that relay for each
 * other; here every hop is a switch's, so its latency compares with the
 * other switched fabrics' (Documentation/rdt.rst, The study at 32x32).
 */
#include "topo/topo_gen.h"

int rcf_gen_hcube(struct rcf_topo *t, uint32_t dim)
{
	uint32_t n = 1u << dim;

	t->shape = (struct rcf_topo_shape){RCF_SHAPE_HYPERCUBE, dim, 0, 0};
	for (uint32_t i = 0; i < n; i++)
		if (!rcf_topo_node(t, i, 1) || !rcf_topo_switch(t, i, dim + 1))
			return -1;
	for (uint32_t i = 0; i < n; i++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, i,
				   dim))
			return -1;
	/* each link once, from the end whose bit d is clear */
	for (uint32_t d = 0; d < dim; d++)
		for (uint32_t i = 0; i < n; i++)
			if (!(i & (1u << d)) &&
			    !rcf_topo_link(t, RCF_ELEM_SWITCH, i, d,
					   RCF_ELEM_SWITCH, i | (1u << d), d))
				return -1;
	return 0;
}
