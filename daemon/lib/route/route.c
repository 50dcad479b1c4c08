// SPDX-License-Identifier: GPL-2.0
/* Route sets: storage, checking against the graph, differences. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"
#include "route/route.h"
#include "util/errf.h"

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

int rcf_routes_check(const struct rcf_graph *g, const struct rcf_routes *s,
		     struct rcf_route_stats *st, uint32_t *load, char *err,
		     size_t errlen)
{
	return rcf_routes_check_cdg(g, s, st, load, NULL, err, errlen);
}

/* the longest walk whose channels are kept */
#define WALK_MAX (RCF_ROUTE_MAX_HOPS * 4)

/*
 * A set walked route after route.  A source's routes share their first
 * bytes (a tree's routes all but the last byte to a leaf's nodes), so
 * each route is walked on from where it parts from the one before it
 * (rcf_graph_walk_on()), the channels and arcs up to there known.  A
 * channel they share is counted once for the whole run of routes that
 * cross it, when the run ends.
 */
struct set_walk {
	uint32_t chan[WALK_MAX];
	uint32_t since[WALK_MAX]; /* the route chan[d]'s run began with */
	size_t open;		  /* chan[0 .. open): the last route's */
	struct rcf_walk_at at[RCF_ROUTE_MAX_HOPS + 1];
};

/* the runs of chan[from ..] end before route i: their counts to load */
static void end_runs(struct set_walk *w, size_t from, size_t i, uint32_t *load)
{
	for (size_t d = from; d < w->open; d++)
		load[w->chan[d] / 4] += (uint32_t)(i - w->since[d]);
	if (from < w->open)
		w->open = from;
}

/* the busiest link direction's routes, over all links and between switches */
static void max_loads(const struct rcf_graph *g, const uint32_t *load,
		      struct rcf_route_stats *st)
{
	for (size_t l = 0; l < g->nlinks; l++) {
		const struct rcf_glink *gl = &g->link[l];
		uint32_t m = load[2 * l] > load[2 * l + 1] ? load[2 * l]
							   : load[2 * l + 1];

		if (m > st->max_load)
			st->max_load = m;
		if (gl->end[0].kind == RCF_ELEM_SWITCH &&
		    gl->end[1].kind == RCF_ELEM_SWITCH && m > st->max_inner)
			st->max_inner = m;
	}
}

static int refuse(char *err, size_t errlen, const struct rcf_route_rec *r,
		  const char *why)
{
	return rcf_errf(err, errlen, "route src %u dst %u index %u: %s", r->src,
			r->dst, r->index, why);
}

/*
 * A run of routes of one source that part from the one before at their
 * last byte, read where one walk stands (rcf_graph_last_at()): a leaf's
 * nodes, most of a fat tree's routes.  Each is one step from there, its
 * bytes before the last compared as one word of its record, its last
 * channel counted straight away (routes in a run part there), its arc
 * set in fan, which goes to the deadlock check when the run ends.  Then
 * the last route's walk is left as rcf_graph_walk_on() would have left
 * it (chan, since, at), its channel open, for the next route that is
 * not one of the run.
 */
struct run {
	int on;
	uint32_t src;
	uint64_t word, mask; /* the record's length and bytes before the last */
	unsigned int k;	     /* the last byte */
	uint32_t n0, from;   /* channels before the last; the one before it */
	uint32_t v;
	struct rcf_walk_last l;
	uint64_t fan[2];
	/* the run's last route so far: its index, last byte and port */
	size_t i;
	uint8_t b;
	const struct rcf_gport *gp;
};

/* after route r of len bytes was walked: a run of routes like it begins */
static void run_begin(const struct rcf_graph *g, struct run *run,
		      const struct set_walk *w, const struct rcf_route_rec *r,
		      unsigned int len)
{
	const struct rcf_walk_at *a = &w->at[len - 1];

	run->on = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (!len || len > RCF_ROUTE_INLINE || a->n >= WALK_MAX ||
	    !rcf_graph_last_at(g, a, &run->l))
		return;
	run->on = 1;
	run->src = r->src;
	run->k = len - 1;
	/* the length byte, then the route bytes before the last */
	run->mask = 0xff00 | ((1ULL << (8 * run->k)) - 1) << 16;
	run->word = rcf_route_word(r);
	run->n0 = a->n;
	run->from = a->n ? w->chan[a->n - 1] : 0;
	run->v = (uint32_t)a->v;
	run->fan[0] = run->fan[1] = 0;
	run->gp = NULL;
#else
	(void)g, (void)w, (void)r, (void)a;
#endif
}

static int run_end(struct run *run, struct set_walk *w, uint32_t *load,
		   struct rcf_route_stats *st, struct rcf_cdg *cdg)
{
	const struct rcf_gport *gp = run->gp;
	uint32_t n0 = run->n0;

	run->on = 0;
	if (!gp)
		return 0;
	/* the last route's channel open again, as the walk leaves it */
	load[gp->link * 2 + gp->dir]--;
	w->chan[n0] = RCF_CHAN(gp->link, gp->dir, RCF_HOP_VC(run->b));
	w->since[n0] = (uint32_t)run->i;
	w->open = n0 + 1;
	w->at[run->k + 1] = (struct rcf_walk_at){.v = gp->peer,
						 .in = gp->in_port,
						 .n = n0 + 1,
						 .step.vc = RCF_HOP_VC(run->b)};
	if (n0 + 1 > st->max_hops)
		st->max_hops = n0 + 1;
	if (!cdg)
		return 0;
	return rcf_cdg_add_fan(cdg, n0 ? &run->from : NULL, run->v, run->fan);
}

/* route i, r, walked as one of the run, or 0 when it is not */
static int run_step(const struct rcf_graph *g, struct run *run,
		    struct set_walk *w, const struct rcf_route_rec *r, size_t i,
		    uint32_t *load)
{
	const struct rcf_gport *gp;
	unsigned int bit;
	uint32_t dst;
	uint8_t b;

	if (r->src != run->src || ((rcf_route_word(r) ^ run->word) & run->mask))
		return 0;
	b = r->b[run->k];
	gp = rcf_graph_last_step(g, &run->l, b, &dst);
	if (!gp || dst != r->dst)
		return 0;
	/* the channels of the route before the run end here */
	if (w->open > run->n0)
		end_runs(w, run->n0, i, load);
	load[gp->link * 2 + gp->dir]++;
	bit = RCF_HOP_PORT(b) * 4 + RCF_HOP_VC(b);
	run->fan[bit / 64] |= 1ULL << (bit % 64);
	run->i = i;
	run->b = b;
	run->gp = gp;
	return 1;
}

static int walk_set(const struct rcf_graph *g, const struct rcf_routes *s,
		    struct set_walk *w, struct rcf_route_stats *st,
		    uint32_t *load, struct rcf_cdg *cdg, char *err,
		    size_t errlen)
{
	struct run run = {.on = 0};
	char why[160];

	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route_rec *r = &s->r[i];
		int same = i && r->src == s->r[i - 1].src;
		unsigned int len, k = 0;
		const uint8_t *hops = rcf_route_hops(s, r, &len);
		size_t known = 0, m;
		uint32_t dst;
		int n;

		if (!same || r->dst != s->r[i - 1].dst)
			st->pairs++;
		if (run.on && run_step(g, &run, w, r, i, load))
			continue;
		if (run.on && run_end(&run, w, load, st, cdg))
			return rcf_errf(err, errlen, "out of memory");
		if (same)
			k = rcf_routes_same_start(s, r, r - 1);
		if (!k &&
		    rcf_graph_walk_start(g, r->src, w->at, why, sizeof(why)))
			return refuse(err, errlen, r, why);
		known = w->at[k].n < WALK_MAX ? w->at[k].n : WALK_MAX;
		end_runs(w, known, i, load);
		n = rcf_graph_walk_on(g, w->at, k, hops, len, w->chan, WALK_MAX,
				      &dst, why, sizeof(why));
		if (n < 0)
			return refuse(err, errlen, r, why);
		if (dst != r->dst) {
			snprintf(why, sizeof(why), "reaches node %u", dst);
			return refuse(err, errlen, r, why);
		}
		/* the deadlock check needs every channel */
		if (cdg && n > WALK_MAX)
			return refuse(err, errlen, r, "too long");
		m = n < WALK_MAX ? (size_t)n : WALK_MAX;
		for (size_t d = known; d < m; d++)
			w->since[d] = (uint32_t)i;
		w->open = m;
		/* the arc into the first channel not known, and on */
		known -= !!known;
		if (cdg && rcf_cdg_add(cdg, w->chan + known, m - known))
			return rcf_errf(err, errlen, "out of memory");
		if ((size_t)n > st->max_hops)
			st->max_hops = n;
		run_begin(g, &run, w, r, len);
	}
	if (run.on && run_end(&run, w, load, st, cdg))
		return rcf_errf(err, errlen, "out of memory");
	end_runs(w, 0, s->n, load);
	return 0;
}

int rcf_routes_check_cdg(const struct rcf_graph *g, const struct rcf_routes *s,
			 struct rcf_route_stats *st, uint32_t *load,
			 struct rcf_cdg *cdg, char *err, size_t errlen)
{
	struct set_walk *w = malloc(sizeof(*w));
	uint32_t *own = NULL;
	int rc;

	memset(st, 0, sizeof(*st));
	if (!load)
		load = own = calloc(2 * g->nlinks + 1, sizeof(*own));
	else
		memset(load, 0, 2 * g->nlinks * sizeof(*load));
	if (!w || !load) {
		free(w);
		free(own);
		return rcf_errf(err, errlen, "out of memory");
	}
	w->open = 0;
	rc = walk_set(g, s, w, st, load, cdg, err, errlen);
	if (!rc) {
		max_loads(g, load, st);
		st->routes = s->n;
		if (g->nnodes > 1 && st->pairs < g->nnodes * (g->nnodes - 1))
			st->unreachable =
				g->nnodes * (g->nnodes - 1) - st->pairs;
	}
	free(w);
	free(own);
	return rc;
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
