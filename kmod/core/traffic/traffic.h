/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The traffic generator: synthetic and replayed workloads offered to a
 * node adapter, and the throughput and latency they got.  Plain core C:
 * no floating point, its own seeded PRNG, so one spec and one seed give
 * the same run in rcf.ko and in rcfsim.  Documentation/rcfsim.1 and
 * Documentation/performance.rst describe the units.
 *
 * Time is the generator's own cycle count from 0.  The engine stands
 * still while idle, so the generator lets idle gaps pass without it
 * (they hold no event) and keeps the difference.  The owner drives it:
 *
 *	rcf_traffic_new(&spec, adapter, &t);
 *	while (!rcf_traffic_done(t))
 *		rc = rcf_traffic_run(t, slice);	(injects, runs the engine)
 *	rcf_traffic_results(t, &r);
 *
 * and forwards the adapter's deliver callback to rcf_traffic_deliver().
 * rcf_traffic_run() injects every message due and runs the engine
 * exactly up to the next one, so messages start in their own cycle.
 */
#ifndef _RCF_CORE_TRAFFIC_H
#define _RCF_CORE_TRAFFIC_H

#include "adapter/adapter.h"

/*
 * Patterns and arrival processes are the ABI's (enum
 * rcf_traffic_pattern_kind and rcf_traffic_arrival_kind in
 * uapi/linux/rcf.h): one set of numbers from the wire to the generator.
 */
#define RCF_TRAFFIC_NR_PATTERNS (RCF_TRAFFIC_TRACE + 1)

struct rcf_traffic_arc {
	u32 src, dst, weight;
};

struct rcf_traffic_msg {
	u64 cycle;
	u32 src, dst, bytes;
};

struct rcf_traffic_size {
	u32 bytes, weight;
};

/*
 * Nodes are indices 0 .. nodes - 1; node_ids (when not NULL) maps an
 * index to the fabric's node id.  Arrays are copied by rcf_traffic_new.
 */
struct rcf_traffic_spec {
	u32 pattern;		/* enum rcf_traffic_pattern_kind */
	u32 nodes;
	const u32 *node_ids;
	u32 param;		/* step i, or the hot spot's index */
	u32 hot_permille;	/* RCF_TRAFFIC_HOTSPOT: share of messages to it */
	/*
	 * Offered load of each node in bytes per 1000 cycles (milli-bytes
	 * per cycle); at most one message per node and cycle.  RCF_TRAFFIC_NIG:
	 * the busiest source's, the others in proportion to their weight.
	 */
	u32 rate;
	u32 arrival;		/* enum rcf_traffic_arrival_kind */
	/* message size: sizes[] by weight, else uniform in [min, max] */
	u32 size_min, size_max;
	const struct rcf_traffic_size *sizes;
	u32 nsizes;
	const struct rcf_traffic_arc *arcs;
	u32 narcs;
	const struct rcf_traffic_msg *trace;	/* by cycle, ascending */
	u32 ntrace;
	u64 cycles;		/* generate in [0, cycles); 0: no limit */
	u64 messages;		/* generate this many in all; 0: no limit */
	u64 warmup;		/* cycles before measuring starts */
	u64 src_limit;		/* skip a message while its source's backlog
				 * is at least this (bytes); 0: never
				 */
	bool no_drain;		/* done at the end of generation */
	bool self;		/* RCF_TRAFFIC_UNIFORM: a node may pick itself */
	u64 seed;
	/* called for every message the adapter took (ids), may be NULL */
	void (*sent)(void *priv, u32 src, u32 dst, u32 len);
	void *priv;
};

/*
 * Latencies go into a bounded histogram: exact below
 * RCF_TRAFFIC_LAT_EXACT cycles, above it RCF_TRAFFIC_LAT_SUB buckets per
 * power of two, so p50 and p99 are exact below 256 cycles and at most
 * 1/128 high above (the bucket's top is reported).
 */
#define RCF_TRAFFIC_LAT_EXACT	256
#define RCF_TRAFFIC_LAT_SUB	128

struct rcf_traffic_results {
	u64 cycles;		/* generator time now */
	u64 window;		/* measured cycles: warmup to end of generation */
	u32 nodes;
	u64 msgs_offered, bytes_offered;	/* generated, all time */
	u64 msgs_sent;		/* taken by the adapter */
	u64 msgs_refused;	/* adapter said no (no route, too big) */
	u64 msgs_skipped;	/* src_limit reached, or the pool budget */
	u64 msgs_delivered, bytes_delivered;
	u64 msgs_corrupt;	/* payload differs from what was sent */
	/* within the window, per node and cycle, in milli-bytes */
	u64 win_bytes_offered, win_bytes_accepted;
	u64 offered_milli, accepted_milli;
	/* messages generated in the window and delivered, in cycles */
	u64 lat_count, lat_avg, lat_min, lat_p50, lat_p99, lat_max;
	bool done;		/* generation over and nothing in flight */
	bool complete;		/* done, none refused, every one delivered */
	int error;		/* the engine's error, e.g. -EDEADLK */
};

struct rcf_traffic;

/* 0, -EINVAL for a spec that cannot be run, -ENOMEM. */
int rcf_traffic_new(const struct rcf_traffic_spec *spec,
		    struct rcf_adapter *a, struct rcf_traffic **out);
void rcf_traffic_free(struct rcf_traffic *t);
/*
 * The run continues on adapter a, built for a new configuration of the
 * same nodes, whose engine's clock continues the old one's
 * (rcf_engine_set_now).  Only between messages: the old engine must hold
 * nothing (an epoch drained it), so no message of the run is lost.
 */
void rcf_traffic_rebind(struct rcf_traffic *t, struct rcf_adapter *a);

/*
 * Injects what is due and advances generator time (and the engine) by up
 * to max_cycles.  Returns the cycles advanced (0 once done) or the
 * engine's error (-EDEADLK), which also ends the run.
 */
long long rcf_traffic_run(struct rcf_traffic *t, u64 max_cycles);
bool rcf_traffic_done(const struct rcf_traffic *t);
/*
 * Ends generation now; rcf_traffic_run then drains what is in flight
 * (or, with no_drain, is done at once).
 */
void rcf_traffic_stop(struct rcf_traffic *t);
u64 rcf_traffic_now(const struct rcf_traffic *t);

/* What the adapter's deliver callback must pass on. */
void rcf_traffic_deliver(struct rcf_traffic *t, u32 dst, u32 src,
			 const u8 *msg, u32 len, u64 cookie, u64 latency);

void rcf_traffic_results(const struct rcf_traffic *t,
			 struct rcf_traffic_results *r);

/*
 * The destination index of a permutation pattern for source index j of
 * n, or -1 when j sends nothing (maps to itself, or outside 0 .. n - 1).
 */
long long rcf_traffic_perm(u32 pattern, u32 param, u32 n, u32 j);
/* 0 when the pattern can run on n nodes with param. */
int rcf_traffic_check(u32 pattern, u32 param, u32 n);

#endif /* _RCF_CORE_TRAFFIC_H */
