// SPDX-License-Identifier: GPL-2.0
/*
 * A route set walked in order for its figures and its deadlock check,
 * whole or a piece at a time (route.h, rcf_route_walk_new()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/cdg.h"
#include "route/route.h"
#include "util/errf.h"

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

/*
 * The walk between pieces: where the last route left it, its run, and
 * its source and destination for the next piece's first route.  Indices
 * (since[], the run's) count every route fed, so that a run of routes
 * crossing a channel may span pieces.
 */
struct rcf_route_walk {
	const struct rcf_graph *g;
	struct rcf_cdg *cdg;
	uint32_t *load, *own;
	struct rcf_route_stats st;
	struct set_walk w;
	struct run run;
	size_t done;	   /* routes fed */
	uint32_t src, dst; /* the last route fed's */
};

struct rcf_route_walk *rcf_route_walk_new(const struct rcf_graph *g,
					  uint32_t *load, struct rcf_cdg *cdg)
{
	struct rcf_route_walk *k = malloc(sizeof(*k));

	if (!k)
		return NULL;
	memset(&k->st, 0, sizeof(k->st));
	k->g = g;
	k->cdg = cdg;
	k->own = NULL;
	k->load = load;
	if (!load)
		k->load = k->own = calloc(2 * g->nlinks + 1, sizeof(*k->own));
	else
		memset(load, 0, 2 * g->nlinks * sizeof(*load));
	if (!k->load) {
		free(k);
		return NULL;
	}
	k->w.open = 0;
	k->run.on = 0;
	k->done = 0;
	return k;
}

void rcf_route_walk_free(struct rcf_route_walk *k)
{
	if (!k)
		return;
	free(k->own);
	free(k);
}

int rcf_route_walk_feed(struct rcf_route_walk *k, const struct rcf_routes *s,
			char *err, size_t errlen)
{
	const struct rcf_graph *g = k->g;
	struct rcf_route_stats *st = &k->st;
	struct set_walk *w = &k->w;
	struct run *run = &k->run;
	uint32_t *load = k->load;
	struct rcf_cdg *cdg = k->cdg;
	char why[160];

	for (size_t j = 0; j < s->n; j++) {
		const struct rcf_route_rec *r = &s->r[j];
		size_t i = k->done + j;
		int same = i && r->src == k->src;
		unsigned int len, n0 = 0;
		const uint8_t *hops = rcf_route_hops(s, r, &len);
		size_t known = 0, m;
		uint32_t dst;
		int n;

		if (!same || r->dst != k->dst)
			st->pairs++;
		k->src = r->src;
		k->dst = r->dst;
		if (run->on && run_step(g, run, w, r, i, load))
			continue;
		if (run->on && run_end(run, w, load, st, cdg))
			return rcf_errf(err, errlen, "out of memory");
		/* a piece's first route is walked from its source: the
		 * route before it is gone, and walking anew counts the same */
		if (same && j)
			n0 = rcf_routes_same_start(s, r, r - 1);
		if (!n0 &&
		    rcf_graph_walk_start(g, r->src, w->at, why, sizeof(why)))
			return refuse(err, errlen, r, why);
		known = w->at[n0].n < WALK_MAX ? w->at[n0].n : WALK_MAX;
		end_runs(w, known, i, load);
		n = rcf_graph_walk_on(g, w->at, n0, hops, len, w->chan,
				      WALK_MAX, &dst, why, sizeof(why));
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
		run_begin(g, run, w, r, len);
	}
	k->done += s->n;
	return 0;
}

int rcf_route_walk_end(struct rcf_route_walk *k, struct rcf_route_stats *st,
		       char *err, size_t errlen)
{
	const struct rcf_graph *g = k->g;

	if (k->run.on && run_end(&k->run, &k->w, k->load, &k->st, k->cdg))
		return rcf_errf(err, errlen, "out of memory");
	end_runs(&k->w, 0, k->done, k->load);
	max_loads(g, k->load, &k->st);
	k->st.routes = k->done;
	if (g->nnodes > 1 && k->st.pairs < g->nnodes * (g->nnodes - 1))
		k->st.unreachable = g->nnodes * (g->nnodes - 1) - k->st.pairs;
	*st = k->st;
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
	struct rcf_route_walk *k = rcf_route_walk_new(g, load, cdg);
	int rc;

	memset(st, 0, sizeof(*st));
	if (!k)
		return rcf_errf(err, errlen, "out of memory");
	rc = rcf_route_walk_feed(k, s, err, errlen);
	if (!rc)
		rc = rcf_route_walk_end(k, st, err, errlen);
	rcf_route_walk_free(k);
	return rc;
}
