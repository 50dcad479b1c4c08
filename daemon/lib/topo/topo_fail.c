// SPDX-License-Identifier: GPL-2.0
/*
 * Failed links between switches.  Links are drawn in the order of a
 * seeded Fisher-Yates shuffle and each is taken out unless the switches
 * would no longer all reach each other without it, so any share up to
 * the fabric's cycle rank can fail and the fabric stays one piece: a
 * routing that survives failures has something to route on, and a fault
 * set is the same for the same seed on every machine.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "topo/topo_fail.h"
#include "util/errf.h"

struct sw_graph {
	uint32_t nsw;
	size_t *first; /* arcs of switch i: arc[first[i] .. first[i + 1]) */
	uint32_t *to, *link;
	uint8_t *gone;	 /* by link index: failed */
	uint32_t *queue; /* BFS */
	uint8_t *seen;
};

/* splitmix64: a seed of any value gives a well mixed stream */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int switch_link(const struct rcf_obj *l)
{
	return l->end[0].kind == RCF_ELEM_SWITCH &&
	       l->end[1].kind == RCF_ELEM_SWITCH;
}

/* Every switch reached from switch 0 over links not gone. */
static int connected(struct sw_graph *g)
{
	uint32_t head = 0, tail = 0;

	memset(g->seen, 0, g->nsw);
	g->seen[0] = 1;
	g->queue[tail++] = 0;
	while (head < tail) {
		uint32_t u = g->queue[head++];

		for (size_t a = g->first[u]; a < g->first[u + 1]; a++)
			if (!g->gone[g->link[a]] && !g->seen[g->to[a]]) {
				g->seen[g->to[a]] = 1;
				g->queue[tail++] = g->to[a];
			}
	}
	return tail == g->nsw;
}

static void graph_free(struct sw_graph *g)
{
	free(g->first);
	free(g->to);
	free(g->link);
	free(g->gone);
	free(g->queue);
	free(g->seen);
}

/* The switches as ids 0 .. nsw - 1 (the generators' numbering). */
static int graph_build(const struct rcf_topo *t, struct sw_graph *g, char *err,
		       size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];
	uint32_t nsw = (uint32_t)t->v[RCF_K_SWITCH].n;

	g->nsw = nsw;
	g->first = calloc((size_t)nsw + 2, sizeof(*g->first));
	g->to = malloc((2 * lv->n + 1) * sizeof(*g->to));
	g->link = malloc((2 * lv->n + 1) * sizeof(*g->link));
	g->gone = calloc(lv->n + 1, 1);
	g->queue = malloc(((size_t)nsw + 1) * sizeof(*g->queue));
	g->seen = malloc((size_t)nsw + 1);
	if (!g->first || !g->to || !g->link || !g->gone || !g->queue ||
	    !g->seen)
		return rcf_errf(err, errlen, "failing links: out of memory");
	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_obj *l = &lv->o[i];

		if (!switch_link(l))
			continue;
		if (l->end[0].id >= nsw || l->end[1].id >= nsw)
			return rcf_errf(err, errlen,
					"failing links: switch ids are not 0 "
					"to %u",
					nsw - 1);
		g->first[l->end[0].id + 2]++;
		g->first[l->end[1].id + 2]++;
	}
	for (uint32_t s = 0; s < nsw; s++)
		g->first[s + 2] += g->first[s + 1];
	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_obj *l = &lv->o[i];

		if (!switch_link(l))
			continue;
		for (int e = 0; e < 2; e++) {
			size_t a = g->first[l->end[e].id + 1]++;

			g->to[a] = l->end[!e].id;
			g->link[a] = (uint32_t)i;
		}
	}
	return 0;
}

/* Marks in gone[] (by link index) the links the seeded shuffle fails. */
static int choose(const struct rcf_topo *t, uint32_t permille, uint64_t seed,
		  struct sw_graph *g, size_t *done, char *err, size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];
	uint32_t *order = NULL;
	size_t nsl = 0, want;
	int rc = -1;

	*done = 0;
	if (permille > 1000)
		return rcf_errf(err, errlen,
				"failing links: %u per mille is over 1000",
				permille);
	if (!t->v[RCF_K_SWITCH].n)
		return rcf_errf(err, errlen,
				"failing links: the fabric has no switches");
	if (graph_build(t, g, err, errlen))
		return -1;
	order = malloc((lv->n + 1) * sizeof(*order));
	if (!order)
		return rcf_errf(err, errlen, "failing links: out of memory");
	for (size_t i = 0; i < lv->n; i++)
		if (switch_link(&lv->o[i]))
			order[nsl++] = (uint32_t)i;
	want = (nsl * permille + 500) / 1000;
	for (size_t i = nsl; i > 1; i--) {
		size_t j = next_rand(&seed) % i;
		uint32_t x = order[i - 1];

		order[i - 1] = order[j];
		order[j] = x;
	}
	if (!connected(g)) {
		rcf_errf(err, errlen,
			 "failing links: the switches are not connected to "
			 "begin with");
		goto out;
	}
	for (size_t i = 0; i < nsl && *done < want; i++) {
		g->gone[order[i]] = 1;
		if (connected(g))
			(*done)++;
		else
			g->gone[order[i]] = 0;
	}
	if (*done < want) {
		rcf_errf(err, errlen,
			 "failing links: only %zu of %zu links can fail "
			 "without splitting the switches",
			 *done, want);
		goto out;
	}
	rc = 0;
out:
	free(order);
	return rc;
}

int rcf_topo_fail_links(struct rcf_topo *t, uint32_t permille, uint64_t seed,
			size_t *failed, char *err, size_t errlen)
{
	struct rcf_objv *lv = &t->v[RCF_K_LINK];
	struct sw_graph g = {0};
	size_t done, k;
	int rc;

	if (failed)
		*failed = 0;
	rc = choose(t, permille, seed, &g, &done, err, errlen);
	if (!rc) {
		for (size_t i = k = 0; i < lv->n; i++)
			if (!g.gone[i])
				lv->o[k++] = lv->o[i];
		lv->n = k;
		if (failed)
			*failed = done;
	}
	graph_free(&g);
	return rc;
}

int rcf_topo_fail_choose(const struct rcf_topo *t, uint32_t permille,
			 uint64_t seed, uint32_t **ids, size_t *n, char *err,
			 size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];
	struct sw_graph g = {0};
	size_t done, k = 0;
	int rc;

	*ids = NULL;
	*n = 0;
	rc = choose(t, permille, seed, &g, &done, err, errlen);
	if (!rc && done) {
		*ids = malloc(done * sizeof(**ids));
		if (!*ids)
			rc = rcf_errf(err, errlen,
				      "failing links: out of memory");
		for (size_t i = 0; !rc && i < lv->n; i++)
			if (g.gone[i])
				(*ids)[k++] =
					(uint32_t)lv->o[i].v[RCF_A_LINK_ID];
		*n = k;
	}
	graph_free(&g);
	return rc;
}

static int cmp_id(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

size_t rcf_topo_remove_links(struct rcf_topo *t, const uint32_t *ids, size_t n)
{
	struct rcf_objv *lv = &t->v[RCF_K_LINK];
	uint32_t *sorted;
	size_t k = 0, gone;

	if (!n)
		return 0;
	/* a sorted copy: thousands of failed links in a fabric of 100k */
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		return SIZE_MAX;
	memcpy(sorted, ids, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_id);
	for (size_t i = 0; i < lv->n; i++) {
		uint32_t id = (uint32_t)lv->o[i].v[RCF_A_LINK_ID];

		if (!bsearch(&id, sorted, n, sizeof(*sorted), cmp_id))
			lv->o[k++] = lv->o[i];
	}
	free(sorted);
	gone = lv->n - k;
	lv->n = k;
	return gone;
}
