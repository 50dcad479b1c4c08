/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim gd: García-Duato §4 on a circuit-realised Supernode topology.
 * The workloads and the algorithm loop (gd_work.c) work on the
 * library's mapping; the engine half (gd_net.c) runs the messages on the
 * core's engine, and the plain types of gd_net.h are all they share.
 */
#ifndef RCFSIM_GD_H
#define RCFSIM_GD_H

#include <stdio.h>

#include "reconf/gd.h"

/* One message of a workload, between nodes (processes already mapped). */
struct gd_msg {
	uint32_t src, dst;
};

struct gd_work {
	struct gd_msg *m;
	size_t n, cap;
	uint64_t internal;  /* messages between processes of one node */
	uint64_t rotations; /* Givens: rotations done */
	uint64_t tokens;    /* Givens: termination token passes */
};

void gd_work_free(struct gd_work *w);
/* §4.1 case 1: nodes 0 and 8 send per messages each to 15, in turn. */
int gd_work_case1(struct gd_work *w, uint32_t per);
/* §4.1 case 2: 0 -> 12 -> 3 -> 0, per messages each, in rounds. */
int gd_work_case2(struct gd_work *w, uint32_t per);
/*
 * §4.2: Givens triangularization of a rows x cols sparse matrix with
 * about two non-zeros per row (seeded), process j on node j mod nodes.
 * reorder: columns by ascending non-zero count first.
 */
int gd_work_givens(struct gd_work *w, uint32_t rows, uint32_t cols,
		   uint64_t seed, int reorder, uint32_t nodes);

struct gd_sim_change {
	uint64_t msg;	 /* index of the message that triggered it */
	uint32_t a, b;	 /* nodes */
	uint32_t pa, pb; /* their positions before */
	uint64_t cost_before, cost_after;
	uint32_t ties;
};

struct gd_sim_cfg {
	struct sn_topo topo;
	struct gd_opts opt;
	int dynamic;	      /* 0: static topology, no algorithm */
	uint64_t max_changes; /* 0: no limit */
	/* the engine half; NULL: metrics only */
	int (*send)(void *priv, uint32_t src, uint32_t dst);
	int (*epoch)(void *priv, const struct sn_topo *t,
		     const struct sn_map *before, uint32_t a, uint32_t b);
	void *priv;
};

struct gd_sim_result {
	uint64_t messages;  /* between distinct nodes */
	uint64_t crossings; /* §4 total traffic: intermediate crossings */
	uint64_t max_node;  /* §4 maximum node traffic */
	uint32_t max_node_id;
	uint64_t relay[SN_MAX_NODES]; /* crossings per node */
	uint64_t changes, evaluations;
	uint64_t after_last; /* crossings since the last change */
	int limit_hit;	     /* a change was refused by max_changes */
	struct gd_sim_change *log;
	size_t nlog;
	uint32_t pos[SN_MAX_NODES]; /* final mapping */
};

int gd_sim_run(const struct gd_sim_cfg *c, const struct gd_work *w,
	       struct gd_sim_result *r, char *err, size_t errlen);
void gd_sim_result_free(struct gd_sim_result *r);

/* gd.c: "rcfsim gd ..." */
int sim_gd_main(int argc, char **argv);

#endif
