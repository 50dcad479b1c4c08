/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The evaluation's results laid out as the paper's tables (§4.2): one
 * table per logical-to-physical mapping (identity: Tables 1 and 2; random:
 * Table 3), a row per workload, topology and seed, FLOW and COST (and the
 * worst step i) per algorithm; under the paper accounting a row's figures
 * are means over seeds.  Text for people, JSON (-j) for scripts.
 */
#ifndef RCF_ROUTE_EVAL_TABLE_H
#define RCF_ROUTE_EVAL_TABLE_H

#include <stdio.h>

#include "route/route_eval.h"
#include "route/route_eval_paper.h"

struct rcf_eval_row {
	char topo[64];
	uint32_t nodes;
	enum rcf_eval_wl wl;
	uint64_t seed;
	int map;
	double secs; /* computing the row, every algorithm */
	struct rcf_eval_cell cell[RCF_EVAL_NR];
	/* the paper accounting: a row is every seed, seed the first */
	struct rcf_eval_spread flow[RCF_EVAL_NR], cost[RCF_EVAL_NR];
	uint64_t sw_steps[RCF_EVAL_NR]; /* counted steps, over the seeds */
};

struct rcf_eval_table {
	unsigned int algs;
	enum rcf_eval_acct acct;
	uint32_t k;
	int ntry, candidates;
	struct rcf_eval_row *r;
	size_t n, cap;
};

void rcf_eval_table_init(struct rcf_eval_table *t);
void rcf_eval_table_free(struct rcf_eval_table *t);
/* a new zeroed row; NULL when out of memory */
struct rcf_eval_row *rcf_eval_table_add(struct rcf_eval_table *t);
void rcf_eval_table_print(FILE *f, const struct rcf_eval_table *t);
void rcf_eval_table_json(FILE *f, int pretty, const struct rcf_eval_table *t);

#endif
