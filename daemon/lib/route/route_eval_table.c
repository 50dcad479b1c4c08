// SPDX-License-Identifier: GPL-2.0
/* The evaluation's tables: text laid out as the paper's, and JSON. */
#include <stdlib.h>
#include <string.h>

#include "out/json.h"
#include "route/route_eval_table.h"
#include "util/grow.h"

void rcf_eval_table_init(struct rcf_eval_table *t)
{
	memset(t, 0, sizeof(*t));
}

void rcf_eval_table_free(struct rcf_eval_table *t)
{
	free(t->r);
	rcf_eval_table_init(t);
}

struct rcf_eval_row *rcf_eval_table_add(struct rcf_eval_table *t)
{
	struct rcf_eval_row *r = rcf_grow(t->r, t->n, &t->cap, sizeof(*r), 16);

	if (!r)
		return NULL;
	t->r = r;
	memset(&t->r[t->n], 0, sizeof(t->r[0]));
	return &t->r[t->n++];
}

static const char *const alg_heads[] = {
	[RCF_EVAL_SP1] = "SP1",
	[RCF_EVAL_EXP_RANDOM] = "EXP, random init",
	[RCF_EVAL_EXP_SP1] = "EXP, SP1 init",
};

static void upper(char *dst, const char *src, size_t len)
{
	size_t i;

	for (i = 0; src[i] && i + 1 < len; i++)
		dst[i] = src[i] >= 'a' && src[i] <= 'z' ? src[i] - 32 : src[i];
	dst[i] = '\0';
}

static void print_map(FILE *f, const struct rcf_eval_table *t, int map)
{
	int any = 0, tw = 8, paper = t->acct == RCF_EVAL_PAPER;

	for (size_t i = 0; i < t->n; i++) {
		any |= t->r[i].map == map;
		if ((int)strlen(t->r[i].topo) > tw)
			tw = strlen(t->r[i].topo);
	}
	if (!any)
		return;
	fprintf(f, "\n%s logical-to-physical mapping (%s)\n\n",
		map ? "Random" : "Identity",
		map ? "Table 3" : "Tables 1 and 2");
	fprintf(f, "%-10s %-*s %5s %5s", "", tw, "", "", "");
	/* the paper's table pads no last head: no trailing blanks */
	for (int a = 0; a < RCF_EVAL_NR; a++)
		if (t->algs & (1u << a))
			fprintf(f, " | %-*s",
				!paper		     ? 28
				: t->algs >> (a + 1) ? rcf_eval_paper_width - 3
						     : 0,
				alg_heads[a]);
	fprintf(f, "\n%-10s %-*s %5s %5s", "workload", tw, "topology", "nodes",
		paper ? "seeds" : "seed");
	for (int a = 0; a < RCF_EVAL_NR; a++) {
		if (!(t->algs & (1u << a)))
			continue;
		if (paper)
			rcf_eval_paper_head(f);
		else
			fprintf(f, " | %5s %5s %10s %5s", "FLOW", "SW", "COST",
				"i");
	}
	fputc('\n', f);
	for (size_t i = 0; i < t->n; i++) {
		const struct rcf_eval_row *r = &t->r[i];
		char name[16];

		if (r->map != map)
			continue;
		upper(name, rcf_eval_wl_name(r->wl), sizeof(name));
		fprintf(f, "%-10s %-*s %5u %5llu", name, tw, r->topo, r->nodes,
			paper ? (unsigned long long)rcf_eval_paper_seeds(r)
			      : (unsigned long long)r->seed);
		for (int a = 0; a < RCF_EVAL_NR; a++) {
			const struct rcf_eval_cell *c = &r->cell[a];

			if (!(t->algs & (1u << a)))
				continue;
			if (paper) {
				rcf_eval_paper_cell(f, r, a);
				continue;
			}
			if (!c->done) {
				fprintf(f, " | %5s %5s %10s %5s", "-", "-", "-",
					"-");
				continue;
			}
			fprintf(f, " | %5u %5u %10llu", c->flow, c->inner,
				(unsigned long long)c->cost);
			if (c->steps > 1)
				fprintf(f, " %5u", c->step);
			else
				fprintf(f, " %5s", "-");
		}
		fputc('\n', f);
	}
}

void rcf_eval_table_print(FILE *f, const struct rcf_eval_table *t)
{
	uint64_t rose = 0, above = 0, steps = 0, flow_rose = 0;
	double secs = 0;

	if (t->acct == RCF_EVAL_PAPER)
		rcf_eval_paper_legend(f);
	else
		fprintf(f,
			"# FLOW: flow on the most loaded link direction; SW: "
			"the same "
			"over links between switches only; COST: Eq. 1, K = "
			"%u\n"
			"# DOLOOP, EXOR, NCUBE: the worst step (largest FLOW, "
			"then "
			"COST), i its loop index; SW the largest over all "
			"steps\n",
			t->k);
	fprintf(f,
		"# EXP: the experimental router, NTRY %d, R[s][d] up to %d "
		"shortest routes (plus the SP1 route)\n",
		t->ntry, t->candidates);
	print_map(f, t, 0);
	print_map(f, t, 1);
	for (size_t i = 0; i < t->n; i++) {
		for (int a = RCF_EVAL_EXP_RANDOM; a < RCF_EVAL_NR; a++) {
			rose += t->r[i].cell[a].rose;
			flow_rose += t->r[i].cell[a].flow_rose;
			above += a == RCF_EVAL_EXP_SP1
					 ? t->r[i].cell[a].above_sp1
					 : 0;
			steps += t->r[i].cell[a].steps;
		}
		secs += t->r[i].secs;
	}
	if (t->algs & ~1u && t->acct != RCF_EVAL_PAPER)
		fprintf(f,
			"\n# router runs: %llu; ended above its initial cost: "
			"%llu; from SP1 routes, ended above SP1's cost: %llu; "
			"ended with a larger FLOW than it started with: %llu\n",
			(unsigned long long)steps, (unsigned long long)rose,
			(unsigned long long)above,
			(unsigned long long)flow_rose);
	fprintf(f, "# computed in %.1f s\n", secs);
}

void rcf_eval_table_json(FILE *f, int pretty, const struct rcf_eval_table *t)
{
	struct rcf_json j;

	rcf_json_init(&j, f, pretty);
	rcf_json_obj_open(&j, NULL);
	rcf_json_str(&j, "accounting",
		     t->acct == RCF_EVAL_PAPER ? "paper" : "all-links");
	rcf_json_u64(&j, "k", t->k);
	rcf_json_u64(&j, "ntry", t->ntry);
	rcf_json_u64(&j, "candidates", t->candidates);
	rcf_json_arr_open(&j, "rows");
	for (size_t i = 0; i < t->n; i++) {
		const struct rcf_eval_row *r = &t->r[i];

		rcf_json_obj_open(&j, NULL);
		rcf_json_str(&j, "workload", rcf_eval_wl_name(r->wl));
		rcf_json_str(&j, "topology", r->topo);
		rcf_json_u64(&j, "nodes", r->nodes);
		rcf_json_u64(&j,
			     t->acct == RCF_EVAL_PAPER ? "first_seed" : "seed",
			     r->seed);
		rcf_json_str(&j, "mapping", r->map ? "random" : "identity");
		rcf_json_u64(&j, "compute_ms", (uint64_t)(r->secs * 1e3));
		for (int a = 0; a < RCF_EVAL_NR; a++) {
			const struct rcf_eval_cell *c = &r->cell[a];

			if (!c->done)
				continue;
			rcf_json_obj_open(&j, rcf_eval_alg_name(a));
			if (t->acct == RCF_EVAL_PAPER) {
				rcf_eval_paper_json(&j, r, a);
				rcf_json_obj_close(&j);
				continue;
			}
			rcf_json_u64(&j, "flow", c->flow);
			rcf_json_u64(&j, "switch_flow", c->inner);
			rcf_json_u64(&j, "cost", c->cost);
			rcf_json_u64(&j, "steps", c->steps);
			if (c->steps > 1)
				rcf_json_u64(&j, "step", c->step);
			rcf_json_u64(&j, "mean_cost_x1000",
				     c->sum_cost * 1000 / c->steps);
			if (a != RCF_EVAL_SP1) {
				rcf_json_u64(&j, "initial_flow", c->flow0);
				rcf_json_u64(&j, "initial_cost", c->cost0);
				rcf_json_u64(&j, "steps_above_initial",
					     c->rose);
				rcf_json_u64(&j, "steps_flow_above_initial",
					     c->flow_rose);
				rcf_json_u64(&j, "max_candidates",
					     c->candidates);
			}
			if (a == RCF_EVAL_EXP_SP1)
				rcf_json_u64(&j, "steps_above_sp1",
					     c->above_sp1);
			rcf_json_obj_close(&j);
		}
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
}
