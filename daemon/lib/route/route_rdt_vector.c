// SPDX-License-Identifier: GPL-2.0
/*
 * Vector routing on a PRDT (Algorithm A of Funahashi and Amano, "Adaptive
 * routing on the Recursive Diagonal Torus", 1997): the offset to the
 * destination written as steps along each rank's unit vectors
 * (rcf_rdt_vector()), walked from the top rank down, X before Y in each.
 * Recognises the prdt:S:n:R generator's wiring and refuses any other
 * fabric.  With vcs 2 each ring of each rank gets a dateline, as dor's
 * rings do; Documentation/rdt.rst says when one VC is enough.
 */
#include <stdio.h>
#include <stdlib.h>

#include "route/nodes_only.h"
#include "route/router.h"
#include "topo/rdt.h"
#include "topo/rdt_ring.h"

struct vec {
	struct rcf_rdt d;
	const struct rcf_graph *g;
	int vcs;
	struct rcf_rdt_rings rings;
};

/* whether the graph is d's fabric; -1 with the first difference in err */
static int matches(const struct rcf_graph *g, const struct rcf_rdt *d,
		   char *err, size_t errlen)
{
	uint32_t nr = d->side * d->side, np = rcf_rdt_ports(d);

	for (uint32_t i = 0; i < nr; i++) {
		const struct rcf_gport *p = rcf_gport(g, g->nnodes + i, np - 1);

		if (g->v[g->nnodes + i].nports != np || p->peer != (int32_t)i)
			goto bad_node;
		p = rcf_gport(g, i, 0);
		if (g->v[i].nports != 1 || p->peer != (int32_t)(g->nnodes + i))
			goto bad_node;
		for (uint32_t r = 0; r <= d->R; r++)
			for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
				uint32_t j = rcf_rdt_step(d, i, r, dir);

				p = rcf_gport(g, g->nnodes + i, 4 * r + dir);
				if (p->peer != (int32_t)(g->nnodes + j) ||
				    p->in_port != 4 * r + (dir ^ 1)) {
					snprintf(
						err, errlen,
						"rdt-vector needs a whole "
						"prdt:%u:%u:%u with every link "
						"up (every rank at every "
						"switch): switch %u port %u is "
						"not as the generator wires it",
						d->side, d->n, d->R, i,
						4 * r + dir);
					return -1;
				}
			}
	}
	return 0;
bad_node:
	snprintf(err, errlen,
		 "rdt-vector needs a prdt:S:n:R fabric: node i on the last "
		 "port of switch i");
	return -1;
}

/* The PRDT whose generator made g: side, n, and R from the port count. */
static int recognise(const struct rcf_graph *g, struct rcf_rdt *d, char *err,
		     size_t errlen)
{
	uint32_t side = 1, np;
	char why[200] = "";

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
	/* the cardinal number: the n whose wiring this is */
	for (uint32_t n = 2; n <= side; n++) {
		char no[200];

		if (rcf_rdt_init(d, side, n, (np - 1) / 4 - 1, (np - 1) / 4 - 1,
				 no, sizeof(no)))
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
		 "rdt-vector needs a prdt:S:n:R fabric (S * S nodes of one "
		 "port, each on switch of the same id with 4 ports per rank "
		 "0 to R and one for the node)");
	return -1;
}

static void fill(struct rcf_route_buf *rt, const void *arg)
{
	const struct vec *o = arg;
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	uint32_t at = rt->src;

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

/* routes depend on the offset alone: the longest from router 0 */
static uint32_t longest(const struct rcf_rdt *d)
{
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	uint32_t most = 0;

	for (uint32_t dst = 1; dst < d->side * d->side; dst++) {
		uint32_t h = rcf_rdt_vector(d, 0, dst, v);

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

	if (recognise(in->g, &o.d, err, errlen))
		return -1;
	if (longest(&o.d) + 2 > RCF_ROUTE_MAX_HOPS) {
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
	{"vcs", "1|2", "2 for a dateline on every ring of every rank",
	 RCF_ROPT_NUM, 1, 2, 1},
};

const struct rcf_router rcf_router_rdt_vector = {
	.name = "rdt-vector",
	.help = "vector routing (Algorithm A) on a whole prdt:S:n:R",
	.opts = vector_opts,
	.nopts = 1,
	.walk_hint = "vcs 2 needs 2 VCs on every link (rcfctl link set L vcs "
		     "2), or --vcs 1",
	.compute = vector_compute,
};
