/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Node interaction graphs (§3 of the SP1 routing paper): which node sends
 * how much to which, the input of the experimental router.  The file
 * format (Documentation/routing.rst) is one "SRC DST [FLOW]" per line.
 * Also the paper's workloads of §4.1, for tests and evaluation.
 */
#ifndef RCF_NIG_H
#define RCF_NIG_H

#include <stdint.h>
#include <stdio.h>

struct rcf_nig_arc {
	uint32_t src, dst, flow;
	uint32_t line; /* in the file it was read from, 0 otherwise */
};

/* the largest flow of a pair in a file, on one line or added up */
#define RCF_NIG_MAX_FLOW (1u << 20)

struct rcf_nig {
	struct rcf_nig_arc *a;
	size_t n, cap;
};

void rcf_nig_init(struct rcf_nig *g);
void rcf_nig_free(struct rcf_nig *g);
/* appends an arc; -1 when out of memory */
int rcf_nig_add(struct rcf_nig *g, uint32_t src, uint32_t dst, uint32_t flow);
/*
 * Sorts by (src, dst), merging the arcs of a pair (flows add up, to at
 * most UINT32_MAX: a sum never wraps to a small flow).
 */
void rcf_nig_sort(struct rcf_nig *g);
/*
 * Node ids below RCF_MAX_NODES, flows 1 to RCF_NIG_MAX_FLOW a pair,
 * numbers in decimal or 0x hex; lines of any length.  0, or -1 with
 * "NAME:LINE: reason" in err and g empty.
 */
int rcf_nig_read(FILE *f, const char *name, struct rcf_nig *g, char *err,
		 size_t errlen);
void rcf_nig_write(FILE *f, const struct rcf_nig *g);

/*
 * The workloads of §4.1 on n nodes: "doloop:I" (j -> (I + j) mod n, I in
 * 1 .. n - 1), "exor:I" (j -> I xor j, I in 1 .. n - 1), "ncube:I" (j -> j
 * with bit I flipped, I in 0 .. log2(n) - 1), each one step of its loop,
 * "random-f:SEED" (each node a unit message to one random other node,
 * never itself: a message to oneself uses no link) and "random-v:SEED"
 * (the same, sizes 1 to 10).  "derange-f:SEED" and "derange-v:SEED" are
 * the random ones as permutations without fixed points (every node sends
 * and receives exactly once), the reading under which the paper's random
 * figures were taken (Documentation/routing-eval.rst).  EXOR and NCUBE
 * need n a power of 2.  0, or -1 with a reason.
 */
int rcf_nig_workload(const char *spec, uint32_t n, struct rcf_nig *g, char *err,
		     size_t errlen);

struct rcf_stats;

/* What a measured NIG weighs each pair's traffic by. */
enum rcf_nig_unit {
	RCF_NIG_BYTES, /* message bytes sent: C_ij of the kernel's PAIR stats */
	RCF_NIG_MSGS,  /* messages sent */
};

/*
 * The NIG of the kernel's measured traffic (rcfctl route compute
 * --measured): one arc per pair of s->pair with src != dst, both below
 * nnodes, that sent anything.  A flow is a u32 and the router squares
 * sums of flows, so the flows are scaled down in proportion until the
 * largest is at most RCF_NIG_MEASURED_MAX; a pair that sent anything keeps
 * a flow of at least 1.  0, or -1 when out of memory.
 */
#define RCF_NIG_MEASURED_MAX 65536
int rcf_nig_from_pairs(const struct rcf_stats *s, enum rcf_nig_unit unit,
		       uint32_t nnodes, struct rcf_nig *g);

/* the seeded generator every random choice uses (splitmix64) */
uint64_t rcf_rand(uint64_t *state);

/*
 * The third experiment of §4.2: logical node l runs on physical node
 * perm[l], perm a uniformly random permutation of 0 .. n - 1 drawn from
 * seed (Fisher-Yates).  rcf_nig_map() renames every arc's ends so, arcs
 * naming nodes >= n are left alone; -1 when out of memory.
 */
void rcf_nig_perm(uint32_t *perm, uint32_t n, uint64_t seed);
/* a uniformly random derangement of 0 .. n - 1 (n >= 2) drawn from seed */
void rcf_nig_derangement(uint32_t *perm, uint32_t n, uint64_t seed);
int rcf_nig_map(struct rcf_nig *g, uint32_t n, uint64_t seed);

#endif
