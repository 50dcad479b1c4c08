// SPDX-License-Identifier: GPL-2.0
/*
 * The path finder on fabrics held in memory: a chain of switches (each
 * kind of taken port, the VC, the 64-hop bound), and sp1:16 from the
 * generator (lengths against a plain BFS, paths made one after another,
 * routes in the way).  Every path found is checked two ways that share no
 * code with the finder: its ports against the rules of
 * Documentation/paths.rst, and by making its circuits and walking a packet
 * with only the first hop (rcf_graph_walk) to the destination.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "path/path_find.h"
#include "route/router.h"
#include "topo/topo_gen.h"

static struct rcf_graph *build(const struct rcf_topo *t)
{
	struct rcf_graph *g = malloc(sizeof(*g));
	char err[256];

	if (!g || rcf_graph_build(g, t, err, sizeof(err))) {
		printf("# graph: %s\n", g ? err : "no memory");
		exit(1);
	}
	return g;
}

static void put(struct rcf_graph *g)
{
	rcf_graph_free(g);
	free(g);
}

static void circuit(struct rcf_topo *t, uint32_t sw, uint32_t in, uint32_t out)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_CIRCUIT);
	rcf_set(&o, RCF_A_CIRCUIT_SWITCH, sw);
	rcf_set(&o, RCF_A_CIRCUIT_IN_PORT, in);
	rcf_set(&o, RCF_A_CIRCUIT_OUT_PORT, out);
	rcf_topo_add(t, &o);
}

static void route(struct rcf_topo *t, uint32_t src, uint32_t dst,
		  const uint8_t *hops, unsigned int n)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_ROUTE);
	rcf_set(&o, RCF_A_ROUTE_SRC, src);
	rcf_set(&o, RCF_A_ROUTE_DST, dst);
	rcf_set(&o, RCF_A_ROUTE_INDEX, 0);
	memcpy(o.hops, hops, n);
	o.nhops = (uint8_t)n;
	rcf_mark(&o, RCF_A_ROUTE_HOPS);
	rcf_topo_add(t, &o);
}

/* route i of s, as above */
static void route_of(struct rcf_topo *t, const struct rcf_routes *s, size_t i)
{
	unsigned int n;
	const uint8_t *hops = rcf_route_hops(s, &s->r[i], &n);

	route(t, s->r[i].src, s->r[i].dst, hops, n);
}

/* node 0 - switch 0 - ... - switch k-1 - node 1; port 0 in, port 1 out */
static void chain(struct rcf_topo *t, uint32_t k, uint32_t vcs)
{
	rcf_topo_init(t);
	rcf_topo_node(t, 0, 1);
	rcf_topo_node(t, 1, 1);
	for (uint32_t s = 0; s < k; s++)
		rcf_topo_switch(t, s, 4);
	rcf_topo_link(t, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0);
	for (uint32_t s = 0; s + 1 < k; s++)
		rcf_topo_link(t, RCF_ELEM_SWITCH, s, 1, RCF_ELEM_SWITCH, s + 1,
			      0);
	rcf_topo_link(t, RCF_ELEM_SWITCH, k - 1, 1, RCF_ELEM_NODE, 1, 0);
	for (size_t l = 0; l < t->v[RCF_K_LINK].n; l++)
		rcf_set(&t->v[RCF_K_LINK].o[l], RCF_A_LINK_VCS, vcs);
}

/* switch inputs where t's routes read a byte, from rcf_graph_walk */
static uint8_t *route_inputs(const struct rcf_topo *t,
			     const struct rcf_graph *g, size_t nports)
{
	uint8_t *used = calloc(nports ? nports : 1, 1);
	uint32_t chan[RCF_ROUTE_MAX_HOPS * 2], dst;
	char err[256];

	for (size_t i = 0; i < t->v[RCF_K_ROUTE].n; i++) {
		const struct rcf_obj *r = &t->v[RCF_K_ROUTE].o[i];
		int n = rcf_graph_walk(g, (uint32_t)r->v[RCF_A_ROUTE_SRC],
				       r->hops, r->nhops, chan,
				       sizeof(chan) / sizeof(chan[0]), &dst,
				       err, sizeof(err));

		for (int c = 0; c < n; c++) {
			const struct rcf_glink *l =
				&g->link[RCF_CHAN_LINK(chan[c])];
			const struct rcf_end *e =
				&l->end[!RCF_CHAN_DIR(chan[c])];

			if (e->kind != RCF_ELEM_SWITCH)
				continue;
			for (size_t v = g->nnodes; v < g->nv; v++)
				if (g->v[v].id == e->id &&
				    rcf_gport(g, (uint32_t)v, e->port)->circ <
					    0)
					used[g->v[v].first + e->port] = 1;
		}
	}
	return used;
}

/*
 * The rules, checked on t before the path is made: every switch input
 * free of circuits and of routes, every output free of circuits, and
 * the walk ends at dst after the last hop.  Then the kernel's view: with
 * the path's circuits made, one route byte carries a packet to dst.
 */
static int valid(struct rcf_topo *t, uint32_t master, uint32_t dst,
		 const uint8_t *hops, unsigned int n)
{
	struct rcf_graph *g = build(t);
	size_t nports = 0;
	uint8_t *used;
	int32_t v = g->node_vertex[master];
	uint32_t in = 0, got, chan[RCF_ROUTE_MAX_HOPS + 1];
	int ok = 1, walked;
	char err[256];

	for (size_t i = 0; i < g->nv; i++)
		nports += g->v[i].nports;
	used = route_inputs(t, g, nports);
	for (unsigned int h = 0; h < n && ok; h++) {
		uint32_t out = RCF_HOP_PORT(hops[h]);
		const struct rcf_gport *gp;

		if (h &&
		    (RCF_HOP_VC(hops[h]) || g->v[v].kind != RCF_ELEM_SWITCH ||
		     rcf_gport(g, (uint32_t)v, in)->circ >= 0 ||
		     used[g->v[v].first + in] || out == in)) {
			printf("# hop %u: switch input not free\n", h);
			ok = 0;
			break;
		}
		for (uint32_t p = 0; h && p < g->v[v].nports; p++)
			if (rcf_gport(g, (uint32_t)v, p)->circ ==
			    (int32_t)out) {
				printf("# hop %u: output taken\n", h);
				ok = 0;
			}
		gp = rcf_gport(g, (uint32_t)v, out);
		if (gp->peer < 0) {
			printf("# hop %u: no link\n", h);
			ok = 0;
			break;
		}
		if (h)
			circuit(t, g->v[v].id, in, out);
		v = gp->peer;
		in = gp->in_port;
	}
	ok = ok && g->v[v].kind == RCF_ELEM_NODE && g->v[v].id == dst;
	free(used);
	put(g);
	if (!ok)
		return 0;
	g = build(t);
	walked = rcf_graph_walk(g, master, hops, 1, chan,
				sizeof(chan) / sizeof(chan[0]), &got, err,
				sizeof(err));
	if (walked != (int)n || got != dst) {
		printf("# circuits carry the packet %d links to %u: %s\n",
		       walked, got, walked < 0 ? err : "");
		ok = 0;
	}
	put(g);
	return ok;
}

static int find(const struct rcf_topo *t, uint32_t m, uint32_t d,
		unsigned int vc, uint8_t *hops, unsigned int *n, char *err)
{
	return rcf_path_find_topo(t, m, d, vc, hops, n, err, 256);
}

/* the inputs rcf_path_mark_route() marks, against rcf_graph_walk()'s */
static void marks(void)
{
	/* circuits carry the route over switches 1 and 2 without a byte */
	static const uint8_t carried[] = {0, 1, 1, 1};
	/* switch 1's port 3 has no link: the walk stops there */
	static const uint8_t broken[] = {0, 1, 3, 1};
	struct rcf_path_marks m;
	struct rcf_graph *g;
	struct rcf_topo t;
	uint8_t *want;
	int ok, read_at[5];

	chain(&t, 5, 1);
	circuit(&t, 1, 0, 1);
	circuit(&t, 2, 0, 1);
	route(&t, 0, 1, carried, sizeof(carried));
	g = build(&t);
	ok = !rcf_path_marks_init(&m, g);
	want = route_inputs(&t, g, m.nports);
	rcf_path_mark_route(&m, g, 0, carried, sizeof(carried));
	for (uint32_t s = 0; s < 5; s++)
		read_at[s] = m.in_used[g->v[g->nnodes + s].first];
	ok = ok && want && !memcmp(m.in_used, want, m.nports) && read_at[0] &&
	     !read_at[1] && !read_at[2] && read_at[3] && read_at[4];
	tap_ok(ok, "marks: the inputs a route reads at, not those circuits "
		   "carry it through, as rcf_graph_walk() has it");
	free(want);
	rcf_path_marks_free(&m);
	put(g);
	rcf_topo_free(&t);

	chain(&t, 5, 1);
	g = build(&t);
	ok = !rcf_path_marks_init(&m, g);
	rcf_path_mark_route(&m, g, 0, broken, sizeof(broken));
	for (uint32_t s = 0; s < 5; s++)
		read_at[s] = m.in_used[g->v[g->nnodes + s].first];
	tap_ok(ok && read_at[0] && read_at[1] && !read_at[2] && !read_at[3] &&
		       !read_at[4],
	       "marks: a route to a port without a link, as far as it goes");
	rcf_path_marks_free(&m);
	put(g);
	rcf_topo_free(&t);
}

static void chains(void)
{
	uint8_t hops[RCF_ROUTE_MAX_HOPS], rh[RCF_ROUTE_MAX_HOPS];
	const uint32_t k = 5;
	unsigned int n = 0;
	struct rcf_topo t;
	char err[256];
	int ok;

	chain(&t, k, 1);
	ok = !find(&t, 0, 1, 0, hops, &n, err) && n == k + 1;
	tap_ok(ok && valid(&t, 0, 1, hops, n),
	       "chain: the path crosses every switch and is valid");
	rcf_topo_free(&t);

	chain(&t, k, 1);
	circuit(&t, 2, 0, 3);
	ok = find(&t, 0, 1, 0, hops, &n, err) && strstr(err, "no free path");
	tap_ok(ok, "chain: a circuit on a switch input it needs: no path");
	rcf_topo_free(&t);

	chain(&t, k, 1);
	circuit(&t, 2, 2, 1);
	tap_ok(find(&t, 0, 1, 0, hops, &n, err),
	       "chain: a circuit leaving by an output it needs: no path");
	rcf_topo_free(&t);

	/* a route the same way reads bytes at every input; back, at none */
	chain(&t, k, 1);
	memset(rh, 0, sizeof(rh));
	route(&t, 1, 0, rh, k + 1);
	ok = !find(&t, 0, 1, 0, hops, &n, err) && valid(&t, 0, 1, hops, n);
	rcf_topo_free(&t);
	chain(&t, k, 1);
	memset(rh + 1, 1, k);
	route(&t, 0, 1, rh, k + 1);
	tap_ok(ok && find(&t, 0, 1, 0, hops, &n, err),
	       "chain: a route the other way leaves the path free, one the "
	       "same way does not");
	rcf_topo_free(&t);

	chain(&t, k, 1);
	rcf_set(&t.v[RCF_K_LINK].o[2], RCF_A_LINK_STATE, RCF_LINK_DOWN);
	tap_ok(find(&t, 0, 1, 0, hops, &n, err), "chain: a down link: no path");
	rcf_topo_free(&t);

	chain(&t, k, 1);
	ok = find(&t, 0, 1, 1, hops, &n, err) != 0;
	rcf_topo_free(&t);
	chain(&t, k, 2);
	ok = ok && !find(&t, 0, 1, 1, hops, &n, err) &&
	     RCF_HOP_VC(hops[0]) == 1 && valid(&t, 0, 1, hops, n);
	tap_ok(ok, "chain: VC 1 needs links with 2 VCs, and rides the "
		   "first hop");
	rcf_topo_free(&t);

	/* one byte per switch and one for the master: 64 in all */
	chain(&t, RCF_ROUTE_MAX_HOPS - 1, 1);
	ok = !find(&t, 0, 1, 0, hops, &n, err) && n == RCF_ROUTE_MAX_HOPS &&
	     valid(&t, 0, 1, hops, n);
	rcf_topo_free(&t);
	chain(&t, RCF_ROUTE_MAX_HOPS, 1);
	tap_ok(ok && find(&t, 0, 1, 0, hops, &n, err),
	       "chain: 63 switches fit 64 hops, 64 switches do not");
	rcf_topo_free(&t);

	chain(&t, k, 1);
	ok = find(&t, 0, 0, 0, hops, &n, err) && strstr(err, "same node");
	ok = ok && find(&t, 0, 7, 0, hops, &n, err) && strstr(err, "no node 7");
	tap_ok(ok, "chain: same node and unknown node refused");
	rcf_topo_free(&t);

	/* two nodes wired together: a path of no circuit */
	rcf_topo_init(&t);
	rcf_topo_node(&t, 3, 2);
	rcf_topo_node(&t, 4, 1);
	rcf_topo_link(&t, RCF_ELEM_NODE, 3, 1, RCF_ELEM_NODE, 4, 0);
	ok = !find(&t, 3, 4, 0, hops, &n, err) && n == 1 &&
	     RCF_HOP_PORT(hops[0]) == 1;
	tap_ok(ok, "direct link between two nodes: one hop");
	rcf_topo_free(&t);
}

/* links from a to b over switches only (a plain BFS, nodes end it) */
static int distance(const struct rcf_graph *g, uint32_t a, uint32_t b)
{
	int32_t *d = malloc(g->nv * sizeof(*d));
	uint32_t *q = malloc(g->nv * sizeof(*q)), head = 0, tail = 0;
	int r = -1;

	for (size_t i = 0; i < g->nv; i++)
		d[i] = -1;
	d[g->node_vertex[a]] = 0;
	q[tail++] = (uint32_t)g->node_vertex[a];
	while (head < tail && r < 0) {
		uint32_t v = q[head++];

		if (g->v[v].kind == RCF_ELEM_NODE && v != q[0])
			continue;
		for (uint32_t p = 0; p < g->v[v].nports; p++) {
			int32_t w = rcf_gport(g, v, p)->peer;

			if (w < 0 || d[w] >= 0)
				continue;
			d[w] = d[v] + 1;
			if (w == g->node_vertex[b])
				r = d[w];
			q[tail++] = (uint32_t)w;
		}
	}
	free(d);
	free(q);
	return r;
}

static void sp1(void)
{
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	struct rcf_topo t;
	struct rcf_graph *g;
	struct rcf_routes rs;
	struct rcf_route_conf sp1;
	struct rcf_route_in in = {0};
	unsigned int n;
	uint32_t nodes, made = 0, refused = 0;
	char err[256];
	int ok = 1;

	rcf_topo_generate("sp1:16", &t, err, sizeof(err));
	g = build(&t);
	nodes = (uint32_t)g->nnodes;
	for (uint32_t a = 0; a < nodes && ok; a++)
		for (uint32_t b = 0; b < nodes && ok; b++) {
			if (a == b)
				continue;
			ok = !find(&t, a, b, 0, hops, &n, err) &&
			     (int)n == distance(g, a, b);
			if (!ok)
				printf("# %u -> %u: %s\n", a, b, err);
		}
	tap_ok(ok, "sp1:16: every pair has a path as short as the BFS "
		   "distance");

	/*
	 * Paths made one after another, each in the fabric the ones before
	 * left: each must be valid there.
	 */
	ok = 1;
	for (uint32_t a = 0; a < nodes && ok; a++) {
		uint32_t b = (a + nodes / 2) % nodes;

		if (find(&t, a, b, 0, hops, &n, err)) {
			refused++;
			continue;
		}
		ok = valid(&t, a, b, hops, n);
		made++;
	}
	printf("# %u paths made, %u refused\n", made, refused);
	tap_ok(ok && made > 1,
	       "sp1:16: paths made one after another avoid the ports the "
	       "others hold");
	/* the first master's port now leads into a circuit */
	tap_ok(find(&t, 0, nodes / 2, 0, hops, &n, err),
	       "sp1:16: a second path from the same master port is refused");
	rcf_topo_free(&t);

	/* the full SP1 route set reads bytes at every node's first switch */
	rcf_topo_generate("sp1:16", &t, err, sizeof(err));
	rcf_routes_init(&rs);
	in.g = g;
	rcf_route_conf_init(&sp1, rcf_router_find("sp1"));
	ok = !rcf_route_compute(&in, &sp1, &rs, err, sizeof(err));
	for (size_t i = 0; ok && i < rs.n; i++)
		if (rs.r[i].src == 0)
			route_of(&t, &rs, i);
	/* node 0's routes only: node 0 is blocked, node 1 is not */
	ok = ok && find(&t, 0, 15, 0, hops, &n, err) &&
	     !find(&t, 1, 15, 0, hops, &n, err) && valid(&t, 1, 15, hops, n);
	tap_ok(ok, "sp1:16: routes from node 0 block its paths, and paths "
		   "of others go round what they read");
	for (size_t i = 0; i < rs.n; i++)
		if (rs.r[i].src != 0)
			route_of(&t, &rs, i);
	tap_ok(find(&t, 1, 15, 0, hops, &n, err),
	       "sp1:16: with every route installed no path is free");
	rcf_routes_free(&rs);
	rcf_topo_free(&t);
	put(g);
}

int main(void)
{
	tap_plan(16);
	marks();
	chains();
	sp1();
	return tap_done();
}
