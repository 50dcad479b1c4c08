/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Failed links for fault studies: a seeded share of the links between
 * switches taken out of a fabric in memory, never one whose loss would
 * split the switches.
 */
#ifndef RCF_TOPO_FAIL_H
#define RCF_TOPO_FAIL_H

#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

/*
 * Removes permille / 1000 of t's links that join two switches (rounded
 * to the nearest link), chosen by a shuffle seeded by seed; a link whose
 * removal would disconnect the switches is skipped for the next one.
 * *failed (may be NULL) gets the count removed.  0, or -1 with a reason
 * (no switches, too few links to fail without a split, out of memory)
 * and t unchanged.
 */
int rcf_topo_fail_links(struct rcf_topo *t, uint32_t permille, uint64_t seed,
			size_t *failed, char *err, size_t errlen);

/*
 * The same choice without taking the links out: *ids (malloc'd, the
 * caller frees it; NULL when none) gets the ids of the *n links
 * rcf_topo_fail_links would remove, in the order t lists them.
 */
int rcf_topo_fail_choose(const struct rcf_topo *t, uint32_t permille,
			 uint64_t seed, uint32_t **ids, size_t *n, char *err,
			 size_t errlen);

/*
 * Takes the links with the n ids out of t (ids t does not have are
 * passed over); returns how many went, or SIZE_MAX with t unchanged
 * when out of memory.  A fabric whose links are down
 * is routed as the fabric without them.
 */
size_t rcf_topo_remove_links(struct rcf_topo *t, const uint32_t *ids, size_t n);

#endif
