/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the route tests (included, not linked): a route of a set with
 * its bytes, read through rcf_route_hops() as every caller reads them.
 */
#ifndef RCF_TEST_ROUTE_VIEW_H
#define RCF_TEST_ROUTE_VIEW_H

#include "route/route.h"

struct rv {
	uint32_t src, dst;
	uint8_t index;
	unsigned int nhops;
	const uint8_t *hops;
};

static inline struct rv rv(const struct rcf_routes *s, size_t i)
{
	struct rv v = {s->r[i].src, s->r[i].dst, s->r[i].index, 0, NULL};

	v.hops = rcf_route_hops(s, &s->r[i], &v.nhops);
	return v;
}

/* the same routes in the same order */
static inline int same_set(const struct rcf_routes *a,
			   const struct rcf_routes *b)
{
	for (size_t i = 0; i < a->n && a->n == b->n; i++)
		if (a->r[i].src != b->r[i].src || a->r[i].dst != b->r[i].dst ||
		    a->r[i].index != b->r[i].index ||
		    !rcf_route_same_hops(a, &a->r[i], b, &b->r[i]))
			return 0;
	return a->n == b->n;
}

#endif
