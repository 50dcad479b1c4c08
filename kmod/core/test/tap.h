/* SPDX-License-Identifier: GPL-2.0 */
/* A tiny TAP 13 harness: one program, a list of named cases. */
#ifndef RCF_CORE_TEST_TAP_H
#define RCF_CORE_TEST_TAP_H

#include <stdio.h>

extern int tap_failed;

#define CHECK(cond)                                                     \
	do {                                                            \
		if (!(cond)) {                                          \
			printf("# %s:%d: check failed: %s\n", __FILE__, \
			       __LINE__, #cond);                        \
			tap_failed = 1;                                 \
		}                                                       \
	} while (0)

#define CHECK_EQ(a, b)                                                       \
	do {                                                                 \
		long long _a = (long long)(a), _b = (long long)(b);          \
		if (_a != _b) {                                              \
			printf("# %s:%d: %s == %lld, expected %s == %lld\n", \
			       __FILE__, __LINE__, #a, _a, #b, _b);          \
			tap_failed = 1;                                      \
		}                                                            \
	} while (0)

struct tap_case {
	const char *name;
	void (*fn)(void);
};

int tap_run(const struct tap_case *cases, int n);

#endif
