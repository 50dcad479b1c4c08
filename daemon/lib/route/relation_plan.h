/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The relation a fabric gets, as rcfctl relation install and rcfd's
 * relation policy install it: the relation named for the generator the
 * fabric was built from, made its up-down form round the links between
 * switches that are down, and cleared by Duato's condition before
 * anything is sent (Documentation/adaptive.rst).
 */
#ifndef RCF_ROUTE_RELATION_PLAN_H
#define RCF_ROUTE_RELATION_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "route/relation.h"
#include "topo/topo.h"

struct rcf_relation_plan {
	struct rcf_relation r;
	long nsw, nnodes; /* the generator's switches and nodes */
	size_t down;	  /* links round which r was made; 0: intact */
	size_t trimmed;	  /* lists the up-down form cut (model's limit) */
};

/*
 * Whether relation can be computed for gen at all: a relation name, a
 * generator, and a generator of the kind the relation needs (a PRDT for
 * the RDT relations, the base torus of prdt: or rdt: for dor and
 * duato).  Builds nothing but the fabric; for a config's check.  0, or
 * -1 with the reason rcf_relation_plan_make would give in err.
 */
int rcf_relation_plan_check(const char *relation, const char *gen, char *err,
			    size_t errlen);

/*
 * The relation named for gen on the fabric without the n links of down
 * (ids of gen's links between switches): with none, the relation for the
 * intact fabric; otherwise its up-down form (rcf_relation_updown_topo)
 * on the fabric without them.  Checked by Duato's condition either way.
 * 0, or -1 with the reason in err and *p holding nothing to free.
 */
int rcf_relation_plan_make(const char *relation, const char *gen,
			   const uint32_t *down, size_t n,
			   struct rcf_relation_plan *p, char *err,
			   size_t errlen);
void rcf_relation_plan_free(struct rcf_relation_plan *p);

/*
 * The ids of t's links between two switches whose state is down, in the
 * order t lists them, into *ids (malloc'd, NULL when none; the caller
 * frees it).  0, or -1 out of memory.
 */
int rcf_relation_downs(const struct rcf_topo *t, uint32_t **ids, size_t *n);

#endif
