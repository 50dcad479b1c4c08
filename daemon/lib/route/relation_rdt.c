// SPDX-License-Identifier: GPL-2.0
/*
 * Relations on a PRDT.  The escape of all three is vector routing
 * (rcf_rdt_vector()): its first step, ranks from R down, X before Y.
 * Algorithm A is consistent with itself (the vector from the next
 * router is the same vector less the step taken, for a step along the X
 * or the Y of the highest rank left; test_relation_rdt checks it), so
 * the table's walk is the source route's.  Each ring of each rank has a
 * dateline where topo/rdt_ring.c puts it (its last place to its
 * first), but a table cannot know what a packet did before, so the VC
 * says what is ahead: 1 while the packet's remaining steps still take
 * it across the dateline (that hop included), 0 after (esc_vc()).  No
 * ring is gone round, so neither VC closes a ring.
 *
 * D-A adds, on VC 2, the steps of any rank after which the rest of the
 * vector is the next router's (minimal on the vector, ranks in any
 * order), but none that moves the packet back along the ring of its
 * escape (da_allowed()); its escape VCs count places by the real place
 * of topo/rdt_place.h, so that a lower rank's step, which leaves the
 * escape's torus, keeps the order (da_vc()).  D-B adds, on VC 2, the X
 * and Y steps of the vector's highest rank left: within a rank any
 * order, ranks descending, except a Y step that would move the packet
 * back along its X ring (against()).
 * Both are checked against Duato's condition (route/relation_check.h)
 * rather than trusted to the paper's proofs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "route/relation_rdt_mr.h"
#include "topo/rdt_place.h"
#include "topo/rdt_ring.h"
#include "topo/rdt_walk.h"
#include "util/errf.h"

struct prdt {
	const struct rcf_rdt *d;
	uint32_t nr;
	struct rcf_rdt_rings rings;
	struct rcf_rdt_place place; /* D-A's escape order */
};

static void add(struct rcf_relation_ent *e, uint32_t port, int vc, int cls)
{
	if (e->n == RCF_RELATION_MAX_CAND)
		return;
	e->hop[e->n] = RCF_HOP(port, vc);
	e->cls[e->n] = cls;
	e->n++;
}

/*
 * Whether the Y steps of rank r left in v move a packet backwards along
 * its X_r ring (rdt_ring.h's skew against the X steps' sign) while X
 * steps are left.  D-B offers no Y step then: the packet's place on the
 * X_r rings would fall back between two X escape hops, and on the odd
 * ranks' tori (4 (X_1 - Y_1) is 0 on a 16 x 16 base) such steps close
 * cycles of X escape channels at one place (Documentation/rdt.rst, The
 * deadlock check).
 */
static int against(const struct prdt *o, uint32_t r,
		   int32_t v[RCF_RDT_MAX_RANK + 1][2])
{
	int64_t c = o->rings.skew[r][0];

	return v[r][0] && c * v[r][1] * (v[r][0] > 0 ? 1 : -1) < 0;
}

/*
 * The escape's VC at sw for the vector v, whose highest rank left is r.
 * Along Y_r, or X_r when the Y steps left do not move the packet along
 * the X_r ring: 1 while the steps left on this ring cross its dateline.
 * When the Y steps left do move it forwards (skew), D-B may take them
 * before the X ones, so the place a packet ends at is where its X and Y
 * steps together take it: 1 while that is past the dateline.  Its place
 * then only grows, from VC 1 to VC 0 once, whatever order it takes its
 * steps in; test_relation_rdt checks that |X| + |Y| stays below a ring.
 */
static int esc_vc(const struct prdt *o, uint32_t sw, uint32_t r,
		  int32_t v[RCF_RDT_MAX_RANK + 1][2])
{
	int32_t kx = v[r][0], c = o->rings.skew[r][0];

	if (!kx)
		return rcf_rdt_crosses(&o->rings, sw, r, 1, v[r][1]);
	if (!against(o, r, v))
		kx += c * v[r][1];
	return rcf_rdt_crosses(&o->rings, sw, r, 0, kx);
}

/*
 * Whether the step along axis b of rank q leaves the rest of v as the
 * vector from the router it reaches: the packet is then still on a
 * route of v's length, whatever order it takes the steps in.
 */
static int consistent(const struct prdt *o, uint32_t sw, uint32_t dst,
		      int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t q, int b)
{
	uint32_t t =
		rcf_rdt_step(o->d, sw, q, 2 * (unsigned int)b + (v[q][b] < 0));

	return rcf_rdt_consistent(o->d, t, dst, v, q, b);
}

/*
 * Vector routing's table on an RDT with m < R: the walk's next hop
 * (topo/rdt_walk.h), with the source routes' VCs: on a rank's ring 1
 * while the steps left cross its dateline, 0 after; a base hop taken
 * while upper ranks' steps are left on 2.
 */
static void walk_entry(const struct prdt *o, uint32_t sw, uint32_t dst,
		       struct rcf_relation_ent *e)
{
	struct rcf_rdt_hop h;

	e->sw = sw;
	e->dst = dst;
	e->n = 0;
	if (!rcf_rdt_next(o->d, sw, dst, &h)) {
		add(e, rcf_rdt_ports(o->d) - 1, 0, RCF_RELATION_ESCAPE);
		return;
	}
	add(e, 4 * (uint32_t)rcf_rdt_slot(o->d, sw, h.rank) + h.dir,
	    h.detour ? RCF_RELATION_RDT_DETOUR_VC
		     : rcf_rdt_crosses(&o->rings, sw, h.rank, (int)h.dir / 2,
				       h.left),
	    RCF_RELATION_ESCAPE);
}

/*
 * D-A's escape is ordered by the real place of rdt_place.h: while X_r
 * steps are left (axis a = 0, else a = 1, the Y_r ring), a packet's
 * place on its ring, counted the way its steps go (sg), must never fall
 * back, whatever it does between two escape hops, so that the ring's
 * dateline orders every escape channel it asks for (rdt.rst in
 * Documentation, D-A's escape order).  Steps of rank r move it a hop or, across the
 * ring, the skew; a lower rank's step moves it to another torus of rank
 * r by a fraction of a hop, forward or back.  How far step (q, b) of v
 * moves it, in rdt_place.h's units, counted the packet's way:
 */
static int64_t da_move(const struct prdt *o, uint32_t r, int a, int sg,
		       int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t q, int b)
{
	int64_t m = rcf_rdt_place_move(&o->place, r, a, q, b);

	return v[q][b] < 0 ? -sg * m : sg * m;
}

/*
 * Whether D-A offers the step along axis b of rank q when v's highest
 * rank left is r: every step of rank r but a Y step against the skew
 * while X steps are left (D-B's exception), and a lower rank's step only
 * if it does not move the packet back along the ring of its escape (and
 * where the real place is well defined).
 */
static int da_allowed(const struct prdt *o, uint32_t r,
		      int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t q, int b)
{
	int a = v[r][0] ? 0 : 1;

	if (q == r)
		return !b || a || !against(o, r, v);
	return o->place.ok[r][a] &&
	       da_move(o, r, a, v[r][a] > 0 ? 1 : -1, v, q, b) >= 0;
}

/*
 * D-A's escape VC at sw: 1 while the place the packet's forward steps
 * together can take it to (its X or Y steps, the Y steps along the skew
 * and the lower ranks' steps that move it forwards) is past the
 * dateline, 0 after; that place stays put whatever order it takes its
 * steps in, until it crosses.  -1 when those steps reach a whole ring:
 * the order would not hold, and the builder refuses (on none of the
 * PRDTs test_relation_da builds).  Without a real place, esc_vc()'s
 * placement; no lower rank's step is offered then.
 */
static int da_vc(const struct prdt *o, uint32_t sw, uint32_t r,
		 int32_t v[RCF_RDT_MAX_RANK + 1][2])
{
	int a = v[r][0] ? 0 : 1, sg = v[r][a] > 0 ? 1 : -1;
	int64_t unit = o->place.unit[r];
	int64_t round = (int64_t)o->rings.len[r][a] * unit;
	int64_t at = rcf_rdt_place_of(&o->place, r, a, sw), ahead;

	if (!o->place.ok[r][a])
		return esc_vc(o, sw, r, v);
	if (sg < 0)
		at = at ? round - at : 0;
	ahead = (int64_t)abs(v[r][a]) * unit;
	if (!a && !against(o, r, v) && o->rings.skew[r][0])
		ahead += (int64_t)abs(v[r][1]) * unit;
	for (uint32_t q = 0; q < r; q++)
		for (int b = 0; b < 2; b++) {
			int64_t m = da_move(o, r, a, sg, v, q, b);

			if (m > 0)
				ahead += (int64_t)abs(v[q][b]) * m;
		}
	if (ahead >= round)
		return -1;
	return at + ahead >= round;
}

static int entry(const struct prdt *o, int kind, uint32_t sw, uint32_t dst,
		 struct rcf_relation_ent *e, char *err, size_t errlen)
{
	const struct rcf_rdt *d = o->d;
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	uint32_t node_port = rcf_rdt_ports(d) - 1;
	int r, a, vc;

	e->sw = sw;
	e->dst = dst;
	e->n = 0;
	if (sw == dst) {
		/* a node always takes its packets in: no part of a cycle */
		add(e, node_port, 0,
		    kind == RCF_RELATION_RDT_VECTOR ? RCF_RELATION_ESCAPE
						    : RCF_RELATION_ADAPTIVE);
		return 0;
	}
	rcf_rdt_vector(d, sw, dst, v);
	for (r = (int)d->R; r >= 0; r--)
		if (v[r][0] || v[r][1])
			break;
	if (kind == RCF_RELATION_DB)
		for (int b = 0; b < 2; b++)
			if (v[r][b] && (!b || !against(o, (uint32_t)r, v)))
				add(e, 4 * (uint32_t)r + 2 * b + (v[r][b] < 0),
				    RCF_RELATION_RDT_ADAPTIVE_VC,
				    RCF_RELATION_ADAPTIVE);
	if (kind == RCF_RELATION_DA)
		for (uint32_t q = d->R + 1; q-- > 0;)
			for (int b = 0; b < 2; b++)
				if (v[q][b] &&
				    consistent(o, sw, dst, v, q, b) &&
				    da_allowed(o, (uint32_t)r, v, q, b))
					add(e,
					    4 * q + 2 * (uint32_t)b +
						    (v[q][b] < 0),
					    RCF_RELATION_RDT_ADAPTIVE_VC,
					    RCF_RELATION_ADAPTIVE);
	a = v[r][0] ? 0 : 1;
	vc = kind == RCF_RELATION_DA ? da_vc(o, sw, (uint32_t)r, v)
				     : esc_vc(o, sw, (uint32_t)r, v);
	if (vc < 0)
		return rcf_errf(err, errlen,
				"relation: da: switch %u to node %u goes round "
				"a ring of rank %d",
				sw, dst, r);
	add(e, 4 * (uint32_t)r + 2 * a + (v[r][a] < 0), vc,
	    RCF_RELATION_ESCAPE);
	return 0;
}

int rcf_relation_rdt_moves(const struct rcf_rdt *d, uint8_t **dir,
			   uint8_t **wrap)
{
	/* counterclockwise from east by the signs of the move */
	static const uint8_t compass[3][3] = {
		{RCF_SW, RCF_S, RCF_SE},
		{RCF_W, RCF_TURN_NONE, RCF_E},
		{RCF_NW, RCF_N, RCF_NE},
	};
	uint32_t nr = d->side * d->side, np = rcf_rdt_ports(d);
	int64_t v[RCF_RDT_MAX_RANK + 1][2][2] = {{{1, 0}, {0, 1}}};
	int64_t s = d->side, n = d->n;

	*dir = malloc((size_t)nr * np);
	*wrap = calloc((size_t)nr, np);
	if (!*dir || !*wrap) {
		free(*dir);
		free(*wrap);
		*dir = *wrap = NULL;
		return -1;
	}
	/* equations 1 and 2, not reduced: their signs are the compass */
	for (uint32_t r = 0; r < d->R; r++)
		for (int c = 0; c < 2; c++) {
			v[r + 1][0][c] = n * v[r][0][c] + n * v[r][1][c];
			v[r + 1][1][c] = -n * v[r][0][c] + n * v[r][1][c];
		}
	for (uint32_t sw = 0; sw < nr; sw++) {
		int64_t x = sw % d->side, y = sw / d->side;
		uint8_t *p = *dir + (size_t)sw * np;

		memset(p, RCF_TURN_NONE, np);
		for (uint32_t r = 0; r <= d->R; r++)
			for (unsigned int k = 0; k < RCF_RDT_DIRS; k++) {
				int64_t sg = k & 1 ? -1 : 1;
				int64_t dx = sg * v[r][k / 2][0];
				int64_t dy = sg * v[r][k / 2][1];

				(*wrap)[(size_t)sw * np + 4 * r + k] =
					x + dx < 0 || x + dx >= s ||
					y + dy < 0 || y + dy >= s;
				p[4 * r + k] = compass[(dy > 0) - (dy < 0) + 1]
						      [(dx > 0) - (dx < 0) + 1];
			}
	}
	return 0;
}

int rcf_relation_rdt_dirs(const struct rcf_rdt *d, int wrap, uint8_t **dir)
{
	size_t n = (size_t)d->side * d->side * rcf_rdt_ports(d);
	uint8_t *w;

	if (rcf_relation_rdt_moves(d, dir, &w))
		return -1;
	for (size_t i = 0; !wrap && i < n; i++)
		if (w[i])
			(*dir)[i] = RCF_TURN_NONE;
	free(w);
	return 0;
}

/* §4's north-last: a turn model on the mesh the wrap links leave */
static int north_last(const struct rcf_rdt *d, struct rcf_relation *r,
		      char *err, size_t errlen)
{
	struct rcf_relnet net = {0};
	struct rcf_turns t;
	uint8_t *dir = NULL;
	int rc;

	if (rcf_relnet_rdt(d, 1, &net, err, errlen))
		return -1;
	if (rcf_relation_rdt_dirs(d, 0, &dir)) {
		rcf_relnet_free(&net);
		return rcf_errf(err, errlen, "relation: out of memory");
	}
	rcf_turns_north_last(&t);
	rc = rcf_relation_turn(&net, dir, &t, r, err, errlen);
	free(dir);
	rcf_relnet_free(&net);
	return rc;
}

/*
 * North-last over the wrap links: a dateline on every ring, at its wrap
 * link, and a packet's VC counts the wraps it took (one, with two VCs),
 * so each VC's channels without the wrap links are the mesh's, which
 * the turns keep acyclic (Documentation/rdt.rst, *North-last over the
 * wrap links*).
 */
static int north_last_wrap(const struct rcf_rdt *d, struct rcf_relation *r,
			   char *err, size_t errlen)
{
	int vcs = rcf_relation_vcs(RCF_RELATION_NORTH_LAST_WRAP, 1);
	struct rcf_relnet net = {0};
	uint8_t *dir = NULL, *wrap = NULL;
	struct rcf_turns t;
	int rc;

	if (rcf_relnet_rdt(d, vcs, &net, err, errlen))
		return -1;
	if (rcf_relation_rdt_moves(d, &dir, &wrap)) {
		rcf_relnet_free(&net);
		return rcf_errf(err, errlen, "relation: out of memory");
	}
	rcf_turns_north_last(&t);
	rc = rcf_relation_turn_vc(&net, dir, wrap, vcs, &t, r, err, errlen);
	free(dir);
	free(wrap);
	rcf_relnet_free(&net);
	return rc;
}

int rcf_relation_rdt(const struct rcf_rdt *d, int kind, struct rcf_relation *r,
		     char *err, size_t errlen)
{
	struct prdt o = {.d = d, .nr = d->side * d->side};
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (kind != RCF_RELATION_RDT_VECTOR && kind != RCF_RELATION_DA &&
	    kind != RCF_RELATION_DB && kind != RCF_RELATION_NORTH_LAST &&
	    kind != RCF_RELATION_NORTH_LAST_WRAP)
		return rcf_errf(err, errlen,
				"relation: this kind is for a grid, not a "
				"PRDT");
	if (d->m != d->R && (kind == RCF_RELATION_NORTH_LAST ||
			     kind == RCF_RELATION_NORTH_LAST_WRAP))
		return rcf_errf(err, errlen,
				"relation: north-last needs a PRDT "
				"(prdt:S:n:R), every router in every rank; "
				"rdt:S:n:R:m with m < R has rdt-vector, da "
				"and db");
	/* over up-down: the walk is no escape there (relation_rdt_mr.h) */
	if (d->m != d->R && kind != RCF_RELATION_RDT_VECTOR)
		return rcf_relation_rdt_mr(d, kind, NULL, r, err, errlen);
	if (o.nr > RCF_MAX_NODES)
		return rcf_errf(err, errlen, "relation: %u routers is too many",
				o.nr);
	if (kind == RCF_RELATION_NORTH_LAST)
		return north_last(d, r, err, errlen);
	if (kind == RCF_RELATION_NORTH_LAST_WRAP)
		return north_last_wrap(d, r, err, errlen);
	r->ent = calloc((size_t)o.nr * o.nr, sizeof(*r->ent));
	if (!r->ent || rcf_rdt_rings(d, &o.rings)) {
		rcf_errf(err, errlen, "relation: out of memory");
		rcf_relation_free(r);
		goto out;
	}
	/* the real place is D-A's, on a PRDT */
	if (d->m >= d->R)
		rcf_rdt_place_init(&o.place, d, &o.rings);
	for (uint32_t sw = 0; sw < o.nr; sw++)
		for (uint32_t dst = 0; dst < o.nr; dst++)
			if (d->m < d->R)
				walk_entry(&o, sw, dst, &r->ent[r->n++]);
			else if (entry(&o, kind, sw, dst, &r->ent[r->n++], err,
				       errlen)) {
				rcf_relation_free(r);
				goto out;
			}
	r->vcs = d->m < d->R ? RCF_RELATION_RDT_DETOUR_VC + 1
			     : rcf_relation_vcs(kind, 1);
	rc = 0;
out:
	rcf_rdt_rings_free(&o.rings);
	return rc;
}

int rcf_relnet_rdt(const struct rcf_rdt *d, int vcs, struct rcf_relnet *net,
		   char *err, size_t errlen)
{
	uint32_t nr = d->side * d->side, np = rcf_rdt_ports(d);

	net->nsw = nr;
	net->nports = np;
	net->vcs = vcs;
	net->peer = malloc((size_t)nr * np * sizeof(*net->peer));
	net->pport = malloc((size_t)nr * np * sizeof(*net->pport));
	if (!net->peer || !net->pport) {
		rcf_relnet_free(net);
		return rcf_errf(err, errlen, "relation check: out of memory");
	}
	for (uint32_t sw = 0; sw < nr; sw++) {
		int32_t *p = &net->peer[(size_t)sw * np];
		int32_t *q = &net->pport[(size_t)sw * np];

		uint32_t ranks[RCF_RDT_MAX_RANK + 1],
			k = rcf_rdt_ranks(d, sw, ranks);

		/* a + port ends on the next switch's - port, and back */
		for (uint32_t s = 0; s < k; s++)
			for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
				uint32_t j = rcf_rdt_step(d, sw, ranks[s], dir);

				p[4 * s + dir] = (int32_t)j;
				q[4 * s + dir] =
					4 * rcf_rdt_slot(d, j, ranks[s]) +
					(int32_t)(dir ^ 1);
			}
		p[np - 1] = RCF_RELNET_NODE(sw);
		q[np - 1] = -1;
	}
	return 0;
}
