// SPDX-License-Identifier: GPL-2.0
/*
 * Deadlock checks of routing relations.  Duato's condition (J. Duato, "A
 * new theory of deadlock-free adaptive routing in wormhole networks",
 * IEEE TPDS 4(12), 1993) for a routing function of the switch and the
 * destination: some subset C1 of the channels must route every packet
 * on its own and have an acyclic extended dependency graph, whose arcs
 * are the direct dependencies between C1 channels and the indirect ones
 * through channels outside C1.  Packets here choose once at each switch
 * and may fall back on an escape candidate at every switch, which is the
 * form the theory covers.  Arcs are collected per destination and
 * sorted, so memory follows the distinct arcs, not channels squared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_check.h"
#include "util/errf.h"

int rcf_relnet_grid(const struct rcf_relation_grid *g, int vcs,
		    struct rcf_relnet *net, char *err, size_t errlen)
{
	uint32_t n = g->x * g->y, np = g->node_port + 1;

	net->nsw = n;
	net->nports = np < 4 ? 4 : np;
	net->vcs = vcs;
	net->peer = malloc((size_t)n * net->nports * sizeof(*net->peer));
	net->pport = malloc((size_t)n * net->nports * sizeof(*net->pport));
	if (!net->peer || !net->pport) {
		rcf_relnet_free(net);
		return rcf_errf(err, errlen, "relation check: out of memory");
	}
	for (uint32_t sw = 0; sw < n; sw++) {
		uint32_t x = sw % g->x, y = sw / g->x;
		int32_t *p = &net->peer[(size_t)sw * net->nports];
		int32_t *q = &net->pport[(size_t)sw * net->nports];

		/* +X of one switch is -X of the next, as +Y and -Y */
		for (uint32_t i = 0; i < net->nports; i++) {
			p[i] = RCF_RELNET_NONE;
			q[i] = i < 4 ? (int32_t)(i ^ 1) : -1;
		}
		if (g->wrap || x + 1 < g->x)
			p[0] = (int32_t)(y * g->x + (x + 1) % g->x);
		if (g->wrap || x > 0)
			p[1] = (int32_t)(y * g->x + (x + g->x - 1) % g->x);
		if (g->wrap || y + 1 < g->y)
			p[2] = (int32_t)(((y + 1) % g->y) * g->x + x);
		if (g->wrap || y > 0)
			p[3] = (int32_t)(((y + g->y - 1) % g->y) * g->x + x);
		p[g->node_port] = RCF_RELNET_NODE(sw);
	}
	return 0;
}

void rcf_relnet_free(struct rcf_relnet *net)
{
	free(net->peer);
	free(net->pport);
	net->peer = NULL;
	net->pport = NULL;
}

int32_t rcf_relnet_node_port(const struct rcf_relnet *net, uint32_t sw)
{
	for (uint32_t p = 0; p < net->nports; p++)
		if (rcf_relnet_peer(net, sw, p) == RCF_RELNET_NODE(sw))
			return (int32_t)p;
	return -1;
}

struct arcs {
	uint64_t *a;
	size_t n, cap;
};

static int cmp64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static void uniq(struct arcs *s)
{
	size_t k = 0;

	if (!s->n)
		return;
	qsort(s->a, s->n, sizeof(*s->a), cmp64);
	for (size_t i = 0; i < s->n; i++)
		if (!k || s->a[i] != s->a[k - 1])
			s->a[k++] = s->a[i];
	s->n = k;
}

static int push(struct arcs *s, uint32_t from, uint32_t to)
{
	if (s->n == s->cap) {
		uniq(s);
		if (s->n * 2 >= s->cap) {
			size_t cap = s->cap ? 2 * s->cap : 1 << 16;
			uint64_t *a = realloc(s->a, cap * sizeof(*a));

			if (!a)
				return -1;
			s->a = a;
			s->cap = cap;
		}
	}
	s->a[s->n++] = (uint64_t)from << 32 | to;
	return 0;
}

struct ctx {
	const struct rcf_relnet *net;
	const struct rcf_relation *r;
	/* by input (in_collect): by switch * nports + port */
	uint8_t *live;	 /* a packet for d can be there */
	uint8_t *good;	 /* it reaches d by C1 from there */
	uint32_t *used;	 /* by channel: d + 1 when it carries d */
	uint8_t *c1;	 /* by channel: in the escape subnetwork */
	uint32_t *q;	 /* BFS queue, by switch */
	uint8_t *reach;	 /* by switch: reaches the destination by C1 */
	uint32_t *seen;	 /* BFS stamps, by switch */
	uint32_t *ext;	 /* C1 channels a packet may ask for next */
	uint32_t *stamp; /* by channel: last (t, d) it was added for */
	uint32_t next_stamp;
	/* C1 channels into each switch for one destination (inbound()) */
	size_t *in_start, *in_fill;
	uint32_t *in_ch;
};

/* Arcs from channel ch to the first nx of c->ext. */
static int push_ext(const struct ctx *c, struct arcs *s, uint32_t ch,
		    uint32_t nx, char *err, size_t errlen)
{
	for (uint32_t i = 0; i < nx; i++)
		if (push(s, ch, c->ext[i]))
			return rcf_errf(err, errlen,
					"relation check: out of memory");
	return 0;
}

static const struct rcf_relation_ent *ent(const struct ctx *c, uint32_t sw,
					  uint32_t d)
{
	return &c->r->ent[(size_t)sw * c->net->nsw + d];
}

static uint32_t chan(const struct rcf_relnet *net, uint32_t sw, uint8_t hop)
{
	return (uint32_t)(((size_t)sw * net->nports + RCF_HOP_PORT(hop)) *
				  net->vcs +
			  RCF_HOP_VC(hop));
}

static int32_t peer(const struct rcf_relnet *net, uint32_t sw, uint8_t hop)
{
	return rcf_relnet_peer(net, sw, RCF_HOP_PORT(hop));
}

static void name_chan(const struct rcf_relnet *net, uint32_t ch, char *buf,
		      size_t len)
{
	uint32_t vc = ch % (uint32_t)net->vcs, sp = ch / (uint32_t)net->vcs;

	snprintf(buf, len, "switch %u port %u vc %u", sp / net->nports,
		 sp % net->nports, vc);
}

/*
 * Every list well formed: ports wired, VCs there, at least one escape
 * unless the relation has none at all (a turn model).
 */
static int valid(const struct ctx *c, int turn, char *err, size_t errlen)
{
	uint32_t n = c->net->nsw;

	if (c->r->n != (size_t)n * n)
		return rcf_errf(err, errlen,
				"relation check: %zu lists for %u switches "
				"(want one per switch and destination)",
				c->r->n, n);
	for (uint32_t sw = 0; sw < n; sw++)
		for (uint32_t d = 0; d < n; d++) {
			const struct rcf_relation_ent *e = ent(c, sw, d);
			int esc = 0;

			if (e->sw != sw || e->dst != d)
				return rcf_errf(err, errlen,
						"relation check: lists out of "
						"order at switch %u",
						sw);
			for (int k = 0; k < e->n; k++) {
				uint8_t h = e->hop[k];

				if (RCF_HOP_PORT(h) >= c->net->nports ||
				    peer(c->net, sw, h) == RCF_RELNET_NONE ||
				    RCF_HOP_VC(h) >= c->net->vcs)
					return rcf_errf(
						err, errlen,
						"relation check: switch %u "
						"destination %u: port %u vc "
						"%u leads nowhere",
						sw, d, RCF_HOP_PORT(h),
						RCF_HOP_VC(h));
				esc |= e->cls[k] == RCF_RELATION_ESCAPE;
			}
			if (!esc && !turn && d != sw)
				return rcf_errf(err, errlen,
						"relation check: switch %u "
						"destination %u: no escape "
						"candidate",
						sw, d);
		}
	return 0;
}

/* Every switch reaches d by C1 channels alone. */
static int connected(struct ctx *c, uint32_t d, char *err, size_t errlen)
{
	uint32_t n = c->net->nsw, changed = 1;
	uint8_t *reach = c->reach;

	/* the node link is no part of a cycle: arriving is enough */
	memset(reach, 0, n);
	reach[d] = 1;
	while (changed) {
		changed = 0;
		for (uint32_t sw = 0; sw < n; sw++) {
			const struct rcf_relation_ent *e = ent(c, sw, d);

			for (int k = 0; !reach[sw] && k < e->n; k++) {
				int32_t p = peer(c->net, sw, e->hop[k]);

				if (!c->c1[chan(c->net, sw, e->hop[k])])
					continue;
				if (p == RCF_RELNET_NODE(d) ||
				    (p >= 0 && reach[p]))
					reach[sw] = changed = 1;
			}
		}
	}
	for (uint32_t sw = 0; sw < n; sw++)
		if (!reach[sw])
			return rcf_errf(err, errlen,
					"relation check: switch %u does not "
					"reach node %u by escape channels",
					sw, d);
	return 0;
}

/*
 * The C1 channels a packet for d arriving at switch t may ask for next:
 * at t, and at every switch channels outside C1 take it to first.
 */
static uint32_t next_c1(struct ctx *c, uint32_t t, uint32_t d)
{
	uint32_t head = 0, tail = 0, nx = 0, st = ++c->next_stamp;

	c->q[tail++] = t;
	c->seen[t] = st;
	while (head < tail) {
		uint32_t u = c->q[head++];
		const struct rcf_relation_ent *e = ent(c, u, d);

		for (int k = 0; k < e->n; k++) {
			uint32_t ch = chan(c->net, u, e->hop[k]);
			int32_t p = peer(c->net, u, e->hop[k]);

			if (c->c1[ch]) {
				if (c->stamp[ch] != st) {
					c->stamp[ch] = st;
					c->ext[nx++] = ch;
				}
			} else if (p >= 0 && c->seen[p] != st) {
				c->seen[p] = st;
				c->q[tail++] = (uint32_t)p;
			}
		}
	}
	return nx;
}

/*
 * The C1 channels some list for d sends into each switch, bucketed by
 * that switch (a counting sort), so each (t, d) costs its own lists only
 * rather than a scan of every switch's.
 */
static void inbound(struct ctx *c, uint32_t d)
{
	uint32_t n = c->net->nsw;

	memset(c->in_start, 0, (n + 1) * sizeof(*c->in_start));
	for (uint32_t sw = 0; sw < n; sw++) {
		const struct rcf_relation_ent *e = ent(c, sw, d);

		for (int k = 0; k < e->n; k++) {
			int32_t p = peer(c->net, sw, e->hop[k]);

			if (p >= 0 && c->c1[chan(c->net, sw, e->hop[k])])
				c->in_start[p + 1]++;
		}
	}
	for (uint32_t t = 0; t < n; t++)
		c->in_start[t + 1] += c->in_start[t];
	memcpy(c->in_fill, c->in_start, n * sizeof(*c->in_fill));
	for (uint32_t sw = 0; sw < n; sw++) {
		const struct rcf_relation_ent *e = ent(c, sw, d);

		for (int k = 0; k < e->n; k++) {
			int32_t p = peer(c->net, sw, e->hop[k]);
			uint32_t ch = chan(c->net, sw, e->hop[k]);

			if (p >= 0 && c->c1[ch])
				c->in_ch[c->in_fill[p]++] = ch;
		}
	}
}

static int collect(struct ctx *c, struct arcs *s, char *err, size_t errlen)
{
	uint32_t n = c->net->nsw;

	for (uint32_t d = 0; d < n; d++) {
		if (connected(c, d, err, errlen))
			return -1;
		inbound(c, d);
		for (uint32_t t = 0; t < n; t++) {
			uint32_t nx;

			if (t == d || c->in_start[t] == c->in_start[t + 1])
				continue;
			nx = next_c1(c, t, d);
			for (size_t j = c->in_start[t]; j < c->in_start[t + 1];
			     j++)
				if (push_ext(c, s, c->in_ch[j], nx, err,
					     errlen))
					return -1;
		}
	}
	uniq(s);
	return 0;
}

/*
 * A place a packet for d can be at: a switch, the input port it came in
 * by and the VC it came in on, x = (switch * nports + port) * vcs + vc.
 */
static uint32_t place(const struct rcf_relnet *net, uint32_t sw, uint32_t ip,
		      uint32_t vc)
{
	return (sw * net->nports + ip) * (uint32_t)net->vcs + vc;
}

/* Whether candidate k of e may be taken by a packet in by port ip on vc. */
static int allowed(const struct rcf_relation_ent *e, int k, uint32_t ip,
		   uint32_t vc)
{
	return (!e->in[k] || (e->in[k] >> ip & 1)) &&
	       (!e->vin[k] || (e->vin[k] >> vc & 1));
}

/* The VC candidate k of e sends a packet on that came in on vc. */
static uint32_t out_vc(const struct rcf_relation_ent *e, int k, uint32_t vc)
{
	return e->keep[k] ? vc : RCF_HOP_VC(e->hop[k]);
}

/*
 * Candidate k of e at place x: its channel into *ch and the place it
 * leads to into *y; 0 when it leads to no switch (a node).
 */
static int step(const struct rcf_relnet *net, const struct rcf_relation_ent *e,
		int k, uint32_t x, uint32_t *ch, uint32_t *y)
{
	uint32_t vcs = (uint32_t)net->vcs, t = x / vcs / net->nports;
	uint32_t v = out_vc(e, k, x % vcs);
	size_t at = (size_t)t * net->nports + RCF_HOP_PORT(e->hop[k]);
	int32_t p = net->peer[at];

	*ch = chan(net, t, RCF_HOP(RCF_HOP_PORT(e->hop[k]), v));
	if (p < 0)
		return 0;
	*y = place(net, (uint32_t)p, (uint32_t)net->pport[at], v);
	return 1;
}

/*
 * Where a packet for d can be: from every switch's node port on VC 0
 * (what a node sends on), along every candidate its input allows.  A
 * place without a candidate for it is a dead end.
 */
static int in_live(struct ctx *c, uint32_t d, char *err, size_t errlen)
{
	const struct rcf_relnet *net = c->net;
	uint32_t np = net->nports, vcs = (uint32_t)net->vcs;
	uint32_t head = 0, tail = 0;

	memset(c->live, 0, (size_t)net->nsw * np * vcs);
	for (uint32_t sw = 0; sw < net->nsw; sw++)
		for (uint32_t ip = 0; ip < np; ip++)
			if (net->peer[(size_t)sw * np + ip] ==
			    RCF_RELNET_NODE(sw)) {
				c->live[place(net, sw, ip, 0)] = 1;
				c->q[tail++] = place(net, sw, ip, 0);
			}
	while (head < tail) {
		uint32_t x = c->q[head++], t = x / vcs / np, n = 0;
		const struct rcf_relation_ent *e = ent(c, t, d);

		for (int k = 0; k < e->n; k++) {
			uint32_t ch, y;

			if (!allowed(e, k, x / vcs % np, x % vcs))
				continue;
			n++;
			if (!step(net, e, k, x, &ch, &y))
				continue;
			c->used[ch] = d + 1;
			if (!c->live[y]) {
				c->live[y] = 1;
				c->q[tail++] = y;
			}
		}
		if (!n)
			return rcf_errf(err, errlen,
					"relation check: switch %u destination "
					"%u: no candidate for a packet in by "
					"port %u vc %u",
					t, d, x / vcs % np, x % vcs);
	}
	return 0;
}

/* Every place a packet for d can be reaches d by C1 channels alone. */
static int in_connected(struct ctx *c, uint32_t d, char *err, size_t errlen)
{
	const struct rcf_relnet *net = c->net;
	uint32_t np = net->nports, vcs = (uint32_t)net->vcs;
	uint32_t nst = net->nsw * np * vcs, changed = 1;

	memset(c->good, 0, nst);
	while (changed) {
		changed = 0;
		for (uint32_t x = 0; x < nst; x++) {
			const struct rcf_relation_ent *e =
				ent(c, x / vcs / np, d);

			for (int k = 0; c->live[x] && !c->good[x] && k < e->n;
			     k++) {
				uint32_t ch, y;
				int sw;

				if (!allowed(e, k, x / vcs % np, x % vcs))
					continue;
				sw = step(net, e, k, x, &ch, &y);
				if (!c->c1[ch])
					continue;
				if (sw ? c->good[y]
				       : rcf_relnet_peer(
						 net, x / vcs / np,
						 RCF_HOP_PORT(e->hop[k])) ==
						    RCF_RELNET_NODE(d))
					c->good[x] = changed = 1;
			}
		}
	}
	for (uint32_t x = 0; x < nst; x++)
		if (c->live[x] && !c->good[x])
			return rcf_errf(err, errlen,
					"relation check: switch %u, in by port "
					"%u vc %u, does not reach node %u by "
					"escape channels",
					x / vcs / np, x / vcs % np, x % vcs, d);
	return 0;
}

/*
 * The C1 channels a packet for d at place x may ask for next: there,
 * and wherever channels outside C1 take it first.
 */
static uint32_t in_next_c1(struct ctx *c, uint32_t x, uint32_t d)
{
	const struct rcf_relnet *net = c->net;
	uint32_t np = net->nports, vcs = (uint32_t)net->vcs;
	uint32_t head = 0, tail = 0, nx = 0, st = ++c->next_stamp;

	c->q[tail++] = x;
	c->seen[x] = st;
	while (head < tail) {
		uint32_t u = c->q[head++];
		const struct rcf_relation_ent *e = ent(c, u / vcs / np, d);

		for (int k = 0; k < e->n; k++) {
			uint32_t ch, y;
			int sw;

			if (!allowed(e, k, u / vcs % np, u % vcs))
				continue;
			sw = step(net, e, k, u, &ch, &y);
			if (c->c1[ch]) {
				if (c->stamp[ch] != st) {
					c->stamp[ch] = st;
					c->ext[nx++] = ch;
				}
				continue;
			}
			if (sw && c->seen[y] != st) {
				c->seen[y] = st;
				c->q[tail++] = y;
			}
		}
	}
	return nx;
}

/*
 * The arcs by input: the C1 channel that carries packets for d into
 * place x (the place names its channel: the link in and the VC) depends
 * on what they may ask for from x.
 */
static int in_collect(struct ctx *c, struct arcs *s, char *err, size_t errlen)
{
	const struct rcf_relnet *net = c->net;
	uint32_t np = net->nports, vcs = (uint32_t)net->vcs;

	for (uint32_t d = 0; d < net->nsw; d++) {
		if (in_live(c, d, err, errlen) ||
		    in_connected(c, d, err, errlen))
			return -1;
		for (uint32_t x = 0; x < net->nsw * np * vcs; x++) {
			size_t at = x / vcs;
			int32_t u = net->peer[at], q = net->pport[at];
			uint32_t ch, nx;

			if (!c->live[x] || u < 0 || q < 0 || at / np == d)
				continue;
			ch = chan(net, (uint32_t)u,
				  RCF_HOP((uint32_t)q, x % vcs));
			if (!c->c1[ch] || c->used[ch] != d + 1)
				continue;
			nx = in_next_c1(c, x, d);
			if (push_ext(c, s, ch, nx, err, errlen))
				return -1;
		}
	}
	uniq(s);
	return 0;
}

/*
 * Kahn's algorithm over the sorted arcs; a channel left over has a
 * predecessor left over, so walking back from one finds a cycle.
 */
static int acyclic(const struct arcs *s, uint32_t nch,
		   const struct rcf_relnet *net, char *err, size_t errlen)
{
	size_t *start = calloc((size_t)nch + 1, sizeof(*start));
	uint32_t *in = calloc(nch, sizeof(*in)), *q = malloc(nch * sizeof(*q));
	uint32_t *pred = malloc(nch * sizeof(*pred));
	uint32_t head = 0, tail = 0, at;
	int rc = 0;

	if (!start || !in || !q || !pred) {
		rc = rcf_errf(err, errlen, "relation check: out of memory");
		goto out;
	}
	for (size_t i = 0; i < s->n; i++) {
		start[(s->a[i] >> 32) + 1]++;
		in[(uint32_t)s->a[i]]++;
	}
	for (uint32_t a = 0; a < nch; a++)
		start[a + 1] += start[a];
	for (uint32_t a = 0; a < nch; a++)
		if (!in[a])
			q[tail++] = a;
	while (head < tail) {
		uint32_t a = q[head++];

		for (size_t i = start[a]; i < start[a + 1]; i++)
			if (!--in[(uint32_t)s->a[i]])
				q[tail++] = (uint32_t)s->a[i];
	}
	if (tail == nch)
		goto out;
	/* a left-over channel's left-over predecessor, for each */
	for (size_t i = 0; i < s->n; i++) {
		uint32_t a = s->a[i] >> 32, b = (uint32_t)s->a[i];

		if (in[a] && in[b])
			pred[b] = a;
	}
	for (at = 0; !in[at]; at++)
		;
	memset(q, 0, nch * sizeof(*q));
	for (uint32_t k = 1; !q[at]; k++) {
		q[at] = k;
		at = pred[at];
	}
	{
		/* at is on the cycle; walk it forward by the stored preds */
		uint32_t cyc[64], len = 0, c = at;
		size_t used;
		char name[80];

		do {
			if (len < 64)
				cyc[len] = c;
			len++;
			c = pred[c];
		} while (c != at);
		used = (size_t)snprintf(err, errlen,
					"relation check: a cycle of %u "
					"channels:",
					len);
		for (uint32_t i = len < 64 ? len : 64;
		     i-- > 0 && used < errlen;) {
			name_chan(net, cyc[i], name, sizeof(name));
			used += (size_t)snprintf(err + used, errlen - used,
						 " %s ->", name);
		}
		if (used < errlen) {
			name_chan(net, cyc[(len < 64 ? len : 64) - 1], name,
				  sizeof(name));
			snprintf(err + used, errlen - used, " %s", name);
		}
	}
	rc = -1;
out:
	free(start);
	free(in);
	free(q);
	free(pred);
	return rc;
}

/* Candidate k's channels in C1: with keep, on each VC it is taken on. */
static void mark_c1(struct ctx *c, const struct rcf_relation_ent *e, int k)
{
	for (int v = 0; v < c->net->vcs; v++)
		if (e->keep[k] ? !e->vin[k] || (e->vin[k] >> v & 1)
			       : v == RCF_HOP_VC(e->hop[k]))
			c->c1[chan(c->net, e->sw,
				   RCF_HOP(RCF_HOP_PORT(e->hop[k]), v))] = 1;
}

int rcf_relation_check(const struct rcf_relnet *net,
		       const struct rcf_relation *r, char *err, size_t errlen)
{
	uint32_t n = net->nsw, nch = n * net->nports * (uint32_t)net->vcs;
	uint32_t nst = n * net->nports * (uint32_t)net->vcs;
	struct ctx c = {.net = net, .r = r};
	struct arcs s = {0};
	int rc = -1, esc = 0, masked = 0;

	for (size_t i = 0; i < r->n; i++)
		for (int k = 0; k < r->ent[i].n; k++) {
			esc |= r->ent[i].cls[k] == RCF_RELATION_ESCAPE;
			masked |= r->ent[i].in[k] || r->ent[i].vin[k] ||
				  r->ent[i].keep[k];
		}
	if (valid(&c, !esc, err, errlen))
		return -1;
	c.c1 = calloc(nch, 1);
	c.q = calloc(nst, sizeof(*c.q));
	c.reach = calloc(n, 1);
	c.seen = calloc(nst, sizeof(*c.seen));
	c.ext = calloc(nch, sizeof(*c.ext));
	c.stamp = calloc(nch, sizeof(*c.stamp));
	c.live = calloc(nst, 1);
	c.good = calloc(nst, 1);
	c.used = calloc(nch, sizeof(*c.used));
	c.in_start = calloc((size_t)n + 1, sizeof(*c.in_start));
	c.in_fill = calloc((size_t)n + 1, sizeof(*c.in_fill));
	c.in_ch =
		calloc((size_t)n * RCF_RELATION_MAX_CAND + 1, sizeof(*c.in_ch));
	if (!c.c1 || !c.q || !c.reach || !c.seen || !c.ext || !c.stamp ||
	    !c.live || !c.good || !c.used || !c.in_start || !c.in_fill ||
	    !c.in_ch) {
		rcf_errf(err, errlen, "relation check: out of memory");
		goto out;
	}
	/* a turn model has no escape: every channel it uses is C1 */
	for (size_t i = 0; i < r->n; i++)
		for (int k = 0; k < r->ent[i].n; k++)
			if (!esc || r->ent[i].cls[k] == RCF_RELATION_ESCAPE)
				mark_c1(&c, &r->ent[i], k);
	if (masked || !esc ? !in_collect(&c, &s, err, errlen)
			   : !collect(&c, &s, err, errlen))
		rc = acyclic(&s, nch, net, err, errlen);
out:
	free(s.a);
	free(c.c1);
	free(c.q);
	free(c.reach);
	free(c.seen);
	free(c.ext);
	free(c.stamp);
	free(c.live);
	free(c.good);
	free(c.used);
	free(c.in_start);
	free(c.in_fill);
	free(c.in_ch);
	return rc;
}
