// SPDX-License-Identifier: GPL-2.0
/* A route plan's computation and checks, without netlink (plan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "route/plan.h"
#include "util/errf.h"
#include "util/mono.h"

void rcf_plan_init(struct rcf_route_plan *p)
{
	memset(p, 0, sizeof(*p));
	rcf_routes_init(&p->old);
	rcf_routes_init(&p->new);
}

void rcf_plan_free(struct rcf_route_plan *p)
{
	rcf_routes_free(&p->old);
	rcf_routes_free(&p->new);
	rcf_cdg_result_free(&p->cdg);
	rcf_plan_init(p);
}

static void cycle_str(const struct rcf_graph *g,
		      const struct rcf_cdg_result *res, char *buf, size_t len)
{
	size_t at = 0;
	char ch[160];

	buf[0] = '\0';
	for (size_t i = 0; i <= res->ncycle && res->ncycle; i++) {
		rcf_graph_chan_str(g, res->cycle[i % res->ncycle], ch,
				   sizeof(ch));
		at += snprintf(buf + at, len - at, "%s%s", i ? " -> " : "", ch);
		if (at >= len)
			break;
	}
}

/* the verdict of c, fed every route: 0, or -1 when out of memory */
static int verdict(struct rcf_route_plan *p, const struct rcf_graph *g,
		   struct rcf_cdg *c, char *err, size_t errlen)
{
	if (rcf_cdg_finish(c, &p->cdg)) {
		rcf_cdg_result_free(&p->cdg);
		return rcf_errf(err, errlen, "out of memory");
	}
	if (!p->cdg.acyclic)
		cycle_str(g, &p->cdg, p->cycle, sizeof(p->cycle));
	return 0;
}

int rcf_plan_check(struct rcf_route_plan *p, const struct rcf_graph *g,
		   char *err, size_t errlen)
{
	struct rcf_cdg *c = rcf_cdg_new(g);
	int rc;

	rcf_cdg_result_free(&p->cdg);
	memset(&p->cdg, 0, sizeof(p->cdg));
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = rcf_routes_check_cdg(g, &p->new, &p->st, NULL, c, err, errlen);
	if (!rc)
		rc = verdict(p, g, c, err, errlen);
	rcf_cdg_free(c);
	return rc ? -1 : 0;
}

struct rcf_plan_walk {
	const struct rcf_graph *g;
	struct rcf_cdg *cdg;
	struct rcf_route_walk *walk;
	int any;
	uint32_t last; /* the last piece's source */
};

struct rcf_plan_walk *rcf_plan_walk_new(const struct rcf_graph *g)
{
	struct rcf_plan_walk *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->g = g;
	w->cdg = rcf_cdg_new(g);
	w->walk = w->cdg ? rcf_route_walk_new(g, NULL, w->cdg) : NULL;
	if (!w->walk) {
		rcf_plan_walk_free(w);
		return NULL;
	}
	return w;
}

void rcf_plan_walk_free(struct rcf_plan_walk *w)
{
	if (!w)
		return;
	rcf_route_walk_free(w->walk);
	rcf_cdg_free(w->cdg);
	free(w);
}

int rcf_plan_walk_feed(struct rcf_plan_walk *w, struct rcf_routes *s, char *err,
		       size_t errlen)
{
	if (!s->n)
		return 0;
	if (rcf_routes_sort(s))
		return rcf_errf(err, errlen, "out of memory");
	if (w->any && s->r[0].src <= w->last) {
		rcf_errf(err, errlen,
			 "source %u's routes came after source %u's",
			 s->r[0].src, w->last);
		return -3;
	}
	if (rcf_route_walk_feed(w->walk, s, err, errlen))
		return -2;
	w->any = 1;
	w->last = s->r[s->n - 1].src;
	return 0;
}

int rcf_plan_walk_end(struct rcf_plan_walk *w, struct rcf_route_plan *p,
		      char *err, size_t errlen)
{
	rcf_cdg_result_free(&p->cdg);
	memset(&p->cdg, 0, sizeof(p->cdg));
	if (rcf_route_walk_end(w->walk, &p->st, err, errlen))
		return -1;
	return verdict(p, w->g, w->cdg, err, errlen);
}

/* rcf_plan_stream()'s state between the router's pieces */
struct stream {
	struct rcf_plan_walk *w;
	int (*out)(const struct rcf_routes *s, void *arg);
	void *arg;
	int walk_failed;
	double walk_s; /* in the walk and out, not the router */
};

/* a piece of the set: sorted, after the last, walked, out, taken */
static int piece(struct rcf_routes *s, void *arg, char *err, size_t errlen)
{
	struct stream *st = arg;
	double t0 = rcf_mono_s();
	int rc;

	if (!s->n)
		return 0;
	rc = rcf_plan_walk_feed(st->w, s, err, errlen);
	if (rc) {
		st->walk_failed = rc == -2;
		return -1;
	}
	if (st->out(s, st->arg))
		rc = rcf_errf(err, errlen, "writing the routes failed");
	rcf_routes_clear(s);
	st->walk_s += rcf_mono_s() - t0;
	return rc;
}

int rcf_plan_stream(struct rcf_route_plan *p, const struct rcf_route_in *in,
		    const struct rcf_route_conf *c,
		    int (*out)(const struct rcf_routes *s, void *arg),
		    void *arg, char *err, size_t errlen)
{
	struct rcf_route_in pin = *in;
	struct stream st = {.out = out, .arg = arg};
	double t0 = rcf_mono_s();
	int rc = -1;

	st.w = rcf_plan_walk_new(in->g);
	if (!st.w)
		return rcf_errf(err, errlen, "out of memory");
	pin.emit = piece;
	pin.emit_arg = &st;
	/* what the router kept to the end is the last piece */
	if (rcf_route_compute(&pin, c, &p->new, err, errlen) ||
	    piece(&p->new, &st, err, errlen)) {
		rc = st.walk_failed ? -2 : -1;
		goto out;
	}
	p->compute_s = rcf_mono_s() - t0 - st.walk_s;
	if (rcf_plan_walk_end(st.w, p, err, errlen))
		goto out;
	/* the other pairs are not the router's to route */
	if (c->r->flags & RCF_ROUTER_NIG_PAIRS)
		p->st.unreachable = 0;
	rc = 0;
out:
	rcf_plan_walk_free(st.w);
	return rc;
}

int rcf_plan_make(struct rcf_route_plan *p, const struct rcf_route_in *in,
		  const struct rcf_route_conf *c, char *err, size_t errlen)
{
	double t0 = rcf_mono_s();

	if (rcf_route_compute(in, c, &p->new, err, errlen))
		return -1;
	p->compute_s = rcf_mono_s() - t0;
	if (rcf_plan_check(p, in->g, err, errlen))
		return -2;
	/* the other pairs are not the router's to route */
	if (c->r->flags & RCF_ROUTER_NIG_PAIRS)
		p->st.unreachable = 0;
	rcf_routes_diff(&p->old, &p->new, NULL, NULL, &p->diff);
	return 0;
}
