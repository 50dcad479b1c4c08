// SPDX-License-Identifier: GPL-2.0
/*
 * A route for every pair, with the traffic's pairs optimised: SP1's set,
 * then the NIG's pairs re-routed by the adaptive router starting from
 * their SP1 routes.  rcfd routes with it on the traffic the kernel
 * measured; adaptive alone routes only the NIG's pairs, which would leave
 * every other pair without a route.
 */
#include <stdio.h>

#include "route/nig.h"
#include "route/route_adaptive.h"
#include "util/errf.h"

/*
 * base with the routes of the pairs in opt replaced by opt's; both sorted
 * by (src, dst, index).  0, or -1 when out of memory.
 */
static int merge_pairs(const struct rcf_routes *base,
		       const struct rcf_routes *opt, struct rcf_routes *out)
{
	size_t i = 0, j = 0;

	while (i < base->n || j < opt->n) {
		const struct rcf_route_rec *b =
			i < base->n ? &base->r[i] : NULL;
		const struct rcf_route_rec *o = j < opt->n ? &opt->r[j] : NULL;
		const struct rcf_routes *from;
		const struct rcf_route_rec *take;
		const uint8_t *hops;
		unsigned int len;

		if (b && o && b->src == o->src && b->dst == o->dst) {
			i++; /* the pair's base route gives way */
			continue;
		}
		if (!o || (b && (b->src < o->src ||
				 (b->src == o->src && b->dst < o->dst)))) {
			from = base;
			take = &base->r[i++];
		} else {
			from = opt;
			take = &opt->r[j++];
		}
		hops = rcf_route_hops(from, take, &len);
		if (rcf_routes_push(out, take->src, take->dst, take->index,
				    hops, len))
			return -1;
	}
	return 0;
}

/* the arcs of nig (sorted) whose pair has a route in s (sorted) */
static int routed_arcs(const struct rcf_nig *nig, const struct rcf_routes *s,
		       struct rcf_nig *arcs)
{
	for (size_t i = 0, j = 0; i < nig->n; i++) {
		const struct rcf_nig_arc *a = &nig->a[i];

		while (j < s->n &&
		       (s->r[j].src < a->src ||
			(s->r[j].src == a->src && s->r[j].dst < a->dst)))
			j++;
		if (j < s->n && s->r[j].src == a->src &&
		    s->r[j].dst == a->dst &&
		    rcf_nig_add(arcs, a->src, a->dst, a->flow))
			return -1;
	}
	return 0;
}

/* passed on by key to sp1 (relay) and adaptive (the others) */
static const struct rcf_router_opt sa_opts[] = {
	RCF_ADAPTIVE_OPT_K,
	RCF_ADAPTIVE_OPT_NTRY,
	RCF_ADAPTIVE_OPT_SEED(1),
	RCF_ADAPTIVE_OPT_CANDIDATES,
	{"relay", NULL, "SP1's nodes forward", RCF_ROPT_FLAG, 0, 1, 0},
};

static int sa_compute(const struct rcf_route_in *in,
		      const struct rcf_route_conf *c, struct rcf_routes *s,
		      char *err, size_t errlen)
{
	struct rcf_route_conf bc, ac;
	struct rcf_routes sp1, opt;
	struct rcf_nig arcs;
	struct rcf_route_in sin = *in, ain = *in;
	int rc = -1;

	rcf_routes_init(&sp1);
	rcf_routes_init(&opt);
	rcf_nig_init(&arcs);
	rcf_route_conf_init(&bc, rcf_router_find("sp1"));
	rcf_route_conf_pass(c, &bc);
	rcf_route_conf_init(&ac, rcf_router_find("adaptive"));
	rcf_route_conf_pass(c, &ac);
	if (rcf_route_conf_set(&ac, "init", "sp1", err, errlen))
		return -1;
	/* the set is made whole here, never handed on source by source */
	sin.emit = ain.emit = NULL;
	sin.nig = NULL;
	sin.result = NULL;
	if (rcf_route_compute(&sin, &bc, &sp1, err, errlen))
		goto out;
	/* only pairs SP1 can route: a cut-off node's traffic is no arc */
	if (in->nig && routed_arcs(in->nig, &sp1, &arcs)) {
		rcf_errf(err, errlen, "out of memory");
		goto out;
	}
	ain.nig = &arcs;
	ain.base = &sp1;
	ain.progress = NULL;
	if (arcs.n && rcf_route_compute(&ain, &ac, &opt, err, errlen))
		goto out;
	if (merge_pairs(&sp1, &opt, s)) {
		rcf_errf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	rcf_routes_free(&sp1);
	rcf_routes_free(&opt);
	rcf_nig_free(&arcs);
	return rc;
}

const struct rcf_router rcf_router_sp1_adaptive = {
	.name = "sp1-adaptive",
	.help = "sp1 for every pair, the NIG's pairs re-routed by adaptive "
		"from there",
	.opts = sa_opts,
	.nopts = 5,
	.flags = RCF_ROUTER_NIG | RCF_ROUTER_REPORTS,
	.compute = sa_compute,
};
