// SPDX-License-Identifier: GPL-2.0
/*
 * Fat-tree and Clos generators against what their structure promises:
 * counts, K (or D) nodes on every leaf's low ports, every port once,
 * full bisection for fat trees and U / D of it for a Clos, and specs
 * beyond the kernel's limits refused.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "topo/topo_gen.h"
#include "topo/topo_stats.h"

/* vertices: nodes 0 .. nn - 1, then switch s as nn + s; unit capacities */
struct net {
	uint32_t nn, nv;
	int32_t *cap; /* nv x nv residual capacities, small fabrics only */
};

static int net_build(struct net *g, const struct rcf_topo *t)
{
	static uint8_t used[RCF_MAX_NODES + RCF_MAX_SWITCHES][32];

	g->nn = t->v[RCF_K_NODE].n;
	g->nv = g->nn + t->v[RCF_K_SWITCH].n + 2; /* + source, sink */
	g->cap = calloc((size_t)g->nv * g->nv, sizeof(*g->cap));
	if (!g->cap)
		return -1;
	memset(used, 0, sizeof(used));
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++) {
		const struct rcf_obj *o = &t->v[RCF_K_LINK].o[i];
		uint32_t v[2];

		for (int e = 0; e < 2; e++) {
			v[e] = o->end[e].kind == RCF_ELEM_NODE
				       ? o->end[e].id
				       : g->nn + o->end[e].id;
			if (used[v[e]][o->end[e].port]++)
				return -1;
		}
		g->cap[v[0] * g->nv + v[1]]++;
		g->cap[v[1] * g->nv + v[0]]++;
	}
	return 0;
}

/* max flow from nodes below half to those at or above: the cut's links */
static uint32_t bisection(struct net *g, uint32_t half)
{
	uint32_t src = g->nv - 2, dst = g->nv - 1, flow = 0;
	uint32_t *prev = malloc(g->nv * sizeof(*prev)),
		 *queue = malloc(g->nv * sizeof(*queue));

	for (uint32_t h = 0; h < g->nn; h++) {
		if (h < half)
			g->cap[src * g->nv + h] = 1;
		else
			g->cap[h * g->nv + dst] = 1;
	}
	for (;;) {
		uint32_t head = 0, tail = 0;

		memset(prev, 0xff, g->nv * sizeof(*prev));
		prev[src] = src;
		queue[tail++] = src;
		while (head < tail && prev[dst] == UINT32_MAX) {
			uint32_t u = queue[head++];

			for (uint32_t v = 0; v < g->nv; v++)
				if (prev[v] == UINT32_MAX &&
				    g->cap[u * g->nv + v] > 0) {
					prev[v] = u;
					queue[tail++] = v;
				}
		}
		if (prev[dst] == UINT32_MAX)
			break;
		for (uint32_t v = dst; v != src; v = prev[v]) {
			g->cap[prev[v] * g->nv + v]--;
			g->cap[v * g->nv + prev[v]]++;
		}
		flow++;
	}
	free(prev);
	free(queue);
	return flow;
}

/* every node on port P % per of switch P / per, its only port */
static int leaves_hold(const struct rcf_topo *t, uint32_t per)
{
	const struct rcf_objv *l = &t->v[RCF_K_LINK];
	size_t seen = 0;

	for (size_t i = 0; i < l->n; i++) {
		const struct rcf_end *e = l->o[i].end;

		if (e[0].kind != RCF_ELEM_NODE)
			continue;
		seen++;
		if (e[0].port || e[1].kind != RCF_ELEM_SWITCH ||
		    e[1].id != e[0].id / per || e[1].port != e[0].id % per)
			return 0;
	}
	return seen == t->v[RCF_K_NODE].n;
}

static void check(const char *spec, uint32_t nodes, uint32_t switches,
		  uint32_t links, uint32_t per_leaf, uint32_t bis)
{
	struct rcf_topo t;
	struct net g = {0};
	char err[256], name[128];
	int built = !rcf_topo_generate(spec, &t, err, sizeof(err));

	snprintf(name, sizeof(name), "%s: %u nodes, %u switches, %u links",
		 spec, nodes, switches, links);
	tap_ok(built && t.v[RCF_K_NODE].n == nodes &&
		       t.v[RCF_K_SWITCH].n == switches &&
		       t.v[RCF_K_LINK].n == links,
	       name);
	snprintf(name, sizeof(name), "%s: %u nodes on each leaf", spec,
		 per_leaf);
	tap_ok(built && leaves_hold(&t, per_leaf), name);
	snprintf(name, sizeof(name), "%s: every port once, bisection %u links",
		 spec, bis);
	tap_ok(built && !net_build(&g, &t) && bisection(&g, nodes / 2) == bis,
	       name);
	free(g.cap);
	if (built)
		rcf_topo_free(&t);
}

static void refused(const char *spec, const char *why)
{
	struct rcf_topo t;
	char err[256], name[160];
	int rc = rcf_topo_generate(spec, &t, err, sizeof(err));

	snprintf(name, sizeof(name), "%s refused: %s", spec, why);
	tap_ok(rc && strstr(err, why), name);
	if (!rc)
		rcf_topo_free(&t);
}

/* the 2-tree and the square 2-level Clos are one network, numbered alike */
static void same(const char *a, const char *b)
{
	struct rcf_topo ta, tb;
	char err[256], name[128];
	int ok = !rcf_topo_generate(a, &ta, err, sizeof(err)) &&
		 !rcf_topo_generate(b, &tb, err, sizeof(err));

	snprintf(name, sizeof(name), "%s is %s", a, b);
	tap_ok(ok && rcf_topo_equal(&ta, &tb), name);
	if (ok) {
		rcf_topo_free(&ta);
		rcf_topo_free(&tb);
	}
}

/* topo stats searches the built fabric: switch hops leaf to leaf */
static void stats(const char *spec, uint64_t switches, uint32_t diameter)
{
	struct rcf_tstats st;
	char err[256], name[128];
	int rc = rcf_topo_stats(spec, 0, &st, err, sizeof(err));

	snprintf(name, sizeof(name),
		 "topo stats %s: %llu switches, diameter %u", spec,
		 (unsigned long long)switches, diameter);
	tap_ok(!rc && st.switches == switches && st.connected &&
		       st.diameter == diameter,
	       name);
}

int main(void)
{
	tap_plan(3 * 9 + 2 + 11 + 3);
	/* K^N nodes, N K^(N-1) switches, N K^N links; full bisection */
	check("fattree:2:2", 4, 4, 8, 2, 2);
	check("fattree:4:2", 16, 8, 32, 4, 8);
	check("fattree:4:3", 64, 48, 192, 4, 32);
	check("fattree:3:3", 27, 27, 81, 3, 13);
	check("fattree:8:2", 64, 16, 128, 8, 32);
	check("fattree:16:2", 256, 32, 512, 16, 128);
	/* half the leaves' uplinks cross: 2 leaves x 2 up of 16 nodes */
	check("clos:4:2:4", 16, 6, 24, 4, 4);
	/* 3 levels, 2 pods: a pod's 4 spines x 1 core link each */
	check("clos:4:4:4:1:2", 32, 20, 32 + 32 + 8, 4, 4);
	/* 4 pods, 2 each side: 2 pods x 2 spines x 2 core links cross */
	check("clos:2:2:4:2:4", 32, 28, 32 + 32 + 16, 2, 8);
	same("fattree:6:2", "clos:6:6:6");
	same("fattree:4:2", "clos:4:4:4");
	stats("fattree:4:3", 48, 4);
	stats("fattree:2:6", 6 * 32, 10);
	stats("clos:4:4:8:4:8", 64 + 32 + 16, 4);
	refused("fattree:17:2", "34 ports");
	refused("fattree:16:4", "65536 nodes");
	refused("fattree:2:12", "24576 switches");
	refused("fattree:4", "want fattree:K:N");
	refused("fattree:1:3", "want 2 <= K");
	refused("clos:30:4:8", "D + U = 34 ports");
	refused("clos:4:4:33", "33 ports");
	refused("clos:4:4:30:4:4", "L + M = 34 ports");
	refused("clos:4:4:8:4:33", "P = 33 ports");
	refused("clos:16:16:16:16:32", "8192 nodes");
	refused("clos:4:0:4", "want clos:D:U:L");
	return tap_done();
}
