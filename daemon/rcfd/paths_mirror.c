// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's fabric as the switch controllers see it (§II B): every
 * switch has a controller, every node whose data link (port 0) ends at a
 * switch is one of that switch's processors, and every link between two
 * switches is a line.  The model numbers its crossbar ports (processors
 * first, then one per line); the map turns them back into the fabric's
 * switch ports when a path is made.  A fabric the model cannot hold is
 * refused whole, saying why: half a mirror would grant paths the
 * controllers cannot break.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/topo.h"
#include "paths.h"

static const struct rcf_end *end_at(const struct rcf_obj *l, int k)
{
	return &l->end[k];
}

int rcfd_pmap_sw(const struct swc_net *n, const struct rcfd_pmap *m,
		 uint32_t id)
{
	for (int s = 0; s < n->nsw; s++)
		if (m->sw_id[s] == id)
			return s;
	return -1;
}

int rcfd_pmap_gid(const struct swc_net *n, const struct rcfd_pmap *m,
		  uint32_t node)
{
	for (int s = 0; s < n->nsw; s++)
		for (int i = 0; i < n->sw[s].nproc; i++)
			if (m->node[swc_gid(s, i)] == node)
				return swc_gid(s, i);
	return -1;
}

int rcfd_pmap_line(const struct swc_net *n, const struct rcfd_pmap *m,
		   uint32_t link)
{
	for (int l = 0; l < n->nline; l++)
		if (m->link[l] == link)
			return l;
	return -1;
}

static int by_id(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

int rcfd_pmap_add_switch(struct swc_net *n, struct rcfd_pmap *m, uint32_t id,
			 char *err, size_t errlen)
{
	int s;

	if (rcfd_pmap_sw(n, m, id) >= 0)
		return 1;
	s = swc_add_switch(n, 0);
	if (s < 0) {
		snprintf(err, errlen,
			 "switch %u: the switch controllers hold at most %d "
			 "switches",
			 id, SWC_MAX_SW);
		return -1;
	}
	m->sw_id[s] = id;
	memset(m->port[s], 0xff, sizeof(m->port[s]));
	return 0;
}

/* node port 0 on switch port: one more processor */
static int add_proc(struct swc_net *n, struct rcfd_pmap *m, uint32_t node,
		    uint32_t link, const struct rcf_end *at, char *err,
		    size_t errlen)
{
	int s = rcfd_pmap_sw(n, m, at->id), gid;

	if (s < 0)
		return 1;
	if (rcfd_pmap_gid(n, m, node) >= 0)
		return 1;
	gid = swc_add_proc(n, s);
	if (gid < 0) {
		snprintf(err, errlen,
			 "switch %u has more than %d nodes: a controller "
			 "polls at most %d processors",
			 at->id, SWC_MAX_PROC, SWC_MAX_PROC);
		return -1;
	}
	m->node[gid] = node;
	m->plink[gid] = link;
	m->port[s][gid % SWC_MAX_PROC] = (uint8_t)at->port;
	return 0;
}

int rcfd_pmap_add_link(struct swc_net *n, struct rcfd_pmap *m,
		       const struct rcf_obj *o, char *err, size_t errlen)
{
	const struct rcf_end *a = end_at(o, 0), *b = end_at(o, 1);
	uint32_t id = (uint32_t)o->v[RCF_A_LINK_ID];
	int sa, sb, l;

	if (a->kind == RCF_ELEM_NODE && b->kind == RCF_ELEM_SWITCH && !a->port)
		return add_proc(n, m, a->id, id, b, err, errlen);
	if (b->kind == RCF_ELEM_NODE && a->kind == RCF_ELEM_SWITCH && !b->port)
		return add_proc(n, m, b->id, id, a, err, errlen);
	if (a->kind != RCF_ELEM_SWITCH || b->kind != RCF_ELEM_SWITCH)
		return 1;
	sa = rcfd_pmap_sw(n, m, a->id);
	sb = rcfd_pmap_sw(n, m, b->id);
	if (sa < 0 || sb < 0 || rcfd_pmap_line(n, m, id) >= 0)
		return 1;
	if (sa == sb) {
		snprintf(err, errlen,
			 "link %u joins switch %u to itself: the controllers' "
			 "lines join two switches",
			 id, a->id);
		return -1;
	}
	l = swc_add_line(n, sa, sb);
	if (l < 0) {
		snprintf(err, errlen,
			 "link %u: the switch controllers hold at most %d "
			 "lines between switches",
			 id, SWC_MAX_LINE);
		return -1;
	}
	m->link[l] = id;
	m->port[sa][SWC_PORT_LINE(l)] = (uint8_t)a->port;
	m->port[sb][SWC_PORT_LINE(l)] = (uint8_t)b->port;
	return 0;
}

/* the switch that node's port 0 links to, or NULL */
static const struct rcf_obj *data_link(const struct rcf_topo *t, uint32_t node)
{
	const struct rcf_objv *v = &t->v[RCF_K_LINK];

	for (size_t i = 0; i < v->n; i++)
		for (int k = 0; k < 2; k++)
			if (v->o[i].end[k].kind == RCF_ELEM_NODE &&
			    v->o[i].end[k].id == node && !v->o[i].end[k].port &&
			    v->o[i].end[!k].kind == RCF_ELEM_SWITCH)
				return &v->o[i];
	return NULL;
}

static uint32_t *sorted_ids(const struct rcf_objv *v, int attr)
{
	uint32_t *ids = malloc((v->n + 1) * sizeof(*ids));

	if (!ids)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		ids[i] = (uint32_t)v->o[i].v[attr];
	qsort(ids, v->n, sizeof(*ids), by_id);
	return ids;
}

static int by_link_id(const void *a, const void *b)
{
	const struct rcf_obj *x = *(const struct rcf_obj *const *)a;
	const struct rcf_obj *y = *(const struct rcf_obj *const *)b;

	return by_id(&(uint32_t){(uint32_t)x->v[RCF_A_LINK_ID]},
		     &(uint32_t){(uint32_t)y->v[RCF_A_LINK_ID]});
}

static int build(struct swc_net *n, struct rcfd_pmap *m,
		 const struct rcf_topo *t, uint32_t *sw, uint32_t *nodes,
		 const struct rcf_obj **lk, char *err, size_t errlen)
{
	const struct rcf_objv *links = &t->v[RCF_K_LINK];
	size_t i;

	for (i = 0; i < t->v[RCF_K_SWITCH].n; i++)
		if (rcfd_pmap_add_switch(n, m, sw[i], err, errlen) < 0)
			return -1;
	for (i = 0; i < t->v[RCF_K_NODE].n; i++) {
		const struct rcf_obj *l = data_link(t, nodes[i]);
		int k;

		if (!l) {
			snprintf(err, errlen,
				 "node %u has no data link to a switch (port "
				 "0): every processor is polled by a switch's "
				 "controller",
				 nodes[i]);
			return -1;
		}
		k = l->end[0].kind == RCF_ELEM_NODE ? 1 : 0;
		if (add_proc(n, m, nodes[i], (uint32_t)l->v[RCF_A_LINK_ID],
			     &l->end[k], err, errlen) < 0)
			return -1;
	}
	/* lines in link id order: equal routes go by the lower line */
	for (i = 0; i < links->n; i++)
		if (rcfd_pmap_add_link(n, m, lk[i], err, errlen) < 0)
			return -1;
	for (i = 0; i < links->n; i++) {
		const struct rcf_obj *o = &links->o[i];
		int l = rcfd_pmap_line(n, m, (uint32_t)o->v[RCF_A_LINK_ID]);

		if (l >= 0 && rcf_has(o, RCF_A_LINK_STATE) &&
		    o->v[RCF_A_LINK_STATE] == RCF_LINK_DOWN)
			swc_fail_line(n, l);
	}
	return 0;
}

int rcfd_pmap_build(struct swc_net *n, struct rcfd_pmap *m,
		    const struct rcf_topo *t, char *err, size_t errlen)
{
	const struct rcf_objv *links = &t->v[RCF_K_LINK];
	const struct rcf_obj **lk;
	uint32_t *sw, *nodes;
	int rc = -1;

	memset(m, 0xff, sizeof(*m));
	if (t->v[RCF_K_SWITCH].n > SWC_MAX_SW) {
		snprintf(err, errlen,
			 "the fabric has %zu switches: the switch controllers "
			 "hold at most %d",
			 t->v[RCF_K_SWITCH].n, SWC_MAX_SW);
		return -1;
	}
	sw = sorted_ids(&t->v[RCF_K_SWITCH], RCF_A_SWITCH_ID);
	nodes = sorted_ids(&t->v[RCF_K_NODE], RCF_A_NODE_ID);
	lk = malloc((links->n + 1) * sizeof(*lk));
	if (lk) {
		for (size_t i = 0; i < links->n; i++)
			lk[i] = &links->o[i];
		qsort(lk, links->n, sizeof(*lk), by_link_id);
	}
	if (!sw || !nodes || !lk)
		snprintf(err, errlen, "out of memory");
	else
		rc = build(n, m, t, sw, nodes, lk, err, errlen);
	free(sw);
	free(nodes);
	free(lk);
	return rc;
}

unsigned int rcfd_pmap_hops(const struct rcfd_pmap *m,
			    const struct swc_hop *hop, int nhop, uint8_t *hops)
{
	unsigned int k = 0;

	/* the master's data link, on VC 0 all the way */
	hops[k++] = RCF_HOP(0, 0);
	for (int i = 0; i < nhop; i++)
		hops[k++] = RCF_HOP(m->port[hop[i].sw][hop[i].out], 0);
	return k;
}
