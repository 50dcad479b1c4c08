/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recursive Diagonal Torus (Funahashi and Amano, "Adaptive routing on the
 * Recursive Diagonal Torus", 1997): an S x S torus (S = n^k) with upper
 * rank tori whose unit vectors turn 45 degrees and grow n * sqrt(2) times
 * per rank.  Everything here is arithmetic on base coordinates, with no
 * fabric, so the structural figures and vector routing work at sizes the
 * kernel cannot hold.  Documentation/rdt.rst records the readings taken.
 */
#ifndef RCF_RDT_H
#define RCF_RDT_H

#include <stddef.h>
#include <stdint.h>

#define RCF_RDT_MAX_RANK 15

/* ports of a rank on a router: +X_r, -X_r, +Y_r, -Y_r */
enum { RCF_RDT_XP, RCF_RDT_XM, RCF_RDT_YP, RCF_RDT_YM, RCF_RDT_DIRS };

struct rcf_rdt {
	uint32_t side, n, R, m; /* PRDT(n, R) is m == R */
	uint32_t maxrank;	/* the highest rank the base can form */
	/* X_r and Y_r in base coordinates, reduced modulo side */
	uint32_t x[RCF_RDT_MAX_RANK + 1][2], y[RCF_RDT_MAX_RANK + 1][2];
};

/*
 * "prdt:S:n:R" or "rdt:S:n:R:m" into d; at most max_routers routers
 * (S * S).  0, or -1 with the reason in err.
 */
int rcf_rdt_parse(const char *spec, uint64_t max_routers, struct rcf_rdt *d,
		  char *err, size_t errlen);
/* whether spec names one of these generators (prdt: or rdt:) */
int rcf_rdt_spec(const char *spec);
/* d for side, n, R and m, checked; 0, or -1 with the reason in err */
int rcf_rdt_init(struct rcf_rdt *d, uint32_t side, uint32_t n, uint32_t R,
		 uint32_t m, char *err, size_t errlen);

/*
 * The ranks router id takes part in, ascending, rank 0 first: 1 + m of
 * them.  Their index is the router's slot for that rank (ports 4 * slot
 * to 4 * slot + 3).
 */
uint32_t rcf_rdt_ranks(const struct rcf_rdt *d, uint32_t id, uint32_t *ranks);
/* slot of rank r at router id, or -1 when it does not take part */
int rcf_rdt_slot(const struct rcf_rdt *d, uint32_t id, uint32_t r);
/* the router one step from id along direction dir of rank r */
uint32_t rcf_rdt_step(const struct rcf_rdt *d, uint32_t id, uint32_t r,
		      unsigned int dir);
/* the ports of a router: four per rank and one for its node */
static inline uint32_t rcf_rdt_ports(const struct rcf_rdt *d)
{
	return 4 * (d->m + 1) + 1;
}

/* routers in one rank-r torus, and how many hops its X ring has */
uint32_t rcf_rdt_torus_size(const struct rcf_rdt *d, uint32_t r);
uint32_t rcf_rdt_ring(const struct rcf_rdt *d, uint32_t r);

/*
 * Vector routing (the paper's Algorithm A) from router src to dst on a
 * PRDT: v[r][0] steps along X_r and v[r][1] along Y_r (signed), ranks 0
 * to R.  Returns the number of hops.
 */
uint32_t rcf_rdt_vector(const struct rcf_rdt *d, uint32_t src, uint32_t dst,
			int32_t v[RCF_RDT_MAX_RANK + 1][2]);

#endif
