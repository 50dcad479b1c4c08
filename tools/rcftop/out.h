/* SPDX-License-Identifier: GPL-2.0 */
/* What rcftop prints: the screen, a JSON line, the measured NIG. */
#ifndef RCFTOP_OUT_H
#define RCFTOP_OUT_H

#include <stdio.h>

#include "events.h"
#include "snap.h"

/*
 * The screen: rates over the interval from prev to cur (ms long; prev
 * empty at the start), busiest first, rows of each table at most.
 */
void out_screen(FILE *f, const struct top_snap *prev,
		const struct top_snap *cur, const struct ev_log *l, unsigned ms,
		double since_s, unsigned rows);
/* One JSON line: the totals of cur and the fresh events of l. */
void out_json(FILE *f, const struct top_snap *cur, const struct ev_log *l,
	      double since_s);
/* The NIG of cur's pairs, as rcfctl route compute --measured makes it. */
int out_nig(FILE *f, const struct top_snap *cur, int msgs);

#endif
