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
 *
 * Over a torus's wrap links a place also has a layer, the VC the packet
 * travels on: it starts on VC 0 and a move over a wrap link takes it one
 * VC up, so the layer counts the wraps taken and bounds them by the VCs.
 * The layer is the packet's history, which its input VC carries to each
 * switch; candidates carry it as an input VC mask.
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
	const uint8_t *wrap; /* NULL: no wrap link is used */
	uint32_t nl;	     /* layers: the VCs */
	const struct rcf_turns *t;
	uint8_t *indir; /* by switch * nports + port: the move in by it */
	uint16_t *dist; /* by (switch * DIRS + direction) * nl + layer */
	uint32_t *q;
};

static int wraps(const struct turn *o, size_t at)
{
	return o->wrap && o->wrap[at];
}

static uint16_t *dist(const struct turn *o, uint32_t sw, uint32_t dir,
		      uint32_t l)
{
	return &o->dist[((size_t)sw * DIRS + dir) * o->nl + l];
}

/* Every place's distance to d's switch along allowed turns. */
static void distances(struct turn *o, uint32_t d)
{
	const struct rcf_relnet *net = o->net;
	uint32_t np = net->nports, nl = o->nl, head = 0, tail = 0;

	for (size_t i = 0; i < (size_t)net->nsw * DIRS * nl; i++)
		o->dist[i] = UNSET;
	for (uint32_t k = 0; k < DIRS * nl; k++) {
		o->dist[d * DIRS * nl + k] = 0;
		o->q[tail++] = d * DIRS * nl + k;
	}
	while (head < tail) {
		uint32_t x = o->q[head++], l = x % nl, v = x / nl / DIRS;
		uint32_t dout = x / nl % DIRS;

		if (dout == INJ)
			continue;
		/* the switches whose move dout leads to v, a layer below
		 * when the move wraps */
		for (uint32_t p = 0; p < np; p++) {
			size_t at = (size_t)v * np + p, from;
			int32_t u = net->peer[at], q = net->pport[at];
			uint32_t lu;

			if (u < 0 || q < 0)
				continue;
			from = (size_t)u * np + (uint32_t)q;
			if (o->dir[from] != dout)
				continue;
			lu = l - (uint32_t)wraps(o, from);
			if (lu >= nl)
				continue;
			for (uint32_t din = 0; din < DIRS; din++) {
				uint16_t *y = dist(o, (uint32_t)u, din, lu);

				if (banned(o->t, din, dout) || *y != UNSET)
					continue;
				*y = (uint16_t)(o->dist[x] + 1);
				o->q[tail++] = (uint32_t)(y - o->dist);
			}
		}
	}
}

/*
 * The input ports a packet for d can be at sw by in layer l: its node's
 * only in layer 0, where every packet starts.
 */
static uint32_t inputs(const struct turn *o, uint32_t sw, uint32_t l)
{
	uint32_t np = o->net->nports, all = 0;

	for (uint32_t p = 0; p < np; p++) {
		uint32_t din = o->indir[(size_t)sw * np + p];

		if (din == RCF_TURN_NONE || (din == INJ && l))
			continue;
		if (*dist(o, sw, din, l) != UNSET)
			all |= 1u << p;
	}
	return all;
}

/* The input ports of layer l from which port p of sw is one nearer d. */
static uint32_t nearer(const struct turn *o, uint32_t sw, uint32_t p,
		       uint32_t l, uint32_t all)
{
	const struct rcf_relnet *net = o->net;
	size_t at = (size_t)sw * net->nports + p;
	uint32_t dd = o->dir[at], lo = l + (uint32_t)wraps(o, at), mask = 0;
	int32_t v = net->peer[at];

	if (dd == RCF_TURN_NONE || v < 0 || lo >= o->nl)
		return 0;
	for (uint32_t ip = 0; ip < net->nports; ip++) {
		uint32_t din = o->indir[(size_t)sw * net->nports + ip];

		if (!(all >> ip & 1) || banned(o->t, din, dd))
			continue;
		if (*dist(o, (uint32_t)v, dd, lo) + 1 == *dist(o, sw, din, l))
			mask |= 1u << ip;
	}
	return mask;
}

/*
 * A candidate before the list is cut to the model's length: what it
 * covers, the input ports of each layer it is offered to.
 */
struct cand {
	uint8_t hop, keep, vin;
	uint32_t in, cov[RCF_LINK_MAX_VCS];
};

#define MAX_ALL (RCF_LINK_MAX_VCS * 32)

/*
 * Port p's candidates: a wrap link's on the VC above each layer it is
 * taken from; another link's keep the input VC, one candidate for all
 * the layers that share an input mask.
 */
static void outputs(const struct turn *o, uint32_t sw, uint32_t p,
		    struct cand *c, uint32_t *n)
{
	size_t at = (size_t)sw * o->net->nports + p;
	uint32_t in[RCF_LINK_MAX_VCS], cov[RCF_LINK_MAX_VCS], done = 0;

	for (uint32_t l = 0; l < o->nl; l++) {
		uint32_t all = inputs(o, sw, l);

		cov[l] = nearer(o, sw, p, l, all);
		in[l] = cov[l] == all ? 0 : cov[l];
		if (!cov[l])
			done |= 1u << l;
	}
	for (uint32_t l = 0; l < o->nl; l++) {
		struct cand *x = &c[*n];
		uint32_t vin = 1u << l;

		if (done >> l & 1)
			continue;
		memset(x, 0, sizeof(*x));
		x->in = in[l];
		x->hop = RCF_HOP(p, 0);
		if (o->nl > 1 && wraps(o, at))
			x->hop = RCF_HOP(p, l + 1);
		else if (o->nl > 1)
			for (uint32_t k = l + 1; k < o->nl; k++)
				if (!(done >> k & 1) && in[k] == in[l])
					vin |= 1u << k;
		done |= vin;
		for (uint32_t k = 0; k < o->nl; k++)
			if (vin >> k & 1)
				x->cov[k] = cov[k];
		x->keep = o->nl > 1 && !wraps(o, at);
		x->vin = o->nl == 1 || vin == (1u << o->nl) - 1 ? 0
								: (uint8_t)vin;
		(*n)++;
	}
}

/* The inputs of cov not in got. */
static uint32_t fresh(const struct turn *o, const struct cand *x,
		      const uint32_t *got)
{
	uint32_t k = 0;

	for (uint32_t l = 0; l < o->nl; l++)
		k += (uint32_t)__builtin_popcount(x->cov[l] & ~got[l]);
	return k;
}

/*
 * Which of the n candidates to keep when they are more than a list
 * holds: every input some candidate is offered to keeps one (greedily,
 * the candidate that serves most inputs still without one first), then
 * the others in order fill the list.  Any of them is one nearer, so a
 * shorter list still arrives; adaptivity is what it loses.
 */
static int cut(const struct turn *o, const struct cand *c, uint32_t n,
	       uint8_t *keep)
{
	uint32_t got[RCF_LINK_MAX_VCS] = {0}, kept = 0;

	memset(keep, n <= RCF_RELATION_MAX_CAND, n);
	if (n <= RCF_RELATION_MAX_CAND)
		return 0;
	for (;;) {
		uint32_t best = n, most = 0;

		for (uint32_t i = 0; i < n; i++) {
			uint32_t k = keep[i] ? 0 : fresh(o, &c[i], got);

			if (k > most) {
				most = k;
				best = i;
			}
		}
		if (best == n)
			break;
		if (kept == RCF_RELATION_MAX_CAND)
			return -1;
		keep[best] = 1;
		kept++;
		for (uint32_t l = 0; l < o->nl; l++)
			got[l] |= c[best].cov[l];
	}
	for (uint32_t i = 0; i < n && kept < RCF_RELATION_MAX_CAND; i++)
		if (!keep[i]) {
			keep[i] = 1;
			kept++;
		}
	return 0;
}

/*
 * The candidates of switch sw for d, ports highest first; with layers,
 * each names the input VCs it is for.
 */
static int entry(const struct turn *o, uint32_t sw, uint32_t d,
		 struct rcf_relation_ent *e, char *err, size_t errlen)
{
	const struct rcf_relnet *net = o->net;
	struct cand c[MAX_ALL];
	uint8_t keep[MAX_ALL];
	uint32_t n = 0;

	e->sw = sw;
	e->dst = d;
	e->n = 0;
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
	if (*dist(o, sw, INJ, 0) == UNSET)
		return rcf_errf(err, errlen,
				"relation: no path of allowed turns from "
				"switch %u to node %u",
				sw, d);
	for (uint32_t p = net->nports; p-- > 0;)
		outputs(o, sw, p, c, &n);
	if (cut(o, c, n, keep))
		return rcf_errf(err, errlen,
				"relation: switch %u needs more than %d "
				"outputs towards node %u",
				sw, RCF_RELATION_MAX_CAND, d);
	for (uint32_t i = 0; i < n; i++) {
		if (!keep[i])
			continue;
		e->hop[e->n] = c[i].hop;
		e->cls[e->n] = RCF_RELATION_ADAPTIVE;
		e->in[e->n] = c[i].in;
		e->vin[e->n] = c[i].vin;
		e->keep[e->n] = c[i].keep;
		e->n++;
	}
	return 0;
}

int rcf_relation_turn_vc(const struct rcf_relnet *net, const uint8_t *dir,
			 const uint8_t *wrap, int vcs,
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
	if (vcs < 1 || vcs > RCF_LINK_MAX_VCS || (!wrap && vcs != 1))
		return rcf_errf(err, errlen,
				"relation: %d VCs for a turn model (1, or 1 "
				"to %d over wrap links)",
				vcs, RCF_LINK_MAX_VCS);
	o.wrap = wrap;
	o.nl = (uint32_t)vcs;
	o.indir = malloc((size_t)n * np);
	o.dist = malloc((size_t)n * DIRS * o.nl * sizeof(*o.dist));
	o.q = malloc((size_t)n * DIRS * o.nl * sizeof(*o.q));
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
	r->vcs = vcs;
	rc = 0;
out:
	if (rc)
		rcf_relation_free(r);
	free(o.indir);
	free(o.dist);
	free(o.q);
	return rc;
}

int rcf_relation_turn(const struct rcf_relnet *net, const uint8_t *dir,
		      const struct rcf_turns *t, struct rcf_relation *r,
		      char *err, size_t errlen)
{
	return rcf_relation_turn_vc(net, dir, NULL, 1, t, r, err, errlen);
}
