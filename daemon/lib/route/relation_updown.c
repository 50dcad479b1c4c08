// SPDX-License-Identifier: GPL-2.0
/*
 * Up-down routing (Schroeder et al., "Autonet: a high-speed,
 * self-configuring local area network using point-to-point links",
 * 1991) on the switches that survive failures, as a function of the
 * switch and the destination alone, which is all a relation sees.
 *
 * Switches are keyed by their place in a breadth-first search from
 * switch 0 (so by level, as Autonet's spanning tree); a link's
 * direction towards the lower key is "up".  For destination d,
 * Down(d) holds the switches that reach d by down links alone; root 0
 * is in it (the spanning tree's paths go down).  Outside Down(d) the
 * escape goes up, to the neighbour with the shortest up-down way left;
 * inside, it goes down, one hop nearer by down links, and never leaves
 * Down(d).  So every escape path is ups then downs, and the escape
 * channels' dependencies are up -> up, up -> down and down -> down.
 *
 * The adaptive candidates kept are the steps up-down allows from here
 * for d: up while outside Down(d), down into Down(d).  That is what
 * keeps Duato's condition (J. Duato, "A new theory of deadlock-free
 * adaptive routing in wormhole networks", IEEE TPDS 4(12), 1993) with
 * the indirect dependencies: after a down escape channel a packet stays
 * in Down(d) on down links, so the next escape channel is down with a
 * higher key at its head; after an up one it climbs (lower keys) until
 * it enters Down(d), so the next escape channel is an up one with a
 * lower key at its head, or a down one.  Ranking up channels by minus
 * the key of their head and every down channel after every up channel,
 * each arc of the extended dependency graph climbs the ranking: no
 * cycle.  Paths are finite for the same reason (keys fall, then rise),
 * so no livelock either; rcf_relation_check() is still run on the
 * result by every caller.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_updown.h"
#include "util/errf.h"

#define NONE	UINT32_MAX
#define NO_PORT 0xff

struct updown {
	const struct rcf_relnet *net;
	uint32_t n;
	uint32_t *key;	 /* by switch: its place in breadth-first order */
	uint32_t *order; /* switches by ascending key: that order */
	uint8_t *esc;	 /* [s * n + d]: escape port, NO_PORT at d */
	uint8_t *down;	 /* [s * n + d]: s in Down(d) */
	uint32_t *dist, *queue;
};

static int levels(struct updown *u, char *err, size_t errlen)
{
	const struct rcf_relnet *net = u->net;
	uint32_t head = 0, tail = 0, n = u->n;

	/* the key is the place in breadth-first order: levels ascending */
	for (uint32_t s = 0; s < n; s++)
		u->key[s] = NONE;
	u->key[0] = 0;
	u->order[tail++] = 0;
	while (head < tail) {
		uint32_t s = u->order[head++];

		for (uint32_t p = 0; p < net->nports; p++) {
			int32_t t = rcf_relnet_peer(net, s, p);

			if (t >= 0 && u->key[t] == NONE) {
				u->key[t] = tail;
				u->order[tail++] = (uint32_t)t;
			}
		}
	}
	for (uint32_t s = 0; s < n; s++)
		if (u->key[s] == NONE)
			return rcf_errf(err, errlen,
					"up-down: switch %u is cut off from "
					"switch 0",
					s);
	return 0;
}

/* esc and down for destination d */
static void dest(struct updown *u, uint32_t d)
{
	const struct rcf_relnet *net = u->net;
	uint32_t head = 0, tail = 0, n = u->n;
	uint8_t *esc = u->esc, *down = u->down;

	for (uint32_t s = 0; s < n; s++)
		u->dist[s] = NONE;
	u->dist[d] = 0;
	u->queue[tail++] = d;
	/* Down(d): backwards from d over links going down into it */
	while (head < tail) {
		uint32_t t = u->queue[head++];

		for (uint32_t p = 0; p < net->nports; p++) {
			int32_t s = rcf_relnet_peer(net, t, p);

			if (s >= 0 && u->key[s] < u->key[t] &&
			    u->dist[s] == NONE) {
				u->dist[s] = u->dist[t] + 1;
				u->queue[tail++] = (uint32_t)s;
			}
		}
	}
	for (uint32_t s = 0; s < n; s++) {
		down[(size_t)s * n + d] = u->dist[s] != NONE;
		esc[(size_t)s * n + d] = NO_PORT;
	}
	for (uint32_t s = 0; s < n; s++) {
		if (s == d || u->dist[s] == NONE)
			continue;
		for (uint32_t p = 0; p < net->nports; p++) {
			int32_t t = rcf_relnet_peer(net, s, p);

			if (t >= 0 && u->key[t] > u->key[s] &&
			    u->dist[t] + 1 == u->dist[s]) {
				esc[(size_t)s * n + d] = (uint8_t)p;
				break;
			}
		}
	}
	/* the rest by ascending key: every up neighbour is done before */
	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = u->order[i], best = NONE;

		if (u->dist[s] != NONE)
			continue;
		for (uint32_t p = 0; p < net->nports; p++) {
			int32_t t = rcf_relnet_peer(net, s, p);

			if (t >= 0 && u->key[t] < u->key[s] &&
			    u->dist[t] != NONE && u->dist[t] + 1 < best) {
				best = u->dist[t] + 1;
				esc[(size_t)s * n + d] = (uint8_t)p;
			}
		}
		u->dist[s] = best;
	}
}

static void updown_free(struct updown *u)
{
	free(u->key);
	free(u->order);
	free(u->esc);
	free(u->down);
	free(u->dist);
	free(u->queue);
}

static int updown_build(struct updown *u, const struct rcf_relnet *net,
			char *err, size_t errlen)
{
	size_t nn = (size_t)net->nsw * net->nsw;

	memset(u, 0, sizeof(*u));
	u->net = net;
	u->n = net->nsw;
	if (!u->n || net->nports > NO_PORT)
		return rcf_errf(err, errlen, "up-down: %u switches of %u ports",
				u->n, net->nports);
	u->key = malloc(u->n * sizeof(*u->key));
	u->order = malloc(u->n * sizeof(*u->order));
	u->esc = malloc(nn);
	u->down = malloc(nn);
	u->dist = malloc(u->n * sizeof(*u->dist));
	u->queue = malloc(u->n * sizeof(*u->queue));
	if (!u->key || !u->order || !u->esc || !u->down || !u->dist ||
	    !u->queue)
		return rcf_errf(err, errlen, "up-down: out of memory");
	if (levels(u, err, errlen))
		return -1;
	for (uint32_t d = 0; d < u->n; d++)
		dest(u, d);
	return 0;
}

/* whether up-down lets a packet for d step from s to t */
static int allowed(const struct updown *u, uint32_t s, uint32_t t, uint32_t d)
{
	if (u->key[t] < u->key[s])
		return !u->down[(size_t)s * u->n + d];
	return u->down[(size_t)t * u->n + d];
}

static int has_hop(const struct rcf_relation_ent *e, uint8_t hop)
{
	for (int k = 0; k < e->n; k++)
		if (e->hop[k] == hop)
			return 1;
	return 0;
}

static void entry(const struct updown *u, const struct rcf_relation_ent *b,
		  struct rcf_relation_ent *e)
{
	const struct rcf_relnet *net = u->net;
	uint32_t s = b->sw, d = b->dst;

	if (s == d) {
		*e = *b;
		return;
	}
	memset(e, 0, sizeof(*e));
	e->sw = s;
	e->dst = d;
	for (int vc = net->vcs - 1; vc >= 1; vc--)
		for (int k = 0; k < b->n; k++) {
			uint32_t p = RCF_HOP_PORT(b->hop[k]);
			int32_t t = rcf_relnet_peer(net, s, p);

			if (e->n + 1 >= RCF_RELATION_MAX_CAND || t < 0 ||
			    !allowed(u, s, (uint32_t)t, d))
				continue;
			/*
			 * once per port on each VC: b may list a port on
			 * several VCs, and a second copy of a candidate
			 * would be drawn twice as often by random selection
			 */
			if (!has_hop(e, RCF_HOP(p, vc))) {
				e->hop[e->n] = RCF_HOP(p, vc);
				e->cls[e->n++] = RCF_RELATION_ADAPTIVE;
			}
		}
	e->hop[e->n] = RCF_HOP(u->esc[(size_t)s * u->n + d], 0);
	e->cls[e->n++] = RCF_RELATION_ESCAPE;
}

int rcf_relation_updown(const struct rcf_relnet *net,
			const struct rcf_relation *base, struct rcf_relation *r,
			char *err, size_t errlen)
{
	struct updown u;
	size_t nn = (size_t)net->nsw * net->nsw;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (net->vcs < 2 || net->vcs > 4)
		return rcf_errf(err, errlen,
				"up-down relation: %d VCs (want 2 to 4: the "
				"escape and the adaptive ones)",
				net->vcs);
	if (base->n != nn)
		return rcf_errf(err, errlen,
				"up-down relation: %zu lists for %u switches",
				base->n, net->nsw);
	if (updown_build(&u, net, err, errlen))
		goto out;
	r->ent = calloc(nn, sizeof(*r->ent));
	if (!r->ent) {
		rcf_errf(err, errlen, "up-down relation: out of memory");
		rcf_relation_free(r);
		goto out;
	}
	for (size_t i = 0; i < nn; i++) {
		const struct rcf_relation_ent *b = &base->ent[i];

		if (b->sw != i / net->nsw || b->dst != i % net->nsw) {
			rcf_errf(err, errlen,
				 "up-down relation: lists out of order at "
				 "switch %zu",
				 i / net->nsw);
			rcf_relation_free(r);
			goto out;
		}
		entry(&u, b, &r->ent[i]);
	}
	r->n = nn;
	r->vcs = net->vcs;
	rc = 0;
out:
	updown_free(&u);
	return rc;
}

/* whether route x of s still walks on net from its source's switch */
static int survives(const struct rcf_relnet *net, const struct rcf_routes *s,
		    const struct rcf_route_rec *x)
{
	int32_t at = (int32_t)x->src;
	unsigned int len;
	const uint8_t *hops = rcf_route_hops(s, x, &len);

	for (unsigned int h = 1; h < len; h++) {
		if (at < 0 || (uint32_t)at >= net->nsw ||
		    RCF_HOP_PORT(hops[h]) >= net->nports)
			return 0;
		at = rcf_relnet_peer(net, (uint32_t)at, RCF_HOP_PORT(hops[h]));
	}
	return at == RCF_RELNET_NODE(x->dst);
}

int rcf_routes_updown(const struct rcf_relnet *net, struct rcf_routes *s,
		      int vc, size_t *moved, char *err, size_t errlen)
{
	struct updown u;
	size_t k = 0;
	int rc = -1;

	if (moved)
		*moved = 0;
	if (vc < 0 || vc > 3)
		return rcf_errf(err, errlen, "up-down routes: VC %d", vc);
	if (updown_build(&u, net, err, errlen))
		goto out;
	for (size_t i = 0; i < s->n; i++) {
		struct rcf_route_rec *x = &s->r[i];
		uint32_t at = x->src;
		int32_t np;
		uint8_t nh = 1, b[RCF_ROUTE_MAX_HOPS], *to;
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, x, &len);

		if (x->src >= net->nsw || x->dst >= net->nsw || len < 2) {
			rcf_errf(err, errlen,
				 "up-down routes: route %u -> %u is not "
				 "node to node over switches",
				 x->src, x->dst);
			goto out;
		}
		if (survives(net, s, x))
			continue;
		b[0] = hops[0];
		while (at != x->dst && nh < RCF_ROUTE_MAX_HOPS - 1) {
			uint8_t p = u.esc[(size_t)at * u.n + x->dst];

			b[nh++] = RCF_HOP(p, vc);
			at = (uint32_t)rcf_relnet_peer(net, at, p);
		}
		np = rcf_relnet_node_port(net, at);
		if (at != x->dst || np < 0) {
			rcf_errf(err, errlen,
				 "up-down routes: no way from node %u to "
				 "node %u in %d hops",
				 x->src, x->dst, RCF_ROUTE_MAX_HOPS);
			goto out;
		}
		b[nh++] = RCF_HOP((uint32_t)np, 0);
		to = rcf_routes_put(s, x, x->src, x->dst, x->index, nh);
		if (!to) {
			rcf_errf(err, errlen, "up-down routes: out of memory");
			goto out;
		}
		memcpy(to, b, nh);
		k++;
	}
	if (moved)
		*moved = k;
	rc = 0;
out:
	updown_free(&u);
	return rc;
}

int rcf_relnet_topo(const struct rcf_topo *t, int vcs, struct rcf_relnet *net,
		    char *err, size_t errlen)
{
	const struct rcf_objv *sv = &t->v[RCF_K_SWITCH],
			      *lv = &t->v[RCF_K_LINK];
	uint32_t np = 0;

	memset(net, 0, sizeof(*net));
	for (size_t i = 0; i < sv->n; i++) {
		uint32_t p = rcf_has(&sv->o[i], RCF_A_SWITCH_PORTS)
				     ? (uint32_t)sv->o[i].v[RCF_A_SWITCH_PORTS]
				     : RCF_SWITCH_DEF_PORTS;

		if (sv->o[i].v[RCF_A_SWITCH_ID] >= sv->n)
			return rcf_errf(err, errlen,
					"relation: switch ids are not 0 to "
					"%zu",
					sv->n - 1);
		np = p > np ? p : np;
	}
	net->nsw = (uint32_t)sv->n;
	net->nports = np;
	net->vcs = vcs;
	net->peer = malloc(((size_t)net->nsw * np + 1) * sizeof(*net->peer));
	if (!net->peer)
		return rcf_errf(err, errlen, "relation: out of memory");
	for (size_t i = 0; i < (size_t)net->nsw * np; i++)
		net->peer[i] = RCF_RELNET_NONE;
	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_end *e = lv->o[i].end;

		for (int k = 0; k < 2; k++) {
			if (e[k].kind != RCF_ELEM_SWITCH)
				continue;
			if (e[k].port >= np) {
				rcf_relnet_free(net);
				return rcf_errf(err, errlen,
						"relation: link %llu: port %u "
						"beyond the switch's",
						(unsigned long long)lv->o[i]
							.v[RCF_A_LINK_ID],
						e[k].port);
			}
			net->peer[(size_t)e[k].id * np + e[k].port] =
				e[!k].kind == RCF_ELEM_SWITCH
					? (int32_t)e[!k].id
					: RCF_RELNET_NODE(e[!k].id);
		}
	}
	return 0;
}

int rcf_relation_updown_topo(const struct rcf_topo *t, struct rcf_relation *r,
			     char *err, size_t errlen)
{
	struct rcf_relnet net;
	struct rcf_relation u;
	int rc;

	if (rcf_relnet_topo(t, r->vcs, &net, err, errlen))
		return -1;
	rc = rcf_relation_updown(&net, r, &u, err, errlen);
	rcf_relnet_free(&net);
	if (!rc) {
		rcf_relation_free(r);
		*r = u;
	}
	return rc;
}
