/* SPDX-License-Identifier: GPL-2.0 */
/* TAP 13 output for the native library tests. */
#ifndef RCF_TAP_H
#define RCF_TAP_H

#include <stdio.h>

static int tap_n, tap_failed;

static inline void tap_plan(int n)
{
	printf("TAP version 13\n1..%d\n", n);
}

static inline int tap_ok(int cond, const char *name)
{
	tap_n++;
	printf("%sok %d %s\n", cond ? "" : "not ", tap_n, name);
	if (!cond)
		tap_failed++;
	fflush(stdout);
	return cond;
}

static inline int tap_done(void)
{
	return tap_failed ? 1 : 0;
}

#endif
