// SPDX-License-Identifier: GPL-2.0
/*
 * The relation policy's keys in rcfd.conf (routing.relation,
 * routing.relation_gen, routing.relation_select), each checked alone as
 * config.c reads it, then together once the whole file is read.
 * Documentation/rcfd.conf.5.
 */
#include <stdio.h>
#include <string.h>

#include "route/relation_plan.h"
#include "rcfd.h"

/* the engine's selections, by enum rcf_select_kind */
static const char *const select_names[] = {"first", "least", "random"};

const char *rcfd_select_name(int select)
{
	return select < 0 ? "unchanged" : select_names[select];
}

static int set_select(struct rcfd_config *c, const char *v, char *why,
		      size_t whylen)
{
	for (int i = 0; i < 3; i++) {
		if (!strcmp(v, select_names[i])) {
			c->relation_select = i;
			return 0;
		}
	}
	snprintf(why, whylen,
		 "routing.relation_select \"%.40s\": want first, least or "
		 "random",
		 v);
	return -1;
}

/* routing.relation: a relation's name, or none */
static int set_relation(struct rcfd_config *c, const char *v, char *why,
			size_t whylen)
{
	int kind;

	if (!strcmp(v, "none")) {
		c->relation[0] = '\0';
		return 0;
	}
	if (rcf_relation_kind(v, &kind)) {
		snprintf(why, whylen,
			 "routing.relation \"%.40s\": want none, dor, duato, "
			 "rdt-vector, da, db, north-last or north-last-wrap",
			 v);
		return -1;
	}
	snprintf(c->relation, sizeof(c->relation), "%s", v);
	return 0;
}

int rcfd_relation_conf_set(struct rcfd_config *c, const char *key,
			   const char *v, char *why, size_t whylen)
{
	if (!strcmp(key, "routing.relation"))
		return set_relation(c, v, why, whylen);
	if (!strcmp(key, "routing.relation_select"))
		return set_select(c, v, why, whylen);
	if (strlen(v) >= sizeof(c->relation_gen)) {
		snprintf(why, whylen,
			 "routing.relation_gen: longer than %zu bytes",
			 sizeof(c->relation_gen) - 1);
		return -1;
	}
	strcpy(c->relation_gen, v);
	return 0;
}

void rcfd_relation_conf_lines(struct rcfd_rel_lines *rl,
			      const struct rcfd_config *c, unsigned int lineno)
{
	if (*c->relation && !rl->relation)
		rl->relation = lineno;
	if (*c->relation_gen && !rl->gen)
		rl->gen = lineno;
	if (c->relation_select >= 0 && !rl->select)
		rl->select = lineno;
}

/*
 * A relation needs its generator, and the generator must be one the
 * relation can be computed for, checked here so that a bad pair stops
 * the daemon at start rather than fail at every link change.  In
 * relation routing every packet is destination-routed: source routes
 * and paths would go unused, so routing.manage and paths.manage are
 * refused beside it.
 */
int rcfd_relation_conf_check(const char *name, const struct rcfd_config *c,
			     const struct rcfd_rel_lines *rl, char *err,
			     size_t errlen)
{
	char why[1024];

	if (!*c->relation) {
		if (rl->gen || rl->select) {
			snprintf(err, errlen,
				 "%s:%u: %s needs a routing.relation", name,
				 rl->gen ? rl->gen : rl->select,
				 rl->gen ? "routing.relation_gen"
					 : "routing.relation_select");
			return -1;
		}
		return 0;
	}
	if (!*c->relation_gen) {
		snprintf(err, errlen,
			 "%s:%u: routing.relation needs a routing.relation_gen",
			 name, rl->relation);
		return -1;
	}
	if (rcf_relation_plan_check(c->relation, c->relation_gen, why,
				    sizeof(why))) {
		snprintf(err, errlen, "%s:%u: routing.relation_gen \"%s\": %s",
			 name, rl->gen, c->relation_gen, why);
		return -1;
	}
	if (c->manage) {
		snprintf(err, errlen,
			 "%s:%u: routing.relation needs routing.manage = no: "
			 "in relation routing every packet is destination-"
			 "routed and source routes go unused",
			 name, rl->relation);
		return -1;
	}
	if (c->paths.manage) {
		snprintf(err, errlen,
			 "%s:%u: routing.relation needs paths.manage = no: in "
			 "relation routing the adapters use no paths",
			 name, rl->relation);
		return -1;
	}
	return 0;
}
