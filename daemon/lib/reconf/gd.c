// SPDX-License-Identifier: GPL-2.0
/*
 * The García-Duato algorithm (§3 of García and Duato, An Algorithm for
 * Dynamic Reconfiguration of a Multicomputer Network, 1991) as pure
 * computation over node i's own counters.
 *
 * Interpretation choices, where §3 leaves room:
 *  - C_ij (§3.2) counts messages, not bytes, in both directions, only
 *    between distinct nodes (§3.1.3: internal communications never
 *    count).  The counters are never reset, not even after a change:
 *    §3.2 keeps "an array with as many elements as nodes" recording every
 *    message, and nothing in §3.3 clears it.
 *  - Only the requesting node's cost is compared (§3.3: "only local
 *    information"): a change is taken when the new CF_i is below the
 *    current CF_i, whatever it does to the displaced node's cost.
 *  - A candidate's cost is computed with the displaced node really moved
 *    to the vacated position (§3.1.4 b), so swapping with a partner counts
 *    the partner's new place.
 *  - The test is CF_i > threshold1, strictly (§3.3's "cost>threshold_1").
 *  - Candidates (§3.1.4): small alteration tries the neighbour positions
 *    in link order (link 0 first: on the hypercube, the lowest dimension);
 *    large alteration tries every other position in ascending order.  Ties
 *    at the minimum are listed in that order.
 *  - Round robin (§3.3 Check_possible_changes): each node keeps a cursor;
 *    a choice among k > 1 equal minima takes tie number cursor mod k and
 *    advances the cursor.  Without round robin the first tie is taken.
 *  - change_cost (the paper's future work, §5): a change needs
 *    CF_i - CF_i' > change_cost; 0 is the paper's null cost (§3.3).
 */
#include <stdlib.h>
#include <string.h>

#include "reconf/gd.h"

void gd_opts_default(struct gd_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->threshold1 = 10;
	o->threshold2 = 5;
	o->round_robin = 1;
}

int gd_init(struct gd_state *s, const struct sn_topo *t,
	    const struct gd_opts *o)
{
	memset(s, 0, sizeof(*s));
	s->topo = *t;
	s->opt = *o;
	s->n = t->n;
	if (sn_map_init(&s->map, t->n))
		return -1;
	s->c = calloc((size_t)t->n * t->n + 1, sizeof(*s->c));
	s->rr = calloc(t->n + 1, sizeof(*s->rr));
	s->cand = calloc(t->n + 1, sizeof(*s->cand));
	s->tie = calloc(t->n + 1, sizeof(*s->tie));
	if (!s->c || !s->rr || !s->cand || !s->tie) {
		gd_free(s);
		return -1;
	}
	return 0;
}

void gd_free(struct gd_state *s)
{
	sn_map_free(&s->map);
	free(s->c);
	free(s->rr);
	free(s->cand);
	free(s->tie);
	s->c = NULL;
	s->rr = NULL;
	s->cand = NULL;
	s->tie = NULL;
}

void gd_record(struct gd_state *s, uint32_t i, uint32_t j, uint64_t n)
{
	if (i < s->n && j < s->n && i != j)
		s->c[(size_t)i * s->n + j] += n;
}

/* CF_i if node i and node b swapped places (b == i: no swap). */
static uint64_t cost_swapped(const struct gd_state *s, uint32_t i, uint32_t b)
{
	const uint32_t *pos = s->map.pos;
	uint32_t pi = pos[b];
	uint64_t cf = 0;

	for (uint32_t j = 0; j < s->n; j++) {
		uint64_t c = s->c[(size_t)i * s->n + j];
		uint32_t pj = j == b ? pos[i] : pos[j];

		if (c && j != i)
			cf += c * sn_dist(&s->topo, pi, pj);
	}
	return cf;
}

uint64_t gd_cost(const struct gd_state *s, uint32_t i)
{
	return cost_swapped(s, i, i);
}

int gd_evaluate(struct gd_state *s, uint32_t i, struct gd_change *ch)
{
	uint32_t *cand = s->cand, *tie = s->tie, nc = 0, nt = 0;
	uint64_t cur, best = UINT64_MAX;
	uint32_t pick;

	if (i >= s->n)
		return 0;
	s->evaluations++;
	cur = gd_cost(s, i);
	if (cur <= s->opt.threshold1)
		return 0;
	if (s->opt.large) {
		for (uint32_t q = 0; q < s->n; q++)
			if (q != s->map.pos[i])
				cand[nc++] = q;
	} else {
		nc = sn_neighbours(&s->topo, s->map.pos[i], cand);
	}
	for (uint32_t k = 0; k < nc; k++) {
		uint32_t b = s->map.at[cand[k]];
		uint64_t cf = cost_swapped(s, i, b);

		if (cf < best) {
			best = cf;
			nt = 0;
		}
		if (cf == best)
			tie[nt++] = b;
	}
	if (!nt || best >= cur || cur - best <= s->opt.change_cost)
		return 0;
	pick = 0;
	if (s->opt.round_robin && nt > 1)
		pick = s->rr[i]++ % nt;
	ch->a = i;
	ch->b = tie[pick];
	ch->cost_before = cur;
	ch->cost_after = best;
	ch->ties = nt;
	return 1;
}

void gd_apply(struct gd_state *s, const struct gd_change *ch)
{
	sn_map_swap(&s->map, ch->a, ch->b);
	s->changes++;
}
