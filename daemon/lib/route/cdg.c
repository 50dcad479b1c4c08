// SPDX-License-Identifier: GPL-2.0
/*
 * Deadlock check: the dependencies of every route go into a hash set of
 * (from, to) channel pairs as the routes are walked, so memory follows the
 * distinct arcs (at most channels times ports) rather than the routes,
 * which on a large fabric repeat the same arcs millions of times.  The
 * distinct arcs are then sorted into adjacency lists, so the search, and
 * the cycle it reports, do not depend on the order routes came in; a
 * depth-first search with its own stack (a cycle can be as long as the
 * channel count) looks for a back arc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"

/* no arc has it: channels are below 2^32 - 1 */
#define EMPTY UINT64_MAX

struct rcf_cdg {
	size_t nch;
	uint8_t *used;	/* per channel: some route crosses it */
	uint64_t *slot; /* open addressing, linear probing */
	size_t cap, n;	/* cap a power of 2, kept at least twice n */
	unsigned int shift;
};

static size_t slot_of(const struct rcf_cdg *c, uint64_t key)
{
	/* Fibonacci hashing: the top bits of the product mix all of key */
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> c->shift);
}

static int grow(struct rcf_cdg *c)
{
	size_t cap = c->cap * 2;
	uint64_t *slot = malloc(cap * sizeof(*slot)), *old = c->slot;

	if (!slot)
		return -1;
	memset(slot, 0xff, cap * sizeof(*slot));
	c->slot = slot;
	c->shift--;
	for (size_t i = 0; i < c->cap; i++) {
		size_t j;

		if (old[i] == EMPTY)
			continue;
		for (j = slot_of(c, old[i]); slot[j] != EMPTY;
		     j = (j + 1) & (cap - 1))
			;
		slot[j] = old[i];
	}
	c->cap = cap;
	free(old);
	return 0;
}

struct rcf_cdg *rcf_cdg_new(const struct rcf_graph *g)
{
	struct rcf_cdg *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->nch = g->nlinks * 8;
	c->cap = 1024;
	c->shift = 64 - 10;
	c->used = calloc(c->nch + 1, 1);
	c->slot = malloc(c->cap * sizeof(*c->slot));
	if (!c->used || !c->slot) {
		rcf_cdg_free(c);
		return NULL;
	}
	memset(c->slot, 0xff, c->cap * sizeof(*c->slot));
	return c;
}

void rcf_cdg_free(struct rcf_cdg *c)
{
	if (!c)
		return;
	free(c->used);
	free(c->slot);
	free(c);
}

int rcf_cdg_add(struct rcf_cdg *c, const uint32_t *chan, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t key;
		size_t j;

		c->used[chan[i]] = 1;
		if (!i)
			continue;
		key = (uint64_t)chan[i - 1] << 32 | chan[i];
		for (j = slot_of(c, key); c->slot[j] != EMPTY;
		     j = (j + 1) & (c->cap - 1))
			if (c->slot[j] == key)
				break;
		if (c->slot[j] == key)
			continue;
		c->slot[j] = key;
		if (++c->n * 2 > c->cap && grow(c))
			return -1;
	}
	return 0;
}

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

/* the first cycle the search meets, copied into res */
static int search(struct dfs *d, struct rcf_cdg_result *res)
{
	for (uint32_t c = 0; c < d->nch; c++) {
		size_t depth = 0;
		long at;

		if (d->color[c])
			continue;
		at = dfs_from(d, c, &depth);
		if (at < 0)
			continue;
		res->acyclic = 0;
		res->ncycle = depth - (size_t)at;
		res->cycle = malloc(res->ncycle * sizeof(*res->cycle));
		if (!res->cycle)
			return -1;
		memcpy(res->cycle, d->stack + at,
		       res->ncycle * sizeof(*res->cycle));
		return 0;
	}
	return 0;
}

int rcf_cdg_finish(struct rcf_cdg *c, struct rcf_cdg_result *res)
{
	struct dfs d = {.nch = c->nch};
	uint64_t *arcs = malloc((c->n + 1) * sizeof(*arcs));
	int rc = -1;

	memset(res, 0, sizeof(*res));
	res->acyclic = 1;
	if (!arcs)
		return -1;
	for (size_t i = 0; i < c->cap; i++)
		if (c->slot[i] != EMPTY)
			arcs[res->deps++] = c->slot[i];
	qsort(arcs, res->deps, sizeof(*arcs), cmp_u64);
	for (size_t ch = 0; ch < c->nch; ch++)
		res->channels += c->used[ch];
	d.first = calloc(d.nch + 2, sizeof(*d.first));
	d.to = malloc((res->deps + 1) * sizeof(*d.to));
	d.color = calloc(d.nch + 1, 1);
	d.stack = malloc((d.nch + 1) * sizeof(*d.stack));
	d.pos = malloc((d.nch + 1) * sizeof(*d.pos));
	if (!d.first || !d.to || !d.color || !d.stack || !d.pos)
		goto out;
	for (size_t i = 0; i < res->deps; i++) {
		d.first[(arcs[i] >> 32) + 1]++;
		d.to[i] = (uint32_t)arcs[i];
	}
	for (size_t ch = 0; ch < d.nch; ch++)
		d.first[ch + 1] += d.first[ch];
	rc = search(&d, res);
out:
	free(arcs);
	free(d.first);
	free(d.to);
	free(d.color);
	free(d.stack);
	free(d.pos);
	return rc;
}

int rcf_cdg_check(const struct rcf_graph *g, const struct rcf_routes *s,
		  struct rcf_cdg_result *res, char *err, size_t errlen)
{
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 4];
	size_t max = sizeof(chan) / sizeof(chan[0]);
	struct rcf_cdg *c = rcf_cdg_new(g);
	char why[160];
	int rc = -1;

	memset(res, 0, sizeof(*res));
	res->acyclic = 1;
	if (!c)
		goto nomem;
	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route *r = &s->r[i];
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, r, &len);
		uint32_t dst;
		int n = rcf_graph_walk(g, r->src, hops, len, chan, max, &dst,
				       why, sizeof(why));

		if (n < 0 || (size_t)n > max) {
			snprintf(err, errlen,
				 "route src %u dst %u index %u: %s", r->src,
				 r->dst, r->index, n < 0 ? why : "too long");
			goto out;
		}
		if (rcf_cdg_add(c, chan, n))
			goto nomem;
	}
	if (!rcf_cdg_finish(c, res)) {
		rc = 0;
		goto out;
	}
	rcf_cdg_result_free(res);
nomem:
	snprintf(err, errlen, "out of memory");
out:
	rcf_cdg_free(c);
	return rc;
}

void rcf_cdg_result_free(struct rcf_cdg_result *res)
{
	free(res->cycle);
	res->cycle = NULL;
	res->ncycle = 0;
}
