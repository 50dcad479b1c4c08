// SPDX-License-Identifier: GPL-2.0
/*
 * Vector routing on a PRDT (Algorithm A of Funahashi and Amano, "Adaptive
 * routing on the Recursive Diagonal Torus", 1997): the offset to the
 * destination written as steps along each rank's unit vectors
 * (rcf_rdt_vector()), walked from the top rank down, X before Y in each.
 * On an RDT with m < R, the walk of topo/rdt_walk.h, which reaches the
 * ranks a router lacks by base hops.  Recognises the prdt:S:n:R and
 * rdt:S:n:R:m generators' wiring and refuses any other fabric.  With vcs
 * 2 each ring of each rank gets a dateline, as dor's rings do; with m <
 * R the base hops to another rank take a third VC (vcs 3).
 * Documentation/rdt.rst says why.
 */
#include <stdio.h>
#include <stdlib.h>

#include "route/nodes_only.h"
#include "route/router.h"
#include "topo/rdt.h"
#include "topo/rdt_ring.h"
#include "topo/rdt_walk.h"

struct vec {
	struct rcf_rdt d;
	const struct rcf_graph *g;
	int vcs;
	struct rcf_rdt_rings rings;
};

/* d's generator spec, prdt:S:n:R or rdt:S:n:R:m, into buf */
static const char *spec_of(const struct rcf_rdt *d, char *buf, size_t len)
{
	if (d->m == d->R)
		snprintf(buf, len, "prdt:%u:%u:%u", d->side, d->n, d->R);
	else
		snprintf(buf, len, "rdt:%u:%u:%u:%u", d->side, d->n, d->R,
			 d->m);
	return buf;
}

/* whether the graph is d's fabric; -1 with the first difference in err */
static int matches(const struct rcf_graph *g, const struct rcf_rdt *d,
		   char *err, size_t errlen)
{
	uint32_t nr = d->side * d->side, np = rcf_rdt_ports(d);
	char spec[64];

	for (uint32_t i = 0; i < nr; i++) {
		const struct rcf_gport *p = rcf_gport(g, g->nnodes + i, np - 1);
		uint32_t ranks[RCF_RDT_MAX_RANK + 1],
			k = rcf_rdt_ranks(d, i, ranks);

		if (g->v[g->nnodes + i].nports != np || p->peer != (int32_t)i)
			goto bad_node;
		p = rcf_gport(g, i, 0);
		if (g->v[i].nports != 1 || p->peer != (int32_t)(g->nnodes + i))
			goto bad_node;
		for (uint32_t s = 0; s < k; s++)
			for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
				uint32_t j = rcf_rdt_step(d, i, ranks[s], dir);
				int sj = rcf_rdt_slot(d, j, ranks[s]);

				p = rcf_gport(g, g->nnodes + i, 4 * s + dir);
				if (sj >= 0 &&
				    p->peer == (int32_t)(g->nnodes + j) &&
				    p->in_port == 4 * (uint32_t)sj + (dir ^ 1))
					continue;
				snprintf(err, errlen,
					 "rdt-vector needs a whole %s with "
					 "every link up (every rank at every "
					 "switch that has it): switch %u port "
					 "%u is not as the generator wires it",
					 spec_of(d, spec, sizeof(spec)), i,
					 4 * s + dir);
				return -1;
			}
	}
	return 0;
bad_node:
	snprintf(err, errlen,
		 "rdt-vector needs a prdt:S:n:R or rdt:S:n:R:m fabric: node i "
		 "on the last port of switch i");
	return -1;
}

/*
 * The PRDT or RDT whose generator made g: side, n, and m from the port
 * count; R = m first (a PRDT), then, with n = 2, each R above m.
 */
static int recognise(const struct rcf_graph *g, struct rcf_rdt *d, char *err,
		     size_t errlen)
{
	uint32_t side = 1, np, m;
	char why[300] = "";

	while ((uint64_t)side * side < g->nnodes)
		side++;
	if (!g->nnodes || (uint64_t)side * side != g->nnodes ||
	    g->nv != 2 * g->nnodes)
		goto bad;
	np = g->v[g->nnodes].nports;
	for (uint32_t i = 0; i < g->nnodes; i++)
		if (g->v[i].id != i || g->v[g->nnodes + i].id != i)
			goto bad;
	if (np < 9 || (np - 1) % 4)
		goto bad;
	m = (np - 1) / 4 - 1;
	/* the cardinal number and the highest rank: those whose wiring it is */
	for (uint32_t n = 2; n <= side; n++)
		for (uint32_t R = m; R <= RCF_RDT_MAX_RANK; R++) {
			char no[300];

			if (rcf_rdt_init(d, side, n, R, m, no, sizeof(no)))
				continue;
			if (!matches(g, d, why[0] ? no : why, sizeof(why)))
				return 0;
		}
	if (why[0]) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
bad:
	snprintf(err, errlen,
		 "rdt-vector needs a prdt:S:n:R or rdt:S:n:R:m fabric (S * S "
		 "nodes of one port, each on the switch of the same id with 4 "
		 "ports per rank it has and one for the node)");
	return -1;
}

/*
 * With m < R, the walk of topo/rdt_walk.h, and the VCs the destination
 * table gives (relation_rdt.c): on a rank's ring 1 while the steps left
 * cross its dateline, 0 after; a detour on 2.
 */
static void fill_walk(struct rcf_route_buf *rt, const struct vec *o)
{
	struct rcf_rdt_hop h[RCF_ROUTE_MAX_HOPS];
	int k = rcf_rdt_walk(&o->d, rt->src, rt->dst, h,
			     RCF_ROUTE_MAX_HOPS - 2);
	uint32_t at = rt->src;

	rt->hops[rt->nhops++] = RCF_HOP(0, 0);
	for (int i = 0; i < k; i++) {
		int slot = rcf_rdt_slot(&o->d, at, h[i].rank), vc = 0;

		if (o->vcs > 1)
			vc = h[i].detour
				     ? 2
				     : rcf_rdt_crosses(&o->rings, at, h[i].rank,
						       h[i].dir / 2, h[i].left);
		rt->hops[rt->nhops++] =
			RCF_HOP(4 * (uint32_t)slot + h[i].dir, vc);
		at = rcf_rdt_step(&o->d, at, h[i].rank, h[i].dir);
	}
	rt->hops[rt->nhops++] = RCF_HOP(rcf_rdt_ports(&o->d) - 1, 0);
}

static void fill(struct rcf_route_buf *rt, const void *arg)
{
	const struct vec *o = arg;
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	uint32_t at = rt->src;

	if (o->d.m < o->d.R) {
		fill_walk(rt, o);
		return;
	}
	rcf_rdt_vector(&o->d, rt->src, rt->dst, v);
	rt->hops[rt->nhops++] = RCF_HOP(0, 0);
	for (uint32_t r = o->d.R + 1; r-- > 0;)
		for (int a = 0; a < 2; a++) {
			int32_t k = v[r][a];
			unsigned int dir = 2 * a + (k < 0);
			int vc = 0;

			for (int32_t i = 0; i < (k < 0 ? -k : k); i++) {
				/* the ring's dateline: last place to first */
				if (o->vcs > 1 &&
				    rcf_rdt_crosses(&o->rings, at, r, a,
						    k < 0 ? -1 : 1))
					vc = 1;
				rt->hops[rt->nhops++] =
					RCF_HOP(4 * r + dir, vc);
				at = rcf_rdt_step(&o->d, at, r, dir);
			}
		}
	rt->hops[rt->nhops++] = RCF_HOP(rcf_rdt_ports(&o->d) - 1, 0);
}

/*
 * The longest route, -1 when a walk does not arrive: on a PRDT routes
 * depend on the offset alone, so from router 0; on an RDT from the 16
 * routers of one period of the assignment (it repeats every 4).
 */
static int longest(const struct rcf_rdt *d)
{
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	uint32_t s = d->side, srcs = d->m < d->R ? 16 : 1;
	int most = 0;

	for (uint32_t i = 0; i < srcs; i++)
		for (uint32_t dst = 0; dst < s * s; dst++) {
			uint32_t src = i / 4 * s + i % 4;
			int h = d->m < d->R
					? rcf_rdt_walk(d, src, dst, NULL,
						       RCF_ROUTE_MAX_HOPS)
					: (int)rcf_rdt_vector(d, src, dst, v);

			if (h < 0)
				return -1;
			most = h > most ? h : most;
		}
	return most;
}

static int vector_compute(const struct rcf_route_in *in,
			  const struct rcf_route_conf *c, struct rcf_routes *s,
			  char *err, size_t errlen)
{
	struct vec o = {.g = in->g, .vcs = (int)c->v[0]};
	int rc = -1;

	int most;
	char spec[64];

	if (recognise(in->g, &o.d, err, errlen))
		return -1;
	if (o.d.m < o.d.R && o.vcs == 2) {
		snprintf(err, errlen,
			 "rdt-vector on %s: the detours to other ranks take a "
			 "third VC (vcs 3, or 1)",
			 spec_of(&o.d, spec, sizeof(spec)));
		return -1;
	}
	if (o.d.m == o.d.R && o.vcs == 3) {
		snprintf(err, errlen,
			 "rdt-vector on %s: 1 or 2 VCs (a third is for the "
			 "detours of rdt:S:n:R:m with m < R)",
			 spec_of(&o.d, spec, sizeof(spec)));
		return -1;
	}
	most = longest(&o.d);
	if (most < 0) {
		snprintf(err, errlen,
			 "rdt-vector on %s: a walk does not arrive (the "
			 "modification for m < R is not proven to)",
			 spec_of(&o.d, spec, sizeof(spec)));
		return -1;
	}
	if (most + 2 > RCF_ROUTE_MAX_HOPS) {
		snprintf(err, errlen,
			 "rdt-vector: routes would need more than %d bytes",
			 RCF_ROUTE_MAX_HOPS);
		return -1;
	}
	if (rcf_rdt_rings(&o.d, &o.rings))
		snprintf(err, errlen, "out of memory");
	else
		rc = rcf_nodes_all_pairs(in->g->nnodes, s, fill, &o, err,
					 errlen);
	rcf_rdt_rings_free(&o.rings);
	return rc;
}

static const struct rcf_router_opt vector_opts[] = {
	{"vcs", "1|2|3",
	 "2 for a dateline on every ring of every rank; 3 with m < R, the "
	 "third for the detours between ranks",
	 RCF_ROPT_NUM, 1, 3, 1},
};

const struct rcf_router rcf_router_rdt_vector = {
	.name = "rdt-vector",
	.help = "vector routing (Algorithm A) on a whole prdt:S:n:R or "
		"rdt:S:n:R:m",
	.opts = vector_opts,
	.nopts = 1,
	.walk_hint = "vcs 2 needs 2 VCs on every link (rcfctl link set L vcs "
		     "2), or --vcs 1",
	.compute = vector_compute,
};
