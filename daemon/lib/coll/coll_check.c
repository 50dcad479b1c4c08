// SPDX-License-Identifier: GPL-2.0
/*
 * The schedule checker: replays a plan from the operation's first state
 * without trusting the planner's own bookkeeping, so a plan built by hand
 * (or broken on purpose) is judged the same way.  Steps are numbered from
 * 1 in its messages, as rcfctl collective plan prints them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll.h"
#include "util/errf.h"

struct rcf_coll_replay {
	const struct rcf_coll_plan *p;
	uint64_t words;
	uint64_t *held, *next;
	uint32_t *port_of; /* [node * k + port]: circuit + 1, or 0 */
	uint8_t *dir_used; /* [circuit * 2 + direction] in this step */
};

static uint64_t *set_of(const struct rcf_coll_replay *r, uint64_t *base,
			uint32_t n)
{
	return base + (uint64_t)n * r->words;
}

static int has(const uint64_t *s, uint64_t i)
{
	return (int)(s[i / 64] >> (i % 64) & 1);
}

static int check_circuits(struct rcf_coll_replay *r,
			  const struct rcf_coll_step *s, uint64_t sn, char *err,
			  size_t len)
{
	const struct rcf_coll_plan *p = r->p;

	memset(r->port_of, 0, (size_t)p->nodes * p->k * sizeof(*r->port_of));
	for (uint64_t c = s->first_circ; c < s->first_circ + s->ncirc; c++) {
		const struct rcf_coll_circ *ci = &p->circs[c];
		uint32_t end[2][2] = {{ci->a, ci->pa}, {ci->b, ci->pb}};

		if (ci->a == ci->b)
			return rcf_errf(err, len,
					"step %llu: circuit %llu joins node %u "
					"to itself",
					(unsigned long long)sn,
					(unsigned long long)(c - s->first_circ),
					ci->a);
		for (int e = 0; e < 2; e++) {
			uint32_t n = end[e][0], port = end[e][1];
			uint32_t *slot;

			if (n >= p->nodes)
				return rcf_errf(
					err, len,
					"step %llu: circuit %llu ends "
					"at node %u of %u",
					(unsigned long long)sn,
					(unsigned long long)(c - s->first_circ),
					n, p->nodes);
			if (port >= p->k)
				return rcf_errf(err, len,
						"step %llu: node %u uses port "
						"%u but has k = %u ports",
						(unsigned long long)sn, n, port,
						p->k);
			slot = &r->port_of[(uint64_t)n * p->k + port];
			if (*slot)
				return rcf_errf(
					err, len,
					"step %llu: port %u of node %u "
					"is in circuits %u and %llu",
					(unsigned long long)sn, port, n,
					(unsigned)(*slot - 1 - s->first_circ),
					(unsigned long long)(c -
							     s->first_circ));
			*slot = (uint32_t)(c + 1);
		}
	}
	return 0;
}

static int check_xfer(struct rcf_coll_replay *r, const struct rcf_coll_step *s,
		      uint64_t sn, uint64_t xi, char *err, size_t len)
{
	const struct rcf_coll_plan *p = r->p;
	const struct rcf_coll_xfer *x = &p->xfers[xi];
	uint64_t n = xi - s->first_xfer, bytes = 0;
	const struct rcf_coll_circ *c;
	char who[96];
	int dir;

	/* every reason starts with the step and the transfer */
	snprintf(who, sizeof(who), "step %llu: transfer %llu (%u -> %u)",
		 (unsigned long long)sn, (unsigned long long)n, x->src, x->dst);

	if (x->src >= p->nodes || x->dst >= p->nodes)
		return rcf_errf(err, len, "%s names no node of %u", who,
				p->nodes);
	if (x->circ < s->first_circ || x->circ >= s->first_circ + s->ncirc)
		return rcf_errf(err, len, "%s crosses no circuit of the step",
				who);
	c = &p->circs[x->circ];
	if (c->a == x->src && c->b == x->dst)
		dir = 0;
	else if (c->b == x->src && c->a == x->dst)
		dir = 1;
	else
		return rcf_errf(err, len,
				"%s crosses no configured circuit: circuit "
				"%llu joins %u and %u",
				who,
				(unsigned long long)(x->circ - s->first_circ),
				c->a, c->b);
	if (r->dir_used[(x->circ - s->first_circ) * 2 + dir]++)
		return rcf_errf(err, len,
				"%s uses the link of circuit %llu, which "
				"another transfer of the step uses the same "
				"way",
				who,
				(unsigned long long)(x->circ - s->first_circ));
	for (uint64_t i = x->first; i < x->first + x->n; i++) {
		uint32_t it = i < p->nrefs ? p->items[i] : UINT32_MAX;
		char name[96];

		if (it >= p->nitems)
			return rcf_errf(err, len,
					"%s names an item the operation does "
					"not have",
					who);
		if (!has(set_of(r, r->held, x->src), it)) {
			rcf_coll_item_name(p, it, name, sizeof(name));
			return rcf_errf(err, len,
					"%s sends %s, which node %u does not "
					"hold yet",
					who, name, x->src);
		}
		bytes += p->item_bytes[it];
		if (!rcf_coll_item_target(p, it, x->src))
			set_of(r, r->next, x->src)[it / 64] &=
				~(1ull << (it % 64));
	}
	if (bytes != x->bytes)
		return rcf_errf(err, len,
				"%s says %llu bytes, its items have %llu", who,
				(unsigned long long)x->bytes,
				(unsigned long long)bytes);
	return 0;
}

/*
 * A forwarded item leaves its sender when the step ends: next starts as
 * held, gains what arrives and loses what was passed on.  Arrivals are
 * or-ed after the losses so that an item both passed on and received in
 * one step stays.
 */
static int replay_step(struct rcf_coll_replay *r, uint64_t si, char *err,
		       size_t len)
{
	const struct rcf_coll_plan *p = r->p;
	const struct rcf_coll_step *s = &p->steps[si];
	uint64_t all = r->words * p->nodes;

	if (s->first_circ + s->ncirc > p->ncircs ||
	    s->first_xfer + s->nxfer > p->nxfers)
		return rcf_errf(err, len, "step %llu: past the plan's arrays",
				(unsigned long long)si + 1);
	if (check_circuits(r, s, si + 1, err, len))
		return -1;
	free(r->dir_used);
	r->dir_used = calloc(s->ncirc * 2 + 1, 1);
	if (!r->dir_used)
		return rcf_errf(err, len, "out of memory");
	memcpy(r->next, r->held, all * 8);
	for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer; x++)
		if (check_xfer(r, s, si + 1, x, err, len))
			return -1;
	/* what arrived stays even if the same node passed it on */
	for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer; x++) {
		const struct rcf_coll_xfer *t = &p->xfers[x];

		for (uint64_t i = t->first; i < t->first + t->n; i++)
			set_of(r, r->next, t->dst)[p->items[i] / 64] |=
				1ull << (p->items[i] % 64);
	}
	memcpy(r->held, r->next, all * 8);
	return 0;
}

static int check_final(struct rcf_coll_replay *r, char *err, size_t len)
{
	const struct rcf_coll_plan *p = r->p;
	char name[96];

	for (uint32_t n = 0; n < p->nodes; n++)
		for (uint32_t i = 0; i < p->nitems; i++) {
			int want = rcf_coll_item_target(p, i, n);

			if (want == has(set_of(r, r->held, n), i))
				continue;
			rcf_coll_item_name(p, i, name, sizeof(name));
			return rcf_errf(err, len,
					"after step %llu: node %u %s %s",
					(unsigned long long)p->nsteps, n,
					want ? "lacks" : "still holds", name);
		}
	return 0;
}

struct rcf_coll_replay *rcf_coll_replay_new(const struct rcf_coll_plan *p,
					    char *err, size_t len)
{
	struct rcf_coll_replay *r;
	uint64_t all;

	if (p->nodes < 2 || p->k < 1 || p->k > RCF_COLL_MAX_K || !p->nitems) {
		rcf_errf(err, len, "the plan has no nodes, ports or items");
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		rcf_errf(err, len, "out of memory");
		return NULL;
	}
	r->p = p;
	r->words = (p->nitems + 63) / 64;
	all = r->words * p->nodes;
	r->held = calloc(all, 8);
	r->next = calloc(all, 8);
	r->port_of = calloc((size_t)p->nodes * p->k, sizeof(*r->port_of));
	if (!r->held || !r->next || !r->port_of) {
		rcf_coll_replay_free(r);
		rcf_errf(err, len, "out of memory");
		return NULL;
	}
	for (uint32_t n = 0; n < p->nodes; n++)
		for (uint32_t i = 0; i < p->nitems; i++)
			if (rcf_coll_item_initial(p, i, n))
				set_of(r, r->held, n)[i / 64] |= 1ull
								 << (i % 64);
	return r;
}

int rcf_coll_replay_step(struct rcf_coll_replay *r, uint64_t si, char *err,
			 size_t len)
{
	if (si >= r->p->nsteps)
		return rcf_errf(err, len, "step %llu: past the plan's %llu",
				(unsigned long long)si + 1,
				(unsigned long long)r->p->nsteps);
	return replay_step(r, si, err, len);
}

int rcf_coll_replay_holds(const struct rcf_coll_replay *r, uint32_t node,
			  uint32_t item)
{
	return has(set_of(r, r->held, node), item);
}

void rcf_coll_replay_free(struct rcf_coll_replay *r)
{
	if (!r)
		return;
	free(r->held);
	free(r->next);
	free(r->port_of);
	free(r->dir_used);
	free(r);
}

int rcf_coll_check(const struct rcf_coll_plan *p, char *err, size_t len)
{
	struct rcf_coll_replay *r = rcf_coll_replay_new(p, err, len);
	int rc = r ? 0 : -1;

	for (uint64_t s = 0; !rc && s < p->nsteps; s++)
		rc = replay_step(r, s, err, len);
	if (!rc)
		rc = check_final(r, err, len);
	rcf_coll_replay_free(r);
	return rc;
}
