/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The monotonic clock, for timeouts and durations: never the wall clock,
 * which can step under an NTP adjustment or a user's date(1).
 */
#ifndef RCF_MONO_H
#define RCF_MONO_H

#include <stdint.h>
#include <time.h>

static inline uint64_t rcf_mono_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

static inline double rcf_mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
