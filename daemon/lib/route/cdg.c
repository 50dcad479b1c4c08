// SPDX-License-Identifier: GPL-2.0
/*
 * Deadlock check: a route's next channel always leaves the vertex where
 * its last one ended, by one of that vertex's ports (at most 32) on one of
 * its VCs (at most 4), so the arcs out of a channel fit a 128-bit map
 * indexed by that port and VC.  Recording an arc is setting a bit, memory
 * follows the channels rather than the routes (which on a large fabric
 * repeat the same arcs millions of times), and the maps read in channel
 * order give the adjacency lists with no sort of the arcs, so the search,
 * and the cycle it reports, do not depend on the order routes came in; a
 * depth-first search with its own stack (a cycle can be as long as the
 * channel count) looks for a back arc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"

/* a bit per (port, VC) of the vertex a channel leads to: 128 */
_Static_assert(RCF_NODE_MAX_PORTS <= RCF_SWITCH_MAX_PORTS &&
		       RCF_HOP_PORT_MASK < RCF_SWITCH_MAX_PORTS,
	       "a port's arcs fit the map");

struct rcf_cdg {
	const struct rcf_graph *g;
	size_t nch;
	uint8_t *used;	    /* per channel: some route crosses it */
	uint64_t (*map)[2]; /* per channel: the arcs out of it */
	/* per (link, direction): the port it leaves by, the vertex it
	 * reaches */
	uint8_t *port;
	int32_t *to;
};

struct rcf_cdg *rcf_cdg_new(const struct rcf_graph *g)
{
	struct rcf_cdg *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->g = g;
	c->nch = g->nlinks * 8;
	c->used = calloc(c->nch + 1, 1);
	c->map = calloc(c->nch + 1, sizeof(*c->map));
	c->port = calloc(2 * g->nlinks + 1, sizeof(*c->port));
	c->to = malloc((2 * g->nlinks + 1) * sizeof(*c->to));
	if (!c->used || !c->map || !c->port || !c->to) {
		rcf_cdg_free(c);
		return NULL;
	}
	for (size_t v = 0; v < g->nv; v++)
		for (uint32_t p = 0; p < g->v[v].nports; p++) {
			const struct rcf_gport *gp = rcf_gport(g, v, p);
			size_t ld;

			if (gp->peer < 0 || gp->link < 0)
				continue;
			ld = (size_t)gp->link * 2 + gp->dir;
			c->port[ld] = (uint8_t)p;
			c->to[ld] = gp->peer;
		}
	return c;
}

void rcf_cdg_free(struct rcf_cdg *c)
{
	if (!c)
		return;
	free(c->used);
	free(c->map);
	free(c->port);
	free(c->to);
	free(c);
}

/*
 * A channel an arc leads to is used; rcf_cdg_finish() marks those as it
 * reads the arcs, so that only a route's first channel is marked here.
 */
int rcf_cdg_add(struct rcf_cdg *c, const uint32_t *chan, size_t n)
{
	if (n)
		c->used[chan[0]] = 1;
	for (size_t i = 1; i < n; i++) {
		unsigned int b = c->port[chan[i] / 4] * 4 + chan[i] % 4;

		c->map[chan[i - 1]][b / 64] |= 1ULL << (b % 64);
	}
	return 0;
}

int rcf_cdg_add_fan(struct rcf_cdg *c, const uint32_t *from, uint32_t v,
		    const uint64_t fan[2])
{
	for (int w = 0; w < 2; w++) {
		if (from) {
			c->map[*from][w] |= fan[w];
			continue;
		}
		for (uint64_t m = fan[w]; m; m &= m - 1) {
			unsigned int b = (unsigned int)w * 64 +
					 (unsigned int)__builtin_ctzll(m);
			const struct rcf_gport *gp = rcf_gport(c->g, v, b / 4);

			c->used[RCF_CHAN(gp->link, gp->dir, b % 4)] = 1;
		}
	}
	return 0;
}

/* a channel's few targets into order */
static void sort_u32(uint32_t *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t x = a[i];
		size_t j = i;

		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
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

/* the arcs out of channel ch, in order, to out, their targets used */
static size_t arcs_of(const struct rcf_cdg *c, size_t ch, uint32_t *out)
{
	const struct rcf_graph *g = c->g;
	size_t n = 0;

	for (int w = 0; w < 2; w++)
		for (uint64_t m = c->map[ch][w]; m; m &= m - 1) {
			unsigned int b = (unsigned int)w * 64 +
					 (unsigned int)__builtin_ctzll(m);
			const struct rcf_gport *gp =
				rcf_gport(g, (uint32_t)c->to[ch / 4], b / 4);

			out[n] = RCF_CHAN(gp->link, gp->dir, b % 4);
			c->used[out[n++]] = 1;
		}
	sort_u32(out, n);
	return n;
}

int rcf_cdg_finish(struct rcf_cdg *c, struct rcf_cdg_result *res)
{
	struct dfs d = {.nch = c->nch};
	int rc = -1;

	memset(res, 0, sizeof(*res));
	res->acyclic = 1;
	/* most channels have no arcs out: no count for them */
	for (size_t ch = 0; ch < c->nch; ch++)
		for (int w = 0; w < 2; w++)
			for (uint64_t m = c->map[ch][w]; m; m &= m - 1)
				res->deps++;
	d.first = calloc(d.nch + 2, sizeof(*d.first));
	d.to = malloc((res->deps + 1) * sizeof(*d.to));
	d.color = calloc(d.nch + 1, 1);
	d.stack = malloc((d.nch + 1) * sizeof(*d.stack));
	d.pos = malloc((d.nch + 1) * sizeof(*d.pos));
	if (!d.first || !d.to || !d.color || !d.stack || !d.pos)
		goto out;
	for (size_t ch = 0; ch < d.nch; ch++)
		d.first[ch + 1] =
			d.first[ch] + arcs_of(c, ch, d.to + d.first[ch]);
	for (size_t ch = 0; ch < c->nch; ch++)
		res->channels += c->used[ch];
	rc = search(&d, res);
out:
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
		const struct rcf_route_rec *r = &s->r[i];
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
