/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A route set as "route add" batch lines, formatted by hand: printf per
 * field was most of route compute's time on large fabrics.  The lines are
 * those rcf_hop_format() and "%u" would give, byte for byte.
 */
#ifndef RCF_ROUTE_FMT_H
#define RCF_ROUTE_FMT_H

#include <stdio.h>

#include "route/route.h"

/* "route add src S dst D index I hops" with the largest S, D and I, a
 * "PORT.VC" of 5 bytes with its space per hop, the newline */
#define RCF_ROUTE_LINE_MAX                                                  \
	(sizeof("route add src 4294967295 dst 4294967295 index 255 hops") + \
	 5 * RCF_ROUTE_MAX_HOPS + 1)

/* writes the line of r, a route of s, newline included and no NUL, to
 * buf (RCF_ROUTE_LINE_MAX bytes); returns its length */
size_t rcf_route_line(const struct rcf_routes *s, const struct rcf_route_rec *r,
		      char *buf);
/* every route of s, in order; -1 when f reports a write error */
int rcf_routes_print(FILE *f, const struct rcf_routes *s);

#endif
