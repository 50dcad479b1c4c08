// SPDX-License-Identifier: GPL-2.0
/*
 * Loads a sim_fabric into the core's model, as rcfctl's requests would
 * build it in rcf.ko: the same objects, the same checks.
 */
#include <string.h>

#include "model_load.h"

static int add_elem(struct rcf_fabric *m, const struct sim_elem *x,
		    struct rcf_err *e)
{
	if (x->kind == RCF_ELEM_NODE) {
		struct rcf_node_cfg c = {.id = x->id,
					 .has_id = true,
					 .ports = x->ports,
					 .has_ports = true};

		return rcf_node_add(m, &c, e);
	}
	struct rcf_switch_cfg c = {.id = x->id,
				   .has_id = true,
				   .ports = x->ports,
				   .has_ports = true,
				   .cq_size = x->cq,
				   .has_cq_size = x->cq != 0};

	return rcf_switch_add(m, &c, e);
}

/* 0 in a parameter leaves the model's default */
static int add_link(struct rcf_fabric *m, const struct sim_link *l,
		    struct rcf_err *e)
{
	struct rcf_link_cfg c = {.id = l->id, .has_id = true};

	c.a = (struct rcf_end){l->kind[0], l->elem[0], l->port[0]};
	c.b = (struct rcf_end){l->kind[1], l->elem[1], l->port[1]};
	c.bandwidth = l->bandwidth;
	c.latency = l->latency;
	c.vcs = l->vcs;
	c.buf_size = l->buf_size;
	c.set = (l->bandwidth ? RCF_LSET_BANDWIDTH : 0) |
		(l->latency ? RCF_LSET_LATENCY : 0) |
		(l->vcs ? RCF_LSET_VCS : 0) | (l->buf_size ? RCF_LSET_BUF : 0);
	if (l->down) {
		c.state = RCF_LINK_DOWN;
		c.set |= RCF_LSET_STATE;
	}
	return rcf_link_add(m, &c, e);
}

int sim_model_add(struct rcf_fabric *m, const struct sim_fabric *f,
		  bool circuits, struct rcf_err *e)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < f->nelem; i++)
		rc = add_elem(m, &f->elem[i], e);
	for (size_t i = 0; !rc && i < f->nlink; i++)
		rc = add_link(m, &f->link[i], e);
	for (size_t i = 0; circuits && !rc && i < f->ncirc; i++) {
		struct rcf_circuit c = {.sw = f->circ[i].sw,
					.in_port = f->circ[i].in_port,
					.out_port = f->circ[i].out_port};

		rc = rcf_circuit_add(m, &c, e);
	}
	return rc;
}

int sim_model_add_routes(struct rcf_fabric *m, const struct sim_fabric *f,
			 struct rcf_err *e)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < f->nroute; i++) {
		struct rcf_route r = {.src = f->route[i].src,
				      .dst = f->route[i].dst,
				      .nhops = f->route[i].nhops};

		memcpy(r.hops, f->route[i].hops, r.nhops);
		rc = rcf_route_add(m, &r, f->route[i].index, e);
	}
	return rc;
}
