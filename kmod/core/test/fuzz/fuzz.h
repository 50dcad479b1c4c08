/* SPDX-License-Identifier: GPL-2.0 */
/* What the fuzz targets share: reading the input, failing loudly. */
#ifndef RCF_FUZZ_H
#define RCF_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

#include "adapter/adapter.h"
#include "fz_assert.h"

/* The fuzzer's bytes, read front to back; zeros once they run out. */
struct fz {
	const u8 *p;
	size_t n;
};

static inline u32 fz_u8(struct fz *z)
{
	if (!z->n)
		return 0;
	z->n--;
	return *z->p++;
}

static inline u32 fz_u16(struct fz *z)
{
	u32 hi = fz_u8(z);

	return hi << 8 | fz_u8(z);
}

/* Runs up to max cycles in steps, checking the engine after each. */
static inline long long fz_run(struct rcf_engine *e, u64 max, u32 step)
{
	u64 start = rcf_engine_now(e);
	const char *err;
	long long r;

	for (;;) {
		r = rcf_engine_run(e, step);
		err = rcf_engine_check(e);
		FZ_ASSERT(!err, "invariant broken at cycle %llu: %s",
			  (unsigned long long)rcf_engine_now(e), err);
		if (r <= 0 || rcf_engine_now(e) - start >= max)
			return r;
	}
}

#endif
