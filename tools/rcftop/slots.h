/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the list of slots in use that each of rcftop_bpf's .bss
 * tables keeps (rcftop.h): the count first, then the entries below it,
 * each written by then or about to be.
 */
#ifndef RCFTOP_SLOTS_H
#define RCFTOP_SLOTS_H

#include <stdint.h>

/* how many entries the list of a table of slots slots has */
static inline uint32_t nlisted(const uint32_t *n, uint32_t slots)
{
	uint32_t v = __atomic_load_n(n, __ATOMIC_ACQUIRE);

	return v < slots ? v : slots;
}

/* entry j's slot, or -1 if it is not written yet */
static inline int64_t listed(const uint32_t *list, uint32_t j, uint32_t slots)
{
	uint32_t e = __atomic_load_n(&list[j], __ATOMIC_RELAXED);

	return e && e <= slots ? (int64_t)e - 1 : -1;
}

#endif
