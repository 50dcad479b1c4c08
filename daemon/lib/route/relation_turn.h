/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turn-model relations (Glass and Ni, "The turn model for adaptive
 * routing", 1992): every link's move has one of eight compass
 * directions, some turns from one direction to another are prohibited,
 * and a packet may take any output on a shortest path that keeps to the
 * allowed turns.  The turn a packet may make depends on the direction it
 * came in by, which the relation's input masks (route/relation.h) carry.
 */
#ifndef RCF_ROUTE_RELATION_TURN_H
#define RCF_ROUTE_RELATION_TURN_H

#include <stdint.h>

#include "route/relation.h"
#include "route/relation_check.h"

/* counterclockwise from east, so that d ^ 4 is d's reversal */
enum rcf_compass {
	RCF_E,
	RCF_NE,
	RCF_N,
	RCF_NW,
	RCF_W,
	RCF_SW,
	RCF_S,
	RCF_SE,
	RCF_COMPASS
};

#define RCF_TURN_NONE 0xff /* a port no move takes: the node's, unused */

/* ban[from] has bit `to` set when the turn from -> to is prohibited */
struct rcf_turns {
	uint8_t ban[RCF_COMPASS];
};

/*
 * North-last as rdt.rst reads the RDT paper's §4: N -> NE NW E W SE SW,
 * NE -> E SE S W, NW -> W SW S E (fourteen turns), and the eight
 * reversals, which no route of the turn model takes.
 */
void rcf_turns_north_last(struct rcf_turns *t);
/* "E", "NE", ... for direction d */
const char *rcf_compass_name(unsigned int d);

/*
 * The turn model's relation on net (1 VC): dir[sw * nports + port] is
 * the direction of the move out of that port, RCF_TURN_NONE for a port
 * it never takes (the node's port is found by net's peers).  At each
 * switch and destination, every output on a shortest path that keeps to
 * t from some input, ranks of the port highest first, each adaptive,
 * with the mask of the inputs it is on such a path from (0 when it is
 * from every input a packet can come in by).  0, or -1 with a reason: a
 * destination no allowed path reaches, or more than 8 outputs.
 */
int rcf_relation_turn(const struct rcf_relnet *net, const uint8_t *dir,
		      const struct rcf_turns *t, struct rcf_relation *r,
		      char *err, size_t errlen);
/*
 * The same over wrap links: wrap[sw * nports + port] is set for a move
 * over a link that closes a ring (NULL: none, and vcs must be 1).  A
 * packet travels on VC 0 until its first wrap, and each wrap takes it
 * one VC up, so it takes at most vcs - 1 of them; a candidate is for
 * one input VC (its vin), with the mask of that VC's inputs.  Shortest
 * paths under both the turns and the bound on wraps.
 */
int rcf_relation_turn_vc(const struct rcf_relnet *net, const uint8_t *dir,
			 const uint8_t *wrap, int vcs,
			 const struct rcf_turns *t, struct rcf_relation *r,
			 char *err, size_t errlen);

#endif
