// SPDX-License-Identifier: GPL-2.0
/*
 * The experimental router of Fig. 2 (§3) of the SP1 routing paper: every
 * arc of a node interaction graph gets a route from its pair's candidate
 * set R[s][d] (the shortest routes, up to a bound), chosen to lower
 * Eq. 1, cost = sum over links of W_l^2 + K * sum over switches of W_s^2,
 * by ripping up and rerouting one arc at a time until the cost stops
 * falling, NTRY more passes allowed at equal cost.  Ties are broken with a
 * seeded generator, so a run is reproducible.  Links are counted per
 * direction: each direction is a channel of its own (the paper's graph
 * has one arc per half-duplex link).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/nig.h"
#include "route/route_adaptive.h"

/* one candidate route: the link directions and switches it crosses */
struct cand {
	uint32_t route; /* index in the candidate route set */
	uint16_t nl, ns;
	uint32_t *l, *s;
};

struct arc {
	uint32_t flow, first, n, cur; /* candidates first .. first + n - 1 */
};

struct state {
	const struct rcf_graph *g;
	uint64_t k;
	uint64_t *wl, *ws; /* flow per link direction, per switch id */
	struct cand *c;
	uint32_t *pool;
	int64_t cost;
};

/* signed change of Eq. 1 when flow f (negative: removed) goes over c */
static int64_t delta(const struct state *st, const struct cand *c, int64_t f)
{
	int64_t d = 0;

	for (int i = 0; i < c->nl; i++) {
		int64_t w = st->wl[c->l[i]];

		d += (w + f) * (w + f) - w * w;
	}
	for (int i = 0; i < c->ns; i++) {
		int64_t w = st->ws[c->s[i]];

		d += (int64_t)st->k * ((w + f) * (w + f) - w * w);
	}
	return d;
}

static void apply(struct state *st, const struct cand *c, int64_t f)
{
	st->cost += delta(st, c, f);
	for (int i = 0; i < c->nl; i++)
		st->wl[c->l[i]] += f;
	for (int i = 0; i < c->ns; i++)
		st->ws[c->s[i]] += f;
}

static uint32_t max_flow(const struct state *st)
{
	uint64_t m = 0;

	for (size_t i = 0; i < 2 * st->g->nlinks; i++)
		m = st->wl[i] > m ? st->wl[i] : m;
	return (uint32_t)m;
}

/* the links and switches route r of s crosses, into c (memory from pool) */
static int describe(const struct rcf_graph *g, const struct rcf_routes *s,
		    const struct rcf_route_rec *r, struct cand *c,
		    uint32_t **pool, char *err, size_t errlen)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4], dst;
	unsigned int len;
	const uint8_t *hops = rcf_route_hops(s, r, &len);
	char why[160];
	int n = rcf_graph_walk(g, r->src, hops, len, chan,
			       sizeof(chan) / sizeof(chan[0]), &dst, why,
			       sizeof(why));

	if (n < 0 || (size_t)n > sizeof(chan) / sizeof(chan[0])) {
		snprintf(err, errlen, "route %u -> %u: %s", r->src, r->dst,
			 n < 0 ? why : "too long");
		return -1;
	}
	c->l = *pool;
	c->nl = n;
	for (int i = 0; i < n; i++)
		c->l[i] = chan[i] / 4;
	c->s = c->l + n;
	c->ns = 0;
	for (int i = 0; i + 1 < n; i++) {
		const struct rcf_glink *gl = &g->link[RCF_CHAN_LINK(chan[i])];
		const struct rcf_end *e = &gl->end[!RCF_CHAN_DIR(chan[i])];

		if (e->kind == RCF_ELEM_SWITCH && e->id < RCF_MAX_SWITCHES)
			c->s[c->ns++] = e->id;
	}
	*pool += c->nl + c->ns;
	return 0;
}

/* the pair's index 0 route in a sorted set */
static const struct rcf_route_rec *find(const struct rcf_routes *s,
					uint32_t src, uint32_t dst)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct rcf_route_rec *r = &s->r[mid];

		if (r->src < src || (r->src == src && r->dst < dst))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < s->n && s->r[lo].src == src && s->r[lo].dst == dst &&
	    s->r[lo].index == 0)
		return &s->r[lo];
	return NULL;
}

int rcf_nig_eval(const struct rcf_graph *g, const struct rcf_nig *nig,
		 const struct rcf_routes *s, uint32_t k, uint64_t *cost,
		 uint32_t *flow, char *err, size_t errlen)
{
	struct state st = {.g = g, .k = k};
	uint32_t buf[RCF_ROUTE_MAX_HOPS * 8];
	int rc = -1;

	st.wl = calloc(2 * g->nlinks + 1, sizeof(*st.wl));
	st.ws = calloc(RCF_MAX_SWITCHES, sizeof(*st.ws));
	if (!st.wl || !st.ws) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < nig->n; i++) {
		const struct rcf_nig_arc *a = &nig->a[i];
		const struct rcf_route_rec *r = find(s, a->src, a->dst);
		uint32_t *pool = buf;
		struct cand c;

		if (!r) {
			snprintf(err, errlen, "no route from node %u to %u",
				 a->src, a->dst);
			goto out;
		}
		if (describe(g, s, r, &c, &pool, err, errlen))
			goto out;
		apply(&st, &c, a->flow);
	}
	*cost = st.cost;
	*flow = max_flow(&st);
	rc = 0;
out:
	free(st.wl);
	free(st.ws);
	return rc;
}

/* ROUTE_ONE_EDGE: rip up, take the cheapest candidate (random on ties) */
static void route_one_edge(struct state *st, struct arc *a, uint64_t *rng)
{
	int64_t best = INT64_MAX;
	uint32_t ties = 0, pick = a->cur;

	apply(st, &st->c[a->first + a->cur], -(int64_t)a->flow);
	for (uint32_t i = 0; i < a->n; i++) {
		int64_t d = delta(st, &st->c[a->first + i], a->flow);

		if (d < best) {
			best = d;
			pick = i;
			ties = 1;
		} else if (d == best && rcf_rand(rng) % ++ties == 0) {
			pick = i;
		}
	}
	a->cur = pick;
	apply(st, &st->c[a->first + pick], a->flow);
}

enum { AD_K, AD_NTRY, AD_INIT, AD_SEED, AD_CANDIDATES, AD_RELAY };

/* the refined router's routes, sorted, into init */
static int base_routes(const struct rcf_route_in *in,
		       const struct rcf_route_conf *c,
		       const struct rcf_router *b, struct rcf_routes *init,
		       char *err, size_t errlen)
{
	struct rcf_route_in bin = {.g = in->g};
	struct rcf_route_conf bc;

	rcf_route_conf_init(&bc, b);
	rcf_route_conf_pass(c, &bc);
	return rcf_route_compute(&bin, &bc, init, err, errlen);
}

/*
 * R[s][d] for every arc of the NIG: the shortest routes up to bound,
 * plus the base router's route (from) when it is not among them, which
 * then starts as the arc's current choice.  0, or -1 with why in err.
 */
static int candidates(const struct rcf_graph *g, const struct rcf_nig *nig,
		      const struct rcf_router *base,
		      const struct rcf_routes *from, int bound,
		      struct arc *arcs, struct rcf_routes *cands, char *err,
		      size_t errlen)
{
	struct rcf_sp *sp = rcf_sp_new(g);
	int rc = -1;

	if (!sp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < nig->n; i++) {
		const struct rcf_nig_arc *a = &nig->a[i];
		int32_t sv =
			a->src < RCF_MAX_NODES ? g->node_vertex[a->src] : -1;
		int32_t dv =
			a->dst < RCF_MAX_NODES ? g->node_vertex[a->dst] : -1;
		const struct rcf_route_rec *r0;
		const uint8_t *h0;
		unsigned int n0;
		int n;

		if (sv < 0 || dv < 0) {
			snprintf(err, errlen, "NIG arc %u -> %u: no such node",
				 a->src, a->dst);
			goto out;
		}
		if (!i || a->src != nig->a[i - 1].src)
			rcf_sp_from(sp, sv);
		arcs[i].first = cands->n;
		arcs[i].flow = a->flow;
		n = rcf_sp_paths(sp, dv, bound, cands, 0);
		if (n <= 0) {
			snprintf(err, errlen,
				 n ? "NIG arc %u -> %u: route too "
				     "long or out of memory"
				   : "NIG arc %u -> %u: no route",
				 a->src, a->dst);
			goto out;
		}
		arcs[i].n = n;
		if (!base)
			continue;
		r0 = find(from, a->src, a->dst);
		if (!r0) {
			snprintf(err, errlen, "%s gives no route %u -> %u",
				 base->name, a->src, a->dst);
			goto out;
		}
		for (arcs[i].cur = 0; arcs[i].cur < arcs[i].n; arcs[i].cur++)
			if (rcf_route_same_hops(
				    cands,
				    &cands->r[arcs[i].first + arcs[i].cur],
				    from, r0))
				break;
		if (arcs[i].cur == arcs[i].n) {
			h0 = rcf_route_hops(from, r0, &n0);
			if (rcf_routes_push(cands, a->src, a->dst, n, h0, n0)) {
				snprintf(err, errlen, "out of memory");
				goto out;
			}
			arcs[i].n++;
		}
	}
	rc = 0;
out:
	rcf_sp_free(sp);
	return rc;
}

/* The link directions and switches of every candidate, into st. */
static int describe_all(struct state *st, const struct rcf_routes *cands,
			char *err, size_t errlen)
{
	size_t total = 0;
	uint32_t *pool;

	st->c = calloc(cands->n, sizeof(*st->c));
	for (size_t i = 0; i < cands->n; i++)
		total += 2 * (size_t)cands->r[i].len * 4 + 2;
	st->pool = malloc(total * sizeof(*st->pool) + 1);
	if (!st->c || !st->pool) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	pool = st->pool;
	for (size_t i = 0; i < cands->n; i++)
		if (describe(st->g, cands, &cands->r[i], &st->c[i], &pool, err,
			     errlen))
			return -1;
	return 0;
}

/*
 * Fig. 2's lines 2-15: the initial routes (the base router's, or random
 * ones), then passes of rip-up and reroute over every arc while the cost
 * falls, ntry more at equal cost.
 */
static void minimise(struct state *st, struct arc *arcs, size_t narcs,
		     bool random_init, int ntry, uint64_t *rng,
		     struct rcf_adaptive_result *res)
{
	int n_trials = ntry;
	int64_t prev;

	for (size_t i = 0; i < narcs; i++) {
		if (random_init)
			arcs[i].cur = rcf_rand(rng) % arcs[i].n;
		apply(st, &st->c[arcs[i].first + arcs[i].cur], arcs[i].flow);
	}
	res->cost0 = st->cost;
	res->flow0 = max_flow(st);
	prev = INT64_MAX;
	while (prev > st->cost || n_trials != 0) {
		prev = st->cost;
		res->iterations++;
		for (size_t i = 0; i < narcs; i++) {
			route_one_edge(st, &arcs[i], rng);
			if (st->cost == prev)
				n_trials -= n_trials > 0;
			else
				n_trials = ntry;
		}
		/* the cost never rises, so this only guards against a bug */
		if (res->iterations > 100000)
			break;
	}
	res->cost = st->cost;
	res->flow = max_flow(st);
}

static int adaptive_compute(const struct rcf_route_in *in,
			    const struct rcf_route_conf *c,
			    struct rcf_routes *s, char *err, size_t errlen)
{
	const struct rcf_graph *g = in->g;
	const struct rcf_nig *nig = in->nig;
	const struct rcf_router *base = rcf_router_of(c->v[AD_INIT]);
	const struct rcf_routes *from = in->base;
	struct rcf_routes cands, init;
	struct state st = {.g = g, .k = c->v[AD_K]};
	struct rcf_adaptive_result res = {0};
	struct arc *arcs = NULL;
	uint64_t rng = c->v[AD_SEED];
	int rc = -1;

	rcf_routes_init(&cands);
	rcf_routes_init(&init);
	if (!nig || !nig->n) {
		snprintf(err, errlen,
			 "adaptive needs a node interaction graph "
			 "(--nig FILE)");
		return -1;
	}
	arcs = calloc(nig->n, sizeof(*arcs));
	st.wl = calloc(2 * g->nlinks + 1, sizeof(*st.wl));
	st.ws = calloc(RCF_MAX_SWITCHES, sizeof(*st.ws));
	if (!arcs || !st.wl || !st.ws) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (base && !from) {
		if (base_routes(in, c, base, &init, err, errlen))
			goto out;
		from = &init;
	}
	if (candidates(g, nig, base, from, (int)c->v[AD_CANDIDATES], arcs,
		       &cands, err, errlen) ||
	    describe_all(&st, &cands, err, errlen))
		goto out;
	minimise(&st, arcs, nig->n, !base, (int)c->v[AD_NTRY], &rng, &res);
	res.candidates = cands.n;
	for (size_t i = 0; i < nig->n; i++) {
		const struct rcf_route_rec *r0 =
			&cands.r[arcs[i].first + arcs[i].cur];
		unsigned int n0;
		const uint8_t *h0 = rcf_route_hops(&cands, r0, &n0);

		if (rcf_routes_push(s, r0->src, r0->dst, 0, h0, n0)) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
	}
	if (in->result)
		*in->result = res;
	rc = 0;
out:
	rcf_routes_free(&cands);
	rcf_routes_free(&init);
	free(arcs);
	free(st.wl);
	free(st.ws);
	free(st.c);
	free(st.pool);
	return rc;
}

static const struct rcf_router_opt adaptive_opts[] = {
	[AD_K] = RCF_ADAPTIVE_OPT_K,
	[AD_NTRY] = RCF_ADAPTIVE_OPT_NTRY,
	[AD_INIT] = {"init", "random|ROUTER",
		     "initial routes: random, or the router refined",
		     RCF_ROPT_ROUTER, 0, 0, 0},
	[AD_SEED] = RCF_ADAPTIVE_OPT_SEED(0),
	[AD_CANDIDATES] = RCF_ADAPTIVE_OPT_CANDIDATES,
	[AD_RELAY] = {"relay", NULL, "the refined router's nodes forward",
		      RCF_ROPT_FLAG, 0, 1, 0},
};

const struct rcf_router rcf_router_adaptive = {
	.name = "adaptive",
	.help = "the SP1 paper's experimental router: routes for a NIG's "
		"pairs only",
	.opts = adaptive_opts,
	.nopts = 6,
	.flags = RCF_ROUTER_NIG | RCF_ROUTER_NEEDS_NIG | RCF_ROUTER_NIG_PAIRS |
		 RCF_ROUTER_REPORTS,
	.compute = adaptive_compute,
};
