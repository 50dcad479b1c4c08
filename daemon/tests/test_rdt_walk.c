// SPDX-License-Identifier: GPL-2.0
/*
 * Vector routing on RDT(n, R, m) with m < R (topo/rdt_walk.c): on a PRDT
 * the walk is Algorithm A's route; on the RDTs Documentation/rdt.rst
 * names every walk arrives, each hop on a rank its router has, the base
 * hops between ranks flagged, and a route worked by hand.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "topo/rdt_walk.h"

#define MAXH 64

static int parse(const char *spec, struct rcf_rdt *d)
{
	char err[200];

	return !rcf_rdt_parse(spec, 1u << 20, d, err, sizeof(err));
}

/* every pair of PRDT spec: the walk takes exactly Algorithm A's steps */
static int same_as_vector(const char *spec)
{
	struct rcf_rdt_hop h[MAXH];
	struct rcf_rdt d;
	uint32_t nr;

	if (!parse(spec, &d))
		return 0;
	nr = d.side * d.side;
	for (uint32_t src = 0; src < nr; src++)
		for (uint32_t dst = 0; dst < nr; dst++) {
			int32_t v[RCF_RDT_MAX_RANK + 1][2],
				w[RCF_RDT_MAX_RANK + 1][2] = {{0}};
			uint32_t hops = rcf_rdt_vector(&d, src, dst, v);
			int k = rcf_rdt_walk(&d, src, dst, h, MAXH);

			if (k != (int)hops)
				return 0;
			for (int i = 0; i < k; i++) {
				/* ranks from the top down, X before Y */
				if (h[i].detour ||
				    (i && (h[i].rank > h[i - 1].rank ||
					   (h[i].rank == h[i - 1].rank &&
					    h[i].dir / 2 < h[i - 1].dir / 2))))
					return 0;
				w[h[i].rank][h[i].dir / 2] +=
					h[i].dir & 1 ? -1 : 1;
			}
			if (memcmp(v, w, sizeof(w[0]) * (d.R + 1)))
				return 0;
		}
	return 1;
}

/*
 * From the 16 routers of one period of the assignment (it repeats every
 * 4 along both axes, so they stand for all) to every router: the walk
 * arrives, every hop leaves by a rank its router has, and every hop along
 * an upper rank is a step of Algorithm A from there.  The mean hops into
 * *mean.
 */
static int arrives(const char *spec, double *mean)
{
	struct rcf_rdt_hop h[MAXH];
	struct rcf_rdt d;
	uint64_t total = 0, n = 0;

	if (!parse(spec, &d) || d.m == d.R)
		return 0;
	for (uint32_t i = 0; i < 16; i++)
		for (uint32_t dst = 0; dst < d.side * d.side; dst++) {
			uint32_t at = i / 4 * d.side + i % 4;
			int k = rcf_rdt_walk(&d, at, dst, h, MAXH);

			if (k < 0)
				return 0;
			for (int j = 0; j < k; j++) {
				int32_t v[RCF_RDT_MAX_RANK + 1][2];

				rcf_rdt_vector(&d, at, dst, v);
				if (rcf_rdt_slot(&d, at, h[j].rank) < 0 ||
				    (h[j].detour && h[j].rank) ||
				    (!h[j].detour &&
				     v[h[j].rank][h[j].dir / 2] != h[j].left) ||
				    (h[j].rank && !h[j].left))
					return 0;
				at = rcf_rdt_step(&d, at, h[j].rank, h[j].dir);
			}
			if (at != dst)
				return 0;
			total += (uint64_t)k;
			n += k > 0;
		}
	*mean = (double)total / (double)n;
	return 1;
}

/*
 * rdt:16:2:2:1: rows of even y have rank 1, odd y rank 2.  From (0, 0)
 * to (0, 8), offset (0, 8) = x_2, a rank router 0 lacks.  No base step
 * of the vector is left, so a detour: (0, 1) and (0, 15) have rank 2 and
 * leave 2-hop vectors, x_2 - y_0 from (0, 1) (g = div_4(7) = 2, f = 2,
 * residue (0, -1); rank 1 then g = 1, f = 0, residue 0; rank 2 (1, 0))
 * and -x_2 + y_0 from (0, 15); +y (direction 2) is tried first.  So +y_0,
 * +x_2, -y_0.
 */
static int by_hand(void)
{
	struct rcf_rdt_hop h[MAXH];
	struct rcf_rdt d;

	return parse("rdt:16:2:2:1", &d) &&
	       rcf_rdt_walk(&d, 0, 8 * 16, h, MAXH) == 3 && h[0].detour &&
	       h[0].rank == 0 && h[0].dir == RCF_RDT_YP && !h[1].detour &&
	       h[1].rank == 2 && h[1].dir == RCF_RDT_XP && !h[2].detour &&
	       h[2].rank == 0 && h[2].dir == RCF_RDT_YM;
}

int main(void)
{
	static const char *const rdts[] = {
		"rdt:16:2:2:1",	 "rdt:32:2:2:1",  "rdt:32:2:3:1",
		"rdt:32:2:3:2",	 "rdt:64:2:3:1",  "rdt:64:2:3:2",
		"rdt:128:2:4:1", "rdt:128:2:3:1",
	};

	tap_plan(3 + 8);
	tap_ok(same_as_vector("prdt:16:2:2") && same_as_vector("prdt:9:3:1"),
	       "prdt:16:2:2, prdt:9:3:1: the walk is Algorithm A's route");
	tap_ok(by_hand(), "rdt:16:2:2:1: (0,0) -> (0,8) is +y0 +x2 -y0");
	for (int i = 0; i < 8; i++) {
		char name[160];
		double mean = 0;
		int ok = arrives(rdts[i], &mean);

		snprintf(name, sizeof(name),
			 "%s: every walk arrives, on ranks its routers have "
			 "(%.3f hops on average)",
			 rdts[i], mean);
		tap_ok(ok, name);
	}
	{
		struct rcf_rdt d;

		tap_ok(parse("rdt:32:2:3:1", &d) &&
			       rcf_rdt_walk(&d, 0, 6 * 32 + 6, NULL, 2) == -1,
		       "a walk longer than its bound: -1");
	}
	return tap_done();
}
