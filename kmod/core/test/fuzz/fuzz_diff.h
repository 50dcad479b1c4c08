/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The engine's two modes on one fuzz input (Documentation/engine.rst,
 * Reference and fast modes): a target runs each input in the reference
 * mode, then in the fast one, folding what each run saw into a record,
 * and the two records must agree: every delivery in order with its
 * cycle, the engine's and adapter's counters, every channel's and
 * central queue's, the run's result and the blocked channels.  A third
 * run, in the reference mode with each cycle's elements visited by
 * index (rcf_engine_set_order), must agree on all of it but the order
 * of the deliveries within a cycle (engine.rst, "Per-worm jumps").
 */
#ifndef RCF_FUZZ_DIFF_H
#define RCF_FUZZ_DIFF_H

#include <string.h>

#include "fuzz.h"

struct fz_diff {
	struct rcf_engine *e; /* the engine of the run, for delivery cycles */
	u64 dlv, ndlv;	      /* the deliveries, in order, folded */
	u64 dlv_set;	      /* the same, in any order */
	u64 chan;	      /* channels, central queues, blocked list */
	long long rc;
	struct rcf_engine_stats st;
	struct rcf_adapter_stats as;
};

static inline u64 fz_diff_mix(u64 h, u64 v)
{
	return (h ^ v) * 0x100000001b3ULL;
}

/* The runs an input gets (the first is the reference). */
enum fz_run { FZ_EXACT, FZ_FAST, FZ_BY_INDEX };

static inline void fz_diff_deliver(struct fz_diff *d, u32 dst, u32 src, u32 len,
				   u64 cookie, u64 latency)
{
	u64 one = fz_diff_mix(0xcbf29ce484222325ULL, rcf_engine_now(d->e));

	one = fz_diff_mix(one, (u64)dst << 32 | src);
	one = fz_diff_mix(one, len);
	one = fz_diff_mix(one, cookie);
	one = fz_diff_mix(one, latency);
	d->dlv = fz_diff_mix(d->dlv, one);
	d->dlv_set += one;
	d->ndlv++;
}

/* A run's engine, in the mode and visit order of run k (enum fz_run). */
static inline bool fz_diff_mode(struct rcf_engine *e, int k, size_t size)
{
	if (rcf_engine_set_exact(e, k != FZ_FAST))
		return false;
	return k != FZ_BY_INDEX ||
	       !rcf_engine_set_order(e, RCF_ENGINE_ORDER_UP + size % 2);
}

/* The run's end: its result and every counter of f's channels. */
static inline void fz_diff_end(struct fz_diff *d, const struct rcf_fabric *f,
			       const struct rcf_adapter *a, long long rc)
{
	struct rcf_engine_chan_id ids[64];
	const struct rcf_link *l;
	u32 k, i, j, cur, peak, n;

	d->rc = rc;
	rcf_engine_stats(d->e, &d->st);
	rcf_adapter_stats(a, &d->as);
	for (k = 0; k < f->links.cap; k++) {
		if (!(l = rcf_vec_get(&f->links, k)))
			continue;
		for (i = 0; i < 2; i++)
			for (j = 0; j < l->vcs; j++) {
				struct rcf_engine_chan_id id = {k, i, j};
				struct rcf_engine_chan_stats cs;

				if (rcf_engine_chan_stats(d->e, &id, &cs))
					continue;
				d->chan = fz_diff_mix(d->chan, cs.bytes);
				d->chan = fz_diff_mix(d->chan, cs.packets);
				d->chan = fz_diff_mix(d->chan, cs.blocked);
				d->chan = fz_diff_mix(d->chan, cs.credit);
				d->chan = fz_diff_mix(d->chan, cs.occ);
			}
	}
	for (k = 0; k < f->switches.cap; k++)
		if (!rcf_engine_cq_stats(d->e, k, &cur, &peak))
			d->chan = fz_diff_mix(d->chan, (u64)cur << 32 | peak);
	n = rcf_engine_blocked(d->e, ids, 64);
	d->chan = fz_diff_mix(d->chan, n);
	for (k = 0; k < n && k < 64; k++)
		d->chan = fz_diff_mix(d->chan, (u64)ids[k].link << 16 |
						       ids[k].dir << 8 |
						       ids[k].vc);
}

/*
 * x ran in the reference mode, y as run k: the fast mode, or by index,
 * where only the order of a cycle's deliveries may differ.
 */
static inline void fz_diff_check(const struct fz_diff *x,
				 const struct fz_diff *y, int k)
{
	FZ_ASSERT(x->rc == y->rc, "run result: exact %lld, run %d %lld", x->rc,
		  k, y->rc);
	FZ_ASSERT(x->st.now == y->st.now, "cycle: exact %llu, run %d %llu",
		  (unsigned long long)x->st.now, k,
		  (unsigned long long)y->st.now);
	FZ_ASSERT(x->ndlv == y->ndlv, "deliveries: exact %llu, run %d %llu",
		  (unsigned long long)x->ndlv, k, (unsigned long long)y->ndlv);
	FZ_ASSERT(x->dlv_set == y->dlv_set, "deliveries differ in cycle");
	FZ_ASSERT(k == FZ_BY_INDEX || x->dlv == y->dlv,
		  "deliveries differ in order");
	FZ_ASSERT(!memcmp(&x->st, &y->st, sizeof(x->st)),
		  "engine counters differ");
	FZ_ASSERT(!memcmp(&x->as, &y->as, sizeof(x->as)),
		  "adapter counters differ");
	FZ_ASSERT(x->chan == y->chan,
		  "channel, central queue or blocked counters differ");
}

#endif
