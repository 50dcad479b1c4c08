// SPDX-License-Identifier: GPL-2.0
/*
 * Layouts from the structure a generator recorded (struct rcf_topo_shape):
 * grids for tori and meshes with their wrap links as arcs outside the
 * row, hypercubes as a grid of low bits by high bits, RDT on its base
 * torus with the upper ranks as curves, rings and supernode machines as
 * circles.  SP1 and Graphviz have their own files.
 */
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "reconf/supernode.h"
#include "util/errf.h"

#define PI 3.14159265358979323846

/*
 * cos and sin without libm (the native tests link without it): reduce to
 * [-pi, pi], then the Taylor series, far past double precision there.
 */
static void unit_circle(double t, double *c, double *s)
{
	double term = 1, cs = 0, sn = 0;

	while (t > PI)
		t -= 2 * PI;
	while (t < -PI)
		t += 2 * PI;
	for (int k = 0; k < 40; k++) {
		if (k % 2 == 0)
			cs += term;
		else
			sn += term;
		/* term is t^k / k! with the signs of cos and sin */
		term *= t / (k + 1);
		if (k % 2 == 1)
			term = -term;
	}
	*c = cs;
	*s = sn;
}

int rcf_layout_parse(const char *s)
{
	static const char *const names[] = {"auto", "circle", "neato", "sfdp"};

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

void rcf_layout_free(struct rcf_layout *L)
{
	free(L->node);
	free(L->sw);
	free(L->c1);
	free(L->c2);
	free(L->curved);
	free(L->node_at);
	free(L->sw_at);
	memset(L, 0, sizeof(*L));
}

static int alloc(const struct rcf_topo *t, struct rcf_layout *L)
{
	size_t nn = t->v[RCF_K_NODE].n, ns = t->v[RCF_K_SWITCH].n,
	       nl = t->v[RCF_K_LINK].n;

	memset(L, 0, sizeof(*L));
	L->node = calloc(nn + 1, sizeof(*L->node));
	L->sw = calloc(ns + 1, sizeof(*L->sw));
	L->c1 = calloc(nl + 1, sizeof(*L->c1));
	L->c2 = calloc(nl + 1, sizeof(*L->c2));
	L->curved = calloc(nl + 1, 1);
	L->node_at = malloc(RCF_MAX_NODES * sizeof(*L->node_at));
	L->sw_at = malloc(RCF_MAX_SWITCHES * sizeof(*L->sw_at));
	if (!L->node || !L->sw || !L->c1 || !L->c2 || !L->curved ||
	    !L->node_at || !L->sw_at)
		return -1;
	for (int i = 0; i < RCF_MAX_NODES; i++)
		L->node_at[i] = -1;
	for (int i = 0; i < RCF_MAX_SWITCHES; i++)
		L->sw_at[i] = -1;
	for (size_t i = 0; i < nn; i++)
		L->node_at[t->v[RCF_K_NODE].o[i].v[RCF_A_NODE_ID] %
			   RCF_MAX_NODES] = (int32_t)i;
	for (size_t i = 0; i < ns; i++)
		L->sw_at[t->v[RCF_K_SWITCH].o[i].v[RCF_A_SWITCH_ID] %
			 RCF_MAX_SWITCHES] = (int32_t)i;
	L->sx = L->sy = 70;
	L->node_r = 14;
	L->sw_w = L->sw_h = 24;
	L->font = 11;
	L->link_w = 2;
	return 0;
}

/* where one end of link l sits; NULL when the fabric lacks it */
static const struct rcf_xy *end_xy(const struct rcf_layout *L,
				   const struct rcf_obj *l, int e)
{
	uint32_t id = l->end[e].id;
	int32_t i;

	if (l->end[e].kind == RCF_ELEM_NODE)
		i = id < RCF_MAX_NODES ? L->node_at[id] : -1;
	else
		i = id < RCF_MAX_SWITCHES ? L->sw_at[id] : -1;
	if (i < 0)
		return NULL;
	return l->end[e].kind == RCF_ELEM_NODE ? &L->node[i] : &L->sw[i];
}

/* a curve bowed sideways by k times the link's length */
static void bend(struct rcf_layout *L, size_t i, const struct rcf_xy *p,
		 const struct rcf_xy *q, double k)
{
	double dx = q->x - p->x, dy = q->y - p->y;

	L->curved[i] = 1;
	L->c1[i] =
		(struct rcf_xy){p->x + dx / 3 - k * dy, p->y + dy / 3 + k * dx};
	L->c2[i] = (struct rcf_xy){p->x + 2 * dx / 3 - k * dy,
				   p->y + 2 * dy / 3 + k * dx};
}

/*
 * A wrap link of a grid row (or column): out past the far edge, along
 * just under the row, back in from the near edge.
 */
static void wrap_arc(struct rcf_layout *L, size_t i, const struct rcf_xy *p,
		     const struct rcf_xy *q)
{
	double out = 0.8, off = 0.4;

	L->curved[i] = 1;
	if (p->y == q->y) {
		double s = p->x > q->x ? 1 : -1;

		L->c1[i] = (struct rcf_xy){p->x + s * out, p->y + off};
		L->c2[i] = (struct rcf_xy){q->x - s * out, q->y + off};
	} else {
		double s = p->y > q->y ? 1 : -1;

		L->c1[i] = (struct rcf_xy){p->x + off, p->y + s * out};
		L->c2[i] = (struct rcf_xy){q->x + off, q->y - s * out};
	}
}

static double dist1(const struct rcf_xy *p, const struct rcf_xy *q)
{
	double dx = q->x - p->x, dy = q->y - p->y;

	return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

static int no_place(char *err, size_t errlen, const char *kind, uint64_t id,
		    const char *shape)
{
	return rcf_errf(err, errlen, "%s %llu has no place in the %s layout",
			kind, (unsigned long long)id, shape);
}

/* every node (and switch, for RDT) on a cols x rows grid by id */
static int place_grid(const struct rcf_topo *t, struct rcf_layout *L,
		      uint32_t cols, uint32_t rows, int kind, char *err,
		      size_t errlen)
{
	const struct rcf_objv *v = &t->v[kind];
	int a = kind == RCF_K_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;

	for (size_t i = 0; i < v->n; i++) {
		uint64_t id = v->o[i].v[a];
		struct rcf_xy *p = kind == RCF_K_NODE ? &L->node[i] : &L->sw[i];

		if (id >= (uint64_t)cols * rows)
			return no_place(err, errlen,
					kind == RCF_K_NODE ? "node" : "switch",
					id, L->name);
		*p = (struct rcf_xy){(double)(id % cols), (double)(id / cols)};
	}
	return 0;
}

static int on_circle(struct rcf_xy *p, size_t n, double r)
{
	for (size_t i = 0; i < n; i++) {
		double c, s;

		unit_circle(2 * PI * (double)i / (double)n - PI / 2, &c, &s);
		p[i] = (struct rcf_xy){r * c, r * s};
	}
	return 0;
}

/* nodes by id round a circle, switches on one inside it */
static int circle(const struct rcf_topo *t, struct rcf_layout *L)
{
	size_t nn = t->v[RCF_K_NODE].n, ns = t->v[RCF_K_SWITCH].n;
	double r = (double)(nn > ns ? nn : ns) * 0.2;

	if (r < 1.5)
		r = 1.5;
	on_circle(L->node, nn, r);
	on_circle(L->sw, ns, nn ? r * 0.55 : r);
	return 0;
}

/* nodes placed at their switches' places moved up and to the right */
static void beside_switches(const struct rcf_topo *t, struct rcf_layout *L)
{
	for (size_t i = 0; i < t->v[RCF_K_NODE].n; i++) {
		L->node[i].x += 0.3;
		L->node[i].y -= 0.3;
	}
	L->node_r = 7;
	L->sw_w = L->sw_h = 20;
	L->font = 8;
}

static int hypercube(const struct rcf_topo *t, struct rcf_layout *L,
		     uint32_t dim, char *err, size_t errlen)
{
	uint32_t lo = (dim + 1) / 2;

	/* the low bits across, the high bits down */
	if (place_grid(t, L, 1u << lo, 1u << (dim - lo), RCF_K_NODE, err,
		       errlen))
		return -1;
	if (!t->v[RCF_K_SWITCH].n)
		return 0;
	/* hcube:D: each node beside its switch, as on an RDT */
	if (place_grid(t, L, 1u << lo, 1u << (dim - lo), RCF_K_SWITCH, err,
		       errlen))
		return -1;
	beside_switches(t, L);
	return 0;
}

static int rdt(const struct rcf_topo *t, struct rcf_layout *L, uint32_t side,
	       char *err, size_t errlen)
{
	if (place_grid(t, L, side, side, RCF_K_NODE, err, errlen) ||
	    place_grid(t, L, side, side, RCF_K_SWITCH, err, errlen))
		return -1;
	beside_switches(t, L);
	return 0;
}

static int supernode(const struct rcf_topo *t, struct rcf_layout *L, uint32_t n,
		     char *err, size_t errlen)
{
	const struct rcf_objv *sv = &t->v[RCF_K_SWITCH];
	double r = n * 0.3 < 2 ? 2 : n * 0.3;

	/* the processors round their two crossbar switches */
	if (place_grid(t, L, n, 1, RCF_K_NODE, err, errlen))
		return -1;
	for (size_t i = 0; i < t->v[RCF_K_NODE].n; i++) {
		double c, s;

		unit_circle(2 * PI * L->node[i].x / n - PI / 2, &c, &s);
		L->node[i] = (struct rcf_xy){r * c, r * s};
	}
	for (size_t i = 0; i < sv->n; i++) {
		uint64_t id = sv->o[i].v[RCF_A_SWITCH_ID];

		if (id >= SN_SWITCHES)
			return no_place(err, errlen, "switch", id, L->name);
		L->sw[i] = (struct rcf_xy){id ? 0.6 : -0.6, 0};
	}
	L->sw_w = 40;
	L->sw_h = 60;
	return 0;
}

/* the links' curves, once every end has its place */
static int route_links(const struct rcf_topo *t, struct rcf_layout *L,
		       enum rcf_shape_kind kind, char *err, size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];

	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_obj *l = &lv->o[i];
		const struct rcf_xy *p = end_xy(L, l, 0), *q = end_xy(L, l, 1);
		int grid_link;

		if (!p || !q)
			return rcf_errf(
				err, errlen,
				"link %llu joins an element the fabric "
				"does not have",
				(unsigned long long)l->v[RCF_A_LINK_ID]);
		if (dist1(p, q) < 1.01)
			continue;
		/* RDT's rank 0 is slot 0 of both routers: ports 0-3 */
		grid_link = kind == RCF_SHAPE_GRID ||
			    (kind == RCF_SHAPE_RDT &&
			     l->end[0].kind == RCF_ELEM_SWITCH &&
			     l->end[0].port < 4);
		if (grid_link && (p->x == q->x || p->y == q->y))
			wrap_arc(L, i, p, q);
		else if (kind == RCF_SHAPE_RDT)
			bend(L, i, p, q, 0.08 + 0.04 * (l->end[0].port / 4));
		else if (kind == RCF_SHAPE_HYPERCUBE)
			bend(L, i, p, q, 0.12);
	}
	return 0;
}

static int by_shape(const struct rcf_topo *t, const struct rcf_topo_shape *sh,
		    struct rcf_layout *L, char *err, size_t errlen)
{
	switch (sh->kind) {
	case RCF_SHAPE_RING:
		L->name = "ring";
		return place_grid(t, L, sh->a, 1, RCF_K_NODE, err, errlen) ||
		       circle(t, L);
	case RCF_SHAPE_GRID:
		L->name = sh->wrap ? "torus" : "mesh";
		return place_grid(t, L, sh->a, sh->b, RCF_K_NODE, err, errlen);
	case RCF_SHAPE_HYPERCUBE:
		L->name = "hypercube";
		return hypercube(t, L, sh->a, err, errlen);
	case RCF_SHAPE_SP1:
		L->name = "sp1";
		return rcf_layout_sp1(t, sh->a, L, err, errlen);
	case RCF_SHAPE_RDT:
		L->name = "rdt";
		return rdt(t, L, sh->a, err, errlen);
	case RCF_SHAPE_SUPERNODE:
		L->name = "supernode";
		return supernode(t, L, sh->a, err, errlen);
	case RCF_SHAPE_LEVELS:
		L->name = "levels";
		return rcf_layout_levels(t, L, err, errlen);
	default:
		return rcf_errf(err, errlen, "no layout for shape %d",
				(int)sh->kind);
	}
}

int rcf_layout_make(const struct rcf_topo *t,
		    const struct rcf_topo_shape *shape, int how,
		    struct rcf_layout *L, char *err, size_t errlen)
{
	enum rcf_shape_kind kind = RCF_SHAPE_NONE;
	int rc;

	if (alloc(t, L)) {
		rcf_layout_free(L);
		return rcf_errf(err, errlen, "out of memory");
	}
	if (!shape)
		shape = &t->shape;
	if (how == RCF_LAYOUT_AUTO && shape->kind != RCF_SHAPE_NONE) {
		kind = shape->kind;
		rc = by_shape(t, shape, L, err, errlen);
	} else if (how == RCF_LAYOUT_CIRCLE) {
		L->name = "circle";
		rc = circle(t, L);
	} else {
		L->name = how == RCF_LAYOUT_SFDP ? "sfdp" : "neato";
		rc = rcf_layout_graphviz(t, L->name, L, err, errlen);
	}
	if (!rc)
		rc = route_links(t, L, kind, err, errlen);
	if (rc)
		rcf_layout_free(L);
	return rc;
}
