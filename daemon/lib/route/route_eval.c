// SPDX-License-Identifier: GPL-2.0
/*
 * One row of the paper's Tables 1-3 (§4): a workload of §4.1, step by
 * step, against the SP1 routes and the experimental router.  The SP1
 * route set is computed once per fabric by the caller; only the NIG
 * changes from step to step, and the router is handed the SP1 set as its
 * initial routes instead of recomputing it for every step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/route_eval.h"

static const char *const wl_names[] = {
	[RCF_WL_RANDOM_F] = "random-f", [RCF_WL_RANDOM_V] = "random-v",
	[RCF_WL_DOLOOP] = "doloop",	[RCF_WL_EXOR] = "exor",
	[RCF_WL_NCUBE] = "ncube",
};

static const char *const alg_names[] = {
	[RCF_EVAL_SP1] = "sp1",
	[RCF_EVAL_EXP_RANDOM] = "adaptive-random",
	[RCF_EVAL_EXP_SP1] = "adaptive-sp1",
};

const char *rcf_eval_wl_name(enum rcf_eval_wl w)
{
	return wl_names[w];
}

int rcf_eval_wl_lookup(const char *name, enum rcf_eval_wl *w)
{
	for (int i = 0; i < RCF_WL_NR; i++)
		if (!strcmp(name, wl_names[i])) {
			*w = i;
			return 0;
		}
	return -1;
}

const char *rcf_eval_alg_name(enum rcf_eval_alg a)
{
	return alg_names[a];
}

uint32_t rcf_eval_steps(enum rcf_eval_wl w, uint32_t n, uint32_t *first)
{
	uint32_t lg = 0;

	*first = w == RCF_WL_NCUBE ? 0 : 1;
	if (n < 2)
		return 0;
	switch (w) {
	case RCF_WL_RANDOM_F:
	case RCF_WL_RANDOM_V:
		return 1;
	case RCF_WL_DOLOOP:
		return n - 1;
	case RCF_WL_EXOR:
		return n & (n - 1) ? 0 : n - 1;
	case RCF_WL_NCUBE:
		if (n & (n - 1))
			return 0;
		while ((1u << lg) < n)
			lg++;
		return lg;
	default:
		return 0;
	}
}

int rcf_eval_nig(enum rcf_eval_wl w, uint32_t n, uint32_t i,
		 const struct rcf_eval_opts *o, struct rcf_nig *nig, char *err,
		 size_t errlen)
{
	int paper = o->acct == RCF_EVAL_PAPER;
	char spec[64];

	if (w == RCF_WL_RANDOM_F || w == RCF_WL_RANDOM_V)
		snprintf(spec, sizeof(spec), "%s:%llu",
			 paper ? (w == RCF_WL_RANDOM_F ? "derange-f"
						       : "derange-v")
			       : wl_names[w],
			 (unsigned long long)o->seed);
	else
		snprintf(spec, sizeof(spec), "%s:%u", wl_names[w], i);
	if (rcf_nig_workload(spec, n, nig, err, errlen))
		return -1;
	if (o->map && rcf_nig_map(nig, n, o->seed)) {
		rcf_nig_free(nig);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static int sw_link(const struct rcf_graph *g, uint32_t link)
{
	return g->link[link].end[0].kind == RCF_ELEM_SWITCH &&
	       g->link[link].end[1].kind == RCF_ELEM_SWITCH;
}

static int cmp_key(const void *key, const void *elem)
{
	const struct rcf_nig_arc *a = key;
	const struct rcf_route_rec *r = elem;

	if (a->src != r->src)
		return a->src < r->src ? -1 : 1;
	if (a->dst != r->dst)
		return a->dst < r->dst ? -1 : 1;
	return r->index ? -1 : 0;
}

double rcf_eval_sw_flow(const struct rcf_eval_cell *c)
{
	return c->sw_steps ? (double)c->sw_flow_sum / c->sw_steps : 0;
}

double rcf_eval_sw_cost(const struct rcf_eval_cell *c)
{
	return c->sw_steps ? (double)c->sw_cost_sum / c->sw_steps : 0;
}

/* FLOW and Eq. 1 (K = 0) over the links between two switches */
struct sw_figs {
	uint32_t flow;
	uint64_t cost;
};

/*
 * Eq. 1 and FLOW of s for nig, plus the same over the links between two
 * switches only: node links carry what the workload puts on them whatever
 * the routes (a node receiving from three others has 3 on its link), so
 * that is the part routing decides.
 */
static int measure(const struct rcf_graph *g, const struct rcf_nig *nig,
		   const struct rcf_routes *s, uint32_t k, uint64_t *cost,
		   uint32_t *flow, struct sw_figs *sw, char *err, size_t errlen)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
	uint64_t *w = calloc(2 * g->nlinks + 1, sizeof(*w));

	if (!w) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (rcf_nig_eval(g, nig, s, k, cost, flow, err, errlen)) {
		free(w);
		return -1;
	}
	sw->flow = 0;
	sw->cost = 0;
	for (size_t i = 0; i < nig->n; i++) {
		const struct rcf_nig_arc *a = &nig->a[i];
		const struct rcf_route_rec *r =
			bsearch(a, s->r, s->n, sizeof(*s->r), cmp_key);
		unsigned int len = 0;
		const uint8_t *hops = r ? rcf_route_hops(s, r, &len) : NULL;
		int n = r ? rcf_graph_walk(g, r->src, hops, len, chan,
					   sizeof(chan) / sizeof(chan[0]), &dst,
					   err, errlen)
			  : -1;

		/* rcf_nig_eval has walked every one already */
		if (n < 0 || (size_t)n > sizeof(chan) / sizeof(chan[0])) {
			snprintf(err, errlen, "arc %u -> %u: no route", a->src,
				 a->dst);
			free(w);
			return -1;
		}
		for (int c = 0; c < n; c++)
			if (sw_link(g, RCF_CHAN_LINK(chan[c])))
				w[chan[c] / 4] += a->flow;
	}
	for (uint32_t d = 0; d < 2 * g->nlinks; d++) {
		if (w[d] > sw->flow)
			sw->flow = w[d];
		sw->cost += w[d] * w[d];
	}
	free(w);
	return 0;
}

/* the worst step so far: the larger flow, then the larger cost */
static void fold(struct rcf_eval_cell *c, uint32_t i, uint32_t flow,
		 const struct sw_figs *sw, uint64_t cost, uint32_t flow0,
		 uint64_t cost0)
{
	if (sw->flow) {
		c->sw_steps++;
		c->sw_flow_sum += sw->flow;
		c->sw_cost_sum += sw->cost;
	}
	if (!c->steps || flow > c->flow ||
	    (flow == c->flow && cost > c->cost)) {
		c->flow = flow;
		c->cost = cost;
		c->step = i;
		c->flow0 = flow0;
		c->cost0 = cost0;
	}
	if (sw->flow > c->inner)
		c->inner = sw->flow;
	c->steps++;
	c->sum_cost += cost;
	c->done = 1;
}

static int router(const struct rcf_graph *g, const struct rcf_routes *sp1,
		  const struct rcf_nig *nig, int init_sp1,
		  const struct rcf_eval_opts *o, struct rcf_adaptive_result *r,
		  struct sw_figs *sw, char *err, size_t errlen)
{
	struct rcf_route_in in = {
		.g = g,
		.nig = nig,
		.base = init_sp1 ? sp1 : NULL,
		.result = r,
	};
	struct rcf_route_conf c;
	struct rcf_routes s;
	uint64_t cost;
	uint32_t flow;
	int rc;

	rcf_routes_init(&s);
	rcf_route_conf_init(&c, rcf_router_find("adaptive"));
	rc = -(rcf_route_conf_setv(&c, "k", o->k, err, errlen) ||
	       (o->ntry &&
		rcf_route_conf_setv(&c, "ntry", o->ntry, err, errlen)) ||
	       (o->candidates &&
		rcf_route_conf_setv(&c, "candidates", o->candidates, err,
				    errlen)) ||
	       rcf_route_conf_setv(&c, "seed", o->seed, err, errlen) ||
	       (o->relay &&
		rcf_route_conf_set(&c, "relay", NULL, err, errlen)) ||
	       (init_sp1 &&
		rcf_route_conf_set(&c, "init", "sp1", err, errlen)));
	if (!rc)
		rc = rcf_route_compute(&in, &c, &s, err, errlen);
	if (!rc) {
		rc = measure(g, nig, &s, o->k, &cost, &flow, sw, err, errlen);
	}
	/* the router's own account must match its routes' */
	if (!rc && (cost != r->cost || flow != r->flow)) {
		snprintf(err, errlen,
			 "router reports cost %llu flow %u, its routes give "
			 "%llu and %u",
			 (unsigned long long)r->cost, r->flow,
			 (unsigned long long)cost, flow);
		rc = -1;
	}
	rcf_routes_free(&s);
	return rc;
}

int rcf_eval_workload(const struct rcf_graph *g, const struct rcf_routes *sp1,
		      enum rcf_eval_wl w, const struct rcf_eval_opts *o,
		      struct rcf_eval_cell cell[RCF_EVAL_NR], char *err,
		      size_t errlen)
{
	uint32_t n = g->nnodes, first, steps = rcf_eval_steps(w, n, &first);

	memset(cell, 0, RCF_EVAL_NR * sizeof(*cell));
	for (uint32_t v = 0; v < n; v++)
		if (g->node_vertex[v] < 0) {
			snprintf(err, errlen,
				 "the workloads want nodes 0 to %u; node %u "
				 "is missing",
				 n - 1, v);
			return -1;
		}
	if (!steps) {
		snprintf(err, errlen, "%s does not apply to %u nodes%s",
			 wl_names[w], n, n < 2 ? "" : " (not a power of 2)");
		return -1;
	}
	for (uint32_t k = 0; k < steps; k++) {
		uint32_t i = first + k, sp1_flow = 0;
		struct sw_figs sp1_sw;
		uint64_t sp1_cost = 0;
		struct rcf_nig nig;
		int rc = 0;

		if (rcf_eval_nig(w, n, i, o, &nig, err, errlen))
			return -1;
		if (measure(g, &nig, sp1, o->k, &sp1_cost, &sp1_flow, &sp1_sw,
			    err, errlen)) {
			rcf_nig_free(&nig);
			return -1;
		}
		if (o->algs & (1u << RCF_EVAL_SP1))
			fold(&cell[RCF_EVAL_SP1], i, sp1_flow, &sp1_sw,
			     sp1_cost, sp1_flow, sp1_cost);
		for (int a = RCF_EVAL_EXP_RANDOM; a <= RCF_EVAL_EXP_SP1 && !rc;
		     a++) {
			struct rcf_adaptive_result r;
			struct rcf_eval_cell *c = &cell[a];
			struct sw_figs sw;

			if (!(o->algs & (1u << a)))
				continue;
			rc = router(g, sp1, &nig, a == RCF_EVAL_EXP_SP1, o, &r,
				    &sw, err, errlen);
			if (rc)
				break;
			c->rose += r.cost > r.cost0;
			c->above_sp1 += r.cost > sp1_cost;
			c->flow_rose += r.flow > r.flow0;
			if (r.candidates > c->candidates)
				c->candidates = r.candidates;
			fold(c, i, r.flow, &sw, r.cost, r.flow0, r.cost0);
		}
		rcf_nig_free(&nig);
		if (rc)
			return -1;
		if (o->progress)
			o->progress(w, k + 1, steps, o->arg);
	}
	return 0;
}
