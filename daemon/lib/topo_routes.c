// SPDX-License-Identifier: GPL-2.0
/*
 * Topology files and kernel dumps with their routes going straight into a
 * route set.  The reader takes one line at a time, so no array of parsed
 * operations (a kilobyte per route) is ever held.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "parse.h"
#include "topo_routes.h"

static int add_route(struct rcf_routes *s, const struct rcf_obj *o)
{
	struct rcf_route *r = rcf_routes_add(
		s, o->v[RCF_A_ROUTE_SRC], o->v[RCF_A_ROUTE_DST],
		rcf_has(o, RCF_A_ROUTE_INDEX) ? o->v[RCF_A_ROUTE_INDEX] : 0);

	if (!r)
		return -1;
	r->nhops = o->nhops;
	memcpy(r->hops, o->hops, o->nhops);
	return 0;
}

int rcf_routes_collect(uint8_t cmd, const struct rcf_obj *o, void *routes)
{
	(void)cmd;
	if (o->kind != RCF_K_ROUTE)
		return 0;
	return add_route(routes, o) ? -ENOMEM : 0;
}

/* one parsed line into t or s; 0, or -1 with the reason in err */
static int take(const struct rcf_op *op, const char *name, int lineno,
		struct rcf_topo *t, struct rcf_routes *s, char *err,
		size_t errlen)
{
	enum rcf_verb verb;
	enum rcf_kind k;

	rcf_cmd_split(op->cmd, &k, &verb);
	if (k == RCF_K_PATH) {
		snprintf(err, errlen,
			 "%s:%d: a topology file holds no paths; make them "
			 "with rcfctl path add or -batch",
			 name, lineno);
		return -1;
	}
	if (k == RCF_K_FABRIC && verb == RCF_V_SET) {
		t->fabric = op->o;
		return 0;
	}
	if (k == RCF_K_FABRIC || verb != RCF_V_NEW) {
		snprintf(err, errlen,
			 "%s:%d: a topology file holds only add lines and "
			 "fabric set",
			 name, lineno);
		return -1;
	}
	if (k == RCF_K_ROUTE ? add_route(s, &op->o)
			     : !rcf_topo_add(t, &op->o)) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	return 0;
}

int rcf_topo_read_routes(FILE *f, const char *name, struct rcf_topo *t,
			 struct rcf_routes *s, char *err, size_t errlen)
{
	char *line = NULL, *words[RCF_BATCH_MAX_WORDS], why[256];
	struct rcf_op *op = malloc(sizeof(*op));
	size_t lcap = 0;
	int lineno = 0, rc = -1;

	rcf_topo_init(t);
	rcf_routes_init(s);
	if (!op) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	while (getline(&line, &lcap, f) >= 0) {
		int nw, r;

		lineno++;
		nw = rcf_split_words(line, words, RCF_BATCH_MAX_WORDS);
		if (nw == 0)
			continue;
		if (nw < 0) {
			snprintf(err, errlen, "%s:%d: line too long", name,
				 lineno);
			goto out;
		}
		r = rcf_parse_op(nw, words, 0, op, why, sizeof(why));
		if (r) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno,
				 r > 0 ? "help is not a batch command" : why);
			goto out;
		}
		if (take(op, name, lineno, t, s, err, errlen))
			goto out;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", name);
		goto out;
	}
	rcf_routes_sort(s);
	rc = 0;
out:
	free(line);
	free(op);
	if (rc) {
		rcf_topo_free(t);
		rcf_routes_free(s);
	}
	return rc;
}
