// SPDX-License-Identifier: GPL-2.0
/* A route plan's computation and checks, without netlink (plan.h). */
#include <stdio.h>
#include <string.h>

#include "route/plan.h"
#include "util/mono.h"

void rcf_plan_init(struct rcf_route_plan *p)
{
	memset(p, 0, sizeof(*p));
	rcf_routes_init(&p->old);
	rcf_routes_init(&p->new);
}

void rcf_plan_free(struct rcf_route_plan *p)
{
	rcf_routes_free(&p->old);
	rcf_routes_free(&p->new);
	rcf_cdg_result_free(&p->cdg);
	rcf_plan_init(p);
}

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

int rcf_plan_check(struct rcf_route_plan *p, const struct rcf_graph *g,
		   char *err, size_t errlen)
{
	struct rcf_cdg *c = rcf_cdg_new(g);
	int rc;

	rcf_cdg_result_free(&p->cdg);
	memset(&p->cdg, 0, sizeof(p->cdg));
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = rcf_routes_check_cdg(g, &p->new, &p->st, NULL, c, err, errlen);
	if (!rc && rcf_cdg_finish(c, &p->cdg)) {
		rcf_cdg_result_free(&p->cdg);
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	rcf_cdg_free(c);
	if (rc)
		return -1;
	if (!p->cdg.acyclic)
		cycle_str(g, &p->cdg, p->cycle, sizeof(p->cycle));
	return 0;
}

int rcf_plan_make(struct rcf_route_plan *p, const struct rcf_route_in *in,
		  const struct rcf_route_conf *c, char *err, size_t errlen)
{
	double t0 = rcf_mono_s();

	if (rcf_route_compute(in, c, &p->new, err, errlen))
		return -1;
	p->compute_s = rcf_mono_s() - t0;
	if (rcf_plan_check(p, in->g, err, errlen))
		return -2;
	/* the other pairs are not the router's to route */
	if (c->r->flags & RCF_ROUTER_NIG_PAIRS)
		p->st.unreachable = 0;
	rcf_routes_diff(&p->old, &p->new, NULL, NULL, &p->diff);
	return 0;
}
