/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D-A and D-B (Funahashi and Amano, "Adaptive routing on the Recursive
 * Diagonal Torus", 1997, §3) on RDT(n, R, m) with m < R, where a router
 * has rank 0 and m of the upper ranks only.  Vector routing's walk
 * (topo/rdt_walk.h) is no escape there (its channels close a cycle on
 * rdt:32:2:3:1), so the escape is up-down (route/relation_updown.h) and
 * the adaptive candidates are the steps the router has that up-down
 * allows.  Documentation/rdt.rst, "D-A and D-B with m < R".
 */
#ifndef RCF_ROUTE_RELATION_RDT_MR_H
#define RCF_ROUTE_RELATION_RDT_MR_H

#include "route/relation.h"
#include "route/relation_check.h"
#include "topo/rdt.h"

/* VCs of the relation: the up-down escape on 0, adaptive steps on 1, 2 */
#define RCF_RELATION_RDT_MR_VCS 3

/*
 * The steps kind (RCF_RELATION_DA or _DB) offers on d, m < R, for each
 * switch and destination, before any escape: the walk's hop first, then
 * for D-B the other axis of the vector's highest rank when the router
 * has that rank, for D-A every step of a rank the router has that leaves
 * the rest of the vector as the next router's, ranks descending, X
 * before Y; all adaptive on VC 2.  With walk, the walk's hop follows as
 * the escape on the VC vector routing's table gives it (D-A or D-B over
 * vector routing, which fails Duato's condition on rdt:32:2:3:1: for the
 * tests).  At a destination's own switch, its node's port.  0, or -1
 * with a reason in err.
 */
int rcf_relation_rdt_steps(const struct rcf_rdt *d, int kind, int walk,
			   struct rcf_relation *r, char *err, size_t errlen);

/*
 * D-A or D-B on d, m < R, as relations run: the steps above that
 * up-down allows on net (the fabric, whose failed links lead nowhere;
 * NULL: d's whole wiring), over an up-down escape on VC 0
 * (rcf_relation_updown).  0, or -1 with a reason in err.
 */
int rcf_relation_rdt_mr(const struct rcf_rdt *d, int kind,
			const struct rcf_relnet *net, struct rcf_relation *r,
			char *err, size_t errlen);

#endif
