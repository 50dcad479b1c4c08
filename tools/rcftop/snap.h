/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One reading of rcftop's maps: every channel and node pair seen since
 * attaching, in key order, with each pair's latency histograms, and the
 * drops by reason.  Readings differ by what happened between them.
 */
#ifndef RCFTOP_SNAP_H
#define RCFTOP_SNAP_H

#include <stddef.h>
#include <stdint.h>

#include "rcftop.h"

struct top_chan {
	struct rcftop_chan_key k;
	struct rcftop_chan_val v;
};

struct top_pair {
	struct rcftop_pair_key k;
	struct rcftop_pair_val v;
	uint64_t hist[2][RCFTOP_LAT_BUCKETS]; /* enum rcftop_lat_kind */
};

/* the interval peaks a switch's history keeps, oldest first */
#define TOP_HIST 16

/*
 * A switch seen by a central queue or an output event.  ipeak: the
 * queue's peak in the interval this reading ends; hist: the last nhist
 * of them, this one last (snap_history).
 */
struct top_sw {
	uint32_t id;
	struct rcftop_cq_val v;
	uint32_t ipeak;
	uint32_t nhist;
	uint32_t hist[TOP_HIST];
};

struct top_out {
	struct rcftop_out_key k;
	struct rcftop_out_val v;
};

struct top_snap {
	struct top_chan *chan;
	struct top_pair *pair;
	struct top_sw *sw;
	struct top_out *out;
	size_t nchan, npair, nsw, nout;
	uint64_t drops[RCFTOP_DROP_SLOTS];
	uint64_t misc[RCFTOP_NMISC];
};

struct rcftop_bpf;

/*
 * 0, or -1 with errno (out of memory, a map the kernel would not read).
 * Ends the interval of the switches' peaks: the next reading has those
 * of the time between.
 */
int snap_read(struct rcftop_bpf *skel, struct top_snap *s);
/* cur's switches' histories: prev's, then cur's interval peak */
void snap_history(struct top_snap *cur, const struct top_snap *prev);
/*
 * The interval peak of queue v read when interval g ended (the program
 * was already told g + 1): the pure rule snap_read applies.
 */
uint32_t cq_interval_peak(const struct rcftop_cq_val *v, uint64_t g);
const struct top_sw *snap_sw(const struct top_snap *s, uint32_t id);
void snap_free(struct top_snap *s);
/* the entry of k in s, or NULL */
const struct top_chan *snap_chan(const struct top_snap *s,
				 const struct rcftop_chan_key *k);
const struct top_pair *snap_pair(const struct top_snap *s,
				 const struct rcftop_pair_key *k);

/*
 * The bucket at which fraction q (0 < q <= 1) of h's counts is reached,
 * or -1 when h is empty.  Bucket k holds latencies 2^k to 2^(k+1) - 1.
 */
int hist_quantile(const uint64_t *h, double q);
uint64_t hist_total(const uint64_t *h);

#endif
