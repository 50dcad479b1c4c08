/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Deadlock checks of routing relations (route/relation.h) by the theory
 * each needs: Duato's condition for a relation with escape and adaptive
 * candidates, which for escape candidates alone is Dally and Seitz's
 * acyclic channel dependency graph.
 */
#ifndef RCF_ROUTE_RELATION_CHECK_H
#define RCF_ROUTE_RELATION_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "route/relation.h"

/* peer values besides a switch id */
#define RCF_RELNET_NONE	    (-1)
#define RCF_RELNET_NODE(id) (-2 - (int32_t)(id)) /* the port's node */

/*
 * The switches' wiring as the check needs it: peer[sw * nports + port]
 * is the switch that port leads to, RCF_RELNET_NODE(node) for a node,
 * or RCF_RELNET_NONE; pport[] the port of that switch the link ends on
 * (the input a packet sent there comes in by), -1 for no switch.  Nodes
 * and switches share ids 0 .. nsw - 1.
 */
struct rcf_relnet {
	uint32_t nsw, nports;
	int vcs;
	int32_t *peer;
	int32_t *pport;
};

/* 0, or -1 with a reason in err; rcf_relnet_free() either way. */
int rcf_relnet_grid(const struct rcf_relation_grid *g, int vcs,
		    struct rcf_relnet *net, char *err, size_t errlen);
void rcf_relnet_free(struct rcf_relnet *net);

/* Where port p of switch sw leads: a switch id, RCF_RELNET_NODE or NONE. */
static inline int32_t rcf_relnet_peer(const struct rcf_relnet *net, uint32_t sw,
				      uint32_t p)
{
	return net->peer[(size_t)sw * net->nports + p];
}

/* The port switch sw's own node is on; -1 for none. */
int32_t rcf_relnet_node_port(const struct rcf_relnet *net, uint32_t sw);

/*
 * Duato's condition on r (dense: nsw * nsw entries by switch, then
 * destination).  The escape subnetwork C1 is every channel some
 * candidate of class escape names (R1(s, d) = R(s, d) on C1, whatever
 * the class a list gives it there).  Checked: every destination
 * reachable from every switch by C1 alone; and C1's extended channel
 * dependency graph (c1 -> c2 when a packet for d on c1 may ask for c2
 * at c1's head directly, or after any run of channels outside C1 that
 * R offers for d) acyclic.  With no adaptive candidates that is the
 * plain channel dependency graph.  0, or -1 with the first unreachable
 * pair or a cycle of channels named in err.
 *
 * A relation with input masks or a VC rule (input VCs, keep), or
 * without any escape candidate (a turn model: C1 is then every channel
 * it uses), is checked by input: a packet for d is at a switch, an input
 * port and the VC it came in on, starting at every switch's node port
 * on VC 0, and may take the candidates whose masks let it in by that
 * port and VC, on the VC each names or, with keep, on its own.  Every
 * such place a packet for d can reach must have a candidate and reach d
 * by C1 alone, and the dependencies are those between a channel and the
 * candidates offered at the place it leads to.
 */
int rcf_relation_check(const struct rcf_relnet *net,
		       const struct rcf_relation *r, char *err, size_t errlen);

#endif
