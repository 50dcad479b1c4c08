/* SPDX-License-Identifier: GPL-2.0 */
/* The SWITCHES part of rcftop's screen and JSON line (out.c's). */
#ifndef RCFTOP_OUT_SW_H
#define RCFTOP_OUT_SW_H

#include <stdio.h>

#include "snap.h"
#include "out/json.h"

/*
 * Each switch's central queue (now, the interval's peak, the most since
 * attaching, the last intervals' peaks as a sparkline) and its most
 * contended output; the highest interval peaks first, rows at most.
 */
void screen_switches(FILE *f, const struct top_snap *prev,
		     const struct top_snap *cur, unsigned ms, unsigned rows);
/* "switches": every switch, its queue and its outputs */
void json_switches(struct rcf_json *j, const struct top_snap *cur);
/*
 * h[0..n) as n characters of " .:-=+*#@", each peak scaled to top (to
 * the largest of h when top is 0), and a NUL.
 */
void sparkline(const uint32_t *h, uint32_t n, uint32_t top, char *buf);

#endif
