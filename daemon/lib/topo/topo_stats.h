/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structural figures of a generator's network (rcfctl topo stats):
 * counts, degree, diameter and average distance in router hops, found by
 * breadth-first search over the generator's arithmetic rather than a
 * built fabric, so sizes beyond the kernel's limits can be measured.
 */
#ifndef RCF_TOPO_STATS_H
#define RCF_TOPO_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "topo/rdt.h"

/* routers (BFS vertices) the figures are computed for at most */
#define RCF_TSTATS_MAX_ROUTERS (1u << 20)

struct rcf_tstats {
	uint64_t nodes, switches, links; /* as the generator would build */
	uint64_t routers, net_links;	 /* routers and links between them */
	uint32_t ports;			 /* ports per router */
	uint32_t deg_min, deg_max;	 /* of those, towards other routers */
	uint32_t diameter;		 /* router hops; 0 when disconnected */
	double avg;	  /* over ordered pairs of distinct routers */
	uint64_t sources; /* breadth-first searches run */
	int connected;
	/* for PRDT: R + 1 ranks, each rank's torus as ring x rings */
	uint32_t ranks, torus_x[RCF_RDT_MAX_RANK + 1],
		torus_y[RCF_RDT_MAX_RANK + 1];
	/* vector routing (Algorithm A) on PRDT, against the BFS distance */
	int vector;
	uint64_t vec_pairs, vec_minimal, vec_excess;
	uint32_t vec_longest;
};

/*
 * Figures for generator spec (ring, mesh, torus, hypercube, hcube, prdt,
 * rdt, fattree, clos).
 * BFS runs from one router per class of the network's translations
 * (rdt.rst), or from every router with all.  0, or -1 with why in err.
 */
int rcf_topo_stats(const char *spec, int all, struct rcf_tstats *st, char *err,
		   size_t errlen);

#endif
