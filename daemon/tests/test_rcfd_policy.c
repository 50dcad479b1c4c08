// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's routing policy without the kernel: the graph keeps only up links,
 * a recompute after a link goes down avoids it and the diff names what
 * changes, bringing it back restores the original set, the link delta
 * reports downs and ups, a cyclic set is reported with its cycle, and
 * routing.algorithm = adaptive keeps SP1 for every pair but re-routes the
 * measured NIG's pairs, never at a higher Eq. 1 cost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rcfd/rcfd.h"
#include "route/graph.h"
#include "route/nig.h"
#include "route/plan.h"
#include "tap.h"
#include "topo/topo_gen.h"

static struct rcfd_config cfg(const char *router)
{
	struct rcfd_config c;

	rcfd_config_defaults(&c);
	rcf_route_conf_init(&c.route, rcf_router_find(router));
	c.manage = 1;
	return c;
}

/* replaces t's routes by s, as if installed */
static void install(struct rcf_topo *t, const struct rcf_routes *s)
{
	t->v[RCF_K_ROUTE].n = 0;
	for (size_t i = 0; i < s->n; i++) {
		struct rcf_obj o;
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);

		rcf_obj_init(&o, RCF_K_ROUTE);
		rcf_set(&o, RCF_A_ROUTE_SRC, s->r[i].src);
		rcf_set(&o, RCF_A_ROUTE_DST, s->r[i].dst);
		rcf_set(&o, RCF_A_ROUTE_INDEX, s->r[i].index);
		rcf_set(&o, RCF_A_ROUTE_HOPS, 0);
		o.nhops = (uint8_t)len;
		memcpy(o.hops, hops, len);
		rcf_topo_add(t, &o);
	}
}

/* routes of s crossing link id, walked over the full graph g */
static size_t crossing(const struct rcf_graph *g, const struct rcf_routes *s,
		       uint32_t id)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
	char why[160];
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);
		int c = rcf_graph_walk(g, s->r[i].src, hops, len, chan, 256,
				       &dst, why, sizeof(why));

		for (int k = 0; k < c; k++)
			if (g->link[RCF_CHAN_LINK(chan[k])].id == id) {
				n++;
				break;
			}
	}
	return n;
}

static struct rcf_obj *link_obj(struct rcf_topo *t, uint32_t id)
{
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++)
		if (t->v[RCF_K_LINK].o[i].v[RCF_A_LINK_ID] == id)
			return &t->v[RCF_K_LINK].o[i];
	return NULL;
}

static void link_down_up(void)
{
	struct rcfd_config c = cfg("sp1");
	struct rcf_graph *full = calloc(1, sizeof(*full));
	struct rcf_route_plan p0, p1, p2;
	struct rcfd_link_delta ld;
	uint8_t *prev = calloc(RCF_MAX_LINKS, 1);
	struct rcf_routes first;
	struct rcf_topo t;
	char err[512];
	uint32_t busy = 0;
	size_t most = 0;

	tap_ok(!rcf_topo_generate("sp1:32", &t, err, sizeof(err)) &&
		       !rcf_graph_build(full, &t, err, sizeof(err)),
	       "sp1:32 generated");
	rcfd_link_delta(prev, &t, &ld);
	tap_ok(ld.added == t.v[RCF_K_LINK].n && !ld.down && !ld.up,
	       "first delta: every link is new");
	tap_ok(!rcfd_plan_make(&c, &t, &p0, err, sizeof(err)) &&
		       p0.cdg.acyclic && p0.new.n == 32 * 31 &&
		       p0.diff.added == 992 && !p0.diff.removed &&
		       !p0.diff.changed && !p0.st.unreachable,
	       "empty fabric: 992 routes to add, acyclic");
	install(&t, &p0.new);
	first = p0.new;
	rcf_routes_init(&p0.new);
	/* the switch-to-switch link the most routes cross */
	for (size_t i = 0; i < full->nlinks; i++) {
		size_t n;

		if (full->link[i].end[0].kind != RCF_ELEM_SWITCH ||
		    full->link[i].end[1].kind != RCF_ELEM_SWITCH)
			continue;
		n = crossing(full, &first, full->link[i].id);
		if (n > most) {
			most = n;
			busy = full->link[i].id;
		}
	}
	rcf_set(link_obj(&t, busy), RCF_A_LINK_STATE, RCF_LINK_DOWN);
	rcfd_link_delta(prev, &t, &ld);
	tap_ok(ld.down == 1 && !ld.up && !ld.added &&
		       (uint32_t)atoi(ld.down_ids) == busy,
	       "delta names the link that went down");
	tap_ok(!rcfd_plan_make(&c, &t, &p1, err, sizeof(err)) &&
		       p1.cdg.acyclic && !p1.st.unreachable && p1.new.n == 992,
	       "link down: every pair still routed, acyclic");
	tap_ok(most > 0 && crossing(full, &p1.new, busy) == 0,
	       "link down: no route crosses it");
	tap_ok(p1.diff.changed > 0 && !p1.diff.added && !p1.diff.removed &&
		       p1.diff.changed + p1.diff.same == 992,
	       "link down: routes changed, none added or removed");
	printf("# link %u carried %zu routes; %zu changed\n", busy, most,
	       p1.diff.changed);
	install(&t, &p1.new);
	rcf_set(link_obj(&t, busy), RCF_A_LINK_STATE, RCF_LINK_UP);
	rcfd_link_delta(prev, &t, &ld);
	tap_ok(ld.up == 1 && !ld.down, "delta names the link that came up");
	tap_ok(!rcfd_plan_make(&c, &t, &p2, err, sizeof(err)) &&
		       p2.new.n == first.n &&
		       !memcmp(p2.new.r, first.r, first.n * sizeof(*first.r)),
	       "link up: the original set again");
	rcf_plan_free(&p0);
	rcf_plan_free(&p1);
	rcf_plan_free(&p2);
	rcf_routes_free(&first);
	rcf_graph_free(full);
	free(full);
	free(prev);
	rcf_topo_free(&t);
}

static void lost_pairs(void)
{
	struct rcfd_config c = cfg("sp1");
	struct rcf_route_plan p0, p1;
	struct rcf_topo t;
	char err[512];

	/* sp1:16: cutting node 0's only link leaves it unreachable */
	rcf_topo_generate("sp1:16", &t, err, sizeof(err));
	rcfd_plan_make(&c, &t, &p0, err, sizeof(err));
	install(&t, &p0.new);
	for (size_t i = 0; i < t.v[RCF_K_LINK].n; i++) {
		struct rcf_obj *l = &t.v[RCF_K_LINK].o[i];

		if (l->end[0].kind == RCF_ELEM_NODE && l->end[0].id == 0)
			rcf_set(l, RCF_A_LINK_STATE, RCF_LINK_DOWN);
		if (l->end[1].kind == RCF_ELEM_NODE && l->end[1].id == 0)
			rcf_set(l, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	}
	tap_ok(!rcfd_plan_make(&c, &t, &p1, err, sizeof(err)) &&
		       p1.diff.pairs_lost == 30 && p1.diff.removed == 30 &&
		       p1.st.unreachable == 30 && p1.new.n == 210,
	       "node cut off: its 30 pairs removed and counted unreachable");
	rcf_plan_free(&p0);
	rcf_plan_free(&p1);
	rcf_topo_free(&t);
}

static void cyclic(void)
{
	struct rcfd_config c = cfg("shortest");
	struct rcf_route_plan p;
	struct rcf_topo t;
	char err[512];

	rcf_topo_generate("ring:8", &t, err, sizeof(err));
	tap_ok(!rcfd_plan_make(&c, &t, &p, err, sizeof(err)) &&
		       !p.cdg.acyclic && strstr(p.cycle, "link ") &&
		       strstr(p.cycle, " -> "),
	       "shortest on ring:8: cyclic, with the cycle named");
	printf("# %s\n", p.cycle);
	rcf_plan_free(&p);
	rcf_topo_free(&t);
}

static void adaptive(void)
{
	struct rcfd_config c = cfg("sp1-adaptive");
	struct rcfd_config c1 = cfg("sp1");
	struct rcf_graph *g = calloc(1, sizeof(*g));
	struct rcf_route_plan p, p1;
	struct rcf_route_diff d;
	uint64_t cost, cost1;
	uint32_t flow, flow1;
	struct rcf_topo t;
	struct rcf_nig nig;
	char err[512];
	int ok;

	rcf_topo_generate("sp1:16", &t, err, sizeof(err));
	rcf_graph_build(g, &t, err, sizeof(err));
	rcf_nig_workload("random-v:3", 16, &nig, err, sizeof(err));
	rcf_nig_sort(&nig);
	ok = !rcfd_plan_make_nig(&c, &t, &nig, &p, err, sizeof(err)) &&
	     !rcfd_plan_make(&c1, &t, &p1, err, sizeof(err));
	tap_ok(ok && p.new.n == 240 && p.cdg.acyclic && !p.st.unreachable,
	       "adaptive: every pair routed, acyclic");
	rcf_routes_diff(&p1.new, &p.new, NULL, NULL, &d);
	ok = ok &&
	     !rcf_nig_eval(g, &nig, &p.new, 0, &cost, &flow, err,
			   sizeof(err)) &&
	     !rcf_nig_eval(g, &nig, &p1.new, 0, &cost1, &flow1, err,
			   sizeof(err));
	tap_ok(ok && cost <= cost1 && !d.added && !d.removed &&
		       d.changed <= nig.n,
	       "adaptive: only NIG pairs differ from SP1, Eq. 1 cost no "
	       "higher");
	printf("# random-v:3 on sp1:16: %zu arcs, cost %llu (SP1 %llu), "
	       "flow %u (SP1 %u), %zu routes changed\n",
	       nig.n, (unsigned long long)cost, (unsigned long long)cost1, flow,
	       flow1, d.changed);
	rcf_plan_free(&p);
	rcf_plan_free(&p1);
	rcf_nig_free(&nig);
	rcf_graph_free(g);
	free(g);
	rcf_topo_free(&t);
}

/* a route src to dst of one hop, out of port */
static void one_hop(struct rcf_routes *s, uint32_t src, uint32_t dst,
		    uint8_t port)
{
	rcf_routes_push(s, src, dst, 0, &port, 1);
}

static void diff_order(void)
{
	struct rcf_routes a, b;
	struct rcf_route_diff d;

	rcf_routes_init(&a);
	rcf_routes_init(&b);
	/* a: (0,1) (0,2) (1,0); b: (0,1) changed, (0,2) same, (2,0) new */
	one_hop(&a, 0, 1, 1);
	one_hop(&a, 0, 2, 2);
	rcf_routes_add(&a, 1, 0, 0, 0);
	one_hop(&b, 0, 1, 3);
	one_hop(&b, 0, 2, 2);
	rcf_routes_add(&b, 2, 0, 0, 0);
	rcf_routes_diff(&a, &b, NULL, NULL, &d);
	tap_ok(d.added == 1 && d.changed == 1 && d.removed == 1 &&
		       d.same == 1 && d.pairs_lost == 1,
	       "diff counts: one each of add, set, del, same; one pair lost");
	rcf_routes_free(&a);
	rcf_routes_free(&b);
}

int main(void)
{
	tap_plan(14);
	link_down_up();
	lost_pairs();
	cyclic();
	adaptive();
	diff_order();
	return tap_done();
}
