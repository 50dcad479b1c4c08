// SPDX-License-Identifier: GPL-2.0
/*
 * One recompute of the routing policy, kept free of netlink so that the
 * native tests can run it: the graph of the fabric's up links (SP1 keeps
 * only non-faulty links in its graph, Abali and Aykanat §2), the
 * configured generator, the walk and deadlock checks, and the difference
 * from the installed set.  Documentation/routing.rst, "rcfd's policy".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"
#include "route/graph.h"
#include "route/nig.h"
#include "route/router.h"
#include "topo/topo.h"
#include "rcfd.h"

static void cycle_str(const struct rcf_graph *g,
		      const struct rcf_cdg_result *res, char *buf, size_t len)
{
	size_t at = 0;
	char ch[160];

	buf[0] = '\0';
	for (size_t i = 0; i <= res->ncycle && res->ncycle; i++) {
		rcf_graph_chan_str(g, res->cycle[i % res->ncycle], ch,
				   sizeof(ch));
		at += snprintf(buf + at, len - at, "%s%s", i ? " -> " : "", ch);
		if (at >= len)
			break;
	}
}

int rcfd_plan_make(const struct rcfd_config *c, const struct rcf_topo *t,
		   struct rcfd_plan *p, char *err, size_t errlen)
{
	return rcfd_plan_make_nig(c, t, NULL, p, err, errlen);
}

int rcfd_plan_make_nig(const struct rcfd_config *c, const struct rcf_topo *t,
		       const struct rcf_nig *nig, struct rcfd_plan *p,
		       char *err, size_t errlen)
{
	struct rcf_route_in in = {.nig = nig};
	struct rcf_cdg_result cdg = {0};
	struct rcf_graph *g;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	rcf_routes_init(&p->old);
	rcf_routes_init(&p->new);
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
	if (rcf_route_compute(&in, &c->route, &p->new, err, errlen) ||
	    rcf_routes_check(g, &p->new, &p->st, NULL, err, errlen) ||
	    rcf_cdg_check(g, &p->new, &cdg, err, errlen))
		goto out;
	p->acyclic = cdg.acyclic;
	if (!cdg.acyclic)
		cycle_str(g, &cdg, p->cycle, sizeof(p->cycle));
	rcf_routes_diff(&p->old, &p->new, NULL, NULL, &p->diff);
	rc = 0;
out:
	rcf_cdg_result_free(&cdg);
	rcf_graph_destroy(g);
	return rc;
}

void rcfd_plan_free(struct rcfd_plan *p)
{
	rcf_routes_free(&p->old);
	rcf_routes_free(&p->new);
}

static void add_id(char *buf, size_t len, uint32_t id)
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
			add_id(ld->down_ids, sizeof(ld->down_ids), id);
		} else if (prev[id] != now) {
			ld->up++;
			add_id(ld->up_ids, sizeof(ld->up_ids), id);
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
