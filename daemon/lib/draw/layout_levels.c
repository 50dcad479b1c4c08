// SPDX-License-Identifier: GPL-2.0
/*
 * Switched trees (fat trees, folded Clos networks, the k-port machine's
 * Clos) in rows: a switch's level is its distance in links from the
 * nearest node, so leaves sit on the row above the nodes, spines above
 * them and cores on top; the generator said the fabric is such a tree
 * (RCF_SHAPE_LEVELS), the levels come from its links.  Each row is
 * spread over the widest one, elements by id.
 */
#include <stdlib.h>

#include "draw/draw.h"
#include "util/errf.h"

#define NO_LEVEL UINT32_MAX

/* levels[i] of switch index i: one pass more than the deepest level */
static uint32_t switch_levels(const struct rcf_topo *t,
			      const struct rcf_layout *L, uint32_t *lev)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];
	size_t ns = t->v[RCF_K_SWITCH].n;
	uint32_t top = 0;
	int moved = 1;

	for (size_t i = 0; i < ns; i++)
		lev[i] = NO_LEVEL;
	while (moved) {
		moved = 0;
		for (size_t i = 0; i < lv->n; i++) {
			const struct rcf_end *e = lv->o[i].end;

			for (int s = 0; s < 2; s++) {
				const struct rcf_end *a = &e[s], *b = &e[!s];
				uint32_t from;
				int32_t j;

				if (a->kind != RCF_ELEM_SWITCH ||
				    a->id >= RCF_MAX_SWITCHES)
					continue;
				j = L->sw_at[a->id];
				if (b->kind == RCF_ELEM_NODE)
					from = 0;
				else if (b->id < RCF_MAX_SWITCHES &&
					 L->sw_at[b->id] >= 0)
					from = lev[L->sw_at[b->id]];
				else
					continue;
				if (j < 0 || from == NO_LEVEL ||
				    from + 1 >= lev[j])
					continue;
				lev[j] = from + 1;
				moved = 1;
				if (lev[j] > top)
					top = lev[j];
			}
		}
	}
	return top;
}

int rcf_layout_levels(const struct rcf_topo *t, struct rcf_layout *L, char *err,
		      size_t errlen)
{
	size_t nn = t->v[RCF_K_NODE].n, ns = t->v[RCF_K_SWITCH].n;
	uint32_t *lev = calloc(ns + 1, sizeof(*lev)), *count, *at, top;
	double wide;

	count = calloc(ns + 2, sizeof(*count));
	at = calloc(ns + 2, sizeof(*at));
	if (!lev || !count || !at) {
		free(lev);
		free(count);
		free(at);
		return rcf_errf(err, errlen, "out of memory");
	}
	top = switch_levels(t, L, lev);
	for (size_t i = 0; i < ns; i++) {
		if (lev[i] == NO_LEVEL) {
			free(lev);
			free(count);
			free(at);
			return rcf_errf(err, errlen,
					"switch %llu reaches no node: no "
					"level to draw it on",
					(unsigned long long)t->v[RCF_K_SWITCH]
						.o[i]
						.v[RCF_A_SWITCH_ID]);
		}
		count[lev[i]]++;
	}
	count[0] = (uint32_t)nn;
	wide = 1;
	for (uint32_t l = 0; l <= top; l++)
		if (count[l] > wide)
			wide = count[l];
	/* row l at y = top - l; a row's k-th element centred in its share */
	for (size_t i = 0; i < nn; i++)
		L->node[i] = (struct rcf_xy){
			((double)at[0]++ + 0.5) * wide / count[0] - 0.5,
			(double)top};
	for (size_t i = 0; i < ns; i++) {
		uint32_t l = lev[i];

		L->sw[i] = (struct rcf_xy){
			((double)at[l]++ + 0.5) * wide / count[l] - 0.5,
			(double)(top - l)};
	}
	free(lev);
	free(count);
	free(at);
	return 0;
}
