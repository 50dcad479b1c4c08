/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Topology generators: ring, mesh, torus, hypercube (of nodes or of
 * switches), SP1, RDT, fat-tree and Clos networks, and the k-port
 * reconfigurable machine.
 */
#ifndef RCF_TOPO_GEN_H
#define RCF_TOPO_GEN_H

#include "topo/topo.h"

/*
 * Builds the topology named by spec ("ring:8", "mesh:4x4", "torus:4x4",
 * "hypercube:4", "hcube:4", "sp1:16", "prdt:16:2:2", "rdt:64:2:3:1", "fattree:4:3",
 * "clos:8:4:8", "kport:16:3" ...) into t (initialised here).  Returns 0, or -1 with a
 * reason in err.
 */
int rcf_topo_generate(const char *spec, struct rcf_topo *t, char *err,
		      size_t errlen);

/* "XxY", each at most max; 0, or -1 when malformed */
int rcf_parse_dims(const char *s, uint64_t max, uint64_t *x, uint64_t *y);

int rcf_gen_ring(struct rcf_topo *t, uint32_t n);
int rcf_gen_mesh(struct rcf_topo *t, uint32_t x, uint32_t y, int wrap);
int rcf_gen_hypercube(struct rcf_topo *t, uint32_t dim);
/* hcube:D, topo_hcube.c: one switch of D + 1 ports per node, D <= 12 */
int rcf_gen_hcube(struct rcf_topo *t, uint32_t dim);
int rcf_gen_sp1(struct rcf_topo *t, uint32_t nodes);

struct rcf_rdt;
/* whether d's fabric is within the kernel's limits; -1 with why in err */
int rcf_rdt_fits(const struct rcf_rdt *d, char *err, size_t errlen);
int rcf_gen_rdt(struct rcf_topo *t, const struct rcf_rdt *d);

/* a K-ary N-tree: K^N nodes, N levels of K^(N-1) switches of 2K ports */
struct rcf_fattree {
	uint32_t k, n;
};

/*
 * A folded Clos: pods of leaves leaves, each with down nodes and up
 * uplinks, one to each of the pod's up spines; with three levels
 * (core_up > 0) every spine has core_up more ports to core switches of
 * pods ports.  Two levels: one pod, no core.
 */
struct rcf_clos {
	uint32_t down, up, leaves, core_up, pods;
};

/* spec is "fattree:..." or "clos:..."; refuses beyond the kernel's limits */
int rcf_fattree_parse(const char *spec, struct rcf_fattree *f, char *err,
		      size_t errlen);
int rcf_gen_fattree(struct rcf_topo *t, const struct rcf_fattree *f);
int rcf_clos_parse(const char *spec, struct rcf_clos *c, char *err,
		   size_t errlen);
int rcf_gen_clos(struct rcf_topo *t, const struct rcf_clos *c);

/*
 * The k-port machine: nodes nodes of k ports, every node port on a
 * crossbar that circuits join to any other (Documentation/collectives.rst,
 * *The k-port machine*).  per == 0: one crossbar, switch 0, node port q =
 * node * k + port on its port q.  Otherwise a three-stage Clos folded onto
 * edges edge switches of per node ports and mid uplinks each (mid ==
 * per): node port q on edge q / per, port q % per; edge e's port per + j
 * joins middle switch j (id edges + j) on its port e.
 */
struct rcf_kport {
	uint32_t nodes, k, per, edges, mid;
};

/* node ports one three-stage Clos of RCF_SWITCH_MAX_PORTS crossbars holds */
#define RCF_KPORT_MAX_PORTS (RCF_SWITCH_MAX_PORTS / 2 * RCF_SWITCH_MAX_PORTS)

/* spec is "kport:N:K"; refuses what no crossbar or Clos of them can hold */
int rcf_kport_parse(const char *spec, struct rcf_kport *m, char *err,
		    size_t errlen);
int rcf_gen_kport(struct rcf_topo *t, const struct rcf_kport *m);

/* SP1 layout facts, shared with the tests and documentation */
#define RCF_SP1_CHIP_PORTS  8
#define RCF_SP1_BOARD_CHIPS 8
#define RCF_SP1_BOARD_NODES 16

/*
 * sp1:nodes in boards: nb node boards (0 .. nb - 1), then m second-stage
 * boards per half (nb + h * m ..); halves is 2 for sp1:512 only.
 */
struct rcf_sp1_boards {
	uint32_t nb, m, halves;
};
/* 0, or -1 when nodes is not one of the SP1 sizes */
int rcf_sp1_boards(uint32_t nodes, struct rcf_sp1_boards *sb);

#endif
