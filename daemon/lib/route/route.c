// SPDX-License-Identifier: GPL-2.0
/* Route sets: storage, checking against the graph, differences. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"
#include "route/route.h"

void rcf_routes_init(struct rcf_routes *s)
{
	memset(s, 0, sizeof(*s));
}

void rcf_routes_free(struct rcf_routes *s)
{
	free(s->r);
	rcf_routes_init(s);
}

size_t rcf_routes_grown(size_t cap, size_t need)
{
	while (cap < need)
		cap = cap ? 2 * cap : 256;
	return cap;
}

int rcf_routes_reserve(struct rcf_routes *s, size_t more)
{
	size_t cap;
	struct rcf_route *r;

	if (s->n + more <= s->cap)
		return 0;
	cap = rcf_routes_grown(s->cap, s->n + more);
	r = realloc(s->r, cap * sizeof(*r));
	if (!r)
		return -1;
	s->r = r;
	s->cap = cap;
	return 0;
}

struct rcf_route *rcf_routes_add(struct rcf_routes *s, uint32_t src,
				 uint32_t dst, uint8_t index)
{
	struct rcf_route *r;

	if (rcf_routes_reserve(s, 1))
		return NULL;
	r = &s->r[s->n++];
	r->src = src;
	r->dst = dst;
	r->index = index;
	r->nhops = 0;
	return r;
}

static int cmp_route(const void *a, const void *b)
{
	const struct rcf_route *x = a, *y = b;

	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	if (x->dst != y->dst)
		return x->dst < y->dst ? -1 : 1;
	return (int)x->index - (int)y->index;
}

/*
 * Strictly increasing only: qsort may reorder routes of equal keys, so a
 * set with duplicates is left to it to keep the order it gives.
 */
static int is_sorted(const struct rcf_routes *s)
{
	for (size_t i = 1; i < s->n; i++)
		if (cmp_route(&s->r[i - 1], &s->r[i]) >= 0)
			return 0;
	return 1;
}

void rcf_routes_sort(struct rcf_routes *s)
{
	/* routers that emit source by source (sp1) need no sort, and glibc
	 * sorts elements this large through an array of pointers, 16 bytes
	 * per route on top of the set */
	if (s->n && !is_sorted(s))
		qsort(s->r, s->n, sizeof(*s->r), cmp_route);
}

int rcf_routes_from_topo(struct rcf_routes *s, const struct rcf_topo *t)
{
	const struct rcf_objv *v = &t->v[RCF_K_ROUTE];

	for (size_t i = 0; i < v->n; i++) {
		const struct rcf_obj *o = &v->o[i];
		struct rcf_route *r = rcf_routes_add(
			s, o->v[RCF_A_ROUTE_SRC], o->v[RCF_A_ROUTE_DST],
			rcf_has(o, RCF_A_ROUTE_INDEX) ? o->v[RCF_A_ROUTE_INDEX]
						      : 0);

		if (!r)
			return -1;
		r->nhops = o->nhops;
		memcpy(r->hops, o->hops, o->nhops);
	}
	rcf_routes_sort(s);
	return 0;
}

int rcf_routes_check(const struct rcf_graph *g, const struct rcf_routes *s,
		     struct rcf_route_stats *st, uint32_t *load, char *err,
		     size_t errlen)
{
	return rcf_routes_check_cdg(g, s, st, load, NULL, err, errlen);
}

int rcf_routes_check_cdg(const struct rcf_graph *g, const struct rcf_routes *s,
			 struct rcf_route_stats *st, uint32_t *load,
			 struct rcf_cdg *cdg, char *err, size_t errlen)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4];
	uint32_t *own = NULL;
	char why[160];

	memset(st, 0, sizeof(*st));
	if (!load) {
		own = calloc(2 * g->nlinks + 1, sizeof(*own));
		if (!own) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		load = own;
	} else {
		memset(load, 0, 2 * g->nlinks * sizeof(*load));
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route *r = &s->r[i];
		uint32_t dst;
		int n = rcf_graph_walk(g, r->src, r->hops, r->nhops, chan,
				       sizeof(chan) / sizeof(chan[0]), &dst,
				       why, sizeof(why));

		if (n >= 0 && dst != r->dst)
			snprintf(why, sizeof(why), "reaches node %u", dst);
		if (n < 0 || dst != r->dst) {
			snprintf(err, errlen,
				 "route src %u dst %u index %u: %s", r->src,
				 r->dst, r->index, why);
			free(own);
			return -1;
		}
		for (int c = 0;
		     c < n && (size_t)c < sizeof(chan) / sizeof(chan[0]); c++) {
			uint32_t *l = &load[chan[c] / 4];

			const struct rcf_glink *gl = &g->link[chan[c] / 8];

			if (++*l > st->max_load)
				st->max_load = *l;
			if (gl->end[0].kind == RCF_ELEM_SWITCH &&
			    gl->end[1].kind == RCF_ELEM_SWITCH &&
			    *l > st->max_inner)
				st->max_inner = *l;
		}
		if (cdg && rcf_cdg_add(cdg, chan, n)) {
			snprintf(err, errlen, "out of memory");
			free(own);
			return -1;
		}
		if ((size_t)n > st->max_hops)
			st->max_hops = n;
		st->routes++;
		if (!i || r->src != s->r[i - 1].src ||
		    r->dst != s->r[i - 1].dst)
			st->pairs++;
	}
	free(own);
	if (g->nnodes > 1 && st->pairs < g->nnodes * (g->nnodes - 1))
		st->unreachable = g->nnodes * (g->nnodes - 1) - st->pairs;
	return 0;
}

static int cmp_pair(const struct rcf_route *x, const struct rcf_route *y)
{
	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	if (x->dst != y->dst)
		return x->dst < y->dst ? -1 : 1;
	return 0;
}

/* pairs with a route in old and none in new */
static size_t pairs_lost(const struct rcf_routes *old,
			 const struct rcf_routes *new)
{
	size_t i = 0, j = 0, lost = 0;

	while (i < old->n) {
		int c = j == new->n ? -1 : cmp_pair(&old->r[i], &new->r[j]);

		if (c > 0) {
			j++;
			continue;
		}
		lost += c < 0;
		/* on to the next pair of old */
		while (++i < old->n && !cmp_pair(&old->r[i - 1], &old->r[i]))
			;
	}
	return lost;
}

int rcf_routes_diff(const struct rcf_routes *old, const struct rcf_routes *new,
		    rcf_route_diff_fn fn, void *arg, struct rcf_route_diff *d)
{
	struct rcf_route_diff cnt = {0};
	int rc = 0;

	for (int pass = 0; pass < 2 && !rc; pass++) {
		size_t i = 0, j = 0;

		while (!rc && (i < old->n || j < new->n)) {
			int c = i == old->n ? 1
				: j == new->n
					? -1
					: cmp_route(&old->r[i], &new->r[j]);

			if (c < 0) {
				if (!pass) {
					cnt.removed++;
					if (fn)
						rc = fn(RCF_V_DEL, &old->r[i],
							arg);
				}
				i++;
			} else if (c > 0) {
				if (pass) {
					cnt.added++;
					if (fn)
						rc = fn(RCF_V_NEW, &new->r[j],
							arg);
				}
				j++;
			} else {
				int same =
					old->r[i].nhops == new->r[j].nhops &&
					!memcmp(old->r[i].hops, new->r[j].hops,
						new->r[j].nhops);

				if (pass && same)
					cnt.same++;
				if (pass && !same) {
					cnt.changed++;
					if (fn)
						rc = fn(RCF_V_SET, &new->r[j],
							arg);
				}
				i++;
				j++;
			}
		}
	}
	cnt.pairs_lost = pairs_lost(old, new);
	if (d)
		*d = cnt;
	return rc;
}
