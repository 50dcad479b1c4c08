/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Routing on a fabric whose links between switches may have failed:
 * an up-down escape on a breadth-first spanning order of the switches
 * that survive (Schroeder et al., "Autonet: a high-speed, self-configuring
 * local area network using point-to-point links", 1991), as a relation's
 * escape under the surviving candidates of another relation, and as
 * source routes for the pairs a failure cut.
 */
#ifndef RCF_ROUTE_RELATION_UPDOWN_H
#define RCF_ROUTE_RELATION_UPDOWN_H

#include "route/relation.h"
#include "route/relation_check.h"
#include "route/route.h"
#include "topo/topo.h"

/*
 * The wiring of t's switches for the check: ids 0 .. nsw - 1, each
 * port's peer from t's links (a port without one leads nowhere), nodes
 * as RCF_RELNET_NODE.  0, or -1 with a reason.
 */
int rcf_relnet_topo(const struct rcf_topo *t, int vcs, struct rcf_relnet *net,
		    char *err, size_t errlen);

/*
 * The relation base (dense, switch then destination, as the PRDT and
 * grid builders give it) made to work on net, whose failed ports lead
 * nowhere: for each switch and destination, base's candidates whose
 * link survived and whose step up-down allows, as adaptive candidates
 * on VCs net->vcs - 1 down to 1 (one candidate per port and VC, at most
 * RCF_RELATION_MAX_CAND in all), then the up-down escape on VC 0.
 * At a destination's own switch base's list is kept.  net->vcs must be
 * 2 to 4.
 * 0, or -1 with a reason in err; *r is then empty.
 */
int rcf_relation_updown(const struct rcf_relnet *net,
			const struct rcf_relation *base, struct rcf_relation *r,
			char *err, size_t errlen);

/*
 * r, a relation for the intact fabric, replaced by its up-down form
 * (rcf_relation_updown) on t, the fabric without its failed links, on
 * r's VCs.  0, or -1 with a reason in err and r as it was.
 */
int rcf_relation_updown_topo(const struct rcf_topo *t, struct rcf_relation *r,
			     char *err, size_t errlen);

/*
 * Routes of s (node i on switch i, as net's) that cross a port leading
 * nowhere in net are replaced by the up-down route on VC vc, the node
 * links kept as they were; *moved (may be NULL) gets the count.  Routes
 * that survive are kept as they are, so the set stays deadlock free
 * when vc is a VC no surviving route uses.  0, or -1 with a reason.
 */
int rcf_routes_updown(const struct rcf_relnet *net, struct rcf_routes *s,
		      int vc, size_t *moved, char *err, size_t errlen);

#endif
