// SPDX-License-Identifier: GPL-2.0
/*
 * D-A and D-B on RDT(n, R, m) with m < R.  The paper's proofs
 * (Funahashi and Amano, "Adaptive routing on the Recursive Diagonal
 * Torus", 1997, Theorems 1 and 2) rest on vector routing as the escape
 * and on every router having every rank; here neither holds.  The walk
 * that stands in for vector routing (topo/rdt_walk.h) closes a cycle of
 * escape channels on rdt:32:2:3:1 with the VCs a link has, and a step
 * of a rank is possible only at a router with that rank.
 *
 * So the escape is up-down (Schroeder et al., "Autonet: a high-speed,
 * self-configuring local area network using point-to-point links",
 * 1991) on the fabric's breadth-first order, and the adaptive
 * candidates are the steps of the paper's relations that the router has,
 * kept where up-down allows them from here for the destination: up while
 * outside Down(d), down into Down(d) (route/relation_updown.c).  That
 * restriction is what Duato's condition needs (J. Duato, "A new theory
 * of deadlock-free adaptive routing in wormhole networks", IEEE TPDS
 * 4(12), 1993): between two escape channels a packet's adaptive hops
 * keep climbing the same order of keys the escape climbs, so the
 * extended channel dependency graph of the escape is acyclic whatever
 * steps are offered.  What is given up is every minimal step against
 * that order.
 */
#include <stdlib.h>
#include <string.h>

#include "route/relation_rdt.h"
#include "route/relation_rdt_mr.h"
#include "route/relation_updown.h"
#include "topo/rdt_ring.h"
#include "topo/rdt_walk.h"
#include "util/errf.h"

static void add(struct rcf_relation_ent *e, uint32_t port, int vc, int cls)
{
	for (int k = 0; k < e->n; k++)
		if (RCF_HOP_PORT(e->hop[k]) == port && e->cls[k] == cls)
			return;
	if (e->n == RCF_RELATION_MAX_CAND)
		return;
	e->hop[e->n] = RCF_HOP(port, vc);
	e->cls[e->n] = (uint8_t)cls;
	e->n++;
}

/* port of the step along axis b of rank q at sw, the sign of v's */
static uint32_t port_of(const struct rcf_rdt *d, uint32_t sw, uint32_t q, int b,
			int32_t k)
{
	return 4 * (uint32_t)rcf_rdt_slot(d, sw, q) + 2 * (uint32_t)b + (k < 0);
}

static void steps(const struct rcf_rdt *d, const struct rcf_rdt_rings *rings,
		  int kind, int walk, uint32_t sw, uint32_t dst,
		  struct rcf_relation_ent *e)
{
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	struct rcf_rdt_hop h;
	uint32_t hp;
	int top;

	e->sw = sw;
	e->dst = dst;
	e->n = 0;
	if (!rcf_rdt_next(d, sw, dst, &h)) {
		/* a node always takes its packets in: no part of a cycle */
		add(e, rcf_rdt_ports(d) - 1, 0, RCF_RELATION_ADAPTIVE);
		return;
	}
	hp = 4 * (uint32_t)rcf_rdt_slot(d, sw, h.rank) + h.dir;
	add(e, hp, RCF_RELATION_RDT_ADAPTIVE_VC, RCF_RELATION_ADAPTIVE);
	rcf_rdt_vector(d, sw, dst, v);
	for (top = (int)d->R; top > 0 && !v[top][0] && !v[top][1]; top--)
		;
	for (uint32_t q = d->R + 1; q-- > 0;)
		for (int b = 0; b < 2; b++) {
			uint32_t p;

			if (!v[q][b] || rcf_rdt_slot(d, sw, q) < 0)
				continue;
			/* D-B: the X/Y order of the highest rank only */
			if (kind == RCF_RELATION_DB && q != (uint32_t)top)
				continue;
			p = port_of(d, sw, q, b, v[q][b]);
			if (kind == RCF_RELATION_DA &&
			    !rcf_rdt_consistent(d,
						rcf_rdt_step(d, sw, q, p % 4),
						dst, v, q, b))
				continue;
			add(e, p, RCF_RELATION_RDT_ADAPTIVE_VC,
			    RCF_RELATION_ADAPTIVE);
		}
	if (walk)
		add(e, hp,
		    h.detour ? RCF_RELATION_RDT_DETOUR_VC
			     : rcf_rdt_crosses(rings, sw, h.rank,
					       (int)h.dir / 2, h.left),
		    RCF_RELATION_ESCAPE);
}

int rcf_relation_rdt_steps(const struct rcf_rdt *d, int kind, int walk,
			   struct rcf_relation *r, char *err, size_t errlen)
{
	uint32_t nr = d->side * d->side;
	struct rcf_rdt_rings rings;

	memset(r, 0, sizeof(*r));
	memset(&rings, 0, sizeof(rings));
	if (kind != RCF_RELATION_DA && kind != RCF_RELATION_DB)
		return rcf_errf(err, errlen,
				"relation: only da and db have steps on an "
				"RDT with m < R");
	if (d->m >= d->R)
		return rcf_errf(err, errlen,
				"relation: a PRDT's da and db are "
				"rcf_relation_rdt's");
	if (nr > RCF_MAX_NODES)
		return rcf_errf(err, errlen, "relation: %u routers is too many",
				nr);
	r->ent = calloc((size_t)nr * nr, sizeof(*r->ent));
	if (!r->ent || rcf_rdt_rings(d, &rings)) {
		rcf_rdt_rings_free(&rings);
		rcf_relation_free(r);
		return rcf_errf(err, errlen, "relation: out of memory");
	}
	for (uint32_t sw = 0; sw < nr; sw++)
		for (uint32_t dst = 0; dst < nr; dst++)
			steps(d, &rings, kind, walk, sw, dst, &r->ent[r->n++]);
	r->vcs = RCF_RELATION_RDT_MR_VCS;
	rcf_rdt_rings_free(&rings);
	return 0;
}

int rcf_relation_rdt_mr(const struct rcf_rdt *d, int kind,
			const struct rcf_relnet *net, struct rcf_relation *r,
			char *err, size_t errlen)
{
	struct rcf_relnet own = {0};
	struct rcf_relation base;
	int rc;

	memset(r, 0, sizeof(*r));
	if (rcf_relation_rdt_steps(d, kind, 0, &base, err, errlen))
		return -1;
	if (!net) {
		if (rcf_relnet_rdt(d, RCF_RELATION_RDT_MR_VCS, &own, err,
				   errlen)) {
			rcf_relation_free(&base);
			return -1;
		}
		net = &own;
	}
	if (net->vcs != RCF_RELATION_RDT_MR_VCS ||
	    net->nsw != d->side * d->side)
		rc = rcf_errf(err, errlen,
			      "relation: %u switches on %d VCs, not the "
			      "RDT's %u on %d",
			      net->nsw, net->vcs, d->side * d->side,
			      RCF_RELATION_RDT_MR_VCS);
	else
		rc = rcf_relation_updown(net, &base, r, err, errlen);
	rcf_relation_free(&base);
	rcf_relnet_free(&own);
	return rc;
}
