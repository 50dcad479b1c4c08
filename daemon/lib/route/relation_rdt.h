/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Routing relations on a PRDT (Funahashi and Amano, "Adaptive routing on
 * the Recursive Diagonal Torus", 1997): vector routing as a destination
 * table, and the minimal adaptive relations D-A and D-B of its §3 over
 * that escape.  Documentation/rdt.rst records the readings taken.
 */
#ifndef RCF_ROUTE_RELATION_RDT_H
#define RCF_ROUTE_RELATION_RDT_H

#include "route/relation.h"
#include "route/relation_check.h"
#include "route/relation_turn.h"
#include "topo/rdt.h"

/* VC of the adaptive candidates; the escape's are 0 and 1 */
#define RCF_RELATION_RDT_ADAPTIVE_VC 2
/* with m < R, VC of the base hops between ranks (topo/rdt_walk.h) */
#define RCF_RELATION_RDT_DETOUR_VC 2

/*
 * A relation of kind RCF_RELATION_RDT_VECTOR, _DA, _DB or _NORTH_LAST
 * (the turn model of §4 on the PRDT without its wrap links) on d, which
 * must be a PRDT (every router in every rank) for _NORTH_LAST: switch
 * and node ids as the prdt: and rdt: generators', a router's s-th rank
 * on ports 4s .. 4s + 3, the node last.  _DA and _DB with m < R are
 * rcf_relation_rdt_mr()'s on the whole fabric (route/relation_rdt_mr.h).
 * 0, or -1 with a reason in err.
 */
int rcf_relation_rdt(const struct rcf_rdt *d, int kind, struct rcf_relation *r,
		     char *err, size_t errlen);
/*
 * The compass direction of every port's move on d, by switch * ports +
 * port (route/relation_turn.h), from the rank vectors before they are
 * taken modulo the side; a move that leaves the base (a link closing a
 * ring) is RCF_TURN_NONE unless wrap.  0, or -1 out of memory.
 */
int rcf_relation_rdt_dirs(const struct rcf_rdt *d, int wrap, uint8_t **dir);
/*
 * Every port's move on d (dir, as above, wrap links included) and
 * whether it closes a ring (wrap, by switch * ports + port: the move
 * leaves the base).  0, or -1 out of memory.
 */
int rcf_relation_rdt_moves(const struct rcf_rdt *d, uint8_t **dir,
			   uint8_t **wrap);
/* The prdt: or rdt: generator's wiring of d with vcs VCs, for the check. */
int rcf_relnet_rdt(const struct rcf_rdt *d, int vcs, struct rcf_relnet *net,
		   char *err, size_t errlen);

#endif
