// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective's output: per step what the engine measured beside
 * the cost model with the fitted beta and tau, then the totals and the
 * closed form.  The model's reconfiguration sets every circuit of a step,
 * as the paper counts it; the run's sets only those not kept.
 */
#include <stdio.h>

#include "coll/coll_cost.h"
#include "out/json.h"
#include "coll_cli.h"

struct sums {
	double model_comm, serial_comm, model_reconf, closed_comm;
};

static double model_reconf_step(const struct sim_coll_report *rep,
				const struct sim_coll_step_res *s)
{
	return s->circs ? (double)rep->cfg.beta_r +
				  (double)rep->cfg.tau_r * (double)s->circs
			: 0;
}

static void sums(const struct sim_coll_report *rep, struct sums *s)
{
	struct rcf_coll_machine m = {.beta = rep->beta, .tau = rep->tau};
	struct rcf_coll_terms t;
	const char *eq;

	s->model_comm = s->serial_comm = s->model_reconf = 0;
	for (uint64_t i = 0; i < rep->r->nsteps; i++) {
		s->model_comm += sim_coll_model_step(rep, i);
		s->serial_comm += sim_coll_serial_step(rep, i);
		s->model_reconf += model_reconf_step(rep, &rep->r->steps[i]);
	}
	rcf_coll_model(rep->a.op, rep->a.nodes, rep->a.k, rep->a.split,
		       (double)rep->a.size, &t, &eq);
	/*
	 * The paper's forms are the RCP's; with k = 1 they are also the
	 * binomial tree's and recursive doubling's, but not the pairwise
	 * exchange's, whose count is its closed form.
	 */
	s->closed_comm = rep->p->alg == RCF_COLL_ALG_STATIC &&
					 rep->p->op == RCF_COLL_ALLTOALL
				 ? s->model_comm
				 : rcf_coll_time_comm(&t, &m);
}

static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

/* the machine's generator spec, with the static algorithms' names */
static const char *machine(const struct sim_coll_report *rep, char *buf)
{
	if (rep->cfg.fabric)
		snprintf(buf, 48, "%s (static: %s)", rep->cfg.fabric,
			 rep->p->op == RCF_COLL_GOSSIP ? "recursive doubling"
			 : rep->p->op == RCF_COLL_ALLTOALL ? "pairwise exchange"
							   : "binomial tree");
	else
		snprintf(buf, 48, "kport:%u:%u", rep->p->nodes, rep->p->k);
	return buf;
}

void sim_coll_print(FILE *f, const struct sim_coll_report *rep)
{
	const struct rcf_coll_plan *p = rep->p;
	const struct sim_coll_res *r = rep->r;
	char m[48];
	struct sums s;

	sums(rep, &s);
	fprintf(f, "# %s on %s, ", rcf_coll_op_name(p->op), machine(rep, m));
	if (p->op == RCF_COLL_SCATTER || p->op == RCF_COLL_BCAST)
		fprintf(f, "root %u, ", p->root);
	fprintf(f, "%llu bytes", (unsigned long long)p->size);
	if (p->op == RCF_COLL_BCAST)
		fprintf(f, ", h' = %u", p->split);
	fprintf(f, ", h = %u: %llu steps\n", p->h,
		(unsigned long long)p->nsteps);
	fprintf(f,
		"# fit: beta %.1f cycles, tau %.4f cycles/byte, from %zu "
		"single transfers of %llu to %llu bytes, node 0 to %u\n",
		rep->beta, rep->tau, rep->nfit,
		(unsigned long long)rep->fit_sizes[0],
		(unsigned long long)rep->fit_sizes[rep->nfit - 1],
		p->nodes - 1);
	fprintf(f,
		"# reconfiguration (a model parameter): %llu cycles per step "
		"+ %llu per switch circuit set\n",
		(unsigned long long)rep->cfg.beta_r,
		(unsigned long long)rep->cfg.tau_r);
	fprintf(f,
		"%-4s %-10s %5s %8s %5s %5s %6s %9s %9s %9s %6s %9s "
		"%6s %8s\n",
		"step", "phase", "conns", "circuits", "kept", "set", "xfers",
		"max_bytes", "cycles", "model", "ratio", "serial", "ratio",
		"reconf");
	for (uint64_t i = 0; i < r->nsteps; i++) {
		const struct sim_coll_step_res *x = &r->steps[i];
		double m = sim_coll_model_step(rep, i);
		double sm = sim_coll_serial_step(rep, i);
		char ph[24];

		snprintf(ph, sizeof(ph), "%s:%u",
			 rcf_coll_phase_name(p->steps[i].phase),
			 p->steps[i].level);
		fprintf(f,
			"%-4llu %-10s %5llu %8llu %5llu %5llu %6llu %9llu "
			"%9llu "
			"%9.1f %6.3f %9.1f %6.3f %8llu\n",
			(unsigned long long)i + 1, ph,
			(unsigned long long)x->conns,
			(unsigned long long)x->circs,
			(unsigned long long)x->circs_kept,
			(unsigned long long)x->circs_set,
			(unsigned long long)x->xfers,
			(unsigned long long)x->max_bytes,
			(unsigned long long)x->cycles, m,
			ratio((double)x->cycles, m), sm,
			ratio((double)x->cycles, sm),
			(unsigned long long)x->reconf);
	}
	fprintf(f,
		"communication: %llu cycles, model %.1f (ratio %.3f), "
		"closed form %.1f, one port at a time %.1f (ratio %.3f)\n",
		(unsigned long long)r->cycles, s.model_comm,
		ratio((double)r->cycles, s.model_comm), s.closed_comm,
		s.serial_comm, ratio((double)r->cycles, s.serial_comm));
	fprintf(f,
		"reconfiguration: %llu cycles for %llu circuits set, %llu "
		"kept; model %.1f with all %llu set\n",
		(unsigned long long)r->reconf, (unsigned long long)r->circs_set,
		(unsigned long long)r->circs_kept, s.model_reconf,
		(unsigned long long)r->circs);
	fprintf(f, "total: %llu cycles, model %.1f (ratio %.3f)\n",
		(unsigned long long)(r->cycles + r->reconf),
		s.model_comm + s.model_reconf,
		ratio((double)(r->cycles + r->reconf),
		      s.model_comm + s.model_reconf));
	fprintf(f,
		"checked: %llu messages, %llu bytes byte for byte, %llu "
		"node-item pairs against the plan's replay and the "
		"operation\n",
		(unsigned long long)r->msgs, (unsigned long long)r->verified,
		(unsigned long long)r->items_checked);
}

void sim_coll_print_json(FILE *f, const struct sim_coll_report *rep)
{
	const struct rcf_coll_plan *p = rep->p;
	const struct sim_coll_res *r = rep->r;
	struct rcf_json j;
	struct sums s;

	sums(rep, &s);
	rcf_json_init(&j, f, 0);
	rcf_json_obj_open(&j, NULL);
	rcf_coll_json_params(&j, p);
	rcf_json_str(&j, "fabric", rep->cfg.fabric ? rep->cfg.fabric : "");
	rcf_json_obj_open(&j, "fit");
	rcf_json_fixed(&j, "beta", rep->beta, 3);
	rcf_json_fixed(&j, "tau", rep->tau, 5);
	rcf_json_arr_open(&j, "points");
	for (size_t i = 0; i < rep->nfit; i++) {
		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "bytes", rep->fit_sizes[i]);
		rcf_json_u64(&j, "cycles", (uint64_t)rep->fit_cycles[i]);
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_obj_close(&j);
	rcf_json_u64(&j, "beta_r", rep->cfg.beta_r);
	rcf_json_u64(&j, "tau_r", rep->cfg.tau_r);
	rcf_json_arr_open(&j, "steps");
	for (uint64_t i = 0; i < r->nsteps; i++) {
		const struct sim_coll_step_res *x = &r->steps[i];

		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "step", i + 1);
		rcf_json_str(&j, "phase",
			     rcf_coll_phase_name(p->steps[i].phase));
		rcf_json_u64(&j, "level", p->steps[i].level);
		rcf_json_u64(&j, "connections", x->conns);
		rcf_json_u64(&j, "circuits", x->circs);
		rcf_json_u64(&j, "circuits_kept", x->circs_kept);
		rcf_json_u64(&j, "circuits_set", x->circs_set);
		rcf_json_u64(&j, "paths_kept", x->paths_kept);
		rcf_json_u64(&j, "epochs", x->epochs);
		rcf_json_u64(&j, "transfers", x->xfers);
		rcf_json_u64(&j, "messages", x->msgs);
		rcf_json_u64(&j, "bytes", x->bytes);
		rcf_json_u64(&j, "max_bytes", x->max_bytes);
		rcf_json_u64(&j, "cycles", x->cycles);
		rcf_json_fixed(&j, "model_cycles", sim_coll_model_step(rep, i),
			       1);
		rcf_json_fixed(&j, "serial_cycles",
			       sim_coll_serial_step(rep, i), 1);
		rcf_json_u64(&j, "reconf_cycles", x->reconf);
		rcf_json_fixed(&j, "model_reconf_cycles",
			       model_reconf_step(rep, x), 1);
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_u64(&j, "cycles", r->cycles);
	rcf_json_fixed(&j, "model_cycles", s.model_comm, 1);
	rcf_json_fixed(&j, "ratio", ratio((double)r->cycles, s.model_comm), 4);
	rcf_json_fixed(&j, "closed_form_cycles", s.closed_comm, 1);
	rcf_json_fixed(&j, "serial_cycles", s.serial_comm, 1);
	rcf_json_fixed(&j, "serial_ratio",
		       ratio((double)r->cycles, s.serial_comm), 4);
	rcf_json_u64(&j, "reconf_cycles", r->reconf);
	rcf_json_fixed(&j, "model_reconf_cycles", s.model_reconf, 1);
	rcf_json_u64(&j, "circuits", r->circs);
	rcf_json_u64(&j, "circuits_set", r->circs_set);
	rcf_json_u64(&j, "circuits_kept", r->circs_kept);
	rcf_json_u64(&j, "total_cycles", r->cycles + r->reconf);
	rcf_json_fixed(&j, "model_total_cycles", s.model_comm + s.model_reconf,
		       1);
	rcf_json_u64(&j, "messages", r->msgs);
	rcf_json_u64(&j, "bytes_verified", r->verified);
	rcf_json_u64(&j, "items_checked", r->items_checked);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
}
