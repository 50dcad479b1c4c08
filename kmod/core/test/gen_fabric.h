/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bridge from the userspace topology generators and route algorithms
 * (daemon/lib, routes as route sets) to the engine tests, flattened to
 * plain types: the one shape the tests build a model from.
 */
#ifndef RCF_GEN_FABRIC_H
#define RCF_GEN_FABRIC_H

#include <stdint.h>

struct gen_elem {
	uint8_t kind; /* enum rcf_elem_kind */
	uint32_t id, ports;
};

struct gen_link {
	uint32_t id;
	uint8_t kind[2];
	uint32_t elem[2], port[2];
};

struct gen_route {
	uint32_t src, dst;
	uint8_t index, nhops;
	uint8_t hops[64];
};

struct gen_fabric {
	struct gen_elem *elem;
	struct gen_link *link;
	struct gen_route *route;
	size_t nelem, nlink, nroute;
};

/*
 * spec as rcfctl topo generate takes it (ring:N, mesh:XxY, sp1:N...),
 * routes by algo (sp1, shortest, ecube, dor; vcs: dor's VCs on a torus,
 * paths: shortest's routes per pair); 0 or -1 with a message printed.
 */
int gen_fabric(const char *spec, const char *algo, int vcs, int paths,
	       struct gen_fabric *gf);
void gen_fabric_free(struct gen_fabric *gf);

/* One destination's candidates at one switch (route/relation.h). */
struct gen_rel {
	uint32_t sw, dst;
	uint8_t n, hop[8], cls[8];
	uint32_t in[8];		 /* input masks, 0: every port */
	uint8_t vin[8], keep[8]; /* input VCs (0: every VC), keep the VC */
};

/*
 * The relation kind ("dor", "duato", "north-last") on the base torus of
 * spec (prdt:, rdt:), by switch then destination into *rel (caller frees); the VCs
 * it needs in *vcs.  "duato-in" is Duato's with input masks that keep
 * a packet from going on straight by an adaptive candidate (the escape
 * is unmasked, so it stays deadlock free): masks that change the
 * routing, for the engine's two modes.  "north-last-wrap" is the PRDT
 * relation of that name on the whole of spec (a prdt:), whose candidates
 * carry the VC rule.  "duato-wide" is Duato's with a list of its own per
 * destination (masks that name every port or VC), so a switch of 256
 * nodes indexes its lists by two bytes.  0 or -1 with a message printed.
 */
int gen_relation(const char *spec, const char *kind, struct gen_rel **rel,
		 size_t *n, int *vcs);

#endif
