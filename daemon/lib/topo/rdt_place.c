// SPDX-License-Identifier: GPL-2.0
/*
 * Real places along a PRDT's rings.  Equations 1 and 2 of Funahashi and
 * Amano, "Adaptive routing on the Recursive Diagonal Torus" (1997), make
 * each rank's vectors the previous rank's turned by 45 degrees and
 * stretched n sqrt(2) times, so X_r and Y_r are a basis of the plane and
 * any step, of any rank, has coordinates along them: x_{r-1} = (X_r -
 * Y_r) / 2n and y_{r-1} = (X_r + Y_r) / 2n.  The place is the linear
 * function of those coordinates that topo/rdt_ring.c's phi is on one
 * torus (one per hop along the ring, skew per hop across), so on every
 * torus it is phi plus a constant: the same rings, each with its
 * dateline where the real place wraps.
 */
#include "topo/rdt_place.h"

/* the place of the vector (ux, uy) in units, before taking it round */
static int64_t lin(const struct rcf_rdt_place *pl, uint32_t r, int a,
		   int64_t ux, int64_t uy)
{
	const int64_t *x = pl->vec[r][0], *y = pl->vec[r][1];
	int64_t ca = ux * y[1] - uy * y[0]; /* Cramer: along X_r, in units */
	int64_t cb = x[0] * uy - x[1] * ux; /* along Y_r */

	return a ? cb + pl->rings->skew[r][1] * ca
		 : ca + pl->rings->skew[r][0] * cb;
}

void rcf_rdt_place_init(struct rcf_rdt_place *pl, const struct rcf_rdt *d,
			const struct rcf_rdt_rings *o)
{
	int64_t n = d->n, s = d->side;

	pl->d = d;
	pl->rings = o;
	pl->vec[0][0][0] = 1;
	pl->vec[0][0][1] = 0;
	pl->vec[0][1][0] = 0;
	pl->vec[0][1][1] = 1;
	for (uint32_t r = 0; r < d->R; r++)
		for (int c = 0; c < 2; c++) {
			int64_t x = pl->vec[r][0][c], y = pl->vec[r][1][c];

			pl->vec[r + 1][0][c] = n * x + n * y;
			pl->vec[r + 1][1][c] = -n * x + n * y;
		}
	for (uint32_t r = 0; r <= d->R; r++) {
		const int64_t *x = pl->vec[r][0], *y = pl->vec[r][1];

		pl->unit[r] = x[0] * y[1] - x[1] * y[0];
		for (int a = 0; a < 2; a++) {
			int64_t round = (int64_t)o->len[r][a] * pl->unit[r];

			pl->ok[r][a] = lin(pl, r, a, s, 0) % round == 0 &&
				       lin(pl, r, a, 0, s) % round == 0;
		}
	}
}

int64_t rcf_rdt_place_move(const struct rcf_rdt_place *pl, uint32_t r, int a,
			   uint32_t q, int b)
{
	return lin(pl, r, a, pl->vec[q][b][0], pl->vec[q][b][1]);
}

int64_t rcf_rdt_place_of(const struct rcf_rdt_place *pl, uint32_t r, int a,
			 uint32_t id)
{
	int64_t round = (int64_t)pl->rings->len[r][a] * pl->unit[r];
	int64_t m = lin(pl, r, a, id % pl->d->side, id / pl->d->side) % round;

	return m < 0 ? m + round : m;
}
