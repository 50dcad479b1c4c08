// SPDX-License-Identifier: GPL-2.0
/* Building the routing graph from a fabric and walking routes over it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errf.h"
#include "route/graph.h"
#include "obj/rcf_limits.h"

/* objects by their key, through pointers to them: an object is a KB */
static int cmp_obj(const void *a, const void *b)
{
	return rcf_obj_cmp_key(*(const struct rcf_obj *const *)a,
			       *(const struct rcf_obj *const *)b);
}

static int32_t vertex_of(const struct rcf_graph *g, uint8_t kind, uint32_t id)
{
	if (kind == RCF_ELEM_NODE)
		return id < RCF_MAX_NODES ? g->node_vertex[id] : -1;
	/* switches follow the nodes, sorted by id */
	size_t lo = g->nnodes, hi = g->nv;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (g->v[mid].id == id)
			return (int32_t)mid;
		if (g->v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int add_vertices(struct rcf_graph *g, const struct rcf_topo *t)
{
	const struct rcf_objv *nv = &t->v[RCF_K_NODE],
			      *sv = &t->v[RCF_K_SWITCH];
	const struct rcf_obj **sorted;
	size_t nports = 0, i;

	g->nnodes = nv->n;
	g->nv = nv->n + sv->n;
	g->v = calloc(g->nv ? g->nv : 1, sizeof(*g->v));
	if (!g->v)
		return -1;
	for (int k = RCF_K_NODE; k <= RCF_K_SWITCH; k++) {
		const struct rcf_objv *ov = &t->v[k];
		size_t base = k == RCF_K_NODE ? 0 : g->nnodes;

		sorted = malloc((ov->n ? ov->n : 1) * sizeof(*sorted));
		if (!sorted)
			return -1;
		for (i = 0; i < ov->n; i++)
			sorted[i] = &ov->o[i];
		qsort(sorted, ov->n, sizeof(*sorted), cmp_obj);
		for (i = 0; i < ov->n; i++) {
			const struct rcf_obj *o = sorted[i];
			struct rcf_gvertex *v = &g->v[base + i];
			int idattr = k == RCF_K_NODE ? RCF_A_NODE_ID
						     : RCF_A_SWITCH_ID;
			int pattr = k == RCF_K_NODE ? RCF_A_NODE_PORTS
						    : RCF_A_SWITCH_PORTS;

			v->kind = k == RCF_K_NODE ? RCF_ELEM_NODE
						  : RCF_ELEM_SWITCH;
			v->id = o->v[idattr];
			v->nports = rcf_has(o, pattr) ? o->v[pattr]
				    : k == RCF_K_NODE ? RCF_NODE_DEF_PORTS
						      : RCF_SWITCH_DEF_PORTS;
			v->first = nports;
			nports += v->nports;
			if (k == RCF_K_NODE && v->id < RCF_MAX_NODES)
				g->node_vertex[v->id] = (int32_t)(base + i);
		}
		free(sorted);
	}
	g->nports = (uint32_t)nports;
	g->port = malloc((nports ? nports : 1) * sizeof(*g->port));
	if (!g->port)
		return -1;
	for (i = 0; i < nports; i++)
		g->port[i] =
			(struct rcf_gport){.peer = -1, .link = -1, .circ = -1};
	return 0;
}

/*
 * Every route algorithm sizes its per-port tables by the kernel's port
 * limit and writes ports into 5-bit route bytes, so a topology that did
 * not come through rcf_topo_read() (or the kernel) is held to it here.
 */
static int check_elems(const struct rcf_topo *t, char *err, size_t errlen)
{
	for (int k = RCF_K_NODE; k <= RCF_K_SWITCH; k++) {
		int ida = k == RCF_K_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;
		int pa =
			k == RCF_K_NODE ? RCF_A_NODE_PORTS : RCF_A_SWITCH_PORTS;
		struct rcf_range ri = rcf_attr_range(ida),
				 rp = rcf_attr_range(pa);

		for (size_t i = 0; i < t->v[k].n; i++) {
			const struct rcf_obj *o = &t->v[k].o[i];

			if (o->v[ida] > ri.max)
				return rcf_errf(err, errlen,
						"%s id %llu is out of range "
						"0-%llu",
						rcf_kind_names[k],
						(unsigned long long)o->v[ida],
						(unsigned long long)ri.max);
			if (rcf_has(o, pa) &&
			    (o->v[pa] < rp.min || o->v[pa] > rp.max))
				return rcf_errf(err, errlen,
						"%s %llu: ports %llu is out of "
						"range %llu-%llu",
						rcf_kind_names[k],
						(unsigned long long)o->v[ida],
						(unsigned long long)o->v[pa],
						(unsigned long long)rp.min,
						(unsigned long long)rp.max);
		}
	}
	return 0;
}

int rcf_graph_build(struct rcf_graph *g, const struct rcf_topo *t, char *err,
		    size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];

	memset(g, 0, sizeof(*g));
	memset(g->node_vertex, 0xff, sizeof(g->node_vertex));
	if (check_elems(t, err, errlen))
		return -1;
	if (add_vertices(g, t))
		goto nomem;
	g->link = calloc(lv->n ? lv->n : 1, sizeof(*g->link));
	if (!g->link)
		goto nomem;
	for (size_t l = 0; l < lv->n; l++) {
		const struct rcf_obj *o = &lv->o[l];
		int32_t ve[2];

		g->link[l].id = o->v[RCF_A_LINK_ID];
		memcpy(g->link[l].end, o->end, sizeof(o->end));
		for (int e = 0; e < 2; e++) {
			ve[e] = vertex_of(g, o->end[e].kind, o->end[e].id);
			if (ve[e] < 0 || o->end[e].port >= g->v[ve[e]].nports) {
				snprintf(err, errlen,
					 "link %u: end %c is not a port of "
					 "any element",
					 g->link[l].id, 'A' + e);
				goto fail;
			}
		}
		g->nlinks++;
		if (rcf_has(o, RCF_A_LINK_STATE) &&
		    o->v[RCF_A_LINK_STATE] != RCF_LINK_UP)
			continue;
		for (int e = 0; e < 2; e++) {
			struct rcf_gport *p =
				rcf_gport(g, ve[e], o->end[e].port);

			/* one port, one link: a second would hide the first */
			if (p->link >= 0) {
				snprintf(err, errlen,
					 "link %u: end %c is on a port that "
					 "carries link %u",
					 g->link[l].id, 'A' + e,
					 g->link[p->link].id);
				goto fail;
			}
			p->peer = ve[!e];
			p->in_port = o->end[!e].port;
			p->dir = e;
			p->vcs = rcf_has(o, RCF_A_LINK_VCS)
					 ? o->v[RCF_A_LINK_VCS]
					 : RCF_LINK_DEF_VCS;
			p->link = (int32_t)l;
		}
	}
	for (size_t i = 0; i < t->v[RCF_K_CIRCUIT].n; i++) {
		const struct rcf_obj *o = &t->v[RCF_K_CIRCUIT].o[i];
		int32_t v = vertex_of(g, RCF_ELEM_SWITCH,
				      o->v[RCF_A_CIRCUIT_SWITCH]);
		uint64_t in = o->v[RCF_A_CIRCUIT_IN_PORT];
		uint64_t out = o->v[RCF_A_CIRCUIT_OUT_PORT];

		if (v < 0 || in >= g->v[v].nports || out >= g->v[v].nports) {
			snprintf(
				err, errlen,
				"circuit on switch %llu: no such "
				"switch or port",
				(unsigned long long)o->v[RCF_A_CIRCUIT_SWITCH]);
			goto fail;
		}
		rcf_gport(g, v, in)->circ = (int32_t)out;
		g->v[v].circs = 1;
	}
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	rcf_graph_free(g);
	return -1;
}

void rcf_graph_free(struct rcf_graph *g)
{
	free(g->v);
	free(g->port);
	free(g->link);
	g->v = NULL;
	g->port = NULL;
	g->link = NULL;
	g->nv = g->nnodes = g->nlinks = 0;
	g->nports = 0;
}

struct rcf_graph *rcf_graph_new(const struct rcf_topo *t, char *err,
				size_t errlen)
{
	struct rcf_graph *g = calloc(1, sizeof(*g));

	if (!g) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (rcf_graph_build(g, t, err, errlen)) {
		free(g);
		return NULL;
	}
	return g;
}

void rcf_graph_destroy(struct rcf_graph *g)
{
	if (!g)
		return;
	rcf_graph_free(g);
	free(g);
}

int32_t rcf_graph_next(const struct rcf_graph *g, uint32_t v, uint32_t p,
		       uint32_t *in)
{
	/* no bytes: circuits alone carry the packet, as far as they go */
	const struct rcf_rstep_route r = {.dst = RCF_RSTEP_NONE,
					  .ncirc = g->nports};
	const struct rcf_gport *gp = rcf_gport(g, v, p);
	struct rcf_rstep_walk w = {0};
	uint32_t read = 0, out;

	for (;;) {
		const struct rcf_gport *ip;
		struct rcf_rstep_at at;
		int32_t u = gp->peer;

		if (u < 0)
			return -1;
		ip = rcf_gport(g, u, gp->in_port);
		if (g->v[u].kind != RCF_ELEM_SWITCH || ip->circ < 0) {
			*in = gp->in_port;
			return u;
		}
		/* the walk's bound on a run of circuits, not one of its own */
		at = (struct rcf_rstep_at){.kind = RCF_ELEM_SWITCH,
					   .id = g->v[u].id,
					   .ports = g->v[u].nports,
					   .circ = (uint32_t)ip->circ};
		if (rcf_rstep_leave(&r, &at, &w, &read, &out) !=
		    RCF_RSTEP_CROSS)
			return -1;
		gp = rcf_gport(g, u, out);
	}
}

int rcf_graph_walk_start(const struct rcf_graph *g, uint32_t src,
			 struct rcf_walk_at *at, char *err, size_t errlen)
{
	int32_t v = src < RCF_MAX_NODES ? g->node_vertex[src] : -1;

	if (v < 0)
		return rcf_errf(err, errlen, "no node %u", src);
	at[0] = (struct rcf_walk_at){.v = v};
	return 0;
}

/* why a walk standing at w, on its way out of port out, ends, in words */
static int walk_refuse(const struct rcf_graph *g, const struct rcf_walk_at *w,
		       enum rcf_rstep why, unsigned int h, uint32_t out,
		       char *err, size_t errlen)
{
	const struct rcf_gvertex *gv = &g->v[w->v];
	const char *kind = gv->kind == RCF_ELEM_NODE ? "node" : "switch";
	const struct rcf_gport *gp;

	switch (why) {
	case RCF_RSTEP_NO_BYTES:
		return rcf_errf(err, errlen, "no route bytes");
	case RCF_RSTEP_ENDS_IN_SWITCH:
		return rcf_errf(err, errlen, "route bytes end at switch %u",
				gv->id);
	case RCF_RSTEP_RESERVED:
		return rcf_errf(err, errlen, "byte %u: reserved bit", h - 1);
	case RCF_RSTEP_NO_PORT:
		return rcf_errf(err, errlen, "%s %u has no port %u", kind,
				gv->id, out);
	/* the graph leaves down links out */
	case RCF_RSTEP_NO_LINK:
	case RCF_RSTEP_LINK_DOWN:
		return rcf_errf(err, errlen, "%s %u port %u has no up link",
				kind, gv->id, out);
	case RCF_RSTEP_NO_VC:
		gp = rcf_gport(g, (uint32_t)w->v, out);
		return rcf_errf(err, errlen,
				"link %u has %u VCs, route uses VC %u",
				g->link[gp->link].id, gp->vcs, w->step.vc);
	case RCF_RSTEP_LOOP:
		return rcf_errf(err, errlen, "route loops");
	default:
		return rcf_errf(err, errlen, "route walk: verdict %d", why);
	}
}

/*
 * Inline so that rcf_graph_walk_on(), which every route of a plan goes
 * through, pays no call per channel.
 */
static inline int walk_step(const struct rcf_graph *g, struct rcf_walk_at *w,
			    unsigned int *h, const uint8_t *hops,
			    unsigned int nhops, uint32_t *chan, char *err,
			    size_t errlen)
{
	const struct rcf_rstep_route r = {.hops = hops,
					  .nhops = nhops,
					  .dst = RCF_RSTEP_NONE,
					  .ncirc = g->nports};
	const struct rcf_gvertex *gv = &g->v[w->v];
	const struct rcf_gport *gp;
	/* only a switch has circuits; the walk starts at a node */
	struct rcf_rstep_at at = {
		.kind = gv->kind,
		.id = gv->id,
		.ports = gv->nports,
		.circ = rcf_graph_reads_byte(g, w)
				? RCF_RSTEP_NONE
				: (uint32_t)g->port[gv->first + w->in].circ};
	uint32_t out = 0;
	enum rcf_rstep v = rcf_rstep_leave(&r, &at, &w->step, h, &out);

	if (v == RCF_RSTEP_CROSS) {
		gp = &g->port[gv->first + out];
		v = rcf_graph_cross(gp, w->step.vc);
	}
	if (v == RCF_RSTEP_ARRIVE)
		return 0;
	if (v != RCF_RSTEP_CROSS)
		return walk_refuse(g, w, v, *h, out, err, errlen);
	*chan = RCF_CHAN(gp->link, gp->dir, w->step.vc);
	w->v = gp->peer;
	w->in = gp->in_port;
	w->n++;
	return 1;
}

int rcf_graph_walk_step(const struct rcf_graph *g, struct rcf_walk_at *w,
			unsigned int *h, const uint8_t *hops,
			unsigned int nhops, uint32_t *chan, char *err,
			size_t errlen)
{
	return walk_step(g, w, h, hops, nhops, chan, err, errlen);
}

int rcf_graph_walk_on(const struct rcf_graph *g, struct rcf_walk_at *at,
		      unsigned int h, const uint8_t *hops, unsigned int nhops,
		      uint32_t *chan, size_t max, uint32_t *dst, char *err,
		      size_t errlen)
{
	struct rcf_walk_at w = at[h];
	uint32_t c = 0;
	int rc;

	for (;;) {
		unsigned int read = h;

		rc = walk_step(g, &w, &h, hops, nhops, &c, err, errlen);
		if (rc <= 0)
			break;
		if (chan && w.n - 1 < max)
			chan[w.n - 1] = c;
		/* at[] has room for the longest route's bytes */
		if (h > read && h <= RCF_ROUTE_MAX_HOPS)
			at[h] = w;
	}
	if (rc < 0)
		return -1;
	*dst = g->v[w.v].id;
	return (int)w.n;
}

int rcf_graph_walk(const struct rcf_graph *g, uint32_t src, const uint8_t *hops,
		   unsigned int nhops, uint32_t *chan, size_t max,
		   uint32_t *dst, char *err, size_t errlen)
{
	struct rcf_walk_at at[RCF_ROUTE_MAX_HOPS + 1];

	if (rcf_graph_walk_start(g, src, at, err, errlen))
		return -1;
	return rcf_graph_walk_on(g, at, 0, hops, nhops, chan, max, dst, err,
				 errlen);
}

static int end_str(const struct rcf_end *e, char *buf, size_t len)
{
	return snprintf(buf, len, "%s %u port %u",
			e->kind == RCF_ELEM_NODE ? "node" : "switch", e->id,
			e->port);
}

void rcf_graph_chan_str(const struct rcf_graph *g, uint32_t chan, char *buf,
			size_t len)
{
	const struct rcf_glink *l = &g->link[RCF_CHAN_LINK(chan)];
	int d = RCF_CHAN_DIR(chan);
	char a[48], b[48];

	end_str(&l->end[d], a, sizeof(a));
	end_str(&l->end[!d], b, sizeof(b));
	snprintf(buf, len, "link %u (%s -> %s) vc %u", l->id, a, b,
		 RCF_CHAN_VC(chan));
}
