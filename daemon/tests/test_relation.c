// SPDX-License-Identifier: GPL-2.0
/*
 * Routing relations on grids of switches (route/relation.c): entries
 * checked by hand, every destination reached along the escape
 * candidates in the fewest hops, adaptive candidates all minimal,
 * Duato's condition by route/relation_check.c, and refusals.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation.h"
#include "route/relation_check.h"
#include "relation_util.h"
#include "tap.h"
#include "topo/topo_gen.h"

#define H(p, vc) RCF_HOP(p, vc)

/* the switch port p of sw leads to on the grid */
static uint32_t step(const struct rcf_relation_grid *g, uint32_t sw, int p)
{
	uint32_t x = sw % g->x, y = sw / g->x;

	switch (p) {
	case 0:
		x = (x + 1) % g->x;
		break;
	case 1:
		x = (x + g->x - 1) % g->x;
		break;
	case 2:
		y = (y + 1) % g->y;
		break;
	default:
		y = (y + g->y - 1) % g->y;
	}
	return y * g->x + x;
}

static uint32_t dist1(uint32_t a, uint32_t b, uint32_t len, int wrap)
{
	uint32_t d = a > b ? a - b : b - a;

	return wrap && len - d < d ? len - d : d;
}

static uint32_t dist(const struct rcf_relation_grid *g, uint32_t a, uint32_t b)
{
	return dist1(a % g->x, b % g->x, g->x, g->wrap) +
	       dist1(a / g->x, b / g->x, g->y, g->wrap);
}

/*
 * Every pair by escape candidates in dist hops, ending on the node
 * port; every candidate one hop nearer.
 */
static int walk(const struct rcf_relation_grid *g, const struct rcf_relation *r)
{
	uint32_t n = g->x * g->y, s, d, at, hops;

	for (s = 0; s < n; s++)
		for (d = 0; d < n; d++) {
			for (at = s, hops = 0; at != d && hops <= n; hops++) {
				const struct rcf_relation_ent *e =
					ent(r, n, at, d);

				for (int k = 0; k < e->n; k++) {
					int p = RCF_HOP_PORT(e->hop[k]);

					if (p > 3 ||
					    dist(g, step(g, at, p), d) !=
						    dist(g, at, d) - 1)
						return 0;
				}
				if (e->cls[e->n - 1] != RCF_RELATION_ESCAPE)
					return 0;
				at = step(g, at,
					  RCF_HOP_PORT(e->hop[e->n - 1]));
			}
			if (hops != dist(g, s, d) ||
			    ent(r, n, d, d)->hop[0] != H(g->node_port, 0))
				return 0;
		}
	return 1;
}

/* Duato's condition by the library's check (route/relation_check.h) */
static int duato_ok(const struct rcf_relation_grid *g,
		    const struct rcf_relation *r, char *err, size_t errlen)
{
	struct rcf_relnet net;
	int rc = rcf_relnet_grid(g, r->vcs, &net, err, errlen) ||
		 rcf_relation_check(&net, r, err, errlen);

	rcf_relnet_free(&net);
	return !rc;
}

static void check_grid(uint32_t x, uint32_t y, int wrap, int kind,
		       const char *name)
{
	struct rcf_relation_grid g = {x, y, wrap, 4};
	struct rcf_relation r;
	char err[1024], what[100];

	snprintf(what, sizeof(what), "%s: escape walks minimal, acyclic", name);
	tap_ok(!rcf_relation_grid(&g, kind, &r, err, sizeof(err)) &&
		       r.n == (size_t)x * y * x * y && walk(&g, &r) &&
		       duato_ok(&g, &r, err, sizeof(err)),
	       what);
	rcf_relation_free(&r);
}

static void check_hand(void)
{
	struct rcf_relation_grid mesh = {3, 3, 0, 4}, torus = {4, 4, 1, 4};
	struct rcf_relation r;
	char err[200];
	int kind;

	/* mesh 3x3, switch 0 to node 8: +X first, or +Y adaptively */
	rcf_relation_grid(&mesh, RCF_RELATION_DOR, &r, err, sizeof(err));
	tap_ok(is(ent(&r, 9, 0, 8), 1, (uint8_t[]){H(0, 0)},
		  (uint8_t[]){RCF_RELATION_ESCAPE}) &&
		       is(ent(&r, 9, 8, 8), 1, (uint8_t[]){H(4, 0)},
			  (uint8_t[]){RCF_RELATION_ESCAPE}) &&
		       r.vcs == 1,
	       "dor on a mesh: by hand");
	rcf_relation_free(&r);
	rcf_relation_grid(&mesh, RCF_RELATION_DUATO, &r, err, sizeof(err));
	tap_ok(is(ent(&r, 9, 0, 8), 3, (uint8_t[]){H(0, 1), H(2, 1), H(0, 0)},
		  (uint8_t[]){RCF_RELATION_ADAPTIVE, RCF_RELATION_ADAPTIVE,
			      RCF_RELATION_ESCAPE}) &&
		       is(ent(&r, 9, 8, 8), 1, (uint8_t[]){H(4, 0)},
			  (uint8_t[]){RCF_RELATION_ADAPTIVE}) &&
		       r.vcs == 2,
	       "duato on a mesh: by hand");
	rcf_relation_free(&r);
	/*
	 * torus 4x4, switch 3 (x 3) to node 1 (x 1): half way, "+" over
	 * the wrap on VC 1 for the escape, both ways adaptive on VC 2;
	 * switch 0 to node 1: "+", no wrap ahead, VC 0.
	 */
	rcf_relation_grid(&torus, RCF_RELATION_DUATO, &r, err, sizeof(err));
	tap_ok(is(ent(&r, 16, 3, 1), 3, (uint8_t[]){H(0, 2), H(1, 2), H(0, 1)},
		  (uint8_t[]){RCF_RELATION_ADAPTIVE, RCF_RELATION_ADAPTIVE,
			      RCF_RELATION_ESCAPE}) &&
		       is(ent(&r, 16, 0, 1), 2, (uint8_t[]){H(0, 2), H(0, 0)},
			  (uint8_t[]){RCF_RELATION_ADAPTIVE,
				      RCF_RELATION_ESCAPE}) &&
		       r.vcs == 3,
	       "duato on a torus: datelines by hand");
	rcf_relation_free(&r);
	tap_ok(rcf_relation_kind("dor", &kind) == 0 &&
		       kind == RCF_RELATION_DOR &&
		       rcf_relation_kind("duato", &kind) == 0 &&
		       kind == RCF_RELATION_DUATO &&
		       rcf_relation_kind("north-last", &kind) == 0 &&
		       kind == RCF_RELATION_NORTH_LAST &&
		       rcf_relation_kind("north-last-wrap", &kind) == 0 &&
		       kind == RCF_RELATION_NORTH_LAST_WRAP &&
		       rcf_relation_vcs(kind, 1) == 2 &&
		       rcf_relation_kind("west-first", &kind) == -1 &&
		       rcf_relation_vcs(RCF_RELATION_DOR, 1) == 2,
	       "relation names and VCs");
}

static void check_topo(void)
{
	struct rcf_relation_grid g;
	struct rcf_topo t;
	char err[200];
	int ok;

	ok = !rcf_topo_generate("prdt:8:2:1", &t, err, sizeof(err)) &&
	     !rcf_relation_grid_of(&t, &g, err, sizeof(err)) && g.x == 8 &&
	     g.y == 8 && g.wrap && g.node_port == 8;
	rcf_topo_free(&t);
	tap_ok(ok, "prdt:8:2:1: its base torus, the node on port 8");
	ok = !rcf_topo_generate("torus:4x4", &t, err, sizeof(err)) &&
	     rcf_relation_grid_of(&t, &g, err, sizeof(err)) == -1 &&
	     strstr(err, "torus of switches");
	rcf_topo_free(&t);
	tap_ok(ok, "torus:4x4 (no switches): refused with a reason");
}

/* The check finds the ring cycles when the datelines go. */
static void check_no_dateline(void)
{
	struct rcf_relation_grid g = {4, 4, 1, 4};
	struct rcf_relation r;
	char err[1024];

	rcf_relation_grid(&g, RCF_RELATION_DOR, &r, err, sizeof(err));
	for (size_t i = 0; i < r.n; i++)
		r.ent[i].hop[0] &= ~RCF_HOP_VC_MASK;
	/* row 0's +X ring: switches 0 1 2 3, each once */
	tap_ok(walk(&g, &r) && !duato_ok(&g, &r, err, sizeof(err)) &&
		       strstr(err, "a cycle of 4 channels") &&
		       strstr(err, "switch 3 port 0 vc 0 -> switch 0 port 0 "
				   "vc 0"),
	       "dor torus 4x4 without datelines: a cycle named");
	rcf_relation_free(&r);
}

int main(void)
{
	tap_plan(12);
	check_no_dateline();
	check_hand();
	check_topo();
	check_grid(3, 3, 0, RCF_RELATION_DOR, "dor mesh 3x3");
	check_grid(4, 3, 0, RCF_RELATION_DUATO, "duato mesh 4x3");
	check_grid(4, 4, 1, RCF_RELATION_DOR, "dor torus 4x4");
	check_grid(5, 4, 1, RCF_RELATION_DUATO, "duato torus 5x4");
	check_grid(6, 6, 1, RCF_RELATION_DUATO, "duato torus 6x6");
	return tap_done();
}
