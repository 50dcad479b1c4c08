// SPDX-License-Identifier: GPL-2.0
/*
 * Turn-model relations (Glass and Ni, "The turn model for adaptive
 * routing", 1992).  A packet's place is its switch and the direction of
 * its last move (or none, at its source); for each destination a
 * breadth-first search backwards gives every place's distance along
 * paths that keep to the allowed turns.  Each output that shortens that
 * distance by one from some input becomes a candidate whose input mask
 * holds those inputs, so every hop is one nearer (no livelock) and a
 * packet is never offered a turn the model prohibits.  Whether the
 * prohibited turns break every cycle is not assumed here: the check
 * (route/relation_check.h) decides it on the channels the relation uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_turn.h"
#include "util/errf.h"

#define INJ   RCF_COMPASS /* a place's direction at the packet's source */
#define DIRS  (RCF_COMPASS + 1)
#define UNSET 0xffff

void rcf_turns_north_last(struct rcf_turns *t)
{
	static const uint8_t last[][7] = {
		{RCF_N, RCF_NE, RCF_NW, RCF_E, RCF_W, RCF_SE, RCF_SW},
		{RCF_NE, RCF_E, RCF_SE, RCF_S, RCF_W},
		{RCF_NW, RCF_W, RCF_SW, RCF_S, RCF_E},
	};
	static const int nlast[] = {7, 5, 5};

	for (int d = 0; d < RCF_COMPASS; d++)
		t->ban[d] = (uint8_t)(1u << (d ^ 4));
	for (int i = 0; i < 3; i++)
		for (int k = 1; k < nlast[i]; k++)
			t->ban[last[i][0]] |= (uint8_t)(1u << last[i][k]);
}

const char *rcf_compass_name(unsigned int d)
{
	static const char *const name[] = {"E", "NE", "N", "NW",
					   "W", "SW", "S", "SE"};

	return d < RCF_COMPASS ? name[d] : "none";
}

static int banned(const struct rcf_turns *t, uint32_t from, uint32_t to)
{
	return from < RCF_COMPASS && (t->ban[from] >> to & 1);
}

struct turn {
	const struct rcf_relnet *net;
	const uint8_t *dir;
	const struct rcf_turns *t;
	uint8_t *indir; /* by switch * nports + port: the move in by it */
	uint16_t *dist; /* by switch * DIRS + direction */
	uint32_t *q;
};

/* Every place's distance to d's switch along allowed turns. */
static void distances(struct turn *o, uint32_t d)
{
	const struct rcf_relnet *net = o->net;
	uint32_t np = net->nports, head = 0, tail = 0;

	for (size_t i = 0; i < (size_t)net->nsw * DIRS; i++)
		o->dist[i] = UNSET;
	for (uint32_t k = 0; k < DIRS; k++) {
		o->dist[d * DIRS + k] = 0;
		o->q[tail++] = d * DIRS + k;
	}
	while (head < tail) {
		uint32_t x = o->q[head++], v = x / DIRS, dout = x % DIRS;

		if (dout == INJ)
			continue;
		/* the switches whose move dout leads to v */
		for (uint32_t p = 0; p < np; p++) {
			size_t at = (size_t)v * np + p;
			int32_t u = net->peer[at], q = net->pport[at];

			if (u < 0 || q < 0 ||
			    o->dir[(size_t)u * np + (uint32_t)q] != dout)
				continue;
			for (uint32_t din = 0; din < DIRS; din++) {
				uint32_t y = (uint32_t)u * DIRS + din;

				if (banned(o->t, din, dout) ||
				    o->dist[y] != UNSET)
					continue;
				o->dist[y] = (uint16_t)(o->dist[x] + 1);
				o->q[tail++] = y;
			}
		}
	}
}

/* The candidates of switch sw for d, ports highest first. */
static int entry(const struct turn *o, uint32_t sw, uint32_t d,
		 struct rcf_relation_ent *e, char *err, size_t errlen)
{
	const struct rcf_relnet *net = o->net;
	uint32_t np = net->nports, all = 0;

	e->sw = sw;
	e->dst = d;
	e->n = 0;
	for (uint32_t p = 0; p < np; p++) {
		uint32_t din = o->indir[(size_t)sw * np + p];

		if (din != RCF_TURN_NONE && o->dist[sw * DIRS + din] != UNSET)
			all |= 1u << p;
	}
	if (sw == d) {
		/* a node always takes its packets in */
		int32_t p = rcf_relnet_node_port(net, sw);

		if (p >= 0) {
			e->hop[0] = RCF_HOP((uint32_t)p, 0);
			e->cls[0] = RCF_RELATION_ADAPTIVE;
			e->n = 1;
		}
		return 0;
	}
	if (o->dist[sw * DIRS + INJ] == UNSET)
		return rcf_errf(err, errlen,
				"relation: no path of allowed turns from "
				"switch %u to node %u",
				sw, d);
	for (uint32_t p = np; p-- > 0;) {
		size_t at = (size_t)sw * np + p;
		uint32_t dd = o->dir[at], mask = 0;
		int32_t v = net->peer[at];

		if (dd == RCF_TURN_NONE || v < 0)
			continue;
		for (uint32_t ip = 0; ip < np; ip++) {
			uint32_t din = o->indir[(size_t)sw * np + ip];
			uint16_t k;

			if (!(all >> ip & 1) || banned(o->t, din, dd))
				continue;
			k = o->dist[sw * DIRS + din];
			if (o->dist[(uint32_t)v * DIRS + dd] + 1 == k)
				mask |= 1u << ip;
		}
		if (!mask)
			continue;
		if (e->n == RCF_RELATION_MAX_CAND)
			return rcf_errf(err, errlen,
					"relation: switch %u has more than %d "
					"outputs towards node %u",
					sw, RCF_RELATION_MAX_CAND, d);
		e->hop[e->n] = RCF_HOP(p, 0);
		e->cls[e->n] = RCF_RELATION_ADAPTIVE;
		e->in[e->n] = mask == all ? 0 : mask;
		e->n++;
	}
	return 0;
}

int rcf_relation_turn(const struct rcf_relnet *net, const uint8_t *dir,
		      const struct rcf_turns *t, struct rcf_relation *r,
		      char *err, size_t errlen)
{
	uint32_t n = net->nsw, np = net->nports;
	struct turn o = {.net = net, .dir = dir, .t = t};
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (np > 32)
		return rcf_errf(err, errlen,
				"relation: %u ports is more than an input "
				"mask holds (32)",
				np);
	o.indir = malloc((size_t)n * np);
	o.dist = malloc((size_t)n * DIRS * sizeof(*o.dist));
	o.q = malloc((size_t)n * DIRS * sizeof(*o.q));
	r->ent = calloc((size_t)n * n, sizeof(*r->ent));
	if (!o.indir || !o.dist || !o.q || !r->ent) {
		rcf_errf(err, errlen, "relation: out of memory");
		goto out;
	}
	/* a packet in by port p made the move of the port it left by */
	for (uint32_t sw = 0; sw < n; sw++)
		for (uint32_t p = 0; p < np; p++) {
			size_t at = (size_t)sw * np + p;
			int32_t u = net->peer[at], q = net->pport[at];

			if (u == RCF_RELNET_NODE(sw))
				o.indir[at] = INJ;
			else if (u >= 0 && q >= 0)
				o.indir[at] = dir[(size_t)u * np + (uint32_t)q];
			else
				o.indir[at] = RCF_TURN_NONE;
		}
	for (uint32_t d = 0; d < n; d++) {
		distances(&o, d);
		for (uint32_t sw = 0; sw < n; sw++)
			if (entry(&o, sw, d, &r->ent[(size_t)sw * n + d], err,
				  errlen))
				goto out;
	}
	r->n = (size_t)n * n;
	r->vcs = 1;
	rc = 0;
out:
	if (rc)
		rcf_relation_free(r);
	free(o.indir);
	free(o.dist);
	free(o.q);
	return rc;
}
