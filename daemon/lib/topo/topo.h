/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A whole fabric held in memory: what generators build, what topology
 * files hold, and what rcfctl topo save reads back from the kernel.
 */
#ifndef RCF_TOPO_H
#define RCF_TOPO_H

#include <stdio.h>

#include "obj/rcf_obj.h"

struct rcf_objv {
	struct rcf_obj *o;
	size_t n, cap;
};

/*
 * What a generator built, for pictures (lib/draw/): the structure is the
 * generator's to tell, a drawing should not have to find it again in
 * the graph.  Files and dumps have none (RCF_SHAPE_NONE).
 */
enum rcf_shape_kind {
	RCF_SHAPE_NONE,
	RCF_SHAPE_RING,	     /* a: nodes */
	RCF_SHAPE_GRID,	     /* a x b nodes, id = row * a + col; wrap */
	RCF_SHAPE_HYPERCUBE, /* a: dimension; nodes, or a switch per node */
	RCF_SHAPE_SP1,	     /* a: nodes (topo_sp1.c's boards) */
	RCF_SHAPE_RDT,	     /* a x a routers (topo_rdt.c's ports) */
	RCF_SHAPE_SUPERNODE, /* a: nodes on the crossbar switches */
	RCF_SHAPE_LEVELS,    /* switches in levels by distance from nodes */
};

struct rcf_topo_shape {
	enum rcf_shape_kind kind;
	uint32_t a, b;
	int wrap;
};

struct rcf_topo {
	struct rcf_obj fabric; /* no attribute: no fabric settings */
	struct rcf_objv v[RCF_K_NR];
	struct rcf_topo_shape shape;
};

void rcf_topo_init(struct rcf_topo *t);
void rcf_topo_free(struct rcf_topo *t);
/* appends a copy; returns it, or NULL when out of memory */
struct rcf_obj *rcf_topo_add(struct rcf_topo *t, const struct rcf_obj *o);
/*
 * A dump callback (rcf_nl_dump) that copies every object but the
 * fabric's own into the struct rcf_topo at topo; -ENOMEM stops the dump.
 */
int rcf_topo_collect(uint8_t cmd, const struct rcf_obj *o, void *topo);
struct rcf_obj *rcf_topo_node(struct rcf_topo *t, uint32_t id, uint32_t ports);
struct rcf_obj *rcf_topo_switch(struct rcf_topo *t, uint32_t id,
				uint32_t ports);
/* link with the next free id (its index in the link list) */
struct rcf_obj *rcf_topo_link(struct rcf_topo *t, uint8_t ka, uint32_t ida,
			      uint32_t pa, uint8_t kb, uint32_t idb,
			      uint32_t pb);
void rcf_topo_sort(struct rcf_topo *t);
int rcf_topo_equal(const struct rcf_topo *a, const struct rcf_topo *b);

/*
 * Flattens t into the ops that create it, in dependency order (fabric
 * settings, nodes, switches, links, circuits, routes).  *ops is malloc'd.
 */
int rcf_topo_ops(const struct rcf_topo *t, struct rcf_op **ops, size_t *n);

/* Writes t in the topology file format (batch syntax, canonical). */
void rcf_topo_write(FILE *f, const struct rcf_topo *t, const char *comment);

#endif
