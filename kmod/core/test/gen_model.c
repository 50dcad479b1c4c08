// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "gen_model.h"

int gen_model_fabric(struct rcf_fabric *f, const struct gen_fabric *g,
		     const struct gen_params *p, struct rcf_err *e)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < g->nelem && !rc; i++) {
		const struct gen_elem *x = &g->elem[i];

		if (x->kind == RCF_ELEM_NODE) {
			struct rcf_node_cfg n = {.id = x->id,
						 .has_id = true,
						 .ports = x->ports,
						 .has_ports = true};

			rc = rcf_node_add(f, &n, e);
		} else {
			struct rcf_switch_cfg s = {.id = x->id,
						   .has_id = true,
						   .ports = x->ports,
						   .has_ports = true,
						   .cq_size = p->cq,
						   .has_cq_size = p->cq != 0};

			rc = rcf_switch_add(f, &s, e);
		}
	}
	for (i = 0; i < g->nlink && !rc; i++) {
		const struct gen_link *l = &g->link[i];
		struct rcf_link_cfg k = {.id = l->id,
					 .has_id = true,
					 .bandwidth = p->bw,
					 .latency = p->lat,
					 .vcs = p->vcs,
					 .buf_size = p->buf};

		k.a = (struct rcf_end){l->kind[0], l->elem[0], l->port[0]};
		k.b = (struct rcf_end){l->kind[1], l->elem[1], l->port[1]};
		k.set = RCF_LSET_BANDWIDTH | RCF_LSET_LATENCY | RCF_LSET_VCS |
			RCF_LSET_BUF;
		rc = rcf_link_add(f, &k, e);
	}
	return rc;
}

int gen_model_routes(struct rcf_fabric *f, const struct gen_fabric *g,
		     struct rcf_err *e)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < g->nroute && !rc; i++) {
		struct rcf_route r = {.src = g->route[i].src,
				      .dst = g->route[i].dst,
				      .nhops = g->route[i].nhops};

		memcpy(r.hops, g->route[i].hops, r.nhops);
		rc = rcf_route_add(f, &r, g->route[i].index, e);
	}
	return rc;
}

int gen_model_rels(struct rcf_fabric *f, const struct gen_rel *r, size_t n,
		   u32 nodes, struct rcf_err *e)
{
	struct rcf_rel_ent *ents = calloc(nodes + 1, sizeof(*ents));
	size_t i = 0;
	int rc = 0;

	if (!ents)
		return -ENOMEM;
	while (i < n && !rc) {
		u32 sw = r[i].sw, m = 0, k;

		for (; i < n && r[i].sw == sw && m < nodes; i++, m++) {
			ents[m].dst = r[i].dst;
			ents[m].n = r[i].n;
			for (k = 0; k < r[i].n; k++) {
				ents[m].c[k].hop = r[i].hop[k];
				ents[m].c[k].cls = r[i].cls[k];
				ents[m].c[k].in = r[i].in[k];
				ents[m].c[k].vin = r[i].vin[k];
				ents[m].c[k].keep = r[i].keep[k];
			}
		}
		rc = rcf_rel_set(f, sw, ents, m, e);
	}
	free(ents);
	return rc;
}
