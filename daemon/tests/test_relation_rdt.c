// SPDX-License-Identifier: GPL-2.0
/*
 * Relations on a PRDT (route/relation_rdt.c): candidates of prdt:4:2:1
 * worked by hand, the escape's walk equal to vector routing's source
 * route, adaptive candidates one step shorter on the vector, and
 * Duato's condition (route/relation_check.c) accepting rdt-vector, D-B
 * and D-A, and refusing broken relations with the reason named; on an
 * RDT with m < R, vector routing's table walking the source routes, and
 * the check holding or naming a cycle.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "relation_util.h"
#include "tap.h"
#include "topo/rdt_ring.h"
#include "topo/rdt_walk.h"

#define H(p, vc) RCF_HOP(p, vc)
#define A	 RCF_RELATION_ADAPTIVE
#define E	 RCF_RELATION_ESCAPE

static int build(const char *spec, int kind, struct rcf_rdt *d,
		 struct rcf_relation *r, struct rcf_relnet *net)
{
	char err[200];

	memset(net, 0, sizeof(*net));
	return !rcf_rdt_parse(spec, RCF_MAX_NODES, d, err, sizeof(err)) &&
	       !rcf_relation_rdt(d, kind, r, err, sizeof(err)) &&
	       !rcf_relnet_rdt(d, r->vcs, net, err, sizeof(err));
}

static void done(struct rcf_relation *r, struct rcf_relnet *net)
{
	rcf_relation_free(r);
	rcf_relnet_free(net);
}

/*
 * prdt:4:2:1, switch 0 to node 2, offset (2, 0): Algorithm A gives
 * (0, 2) at rank 0 and (0, -1) at rank 1 (Documentation/rdt.rst), so the
 * escape is -y_1 (port 7).  The y_1 ring through 0 is 0, 10 (places 0
 * and 1), and going - from place 0 crosses the dateline: VC 1.  D-B adds
 * -y_1 on VC 2.  D-A would also have +y_0 (port 2), since the vector
 * from switch 4 (offset (2, -1)) is (0, 1) and (0, -1), the same less
 * that step, but a y_0 step moves a packet half a hop back along its
 * -y_1 ring (y_0 = (x_1 + y_1) / 4, and a y_1 ring's places grow by the
 * skew, 1, along x_1), so it offers -y_1 alone.  Its escape counts
 * places on that ring by the real place (rdt_place.h), which is 0 here
 * and ends at 1 of 2 going -: no dateline crossed, VC 0.
 */
static void check_hand(void)
{
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	int ok;

	ok = build("prdt:4:2:1", RCF_RELATION_RDT_VECTOR, &d, &r, &net) &&
	     r.vcs == 2 &&
	     is(ent(&r, 16, 0, 2), 1, (uint8_t[]){H(7, 1)}, (uint8_t[]){E}) &&
	     is(ent(&r, 16, 2, 2), 1, (uint8_t[]){H(8, 0)}, (uint8_t[]){E});
	done(&r, &net);
	tap_ok(ok, "rdt-vector on prdt:4:2:1: by hand");
	ok = build("prdt:4:2:1", RCF_RELATION_DB, &d, &r, &net) && r.vcs == 3 &&
	     is(ent(&r, 16, 0, 2), 2, (uint8_t[]){H(7, 2), H(7, 1)},
		(uint8_t[]){A, E}) &&
	     is(ent(&r, 16, 2, 2), 1, (uint8_t[]){H(8, 0)}, (uint8_t[]){A});
	done(&r, &net);
	tap_ok(ok, "db on prdt:4:2:1: by hand");
	ok = build("prdt:4:2:1", RCF_RELATION_DA, &d, &r, &net) && r.vcs == 3 &&
	     is(ent(&r, 16, 0, 2), 2, (uint8_t[]){H(7, 2), H(7, 0)},
		(uint8_t[]){A, E});
	done(&r, &net);
	tap_ok(ok, "da on prdt:4:2:1: by hand");
}

/*
 * Every pair: the escapes walk vector routing's route, hop for hop;
 * every adaptive candidate leads where the vector is one hop shorter,
 * and for D-B stays in the rank of the escape.
 */
static int walks(const char *spec, int kind)
{
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	int32_t v[RCF_RDT_MAX_RANK + 1][2];
	int ok = build(spec, kind, &d, &r, &net);
	uint32_t n = d.side * d.side;

	for (uint32_t s = 0; ok && s < n; s++)
		for (uint32_t t = 0; ok && t < n; t++) {
			uint32_t hops = rcf_rdt_vector(&d, s, t, v), at = s,
				 k = 0;

			for (; at != t && k <= hops; k++) {
				const struct rcf_relation_ent *e =
					ent(&r, n, at, t);
				uint8_t esc = e->hop[e->n - 1];
				uint32_t left = rcf_rdt_vector(&d, at, t, v);

				for (int c = 0; c + 1 < e->n; c++) {
					int32_t p =
						net.peer[(size_t)at *
								 net.nports +
							 RCF_HOP_PORT(
								 e->hop[c])];

					ok &= e->cls[c] == A &&
					      rcf_rdt_vector(&d, (uint32_t)p, t,
							     v) +
							      1 ==
						      left;
					if (kind == RCF_RELATION_DB)
						ok &= RCF_HOP_PORT(e->hop[c]) /
							      4 ==
						      RCF_HOP_PORT(esc) / 4;
				}
				ok &= e->cls[e->n - 1] == E;
				at = (uint32_t)
					     net.peer[(size_t)at * net.nports +
						      RCF_HOP_PORT(esc)];
			}
			ok &= k == hops;
		}
	done(&r, &net);
	return ok;
}

static void check_walks(void)
{
	tap_ok(walks("prdt:16:2:2", RCF_RELATION_RDT_VECTOR) &&
		       walks("prdt:9:3:1", RCF_RELATION_RDT_VECTOR),
	       "rdt-vector: the table walks vector routing's routes");
	tap_ok(walks("prdt:16:2:2", RCF_RELATION_DB) &&
		       walks("prdt:16:2:2", RCF_RELATION_DA),
	       "db, da: escapes as vector routing, adaptive one step nearer");
}

/* rc of the check on spec's relation of kind, its reason in err */
static int check(const char *spec, int kind, char *err, size_t errlen)
{
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	int rc = build(spec, kind, &d, &r, &net)
			 ? rcf_relation_check(&net, &r, err, errlen)
			 : -2;

	done(&r, &net);
	return rc;
}

static void check_duato(void)
{
	static const char *const specs[] = {"prdt:4:2:1", "prdt:8:2:1",
					    "prdt:9:3:1", "prdt:16:2:2"};
	char err[2048];
	int ok = 1;

	for (int i = 0; i < 4; i++)
		ok &= !check(specs[i], RCF_RELATION_RDT_VECTOR, err,
			     sizeof(err)) &&
		      !check(specs[i], RCF_RELATION_DB, err, sizeof(err));
	tap_ok(ok, "rdt-vector and db: Duato's condition holds");
	tap_ok(!check("prdt:4:2:1", RCF_RELATION_DA, err, sizeof(err)) &&
		       !check("prdt:9:3:1", RCF_RELATION_DA, err,
			      sizeof(err)) &&
		       !check("prdt:8:2:1", RCF_RELATION_DA, err, sizeof(err)),
	       "da on prdt:4:2:1, prdt:9:3:1 and prdt:8:2:1: Duato's "
	       "condition holds (test_relation_da: larger PRDTs, and the "
	       "paper's D-A refused)");
}

/*
 * D-B on the bases whose rank-1 vectors are long enough for a Y_1 step
 * to come between two X_1 escape hops: with each X_1 escape's VC taken
 * from its X steps alone, and Y_1 steps offered either way, the check
 * found cycles of X_1 escape channels (4 on prdt:16:2:1, 6 on
 * prdt:32:2:1).
 */
static void check_db_long(void)
{
	char err[2048] = "";
	int ok = !check("prdt:16:2:1", RCF_RELATION_DB, err, sizeof(err)) &&
		 !check("prdt:32:2:1", RCF_RELATION_DB, err, sizeof(err));

	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "db on prdt:16:2:1 and prdt:32:2:1: Duato's condition "
		   "holds");
}

/*
 * What the escape's VCs rest on (route/relation_rdt.c): a rank's X
 * steps, and its Y steps too when they go the skew's way, shorter than
 * an X ring, so a packet's place passes an X dateline at most once; and
 * no D-B list offers a Y step against the skew while X steps are left.
 */
static int skewed(const char *spec)
{
	struct rcf_rdt_rings o = {0};
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	int ok = build(spec, RCF_RELATION_DB, &d, &r, &net) &&
		 !rcf_rdt_rings(&d, &o);

	for (uint32_t i = 0; ok && i < r.n; i++) {
		const struct rcf_relation_ent *e = &r.ent[i];
		int32_t v[RCF_RDT_MAX_RANK + 1][2];
		int q;

		if (e->sw == e->dst)
			continue;
		rcf_rdt_vector(&d, e->sw, e->dst, v);
		for (q = (int)d.R; !v[q][0] && !v[q][1]; q--)
			;
		for (uint32_t k = 0; k <= d.R; k++) {
			int fwd = o.skew[k][0] * v[k][0] * v[k][1] > 0;

			ok &= (uint32_t)abs(v[k][0]) +
				      (fwd ? (uint32_t)abs(v[k][1]) : 0) <
			      o.len[k][0];
		}
		for (uint32_t c = 0; c < e->n; c++)
			if (e->cls[c] == RCF_RELATION_ADAPTIVE &&
			    RCF_HOP_PORT(e->hop[c]) / 2 ==
				    2 * (uint32_t)q + 1 &&
			    v[q][0])
				ok &= o.skew[q][0] * v[q][1] * v[q][0] > 0 ||
				      !o.skew[q][0];
	}
	rcf_rdt_rings_free(&o);
	done(&r, &net);
	return ok;
}

static void check_skew(void)
{
	tap_ok(skewed("prdt:8:2:1") && skewed("prdt:16:2:1") &&
		       skewed("prdt:16:2:2") && skewed("prdt:9:3:1"),
	       "db: steps shorter than a ring, no Y step against the "
	       "skew");
}

static void check_broken(void)
{
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	char err[2048];
	int ok;

	/* the datelines gone: rank 0's Y ring of column 0 */
	ok = build("prdt:4:2:1", RCF_RELATION_RDT_VECTOR, &d, &r, &net);
	for (size_t i = 0; i < r.n; i++)
		r.ent[i].hop[0] &= ~RCF_HOP_VC_MASK;
	ok = ok && rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "a cycle of 4 channels: switch 4 port 2 vc 0 -> "
			 "switch 8 port 2 vc 0 -> switch 12 port 2 vc 0 -> "
			 "switch 0 port 2 vc 0 -> switch 4 port 2 vc 0");
	tap_ok(ok, "rdt-vector without datelines: refused, the cycle named");
	/* switch 0's way to node 1 turned to its own node */
	r.ent[1].hop[0] = H(8, 0);
	ok = rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "switch 0 does not reach node 1");
	tap_ok(ok, "a list that delivers elsewhere: unreachable named");
	r.ent[1].cls[0] = A;
	ok = rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "switch 0 destination 1: no escape");
	r.ent[1].cls[0] = E;
	r.ent[1].hop[0] = H(3, 2);
	ok &= rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	      strstr(err, "port 3 vc 2 leads nowhere");
	r.n--;
	ok &= rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	      strstr(err, "255 lists for 16 switches");
	r.n++;
	done(&r, &net);
	tap_ok(ok, "no escape, a VC the links lack, lists missing: refused");
	ok = rcf_rdt_parse("rdt:16:2:2:1", RCF_MAX_NODES, &d, err,
			   sizeof(err)) == 0 &&
	     rcf_relation_rdt(&d, RCF_RELATION_NORTH_LAST, &r, err,
			      sizeof(err)) == -1 &&
	     strstr(err, "needs a PRDT") &&
	     rcf_relation_rdt(&d, RCF_RELATION_NORTH_LAST_WRAP, &r, err,
			      sizeof(err)) == -1;
	ok &= rcf_rdt_parse("prdt:8:2:1", RCF_MAX_NODES, &d, err,
			    sizeof(err)) == 0 &&
	      rcf_relation_rdt(&d, RCF_RELATION_DUATO, &r, err, sizeof(err)) ==
		      -1 &&
	      strstr(err, "for a grid");
	tap_ok(ok, "an RDT with m < R (north-last, north-last-wrap) and a "
		   "grid kind: refused");
}

/*
 * rdt-vector on an RDT with m < R: one escape candidate a list, on the
 * port of the walk's hop (topo/rdt_walk.h), so that walking the table
 * from every switch reaches every node by the source route's hops.
 */
static int rdt_walks(const char *spec)
{
	struct rcf_rdt_hop h[64];
	struct rcf_relation r;
	struct rcf_relnet net;
	struct rcf_rdt d;
	int ok = build(spec, RCF_RELATION_RDT_VECTOR, &d, &r, &net) &&
		 r.vcs == 3;
	uint32_t n = d.side * d.side;

	for (uint32_t s = 0; ok && s < n; s++)
		for (uint32_t t = 0; ok && t < n; t++) {
			int k = rcf_rdt_walk(&d, s, t, h, 64);
			uint32_t at = s;

			ok &= k >= 0;
			for (int i = 0; ok && i <= k; i++) {
				const struct rcf_relation_ent *e =
					ent(&r, n, at, t);
				uint32_t port = RCF_HOP_PORT(e->hop[0]);

				ok &= e->n == 1 && e->cls[0] == E;
				if (i == k) {
					ok &= at == t && port == net.nports - 1;
					break;
				}
				ok &= port == 4 * (uint32_t)rcf_rdt_slot(
							  &d, at, h[i].rank) +
						      h[i].dir &&
				      (RCF_HOP_VC(e->hop[0]) == 2) ==
					      h[i].detour;
				at = (uint32_t)
					     net.peer[(size_t)at * net.nports +
						      port];
			}
		}
	done(&r, &net);
	return ok;
}

static void check_rdt(void)
{
	char err[2048];
	int rc;

	tap_ok(rdt_walks("rdt:16:2:2:1") && rdt_walks("rdt:32:2:3:1"),
	       "rdt-vector on rdt:16:2:2:1, rdt:32:2:3:1: the table walks the "
	       "source routes");
	tap_ok(!check("rdt:16:2:2:1", RCF_RELATION_RDT_VECTOR, err,
		      sizeof(err)) &&
		       !check("rdt:32:2:3:2", RCF_RELATION_RDT_VECTOR, err,
			      sizeof(err)),
	       "rdt-vector on rdt:16:2:2:1, rdt:32:2:3:2: Duato's condition "
	       "holds");
	rc = check("rdt:32:2:3:1", RCF_RELATION_RDT_VECTOR, err, sizeof(err));
	printf("# rdt:32:2:3:1: %.160s\n", err);
	tap_ok(rc == -1 && strstr(err, "a cycle of"),
	       "rdt-vector on rdt:32:2:3:1: a cycle, named");
}

int main(void)
{
	tap_plan(17);
	check_hand();
	check_walks();
	check_duato();
	check_db_long();
	check_skew();
	check_broken();
	check_rdt();
	return tap_done();
}
