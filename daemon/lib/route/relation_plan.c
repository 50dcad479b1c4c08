// SPDX-License-Identifier: GPL-2.0
/*
 * One relation for a fabric, for rcfctl relation install and rcfd:
 * generated, made its up-down form round the links that are down (as
 * rcfsim --fail does with the links it takes out; Documentation/rdt.rst,
 * "Failed links"), and checked by Duato's condition on the fabric it
 * will run on, so that nothing the theory does not clear is sent.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_check.h"
#include "route/relation_plan.h"
#include "route/relation_rdt.h"
#include "route/relation_updown.h"
#include "topo/rdt.h"
#include "topo/topo_fail.h"
#include "topo/topo_gen.h"
#include "util/errf.h"

/* What a relation is built from: its kind and the generated fabric. */
struct basis {
	int kind, rdt;
	struct rcf_rdt rd;
	struct rcf_relation_grid g;
	struct rcf_topo t;
};

static int basis_make(const char *relation, const char *gen, struct basis *b,
		      char *err, size_t errlen)
{
	char why[1024];

	if (rcf_relation_kind(relation, &b->kind))
		return rcf_errf(err, errlen,
				"relation: '%s' is not dor, duato, "
				"rdt-vector, da, db or north-last",
				relation);
	if (rcf_topo_generate(gen, &b->t, err, errlen))
		return -1;
	b->rdt = b->kind != RCF_RELATION_DOR && b->kind != RCF_RELATION_DUATO;
	if (b->rdt &&
	    (!rcf_rdt_spec(gen) ||
	     rcf_rdt_parse(gen, RCF_MAX_NODES, &b->rd, why, sizeof(why)) ||
	     b->rd.m != b->rd.R)) {
		rcf_topo_free(&b->t);
		return rcf_errf(err, errlen,
				"relation %s needs a prdt:S:n:R fabric",
				relation);
	}
	return 0;
}

/* dor and duato: the grid of the fabric's base torus */
static int basis_grid(struct basis *b, char *err, size_t errlen)
{
	if (!b->rdt && rcf_relation_grid_of(&b->t, &b->g, err, errlen)) {
		rcf_topo_free(&b->t);
		return -1;
	}
	return 0;
}

int rcf_relation_plan_check(const char *relation, const char *gen, char *err,
			    size_t errlen)
{
	struct basis b;

	if (basis_make(relation, gen, &b, err, errlen) ||
	    basis_grid(&b, err, errlen))
		return -1;
	rcf_topo_free(&b.t);
	return 0;
}

/* The wiring r is checked on: the fabric without its failed links. */
static int relnet(const struct basis *b, size_t down,
		  const struct rcf_relation *r, struct rcf_relnet *net,
		  char *err, size_t errlen)
{
	if (down)
		return rcf_relnet_topo(&b->t, r->vcs, net, err, errlen);
	return b->rdt ? rcf_relnet_rdt(&b->rd, r->vcs, net, err, errlen)
		      : rcf_relnet_grid(&b->g, r->vcs, net, err, errlen);
}

int rcf_relation_plan_make(const char *relation, const char *gen,
			   const uint32_t *down, size_t n,
			   struct rcf_relation_plan *p, char *err,
			   size_t errlen)
{
	struct rcf_relnet net = {0};
	struct rcf_relation *r = &p->r;
	struct basis b;
	char why[1024];
	int rc;

	memset(p, 0, sizeof(*p));
	if (basis_make(relation, gen, &b, err, errlen))
		return -1;
	if (n) {
		size_t gone = rcf_topo_remove_links(&b.t, down, n);

		if (gone != n) {
			rcf_topo_free(&b.t);
			return gone == SIZE_MAX
				       ? rcf_errf(err, errlen, "out of memory")
				       : rcf_errf(err, errlen,
						  "relation: a link that is "
						  "down is not one of %s's "
						  "links between switches",
						  gen);
		}
	}
	if (basis_grid(&b, err, errlen))
		return -1;
	/* the generator's counts, which the removal does not change */
	p->nsw = (long)b.t.v[RCF_K_SWITCH].n;
	p->nnodes = (long)b.t.v[RCF_K_NODE].n;
	p->down = n;
	rc = b.rdt ? rcf_relation_rdt(&b.rd, b.kind, r, err, errlen)
		   : rcf_relation_grid(&b.g, b.kind, r, err, errlen);
	if (!rc && n)
		rc = rcf_relation_updown_topo(&b.t, r, &p->trimmed, err,
					      errlen);
	if (!rc)
		rc = relnet(&b, n, r, &net, err, errlen);
	rcf_topo_free(&b.t);
	if (!rc && rcf_relation_check(&net, r, why, sizeof(why)))
		rc = rcf_errf(err, errlen,
			      "relation %s is not deadlock free here: %s",
			      relation, why);
	rcf_relnet_free(&net);
	if (rc) {
		rcf_relation_plan_free(p);
		return -1;
	}
	return 0;
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
