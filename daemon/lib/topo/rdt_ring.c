// SPDX-License-Identifier: GPL-2.0
/*
 * Where the datelines of a PRDT's rings are: each ring numbered from its
 * lowest id along +X_r (or +Y_r), its dateline the hop from its last
 * place back to its first, as a torus's wrap link is in dimension order
 * (Dally and Seitz, "Deadlock-free message routing in multiprocessor
 * interconnection networks", 1987).
 */
#include <stdlib.h>

#include "topo/rdt_ring.h"

/* axis a's rings of rank r, into pos and len */
static void place(const struct rcf_rdt *d, uint32_t r, int a, uint32_t *pos,
		  uint32_t *len)
{
	unsigned int along = a ? RCF_RDT_YP : RCF_RDT_XP;
	uint32_t nr = d->side * d->side;

	for (uint32_t i = 0; i < nr; i++)
		pos[i] = UINT32_MAX;
	/* ids ascending: the first router of a ring not yet seen starts it */
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t k = 0;

		for (uint32_t j = i; pos[j] == UINT32_MAX;
		     j = rcf_rdt_step(d, j, r, along))
			pos[j] = k++;
		if (k)
			*len = k;
	}
}

int rcf_rdt_rings(const struct rcf_rdt *d, struct rcf_rdt_rings *o)
{
	uint32_t nr = d->side * d->side;

	for (uint32_t r = 0; r <= d->R; r++)
		for (int a = 0; a < 2; a++) {
			o->pos[r][a] = malloc(nr * sizeof(*o->pos[r][a]));
			if (!o->pos[r][a])
				return -1;
			place(d, r, a, o->pos[r][a], &o->len[r][a]);
		}
	return 0;
}

void rcf_rdt_rings_free(struct rcf_rdt_rings *o)
{
	for (uint32_t r = 0; r <= RCF_RDT_MAX_RANK; r++)
		for (int a = 0; a < 2; a++) {
			free(o->pos[r][a]);
			o->pos[r][a] = NULL;
		}
}
