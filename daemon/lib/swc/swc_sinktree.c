// SPDX-License-Identifier: GPL-2.0
/*
 * Routing between switches (§II C).  Each controller keeps its sinktree:
 * for every other switch one shortest branch (the switches on the way),
 * equal lengths decided by the lower line number.  Its routing table is
 * the neighbours' sinktrees as last received, one per line; a branch that
 * contains the switch itself is not used, so the table also holds the
 * alternatives that do not come back through it.  A changed sinktree is
 * sent to every neighbour, which recomputes its own and so on until
 * nothing changes.
 *
 * Consistency while the trees change: a set-up carries the switches it
 * has crossed and each controller forwards it only to a neighbour whose
 * branch avoids all of them, so a set-up never loops; at worst it finds
 * no line and fails cleanly, and is asked again.
 */
#include <string.h>

#include "swc/swc.h"

int swc_line_peer(const struct swc_net *n, int sw, int l)
{
	const struct swc_line *ln = &n->line[l];

	if (!ln->used)
		return -1;
	if (ln->sw[0] == sw)
		return ln->sw[1];
	if (ln->sw[1] == sw)
		return ln->sw[0];
	return -1;
}

static int branch_has(const struct swc_branch *b, uint32_t set)
{
	int i;

	for (i = 0; i < b->len; i++)
		if (set & (1u << b->hop[i]))
			return 1;
	return 0;
}

/* the branch to dst over line l, avoiding the switches in avoid */
static int candidate(const struct swc_net *n, int sw, int l, int dst,
		     uint32_t avoid, struct swc_branch *out)
{
	const struct swc_sw *s = &n->sw[sw];
	int peer = swc_line_peer(n, sw, l);
	const struct swc_branch *nb;

	memset(out, 0, sizeof(*out)); /* trees are compared whole */
	if (peer < 0 || !n->line[l].up || (avoid & (1u << peer)))
		return 0;
	if (peer == dst) {
		out->len = 1;
		out->hop[0] = peer;
		return 1;
	}
	if (!s->nbr_valid[l])
		return 0;
	nb = &s->nbr[l].b[dst];
	if (!nb->len || branch_has(nb, avoid) || nb->len + 1 > SWC_MAX_SW)
		return 0;
	out->len = nb->len + 1;
	out->hop[0] = peer;
	memcpy(&out->hop[1], nb->hop, nb->len);
	return 1;
}

int swc_route(const struct swc_net *n, int sw, int dst_sw, uint32_t visited)
{
	struct swc_branch b;
	int l, best = -1, blen = SWC_MAX_SW + 1;

	visited |= 1u << sw;
	for (l = 0; l < n->nline; l++)
		if (candidate(n, sw, l, dst_sw, visited, &b) && b.len < blen) {
			blen = b.len;
			best = l;
		}
	return best;
}

void swc_tree_reset(struct swc_net *n, int sw)
{
	struct swc_sw *s = &n->sw[sw];

	memset(&s->tree, 0, sizeof(s->tree));
	memset(s->nbr_valid, 0, sizeof(s->nbr_valid));
}

void swc_tree_send(struct swc_net *n, int sw, int l)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_msg m;
	int i;

	/* a tree still waiting for the line goes out as it is now */
	for (i = 0; i < s->qlen; i++) {
		struct swc_msg *q = &s->outq[(s->qhead + i) % SWC_MAX_MSGQ];

		if (q->type == SWC_M_TREE && q->line == l) {
			q->tree = s->tree;
			return;
		}
	}
	memset(&m, 0, sizeof(m));
	m.type = SWC_M_TREE;
	m.line = l;
	m.tree = n->sw[sw].tree;
	swc_bus_send(n, sw, &m);
}

static void send_tree(struct swc_net *n, int sw)
{
	int l;

	for (l = 0; l < n->nline; l++)
		if (n->line[l].up && swc_line_peer(n, sw, l) >= 0)
			swc_tree_send(n, sw, l);
}

void swc_tree_recompute(struct swc_net *n, int sw)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_tree t;
	int d, l;

	memset(&t, 0, sizeof(t));
	for (d = 0; d < n->nsw; d++) {
		struct swc_branch b;

		if (d == sw)
			continue;
		for (l = 0; l < n->nline; l++)
			if (candidate(n, sw, l, d, 1u << sw, &b) &&
			    (!t.b[d].len || b.len < t.b[d].len))
				t.b[d] = b;
	}
	if (!memcmp(&t, &s->tree, sizeof(t)))
		return;
	s->tree = t;
	send_tree(n, sw);
}

void swc_tree_recv(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];

	s->nbr[m->line] = m->tree;
	s->nbr_valid[m->line] = 1;
	n->route_gen++;
	swc_tree_recompute(n, sw);
}

/* hop counts over the live lines from sw */
static void bfs(const struct swc_net *n, int sw, int *dist)
{
	int q[SWC_MAX_SW], qh = 0, qt = 0, i, l;

	for (i = 0; i < SWC_MAX_SW; i++)
		dist[i] = -1;
	dist[sw] = 0;
	q[qt++] = sw;
	while (qh < qt) {
		int u = q[qh++];

		for (l = 0; l < n->nline; l++) {
			int v = swc_line_peer(n, u, l);

			if (v >= 0 && n->line[l].up && dist[v] < 0) {
				dist[v] = dist[u] + 1;
				q[qt++] = v;
			}
		}
	}
}

static int adjacent(const struct swc_net *n, int a, int b)
{
	int l;

	for (l = 0; l < n->nline; l++)
		if (n->line[l].up && swc_line_peer(n, a, l) == b)
			return 1;
	return 0;
}

int swc_tree_converged(const struct swc_net *n)
{
	int s, d, i, dist[SWC_MAX_SW];

	for (s = 0; s < n->nsw; s++) {
		bfs(n, s, dist);
		for (d = 0; d < n->nsw; d++) {
			const struct swc_branch *b = &n->sw[s].tree.b[d];

			if (d == s)
				continue;
			if ((dist[d] < 0 ? 0 : dist[d]) != b->len)
				return 0;
			for (i = 0; i < b->len; i++)
				if (!adjacent(n, i ? b->hop[i - 1] : s,
					      b->hop[i]))
					return 0;
		}
	}
	return 1;
}

int swc_tree_loop_free(struct swc_net *n)
{
	int s, d, i;

	for (s = 0; s < n->nsw; s++) {
		for (d = 0; d < n->nsw; d++) {
			const struct swc_branch *b = &n->sw[s].tree.b[d];
			uint32_t seen = 1u << s;
			int cur = s;

			if (d == s)
				continue;
			/* the sinktree's own branch is a simple path */
			for (i = 0; i < b->len; i++) {
				if (seen & (1u << b->hop[i]))
					return 0;
				seen |= 1u << b->hop[i];
			}
			if (b->len && b->hop[b->len - 1] != d)
				return 0;
			/* the way a set-up would go */
			seen = 1u << s;
			while (cur != d) {
				int l = swc_route(n, cur, d, seen);

				if (l < 0)
					break; /* dead end: the set-up fails */
				cur = swc_line_peer(n, cur, l);
				if (seen & (1u << cur))
					return 0;
				seen |= 1u << cur;
			}
			/* plain next-hop tables, for comparison only */
			seen = 1u << s;
			cur = s;
			while (cur != d) {
				int l = swc_route(n, cur, d, 0);

				if (l < 0)
					break;
				cur = swc_line_peer(n, cur, l);
				if (seen & (1u << cur)) {
					n->loops_seen++;
					break;
				}
				seen |= 1u << cur;
			}
		}
	}
	return 1;
}
