// SPDX-License-Identifier: GPL-2.0
/*
 * Generator tests: element and link counts, degrees, port use, and
 * connectivity for every generator and every SP1 size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "topo/topo_gen.h"

struct graph {
	uint32_t nn, ns;  /* element count per kind; vertex = node or nn+sw */
	uint32_t *deg;	  /* links per vertex */
	int8_t *port_use; /* (vertex, port) -> times used */
	uint32_t *adj;	  /* 32 neighbours per vertex */
	int bad;	  /* reason the fabric is malformed, 0 if none */
};

static uint32_t vtx(const struct graph *g, uint8_t kind, uint32_t id)
{
	return kind == RCF_ELEM_NODE ? id : g->nn + id;
}

static void graph_build(struct graph *g, const struct rcf_topo *t)
{
	uint32_t nv;

	g->nn = t->v[RCF_K_NODE].n;
	g->ns = t->v[RCF_K_SWITCH].n;
	nv = g->nn + g->ns;
	g->deg = calloc(nv, sizeof(*g->deg));
	g->port_use = calloc((size_t)nv * 32, 1);
	g->adj = calloc((size_t)nv * 32, sizeof(*g->adj));
	g->bad = 0;
	for (uint32_t i = 0; i < g->nn; i++)
		if (t->v[RCF_K_NODE].o[i].v[RCF_A_NODE_ID] != i)
			g->bad = 1;
	for (uint32_t i = 0; i < g->ns; i++)
		if (t->v[RCF_K_SWITCH].o[i].v[RCF_A_SWITCH_ID] != i)
			g->bad = 2;
	for (size_t l = 0; l < t->v[RCF_K_LINK].n; l++) {
		const struct rcf_obj *o = &t->v[RCF_K_LINK].o[l];
		uint32_t v[2];

		if (o->v[RCF_A_LINK_ID] != l)
			g->bad = 3;
		for (int e = 0; e < 2; e++) {
			const struct rcf_end *end = &o->end[e];
			uint32_t lim =
				end->kind == RCF_ELEM_NODE ? g->nn : g->ns;
			const struct rcf_obj *el;

			if (end->id >= lim) {
				g->bad = 4;
				return;
			}
			el = end->kind == RCF_ELEM_NODE
				     ? &t->v[RCF_K_NODE].o[end->id]
				     : &t->v[RCF_K_SWITCH].o[end->id];
			if (end->port >= el->v[RCF_A_NODE_PORTS] &&
			    end->port >= el->v[RCF_A_SWITCH_PORTS])
				g->bad = 5;
			v[e] = vtx(g, end->kind, end->id);
			if (end->port >= 32 ||
			    g->port_use[v[e] * 32 + end->port]++)
				g->bad = 6;
		}
		if (v[0] == v[1])
			g->bad = 7;
		g->adj[v[0] * 32 + g->deg[v[0]]++] = v[1];
		g->adj[v[1] * 32 + g->deg[v[1]]++] = v[0];
	}
}

static void graph_free(struct graph *g)
{
	free(g->deg);
	free(g->port_use);
	free(g->adj);
}

/* BFS from vertex 0; counts vertices reached */
static uint32_t reached(const struct graph *g)
{
	uint32_t nv = g->nn + g->ns, head = 0, tail = 0, cnt;
	uint32_t *q = malloc(nv * sizeof(*q));
	char *seen = calloc(nv, 1);

	q[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		uint32_t u = q[head++];

		for (uint32_t i = 0; i < g->deg[u]; i++) {
			uint32_t w = g->adj[u * 32 + i];

			if (!seen[w]) {
				seen[w] = 1;
				q[tail++] = w;
			}
		}
	}
	cnt = tail;
	free(q);
	free(seen);
	return cnt;
}

static void check_nodes_only(const char *spec, uint32_t nodes, uint32_t links,
			     uint32_t ports)
{
	struct rcf_topo t;
	struct graph g;
	char err[256], name[128];
	int degs_ok = 1;

	rcf_topo_generate(spec, &t, err, sizeof(err));
	graph_build(&g, &t);
	snprintf(name, sizeof(name), "%s: %u nodes, 0 switches, %u links", spec,
		 nodes, links);
	tap_ok(t.v[RCF_K_NODE].n == nodes && t.v[RCF_K_SWITCH].n == 0 &&
		       t.v[RCF_K_LINK].n == links && !g.bad,
	       name);
	for (uint32_t i = 0; i < g.nn; i++)
		if (t.v[RCF_K_NODE].o[i].v[RCF_A_NODE_PORTS] != ports)
			degs_ok = 0;
	if (!strncmp(spec, "mesh", 4)) {
		uint32_t x = atoi(spec + 5), y = atoi(strchr(spec, 'x') + 1);

		for (uint32_t i = 0; i < g.nn; i++) {
			uint32_t c = i % x, r = i / x;
			uint32_t d =
				(c > 0) + (c + 1 < x) + (r > 0) + (r + 1 < y);

			if (g.deg[i] != d)
				degs_ok = 0;
		}
	} else {
		for (uint32_t i = 0; i < g.nn; i++)
			if (g.deg[i] != ports)
				degs_ok = 0;
	}
	snprintf(name, sizeof(name),
		 "%s: every node has %u ports, degrees right", spec, ports);
	tap_ok(degs_ok, name);
	snprintf(name, sizeof(name), "%s: connected", spec);
	tap_ok(reached(&g) == nodes, name);
	graph_free(&g);
	rcf_topo_free(&t);
}

static void check_hypercube_ports(void)
{
	struct rcf_topo t;
	char err[256];
	int ok = 1;

	rcf_topo_generate("hypercube:4", &t, err, sizeof(err));
	for (size_t l = 0; l < t.v[RCF_K_LINK].n; l++) {
		const struct rcf_obj *o = &t.v[RCF_K_LINK].o[l];
		uint32_t d = o->end[0].port;

		if (o->end[1].port != d ||
		    (o->end[0].id ^ o->end[1].id) != (1u << d))
			ok = 0;
	}
	tap_ok(ok, "hypercube:4: port i joins ids differing in bit i");
	rcf_topo_free(&t);
}

/* Expected per-size counts; Documentation/sp1-topologies.rst has the table. */
static const struct {
	uint32_t nodes, switches, links, free_ports;
} sp1[] = {
	{16, 8, 32, 16},   {32, 16, 80, 0},	  {64, 48, 224, 0},
	{128, 96, 448, 0}, {256, 256, 1024, 256}, {512, 512, 2304, 0},
};

/*
 * Whether a switch port should be free by the documentation: second-stage
 * right ports of the single board of sp1:16 and of the second-stage boards
 * of sp1:256.
 */
static int sp1_port_free(uint32_t nodes, uint32_t sw, uint32_t port)
{
	uint32_t board = sw / 8, c = sw % 8;

	if (c < 4 || port < 4)
		return 0;
	return nodes == 16 || (nodes == 256 && board >= 16);
}

static void check_sp1(int i)
{
	struct rcf_topo t;
	struct graph g;
	char spec[16], err[256], name[160];
	uint32_t free_ports = 0;
	int ports_ok = 1;

	snprintf(spec, sizeof(spec), "sp1:%u", sp1[i].nodes);
	if (rcf_topo_generate(spec, &t, err, sizeof(err))) {
		tap_ok(0, err);
		return;
	}
	graph_build(&g, &t);
	snprintf(name, sizeof(name), "%s: %u nodes, %u switches, %u links",
		 spec, sp1[i].nodes, sp1[i].switches, sp1[i].links);
	tap_ok(t.v[RCF_K_NODE].n == sp1[i].nodes &&
		       t.v[RCF_K_SWITCH].n == sp1[i].switches &&
		       t.v[RCF_K_LINK].n == sp1[i].links && !g.bad,
	       name);
	for (uint32_t s = 0; s < g.ns; s++) {
		if (t.v[RCF_K_SWITCH].o[s].v[RCF_A_SWITCH_PORTS] != 8)
			ports_ok = 0;
		for (uint32_t p = 0; p < 8; p++) {
			int used = g.port_use[(g.nn + s) * 32 + p];

			if (used != !sp1_port_free(sp1[i].nodes, s, p))
				ports_ok = 0;
			free_ports += !used;
		}
	}
	for (uint32_t n = 0; n < g.nn; n++)
		if (g.deg[n] != 1 ||
		    t.v[RCF_K_NODE].o[n].v[RCF_A_NODE_PORTS] != 1)
			ports_ok = 0;
	snprintf(name, sizeof(name),
		 "%s: 8-port chips, every port used as documented, %u free",
		 spec, sp1[i].free_ports);
	tap_ok(ports_ok && free_ports == sp1[i].free_ports, name);
	/*
	 * Nodes have one port, so they cannot relay: a connected graph means
	 * every node reaches every other through switches.
	 */
	snprintf(name, sizeof(name), "%s: connected, nodes reach each other",
		 spec);
	tap_ok(reached(&g) == g.nn + g.ns, name);
	graph_free(&g);
	rcf_topo_free(&t);
}

static void check_bad_specs(void)
{
	static const char *const bad[] = {
		"ring:2",   "ring:x",	 "ring",	"mesh:4",
		"mesh:0x4", "torus:2x4", "hypercube:0", "hypercube:13",
		"sp1:48",   "sp1:1024",	 "star:4",	"ring:4096x",
	};
	struct rcf_topo t;
	char err[256];
	int ok = 1;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!rcf_topo_generate(bad[i], &t, err, sizeof(err)) || !err[0])
			ok = 0;
	tap_ok(ok, "malformed generator specs are refused with a reason");
}

int main(void)
{
	tap_plan(4 * 3 + 1 + 6 * 3 + 1);
	check_nodes_only("ring:8", 8, 8, 2);
	check_nodes_only("mesh:4x3", 12, 17, 4);
	check_nodes_only("torus:4x3", 12, 24, 4);
	check_nodes_only("hypercube:4", 16, 32, 4);
	check_hypercube_ports();
	for (size_t i = 0; i < sizeof(sp1) / sizeof(sp1[0]); i++)
		check_sp1(i);
	check_bad_specs();
	return tap_done();
}
