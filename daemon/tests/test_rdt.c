// SPDX-License-Identifier: GPL-2.0
/*
 * Recursive Diagonal Torus: the rank vectors and sizes against the
 * paper's equations and Definition 2, the prdt and rdt generators' wiring
 * against hand-checked cases, the torus assignment, refusals, and the
 * structural figures of rcfctl topo stats (Documentation/rdt.rst).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "topo/rdt.h"
#include "topo/topo_gen.h"
#include "topo/topo_stats.h"

static int vec_is(const uint32_t v[2], uint32_t x, uint32_t y)
{
	return v[0] == x && v[1] == y;
}

static void check_vectors(void)
{
	struct rcf_rdt d;
	char err[200];

	rcf_rdt_init(&d, 128, 2, 4, 4, err, sizeof(err));
	/* x1 = 2x0 + 2y0, y1 = -2x0 + 2y0, ... modulo 128, by hand */
	tap_ok(vec_is(d.x[1], 2, 2) && vec_is(d.y[1], 126, 2) &&
		       vec_is(d.x[2], 0, 8) && vec_is(d.y[2], 120, 0) &&
		       vec_is(d.x[3], 112, 16) && vec_is(d.y[3], 112, 112) &&
		       vec_is(d.x[4], 64, 0) && vec_is(d.y[4], 0, 64),
	       "128x128, n = 2: rank vectors of equations 1 and 2");
}

static double dabs(double v)
{
	return v < 0 ? -v : v;
}

/* whether n divides v (v may be a fraction) */
static int divides(uint32_t n, double v)
{
	return (double)(uint64_t)v == v && (uint64_t)v % n == 0;
}

/* Definition 2's sizes, as printed, while N_x * N_y >= 2 */
static uint32_t def2(uint32_t side, uint32_t n, double *nx, double *ny)
{
	uint32_t r = 0;

	nx[0] = ny[0] = side;
	for (;;) {
		double gx = divides(n, nx[r]) ? n : 1,
		       gy = divides(n, ny[r]) ? n : 1;
		double x = ny[r] / gx, y = nx[r] / (2 * gy);

		if (x * y < 2 || r == RCF_RDT_MAX_RANK)
			return r;
		r++;
		nx[r] = x;
		ny[r] = y;
	}
}

static void check_ranks(void)
{
	static const uint32_t sides[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024};
	static const uint32_t want[] = {1, 1, 2, 3, 3, 4, 5, 5, 6};
	int ok = 1, same = 1;
	char err[200];

	for (size_t i = 0; i < sizeof(sides) / sizeof(sides[0]); i++) {
		double nx[RCF_RDT_MAX_RANK + 1], ny[RCF_RDT_MAX_RANK + 1];
		uint32_t top = def2(sides[i], 2, nx, ny);
		struct rcf_rdt d;

		rcf_rdt_init(&d, sides[i], 2, 1, 1, err, sizeof(err));
		ok &= d.maxrank == want[i];
		same &= top == d.maxrank;
		for (uint32_t r = 0; r <= top && sides[i] <= 256; r++) {
			uint32_t x = rcf_rdt_ring(&d, r),
				 size = rcf_rdt_torus_size(&d, r);

			same &= x == nx[r] && size / x == ny[r];
		}
	}
	tap_ok(ok, "n = 2: maximum rank 1, 1, 2, 3, 3, 4, 5, 5, 6 for sides "
		   "4 to 1024 (4 at 128x128)");
	tap_ok(same, "n = 2: torus sizes and maximum rank as Definition 2 "
		     "gives them");
	{
		struct rcf_rdt a, b;

		rcf_rdt_init(&a, 9, 3, 1, 1, err, sizeof(err));
		rcf_rdt_init(&b, 27, 3, 2, 2, err, sizeof(err));
		tap_ok(a.maxrank == 1 && b.maxrank == 2 &&
			       rcf_rdt_torus_size(&a, 1) == 9 &&
			       rcf_rdt_torus_size(&b, 1) == 81,
		       "n = 3: ranks 1 (9x9) and 2 (27x27); rank-1 tori of "
		       "9 and 81 routers");
	}
}

/* every port of every switch used once, ends in range */
static int wiring_ok(const struct rcf_topo *t, uint32_t ports)
{
	uint32_t ns = t->v[RCF_K_SWITCH].n;
	uint8_t *use = calloc((size_t)ns * ports, 1);
	int ok = use != NULL;

	for (size_t l = 0; ok && l < t->v[RCF_K_LINK].n; l++) {
		const struct rcf_obj *o = &t->v[RCF_K_LINK].o[l];

		for (int e = 0; e < 2; e++) {
			const struct rcf_end *end = &o->end[e];

			if (end->kind == RCF_ELEM_NODE) {
				ok &= end->id < t->v[RCF_K_NODE].n &&
				      end->port == 0 &&
				      o->end[!e].id == end->id &&
				      o->end[!e].port == ports - 1;
				continue;
			}
			if (end->id >= ns || end->port >= ports ||
			    use[end->id * ports + end->port]++)
				ok = 0;
		}
	}
	for (uint32_t s = 0; ok && s < ns; s++)
		ok &= t->v[RCF_K_SWITCH].o[s].v[RCF_A_SWITCH_PORTS] == ports;
	for (size_t i = 0; ok && i < (size_t)ns * ports; i++)
		ok &= use[i] == 1;
	free(use);
	return ok;
}

/* the switch port p of switch s leads to, or -1 */
static int64_t peer(const struct rcf_topo *t, uint32_t s, uint32_t p,
		    uint32_t *in)
{
	for (size_t l = 0; l < t->v[RCF_K_LINK].n; l++) {
		const struct rcf_obj *o = &t->v[RCF_K_LINK].o[l];

		for (int e = 0; e < 2; e++)
			if (o->end[e].kind == RCF_ELEM_SWITCH &&
			    o->end[e].id == s && o->end[e].port == p) {
				*in = o->end[!e].port;
				return o->end[!e].id;
			}
	}
	return -1;
}

static void check_prdt_fabric(void)
{
	struct rcf_topo t;
	uint32_t in[3];
	char err[200];
	int rc = rcf_topo_generate("prdt:16:2:2", &t, err, sizeof(err));

	tap_ok(!rc && t.v[RCF_K_NODE].n == 256 && t.v[RCF_K_SWITCH].n == 256 &&
		       t.v[RCF_K_LINK].n == 256 + 256 * 2 * 3,
	       "prdt:16:2:2: 256 nodes, 256 switches, 1792 links");
	tap_ok(!rc && wiring_ok(&t, 13),
	       "prdt:16:2:2: 13 ports per switch, each used once, node on "
	       "the last");
	/* (0,0) +x1 -> (2,2), +y1 -> (14,2), +x2 -> (0,8); into the - port */
	tap_ok(!rc && peer(&t, 0, 4, &in[0]) == 34 && in[0] == 5 &&
		       peer(&t, 0, 6, &in[1]) == 46 && in[1] == 7 &&
		       peer(&t, 0, 8, &in[2]) == 128 && in[2] == 9,
	       "prdt:16:2:2: switch 0's rank 1 and 2 links as worked by hand");
	rcf_topo_free(&t);
}

static void check_rdt_fabric(void)
{
	struct rcf_topo t;
	uint32_t in;
	char err[200];
	int rc = rcf_topo_generate("rdt:64:2:3:1", &t, err, sizeof(err));

	tap_ok(!rc && t.v[RCF_K_LINK].n == 4096 * 5 && wiring_ok(&t, 9),
	       "rdt:64:2:3:1: 20480 links, 9 ports per switch, each used "
	       "once");
	/* (0,0) has rank 1: port 4 +x1 to (2,2); (2,0) rank 3: +x3 */
	tap_ok(!rc && peer(&t, 0, 4, &in) == 130 && in == 5 &&
		       peer(&t, 2, 4, &in) == 16 * 64 + 50 && in == 5,
	       "rdt:64:2:3:1: upper links of switches 0 and 2 by hand");
	rcf_topo_free(&t);
}

/* RDT(2,4,1)/alpha on 128x128: arithmetic only, beyond the kernel's size */
static void check_alpha(void)
{
	uint32_t count[5] = {0}, r[RCF_RDT_MAX_RANK + 1];
	int cover = 1, hand;
	struct rcf_rdt d;
	char err[200];

	rcf_rdt_init(&d, 128, 2, 4, 1, err, sizeof(err));
	for (uint32_t id = 0; id < 128 * 128; id++) {
		uint32_t k = rcf_rdt_ranks(&d, id, r), seen = 0;

		if (k != 2 || r[0] != 0) {
			cover = 0;
			continue;
		}
		count[r[1]]++;
		for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
			uint32_t nb[RCF_RDT_MAX_RANK + 1];

			rcf_rdt_ranks(&d, rcf_rdt_step(&d, id, 0, dir), nb);
			seen |= 1u << nb[1];
		}
		cover &= seen == 0x1e;
	}
	tap_ok(cover && count[1] == 4096 && count[2] == 4096 &&
		       count[3] == 4096 && count[4] == 4096,
	       "rdt:128:2:4:1: ranks 1 to 4 a quarter each, every router "
	       "one base hop from each rank");
	hand = rcf_rdt_slot(&d, 0, 1) == 1 && rcf_rdt_slot(&d, 1, 1) == 1 &&
	       rcf_rdt_slot(&d, 128, 2) == 1 && rcf_rdt_slot(&d, 2, 3) == 1 &&
	       rcf_rdt_slot(&d, 3 * 128, 4) == 1 && rcf_rdt_slot(&d, 0, 2) < 0;
	tap_ok(hand, "rdt:128:2:4:1: (0,0) and (1,0) rank 1, (0,1) 2, (2,0) "
		     "3, (0,3) 4");
}

static void check_refusals(void)
{
	static const char *const bad[] = {
		"prdt:16:2:3",	 "prdt:12:2:1",	 "rdt:27:3:2:1",
		"prdt:16:2:2:1", "rdt:16:2:0:1", "rdt:16:2:1:2",
		"prdt:16:1:1",	 "prdt:16:2",	 "rdt:128:2:4:1",
		"prdt:2:2:1",	 "prdt:16:2:-1", "prdt:1x6:2:1",
	};
	struct rcf_topo t;
	char err[256];
	int ok = 1;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		if (!rcf_topo_generate(bad[i], &t, err, sizeof(err)) ||
		    !strstr(err, bad[i])) {
			printf("# %s: %s\n", bad[i], err);
			ok = 0;
		}
	}
	tap_ok(ok, "bad prdt and rdt specs refused, naming the spec");
}

static void check_stats(void)
{
	struct rcf_tstats a, b;
	char err[256];
	int same = 1;

	rcf_topo_stats("torus:16x16", 0, &a, err, sizeof(err));
	tap_ok(a.diameter == 16 && dabs(a.avg - 2048.0 / 255) < 1e-9 &&
		       a.links == 512,
	       "torus:16x16: diameter 16, average 2048/255, 512 links");
	rcf_topo_stats("hypercube:14", 0, &a, err, sizeof(err));
	rcf_topo_stats("rdt:128:2:4:1", 0, &b, err, sizeof(err));
	tap_ok(a.diameter == 14 && a.net_links == 114688 && b.diameter == 10 &&
		       b.net_links == 65536 && b.deg_max == 8,
	       "16384 routers: RDT(2,4,1) diameter 10 over 65536 links, "
	       "hypercube 14 over 114688");
	/* by hand, rdt.rst: 5 routers at 1 hop, 10 at 2 */
	rcf_topo_stats("prdt:4:2:1", 0, &a, err, sizeof(err));
	tap_ok(a.diameter == 2 && dabs(a.avg - 25.0 / 15) < 1e-9,
	       "prdt:4:2:1: diameter 2, average 25/15");
	tap_ok(a.vector && a.vec_pairs == 240 && a.vec_minimal == 192 &&
		       a.vec_excess == 48 && a.vec_longest == 3,
	       "prdt:4:2:1: vector routing minimal on 12 of 15 offsets, 3 "
	       "one hop over");
	for (int i = 0; i < 3; i++) {
		static const char *const s[] = {"rdt:32:2:3:1", "prdt:32:2:3",
						"rdt:16:2:2:1"};

		rcf_topo_stats(s[i], 0, &a, err, sizeof(err));
		rcf_topo_stats(s[i], 1, &b, err, sizeof(err));
		same &= a.sources < b.sources && a.diameter == b.diameter &&
			dabs(a.avg - b.avg) < 1e-9 &&
			a.vec_minimal == b.vec_minimal &&
			a.vec_excess == b.vec_excess;
	}
	tap_ok(same, "searches from one router per translation class give "
		     "the all-pairs figures");
	tap_ok(rcf_topo_stats("sp1:16", 0, &a, err, sizeof(err)) &&
		       rcf_topo_stats("torus:2x8", 0, &a, err, sizeof(err)) &&
		       rcf_topo_stats("hypercube:21", 0, &a, err, sizeof(err)),
	       "topo stats refuses what it does not know or cannot hold");
}

int main(void)
{
	tap_plan(18);
	check_vectors();
	check_ranks();
	check_prdt_fabric();
	check_rdt_fabric();
	check_alpha();
	check_refusals();
	check_stats();
	return tap_done();
}
