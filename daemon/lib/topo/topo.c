// SPDX-License-Identifier: GPL-2.0
/* The in-memory fabric: building, sorting, flattening to operations. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "out/fmt.h"
#include "topo/topo.h"
#include "util/grow.h"

void rcf_topo_init(struct rcf_topo *t)
{
	memset(t, 0, sizeof(*t));
	rcf_obj_init(&t->fabric, RCF_K_FABRIC);
}

void rcf_topo_free(struct rcf_topo *t)
{
	for (int k = 0; k < RCF_K_NR; k++)
		free(t->v[k].o);
	rcf_topo_init(t);
}

struct rcf_obj *rcf_topo_add(struct rcf_topo *t, const struct rcf_obj *o)
{
	struct rcf_objv *v = &t->v[o->kind];

	struct rcf_obj *p = rcf_grow(v->o, v->n, &v->cap, sizeof(*p), 64);

	if (!p)
		return NULL;
	v->o = p;
	v->o[v->n] = *o;
	return &v->o[v->n++];
}

int rcf_topo_collect(uint8_t cmd, const struct rcf_obj *o, void *topo)
{
	(void)cmd;
	if (o->kind == RCF_K_FABRIC)
		return 0;
	return rcf_topo_add(topo, o) ? 0 : -ENOMEM;
}

struct rcf_obj *rcf_topo_node(struct rcf_topo *t, uint32_t id, uint32_t ports)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_NODE);
	rcf_set(&o, RCF_A_NODE_ID, id);
	rcf_set(&o, RCF_A_NODE_PORTS, ports);
	return rcf_topo_add(t, &o);
}

struct rcf_obj *rcf_topo_switch(struct rcf_topo *t, uint32_t id, uint32_t ports)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_SWITCH);
	rcf_set(&o, RCF_A_SWITCH_ID, id);
	rcf_set(&o, RCF_A_SWITCH_PORTS, ports);
	return rcf_topo_add(t, &o);
}

struct rcf_obj *rcf_topo_link(struct rcf_topo *t, uint8_t ka, uint32_t ida,
			      uint32_t pa, uint8_t kb, uint32_t idb,
			      uint32_t pb)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_LINK);
	rcf_set(&o, RCF_A_LINK_ID, t->v[RCF_K_LINK].n);
	rcf_obj_set_end(&o, 0, ka, ida, pa);
	rcf_obj_set_end(&o, 1, kb, idb, pb);
	return rcf_topo_add(t, &o);
}

static int cmp(const void *a, const void *b)
{
	return rcf_obj_cmp_key(a, b);
}

void rcf_topo_sort(struct rcf_topo *t)
{
	for (int k = 0; k < RCF_K_NR; k++)
		if (t->v[k].n)
			qsort(t->v[k].o, t->v[k].n, sizeof(struct rcf_obj),
			      cmp);
}

int rcf_topo_equal(const struct rcf_topo *a, const struct rcf_topo *b)
{
	if (!rcf_obj_equal(&a->fabric, &b->fabric))
		return 0;
	for (int k = 0; k < RCF_K_NR; k++) {
		if (a->v[k].n != b->v[k].n)
			return 0;
		for (size_t i = 0; i < a->v[k].n; i++)
			if (!rcf_obj_equal(&a->v[k].o[i], &b->v[k].o[i]))
				return 0;
	}
	return 1;
}

int rcf_topo_ops(const struct rcf_topo *t, struct rcf_op **ops, size_t *n)
{
	size_t total = rcf_has_any(&t->fabric) ? 1 : 0, i = 0;
	struct rcf_op *p;

	for (int k = 0; k < RCF_K_NR; k++)
		total += t->v[k].n;
	p = calloc(total ? total : 1, sizeof(*p));
	if (!p)
		return -1;
	if (rcf_has_any(&t->fabric)) {
		p[i].cmd = RCF_CMD_FABRIC_SET;
		p[i++].o = t->fabric;
	}
	for (int k = RCF_K_NODE; k < RCF_K_NR; k++) {
		for (size_t j = 0; j < t->v[k].n; j++) {
			p[i].cmd = rcf_cmd(k, RCF_V_NEW);
			p[i++].o = t->v[k].o[j];
		}
	}
	*ops = p;
	*n = total;
	return 0;
}

void rcf_topo_write(FILE *f, const struct rcf_topo *t, const char *comment)
{
	if (comment)
		fprintf(f, "# %s\n", comment);
	if (rcf_has_any(&t->fabric))
		rcf_print_batch(f, &t->fabric);
	for (int k = RCF_K_NODE; k < RCF_K_NR; k++)
		for (size_t j = 0; j < t->v[k].n; j++)
			rcf_print_batch(f, &t->v[k].o[j]);
}
