/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every fuzz target's assertion, the engine's (fuzz.h) and the file
 * readers' (daemon/fuzz/fuzz_file.h): an invariant broke, so say where
 * and why and abort, which makes libFuzzer keep the input.
 */
#ifndef RCF_FZ_ASSERT_H
#define RCF_FZ_ASSERT_H

#include <stdio.h>
#include <stdlib.h>

#define FZ_ASSERT(cond, ...)                                               \
	do {                                                               \
		if (!(cond)) {                                             \
			fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, \
				#cond);                                    \
			fprintf(stderr, __VA_ARGS__);                      \
			fprintf(stderr, "\n");                             \
			abort();                                           \
		}                                                          \
	} while (0)

#endif
