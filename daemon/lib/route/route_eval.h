/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The evaluation of §4 of the SP1 routing paper: a workload of §4.1 run
 * against the SP1 route table generator and the experimental router
 * (random or SP1 initial routes), giving FLOW (the most loaded link
 * direction) and COST (Eq. 1) per algorithm.  Workloads that are loops
 * (DOLOOP, EXOR, NCUBE) are one NIG per step.  Two accountings: over all
 * links, the worst step's figures; over switch-to-switch links only, the
 * mean over the steps (the paper's).  Documentation/routing-eval.rst has
 * the tables and why there are two.
 */
#ifndef RCF_ROUTE_EVAL_H
#define RCF_ROUTE_EVAL_H

#include <stdint.h>

#include "route/nig.h"
#include "route/router.h"

enum rcf_eval_wl {
	RCF_WL_RANDOM_F,
	RCF_WL_RANDOM_V,
	RCF_WL_DOLOOP,
	RCF_WL_EXOR,
	RCF_WL_NCUBE,
	RCF_WL_NR,
};

enum rcf_eval_alg {
	RCF_EVAL_SP1,	     /* the SP1 route table generator (Fig. 1) */
	RCF_EVAL_EXP_RANDOM, /* Fig. 2 from random routes (Table 1) */
	RCF_EVAL_EXP_SP1,    /* Fig. 2 from the SP1 routes (Table 2) */
	RCF_EVAL_NR,
};

enum rcf_eval_acct {
	/* every link direction, node links too; the worst step (default) */
	RCF_EVAL_ALL_LINKS,
	/*
	 * switch-to-switch link directions only, the mean over the steps
	 * that put any flow on one; the random workloads are derangements
	 */
	RCF_EVAL_PAPER,
};

struct rcf_eval_opts {
	unsigned int algs; /* bit (1 << enum rcf_eval_alg) per algorithm */
	uint32_t k;	   /* Eq. 1's K; the paper's tables use 0 */
	int ntry;	   /* 0: the router's default (2, as the paper) */
	int candidates;	   /* bound on R[s][d]; 0: the router's default */
	uint64_t seed;	   /* random workloads, mapping, router ties */
	int map;	   /* random logical-to-physical mapping (Table 3) */
	enum rcf_eval_acct acct;
	int relay; /* nodes forward (node-only fabrics); SP1 routes
			    * passed in must have been computed so too */
	/* called after every step; may be NULL */
	void (*progress)(enum rcf_eval_wl w, uint32_t done, uint32_t total,
			 void *arg);
	void *arg;
};

/* one algorithm's figure for one workload */
struct rcf_eval_cell {
	int done;
	uint32_t flow;	   /* the worst step's most loaded link direction */
	uint64_t cost;	   /* the worst step's Eq. 1 cost */
	uint32_t inner;	   /* the largest flow on a switch-to-switch link,
			    * over all steps */
	uint32_t step;	   /* the worst step's i (steps > 1 only) */
	uint32_t steps;	   /* NIGs evaluated */
	uint64_t sum_cost; /* over all steps, for means */
	/* the router only: its starting point at the worst step, and the
	 * steps at which it ended above its start or above SP1's cost */
	uint32_t flow0;
	uint64_t cost0;
	uint32_t rose, above_sp1;
	/* steps at which the router ended with a larger FLOW than it began
	 * with (§4.1 says the paper never saw that happen) */
	uint32_t flow_rose;
	uint64_t candidates; /* R[s][d] summed over arcs, largest step */
	/*
	 * The paper accounting, over switch-to-switch link directions:
	 * each step's largest flow and Eq. 1 summed over the sw_steps
	 * steps that carry any such flow.  A step whose every message stays
	 * within its first switch has nothing for routing to decide (FLOW 0
	 * whatever the routes) and is left out of the mean.
	 */
	uint32_t sw_steps;
	uint64_t sw_flow_sum, sw_cost_sum;
};

const char *rcf_eval_wl_name(enum rcf_eval_wl w);
int rcf_eval_wl_lookup(const char *name, enum rcf_eval_wl *w);
const char *rcf_eval_alg_name(enum rcf_eval_alg a);

/*
 * The loop steps of workload w on n nodes: DOLOOP and EXOR i = 1 .. n - 1,
 * NCUBE i = 0 .. log2(n) - 1, the random ones a single NIG; 0 when w does
 * not apply (EXOR and NCUBE need n a power of 2).  *first is the first i.
 */
uint32_t rcf_eval_steps(enum rcf_eval_wl w, uint32_t n, uint32_t *first);

/*
 * The NIG of step i of w (i ignored for the random ones, which are
 * derangements under the paper accounting); 0 or -1.
 */
int rcf_eval_nig(enum rcf_eval_wl w, uint32_t n, uint32_t i,
		 const struct rcf_eval_opts *o, struct rcf_nig *nig, char *err,
		 size_t errlen);

/* the paper accounting's figures of one run: means over sw_steps */
double rcf_eval_sw_flow(const struct rcf_eval_cell *c);
double rcf_eval_sw_cost(const struct rcf_eval_cell *c);

/*
 * Runs workload w on g (nodes 0 .. g->nnodes - 1) for every algorithm in
 * o->algs; sp1 is the SP1 route set of g, sorted.  cell[] is indexed by
 * enum rcf_eval_alg.  0, or -1 with a reason.
 */
int rcf_eval_workload(const struct rcf_graph *g, const struct rcf_routes *sp1,
		      enum rcf_eval_wl w, const struct rcf_eval_opts *o,
		      struct rcf_eval_cell cell[RCF_EVAL_NR], char *err,
		      size_t errlen);

#endif
