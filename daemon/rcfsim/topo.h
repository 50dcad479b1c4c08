/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fabric as rcfsim's runs take it: topo.c reads the topology, its
 * routes and relations with the userspace library and keeps them as the
 * library holds them, which the library's loader (topo/topo_model.h)
 * puts into the kernel's model (kmod/core).  The run, gd and collective
 * all start from this one shape.
 */
#ifndef RCFSIM_TOPO_H
#define RCFSIM_TOPO_H

#include <stddef.h>
#include <stdint.h>

#include "route/route.h"
#include "topo/topo.h"

/* The engine's model settings a topology file may give. */
enum sim_model {
	SIM_M_CQ_OFF,
	SIM_M_ROUTE_DELAY,
	SIM_M_ALLOC,
	SIM_M_RAW,
	SIM_M_NR,
};

/* one destination's candidates at one switch (route/relation.h) */
struct sim_rel {
	uint32_t sw, dst;
	uint8_t n;
	uint8_t hop[8], cls[8];
	uint32_t in[8];		 /* input masks, 0: every port */
	uint8_t vin[8], keep[8]; /* input VCs (0: every VC), keep the VC */
};

struct sim_fabric {
	/* the fabric, tuned by the options, and its routes */
	struct rcf_topo t;
	struct rcf_routes s;
	/*
	 * The file's engine model settings (fabric set central-queue ...),
	 * by enum sim_model; bit m of model_set when it gave setting m.
	 */
	uint32_t model[SIM_M_NR];
	unsigned int model_set;
	uint32_t *node_ids; /* ascending: traffic index -> node id */
	uint32_t nnodes, nswitches;
	char routes_how[64]; /* "dor", "file", ... */
	/*
	 * What routes the packets is deadlock free: the route set's channel
	 * dependency graph is acyclic, or, with --relation (the routes then
	 * unused), always, as a relation that fails its check is refused.
	 */
	int deadlock_free;
	size_t unreachable; /* node pairs without a route */
	/* --relation: by switch, then destination; nrel 0: none */
	struct sim_rel *rel;
	size_t nrel;
	/* --fail: links taken out, routes moved to up-down */
	size_t failed, moved;
	uint32_t *failed_ids; /* the failed links' ids, in the file's order */
};

/* How to get the fabric and its routes. */
struct sim_topo_opts {
	const char *gen, *topo;
	const char *routes; /* algorithm name or route file; NULL: default */
	int paths, vcs;
	int no_routes; /* the fabric only (its circuits made as paths) */
	unsigned long long
		tie_seed;     /* dor's tie-seed, 0: the router's default */
	const char *relation; /* --relation: dor, duato; NULL: none */
	/* --fail: per mille of the links between switches, and the seed */
	int failing;
	uint32_t fail;
	unsigned long long fail_seed;
	/* applied to every link / switch when not 0 */
	uint32_t bandwidth, latency, buf_size, cq_size;
};

/* 0, or -1 with a reason in err. */
int sim_topo_load(const struct sim_topo_opts *o, struct sim_fabric *f,
		  char *err, size_t errlen);
void sim_fabric_free(struct sim_fabric *f);

/*
 * The library's fabric t and route set s moved into f (whose other fields
 * the caller sets), t and s left empty; 0, or -1 when out of memory
 * (sim_fabric_free frees what was made).
 */
int sim_fabric_take(struct rcf_topo *t, struct rcf_routes *s,
		    struct sim_fabric *f);

/* A node interaction graph file (SRC DST [FLOW]) as id triples. */
int sim_nig_load(const char *path, uint32_t **arcs, size_t *n, char *err,
		 size_t errlen);

struct rcf_stats;
/*
 * draw.c: an SVG of the fabric o names into path, its links coloured by
 * the channel rows of st; 0, or -1 with a reason in err.
 */
int sim_draw(const struct sim_topo_opts *o, const struct rcf_stats *st,
	     const char *path, char *err, size_t errlen);

#endif
