/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The datelines of a PRDT's rings, for vector routing's source routes
 * and for the relations whose escape it is: one placement, so that both
 * cross a ring's dateline at the same hop.  Documentation/rdt.rst says
 * why it is where it is.
 */
#ifndef RCF_RDT_RING_H
#define RCF_RDT_RING_H

#include "topo/rdt.h"

struct rcf_rdt_rings {
	/*
	 * per rank and axis (0 X, 1 Y): a router's place on its ring, 0 to
	 * len - 1 along +X_r (or +Y_r); the dateline is the hop from place
	 * len - 1 to place 0
	 */
	uint32_t *pos[RCF_RDT_MAX_RANK + 1][2], len[RCF_RDT_MAX_RANK + 1][2];
	/*
	 * per rank and axis: how far a step along the other axis moves a
	 * router's place on this axis's rings, 0, 1 or -1 (mod len)
	 */
	int skew[RCF_RDT_MAX_RANK + 1][2];
};

/*
 * The places of every router of PRDT d, ranks 0 to R: 0, or -1 (out of
 * memory, or no skew of 0, 1 or -1 fits a torus; test_rdt_ring finds
 * one on PRDTs of sides 4 to 256, n = 2 and 3).
 */
int rcf_rdt_rings(const struct rcf_rdt *d, struct rcf_rdt_rings *o);
void rcf_rdt_rings_free(struct rcf_rdt_rings *o);

/*
 * Whether k steps (signed) from router id along axis a of rank r cross
 * that ring's dateline; with k = 1 or -1, whether this hop is the one.
 */
static inline int rcf_rdt_crosses(const struct rcf_rdt_rings *o, uint32_t id,
				  uint32_t r, int a, int32_t k)
{
	uint32_t p = o->pos[r][a][id];

	return k > 0 ? p + (uint32_t)k >= o->len[r][a] : (uint32_t)-k > p;
}

#endif
