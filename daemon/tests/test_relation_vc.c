// SPDX-License-Identifier: GPL-2.0
/*
 * The check (route/relation_check.c) of relations whose VC class
 * depends on the VC a packet came in on: a ring of four switches routed
 * one way with a dateline at its wrap link, worked by hand.  A packet
 * keeps its VC along the ring and crosses the wrap link onto VC 1, so
 * each VC's channels form a line and the check holds; without keep (the
 * VC back to 0 after the wrap) the ring's cycle is named, and a
 * candidate whose input VCs leave out the packets that wrapped leaves
 * them at a dead end, named with its VC.
 */
#include <stdio.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_check.h"
#include "tap.h"

#define NSW	  4
#define NODE_PORT 4

/* +X (port 0) to every other switch, the wrap link (3 to 0) onto VC 1 */
static void ring(struct rcf_relation *r, struct rcf_relation_ent *ents,
		 int keep)
{
	memset(ents, 0, NSW * NSW * sizeof(*ents));
	for (uint32_t sw = 0; sw < NSW; sw++)
		for (uint32_t d = 0; d < NSW; d++) {
			struct rcf_relation_ent *e = &ents[sw * NSW + d];

			e->sw = sw;
			e->dst = d;
			e->n = 1;
			e->cls[0] = RCF_RELATION_ADAPTIVE;
			if (sw == d) {
				e->hop[0] = RCF_HOP(NODE_PORT, 0);
			} else if (sw == NSW - 1) {
				/* only packets that have not wrapped come here */
				e->hop[0] = RCF_HOP(0, 1);
				e->vin[0] = 1u << 0;
			} else {
				e->hop[0] = RCF_HOP(0, 0);
				e->keep[0] = (uint8_t)keep;
			}
		}
	r->ent = ents;
	r->n = NSW * NSW;
	r->vcs = 2;
}

int main(void)
{
	struct rcf_relation_grid g = {NSW, 1, 1, NODE_PORT};
	struct rcf_relation_ent ents[NSW * NSW];
	struct rcf_relnet net = {0};
	struct rcf_relation r;
	char err[1024] = "";
	int ok;

	tap_plan(4);
	ok = !rcf_relnet_grid(&g, 2, &net, err, sizeof(err));
	ring(&r, ents, 1);
	ok = ok && !rcf_relation_check(&net, &r, err, sizeof(err));
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "a ring with a dateline by input VC: the check holds");

	/* the same with one VC: the wrap link's VC does not exist */
	net.vcs = 1;
	ok = rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "switch 3 destination 0: port 0 vc 1 leads nowhere");
	net.vcs = 2;
	tap_ok(ok, "the dateline's VC missing: refused, named");

	ring(&r, ents, 0);
	ok = rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "a cycle of 4 channels") &&
	     strstr(err, "switch 3 port 0 vc 1");
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "no keep, back to VC 0 after the wrap: the ring's cycle");

	/* at switch 0, node 1's candidate only for packets on VC 0 */
	ring(&r, ents, 1);
	ents[0 * NSW + 1].vin[0] = 1u << 0;
	ok = rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "switch 0 destination 1: no candidate for a packet "
			 "in by port 1 vc 1");
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "input VCs leaving out wrapped packets: the dead end named");
	rcf_relnet_free(&net);
	return tap_done();
}
