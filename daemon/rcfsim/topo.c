// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim's library half: the fabric from a generator or a topology file,
 * its routes from a generator or a route file (what rcfctl route compute
 * prints), checked for walking and for deadlock freedom, then kept
 * in a struct sim_fabric (topo.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/batch.h"
#include "util/errf.h"
#include "route/graph.h"
#include "route/nig.h"
#include "route/plan.h"
#include "route/relation_plan.h"
#include "route/relation_updown.h"
#include "route/router.h"
#include "topo/rdt.h"
#include "topo/topo_fail.h"
#include "topo/topo_gen.h"
#include "topo.h"

/* the router a generator's fabric is routed with by default */
static const char *default_router(const char *gen)
{
	if (gen && (!strncmp(gen, "torus:", 6) || !strncmp(gen, "mesh:", 5)))
		return "dor";
	if (gen &&
	    (!strncmp(gen, "hypercube:", 10) || !strncmp(gen, "hcube:", 6)))
		return "ecube";
	if (gen && !strncmp(gen, "sp1:", 4))
		return "sp1";
	if (gen && rcf_rdt_spec(gen))
		return "rdt-vector";
	return "shortest";
}

/* the VCs a generator's default router is given without --vcs */
static int default_vcs(const char *gen)
{
	struct rcf_rdt d;
	char why[256];

	if (gen && (!strncmp(gen, "torus:", 6) || !strncmp(gen, "prdt:", 5)))
		return 2;
	if (gen && rcf_rdt_spec(gen) &&
	    !rcf_rdt_parse(gen, RCF_MAX_NODES, &d, why, sizeof(why)))
		return d.m < d.R ? 3 : 2;
	return 1;
}

/* Link and switch overrides, and the VCs dimension order needs. */
static void tune(struct rcf_topo *t, const struct sim_topo_opts *o, int vcs)
{
	struct rcf_objv *v = &t->v[RCF_K_LINK];

	for (size_t i = 0; i < v->n; i++) {
		struct rcf_obj *l = &v->o[i];
		uint64_t cur = rcf_has(l, RCF_A_LINK_VCS) ? l->v[RCF_A_LINK_VCS]
							  : RCF_LINK_DEF_VCS;

		if (o->bandwidth)
			rcf_set(l, RCF_A_LINK_BANDWIDTH, o->bandwidth);
		if (o->latency)
			rcf_set(l, RCF_A_LINK_LATENCY, o->latency);
		if (o->buf_size)
			rcf_set(l, RCF_A_LINK_BUF_SIZE, o->buf_size);
		if (vcs > 0 && cur < (uint64_t)vcs)
			rcf_set(l, RCF_A_LINK_VCS, vcs);
	}
	v = &t->v[RCF_K_SWITCH];
	for (size_t i = 0; i < v->n && o->cq_size; i++)
		rcf_set(&v->o[i], RCF_A_SWITCH_CQ_SIZE, o->cq_size);
}

static int get_routes(const struct sim_topo_opts *o, struct rcf_topo *t,
		      struct rcf_graph *g, struct rcf_routes *s,
		      struct sim_fabric *f, char *err, size_t errlen)
{
	const struct rcf_router *r = NULL;
	struct rcf_route_conf rc;
	struct rcf_route_in in = {.g = g};
	const char *how = o->routes;
	/* with a relation, --vcs is the relation's (get_relation) */
	int vcs = o->relation ? 0 : o->vcs;

	if (!how && t->v[RCF_K_ROUTE].n) {
		how = "file";
	} else if (!how) {
		how = default_router(o->gen);
		r = rcf_router_find(how);
	} else if (!(r = rcf_router_find(how))) {
		struct rcf_topo rt;

		/* a route file: "route add ..." lines, as rcfctl prints */
		if (rcf_topo_read_path(how, &rt, err, errlen))
			return -1;
		if (rcf_routes_from_topo(s, &rt)) {
			rcf_topo_free(&rt);
			return rcf_errf(err, errlen, "out of memory");
		}
		rcf_topo_free(&rt);
		how = "file";
	}
	snprintf(f->routes_how, sizeof(f->routes_how), "%s", how);
	if (!strcmp(how, "file") && !s->n && rcf_routes_from_topo(s, t))
		return rcf_errf(err, errlen, "out of memory");
	rcf_route_conf_init(&rc, r);
	if (r && o->paths && rcf_router_opt(r, "paths", NULL) &&
	    rcf_route_conf_setv(&rc, "paths", o->paths, err, errlen))
		return -1;
	if (o->tie_seed &&
	    rcf_route_conf_setv(&rc, "tie-seed", o->tie_seed, err, errlen))
		return -1;
	if (r && rcf_router_opt(r, "vcs", NULL)) {
		/*
		 * a torus's or PRDT's dateline needs VC 1 on every ring; an
		 * RDT with m < R VC 2 for its hops between ranks too
		 */
		if (!vcs)
			vcs = default_vcs(o->gen);
		if (rcf_route_conf_setv(&rc, "vcs", vcs, err, errlen))
			return -1;
	}
	tune(t, o, vcs);
	if (rcf_graph_build(g, t, err, errlen))
		return -1;
	if (r) {
		if (r->flags & RCF_ROUTER_NEEDS_NIG)
			return rcf_errf(
				err, errlen,
				"%s routes need a NIG: compute them "
				"with rcfctl route compute and pass the "
				"file",
				r->name);
		if (rcf_route_compute(&in, &rc, s, err, errlen))
			return -1;
	}
	return 0;
}

/*
 * The checks rcfctl route compute and rcfd make before an install
 * (rcf_plan_check): every route walks to its destination and the set's
 * channel dependency graph is searched for a cycle.
 */
static int check_routes(const struct rcf_graph *g, struct rcf_routes *s,
			struct sim_fabric *f, char *err, size_t errlen)
{
	struct rcf_route_plan p;
	int rc;

	rcf_plan_init(&p);
	/* lent for the check: the caller keeps and frees the set */
	p.new = *s;
	rc = rcf_plan_check(&p, g, err, errlen);
	if (!rc) {
		f->deadlock_free = p.cdg.acyclic;
		f->unreachable = p.st.unreachable;
	}
	rcf_routes_init(&p.new);
	rcf_plan_free(&p);
	return rc;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

int sim_fabric_take(struct rcf_topo *t, struct rcf_routes *s,
		    struct sim_fabric *f)
{
	const struct rcf_objv *nv = &t->v[RCF_K_NODE];

	f->nnodes = nv->n;
	f->nswitches = t->v[RCF_K_SWITCH].n;
	f->node_ids = calloc(f->nnodes + 1, sizeof(*f->node_ids));
	if (!f->node_ids)
		return -1;
	for (int m = 0; m < SIM_M_NR; m++) {
		static const int attr[SIM_M_NR] = {
			[SIM_M_CQ_OFF] = RCF_A_FABRIC_CQ_OFF,
			[SIM_M_ROUTE_DELAY] = RCF_A_FABRIC_ROUTE_DELAY,
			[SIM_M_ALLOC] = RCF_A_FABRIC_ALLOC,
			[SIM_M_RAW] = RCF_A_FABRIC_RAW,
		};

		if (rcf_has(&t->fabric, attr[m])) {
			f->model[m] = (uint32_t)t->fabric.v[attr[m]];
			f->model_set |= 1u << m;
		}
	}
	for (size_t i = 0; i < nv->n; i++)
		f->node_ids[i] = (uint32_t)nv->o[i].v[RCF_A_NODE_ID];
	qsort(f->node_ids, f->nnodes, sizeof(*f->node_ids), cmp_u32);
	f->t = *t;
	rcf_topo_init(t);
	f->s = *s;
	rcf_routes_init(s);
	return 0;
}

/*
 * --fail: links between switches taken out of t after the routes were
 * computed on the whole fabric (a router may need its shape), and the
 * routes they broke moved to up-down on a VC of their own, one above
 * those the routes use, so the two sets never share a channel and each
 * keeps its acyclic dependencies.  The graph is rebuilt for the check.
 */
static int fail_links(const struct sim_topo_opts *o, struct rcf_topo *t,
		      struct rcf_graph *g, struct rcf_routes *s,
		      struct sim_fabric *f, char *err, size_t errlen)
{
	struct rcf_relnet net;
	int vc = 0;

	/* the ids kept, so that rcf.ko's links can be set down alike */
	if (rcf_topo_fail_choose(t, o->fail, o->fail_seed, &f->failed_ids,
				 &f->failed, err, errlen))
		return -1;
	if (rcf_topo_remove_links(t, f->failed_ids, f->failed) != f->failed)
		return rcf_errf(err, errlen, "out of memory");
	for (size_t i = 0; i < s->n; i++) {
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, &s->r[i], &len);

		for (unsigned int h = 0; h < len; h++)
			if (RCF_HOP_VC(hops[h]) > vc)
				vc = RCF_HOP_VC(hops[h]);
	}
	if (vc + 1 >= RCF_LINK_MAX_VCS)
		return rcf_errf(err, errlen,
				"--fail: the routes use every VC, none "
				"left for up-down");
	tune(t, o, vc + 2);
	if (rcf_relnet_topo(t, vc + 2, &net, err, errlen))
		return -1;
	if (rcf_routes_updown(&net, s, vc + 1, &f->moved, err, errlen)) {
		rcf_relnet_free(&net);
		return -1;
	}
	rcf_relnet_free(&net);
	rcf_graph_free(g);
	memset(g, 0, sizeof(*g));
	return rcf_graph_build(g, t, err, errlen);
}

/*
 * The relation --relation names (rcf_relation_plan_topo, as rcfctl and
 * rcfd make theirs), on the links' VCs it needs (more when --vcs asked
 * for more, refused when --vcs asked for fewer).
 */
static int get_relation(const struct sim_topo_opts *o, struct rcf_topo *t,
			struct sim_fabric *f, char *err, size_t errlen)
{
	struct rcf_relation_plan p;
	struct rcf_relation *r = &p.r;
	int vcs;

	if (rcf_relation_plan_topo(o->relation, o->gen, "--relation", t,
				   o->failing, &p, err, errlen))
		return -1;
	vcs = r->vcs;
	if (o->vcs && o->vcs < vcs) {
		rcf_errf(err, errlen,
			 "--relation %s needs %d VCs on a %s, not --vcs %d",
			 o->relation, vcs, p.shape, o->vcs);
		rcf_relation_plan_free(&p);
		return -1;
	}
	/* up-down: VC 0 the escape, two adaptive VCs above it */
	if (o->failing && vcs < 3)
		vcs = 3;
	tune(t, o, o->vcs > vcs ? o->vcs : vcs);
	f->rel = calloc(r->n + 1, sizeof(*f->rel));
	if (!f->rel) {
		rcf_relation_plan_free(&p);
		return rcf_errf(err, errlen, "out of memory");
	}
	for (size_t i = 0; i < r->n; i++) {
		struct sim_rel *x = &f->rel[i];

		x->sw = r->ent[i].sw;
		x->dst = r->ent[i].dst;
		x->n = r->ent[i].n;
		memcpy(x->hop, r->ent[i].hop, x->n);
		memcpy(x->cls, r->ent[i].cls, x->n);
		memcpy(x->in, r->ent[i].in, x->n * sizeof(x->in[0]));
		memcpy(x->vin, r->ent[i].vin, x->n);
		memcpy(x->keep, r->ent[i].keep, x->n);
	}
	f->nrel = r->n;
	/*
	 * Destination-routed packets never take the source routes, whose
	 * set may well have a cycle (vector routing's walk on
	 * rdt:32:2:3:1): what routes them passed Duato's condition above.
	 */
	f->deadlock_free = 1;
	rcf_relation_plan_free(&p);
	return 0;
}

int sim_topo_load(const struct sim_topo_opts *o, struct sim_fabric *f,
		  char *err, size_t errlen)
{
	struct rcf_graph *g = calloc(1, sizeof(*g));
	struct rcf_routes s;
	struct rcf_topo t;
	int rc = -1;

	memset(f, 0, sizeof(*f));
	rcf_routes_init(&s);
	if (!g)
		return rcf_errf(err, errlen, "out of memory");
	if (o->gen ? rcf_topo_generate(o->gen, &t, err, errlen)
		   : rcf_topo_read_path(o->topo, &t, err, errlen)) {
		free(g);
		return -1;
	}
	if (!o->no_routes && get_routes(o, &t, g, &s, f, err, errlen))
		goto out;
	if (o->failing && fail_links(o, &t, g, &s, f, err, errlen))
		goto out;
	if (!o->no_routes && check_routes(g, &s, f, err, errlen))
		goto out;
	if (o->relation && get_relation(o, &t, f, err, errlen))
		goto out;
	if (sim_fabric_take(&t, &s, f)) {
		rcf_errf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	rcf_routes_free(&s);
	rcf_graph_free(g);
	free(g);
	rcf_topo_free(&t);
	if (rc)
		sim_fabric_free(f);
	return rc;
}

void sim_fabric_free(struct sim_fabric *f)
{
	rcf_topo_free(&f->t);
	rcf_routes_free(&f->s);
	free(f->node_ids);
	free(f->rel);
	free(f->failed_ids);
	memset(f, 0, sizeof(*f));
}

int sim_nig_load(const char *path, uint32_t **arcs, size_t *n, char *err,
		 size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct rcf_nig g;
	int rc;

	if (!f)
		return rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
	rcf_nig_init(&g);
	rc = rcf_nig_read(f, path, &g, err, errlen);
	if (f != stdin)
		fclose(f);
	if (rc)
		return -1;
	*arcs = calloc(g.n * 3 + 1, sizeof(**arcs));
	if (!*arcs) {
		rcf_nig_free(&g);
		return rcf_errf(err, errlen, "out of memory");
	}
	for (size_t i = 0; i < g.n; i++) {
		(*arcs)[3 * i] = g.a[i].src;
		(*arcs)[3 * i + 1] = g.a[i].dst;
		(*arcs)[3 * i + 2] = g.a[i].flow;
	}
	*n = g.n;
	rcf_nig_free(&g);
	return 0;
}
