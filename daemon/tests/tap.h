/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TAP 13 for every native C test: the library's and the programs'
 * (daemon/tests), the core's (kmod/core/test) and rcftop's.  Two ways to
 * count: one test point per tap_ok(), or a list of named cases run by
 * tap_run(), a case failing when any CHECK() in it did (or it set
 * tap_case_failed).  The state is each program's own: a test is one
 * translation unit as far as TAP goes.
 */
#ifndef RCF_TAP_H
#define RCF_TAP_H

#include <stdio.h>

/* points given, points failed, and whether the running case failed */
static int tap_n, tap_failed, tap_case_failed;

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

/* the exit status: 1 when a point failed */
static inline int tap_done(void)
{
	return tap_failed ? 1 : 0;
}

#define CHECK(cond)                                                     \
	do {                                                            \
		if (!(cond)) {                                          \
			printf("# %s:%d: check failed: %s\n", __FILE__, \
			       __LINE__, #cond);                        \
			tap_case_failed = 1;                            \
		}                                                       \
	} while (0)

#define CHECK_EQ(a, b)                                                       \
	do {                                                                 \
		long long _a = (long long)(a), _b = (long long)(b);          \
		if (_a != _b) {                                              \
			printf("# %s:%d: %s == %lld, expected %s == %lld\n", \
			       __FILE__, __LINE__, #a, _a, #b, _b);          \
			tap_case_failed = 1;                                 \
		}                                                            \
	} while (0)

struct tap_case {
	const char *name;
	void (*fn)(void);
};

/* each case one point; the exit status, as tap_done() */
static inline int tap_run(const struct tap_case *cases, int n)
{
	int i;

	tap_plan(n);
	for (i = 0; i < n; i++) {
		tap_case_failed = 0;
		cases[i].fn();
		tap_ok(!tap_case_failed, cases[i].name);
	}
	return tap_done();
}

#endif
