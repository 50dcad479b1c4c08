// SPDX-License-Identifier: GPL-2.0
/* The generator half of gen_fabric.h: daemon/lib's topologies and routes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "gen_fabric.h"
#include "route/graph.h"
#include "route/relation.h"
#include "route/relation_rdt.h"
#include "route/route.h"
#include "route/router.h"
#include "topo/topo_gen.h"

/*
 * The router of that name (shortest for any other), with vcs and paths
 * where it takes them: the options of one router mean nothing to another.
 */
static int route_conf(const char *algo, int vcs, int paths,
		      struct rcf_route_conf *c, char *err, size_t errlen)
{
	const struct rcf_router *r = rcf_router_find(algo);
	int idx;

	rcf_route_conf_init(c, r ? r : rcf_router_find("shortest"));
	if (rcf_router_opt(c->r, "vcs", &idx) &&
	    rcf_route_conf_setv(c, "vcs", (uint64_t)vcs, err, errlen))
		return -1;
	if (rcf_router_opt(c->r, "paths", &idx) &&
	    rcf_route_conf_setv(c, "paths", (uint64_t)paths, err, errlen))
		return -1;
	return 0;
}

static void flatten(const struct rcf_topo *t, const struct rcf_routes *s,
		    struct gen_fabric *gf)
{
	size_t i, k = 0;

	for (int kind = RCF_K_NODE; kind <= RCF_K_SWITCH; kind++) {
		const struct rcf_objv *v = &t->v[kind];
		int pa = kind == RCF_K_NODE ? RCF_A_NODE_PORTS
					    : RCF_A_SWITCH_PORTS;
		int ia = kind == RCF_K_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;

		for (i = 0; i < v->n; i++, k++) {
			gf->elem[k].kind = kind == RCF_K_NODE ? RCF_ELEM_NODE
							      : RCF_ELEM_SWITCH;
			gf->elem[k].id = v->o[i].v[ia];
			gf->elem[k].ports =
				rcf_has(&v->o[i], pa) ? v->o[i].v[pa] : 0;
		}
	}
	for (i = 0; i < gf->nlink; i++) {
		const struct rcf_obj *l = &t->v[RCF_K_LINK].o[i];

		gf->link[i].id = l->v[RCF_A_LINK_ID];
		for (int e = 0; e < 2; e++) {
			gf->link[i].kind[e] = l->end[e].kind;
			gf->link[i].elem[e] = l->end[e].id;
			gf->link[i].port[e] = l->end[e].port;
		}
	}
	for (i = 0; i < s->n; i++) {
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);

		gf->route[i].src = s->r[i].src;
		gf->route[i].dst = s->r[i].dst;
		gf->route[i].index = s->r[i].index;
		gf->route[i].nhops = (uint8_t)len;
		memcpy(gf->route[i].hops, hops, len);
	}
}

int gen_fabric(const char *spec, const char *algo, int vcs, int paths,
	       struct gen_fabric *gf)
{
	struct rcf_graph *g = calloc(1, sizeof(*g));
	struct rcf_route_in in = {.g = g};
	struct rcf_route_conf c;
	struct rcf_routes s;
	struct rcf_topo t;
	char err[256];
	int rc = -1;

	memset(gf, 0, sizeof(*gf));
	rcf_routes_init(&s);
	rcf_topo_init(&t);
	if (!g || rcf_topo_generate(spec, &t, err, sizeof(err)) ||
	    rcf_graph_build(g, &t, err, sizeof(err)) ||
	    route_conf(algo, vcs, paths, &c, err, sizeof(err)) ||
	    rcf_route_compute(&in, &c, &s, err, sizeof(err))) {
		fprintf(stderr, "# %s: %s\n", spec, g ? err : "out of memory");
		goto out;
	}
	gf->nelem = t.v[RCF_K_NODE].n + t.v[RCF_K_SWITCH].n;
	gf->nlink = t.v[RCF_K_LINK].n;
	gf->nroute = s.n;
	gf->elem = calloc(gf->nelem + 1, sizeof(*gf->elem));
	gf->link = calloc(gf->nlink + 1, sizeof(*gf->link));
	gf->route = calloc(gf->nroute + 1, sizeof(*gf->route));
	if (!gf->elem || !gf->link || !gf->route) {
		fprintf(stderr, "# %s: out of memory\n", spec);
		gen_fabric_free(gf);
		goto out;
	}
	flatten(&t, &s, gf);
	rc = 0;
out:
	rcf_routes_free(&s);
	if (g)
		rcf_graph_free(g);
	free(g);
	rcf_topo_free(&t);
	return rc;
}

void gen_fabric_free(struct gen_fabric *gf)
{
	free(gf->elem);
	free(gf->link);
	free(gf->route);
	memset(gf, 0, sizeof(*gf));
}

static int same_list(const struct rcf_relation_ent *a,
		     const struct rcf_relation_ent *b)
{
	return a->n == b->n && !memcmp(a->hop, b->hop, a->n) &&
	       !memcmp(a->cls, b->cls, a->n) && !memcmp(a->vin, b->vin, a->n) &&
	       !memcmp(a->keep, b->keep, a->n) &&
	       !memcmp(a->in, b->in, a->n * sizeof(a->in[0]));
}

/*
 * Each destination's list made its own: the v-th destination of a switch
 * sharing r's list with earlier ones has, for candidate c, an input mask
 * of every port (all) when bit 2c of v is set and an input VC mask of
 * every VC when bit 2c + 1 is; both mean what no mask means, so the
 * relation routes as r does with a list per destination.
 */
static void widen(const struct rcf_relation *r, struct gen_rel *out,
		  uint32_t all)
{
	size_t i, j, s0 = 0;

	for (i = 0; i < r->n; i++) {
		uint32_t v = 0;

		if (r->ent[i].sw != r->ent[s0].sw)
			s0 = i;
		for (j = s0; j < i; j++)
			v += same_list(&r->ent[j], &r->ent[i]);
		for (int c = 0; c < r->ent[i].n; c++) {
			if (v >> (2 * c) & 1)
				out[i].in[c] = all;
			if (v >> (2 * c + 1) & 1)
				out[i].vin[c] = 0xf;
		}
	}
}

int gen_relation(const char *spec, const char *kind, struct gen_rel **rel,
		 size_t *n, int *vcs)
{
	struct rcf_relation_grid g;
	struct rcf_relation r = {0};
	struct rcf_topo t;
	char err[256];
	int k, rc = -1, masked = 0, wide = 0;

	rcf_topo_init(&t);
	*rel = NULL;
	if (!strcmp(kind, "duato-in")) {
		masked = 1;
		kind = "duato";
	}
	if (!strcmp(kind, "duato-wide")) {
		wide = 1;
		kind = "duato";
	}
	if (!strcmp(kind, "north-last-wrap")) {
		struct rcf_rdt d;

		if (rcf_rdt_parse(spec, RCF_MAX_NODES, &d, err, sizeof(err)) ||
		    rcf_relation_rdt(&d, RCF_RELATION_NORTH_LAST_WRAP, &r, err,
				     sizeof(err))) {
			fprintf(stderr, "# %s %s: %s\n", spec, kind, err);
			goto out;
		}
	} else if (rcf_relation_kind(kind, &k) ||
		   rcf_topo_generate(spec, &t, err, sizeof(err)) ||
		   rcf_relation_grid_of(&t, &g, err, sizeof(err)) ||
		   rcf_relation_grid(&g, k, &r, err, sizeof(err))) {
		fprintf(stderr, "# %s %s: no relation\n", spec, kind);
		goto out;
	}
	*rel = calloc(r.n + 1, sizeof(**rel));
	if (!*rel)
		goto out;
	for (size_t i = 0; i < r.n; i++) {
		(*rel)[i].sw = r.ent[i].sw;
		(*rel)[i].dst = r.ent[i].dst;
		(*rel)[i].n = r.ent[i].n;
		memcpy((*rel)[i].hop, r.ent[i].hop, r.ent[i].n);
		memcpy((*rel)[i].cls, r.ent[i].cls, r.ent[i].n);
		memcpy((*rel)[i].vin, r.ent[i].vin, r.ent[i].n);
		memcpy((*rel)[i].keep, r.ent[i].keep, r.ent[i].n);
		for (int c = 0; c < r.ent[i].n; c++) {
			/* going on along +X arrives by -X (port 1), ... */
			uint32_t p = RCF_HOP_PORT(r.ent[i].hop[c]);

			if (masked && p < 4 &&
			    r.ent[i].cls[c] == RCF_RELATION_ADAPTIVE)
				(*rel)[i].in[c] = ((2u << g.node_port) - 1) &
						  ~(1u << (p ^ 1));
			else
				(*rel)[i].in[c] = r.ent[i].in[c];
		}
	}
	if (wide)
		widen(&r, *rel, (2u << g.node_port) - 1);
	*n = r.n;
	*vcs = r.vcs;
	rc = 0;
out:
	rcf_relation_free(&r);
	rcf_topo_free(&t);
	return rc;
}
