/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the routing relation tests (included, not linked): one
 * switch's entry for a destination, and whether it holds the candidates
 * a test wants, in order.
 */
#ifndef RCF_TEST_RELATION_UTIL_H
#define RCF_TEST_RELATION_UTIL_H

#include <stdint.h>
#include <string.h>

#include "route/relation.h"

static inline const struct rcf_relation_ent *
ent(const struct rcf_relation *r, uint32_t n, uint32_t sw, uint32_t dst)
{
	return &r->ent[(size_t)sw * n + dst];
}

static inline int is(const struct rcf_relation_ent *e, int n,
		     const uint8_t *hop, const uint8_t *cls)
{
	return e->n == n && !memcmp(e->hop, hop, n) && !memcmp(e->cls, cls, n);
}

#endif
