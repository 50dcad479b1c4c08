/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fabric's routes kept as a route set rather than as objects: a struct
 * rcf_obj is about a kilobyte, a route in a set 16 bytes, and a fat tree
 * of a few thousand nodes has millions of routes.  rcfctl route check and
 * compute --install read routes through these.
 */
#ifndef RCF_TOPO_ROUTES_H
#define RCF_TOPO_ROUTES_H

#include <stdio.h>

#include "route/route.h"
#include "topo/topo.h"

/*
 * rcf_topo_read() (batch.h), with the route lines appended to s (sorted
 * by (src, dst, index) at the end) instead of t.  On an error t and s are
 * left empty and err says "NAME:LINE: reason".
 */
int rcf_topo_read_routes(FILE *f, const char *name, struct rcf_topo *t,
			 struct rcf_routes *s, char *err, size_t errlen);

/*
 * A dump callback (rcf_nl_dump) appending every route object to the
 * struct rcf_routes at routes; -ENOMEM stops the dump.  The caller sorts.
 */
int rcf_routes_collect(uint8_t cmd, const struct rcf_obj *o, void *routes);

#endif
