// SPDX-License-Identifier: GPL-2.0
/* The benchmark's generator half: sp1:N and its SP1 routes, flattened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_sp1.h"
#include "route/graph.h"
#include "route/route.h"
#include "route/router.h"
#include "topo/topo_gen.h"

int bench_sp1(unsigned int nodes, struct bench_fabric *bf)
{
	struct rcf_graph *g = calloc(1, sizeof(*g));
	struct rcf_route_in in = {.g = g};
	struct rcf_route_conf c;
	struct rcf_routes s;
	struct rcf_topo t;
	char spec[32], err[256];
	size_t i, k;

	snprintf(spec, sizeof(spec), "sp1:%u", nodes);
	rcf_route_conf_init(&c, rcf_router_find("sp1"));
	rcf_routes_init(&s);
	if (!g || rcf_topo_generate(spec, &t, err, sizeof(err)) ||
	    rcf_graph_build(g, &t, err, sizeof(err)) ||
	    rcf_route_compute(&in, &c, &s, err, sizeof(err))) {
		fprintf(stderr, "bench: %s\n", g ? err : "out of memory");
		return -1;
	}
	bf->nelem = t.v[RCF_K_NODE].n + t.v[RCF_K_SWITCH].n;
	bf->nlink = t.v[RCF_K_LINK].n;
	bf->nroute = s.n;
	bf->elem = calloc(bf->nelem, sizeof(*bf->elem));
	bf->link = calloc(bf->nlink, sizeof(*bf->link));
	bf->route = calloc(bf->nroute, sizeof(*bf->route));
	if (!bf->elem || !bf->link || !bf->route)
		return -1;
	k = 0;
	for (int kind = RCF_K_NODE; kind <= RCF_K_SWITCH; kind++) {
		const struct rcf_objv *v = &t.v[kind];
		int pa = kind == RCF_K_NODE ? RCF_A_NODE_PORTS
					    : RCF_A_SWITCH_PORTS;
		int ia = kind == RCF_K_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;

		for (i = 0; i < v->n; i++, k++) {
			bf->elem[k].kind = kind == RCF_K_NODE ? RCF_ELEM_NODE
							      : RCF_ELEM_SWITCH;
			bf->elem[k].id = v->o[i].v[ia];
			bf->elem[k].ports =
				rcf_has(&v->o[i], pa) ? v->o[i].v[pa] : 0;
		}
	}
	for (i = 0; i < bf->nlink; i++) {
		const struct rcf_obj *l = &t.v[RCF_K_LINK].o[i];

		bf->link[i].id = l->v[RCF_A_LINK_ID];
		for (int e = 0; e < 2; e++) {
			bf->link[i].kind[e] = l->end[e].kind;
			bf->link[i].elem[e] = l->end[e].id;
			bf->link[i].port[e] = l->end[e].port;
		}
	}
	for (i = 0; i < s.n; i++) {
		bf->route[i].src = s.r[i].src;
		bf->route[i].dst = s.r[i].dst;
		bf->route[i].nhops = s.r[i].nhops;
		memcpy(bf->route[i].hops, s.r[i].hops, s.r[i].nhops);
	}
	rcf_routes_free(&s);
	rcf_graph_free(g);
	free(g);
	rcf_topo_free(&t);
	return 0;
}
