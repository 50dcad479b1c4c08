// SPDX-License-Identifier: GPL-2.0
/* Route sets: storage, sorting, differences (the walk: route_walk.c). */
#include <stdlib.h>
#include <string.h>

#include "route/route.h"

void rcf_routes_init(struct rcf_routes *s)
{
	memset(s, 0, sizeof(*s));
}

void rcf_routes_free(struct rcf_routes *s)
{
	free(s->r);
	free(s->arena);
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
	struct rcf_route_rec *r;

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

/* len bytes at the arena's end, their offset; -1 when out of memory */
static int64_t arena_take(struct rcf_routes *s, unsigned int len)
{
	size_t at = s->used;

	if (s->used + len > s->room) {
		size_t room = s->room ? s->room : 4096;
		uint8_t *a;

		while (room < s->used + len)
			room *= 2;
		if (room > RCF_ROUTES_ARENA_MAX)
			room = RCF_ROUTES_ARENA_MAX;
		if (room < s->used + len)
			return -1;
		a = realloc(s->arena, room);
		if (!a)
			return -1;
		s->arena = a;
		s->room = room;
	}
	s->used += len;
	return (int64_t)at;
}

uint8_t *rcf_routes_put_far(struct rcf_routes *s, struct rcf_route_rec *r,
			    unsigned int len)
{
	int64_t off;

	if (len > RCF_ROUTE_MAX_HOPS)
		return NULL;
	off = arena_take(s, len);
	if (off < 0)
		return NULL;
	r->b[0] = r->b[1] = 0;
	r->b[2] = (uint8_t)off;
	r->b[3] = (uint8_t)(off >> 8);
	r->b[4] = (uint8_t)(off >> 16);
	r->b[5] = (uint8_t)(off >> 24);
	return s->arena + off;
}

uint8_t *rcf_routes_add(struct rcf_routes *s, uint32_t src, uint32_t dst,
			uint8_t index, unsigned int len)
{
	uint8_t *h;

	if (len > RCF_ROUTE_MAX_HOPS || rcf_routes_reserve(s, 1))
		return NULL;
	h = rcf_routes_put(s, &s->r[s->n], src, dst, index, len);
	if (h)
		s->n++;
	return h;
}

int rcf_routes_push(struct rcf_routes *s, uint32_t src, uint32_t dst,
		    uint8_t index, const uint8_t *hops, unsigned int len)
{
	uint8_t copy[RCF_ROUTE_MAX_HOPS], *h;

	/* a long route's bytes may be in s's arena, which may move */
	if (len > RCF_ROUTE_INLINE && len <= RCF_ROUTE_MAX_HOPS) {
		memcpy(copy, hops, len);
		hops = copy;
	}
	h = rcf_routes_add(s, src, dst, index, len);
	if (!h)
		return -1;
	memcpy(h, hops, len);
	return 0;
}

static int cmp_route(const struct rcf_route_rec *x,
		     const struct rcf_route_rec *y)
{
	if (x->src != y->src)
		return x->src < y->src ? -1 : 1;
	if (x->dst != y->dst)
		return x->dst < y->dst ? -1 : 1;
	return (int)x->index - (int)y->index;
}

/*
 * Strictly increasing only: a set with duplicates goes through the sort,
 * which keeps routes of equal keys in the order they came.
 */
static int is_sorted(const struct rcf_route_rec *r, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (cmp_route(&r[i - 1], &r[i]) >= 0)
			return 0;
	return 1;
}

/* short stretches sorted by insertion before the merges */
enum { SORT_RUN = 16 };

static void insertion_sort(struct rcf_route_rec *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct rcf_route_rec x = a[i];
		size_t j = i;

		for (; j > 0 && cmp_route(&a[j - 1], &x) > 0; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/* a and b into out, a's first on equal keys */
static void merge(const struct rcf_route_rec *a, size_t na,
		  const struct rcf_route_rec *b, size_t nb,
		  struct rcf_route_rec *out)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb)
		*out++ = cmp_route(&b[j], &a[i]) < 0 ? b[j++] : a[i++];
	memcpy(out, a + i, (na - i) * sizeof(*a));
	memcpy(out + (na - i), b + j, (nb - j) * sizeof(*b));
}

/* a stable merge sort of a[0..n), tmp room for n */
static void merge_sort(struct rcf_route_rec *a, size_t n,
		       struct rcf_route_rec *tmp)
{
	struct rcf_route_rec *from = a, *to = tmp, *x;

	for (size_t i = 0; i < n; i += SORT_RUN)
		insertion_sort(a + i, n - i < SORT_RUN ? n - i : SORT_RUN);
	for (size_t w = SORT_RUN; w < n; w *= 2) {
		for (size_t i = 0; i < n; i += 2 * w) {
			size_t m = n - i < w ? n : i + w;
			size_t e = n - i < 2 * w ? n : i + 2 * w;

			merge(from + i, m - i, from + m, e - m, to + i);
		}
		x = from;
		from = to;
		to = x;
	}
	if (from != a)
		memcpy(a, from, n * sizeof(*a));
}

/* the length of the run of one source starting at i */
static size_t src_run(const struct rcf_routes *s, size_t i)
{
	size_t j = i + 1;

	while (j < s->n && s->r[j].src == s->r[i].src)
		j++;
	return j - i;
}

int rcf_routes_sort(struct rcf_routes *s)
{
	size_t most = 0, i, k;
	struct rcf_route_rec *tmp;

	/* routers that emit source by source in order (sp1) need no sort */
	if (!s->n || is_sorted(s->r, s->n))
		return 0;
	/*
	 * glibc's qsort() merges through a copy of the whole set, 16 more
	 * bytes a route.  Routers emit source by source, in ascending
	 * order, with their destinations out of order at most: a merge
	 * sort of each source's run needs room for one run, not for the
	 * set.  A set whose sources are out of order (a file) gets the copy.
	 */
	for (i = 0; i < s->n; i += k) {
		k = src_run(s, i);
		if (i + k < s->n && s->r[i + k].src < s->r[i].src) {
			most = s->n;
			break;
		}
		if (k > most)
			most = k;
	}
	tmp = malloc(most * sizeof(*tmp));
	if (!tmp)
		return -1;
	if (most == s->n)
		merge_sort(s->r, s->n, tmp);
	else
		for (i = 0; i < s->n; i += k) {
			k = src_run(s, i);
			if (!is_sorted(s->r + i, k))
				merge_sort(s->r + i, k, tmp);
		}
	free(tmp);
	return 0;
}

int rcf_routes_from_topo(struct rcf_routes *s, const struct rcf_topo *t)
{
	const struct rcf_objv *v = &t->v[RCF_K_ROUTE];

	for (size_t i = 0; i < v->n; i++) {
		const struct rcf_obj *o = &v->o[i];

		if (rcf_routes_push(s, o->v[RCF_A_ROUTE_SRC],
				    o->v[RCF_A_ROUTE_DST],
				    rcf_has(o, RCF_A_ROUTE_INDEX)
					    ? o->v[RCF_A_ROUTE_INDEX]
					    : 0,
				    o->hops, o->nhops))
			return -1;
	}
	return rcf_routes_sort(s);
}

static int cmp_pair(const struct rcf_route_rec *x,
		    const struct rcf_route_rec *y)
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

int rcf_route_same_hops(const struct rcf_routes *a,
			const struct rcf_route_rec *x,
			const struct rcf_routes *b,
			const struct rcf_route_rec *y)
{
	unsigned int nx, ny;
	const uint8_t *hx = rcf_route_hops(a, x, &nx);
	const uint8_t *hy = rcf_route_hops(b, y, &ny);

	return nx == ny && !memcmp(hx, hy, nx);
}

int rcf_routes_diff(const struct rcf_routes *old, const struct rcf_routes *new,
		    rcf_route_diff_fn fn, void *arg, struct rcf_route_diff *d)
{
	struct rcf_route_diff cnt = {0};
	int rc = 0;

	/* nothing installed (route compute without --install): all new */
	if (!old->n && !fn) {
		cnt.added = new->n;
		if (d)
			*d = cnt;
		return 0;
	}
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
						rc = fn(RCF_V_DEL, old,
							&old->r[i], arg);
				}
				i++;
			} else if (c > 0) {
				if (pass) {
					cnt.added++;
					if (fn)
						rc = fn(RCF_V_NEW, new,
							&new->r[j], arg);
				}
				j++;
			} else {
				int same = rcf_route_same_hops(old, &old->r[i],
							       new, &new->r[j]);

				if (pass && same)
					cnt.same++;
				if (pass && !same) {
					cnt.changed++;
					if (fn)
						rc = fn(RCF_V_SET, new,
							&new->r[j], arg);
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
