// SPDX-License-Identifier: GPL-2.0
/*
 * Topology files and kernel dumps with their routes going straight into a
 * route set (topo_read.c reads the files a line at a time), so no parsed
 * operation or object, a kilobyte each, is ever held for a route.
 */
#include <errno.h>

#include "topo/topo_read.h"
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

int rcf_topo_read_routes(FILE *f, const char *name, struct rcf_topo *t,
			 struct rcf_routes *s, char *err, size_t errlen)
{
	int rc = rcf_topo_read_into(f, name, t, s, err, errlen);

	if (!rc && rcf_routes_sort(s)) {
		snprintf(err, errlen, "%s: out of memory", name);
		rcf_topo_free(t);
		rcf_routes_free(s);
		rc = -ENOMEM;
	}
	return rc;
}
