// SPDX-License-Identifier: GPL-2.0
/*
 * One relation for a fabric, for rcfctl relation install, rcfd and
 * rcfsim --relation: made its up-down form round the links that are
 * down (as rcfsim --fail does with the links it takes out;
 * Documentation/rdt.rst, "Failed links"), and checked by Duato's
 * condition on the fabric it will run on, so that nothing the theory
 * does not clear is sent.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_check.h"
#include "route/relation_plan.h"
#include "route/relation_rdt.h"
#include "route/relation_rdt_mr.h"
#include "route/relation_updown.h"
#include "topo/rdt.h"
#include "topo/topo_fail.h"
#include "topo/topo_gen.h"
#include "util/errf.h"

/* What a relation is built from: its kind and the fabric's shape. */
struct basis {
	int kind, rdt;
	struct rcf_rdt rd;
	struct rcf_relation_grid g;
};

/*
 * A refusal names the relation as opt does: "relation" (rcfctl, rcfd)
 * or an option, "--relation" (rcfsim), whose fabric is named by its
 * option "--gen" too.
 */
static int basis_kind(const char *relation, const char *opt, struct basis *b,
		      char *err, size_t errlen)
{
	if (rcf_relation_kind(relation, &b->kind))
		return rcf_errf(err, errlen,
				"%s: '%s' is not dor, duato, rdt-vector, da, "
				"db, north-last or north-last-wrap",
				opt, relation);
	b->rdt = b->kind != RCF_RELATION_DOR && b->kind != RCF_RELATION_DUATO;
	return 0;
}

static int turns(int kind)
{
	return kind == RCF_RELATION_NORTH_LAST ||
	       kind == RCF_RELATION_NORTH_LAST_WRAP;
}

/*
 * D-A and D-B on an RDT with m < R are up-down forms even when the
 * fabric is whole (route/relation_rdt_mr.h)
 */
static int mr(const struct basis *b)
{
	return b->rdt && b->rd.m != b->rd.R &&
	       (b->kind == RCF_RELATION_DA || b->kind == RCF_RELATION_DB);
}

/* the PRDT gen names (the RDT relations), or the grid of t's base torus */
static int basis_shape(const char *relation, const char *gen, const char *opt,
		       const struct rcf_topo *t, struct basis *b, char *err,
		       size_t errlen)
{
	char why[1024];

	/* vector routing, D-A and D-B are built on an RDT with m < R too */
	if (b->rdt &&
	    (!gen || !rcf_rdt_spec(gen) ||
	     rcf_rdt_parse(gen, RCF_MAX_NODES, &b->rd, why, sizeof(why)) ||
	     (b->rd.m != b->rd.R && turns(b->kind))))
		return rcf_errf(err, errlen,
				"%s %s needs a %sprdt:S:n:R fabric%s", opt,
				relation, *opt == '-' ? "--gen " : "",
				turns(b->kind) ? "" : " or an rdt:S:n:R:m");
	if (!b->rdt && rcf_relation_grid_of(t, &b->g, err, errlen))
		return -1;
	return 0;
}

/* The wiring r is checked on: t, or the shape when t is whole. */
static int relnet(const struct basis *b, const struct rcf_topo *t, int updown,
		  const struct rcf_relation *r, struct rcf_relnet *net,
		  char *err, size_t errlen)
{
	if (updown)
		return rcf_relnet_topo(t, r->vcs, net, err, errlen);
	return b->rdt ? rcf_relnet_rdt(&b->rd, r->vcs, net, err, errlen)
		      : rcf_relnet_grid(&b->g, r->vcs, net, err, errlen);
}

/* The relation of b on t: built, made up-down, checked. */
static int plan_on(const struct basis *b, const char *relation, const char *opt,
		   const struct rcf_topo *t, int updown,
		   struct rcf_relation_plan *p, char *err, size_t errlen)
{
	struct rcf_relnet net = {0};
	struct rcf_relation *r = &p->r;
	char why[1024];
	int rc;

	p->nsw = (long)t->v[RCF_K_SWITCH].n;
	p->nnodes = (long)t->v[RCF_K_NODE].n;
	p->shape = !b->rdt		? b->g.wrap ? "torus" : "mesh"
		   : b->rd.m == b->rd.R ? "PRDT"
					: "RDT";
	if (mr(b)) {
		/* its candidates are steps, not another relation's lists */
		updown = 1;
		rc = rcf_relnet_topo(t, RCF_RELATION_RDT_MR_VCS, &net, err,
				     errlen);
		if (!rc)
			rc = rcf_relation_rdt_mr(&b->rd, b->kind, &net, r, err,
						 errlen);
		rcf_relnet_free(&net);
	} else {
		rc = b->rdt ? rcf_relation_rdt(&b->rd, b->kind, r, err, errlen)
			    : rcf_relation_grid(&b->g, b->kind, r, err, errlen);
		if (!rc && updown)
			rc = rcf_relation_updown_topo(t, r, err, errlen);
	}
	if (!rc)
		rc = relnet(b, t, updown, r, &net, err, errlen);
	/* nothing is sent that the theory does not clear */
	if (!rc && rcf_relation_check(&net, r, why, sizeof(why)))
		rc = rcf_errf(err, errlen,
			      "%s %s is not deadlock free here: %s", opt,
			      relation, why);
	rcf_relnet_free(&net);
	if (rc) {
		rcf_relation_plan_free(p);
		return -1;
	}
	return 0;
}

int rcf_relation_plan_topo(const char *relation, const char *gen,
			   const char *opt, const struct rcf_topo *t,
			   int updown, struct rcf_relation_plan *p, char *err,
			   size_t errlen)
{
	struct basis b;

	memset(p, 0, sizeof(*p));
	if (basis_kind(relation, opt, &b, err, errlen) ||
	    basis_shape(relation, gen, opt, t, &b, err, errlen))
		return -1;
	return plan_on(&b, relation, opt, t, updown, p, err, errlen);
}

int rcf_relation_plan_check(const char *relation, const char *gen, char *err,
			    size_t errlen)
{
	struct rcf_topo t;
	struct basis b;
	int rc;

	if (basis_kind(relation, "relation", &b, err, errlen) ||
	    rcf_topo_generate(gen, &t, err, errlen))
		return -1;
	rc = basis_shape(relation, gen, "relation", &t, &b, err, errlen);
	rcf_topo_free(&t);
	return rc;
}

int rcf_relation_plan_make(const char *relation, const char *gen,
			   const uint32_t *down, size_t n,
			   struct rcf_relation_plan *p, char *err,
			   size_t errlen)
{
	struct rcf_topo t;
	struct basis b;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (basis_kind(relation, "relation", &b, err, errlen) ||
	    rcf_topo_generate(gen, &t, err, errlen))
		return -1;
	if (basis_shape(relation, gen, "relation", &t, &b, err, errlen))
		goto out;
	if (n) {
		size_t gone = rcf_topo_remove_links(&t, down, n);

		if (gone != n) {
			rc = gone == SIZE_MAX
				     ? rcf_errf(err, errlen, "out of memory")
				     : rcf_errf(err, errlen,
						"relation: a link that is "
						"down is not one of %s's "
						"links between switches",
						gen);
			goto out;
		}
	}
	rc = plan_on(&b, relation, "relation", &t, n != 0, p, err, errlen);
	if (!rc)
		p->down = n;
out:
	rcf_topo_free(&t);
	return rc;
}

void rcf_relation_plan_free(struct rcf_relation_plan *p)
{
	rcf_relation_free(&p->r);
	memset(p, 0, sizeof(*p));
}

int rcf_relation_downs(const struct rcf_topo *t, uint32_t **ids, size_t *n)
{
	const struct rcf_objv *v = &t->v[RCF_K_LINK];
	size_t k = 0;

	*ids = NULL;
	*n = 0;
	for (size_t i = 0; i < v->n; i++) {
		const struct rcf_obj *o = &v->o[i];

		if (!rcf_has(o, RCF_A_LINK_STATE) ||
		    o->v[RCF_A_LINK_STATE] != RCF_LINK_DOWN ||
		    o->end[0].kind != RCF_ELEM_SWITCH ||
		    o->end[1].kind != RCF_ELEM_SWITCH)
			continue;
		if (!*ids) {
			*ids = malloc(v->n * sizeof(**ids));
			if (!*ids)
				return -1;
		}
		(*ids)[k++] = (uint32_t)o->v[RCF_A_LINK_ID];
	}
	*n = k;
	return 0;
}
