/* SPDX-License-Identifier: GPL-2.0 */
/* A reading's node pairs, from their messages sent and buckets (pairs.c). */
#ifndef RCFTOP_PAIRS_H
#define RCFTOP_PAIRS_H

#include "rcftop.h"
#include "rcftop.skel.h"
#include "snap.h"

/* struct rcftop_pair_key order: by src, then dst */
int pair_cmp(const void *x, const void *y);

/*
 * s's pairs, in key order: the messages sent of the pairs map (fd
 * pairs_fd) and pair_tab, and the latency buckets of the lat map
 * (lat_fd) and lat_tab.  0, or -1 with errno.
 */
int read_pairs(int pairs_fd, int lat_fd, const struct rcftop_bpf__bss *bss,
	       struct top_snap *s);

#endif
