// SPDX-License-Identifier: GPL-2.0
/*
 * The SVG itself.  One element per link (class "link"), switch (class
 * "switch") and node (class "node"), each carrying its id in a data-
 * attribute, so tests and scripts can find them; every number is printed
 * with one decimal, so the same fabric gives the same bytes.
 */
#include <inttypes.h>
#include <string.h>

#include "draw/draw.h"

#define MARGIN	 30.0
#define LEGEND_H 70.0
#define LEGEND_W 460.0
#define STEPS	 10
#define DOWN	 "#d00000"
#define IDLE	 "#b0b0b0"
#define PLAIN	 "#505050"

/* yellow to dark red: every channel falls as the load rises */
static const unsigned int ramp[4][3] = {
	{254, 217, 118}, {253, 141, 60}, {227, 26, 28}, {128, 0, 20}};

void rcf_draw_colour(double frac, unsigned int rgb[3])
{
	double x;
	int k;

	if (frac < 0)
		frac = 0;
	if (frac > 1)
		frac = 1;
	x = frac * 3;
	k = x >= 3 ? 2 : (int)x;
	x -= k;
	for (int c = 0; c < 3; c++)
		rgb[c] = (unsigned int)(ramp[k][c] +
					x * ((double)ramp[k + 1][c] -
					     ramp[k][c]) +
					0.5);
}

static void escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			/* other control characters have no place in XML */
			fputc((unsigned char)*s < 0x20 && *s != '\t' ? '?' : *s,
			      f);
		}
	}
}

struct frame {
	double minx, miny, w, h; /* layout units -> pixels */
	const struct rcf_layout *L;
};

static double px(const struct frame *fr, double x)
{
	return MARGIN + (x - fr->minx) * fr->L->sx;
}

static double py(const struct frame *fr, double y)
{
	return MARGIN + (y - fr->miny) * fr->L->sy;
}

static void grow(double *lo, double *hi, double v)
{
	if (v < *lo)
		*lo = v;
	if (v > *hi)
		*hi = v;
}

/* the box every position and control point lies in, with room round */
static void frame(const struct rcf_topo *t, const struct rcf_layout *L,
		  struct frame *fr)
{
	double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
	size_t nn = t->v[RCF_K_NODE].n, ns = t->v[RCF_K_SWITCH].n;
	double rx = (L->sw_w > 2 * L->node_r ? L->sw_w / 2 : L->node_r) +
		    4 * L->font,
	       ry = (L->sw_h > 2 * L->node_r ? L->sw_h / 2 : L->node_r) +
		    L->font;

	for (size_t i = 0; i < nn; i++) {
		grow(&x0, &x1, L->node[i].x);
		grow(&y0, &y1, L->node[i].y);
	}
	for (size_t i = 0; i < ns; i++) {
		grow(&x0, &x1, L->sw[i].x);
		grow(&y0, &y1, L->sw[i].y);
	}
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++) {
		if (!L->curved[i])
			continue;
		grow(&x0, &x1, L->c1[i].x);
		grow(&x0, &x1, L->c2[i].x);
		grow(&y0, &y1, L->c1[i].y);
		grow(&y0, &y1, L->c2[i].y);
	}
	if (x0 > x1)
		x0 = x1 = y0 = y1 = 0;
	fr->L = L;
	/* the elements' own size and labels reach past their centres */
	fr->minx = x0 - rx / L->sx;
	fr->miny = y0 - ry / L->sy;
	fr->w = 2 * MARGIN + (x1 - x0) * L->sx + 2 * rx;
	fr->h = 2 * MARGIN + (y1 - y0) * L->sy + 2 * ry;
}

static const struct rcf_xy *end_at(const struct rcf_layout *L,
				   const struct rcf_obj *l, int e)
{
	uint32_t id = l->end[e].id;

	return l->end[e].kind == RCF_ELEM_NODE ? &L->node[L->node_at[id]]
					       : &L->sw[L->sw_at[id]];
}

static void end_name(FILE *f, const struct rcf_obj *l, int e)
{
	fprintf(f, "%s %u port %u",
		l->end[e].kind == RCF_ELEM_NODE ? "node" : "switch",
		l->end[e].id, l->end[e].port);
}

static int is_down(const struct rcf_obj *l)
{
	return rcf_has(l, RCF_A_LINK_STATE) &&
	       l->v[RCF_A_LINK_STATE] == RCF_LINK_DOWN;
}

static uint64_t busiest(const struct rcf_topo *t, const struct rcf_loads *ld)
{
	uint64_t max = 0;

	for (size_t i = 0; ld && i < t->v[RCF_K_LINK].n; i++) {
		uint64_t b = rcf_loads_get(
			ld, (uint32_t)t->v[RCF_K_LINK].o[i].v[RCF_A_LINK_ID]);

		if (b > max)
			max = b;
	}
	return max;
}

static void links(FILE *f, const struct rcf_topo *t, const struct frame *fr,
		  const struct rcf_loads *ld, uint64_t max)
{
	const struct rcf_layout *L = fr->L;
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];

	fputs("<g class=\"links\" fill=\"none\" stroke-linecap=\"round\">\n",
	      f);
	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_obj *l = &lv->o[i];
		uint32_t id = (uint32_t)l->v[RCF_A_LINK_ID];
		const struct rcf_xy *a = end_at(L, l, 0), *b = end_at(L, l, 1);
		uint64_t bytes = ld ? rcf_loads_get(ld, id) : 0;
		double w = L->link_w;
		char colour[8] = PLAIN;

		if (is_down(l)) {
			snprintf(colour, sizeof(colour), "%s", DOWN);
			w *= 1.5;
		} else if (ld && bytes) {
			unsigned int rgb[3];
			double frac = (double)bytes / (double)max;

			rcf_draw_colour(frac, rgb);
			snprintf(colour, sizeof(colour), "#%02x%02x%02x",
				 rgb[0], rgb[1], rgb[2]);
			w *= 1 + 2.5 * frac;
		} else if (ld) {
			snprintf(colour, sizeof(colour), "%s", IDLE);
		}
		if (L->curved[i])
			fprintf(f,
				"<path class=\"link\" d=\"M%.1f %.1f "
				"C%.1f %.1f %.1f %.1f %.1f %.1f\"",
				px(fr, a->x), py(fr, a->y), px(fr, L->c1[i].x),
				py(fr, L->c1[i].y), px(fr, L->c2[i].x),
				py(fr, L->c2[i].y), px(fr, b->x), py(fr, b->y));
		else
			fprintf(f,
				"<line class=\"link\" x1=\"%.1f\" y1=\"%.1f\" "
				"x2=\"%.1f\" y2=\"%.1f\"",
				px(fr, a->x), py(fr, a->y), px(fr, b->x),
				py(fr, b->y));
		fprintf(f, " data-link=\"%u\"", id);
		if (ld)
			fprintf(f, " data-bytes=\"%" PRIu64 "\"", bytes);
		fprintf(f,
			" stroke=\"%s\" stroke-width=\"%.1f\"%s><title>link "
			"%u: ",
			colour, w,
			is_down(l) ? " stroke-dasharray=\"6 4\" "
				     "data-state=\"down\""
				   : "",
			id);
		end_name(f, l, 0);
		fputs(" - ", f);
		end_name(f, l, 1);
		if (ld)
			fprintf(f, ", %" PRIu64 " bytes", bytes);
		if (is_down(l))
			fputs(", down", f);
		fprintf(f, "</title></%s>\n", L->curved[i] ? "path" : "line");
	}
	fputs("</g>\n", f);
}

static void elements(FILE *f, const struct rcf_topo *t, const struct frame *fr)
{
	const struct rcf_layout *L = fr->L;
	const struct rcf_objv *sv = &t->v[RCF_K_SWITCH],
			      *nv = &t->v[RCF_K_NODE];
	double mid = fr->minx + (fr->w / 2 - MARGIN) / L->sx;

	fputs("<g class=\"switches\" fill=\"#dfe6f0\" stroke=\"#34495e\">\n",
	      f);
	for (size_t i = 0; i < sv->n; i++)
		fprintf(f,
			"<rect class=\"switch\" data-switch=\"%llu\" "
			"x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"rx=\"3\"/>\n",
			(unsigned long long)sv->o[i].v[RCF_A_SWITCH_ID],
			px(fr, L->sw[i].x) - L->sw_w / 2,
			py(fr, L->sw[i].y) - L->sw_h / 2, L->sw_w, L->sw_h);
	fputs("</g>\n<g class=\"nodes\" fill=\"#fdf6e3\" stroke=\"#2c3e50\">\n",
	      f);
	for (size_t i = 0; i < nv->n; i++)
		fprintf(f,
			"<circle class=\"node\" data-node=\"%llu\" "
			"cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n",
			(unsigned long long)nv->o[i].v[RCF_A_NODE_ID],
			px(fr, L->node[i].x), py(fr, L->node[i].y), L->node_r);
	fprintf(f,
		"</g>\n<g class=\"labels\" font-size=\"%.1f\" "
		"fill=\"#1a1a1a\" text-anchor=\"middle\" "
		"dominant-baseline=\"central\">\n",
		L->font);
	for (size_t i = 0; i < sv->n; i++)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%llu</text>\n",
			px(fr, L->sw[i].x), py(fr, L->sw[i].y),
			(unsigned long long)sv->o[i].v[RCF_A_SWITCH_ID]);
	for (size_t i = 0; i < nv->n; i++) {
		double x = px(fr, L->node[i].x), y = py(fr, L->node[i].y);
		/* small nodes: the label outside, away from the middle */
		int side = L->node_r >= 10 ? 0 : L->node[i].x < mid ? -1 : 1;

		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s>%llu</text>\n",
			x + side * (L->node_r + 2), y,
			side < 0   ? " text-anchor=\"end\""
			: side > 0 ? " text-anchor=\"start\""
				   : "",
			(unsigned long long)nv->o[i].v[RCF_A_NODE_ID]);
	}
	fputs("</g>\n", f);
}

static void legend(FILE *f, double y, uint64_t max, int loaded, int down)
{
	double x = MARGIN, sw = 24;

	fprintf(f,
		"<g class=\"legend\" font-size=\"11\" fill=\"#1a1a1a\" "
		"transform=\"translate(0 %.1f)\">\n",
		y);
	if (loaded) {
		fprintf(f,
			"<text x=\"%.1f\" y=\"12\">link load, bytes (both "
			"directions, all VCs)</text>\n",
			x);
		for (int k = 0; k < STEPS; k++) {
			unsigned int rgb[3];

			rcf_draw_colour((k + 0.5) / STEPS, rgb);
			fprintf(f,
				"<rect x=\"%.1f\" y=\"20\" width=\"%.1f\" "
				"height=\"12\" fill=\"#%02x%02x%02x\"/>\n",
				x + k * sw, sw, rgb[0], rgb[1], rgb[2]);
		}
		fprintf(f,
			"<text x=\"%.1f\" y=\"46\">0</text>\n"
			"<text x=\"%.1f\" y=\"46\" text-anchor=\"middle\">"
			"%" PRIu64 "</text>\n"
			"<text x=\"%.1f\" y=\"46\" text-anchor=\"end\">"
			"%" PRIu64 "</text>\n",
			x, x + STEPS * sw / 2, max / 2, x + STEPS * sw, max);
		x += STEPS * sw + 20;
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"26\" x2=\"%.1f\" y2=\"26\" "
			"stroke=\"%s\" stroke-width=\"2\"/>\n"
			"<text x=\"%.1f\" y=\"30\">no traffic</text>\n",
			x, x + 24, IDLE, x + 30);
		x += 100;
	}
	if (down)
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"26\" x2=\"%.1f\" y2=\"26\" "
			"stroke=\"%s\" stroke-width=\"3\" "
			"stroke-dasharray=\"6 4\"/>\n"
			"<text x=\"%.1f\" y=\"30\">link down</text>\n",
			x, x + 24, DOWN, x + 30);
	fputs("</g>\n", f);
}

void rcf_draw_svg(FILE *f, const struct rcf_topo *t, const struct rcf_layout *L,
		  const struct rcf_draw_opts *o)
{
	const struct rcf_loads *ld = o->loads;
	uint64_t max = busiest(t, ld);
	struct frame fr;
	double w, h;
	int down = 0;

	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++)
		down |= is_down(&t->v[RCF_K_LINK].o[i]);
	frame(t, L, &fr);
	w = fr.w < LEGEND_W ? LEGEND_W : fr.w;
	h = fr.h + (ld || down ? LEGEND_H : 0);
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\">\n<title>",
		w, h, w, h);
	escaped(f, o->title ? o->title : "rcf fabric");
	fprintf(f,
		" (%zu nodes, %zu switches, %zu links; %s layout)</title>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
		t->v[RCF_K_NODE].n, t->v[RCF_K_SWITCH].n, t->v[RCF_K_LINK].n,
		L->name);
	links(f, t, &fr, ld, max);
	elements(f, t, &fr);
	if (ld || down)
		legend(f, fr.h, max, ld != NULL, down);
	fputs("</svg>\n", f);
}
