// SPDX-License-Identifier: GPL-2.0
/*
 * Where the datelines of a PRDT's rings are.  A ring's dateline is the
 * hop from its last place back to its first, as a torus's wrap link is
 * in dimension order (Dally and Seitz, "Deadlock-free message routing in
 * multiprocessor interconnection networks", 1987).  What matters for the
 * adaptive relations is how the places of parallel rings line up: a
 * packet that steps along Y_r between two X_r escape hops (D-B, §3 of
 * Funahashi and Amano, "Adaptive routing on the Recursive Diagonal
 * Torus", 1997) must find itself at a place that still orders its
 * escape channels.
 *
 * So the places are a function phi of the router with phi(p + X_r) =
 * phi(p) + 1 and phi(p + Y_r) = phi(p) + skew on every X_r ring (and
 * the same with the axes swapped), counted from each torus's lowest id.
 * A torus along the base's axes takes skew 0: parallel rings have their
 * datelines side by side, as in a k-ary n-cube.  The odd ranks' tori
 * close with a shift (rdt.rst, the spiral): going round a Y_r ring moves
 * a router along its X_r ring, so no phi with skew 0 exists there, and a
 * placement that ignores this (every ring from the same X_r coordinate
 * of the torus) has a Y_r step jump a packet's place by the shift.  With
 * skew 1 or -1 phi is well defined; a packet whose Y_r steps go the way
 * of its X_r steps then only ever moves forward in phi.  The relations
 * (route/relation_rdt.c) use that, and the source routes, which finish
 * X_r before any Y_r step, are acyclic with any placement.
 */
#include <stdlib.h>

#include "topo/rdt_ring.h"

/* a place counted from a ring's start, taken modulo its length */
static uint32_t shifted(int64_t place, uint32_t len)
{
	int64_t m = place % (int64_t)len;

	return (uint32_t)(m < 0 ? m + len : m);
}

/*
 * Axis a's rings of rank r with this skew into pos; 0, or -1 when a
 * torus closes so that phi is not well defined with it.
 */
static int place(const struct rcf_rdt *d, uint32_t r, int a, int skew,
		 uint32_t *pos, uint32_t len)
{
	unsigned int along = a ? RCF_RDT_YP : RCF_RDT_XP;
	unsigned int across = a ? RCF_RDT_XP : RCF_RDT_YP;
	uint32_t nr = d->side * d->side;

	for (uint32_t i = 0; i < nr; i++)
		pos[i] = UINT32_MAX;
	/* ids ascending: the first router of a torus not yet seen is its p0 */
	for (uint32_t p0 = 0; p0 < nr; p0++) {
		uint32_t s = p0;
		int64_t k = 0;

		if (pos[p0] != UINT32_MAX)
			continue;
		/* ring k of the torus starts at p0 + k Y_r, at place k skew */
		for (; pos[s] == UINT32_MAX;
		     s = rcf_rdt_step(d, s, r, across), k++) {
			uint32_t i = shifted(k * skew, len);

			for (uint32_t j = s; pos[j] == UINT32_MAX;
			     j = rcf_rdt_step(d, j, r, along))
				pos[j] = i++ % len;
		}
		/* back on ring 0: the torus's closing must agree with skew */
		if (pos[s] != shifted(k * skew, len))
			return -1;
	}
	return 0;
}

/* the length of rank r's rings along axis a (every ring's, by symmetry) */
static uint32_t ring_len(const struct rcf_rdt *d, uint32_t r, int a)
{
	unsigned int along = a ? RCF_RDT_YP : RCF_RDT_XP;
	uint32_t k = 1;

	for (uint32_t j = rcf_rdt_step(d, 0, r, along); j;
	     j = rcf_rdt_step(d, j, r, along))
		k++;
	return k;
}

int rcf_rdt_rings(const struct rcf_rdt *d, struct rcf_rdt_rings *o)
{
	uint32_t nr = d->side * d->side;

	for (uint32_t r = 0; r <= d->R; r++)
		for (int a = 0; a < 2; a++) {
			static const int skews[] = {0, 1, -1};
			int k = 0;

			o->pos[r][a] = malloc(nr * sizeof(*o->pos[r][a]));
			if (!o->pos[r][a])
				return -1;
			o->len[r][a] = ring_len(d, r, a);
			while (k < 3 && place(d, r, a, skews[k], o->pos[r][a],
					      o->len[r][a]))
				k++;
			if (k == 3)
				return -1;
			o->skew[r][a] = skews[k];
		}
	return 0;
}

void rcf_rdt_rings_free(struct rcf_rdt_rings *o)
{
	for (uint32_t r = 0; r <= RCF_RDT_MAX_RANK; r++)
		for (int a = 0; a < 2; a++) {
			free(o->pos[r][a]);
			o->pos[r][a] = NULL;
		}
}
