// SPDX-License-Identifier: GPL-2.0
/*
 * The path finder: a breadth-first search over switch inputs.  A state is
 * one switch input the path has entered by; from it the path may leave by
 * any other free output, which leads over an up link to the next switch's
 * input or to a node.  Only the destination ends a path: a path is a chain
 * of circuits, and a node in between would have to relay by route bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path/path_find.h"

int rcf_path_marks_init(struct rcf_path_marks *m, const struct rcf_graph *g)
{
	size_t n = 0;

	for (size_t v = 0; v < g->nv; v++)
		n += g->v[v].nports;
	m->nports = n;
	m->in_used = calloc(n ? n : 1, 1);
	m->out_busy = calloc(n ? n : 1, 1);
	if (!m->in_used || !m->out_busy) {
		rcf_path_marks_free(m);
		return -1;
	}
	for (size_t v = g->nnodes; v < g->nv; v++)
		for (uint32_t p = 0; p < g->v[v].nports; p++) {
			int32_t out = rcf_gport(g, (uint32_t)v, p)->circ;

			if (out >= 0)
				m->out_busy[g->v[v].first + (uint32_t)out] = 1;
		}
	return 0;
}

void rcf_path_marks_free(struct rcf_path_marks *m)
{
	free(m->in_used);
	free(m->out_busy);
	memset(m, 0, sizeof(*m));
}

void rcf_path_mark_route(struct rcf_path_marks *m, const struct rcf_graph *g,
			 uint32_t src, const uint8_t *hops, unsigned int nhops)
{
	struct rcf_walk_at w;
	unsigned int h = 0;
	uint32_t chan;
	char err[128];

	if (rcf_graph_walk_start(g, src, &w, err, sizeof(err)))
		return;
	/* the route's own walk, noting each switch input it reads a byte at */
	do {
		if (w.n && g->v[w.v].kind == RCF_ELEM_SWITCH &&
		    rcf_graph_reads_byte(g, &w))
			m->in_used[g->v[w.v].first + w.in] = 1;
	} while (rcf_graph_walk_step(g, &w, &h, hops, nhops, &chan, err,
				     sizeof(err)) > 0);
}

struct search {
	const struct rcf_graph *g;
	const struct rcf_path_marks *m;
	unsigned int vc;
	int32_t *from;	/* state -> state it was reached from, -1 first */
	uint8_t *by;	/* state -> output port that led to it */
	uint8_t *depth; /* state -> links crossed to reach it */
	size_t *queue;
};

/* Where leaving (v, out) leads: the next vertex, or -1 when it cannot. */
static int32_t step(const struct search *s, uint32_t v, uint32_t out,
		    uint32_t *in)
{
	const struct rcf_gport *gp = rcf_gport(s->g, v, out);

	if (gp->peer < 0 || s->vc >= gp->vcs)
		return -1;
	*in = gp->in_port;
	return gp->peer;
}

static int input_free(const struct search *s, uint32_t w, uint32_t in)
{
	return rcf_gport(s->g, w, in)->circ < 0 &&
	       !s->m->in_used[s->g->v[w].first + in];
}

/* switch vertex of a state (a port index) and the port itself */
static uint32_t state_vertex(const struct rcf_graph *g, size_t st,
			     uint32_t *port)
{
	size_t lo = g->nnodes, hi = g->nv;

	/* ports are laid out vertex by vertex: the last first <= st */
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (g->v[mid].first <= st)
			lo = mid;
		else
			hi = mid;
	}
	*port = (uint32_t)(st - g->v[lo].first);
	return (uint32_t)lo;
}

/* hops of the path that ends leaving state st by out */
static unsigned int unwind(const struct search *s, size_t st, uint32_t out,
			   uint8_t *hops)
{
	unsigned int n = s->depth[st] + 1;
	unsigned int i = n;

	hops[--i] = RCF_HOP(out, 0);
	for (int32_t at = (int32_t)st; at >= 0; at = s->from[at])
		hops[--i] = s->from[at] < 0 ? RCF_HOP(s->by[at], s->vc)
					    : RCF_HOP(s->by[at], 0);
	return n;
}

static int search(struct search *s, uint32_t master, uint32_t dst,
		  uint8_t *hops, unsigned int *nhops)
{
	const struct rcf_graph *g = s->g;
	uint32_t mv = (uint32_t)g->node_vertex[master], in;
	size_t head = 0, tail = 0;
	int32_t w;

	for (uint32_t p = 0; p < g->v[mv].nports; p++) {
		size_t st;

		w = step(s, mv, p, &in);
		if (w < 0)
			continue;
		if (g->v[w].kind == RCF_ELEM_NODE) {
			if (g->v[w].id != dst)
				continue;
			/* a direct link: a path with no circuit */
			hops[0] = RCF_HOP(p, s->vc);
			*nhops = 1;
			return 0;
		}
		st = g->v[w].first + in;
		if (s->depth[st] || !input_free(s, (uint32_t)w, in))
			continue;
		s->from[st] = -1;
		s->by[st] = (uint8_t)p;
		s->depth[st] = 1;
		s->queue[tail++] = st;
	}
	while (head < tail) {
		size_t st = s->queue[head++];
		uint32_t v = state_vertex(g, st, &in), from_in = in;

		for (uint32_t out = 0; out < g->v[v].nports; out++) {
			size_t nx;

			if (out == from_in ||
			    s->m->out_busy[g->v[v].first + out])
				continue;
			w = step(s, v, out, &in);
			if (w < 0)
				continue;
			if (g->v[w].kind == RCF_ELEM_NODE) {
				if (g->v[w].id != dst)
					continue;
				*nhops = unwind(s, st, out, hops);
				return 0;
			}
			/* one more switch needs one more byte: 64 at most */
			if (s->depth[st] + 1 >= RCF_ROUTE_MAX_HOPS)
				continue;
			nx = g->v[w].first + in;
			if (s->depth[nx] || !input_free(s, (uint32_t)w, in))
				continue;
			s->from[nx] = (int32_t)st;
			s->by[nx] = (uint8_t)out;
			s->depth[nx] = s->depth[st] + 1;
			s->queue[tail++] = nx;
		}
	}
	return -1;
}

int rcf_path_find(const struct rcf_graph *g, const struct rcf_path_marks *m,
		  uint32_t master, uint32_t dst, unsigned int vc, uint8_t *hops,
		  unsigned int *nhops, char *err, size_t errlen)
{
	struct search s = {.g = g, .m = m, .vc = vc};
	size_t n = m->nports ? m->nports : 1;
	int rc = -1;

	if (master >= RCF_MAX_NODES || g->node_vertex[master] < 0) {
		snprintf(err, errlen, "no node %u", master);
		return -1;
	}
	if (dst >= RCF_MAX_NODES || g->node_vertex[dst] < 0) {
		snprintf(err, errlen, "no node %u", dst);
		return -1;
	}
	if (master == dst) {
		snprintf(err, errlen,
			 "master and destination are the same node");
		return -1;
	}
	if (vc >= RCF_LINK_MAX_VCS) {
		snprintf(err, errlen,
			 "virtual channel %u: a link has at most %d", vc,
			 RCF_LINK_MAX_VCS);
		return -1;
	}
	s.from = malloc(n * sizeof(*s.from));
	s.by = calloc(n, 1);
	s.depth = calloc(n, 1);
	s.queue = malloc(n * sizeof(*s.queue));
	if (!s.from || !s.by || !s.depth || !s.queue)
		snprintf(err, errlen, "out of memory");
	else if (search(&s, master, dst, hops, nhops))
		snprintf(err, errlen,
			 "no free path from node %u to node %u: every way "
			 "crosses a switch port that a circuit or a route "
			 "holds, or a link that is down%s",
			 master, dst, vc ? " or lacks the VC" : "");
	else
		rc = 0;
	free(s.from);
	free(s.by);
	free(s.depth);
	free(s.queue);
	return rc;
}

int rcf_path_find_topo(const struct rcf_topo *t, uint32_t master, uint32_t dst,
		       unsigned int vc, uint8_t *hops, unsigned int *nhops,
		       char *err, size_t errlen)
{
	const struct rcf_objv *rv = &t->v[RCF_K_ROUTE];
	struct rcf_path_marks m;
	struct rcf_graph *g = rcf_graph_new(t, err, errlen);
	int rc = -1;

	if (!g)
		return -1;
	if (rcf_path_marks_init(&m, g)) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < rv->n; i++)
		rcf_path_mark_route(&m, g,
				    (uint32_t)rv->o[i].v[RCF_A_ROUTE_SRC],
				    rv->o[i].hops, rv->o[i].nhops);
	rc = rcf_path_find(g, &m, master, dst, vc, hops, nhops, err, errlen);
	rcf_path_marks_free(&m);
out:
	rcf_graph_destroy(g);
	return rc;
}
