/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data-path statistics in one userspace shape, whoever counted them.
 *
 * rcfctl fills a struct rcf_stats from RCF_CMD_STATS_GET replies
 * (nl_stats.c); rcfsim fills the same struct from its engine's and
 * adapter's counters.  Both print it with rcf_stats_print() and
 * rcf_stats_json() (stats_fmt.c), so that the kernel and the simulator
 * give byte-identical text and JSON for identical counters, and a test can
 * compare them with cmp.
 *
 * For rcfsim: start with rcf_stats_init(); set have_fabric and fill
 * .fabric (drops[] is indexed by enum rcf_drop_reason: map the engine's
 * and adapter's own reasons onto it; lat_hist[k] counts packets whose
 * latency lay in [2^k, 2^(k+1)) cycles); append one row per channel,
 * switch, node and pair with traffic with the rcf_stats_add_*() calls;
 * call rcf_stats_sort(); then print.  Fields the uapi marks "now" are
 * current values, the rest counters since the last reset.
 */
#ifndef RCF_STATS_H
#define RCF_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/rcf.h>

#include "out/json.h"

#define RCF_STATS_LAT_BUCKETS 64

struct rcf_stats_fabric {
	uint64_t cycle, engine_gen;
	uint64_t pkts_sent, pkts_delivered, pkts_dropped;
	uint64_t bytes_injected, bytes_delivered, bytes_dropped;
	uint64_t bytes_inflight; /* now */
	uint64_t byte_hops;
	uint64_t drops[__RCF_DROP_MAX]; /* by enum rcf_drop_reason */
	uint64_t lat_hist[RCF_STATS_LAT_BUCKETS];
	uint64_t lat_sum, lat_min, lat_max; /* packet latency, cycles */
	uint64_t msgs_sent, msgs_received, tx_bytes, rx_bytes;
	/* destination-routed heads a relation sent on, by class taken */
	uint64_t rel_adaptive, rel_escape;
	/* alloc islip: grants the outputs made, and those accepted */
	uint64_t islip_grants, islip_accepts;
};

struct rcf_stats_channel {
	uint32_t link;
	uint8_t dir; /* 0: end a to end b, 1: b to a */
	uint8_t vc;
	uint64_t bytes, packets, blocked;
	uint32_t credit, occupancy; /* now */
};

struct rcf_stats_switch {
	uint32_t id;
	uint32_t cq_size, cq_cur, cq_peak; /* bytes; cq_cur now */
};

struct rcf_stats_node {
	uint32_t id;
	uint64_t msgs_sent, msgs_received, tx_bytes, rx_bytes;
	uint64_t backlog;      /* now */
	uint64_t path_waiting; /* now: messages held for a path */
	uint64_t path_requests;
};

/*
 * C_ij: what src sent to dst (pkts_sent, msgs_sent, tx_bytes) and what
 * dst took in from src (pkts_delivered, msgs_received, rx_bytes).
 */
struct rcf_stats_pair {
	uint32_t src, dst;
	uint64_t pkts_sent, pkts_delivered;
	uint64_t msgs_sent, msgs_received, tx_bytes, rx_bytes;
};

struct rcf_stats {
	int have_fabric;
	struct rcf_stats_fabric fabric;
	struct rcf_stats_channel *chan;
	struct rcf_stats_switch *sw;
	struct rcf_stats_node *node;
	struct rcf_stats_pair *pair;
	size_t nchan, nsw, nnode, npair;
	size_t cap[4];
};

void rcf_stats_init(struct rcf_stats *s);
void rcf_stats_free(struct rcf_stats *s);
/* append a copy; 0, or -1 when out of memory */
int rcf_stats_add_channel(struct rcf_stats *s,
			  const struct rcf_stats_channel *c);
int rcf_stats_add_switch(struct rcf_stats *s, const struct rcf_stats_switch *w);
int rcf_stats_add_node(struct rcf_stats *s, const struct rcf_stats_node *n);
int rcf_stats_add_pair(struct rcf_stats *s, const struct rcf_stats_pair *p);
/* every table in key order, so output does not depend on dump order */
void rcf_stats_sort(struct rcf_stats *s);

/* "bad-byte" for RCF_DROP_BAD_BYTE...; NULL beyond RCF_DROP_MAX */
const char *rcf_drop_name(int reason);
/* the reason named by name, or -1 */
int rcf_drop_lookup(const char *name);

enum rcf_stats_unit {
	RCF_STATS_BYTES_UNIT,
	RCF_STATS_MSGS_UNIT,
	RCF_STATS_PKTS_UNIT
};

/* What to show: one kind, filtered by keys (rcfctl stats ARGS). */
struct rcf_stats_query {
	int kind;	 /* enum rcf_stats_kind */
	int reset;	 /* "stats reset" */
	int matrix;	 /* pairs as a src x dst table */
	int matrix_unit; /* enum rcf_stats_unit */
	int has_link, has_vc, has_switch, has_node, has_src, has_dst;
	uint32_t link, vc, sw, node, src, dst;
};

/*
 * Parses the words after "stats":
 *   [show] [fabric | channels | switches | nodes | pairs
 *           [matrix [bytes | msgs | pkts]]]
 *          [link L] [vc V] [switch S] [node N] [src S] [dst D]
 *   reset
 * A filter implies its kind when none was named (link -> channels,
 * switch -> switches, node -> nodes, src/dst -> pairs).  0, 1 for help,
 * or -1 with a reason in err.
 */
int rcf_stats_parse_args(int argc, char **argv, struct rcf_stats_query *q,
			 char *err, size_t errlen);

/* Drops the rows q's filters do not select. */
void rcf_stats_filter(struct rcf_stats *s, const struct rcf_stats_query *q);

/*
 * Text: the fabric as labelled lines, drops by name and the latency
 * histogram; the other kinds as aligned tables with a header row.
 */
void rcf_stats_print(FILE *f, const struct rcf_stats *s,
		     const struct rcf_stats_query *q);
/*
 * JSON: the fabric as one object, the other kinds as an array of objects
 * (the matrix as {"unit":..,"nodes":[..],"rows":[[..],..]}).
 */
void rcf_stats_json(struct rcf_json *j, const struct rcf_stats *s,
		    const struct rcf_stats_query *q);
/*
 * The same value as a member of a document the caller has open (key NULL
 * inside an array or at the top), without ending the document: for
 * reports that nest the counters in their own JSON (rcfsim).
 */
void rcf_stats_json_member(struct rcf_json *j, const char *key,
			   const struct rcf_stats *s,
			   const struct rcf_stats_query *q);

#endif
