// SPDX-License-Identifier: GPL-2.0
/*
 * Deadlock check: the dependencies of every route are collected as
 * (from, to) channel pairs, sorted and made unique into adjacency lists,
 * and a depth-first search looks for a back arc.  The search keeps its own
 * stack: a cycle can be as long as the channel count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdg.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct dfs {
	size_t nch, *first;
	uint32_t *to;
	uint8_t *color; /* 0 unseen, 1 on the stack, 2 done */
	uint32_t *stack;
	size_t *pos;
};

/* returns the stack depth where the back arc's target sits, or -1 */
static long dfs_from(struct dfs *d, uint32_t root, size_t *depth)
{
	size_t sp = 0;

	d->stack[sp] = root;
	d->pos[sp++] = d->first[root];
	d->color[root] = 1;
	while (sp) {
		uint32_t u = d->stack[sp - 1];
		size_t *p = &d->pos[sp - 1];

		if (*p == d->first[u + 1]) {
			d->color[u] = 2;
			sp--;
			continue;
		}
		uint32_t v = d->to[(*p)++];

		if (d->color[v] == 1) {
			for (size_t i = 0; i < sp; i++)
				if (d->stack[i] == v) {
					*depth = sp;
					return (long)i;
				}
		}
		if (d->color[v])
			continue;
		d->color[v] = 1;
		d->stack[sp] = v;
		d->pos[sp++] = d->first[v];
	}
	return -1;
}

int rcf_cdg_check(const struct rcf_graph *g, const struct rcf_routes *s,
		  struct rcf_cdg_result *res, char *err, size_t errlen)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4];
	size_t max = sizeof(chan) / sizeof(chan[0]), npairs = 0, cap = 1024;
	uint64_t *pairs = malloc(cap * sizeof(*pairs));
	struct dfs d = {.nch = g->nlinks * 8};
	uint8_t *used = calloc(d.nch + 1, 1);
	int rc = -1;
	char why[160];

	memset(res, 0, sizeof(*res));
	res->acyclic = 1;
	if (!pairs || !used)
		goto nomem;
	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route *r = &s->r[i];
		uint32_t dst;
		int n = rcf_graph_walk(g, r->src, r->hops, r->nhops, chan, max,
				       &dst, why, sizeof(why));

		if (n < 0 || (size_t)n > max) {
			snprintf(err, errlen,
				 "route src %u dst %u index %u: %s", r->src,
				 r->dst, r->index, n < 0 ? why : "too long");
			goto out;
		}
		for (int c = 0; c < n; c++) {
			used[chan[c]] = 1;
			if (!c)
				continue;
			if (npairs == cap) {
				uint64_t *p =
					realloc(pairs, 2 * cap * sizeof(*p));

				if (!p)
					goto nomem;
				pairs = p;
				cap *= 2;
			}
			pairs[npairs++] = (uint64_t)chan[c - 1] << 32 | chan[c];
		}
	}
	qsort(pairs, npairs, sizeof(*pairs), cmp_u64);
	for (size_t i = 0; i < npairs; i++)
		if (!i || pairs[i] != pairs[i - 1])
			pairs[res->deps++] = pairs[i];
	for (size_t c = 0; c < d.nch; c++)
		res->channels += used[c];
	d.first = calloc(d.nch + 2, sizeof(*d.first));
	d.to = malloc((res->deps + 1) * sizeof(*d.to));
	d.color = calloc(d.nch + 1, 1);
	d.stack = malloc((d.nch + 1) * sizeof(*d.stack));
	d.pos = malloc((d.nch + 1) * sizeof(*d.pos));
	if (!d.first || !d.to || !d.color || !d.stack || !d.pos)
		goto nomem;
	for (size_t i = 0; i < res->deps; i++) {
		d.first[(pairs[i] >> 32) + 1]++;
		d.to[i] = (uint32_t)pairs[i];
	}
	for (size_t c = 0; c < d.nch; c++)
		d.first[c + 1] += d.first[c];
	for (uint32_t c = 0; c < d.nch && res->acyclic; c++) {
		size_t depth = 0;
		long at;

		if (d.color[c])
			continue;
		at = dfs_from(&d, c, &depth);
		if (at < 0)
			continue;
		res->acyclic = 0;
		res->ncycle = depth - (size_t)at;
		res->cycle = malloc(res->ncycle * sizeof(*res->cycle));
		if (!res->cycle)
			goto nomem;
		memcpy(res->cycle, d.stack + at,
		       res->ncycle * sizeof(*res->cycle));
	}
	rc = 0;
	goto out;
nomem:
	snprintf(err, errlen, "out of memory");
out:
	free(pairs);
	free(used);
	free(d.first);
	free(d.to);
	free(d.color);
	free(d.stack);
	free(d.pos);
	return rc;
}

void rcf_cdg_result_free(struct rcf_cdg_result *res)
{
	free(res->cycle);
	res->cycle = NULL;
	res->ncycle = 0;
}
