/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the model tests. */
#ifndef RCF_TEST_UTIL_H
#define RCF_TEST_UTIL_H

#include "engine/engine.h"
#include "model/model.h"
#include "../../../daemon/tests/tap.h"

#include <stdlib.h>
#include <string.h>

/* Hooks that stand in for netdevs and count their calls. */
extern int hook_attached, hook_detached, hook_fail_at;

extern const struct rcf_hooks test_hooks;

struct rcf_fabric *fab_new(void);
/* A canonical text form of every object and count; caller frees. */
char *fab_dump(struct rcf_fabric *f);

/* Each wraps one operation in its own transaction; returns -errno. */
int op_node(struct rcf_fabric *f, int id, int ports);
int op_switch(struct rcf_fabric *f, int id, int ports);
int op_link(struct rcf_fabric *f, int id, int ka, int ia, int pa, int kb,
	    int ib, int pb);
int op_circuit(struct rcf_fabric *f, int sw, int in, int out);
/*
 * node0 - sw0 - ... - sw(h-1) - node1 with links 0 .. h, every switch
 * 4 ports, in on port 0 and out on port 1; h = 0 joins the nodes.
 */
struct rcf_fabric *fab_chain(int h);
/*
 * node0 - sw0 ==> sw3 - node1, every switch 4 ports: sw0 port 1 to sw3
 * direct (link 1), or port 2 the long way through sw1 and sw2 (links 2
 * to 4); two routes from node0 to node1 that part at sw0.
 */
struct rcf_fabric *fab_two_paths(void);
int op_route(struct rcf_fabric *f, int src, int dst, int index, const u8 *hops,
	     int n);
/* Runs fn inside a transaction, commits on success, aborts on failure. */
int op_txn(struct rcf_fabric *f, int (*fn)(struct rcf_fabric *, void *),
	   void *arg, struct rcf_err *e);

/* switch sw's relation set to the n entries, in a transaction of its own */
int op_rel(struct rcf_fabric *f, u32 sw, const struct rcf_rel_ent *ents, u32 n);
extern struct rcf_err last_err;

/* The random fabric tests' generator: seed it by setting rnd_state. */
extern u32 rnd_state;
u32 rnd(u32 n);
/*
 * A random walk from node src into the switches, at most max route bytes
 * (some lead nowhere: the tests want invalid routes too); max_tries bounds
 * the steps, skips of unlinked ports included, 0: no bound.
 */
int rnd_walk(struct rcf_fabric *f, u32 src, u8 *r, int max, int max_tries);
/* The same from port of src, which must be linked. */
int rnd_walk_from(struct rcf_fabric *f, u32 src, u32 port, u8 *r, int max,
		  int max_tries);

void link_params(struct rcf_fabric *f, u32 id, u32 bw, u32 lat, u32 buf);
/* Link id with vcs VCs, the event queues counted as link_params does. */
void link_vcs(struct rcf_fabric *f, u32 id, u32 vcs);
/*
 * Nodes 0-3 on ports 0-3 of switch 0 over links 0-3 (bandwidth 1,
 * latency 1, buffers of 16), the switch's central queue cq bytes.
 */
void fab_star(struct rcf_fabric *f, u32 cq);
/*
 * Runs to idle, checking every invariant each step cycles (1: every
 * cycle; more is cheaper on long runs); a broken one fails the case.
 * Inline, as the case's state is its program's (tap.h).
 */
static inline long long run_checked_by(struct rcf_engine *e, u64 max, u64 step)
{
	u64 start = rcf_engine_now(e);
	const char *err;
	long long r;

	while (rcf_engine_now(e) - start < max) {
		r = rcf_engine_run(e, step);
		err = rcf_engine_check(e);
		if (err) {
			printf("# invariant broken at cycle %llu: %s\n",
			       (unsigned long long)rcf_engine_now(e), err);
			tap_case_failed = 1;
			return -1;
		}
		if (r < 0)
			return r;
		if (r == 0)
			break;
	}
	return rcf_engine_now(e) - start;
}

static inline long long run_checked(struct rcf_engine *e, u64 max)
{
	return run_checked_by(e, max, 1);
}

/*
 * What an engine handed up, in order, the first 256 kept: the engine
 * tests' deliver hook (egot_ops), emptied and pointed at e by egot_reset.
 */
struct eng_got {
	u64 cookie[256], at[256], lat[256];
	u32 len[256];
	int n;
	struct rcf_engine *e;
};

extern struct eng_got egot;
extern const struct rcf_engine_ops egot_ops;
void egot_reset(struct rcf_engine *e);

/* expr must fail with -errno_ and leave the model byte for byte as it was. */
#define REFUSED(f, expr, errno_)                                         \
	do {                                                             \
		char *_before = fab_dump(f), *_after;                    \
		int _r = (expr);                                         \
		CHECK_EQ(_r, -(errno_));                                 \
		_after = fab_dump(f);                                    \
		if (strcmp(_before, _after)) {                           \
			printf("# %s:%d: model changed by refused %s\n", \
			       __FILE__, __LINE__, #expr);               \
			tap_case_failed = 1;                             \
		}                                                        \
		free(_before);                                           \
		free(_after);                                            \
	} while (0)

#endif
