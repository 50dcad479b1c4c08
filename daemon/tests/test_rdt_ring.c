// SPDX-License-Identifier: GPL-2.0
/*
 * The datelines of a PRDT's rings (topo/rdt_ring.c): on every ring of
 * every rank a place per router, one step along the ring one place on;
 * a step along the other axis the same number of places (the skew) on
 * every parallel ring, 0 where the torus lies along the base's axes and
 * 1 or -1 on the n = 2 odd ranks, whose tori close with a shift so that
 * no placement of skew 0 exists.
 */
#include <stdio.h>

#include "tap.h"
#include "topo/rdt_ring.h"

/* whether d's places keep the steps as the skew says, at every router */
static int aligned(const struct rcf_rdt *d, const struct rcf_rdt_rings *o)
{
	uint32_t nr = d->side * d->side;

	for (uint32_t r = 0; r <= d->R; r++)
		for (int a = 0; a < 2; a++) {
			const uint32_t *pos = o->pos[r][a];
			uint32_t len = o->len[r][a];
			int64_t c = o->skew[r][a];

			if (c < -1 || c > 1)
				return 0;
			for (uint32_t p = 0; p < nr; p++) {
				uint32_t on = rcf_rdt_step(d, p, r, 2 * a);
				uint32_t by = rcf_rdt_step(d, p, r, 2 * !a);

				if (pos[p] >= len ||
				    pos[on] != (pos[p] + 1) % len ||
				    pos[by] != (uint32_t)((pos[p] + len + c) %
							  len))
					return 0;
			}
		}
	return 1;
}

/* the skew d's ranks must take: 0 unless an odd rank of n = 2 */
static int skews(const struct rcf_rdt *d, const struct rcf_rdt_rings *o)
{
	for (uint32_t r = 0; r <= d->R; r++)
		for (int a = 0; a < 2; a++)
			if ((o->skew[r][a] != 0) != (d->n == 2 && r % 2))
				return 0;
	return 1;
}

int main(void)
{
	static const char *const specs[] = {
		"prdt:4:2:1",  "prdt:8:2:1",  "prdt:9:3:1",   "prdt:16:2:1",
		"prdt:16:2:2", "prdt:27:3:2", "prdt:32:2:1",  "prdt:32:2:3",
		"prdt:64:2:3", "prdt:81:3:3", "prdt:128:2:4", "prdt:256:2:5",
	};
	int ok_al = 1, ok_sk = 1, ok_x = 1;

	tap_plan(3);
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct rcf_rdt_rings o = {0};
		struct rcf_rdt d;
		char err[200];
		int al;

		if (rcf_rdt_parse(specs[i], 1 << 20, &d, err, sizeof(err)) ||
		    rcf_rdt_rings(&d, &o)) {
			printf("# %s: no placement\n", specs[i]);
			ok_al = ok_sk = 0;
			rcf_rdt_rings_free(&o);
			continue;
		}
		al = aligned(&d, &o);
		ok_al &= al;
		ok_sk &= skews(&d, &o);
		if (!al)
			printf("# %s: places not aligned\n", specs[i]);
		/* the X_1 rings of 32 x 32 by hand: skew 1, place y / 2 */
		if (d.side == 32 && d.R == 1)
			for (uint32_t p = 0; p < 1024; p++)
				ok_x &= o.pos[1][0][p] == p / 32 / 2 &&
					o.skew[1][0] == 1 && o.len[1][0] == 16;
		rcf_rdt_rings_free(&o);
	}
	tap_ok(ok_al, "every ring: a step one place on, the other axis the "
		      "skew on");
	tap_ok(ok_sk, "skew 0 on tori along the axes, 1 or -1 where they "
		      "close with a shift");
	tap_ok(ok_x, "prdt:32:2:1: X_1 places are y / 2, skew 1");
	return tap_done();
}
