/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The paper's cost model (reconfiguration beta_r + n tau_r for n links
 * set, communication beta + L tau) as closed forms, per-step terms, and
 * the same four figures counted from a plan's own steps.  A cost is kept
 * as its coefficients so that a closed form and a count can be compared
 * term by term, whatever the machine's parameters.
 */
#ifndef RCF_COLL_COST_H
#define RCF_COLL_COST_H

#include "coll/coll.h"

/* T = br beta_r + tr tau_r + b beta + t tau (t in bytes) */
struct rcf_coll_terms {
	double br, tr, b, t;
};

/* microseconds; tau and tau_r per byte and per link */
struct rcf_coll_machine {
	double beta_r, tau_r, beta, tau;
};

double rcf_coll_time(const struct rcf_coll_terms *t,
		     const struct rcf_coll_machine *m);
/* reconfiguration and communication parts of rcf_coll_time */
double rcf_coll_time_reconf(const struct rcf_coll_terms *t,
			    const struct rcf_coll_machine *m);
double rcf_coll_time_comm(const struct rcf_coll_terms *t,
			  const struct rcf_coll_machine *m);

/*
 * The closed form as the paper prints it, h = log_{k+1}(N) taken as the
 * real number it is: eqs. 2 and 3 (scatter), 7 and 10 (bcast), 15 and
 * 16 (gossip), 15 and 17 (personalised all-to-all).  *eq names them.
 */
void rcf_coll_model(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		    double size, struct rcf_coll_terms *t, const char **eq);
/*
 * Table 1's and 2's row for the operation (bcast: only h' = 0 and h' = h
 * have one); 0, or -1 when the table has no row.
 */
int rcf_coll_table(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		   double size, struct rcf_coll_terms *t);
/* Table 1's lower bound on the communication time */
double rcf_coll_lower_bound(enum rcf_coll_op op, uint32_t n, uint32_t k,
			    double size, const struct rcf_coll_machine *m);

/* the term of the paper's sums step si of p stands for (0 for fix-ups) */
void rcf_coll_model_step(const struct rcf_coll_plan *p, uint64_t si,
			 struct rcf_coll_terms *t);
/* counted: one reconfiguration of ncirc links, beta + the largest move */
void rcf_coll_count_step(const struct rcf_coll_plan *p, uint64_t si,
			 struct rcf_coll_terms *t);
void rcf_coll_count(const struct rcf_coll_plan *p, struct rcf_coll_terms *t);

/*
 * Broadcast's h' minimising the paper's total (eq. 7 + eq. 10) over
 * 0..h, h an integer; and the closed forms eqs. 13 (no reconfiguration)
 * and 14 give for it, read with the O() as an equality and natural logs.
 */
uint32_t rcf_coll_bcast_best_split(uint32_t n, uint32_t k, double size,
				   const struct rcf_coll_machine *m);
double rcf_coll_eq13(uint32_t n, uint32_t k, double size,
		     const struct rcf_coll_machine *m);
double rcf_coll_eq14(uint32_t n, uint32_t k, double size,
		     const struct rcf_coll_machine *m);

#endif
