/* SPDX-License-Identifier: GPL-2.0 */
/* Arrays that grow as they fill, by doubling. */
#ifndef RCF_GROW_H
#define RCF_GROW_H

#include <stdint.h>
#include <stdlib.h>

/*
 * Room for one more after n items of size bytes in v, which has room
 * for *cap: v itself while there is room, else v doubled (first items
 * when it has none) with *cap raised, or NULL with v and *cap as they
 * were (out of memory).
 */
static inline void *rcf_grow(void *v, size_t n, size_t *cap, size_t size,
			     size_t first)
{
	size_t nc = *cap ? 2 * *cap : first;
	void *p;

	if (n < *cap)
		return v;
	if (nc < *cap || nc > SIZE_MAX / size)
		return NULL;
	p = realloc(v, nc * size);
	if (p)
		*cap = nc;
	return p;
}

#endif
