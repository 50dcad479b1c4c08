/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Routing relations over netlink (Documentation/adaptive.rst): a whole
 * fabric's relation and selection installed as one batch, so as one
 * epoch that takes all of it or none, and the relations read back.
 */
#ifndef RCF_NL_REL_H
#define RCF_NL_REL_H

#include <stdint.h>

#include "nl/nl.h"
#include "route/relation.h"

/*
 * Replaces every switch's relation with r's (entries by switch, then
 * destination) and sets the fabric's selection (enum rcf_select_kind)
 * and routing (enum rcf_routing_kind); a negative value leaves that
 * setting alone.  0, or a negative errno with nl->e filled.
 */
int rcf_nl_rel_install(struct rcf_nl *nl, const struct rcf_relation *r,
		       int select, int routing);
/*
 * The RCF_CMD_BATCH request rcf_nl_rel_install sends, without its epoch:
 * REL_DEL, a REL_SET per switch of r (NULL: none), the FABRIC_SET, in as
 * many RCF_A_BATCH nests as their 16-bit lengths need.  NULL with *why
 * set when it cannot be built.
 */
struct nl_msg *rcf_nl_rel_msg(int family, const struct rcf_relation *r,
			      int select, int routing, const char **why);
/* Removes every relation and sets the routing back to source routes. */
int rcf_nl_rel_del(struct rcf_nl *nl);
/*
 * Every relation entry the kernel holds, by switch then destination, as
 * rcf_relation_ent; r->vcs is 0.  Free with rcf_relation_free.
 */
int rcf_nl_rel_dump(struct rcf_nl *nl, struct rcf_relation *r);

#endif
