/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Collective operations on a reconfigurable k-port machine, after
 * Desprez, Ferreira and Tourancheau, "Efficient Communication Operations
 * in Reconfigurable Parallel Computers" (1993): a plan is a list of
 * steps, each a configuration (circuits joining node-port pairs) and the
 * transfers made over it.  Data items are explicit so that what every
 * node holds after every step can be replayed (coll_check.c).
 * Documentation/collectives.rst.
 */
#ifndef RCF_COLL_H
#define RCF_COLL_H

#include <stddef.h>
#include <stdint.h>

enum rcf_coll_op {
	RCF_COLL_SCATTER,  /* §5.1: the root's block j goes to node j */
	RCF_COLL_BCAST,	   /* §5.2: the root's message to everyone */
	RCF_COLL_GOSSIP,   /* §5.3: every node's block to everyone */
	RCF_COLL_ALLTOALL, /* §5.4: node i's block for j goes to j */
	RCF_COLL_NR,
};

/* nodes and ports a plan may have; items held are N x items bits */
#define RCF_COLL_MAX_NODES 100000u
#define RCF_COLL_MAX_K	   64u
#define RCF_COLL_MAX_BITS  (1ull << 27)
/* item references in all transfers of a plan */
#define RCF_COLL_MAX_REFS (1ull << 24)

/* a circuit: port pa of node a joined to port pb of node b */
struct rcf_coll_circ {
	uint32_t a, pa, b, pb;
};

/* src sends items[first .. first + n) (bytes in all) over circuit circ */
struct rcf_coll_xfer {
	uint32_t src, dst, circ;
	uint64_t first, n, bytes;
};

enum rcf_coll_phase {
	RCF_COLL_PH_RCP,    /* a step of the RCP tree (scatter, naive bcast) */
	RCF_COLL_PH_SPLIT,  /* a bcast tree step that splits the message */
	RCF_COLL_PH_CLIQUE, /* all-to-all in cliques of k + 1 */
	RCF_COLL_PH_FIXUP,  /* delivers what partial cliques left (N not a
			     * power of k + 1) */
	RCF_COLL_PH_NR,
};

/*
 * RCF_COLL_ALG_STATIC: the classic algorithms of a fixed network, each
 * step a matching of node pairs (k = 1; N a power of two): binomial tree
 * for scatter and bcast, recursive doubling for gossip, pairwise
 * exchange (step s: i and i XOR s) for alltoall; rank r is node
 * root XOR r, so that on a hypercube every tree edge is a link
 * (coll_static.c).  A pair's "circuit" then names the message's two
 * ends, not a switch circuit.
 */
enum rcf_coll_alg {
	RCF_COLL_ALG_RCP,
	RCF_COLL_ALG_STATIC,
};

/*
 * level: the RCP step l (tree phases, node i joins (k+1)^l + ik + j) or
 * the digit / split undone (cliques); term: the index i of the paper's
 * sum this step is a term of (eqs. 3, 5, 6, 16, 17), 0 for fix-ups.
 */
struct rcf_coll_step {
	enum rcf_coll_phase phase;
	uint32_t level, term;
	uint64_t first_circ, ncirc, first_xfer, nxfer;
};

struct rcf_coll_plan {
	enum rcf_coll_op op;
	enum rcf_coll_alg alg;
	uint32_t nodes, k, root, split; /* split: h' (bcast only) */
	uint32_t h;			/* RCP steps: ceil(log_{k+1} N) */
	uint64_t size;			/* L: bytes of a block or message */
	uint64_t nitems;
	uint64_t *item_bytes; /* per item */
	struct rcf_coll_step *steps;
	struct rcf_coll_circ *circs;
	struct rcf_coll_xfer *xfers;
	uint32_t *items; /* the transfers' item lists */
	uint64_t nsteps, ncircs, nxfers, nrefs;
	uint64_t cap_steps, cap_circs, cap_xfers, cap_refs;
};

struct rcf_coll_args {
	enum rcf_coll_op op;
	uint32_t nodes, k, root, split;
	uint64_t size;
	enum rcf_coll_alg alg;
};

const char *rcf_coll_op_name(enum rcf_coll_op op);
/* 0 and *op, or -1 for a name that is no operation */
int rcf_coll_op_lookup(const char *name, enum rcf_coll_op *op);
const char *rcf_coll_phase_name(enum rcf_coll_phase ph);

/* (k+1)^e, saturated at UINT64_MAX */
uint64_t rcf_coll_pow(uint32_t k, uint32_t e);
/* steps of the RCP for n nodes: the least h with (k+1)^h >= n */
uint32_t rcf_coll_rcp_steps(uint32_t n, uint32_t k);
/* the RCP step at which rank r is reached (-1 for rank 0) */
int rcf_coll_rcp_reached(uint32_t r, uint32_t k);
/* the rank that reaches r (r >= 1) */
uint32_t rcf_coll_rcp_parent(uint32_t r, uint32_t k);

/*
 * Builds a's plan into p (freed with rcf_coll_plan_free, also after a
 * failure).  0, or -1 with why in err: arguments out of range or a plan
 * past the RCF_COLL_MAX_* limits.
 */
int rcf_coll_plan(const struct rcf_coll_args *a, struct rcf_coll_plan *p,
		  char *err, size_t len);
void rcf_coll_plan_free(struct rcf_coll_plan *p);

/* "block of 3 for 5", "piece 2 (bytes 10-14)" ... into buf */
void rcf_coll_item_name(const struct rcf_coll_plan *p, uint32_t item, char *buf,
			size_t len);
/* whether node must hold item once the operation is over */
int rcf_coll_item_target(const struct rcf_coll_plan *p, uint32_t item,
			 uint32_t node);
/* whether node holds item before the first step */
int rcf_coll_item_initial(const struct rcf_coll_plan *p, uint32_t item,
			  uint32_t node);

/*
 * Replays p: every circuit on ports below k, a port in one circuit,
 * every transfer over a circuit joining its ends, one transfer per
 * circuit and direction, items held by the sender at the start of the
 * step, bytes their sum; and at the end every node holding exactly what
 * the operation defines.  0, or -1 with the first fault (naming its
 * step) in err.
 */
int rcf_coll_check(const struct rcf_coll_plan *p, char *err, size_t len);

/*
 * The checker's replay a step at a time, for whoever runs a plan and
 * compares what its nodes received (rcfsim collective): new starts from
 * the operation's first state (NULL with why in err), step replays step
 * si (from 0; call them in order) with the checker's faults, holds says
 * whether node holds item after the steps replayed so far.
 */
struct rcf_coll_replay;
struct rcf_coll_replay *rcf_coll_replay_new(const struct rcf_coll_plan *p,
					    char *err, size_t len);
int rcf_coll_replay_step(struct rcf_coll_replay *r, uint64_t si, char *err,
			 size_t len);
int rcf_coll_replay_holds(const struct rcf_coll_replay *r, uint32_t node,
			  uint32_t item);
void rcf_coll_replay_free(struct rcf_coll_replay *r);

struct rcf_json;
/* coll_json.c: op, nodes, k, root, size, h and split as members of j */
void rcf_coll_json_params(struct rcf_json *j, const struct rcf_coll_plan *p);

#endif
