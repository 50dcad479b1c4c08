/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pictures of a fabric (rcfctl topo draw, rcfsim --draw): where every
 * node, switch and link goes (layout*.c), the measured load per link
 * (load.c), and the SVG (svg.c).  Documentation/drawing.rst.
 */
#ifndef RCF_DRAW_H
#define RCF_DRAW_H

#include <stdint.h>
#include <stdio.h>

#include "stats/stats.h"
#include "topo/topo.h"

/* bytes a link carried, both directions and all VCs together */
struct rcf_link_load {
	uint32_t link;
	uint64_t bytes;
	unsigned long line; /* where a file first named it, 0: not a file */
};

struct rcf_loads {
	struct rcf_link_load *v;
	size_t n, cap;
};

void rcf_loads_init(struct rcf_loads *l);
void rcf_loads_free(struct rcf_loads *l);
/* adds bytes to the link's count; 0, or -1 when out of memory */
int rcf_loads_add(struct rcf_loads *l, uint32_t link, uint64_t bytes,
		  unsigned long line);
/* the channel rows of s; 0, or -1 when out of memory */
int rcf_loads_from_stats(struct rcf_loads *l, const struct rcf_stats *s);
/*
 * What rcfctl stats channels prints, as text or JSON (rcfctl -j; rcfsim
 * --channels and its -j form too).  0, or -1 with "NAME:LINE: reason".
 */
int rcf_loads_read(FILE *f, const char *name, struct rcf_loads *l, char *err,
		   size_t errlen);
/* the link's bytes, or 0 when the loads do not name it */
uint64_t rcf_loads_get(const struct rcf_loads *l, uint32_t link);
/* every link named is one of t's; -1 with the first stranger in err */
int rcf_loads_check(const struct rcf_loads *l, const struct rcf_topo *t,
		    const char *name, char *err, size_t errlen);

struct rcf_xy {
	double x, y;
};

enum rcf_layout_how {
	RCF_LAYOUT_AUTO,   /* the shape's own, else neato */
	RCF_LAYOUT_CIRCLE, /* nodes outside, switches inside */
	RCF_LAYOUT_NEATO,  /* Graphviz, as an external program */
	RCF_LAYOUT_SFDP,
};

/* "auto", "circle", "neato", "sfdp"; -1 for anything else */
int rcf_layout_parse(const char *s);

/*
 * Positions in layout units, parallel to t->v[RCF_K_NODE], [RCF_K_SWITCH]
 * and [RCF_K_LINK]; a link with curved set is a cubic Bezier through c1
 * and c2, else a straight line.  sx, sy are pixels per unit; the sizes
 * are pixels.
 */
struct rcf_layout {
	struct rcf_xy *node, *sw, *c1, *c2;
	uint8_t *curved;
	int32_t *node_at, *sw_at; /* id -> index, -1: none */
	double sx, sy;
	double node_r, sw_w, sw_h, font, link_w;
	const char *name; /* "grid", "sp1", ... */
};

/*
 * Lays t out by shape (t->shape, or another topology's) or by how.
 * 0, or -1 with a reason in err (an element the shape has no place for,
 * Graphviz missing, out of memory).
 */
int rcf_layout_make(const struct rcf_topo *t,
		    const struct rcf_topo_shape *shape, int how,
		    struct rcf_layout *L, char *err, size_t errlen);
void rcf_layout_free(struct rcf_layout *L);

/* layout_sp1.c: SP1 boards in stage columns */
int rcf_layout_sp1(const struct rcf_topo *t, uint32_t nodes,
		   struct rcf_layout *L, char *err, size_t errlen);
/* layout_levels.c: switched trees in rows by distance from the nodes */
int rcf_layout_levels(const struct rcf_topo *t, struct rcf_layout *L, char *err,
		      size_t errlen);
/* layout_gv.c: Graphviz's neato or sfdp, by name */
int rcf_layout_graphviz(const struct rcf_topo *t, const char *prog,
			struct rcf_layout *L, char *err, size_t errlen);

struct rcf_draw_opts {
	const char *title;	       /* escaped here */
	const struct rcf_loads *loads; /* NULL: no load to show */
};

/* the load colour of a fraction of the busiest link's bytes, 0 to 1 */
void rcf_draw_colour(double frac, unsigned int rgb[3]);

/* t as an SVG document; the same t, L and o give the same bytes */
void rcf_draw_svg(FILE *f, const struct rcf_topo *t, const struct rcf_layout *L,
		  const struct rcf_draw_opts *o);

/*
 * The fabric a spec names: a generator (topo_gen.h) or
 * supernode:KIND:ARGS.  0, or -1 with a reason in err.
 */
int rcf_draw_generate(const char *spec, struct rcf_topo *t, char *err,
		      size_t errlen);
/*
 * The whole picture into path ("-": stdout), written only when complete:
 * a failure leaves no file behind.  0, or -1 with a reason in err.
 */
int rcf_draw_file(const char *path, const struct rcf_topo *t,
		  const struct rcf_topo_shape *shape, int how,
		  const struct rcf_draw_opts *o, char *err, size_t errlen);

#endif
