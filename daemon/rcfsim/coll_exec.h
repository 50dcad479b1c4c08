/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim collective: a plan of lib/coll run on kport:N:K in the kernel's
 * engine, step by step (coll_exec.c), and the fit of the cost model's
 * beta and tau to single transfers (coll_fit.c).
 * Documentation/collectives.rst, *Running a plan*.
 */
#ifndef RCFSIM_COLL_EXEC_H
#define RCFSIM_COLL_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "coll/coll.h"

/* the most one adapter message holds; a longer transfer is several */
#define SIM_COLL_MSG_MAX 65535u

struct sim_coll_cfg {
	int exact; /* the engine's reference mode */
	/*
	 * The reconfiguration time, which the engine does not have (an
	 * epoch takes no cycles): beta_r cycles per step that sets any
	 * circuit, tau_r per switch circuit set.  Added to the totals.
	 */
	uint64_t beta_r, tau_r;
	/*
	 * A static network instead of kport:N:K (a generator spec such as
	 * hypercube:4): its routes carry every transfer, nothing is
	 * configured between steps.  NULL: the reconfigurable machine.
	 */
	const char *fabric;
	/* tests: flip a byte of the message sent n-th (from 1); 0: none */
	uint64_t corrupt;
};

struct sim_coll_step_res {
	uint64_t conns;		     /* the plan's connections */
	uint64_t circs;		     /* switch circuits they take */
	uint64_t circs_kept;	     /* left in place from the step before */
	uint64_t circs_set;	     /* circs - circs_kept */
	uint64_t paths_kept, epochs; /* paths left in place; epochs taken */
	uint64_t xfers, msgs, bytes; /* transfers, messages, payload bytes */
	uint64_t max_bytes;	     /* the step's largest transfer */
	uint64_t cycles; /* communication: first send to last byte */
	uint64_t reconf; /* beta_r + circs_set tau_r */
};

struct sim_coll_res {
	struct sim_coll_step_res *steps;
	uint64_t nsteps;
	uint64_t cycles, reconf; /* sums */
	uint64_t circs, circs_set, circs_kept;
	uint64_t msgs, bytes, verified; /* verified: bytes checked */
	uint64_t items_checked;		/* node x item pairs compared */
};

/* the byte at offset off of item it: what the payloads are made of */
static inline uint8_t sim_coll_byte(uint32_t it, uint64_t off)
{
	uint64_t x = (uint64_t)it * 0x9e3779b97f4a7c15ull ^
		     (off + 1) * 0xbf58476d1ce4e5b9ull;

	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	return (uint8_t)(x >> 56);
}

/*
 * Runs p on kport:N:K (N and K the plan's) in the kernel's engine: per
 * step, the step's switch circuits (rcf_kport_route) as paths, one
 * paths-only epoch change keeping those the step before had, then every
 * transfer as messages of its items' bytes, and the engine run until the
 * last byte arrives.  Every message is checked byte for byte, what every
 * node holds after every step against the checker's replay, and at the
 * end against the operation.  0 with r filled (freed with
 * sim_coll_res_free, also after a failure), or -1 with the first fault,
 * naming its step, in err.
 */
int sim_coll_exec(const struct rcf_coll_plan *p, const struct sim_coll_cfg *c,
		  struct sim_coll_res *r, char *err, size_t len);
void sim_coll_res_free(struct sim_coll_res *r);

/*
 * One transfer of each size in sizes[0..n) from node 0 to node N - 1 of
 * kport:N:K over one connection (port 0 to port 0), or of c->fabric by
 * its route, cycles into cyc.
 * 0, or -1 with why in err.
 */
int sim_coll_probe(uint32_t nodes, uint32_t k, const struct sim_coll_cfg *c,
		   const uint64_t *sizes, size_t n, double *cyc, char *err,
		   size_t len);

/* coll_fit.c: least squares y = beta + tau x; -1 when x has no spread */
int sim_coll_fit(const double *x, const double *y, size_t n, double *beta,
		 double *tau);

#endif
