/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The routing graph of a fabric: vertices are nodes and switches, each
 * output port leads over an up link to a peer's input port.  Down links
 * are left out, as the SP1 route generator keeps only working links.
 * Every route algorithm and the deadlock check read the fabric through
 * this, and rcf_graph_walk() follows route bytes over it by the rules the
 * kernel's model follows (model/route_step.h).
 */
#ifndef RCF_GRAPH_H
#define RCF_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "model/route_step.h"
#include "topo/topo.h"

struct rcf_gport {
	int32_t peer;	 /* vertex at the far end, -1: no up link */
	uint8_t in_port; /* the peer's port */
	uint8_t dir;	 /* 0: leaves by the link's end A, 1: by end B */
	uint8_t vcs;
	int32_t link; /* dense link index, -1 when none */
	int32_t circ; /* circuit: output port this input goes to, or -1 */
};

struct rcf_gvertex {
	uint8_t kind;  /* enum rcf_elem_kind */
	uint8_t circs; /* a switch with a circuit on some port */
	uint32_t id;
	uint32_t nports;
	size_t first; /* its ports are port[first .. first + nports - 1] */
};

struct rcf_glink {
	uint32_t id; /* the fabric's link id */
	struct rcf_end end[2];
};

struct rcf_graph {
	size_t nv, nnodes; /* vertices 0 .. nnodes - 1 are nodes, by id */
	struct rcf_gvertex *v;
	struct rcf_gport *port;
	size_t nlinks;
	struct rcf_glink *link;
	/* ports of every vertex: no more circuits than that, whatever sets them */
	uint32_t nports;
	int32_t node_vertex[RCF_MAX_NODES]; /* node id -> vertex, or -1 */
};

/* Channels (link, direction, VC) are numbered densely for the CDG. */
#define RCF_CHAN(link, dir, vc) ((((uint32_t)(link)) * 2 + (dir)) * 4 + (vc))
#define RCF_CHAN_LINK(c)	((c) / 8)
#define RCF_CHAN_DIR(c)		(((c) / 4) % 2)
#define RCF_CHAN_VC(c)		((c) % 4)

/* Returns 0, or -1 with a reason in err (bad topology, no memory). */
int rcf_graph_build(struct rcf_graph *g, const struct rcf_topo *t, char *err,
		    size_t errlen);
void rcf_graph_free(struct rcf_graph *g);
/*
 * A graph on the heap (its node table is too big for a stack), built;
 * NULL with a reason in err.  rcf_graph_destroy() frees both.
 */
struct rcf_graph *rcf_graph_new(const struct rcf_topo *t, char *err,
				size_t errlen);
void rcf_graph_destroy(struct rcf_graph *g);

static inline struct rcf_gport *rcf_gport(const struct rcf_graph *g, uint32_t v,
					  uint32_t p)
{
	return &g->port[g->v[v].first + p];
}

/*
 * Where leaving vertex v by port p ends up once circuits have carried the
 * packet on without reading a route byte: the next vertex that reads one
 * (or a node).  Returns it and its input port in *in, or -1: no up
 * link, or circuits that lead round for ever, bounded as a route's walk
 * bounds them (model/route_step.h).
 */
int32_t rcf_graph_next(const struct rcf_graph *g, uint32_t v, uint32_t p,
		       uint32_t *in);

/*
 * Follows a route from node src: each channel crossed goes to chan (when
 * not NULL, up to max) and the node it is delivered at to *dst.  Returns
 * the channel count, or -1 with the reason in err (unknown port, down or
 * missing link, VC beyond the link's, bytes left over, loop).
 */
int rcf_graph_walk(const struct rcf_graph *g, uint32_t src, const uint8_t *hops,
		   unsigned int nhops, uint32_t *chan, size_t max,
		   uint32_t *dst, char *err, size_t errlen);

/*
 * Where a walk stands once it has read h route bytes: the vertex it has
 * reached and its input port, the channels crossed, the VC of byte h - 1
 * and the circuits followed since (step).  Circuits carry a packet on from there without reading a byte, so this,
 * and what the walk does next, depend only on the source and those h
 * bytes: a route that shares its first h bytes with one walked before
 * from the same node can be walked on from here.
 */
struct rcf_walk_at {
	int32_t v;
	uint32_t in;
	uint32_t n;
	struct rcf_rstep_walk step;
};

/* at[0] for a walk from node src; -1 with the reason when there is none */
int rcf_graph_walk_start(const struct rcf_graph *g, uint32_t src,
			 struct rcf_walk_at *at, char *err, size_t errlen);
/*
 * rcf_graph_walk() from at[h] on, the route's bytes being hops (all
 * nhops of them, the first h as the walk that set at[h] read them), chan
 * holding that walk's first at[h].n channels: sets at[h + 1 .. the
 * bytes read], of RCF_ROUTE_MAX_HOPS + 1, and returns as
 * rcf_graph_walk() does.
 */
int rcf_graph_walk_on(const struct rcf_graph *g, struct rcf_walk_at *at,
		      unsigned int h, const uint8_t *hops, unsigned int nhops,
		      uint32_t *chan, size_t max, uint32_t *dst, char *err,
		      size_t errlen);

/*
 * One channel of the walk rcf_graph_walk() makes: from *w, the route's
 * first *h bytes read, over the next channel, whose number goes to
 * *chan, into *w, with *h past a byte read on the way.  Returns 1, 0
 * when the route is delivered at the node w stands at, or -1 with the
 * reason in err as rcf_graph_walk() gives it.
 */
int rcf_graph_walk_step(const struct rcf_graph *g, struct rcf_walk_at *w,
			unsigned int *h, const uint8_t *hops,
			unsigned int nhops, uint32_t *chan, char *err,
			size_t errlen);

/*
 * Whether a walk standing at w reads a route byte there: anywhere but at
 * a switch input whose circuit carries the packet on.
 */
static inline int rcf_graph_reads_byte(const struct rcf_graph *g,
				       const struct rcf_walk_at *w)
{
	const struct rcf_gvertex *gv = &g->v[w->v];

	return !gv->circs || g->port[gv->first + w->in].circ < 0;
}

/*
 * Whether a walk may leave by port gp on VC vc (model/route_step.h): the
 * graph holds up links only, so a down link is no link to it.
 */
static inline enum rcf_rstep rcf_graph_cross(const struct rcf_gport *gp,
					     uint32_t vc)
{
	const struct rcf_rstep_link l = {
		.present = gp->peer >= 0, .up = 1, .vcs = gp->vcs};

	return rcf_rstep_cross(&l, vc);
}

/*
 * A walk standing at a that reads its next byte there, no circuit in the
 * way: routes that share every byte but their last part from each other
 * here, and most of a source's routes do (a leaf's nodes).  These two
 * steps say what rcf_graph_walk_on() would for such a last byte, at a
 * fraction of its cost when repeated for each route of such a run.
 */
struct rcf_walk_last {
	const struct rcf_gport *port;
	uint32_t nports;
};

/* whether the walk at a reads a byte there, and if so its ports to l */
static inline int rcf_graph_last_at(const struct rcf_graph *g,
				    const struct rcf_walk_at *a,
				    struct rcf_walk_last *l)
{
	const struct rcf_gvertex *gv = &g->v[a->v];

	l->port = &g->port[gv->first];
	l->nports = gv->nports;
	return rcf_graph_reads_byte(g, a);
}

/*
 * The port that byte b, read where l stands, leaves by when it leads
 * straight to a node, which is delivered at (*dst); NULL for anything
 * else (a switch, circuits, any error), which rcf_graph_walk_on() is to
 * walk and report.
 */
static inline const struct rcf_gport *
rcf_graph_last_step(const struct rcf_graph *g, const struct rcf_walk_last *l,
		    uint8_t b, uint32_t *dst)
{
	const struct rcf_gport *gp;
	const struct rcf_gvertex *to;
	uint32_t out, vc;

	if (rcf_rstep_byte(b, l->nports, &out, &vc) != RCF_RSTEP_CROSS)
		return NULL;
	gp = &l->port[out];
	if (rcf_graph_cross(gp, vc) != RCF_RSTEP_CROSS)
		return NULL;
	to = &g->v[gp->peer];
	/* a node reads no circuit: the walk ends there */
	if (to->kind != RCF_ELEM_NODE || to->circs)
		return NULL;
	*dst = to->id;
	return gp;
}

/* "link 3 (switch 0 port 4 -> switch 4 port 0) vc 1" */
void rcf_graph_chan_str(const struct rcf_graph *g, uint32_t chan, char *buf,
			size_t len);

#endif
