/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim: the kernel's engine, node adapter and traffic generator
 * (kmod/core, compiled as userspace C) run on a fabric described the way
 * rcfctl describes one.  Documentation/rcfsim.1.
 */
#ifndef RCFSIM_H
#define RCFSIM_H

#include <stdint.h>
#include <stdio.h>

#include "topo.h"
#include "stats/stats.h"
#include "traffic/traffic.h"

struct sim_opts {
	struct sim_topo_opts topo;
	struct rcf_traffic_spec spec; /* node ids as indices, see below */
	const char *traffic;	      /* the --traffic argument */
	int policy;		      /* enum rcf_route_policy */
	uint64_t slice;		      /* cycles per run step */
	int exact;		      /* the engine's reference mode */
	struct rcf_engine_cfg cfg;    /* model settings (--route-delay ...) */
	int raw;		  /* --raw: SP1 packets, no adapter header */
	unsigned int model_given; /* bit enum sim_model: set by a flag */
	double pkt_rate;	  /* --packet-rate, 0: not given */
	int json, progress;
	int show_channels, show_switches, show_nodes, show_pairs;
	const char *draw;   /* --draw: the picture's file */
	const char *select; /* --select's word, for the report */
	/* node ids from the command line and files, mapped by sim_run */
	uint32_t *arc_ids; /* src, dst, weight triples */
	size_t narcs;
	struct rcf_traffic_msg *trace; /* src and dst as node ids */
	size_t ntrace;
	uint32_t hot_id;
	int hot_set;
	uint32_t step;	/* --step's */
	int step_given; /* --step */
	int step_alias; /* the step as --traffic PATTERN:I */
};

/* What one run produced, for printing. */
struct sim_result {
	struct rcf_traffic_results tr;
	struct rcf_stats st;
	double secs; /* wall clock, for --progress and the benchmark */
	/* --relation: heads sent on by class, in all and per switch */
	uint64_t rel_class[2];
	uint64_t *rel_sw; /* [2 * i + class], i: the i-th switch of f */
	/*
	 * --relation's size: the most distinct lists a switch holds, the
	 * switches past a byte's lists, bytes in the model and the engine
	 */
	uint32_t rel_lists, rel_wide;
	uint64_t rel_model, rel_engine;
};

/* opts.c: argv into o; 0, 1 after --help, -1 after a message */
int sim_parse(int argc, char **argv, struct sim_opts *o);
void sim_opts_free(struct sim_opts *o);
/*
 * The model settings of f's topology file, where no flag gave one: the
 * same file runs the same model in rcfsim and in rcf.ko.
 */
void sim_opts_take_model(struct sim_opts *o, const struct sim_fabric *f);
/* trace.c: "CYCLE SRC DST BYTES" lines */
int sim_trace_load(const char *path, struct rcf_traffic_msg **msgs, size_t *n,
		   char *err, size_t errlen);

/* run.c: builds the model and runs; 0, or -1 with a reason */
int sim_run(struct sim_opts *o, const struct sim_fabric *f,
	    struct sim_result *res, char *err, size_t errlen);

/* gd.c: "rcfsim gd ...", García-Duato §4; the exit status */
int sim_gd_main(int argc, char **argv);

/* run.c: what sim_run allocated in res */
void sim_result_free(struct sim_result *res);

/* print.c */
void sim_print(FILE *out, const struct sim_opts *o, const struct sim_fabric *f,
	       const struct sim_result *res);

#endif
