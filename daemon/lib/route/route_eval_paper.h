/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The evaluation's paper accounting (Documentation/routing-eval.rst):
 * FLOW and COST over switch-to-switch links, each run's figure the mean
 * over its steps, and a row the mean over seeds with its spread.
 */
#ifndef RCF_ROUTE_EVAL_PAPER_H
#define RCF_ROUTE_EVAL_PAPER_H

#include <stdio.h>

#include "out/json.h"
#include "route/route_eval.h"

/* one figure over the seeds of a row */
struct rcf_eval_spread {
	uint32_t n;
	double sum, sumsq, min, max;
};

void rcf_eval_spread_add(struct rcf_eval_spread *s, double v);
double rcf_eval_spread_mean(const struct rcf_eval_spread *s);
/* the population standard deviation (over the seeds run, not a sample) */
double rcf_eval_spread_std(const struct rcf_eval_spread *s);

struct rcf_eval_table;
struct rcf_eval_row;

/* adds one seed's run (cell[] of rcf_eval_workload) to row r */
void rcf_eval_paper_add(struct rcf_eval_row *r,
			const struct rcf_eval_cell cell[RCF_EVAL_NR]);
/* the table's pieces: its legend, column heads and one cell */
void rcf_eval_paper_legend(FILE *f);
extern const int rcf_eval_paper_width;
void rcf_eval_paper_head(FILE *f);
void rcf_eval_paper_cell(FILE *f, const struct rcf_eval_row *r, int a);
/* the seeds a row was run with */
uint32_t rcf_eval_paper_seeds(const struct rcf_eval_row *r);
/* the members of one row's algorithm a */
void rcf_eval_paper_json(struct rcf_json *j, const struct rcf_eval_row *r,
			 int a);

#endif
