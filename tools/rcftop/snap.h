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

struct top_snap {
	struct top_chan *chan;
	struct top_pair *pair;
	size_t nchan, npair;
	uint64_t drops[RCFTOP_DROP_SLOTS];
	uint64_t misc[RCFTOP_NMISC];
};

struct rcftop_bpf;

/* 0, or -1 with errno (out of memory, a map the kernel would not read) */
int snap_read(struct rcftop_bpf *skel, struct top_snap *s);
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
