// SPDX-License-Identifier: GPL-2.0
/*
 * RDT arithmetic: the rank vectors of equations 1 and 2, which ranks a
 * router takes part in (the torus assignment), its neighbours, and the
 * vector routing of Algorithm A.  Documentation/rdt.rst gives the readings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/rdt.h"
#include "util/errf.h"
#include "util/num.h"

static uint32_t mod(int64_t v, uint32_t s)
{
	int64_t r = v % (int64_t)s;

	return (uint32_t)(r < 0 ? r + s : r);
}

int rcf_rdt_init(struct rcf_rdt *d, uint32_t side, uint32_t n, uint32_t R,
		 uint32_t m, char *err, size_t errlen)
{
	uint64_t p = n;

	memset(d, 0, sizeof(*d));
	if (n < 2)
		return rcf_errf(err, errlen,
				"the cardinal number n must be "
				"at least 2");
	while (p < side)
		p *= n;
	if (side < 3 || p != side)
		return rcf_errf(err, errlen,
				"the base side %u is not a power of n = %u "
				"(at least 3)",
				side, n);
	d->side = side;
	d->n = n;
	d->x[0][0] = 1;
	d->y[0][1] = 1;
	/* x_{r+1} = n x_r + n y_r, y_{r+1} = -n x_r + n y_r (eqs. 1, 2) */
	for (uint32_t r = 0; r < RCF_RDT_MAX_RANK; r++) {
		for (int c = 0; c < 2; c++) {
			int64_t x = d->x[r][c], y = d->y[r][c];

			d->x[r + 1][c] = mod((int64_t)n * (x + y), side);
			d->y[r + 1][c] = mod((int64_t)n * (y - x), side);
		}
		if (!d->x[r + 1][0] && !d->x[r + 1][1])
			break;
		d->maxrank = r + 1;
	}
	if (R < 1 || R > d->maxrank)
		return rcf_errf(err, errlen,
				"R = %u: the %ux%u base with n = %u has upper "
				"ranks 1 to %u",
				R, side, side, n, d->maxrank);
	if (m < 1 || m > R)
		return rcf_errf(err, errlen, "m = %u: want 1 <= m <= R = %u", m,
				R);
	if (m < R && n != 2)
		return rcf_errf(err, errlen,
				"rdt with m < R: the torus assignment is "
				"defined for n = 2 only");
	if (m < R && R > m + 7)
		return rcf_errf(err, errlen,
				"rdt with R = %u, m = %u: the 8 rank-1 tori "
				"cannot carry every rank (want R <= m + 7)",
				R, m);
	d->R = R;
	d->m = m;
	return 0;
}

int rcf_rdt_spec(const char *spec)
{
	return !strncmp(spec, "prdt:", 5) || !strncmp(spec, "rdt:", 4);
}

int rcf_rdt_parse(const char *spec, uint64_t max_routers, struct rcf_rdt *d,
		  char *err, size_t errlen)
{
	int perfect = !strncmp(spec, "prdt:", 5);
	const char *use = perfect ? "prdt:S:n:R" : "rdt:S:n:R:m";
	uint32_t v[4] = {0}, want = perfect ? 3 : 4, got = 0;
	char buf[64], why[200], *s, *w;

	if (!rcf_rdt_spec(spec) || strlen(spec) >= sizeof(buf))
		return rcf_errf(err, errlen, "%s: want %s", spec, use);
	strcpy(buf, strchr(spec, ':') + 1);
	for (s = buf; (w = strsep(&s, ":"));) {
		if (got == want || rcf_num_u32(w, 1, 1u << 16, &v[got]))
			return rcf_errf(err, errlen,
					"%s: want %s, positive numbers", spec,
					use);
		got++;
	}
	if (got != want)
		return rcf_errf(err, errlen, "%s: want %s", spec, use);
	if ((uint64_t)v[0] * v[0] > max_routers)
		return rcf_errf(err, errlen, "%s: %llu routers, at most %llu",
				spec, (unsigned long long)v[0] * v[0],
				(unsigned long long)max_routers);
	if (rcf_rdt_init(d, v[0], v[1], v[2], perfect ? v[2] : v[3], why,
			 sizeof(why)))
		return rcf_errf(err, errlen, "%s: %s", spec, why);
	return 0;
}

/*
 * The torus assignment for m < R.  A router's upper tori all lie in its
 * rank-1 torus, one of the 8 cosets of the lattice that x_1 and y_1 span
 * (n = 2), so the assignment is a function of the coset: t8 below.  For
 * R = 4, m = 1 every router has among its 4 base neighbours one of each
 * of the 3 ranks it lacks (RDT(2,4,1)/alpha, rdt.rst).
 */
static uint32_t coset(const struct rcf_rdt *d, uint32_t id)
{
	uint32_t x = id % d->side, y = id / d->side;

	return (2 * (x / 2) + y) % 4 + 4 * (x % 2);
}

uint32_t rcf_rdt_ranks(const struct rcf_rdt *d, uint32_t id, uint32_t *ranks)
{
	uint8_t on[RCF_RDT_MAX_RANK + 1] = {1};
	uint32_t k = 0;

	for (uint32_t j = 0; j < d->m; j++)
		on[d->m == d->R ? 1 + j : 1 + (coset(d, id) + j) % d->R] = 1;
	for (uint32_t r = 0; r <= d->R; r++)
		if (on[r])
			ranks[k++] = r;
	return k;
}

int rcf_rdt_slot(const struct rcf_rdt *d, uint32_t id, uint32_t r)
{
	uint32_t ranks[RCF_RDT_MAX_RANK + 1], k = rcf_rdt_ranks(d, id, ranks);

	for (uint32_t i = 0; i < k; i++)
		if (ranks[i] == r)
			return (int)i;
	return -1;
}

uint32_t rcf_rdt_step(const struct rcf_rdt *d, uint32_t id, uint32_t r,
		      unsigned int dir)
{
	const uint32_t *v = dir < RCF_RDT_YP ? d->x[r] : d->y[r];
	int64_t sign = dir == RCF_RDT_XP || dir == RCF_RDT_YP ? 1 : -1;
	uint32_t s = d->side;

	return mod(id / s + sign * v[1], s) * s + mod(id % s + sign * v[0], s);
}

uint32_t rcf_rdt_torus_size(const struct rcf_rdt *d, uint32_t r)
{
	uint64_t cells = (uint64_t)d->side * d->side;
	uint32_t *queue = malloc(cells * sizeof(*queue)), head = 0, tail = 0;
	uint8_t *seen = calloc(cells, 1);

	if (!queue || !seen) {
		free(queue);
		free(seen);
		return 0;
	}
	queue[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		uint32_t v = queue[head++];

		for (unsigned int dir = 0; dir < RCF_RDT_DIRS; dir++) {
			uint32_t w = rcf_rdt_step(d, v, r, dir);

			if (!seen[w]) {
				seen[w] = 1;
				queue[tail++] = w;
			}
		}
	}
	free(queue);
	free(seen);
	return tail;
}

uint32_t rcf_rdt_ring(const struct rcf_rdt *d, uint32_t r)
{
	uint32_t k = 1;

	for (uint32_t v = rcf_rdt_step(d, 0, r, RCF_RDT_XP); v;
	     v = rcf_rdt_step(d, v, r, RCF_RDT_XP))
		k++;
	return k;
}

/*
 * div_(2n): to the nearest integer, the remainder taken in [0, 2n) (floor
 * division) and the quotient incremented when it is greater than n.
 */
static int64_t div_near(int64_t v, int64_t q)
{
	int64_t f = v >= 0 ? v / q : -((-v + q - 1) / q);

	return v - f * q > q / 2 ? f + 1 : f;
}

static int64_t iabs(int64_t v)
{
	return v < 0 ? -v : v;
}

/*
 * The top rank's residue (g, f) taken the short way round its torus: the
 * fewest hops i x_R + j y_R that reach the same router.  Algorithm A stops
 * at (g, f); on a base whose top torus is large that can go the long way.
 */
static void top_short(const struct rcf_rdt *d, int64_t *g, int64_t *f)
{
	uint32_t s = d->side, R = d->R;
	int64_t best = iabs(*g) + iabs(*f);
	uint32_t tx = mod(*g * d->x[R][0] + *f * d->y[R][0], s),
		 ty = mod(*g * d->x[R][1] + *f * d->y[R][1], s);

	for (int64_t c = 0; c < best; c++)
		for (int64_t i = -c; i <= c; i++)
			for (int sg = -1; sg <= 1; sg += 2) {
				int64_t j = sg * (c - iabs(i));

				if (mod(i * d->x[R][0] + j * d->y[R][0], s) ==
					    tx &&
				    mod(i * d->x[R][1] + j * d->y[R][1], s) ==
					    ty) {
					*g = i;
					*f = j;
					return;
				}
			}
}

/* the base offset from a to b along one axis, the short way round */
static int64_t short_way(uint32_t a, uint32_t b, uint32_t s)
{
	int64_t v = mod((int64_t)b - a, s);

	return v > s / 2 ? v - s : v;
}

uint32_t rcf_rdt_vector(const struct rcf_rdt *d, uint32_t src, uint32_t dst,
			int32_t v[RCF_RDT_MAX_RANK + 1][2])
{
	uint32_t s = d->side, hops = 0;
	int64_t a = short_way(src % s, dst % s, s),
		b = short_way(src / s, dst / s, s), n = d->n, g = a, f = b;

	/* Algorithm A, ranks 0 .. R - 1; the residue goes to rank R */
	for (uint32_t r = 0; r < d->R; r++) {
		g = div_near(a + b, 2 * n);
		f = div_near(-(a - b), 2 * n);
		v[r][0] = (int32_t)(a - (n * g - n * f));
		v[r][1] = (int32_t)(b - (n * g + n * f));
		a = g;
		b = f;
	}
	top_short(d, &g, &f);
	v[d->R][0] = (int32_t)g;
	v[d->R][1] = (int32_t)f;
	for (uint32_t r = 0; r <= d->R; r++)
		hops += (uint32_t)(iabs(v[r][0]) + iabs(v[r][1]));
	return hops;
}
