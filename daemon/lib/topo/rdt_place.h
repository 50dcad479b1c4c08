/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A router's place along a rank's rings as a real number, the same
 * measure for every torus of the rank, so that a step of a lower rank
 * (which leaves the torus) moves it by a known fraction of a hop.  D-A
 * (route/relation_rdt.c) orders its escape channels by it;
 * Documentation/rdt.rst says why.
 */
#ifndef RCF_RDT_PLACE_H
#define RCF_RDT_PLACE_H

#include "topo/rdt.h"
#include "topo/rdt_ring.h"

/*
 * Places are scaled by unit[r], the determinant of X_r and Y_r in base
 * coordinates (before reduction modulo the side), so that every lower
 * rank's step moves a place by a whole number.  On rank r's axis-a
 * rings a place is (a_r + skew b_r) unit[r] for a router p = a_r X_r +
 * b_r Y_r (the axes swapped for a = 1), modulo the ring's length times
 * unit[r]; ok[r][a] says whether that is one value for every way of
 * writing p, i.e. whether the base's own periods are whole rounds.
 */
struct rcf_rdt_place {
	const struct rcf_rdt *d;
	const struct rcf_rdt_rings *rings;
	int64_t vec[RCF_RDT_MAX_RANK + 1][2][2]; /* X_r, Y_r unreduced */
	int64_t unit[RCF_RDT_MAX_RANK + 1];
	int ok[RCF_RDT_MAX_RANK + 1][2];
};

/* the places of PRDT d, whose rings (rcf_rdt_rings()) are o */
void rcf_rdt_place_init(struct rcf_rdt_place *pl, const struct rcf_rdt *d,
			const struct rcf_rdt_rings *o);
/* how far a + step along axis b of rank q moves a place on (r, a) rings */
int64_t rcf_rdt_place_move(const struct rcf_rdt_place *pl, uint32_t r, int a,
			   uint32_t q, int b);
/* router id's place on its rank-r axis-a ring, 0 .. ring * unit - 1 */
int64_t rcf_rdt_place_of(const struct rcf_rdt_place *pl, uint32_t r, int a,
			 uint32_t id);

#endif
