// SPDX-License-Identifier: GPL-2.0
/*
 * PRDT and RDT fabrics: one switch per node, the node on the switch's
 * last port, four ports per rank the switch takes part in (slot s: 4s +X,
 * 4s + 1 -X, 4s + 2 +Y, 4s + 3 -Y).  Ids are y * S + x for both.
 */
#include <stdio.h>

#include "topo/rdt.h"
#include "topo/topo_gen.h"
#include "util/errf.h"

int rcf_rdt_fits(const struct rcf_rdt *d, char *err, size_t errlen)
{
	uint64_t routers = (uint64_t)d->side * d->side,
		 links = routers * (1 + 2 * (d->m + 1));

	if (routers > RCF_MAX_NODES)
		return rcf_errf(err, errlen, "%llu nodes, at most %d",
				(unsigned long long)routers, RCF_MAX_NODES);
	if (rcf_rdt_ports(d) > RCF_SWITCH_MAX_PORTS)
		return rcf_errf(err, errlen,
				"%u ports per switch (4 per rank and the "
				"node's), at most %d: m + 1 ranks <= %d",
				rcf_rdt_ports(d), RCF_SWITCH_MAX_PORTS,
				(RCF_SWITCH_MAX_PORTS - 1) / 4);
	if (links > RCF_MAX_LINKS)
		return rcf_errf(err, errlen, "%llu links, at most %d",
				(unsigned long long)links, RCF_MAX_LINKS);
	return 0;
}

int rcf_gen_rdt(struct rcf_topo *t, const struct rcf_rdt *d)
{
	uint32_t routers = d->side * d->side, np = rcf_rdt_ports(d);

	t->shape = (struct rcf_topo_shape){RCF_SHAPE_RDT, d->side, 0, 0};
	for (uint32_t i = 0; i < routers; i++)
		if (!rcf_topo_node(t, i, 1) || !rcf_topo_switch(t, i, np))
			return -1;
	for (uint32_t i = 0; i < routers; i++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, i,
				   np - 1))
			return -1;
	for (uint32_t i = 0; i < routers; i++) {
		uint32_t ranks[RCF_RDT_MAX_RANK + 1],
			k = rcf_rdt_ranks(d, i, ranks);

		/* each link once, from its + end */
		for (uint32_t s = 0; s < k; s++) {
			for (unsigned int dir = RCF_RDT_XP; dir < RCF_RDT_DIRS;
			     dir += 2) {
				uint32_t j = rcf_rdt_step(d, i, ranks[s], dir);
				int sj = rcf_rdt_slot(d, j, ranks[s]);

				if (sj < 0 ||
				    !rcf_topo_link(t, RCF_ELEM_SWITCH, i,
						   4 * s + dir, RCF_ELEM_SWITCH,
						   j,
						   4 * (uint32_t)sj + dir + 1))
					return -1;
			}
		}
	}
	return 0;
}
