/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The García-Duato dynamic reconfiguration algorithm (§3 of García and
 * Duato, An Algorithm for Dynamic Reconfiguration of a Multicomputer
 * Network, 1991): per-node cost CF_i = sum_j C_ij d_ij
 * over nominal distances in a topology that every change preserves, two
 * thresholds, small or large alterations, round robin among equal best
 * changes.  Pure computation: rcfd feeds it the kernel's counters,
 * rcfsim its own, and both apply the chosen swap as one epoch.
 */
#ifndef RCF_GD_H
#define RCF_GD_H

#include <stdint.h>

#include "reconf/supernode.h"

/* Which messages of node i count toward C_ij (§3.2 says both). */
enum gd_count {
	GD_COUNT_BOTH,	   /* default: sent to j plus received from j */
	GD_COUNT_RECEIVED, /* received from j only */
	GD_COUNT_SENT,	   /* sent to j only */
};

struct gd_opts {
	uint64_t threshold1; /* minimum CF_i for a change (§3.3) */
	uint32_t threshold2; /* messages between evaluations (§3.3) */
	int large;	     /* 1: large alteration, 0: small (§3.1.4) */
	int round_robin;     /* 1 (default): rotate among equal best */
	/*
	 * Measured epoch cost (the paper's future work, §5): a change is
	 * taken only when it saves more than change_cost cost units.
	 * 0 (default): the paper's null reconfiguration cost.
	 */
	uint64_t change_cost;
	/*
	 * enum gd_count, for experiments on §3.2's definition; the caller
	 * honours it when it feeds gd_record.
	 */
	int count;
};

/* One proposed change: node a and node b swap positions. */
struct gd_change {
	uint32_t a, b;	      /* node ids, a the requesting node */
	uint64_t cost_before; /* CF_a before */
	uint64_t cost_after;  /* CF_a after */
	uint32_t ties;	      /* changes that shared the minimum */
};

struct gd_state {
	struct sn_topo topo; /* the topology every change preserves */
	struct sn_map map;   /* positions; owned */
	struct gd_opts opt;
	uint32_t n;
	uint64_t *c;  /* c[i * n + j]: C_ij as node i records it */
	uint32_t *rr; /* per node: round-robin cursor */
	/* evaluation scratch, n entries each: any machine size, not only
	 * the 16 positions of a circuit-realised one */
	uint32_t *cand, *tie;
	uint64_t evaluations, changes;
};

void gd_opts_default(struct gd_opts *o);
/* A state for t with the identity mapping; -1 on ENOMEM. */
int gd_init(struct gd_state *s, const struct sn_topo *t,
	    const struct gd_opts *o);
void gd_free(struct gd_state *s);
/* Node i sent n messages to j or received n from j (§3.2's C_ij). */
void gd_record(struct gd_state *s, uint32_t i, uint32_t j, uint64_t n);
/* CF_i under the current mapping. */
uint64_t gd_cost(const struct gd_state *s, uint32_t i);
/*
 * Evaluates node i now (the caller counts messages and calls this every
 * threshold2 of them): 1 and *ch filled when a change is chosen, else 0.
 * Does not apply it.
 */
int gd_evaluate(struct gd_state *s, uint32_t i, struct gd_change *ch);
/* update_node_mapping (§3.3): the swap takes effect; counts a change. */
void gd_apply(struct gd_state *s, const struct gd_change *ch);

#endif
