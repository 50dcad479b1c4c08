// SPDX-License-Identifier: GPL-2.0
/*
 * Topology files and kernel dumps with their routes going straight into a
 * route set.  The reader takes one line at a time, so no array of parsed
 * operations (a kilobyte per route) is ever held.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "obj/batch.h"
#include "obj/parse.h"
#include "topo/topo_routes.h"

static int add_route(struct rcf_routes *s, const struct rcf_obj *o)
{
	return rcf_routes_push(
		s, o->v[RCF_A_ROUTE_SRC], o->v[RCF_A_ROUTE_DST],
		rcf_has(o, RCF_A_ROUTE_INDEX) ? o->v[RCF_A_ROUTE_INDEX] : 0,
		o->hops, o->nhops);
}

int rcf_routes_collect(uint8_t cmd, const struct rcf_obj *o, void *routes)
{
	(void)cmd;
	if (o->kind != RCF_K_ROUTE)
		return 0;
	return add_route(routes, o) ? -ENOMEM : 0;
}

struct topo_routes_ctx {
	struct rcf_ops ops;
	struct rcf_routes *s;
};

/*
 * Route lines go straight into the route set; every other line is kept
 * (a topology has few of them) and checked as rcf_topo_read() checks it.
 */
static int take(const struct rcf_op *op, void *arg)
{
	struct topo_routes_ctx *c = arg;

	if (op->cmd == RCF_CMD_ROUTE_NEW)
		return add_route(c->s, &op->o) ? -ENOMEM : 0;
	return rcf_ops_push(&c->ops, op);
}

int rcf_topo_read_routes(FILE *f, const char *name, struct rcf_topo *t,
			 struct rcf_routes *s, char *err, size_t errlen)
{
	struct topo_routes_ctx c = {.s = s};
	int rc;

	rcf_topo_init(t);
	rcf_routes_init(s);
	rc = rcf_batch_each(f, name, take, &c, err, errlen);
	if (!rc)
		rc = rcf_topo_from_ops(c.ops.v, c.ops.n, name, t, err, errlen);
	free(c.ops.v);
	if (!rc && rcf_routes_sort(s)) {
		snprintf(err, errlen, "%s: out of memory", name);
		rc = -ENOMEM;
	}
	if (rc) {
		rcf_topo_free(t);
		rcf_routes_free(s);
	}
	return rc;
}
