// SPDX-License-Identifier: GPL-2.0
/*
 * Routing relations on a grid of switches.  Dimension order (X, then Y)
 * as a relation has one escape candidate per destination; on a torus its
 * VC says whether the packet still has to cross the ring's wrap link (VC
 * 1) or not (VC 0), which a switch can tell from its own position and
 * the destination's, so each ring's cycle of dependencies is broken at
 * the wrap as by a dateline.  Duato's minimal adaptive relation adds, on
 * the next VC, every minimal direction as an adaptive candidate before
 * that escape (J. Duato, "A new theory of deadlock-free adaptive routing
 * in wormhole networks", IEEE TPDS 4(12), 1993): the escape network is
 * connected and acyclic, so the whole is deadlock free.  An adaptive
 * packet does not go round a ring's wrap and come back to a position
 * where its escape would be VC 1 again (minimal moves only shorten the
 * way), nor from Y back to X (X is done before Y's escape is used), so
 * the indirect dependencies the adaptive channels add between escape
 * channels keep that order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation.h"
#include "route/relation_check.h"
#include "route/relation_turn.h"
#include "util/errf.h"

int rcf_relation_kind(const char *name, int *kind)
{
	if (!strcmp(name, "dor"))
		*kind = RCF_RELATION_DOR;
	else if (!strcmp(name, "duato"))
		*kind = RCF_RELATION_DUATO;
	else if (!strcmp(name, "rdt-vector"))
		*kind = RCF_RELATION_RDT_VECTOR;
	else if (!strcmp(name, "da"))
		*kind = RCF_RELATION_DA;
	else if (!strcmp(name, "db"))
		*kind = RCF_RELATION_DB;
	else if (!strcmp(name, "north-last"))
		*kind = RCF_RELATION_NORTH_LAST;
	else if (!strcmp(name, "north-last-wrap"))
		*kind = RCF_RELATION_NORTH_LAST_WRAP;
	else
		return -1;
	return 0;
}

int rcf_relation_vcs(int kind, int wrap)
{
	int esc = wrap ? 2 : 1;

	/* no wrap link: the turns alone break every cycle */
	if (kind == RCF_RELATION_NORTH_LAST)
		return 1;
	/* VC 0 before a packet's one wrap, VC 1 after it */
	if (kind == RCF_RELATION_NORTH_LAST_WRAP)
		return 2;
	/* a dateline per ring of every rank, and one adaptive VC */
	if (kind == RCF_RELATION_RDT_VECTOR)
		return 2;
	if (kind == RCF_RELATION_DA || kind == RCF_RELATION_DB)
		return 3;
	return kind == RCF_RELATION_DUATO ? esc + 1 : esc;
}

/*
 * One ring or line: steps from `from` to `to` the minimal way, *plus
 * the direction (a tie on a ring goes "+"), *both when both ways are
 * minimal.
 */
static uint32_t way(uint32_t from, uint32_t to, uint32_t len, int wrap,
		    int *plus, int *both)
{
	uint32_t fwd = (to + len - from) % len;

	*both = 0;
	if (!wrap) {
		*plus = to > from;
		return *plus ? to - from : from - to;
	}
	*plus = fwd <= len - fwd;
	*both = fwd && fwd == len - fwd;
	return *plus ? fwd : len - fwd;
}

/* The escape VC: 1 while the wrap link is still ahead. */
static int esc_vc(uint32_t from, uint32_t to, int plus, int wrap)
{
	if (!wrap)
		return 0;
	return plus ? to < from : to > from;
}

static void add(struct rcf_relation_ent *e, uint32_t port, int vc, int cls)
{
	e->hop[e->n] = RCF_HOP(port, vc);
	e->cls[e->n] = cls;
	e->n++;
}

static void entry(const struct rcf_relation_grid *g, int kind, uint32_t sw,
		  uint32_t dst, struct rcf_relation_ent *e)
{
	uint32_t c[2] = {sw % g->x, sw / g->x}, d[2] = {dst % g->x, dst / g->x};
	uint32_t len[2] = {g->x, g->y};
	int plus, both, dim, esc = -1;

	e->sw = sw;
	e->dst = dst;
	e->n = 0;
	for (dim = 0; dim < 2; dim++) {
		if (!way(c[dim], d[dim], len[dim], g->wrap, &plus, &both))
			continue;
		if (esc < 0)
			esc = 2 * dim + !plus;
		if (kind != RCF_RELATION_DUATO)
			continue;
		add(e, 2 * dim + !plus, rcf_relation_vcs(kind, g->wrap) - 1,
		    RCF_RELATION_ADAPTIVE);
		if (both)
			add(e, 2 * dim + plus,
			    rcf_relation_vcs(kind, g->wrap) - 1,
			    RCF_RELATION_ADAPTIVE);
	}
	if (esc < 0) {
		/*
		 * The node always takes its packets in, so its link is
		 * no part of a cycle: under Duato it is adaptive, and the
		 * escape count is the escape network's own.
		 */
		add(e, g->node_port, 0,
		    kind == RCF_RELATION_DUATO ? RCF_RELATION_ADAPTIVE
					       : RCF_RELATION_ESCAPE);
		return;
	}
	dim = esc / 2;
	add(e, esc, esc_vc(c[dim], d[dim], !(esc & 1), g->wrap),
	    RCF_RELATION_ESCAPE);
}

/*
 * North-last on the grid's mesh: ports E, W, N, S, and a torus's wrap
 * links left out (the turns break no cycle round a ring).
 */
static int north_last(const struct rcf_relation_grid *g, struct rcf_relation *r,
		      char *err, size_t errlen)
{
	static const uint8_t way[4] = {RCF_E, RCF_W, RCF_N, RCF_S};
	struct rcf_relation_grid mesh = *g;
	struct rcf_relnet net = {0};
	struct rcf_turns t;
	uint8_t *dir;
	int rc;

	mesh.wrap = 0;
	if (rcf_relnet_grid(&mesh, 1, &net, err, errlen))
		return -1;
	dir = malloc((size_t)net.nsw * net.nports);
	if (!dir) {
		rcf_relnet_free(&net);
		return rcf_errf(err, errlen, "relation: out of memory");
	}
	for (size_t i = 0; i < (size_t)net.nsw * net.nports; i++) {
		uint32_t p = (uint32_t)(i % net.nports);

		dir[i] = p < 4 && net.peer[i] >= 0 ? way[p] : RCF_TURN_NONE;
	}
	rcf_turns_north_last(&t);
	rc = rcf_relation_turn(&net, dir, &t, r, err, errlen);
	free(dir);
	rcf_relnet_free(&net);
	return rc;
}

int rcf_relation_grid(const struct rcf_relation_grid *g, int kind,
		      struct rcf_relation *r, char *err, size_t errlen)
{
	uint32_t n = g->x * g->y, sw, dst;

	memset(r, 0, sizeof(*r));
	if (kind != RCF_RELATION_DOR && kind != RCF_RELATION_DUATO &&
	    kind != RCF_RELATION_NORTH_LAST)
		return rcf_errf(err, errlen,
				"relation: this kind is for a PRDT, not a "
				"grid");
	if (!g->x || !g->y || n > RCF_MAX_NODES || n > RCF_MAX_SWITCHES)
		return rcf_errf(err, errlen,
				"relation: a %ux%u grid is out of "
				"range",
				g->x, g->y);
	if (kind == RCF_RELATION_NORTH_LAST)
		return north_last(g, r, err, errlen);
	r->ent = calloc((size_t)n * n, sizeof(*r->ent));
	if (!r->ent)
		return rcf_errf(err, errlen, "relation: out of memory");
	for (sw = 0; sw < n; sw++)
		for (dst = 0; dst < n; dst++)
			entry(g, kind, sw, dst, &r->ent[r->n++]);
	r->vcs = rcf_relation_vcs(kind, g->wrap);
	return 0;
}

int rcf_relation_grid_of(const struct rcf_topo *t, struct rcf_relation_grid *g,
			 char *err, size_t errlen)
{
	const struct rcf_objv *sv = &t->v[RCF_K_SWITCH];

	if (t->shape.kind != RCF_SHAPE_RDT || !sv->n ||
	    !rcf_has(&sv->o[0], RCF_A_SWITCH_PORTS))
		return rcf_errf(err, errlen,
				"relations need a torus of switches: a "
				"prdt:S:n:R or rdt:S:n:R:m fabric (its base "
				"torus)");
	g->x = t->shape.a;
	g->y = t->shape.a;
	g->wrap = 1;
	/* topo_rdt.c puts the node on the switch's last port */
	g->node_port = sv->o[0].v[RCF_A_SWITCH_PORTS] - 1;
	return 0;
}

void rcf_relation_free(struct rcf_relation *r)
{
	free(r->ent);
	memset(r, 0, sizeof(*r));
}
