/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim collective's command line (coll_main.c) and its output
 * (coll_print.c).  Documentation/rcfsim.1, COLLECTIVES.
 */
#ifndef RCFSIM_COLL_CLI_H
#define RCFSIM_COLL_CLI_H

#include "coll/coll.h"
#include "coll_exec.h"

/* the single transfers the fit is made of */
#define SIM_COLL_FIT_POINTS 32

struct sim_coll_report {
	struct rcf_coll_args a;
	struct sim_coll_cfg cfg;
	const struct rcf_coll_plan *p;
	const struct sim_coll_res *r;
	/* the fit: sizes 1 .. fit_max bytes, node 0 to node N - 1 */
	uint64_t fit_sizes[SIM_COLL_FIT_POINTS];
	double fit_cycles[SIM_COLL_FIT_POINTS];
	size_t nfit;
	double beta, tau;
	int json;
	/* --static: the network's generator spec (cfg.fabric points here) */
	char fabric[32];
};

/* the model's communication cycles of step si: beta + tau max bytes */
double sim_coll_model_step(const struct sim_coll_report *rep, uint64_t si);
/*
 * The same with a node's transfers one after another (its largest sum
 * of beta + tau bytes): the engine's node sends from one queue, so its
 * k ports do not send at once (kmod/core/engine/engine_node.c).
 */
double sim_coll_serial_step(const struct sim_coll_report *rep, uint64_t si);

void sim_coll_print(FILE *f, const struct sim_coll_report *rep);
void sim_coll_print_json(FILE *f, const struct sim_coll_report *rep);

/* "rcfsim collective ...": the exit status */
int sim_coll_main(int argc, char **argv);

#endif
