/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Routing relations for destination-routed packets, computed in
 * userspace (Documentation/adaptive.rst): per switch and destination
 * node, an ordered list of candidate outputs (route byte and class) that
 * the engine's switches choose from.
 */
#ifndef RCF_ROUTE_RELATION_H
#define RCF_ROUTE_RELATION_H

#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

#define RCF_RELATION_MAX_CAND 8 /* the model's RCF_REL_MAX_CAND */

enum rcf_relation_kind {
	RCF_RELATION_DOR,   /* dimension order: escape candidates only */
	RCF_RELATION_DUATO, /* minimal adaptive over a dimension-order escape */
	/* on a PRDT (route/relation_rdt.h) */
	RCF_RELATION_RDT_VECTOR, /* vector routing: escape candidates only */
	RCF_RELATION_DA,	 /* §3's D-A over the vector escape */
	RCF_RELATION_DB,	 /* §3's D-B over the vector escape */
	/* a turn model: input masks, no escape (route/relation_turn.h) */
	RCF_RELATION_NORTH_LAST, /* §4's north-last, without the wrap links */
	/* the same over the wrap links, its VC class by input VC */
	RCF_RELATION_NORTH_LAST_WRAP,
};

enum {
	RCF_RELATION_ADAPTIVE = 0, /* the model's class numbers */
	RCF_RELATION_ESCAPE = 1,
};

/*
 * in[k]: the input ports candidate k may be taken from (bit p for port
 * p, the node's port included), for turn models; 0: every port.
 * vin[k]: the VCs a packet may have come in on to take it (bit v for VC
 * v), for a VC class that depends on the packet's history; 0: every VC.
 * keep[k]: the candidate's output VC is the one the packet came in on
 * (hop's VC is then 0), for a class that stays what it was.
 */
struct rcf_relation_ent {
	uint32_t sw, dst;
	uint8_t n;
	uint8_t hop[RCF_RELATION_MAX_CAND], cls[RCF_RELATION_MAX_CAND];
	uint32_t in[RCF_RELATION_MAX_CAND];
	uint8_t vin[RCF_RELATION_MAX_CAND], keep[RCF_RELATION_MAX_CAND];
};

/* Entries by switch, then destination, both ascending. */
struct rcf_relation {
	struct rcf_relation_ent *ent;
	size_t n;
	int vcs; /* VCs the relation uses on the switches' links */
};

/*
 * A grid of switches, id row * x + column, ports 0 +X, 1 -X, 2 +Y, 3 -Y,
 * node id = switch id on port node_port; wrap: a torus.
 */
struct rcf_relation_grid {
	uint32_t x, y;
	int wrap;
	uint32_t node_port;
};

/*
 * "dor", "duato", "rdt-vector", "da", "db", "north-last" or
 * "north-last-wrap" into *kind;
 * -1 for another name.
 */
int rcf_relation_kind(const char *name, int *kind);
/*
 * The VCs a relation of kind needs on a grid (wrap: a torus); the PRDT
 * kinds' on a PRDT, whatever wrap.  rcf_relation_grid builds dor, duato
 * and north-last (on a torus without its wrap links).
 */
int rcf_relation_vcs(int kind, int wrap);
/* 0, or -1 with a reason in err. */
int rcf_relation_grid(const struct rcf_relation_grid *g, int kind,
		      struct rcf_relation *r, char *err, size_t errlen);
/*
 * The grid of a generated fabric: the base torus of prdt: and rdt:
 * (its rank 0 ports); -1 with a reason for any other fabric.
 */
int rcf_relation_grid_of(const struct rcf_topo *t, struct rcf_relation_grid *g,
			 char *err, size_t errlen);
void rcf_relation_free(struct rcf_relation *r);

#endif
