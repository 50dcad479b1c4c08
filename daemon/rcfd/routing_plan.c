// SPDX-License-Identifier: GPL-2.0
/*
 * One recompute of the routing policy, kept free of netlink so that the
 * native tests can run it: the graph of the fabric's up links (SP1 keeps
 * only non-faulty links in its graph, Abali and Aykanat §2) and the
 * installed routes, as the kernel's dump gives them, made into the route
 * plan of lib/route/plan.c.  Documentation/routing.rst, "rcfd's policy".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/graph.h"
#include "route/nig.h"
#include "route/plan.h"
#include "topo/topo.h"
#include "rcfd.h"

int rcfd_plan_make(const struct rcfd_config *c, const struct rcf_topo *t,
		   struct rcf_route_plan *p, char *err, size_t errlen)
{
	return rcfd_plan_make_nig(c, t, NULL, p, err, errlen);
}

int rcfd_plan_make_nig(const struct rcfd_config *c, const struct rcf_topo *t,
		       const struct rcf_nig *nig, struct rcf_route_plan *p,
		       char *err, size_t errlen)
{
	struct rcf_route_in in = {.nig = nig};
	struct rcf_graph *g;
	int rc = -1;

	rcf_plan_init(p);
	if (!c->route.r) {
		snprintf(err, errlen, "no routing.algorithm");
		return -1;
	}
	g = rcf_graph_new(t, err, errlen);
	if (!g)
		return -1;
	if (rcf_routes_from_topo(&p->old, t)) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	in.g = g;
	if (rcf_plan_make(p, &in, &c->route, err, errlen))
		goto out;
	rc = 0;
out:
	if (rc)
		rcf_plan_free(p);
	rcf_graph_destroy(g);
	return rc;
}

void rcfd_add_id(char *buf, size_t len, uint32_t id)
{
	size_t at = strlen(buf);

	/* a long list is cut with "..." rather than overflow the log line */
	if (at + 16 >= len) {
		if (at + 4 < len && strcmp(buf + at - 3, "..."))
			strcat(buf, " ...");
		return;
	}
	snprintf(buf + at, len - at, "%s%u", at ? " " : "", id);
}

void rcfd_link_delta(uint8_t *prev, const struct rcf_topo *t,
		     struct rcfd_link_delta *ld)
{
	const struct rcf_objv *v = &t->v[RCF_K_LINK];
	uint8_t *seen = calloc(RCF_MAX_LINKS, 1);

	memset(ld, 0, sizeof(*ld));
	for (size_t i = 0; i < v->n; i++) {
		uint32_t id = (uint32_t)v->o[i].v[RCF_A_LINK_ID];
		uint8_t now =
			(uint8_t)(1 +
				  (!rcf_has(&v->o[i], RCF_A_LINK_STATE) ||
				   v->o[i].v[RCF_A_LINK_STATE] == RCF_LINK_UP));

		if (id >= RCF_MAX_LINKS)
			continue;
		if (seen)
			seen[id] = 1;
		if (!prev[id]) {
			ld->added++;
		} else if (prev[id] != now && now == 1) {
			ld->down++;
			rcfd_add_id(ld->down_ids, sizeof(ld->down_ids), id);
		} else if (prev[id] != now) {
			ld->up++;
			rcfd_add_id(ld->up_ids, sizeof(ld->up_ids), id);
		}
		prev[id] = now;
	}
	for (uint32_t id = 0; seen && id < RCF_MAX_LINKS; id++) {
		if (prev[id] && !seen[id]) {
			ld->gone++;
			prev[id] = 0;
		}
	}
	free(seen);
}
