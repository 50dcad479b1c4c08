// SPDX-License-Identifier: GPL-2.0
/*
 * The paper accounting's tables: a row per workload, topology and mapping,
 * its figures the mean over the seeds run and their standard deviation.
 * The deviation says how much of a difference between two cells a reader
 * can trust: the random workloads, the random mapping and the router's
 * random initial routes and ties all change with the seed.
 */
#include <string.h>

#include "route/route_eval_table.h"

void rcf_eval_spread_add(struct rcf_eval_spread *s, double v)
{
	if (!s->n || v < s->min)
		s->min = v;
	if (!s->n || v > s->max)
		s->max = v;
	s->n++;
	s->sum += v;
	s->sumsq += v * v;
}

double rcf_eval_spread_mean(const struct rcf_eval_spread *s)
{
	return s->n ? s->sum / s->n : 0;
}

/* Newton's iteration, so that the library needs no libm */
static double root(double x)
{
	double r = x > 1 ? x : 1;

	if (x <= 0)
		return 0;
	for (int i = 0; i < 100; i++) {
		double next = (r + x / r) / 2;

		if (next >= r)
			break;
		r = next;
	}
	return r;
}

double rcf_eval_spread_std(const struct rcf_eval_spread *s)
{
	double m = rcf_eval_spread_mean(s);

	return s->n ? root(s->sumsq / s->n - m * m) : 0;
}

void rcf_eval_paper_add(struct rcf_eval_row *r,
			const struct rcf_eval_cell cell[RCF_EVAL_NR])
{
	for (int a = 0; a < RCF_EVAL_NR; a++) {
		if (!cell[a].done)
			continue;
		rcf_eval_spread_add(&r->flow[a], rcf_eval_sw_flow(&cell[a]));
		rcf_eval_spread_add(&r->cost[a], rcf_eval_sw_cost(&cell[a]));
		r->sw_steps[a] += cell[a].sw_steps;
		r->cell[a].steps += cell[a].steps;
		r->cell[a].done = 1;
	}
}

/* the width of rcf_eval_paper_cell()'s text, its bar included */
const int rcf_eval_paper_width = 29;

void rcf_eval_paper_head(FILE *f)
{
	fprintf(f, " | %5s %4s %8s %7s", "FLOW", "sd", "COST", "sd");
}

void rcf_eval_paper_cell(FILE *f, const struct rcf_eval_row *r, int a)
{
	if (!r->flow[a].n) {
		fprintf(f, " | %5s %4s %8s %7s", "-", "-", "-", "-");
		return;
	}
	fprintf(f, " | %5.2f %4.2f %8.1f %7.1f",
		rcf_eval_spread_mean(&r->flow[a]),
		rcf_eval_spread_std(&r->flow[a]),
		rcf_eval_spread_mean(&r->cost[a]),
		rcf_eval_spread_std(&r->cost[a]));
}

uint32_t rcf_eval_paper_seeds(const struct rcf_eval_row *r)
{
	uint32_t seeds = 0;

	for (int a = 0; a < RCF_EVAL_NR; a++)
		if (r->flow[a].n > seeds)
			seeds = r->flow[a].n;
	return seeds;
}

void rcf_eval_paper_legend(FILE *f)
{
	fprintf(f,
		"# paper accounting: FLOW and COST (Eq. 1, K = 0) over "
		"switch-to-switch link directions only\n"
		"# a run's figure: the mean over its steps that carry any "
		"switch-to-switch flow; a row: the mean over its seeds, sd "
		"their standard deviation\n"
		"# RANDOM-F, RANDOM-V: random derangements (every node sends "
		"to another and receives once)\n");
}

static void spread_json(struct rcf_json *j, const char *key,
			const struct rcf_eval_spread *s, int decimals)
{
	rcf_json_obj_open(j, key);
	rcf_json_fixed(j, "mean", rcf_eval_spread_mean(s), decimals);
	rcf_json_fixed(j, "std", rcf_eval_spread_std(s), decimals);
	rcf_json_fixed(j, "min", s->min, decimals);
	rcf_json_fixed(j, "max", s->max, decimals);
	rcf_json_obj_close(j);
}

void rcf_eval_paper_json(struct rcf_json *j, const struct rcf_eval_row *r,
			 int a)
{
	rcf_json_u64(j, "seeds", r->flow[a].n);
	rcf_json_u64(j, "steps", r->cell[a].steps);
	rcf_json_u64(j, "switch_steps", r->sw_steps[a]);
	spread_json(j, "flow", &r->flow[a], 4);
	spread_json(j, "cost", &r->cost[a], 3);
}
