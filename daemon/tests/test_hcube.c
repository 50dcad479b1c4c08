// SPDX-License-Identifier: GPL-2.0
/*
 * The hypercube of switches (hcube:D): counts, every port used once and
 * wired as the generator says, diameter and average distance of a
 * breadth-first search over the built fabric against the closed forms
 * and rcfctl topo stats, refusals; e-cube on it: every route walks to
 * its destination, fixes the differing bits lowest first, and the set's
 * channel dependency graph is acyclic with one VC (while routes turning
 * one way round a square are not).
 */
#include "tap.h"
#include "route_util.h"
#include "topo/topo_stats.h"

/* distances summed over ordered pairs: D 2^(D-1) from each of 2^D */
static double cube_avg(uint32_t dim)
{
	double n = (double)(1u << dim);

	return dim * n / 2 / (n - 1);
}

/* every switch port once; port d to switch i ^ 2^d port d, node on D */
static int wired(const struct rcf_topo *t, uint32_t dim)
{
	static uint8_t seen[RCF_MAX_SWITCHES][RCF_SWITCH_MAX_PORTS];
	const struct rcf_objv *l = &t->v[RCF_K_LINK];

	memset(seen, 0, sizeof(seen));
	for (size_t i = 0; i < l->n; i++) {
		const struct rcf_end *e = l->o[i].end;

		if (e[0].kind == RCF_ELEM_NODE) {
			if (e[0].port || e[1].kind != RCF_ELEM_SWITCH ||
			    e[1].id != e[0].id || e[1].port != dim ||
			    seen[e[1].id][dim]++)
				return 0;
			continue;
		}
		if (e[1].kind != RCF_ELEM_SWITCH || e[0].port != e[1].port ||
		    e[0].port >= dim ||
		    (e[0].id ^ e[1].id) != 1u << e[0].port ||
		    seen[e[0].id][e[0].port]++ || seen[e[1].id][e[1].port]++)
			return 0;
	}
	for (uint32_t s = 0; s < 1u << dim; s++)
		for (uint32_t p = 0; p <= dim; p++)
			if (seen[s][p] != 1)
				return 0;
	return 1;
}

/* BFS over the built fabric's switch links: diameter, distance sum */
static int searched(const struct rcf_topo *t, uint32_t *diam, double *avg)
{
	uint32_t n = t->v[RCF_K_SWITCH].n, *dist = malloc(n * sizeof(*dist)),
		 *queue = malloc(n * sizeof(*queue));
	const struct rcf_objv *l = &t->v[RCF_K_LINK];
	uint64_t sum = 0;

	*diam = 0;
	for (uint32_t src = 0; src < n; src++) {
		uint32_t head = 0, tail = 0;

		memset(dist, 0xff, n * sizeof(*dist));
		dist[src] = 0;
		queue[tail++] = src;
		while (head < tail) {
			uint32_t v = queue[head++];

			sum += dist[v];
			*diam = dist[v] > *diam ? dist[v] : *diam;
			for (size_t i = 0; i < l->n; i++) {
				const struct rcf_end *e = l->o[i].end;
				uint32_t w;

				if (e[0].kind != RCF_ELEM_SWITCH ||
				    (e[0].id != v && e[1].id != v))
					continue;
				w = e[0].id == v ? e[1].id : e[0].id;
				if (dist[w] == UINT32_MAX) {
					dist[w] = dist[v] + 1;
					queue[tail++] = w;
				}
			}
		}
		if (tail != n)
			break;
	}
	free(dist);
	free(queue);
	*avg = (double)sum / ((double)n * (n - 1));
	return *diam ? 0 : -1;
}

static void structure(uint32_t dim, int search)
{
	uint32_t n = 1u << dim, diam;
	struct rcf_topo t;
	char spec[32], err[256], name[160];
	int built;
	double avg;

	snprintf(spec, sizeof(spec), "hcube:%u", dim);
	built = !rcf_topo_generate(spec, &t, err, sizeof(err));
	snprintf(name, sizeof(name),
		 "%s: %u nodes of 1 port, %u switches of %u, %u links", spec, n,
		 n, dim + 1, n + dim * n / 2);
	tap_ok(built && t.v[RCF_K_NODE].n == n && t.v[RCF_K_SWITCH].n == n &&
		       t.v[RCF_K_NODE].o[0].v[RCF_A_NODE_PORTS] == 1 &&
		       t.v[RCF_K_SWITCH].o[n - 1].v[RCF_A_SWITCH_PORTS] ==
			       dim + 1 &&
		       t.v[RCF_K_LINK].n == n + dim * n / 2,
	       name);
	snprintf(name, sizeof(name),
		 "%s: every port once, port d to the switch across bit d, "
		 "the node on port %u",
		 spec, dim);
	tap_ok(built && wired(&t, dim), name);
	if (search) {
		snprintf(name, sizeof(name),
			 "%s: searched as built, diameter %u, average %.4f",
			 spec, dim, cube_avg(dim));
		tap_ok(built && !searched(&t, &diam, &avg) && diam == dim &&
			       avg - cube_avg(dim) < 1e-9 &&
			       cube_avg(dim) - avg < 1e-9,
		       name);
	}
	if (built)
		rcf_topo_free(&t);
}

/* topo stats: hypercube:D's distances, with a switch and link per node */
static void stats(uint32_t dim)
{
	struct rcf_tstats h, c;
	char a[32], b[32], err[256], name[160];
	uint64_t n = 1u << dim;

	snprintf(a, sizeof(a), "hcube:%u", dim);
	snprintf(b, sizeof(b), "hypercube:%u", dim);
	snprintf(name, sizeof(name),
		 "topo stats %s: %llu switches, %llu links, %u ports, "
		 "diameter and average those of %s",
		 a, (unsigned long long)n,
		 (unsigned long long)(n + n * dim / 2), dim + 1, b);
	tap_ok(!rcf_topo_stats(a, 0, &c, err, sizeof(err)) &&
		       !rcf_topo_stats(b, 0, &h, err, sizeof(err)) &&
		       c.nodes == n && c.switches == n &&
		       c.links == n + n * dim / 2 &&
		       c.net_links == n * dim / 2 && c.ports == dim + 1 &&
		       c.deg_max == dim && c.diameter == dim &&
		       c.diameter == h.diameter && c.avg == h.avg &&
		       c.avg - cube_avg(dim) < 1e-9 &&
		       cube_avg(dim) - c.avg < 1e-9 && h.switches == 0,
	       name);
}

static void refused(const char *spec, const char *why)
{
	struct rcf_topo t;
	char err[256] = "", name[160];
	int rc = rcf_topo_generate(spec, &t, err, sizeof(err));

	snprintf(name, sizeof(name), "%s refused: %s", spec, why);
	tap_ok(rc && strstr(err, why), name);
	if (!rc)
		rcf_topo_free(&t);
}

/* ecube on spec: every route walks, in bit order; hop total; acyclic */
static void ecube(uint32_t dim)
{
	char spec[32], err[256], name[160];
	struct rcf_graph *g;
	struct rcf_routes s;
	struct rcf_route_stats st;
	struct rcf_cdg_result res = {0};
	uint64_t n = 1u << dim, hops = 0;
	int ok;

	snprintf(spec, sizeof(spec), "hcube:%u", dim);
	g = graph_of(spec);
	ok = !compute(g, algo("ecube"), &s);
	snprintf(name, sizeof(name),
		 "%s: e-cube's %llu routes walk to their destinations", spec,
		 (unsigned long long)(n * (n - 1)));
	tap_ok(ok && !rcf_routes_check(g, &s, &st, NULL, err, sizeof(err)) &&
		       st.routes == n * (n - 1) && st.pairs == n * (n - 1) &&
		       !st.unreachable && st.max_hops == dim + 2,
	       name);
	for (size_t i = 0; i < s.n && ok; i++) {
		struct rv r = rv(&s, i);
		uint32_t x = r.src ^ r.dst, k = 1;

		ok = r.nhops >= 3 && r.hops[0] == RCF_HOP(0, 0) &&
		     r.hops[r.nhops - 1] == RCF_HOP(dim, 0);
		for (uint32_t d = 0; d < dim && ok; d++)
			if (x & (1u << d))
				ok = k < r.nhops - 1 && r.hops[k++] == d;
		ok = ok && k == r.nhops - 1;
		hops += r.nhops - 2;
	}
	snprintf(name, sizeof(name),
		 "%s: each route fixes the differing bits lowest first, "
		 "%llu switch hops in all (the distances)",
		 spec, (unsigned long long)(n * n / 2 * dim));
	tap_ok(ok && hops == n * n / 2 * dim, name);
	snprintf(name, sizeof(name), "%s: e-cube acyclic with one VC", spec);
	tap_ok(ok && !rcf_cdg_check(g, &s, &res, err, sizeof(err)) &&
		       res.acyclic && res.channels == n * (2 + dim),
	       name);
	rcf_cdg_result_free(&res);
	rcf_routes_free(&s);
	graph_put(g);
}

/*
 * The check can fail here: on hcube:2 (a square of switches 0 1 3 2)
 * every two-hop route turning the same way round closes a cycle.
 */
static void one_way_round(void)
{
	static const uint32_t ring[4] = {0, 1, 3, 2};
	struct rcf_graph *g = graph_of("hcube:2");
	struct rcf_cdg_result res = {0};
	struct rcf_routes s;
	char err[256];
	int ok = 1;

	rcf_routes_init(&s);
	for (int k = 0; k < 4; k++) {
		uint32_t a = ring[k], b = ring[(k + 1) % 4],
			 c = ring[(k + 2) % 4];
		uint8_t hops[4] = {
			RCF_HOP(0, 0), RCF_HOP(__builtin_ctz(a ^ b), 0),
			RCF_HOP(__builtin_ctz(b ^ c), 0), RCF_HOP(2, 0)};

		ok &= !rcf_routes_push(&s, a, c, 0, hops, 4);
	}
	tap_ok(ok && !rcf_cdg_check(g, &s, &res, err, sizeof(err)) &&
		       !res.acyclic && res.ncycle == 4,
	       "hcube:2: routes all turning one way round are cyclic");
	rcf_cdg_result_free(&res);
	rcf_routes_free(&s);
	graph_put(g);
}

/* a link moved: ecube names the switch port that is not as wired */
static void broken(void)
{
	struct rcf_topo t;
	struct rcf_graph g;
	struct rcf_routes s;
	char err[256] = "";
	struct rcf_objv *l;
	int rc = -1;

	rcf_topo_generate("hcube:3", &t, err, sizeof(err));
	l = &t.v[RCF_K_LINK];
	/* the last two links join 2 to 6 and 3 to 7 on port 2: cross them */
	l->o[l->n - 1].end[1].id = 6;
	l->o[l->n - 2].end[1].id = 7;
	if (!rcf_graph_build(&g, &t, err, sizeof(err))) {
		struct rcf_route_conf c;
		struct rcf_route_in in = {.g = &g};

		rcf_route_conf_init(&c, rcf_router_find("ecube"));
		rcf_routes_init(&s);
		rc = rcf_route_compute(&in, &c, &s, err, sizeof(err));
		rcf_routes_free(&s);
		rcf_graph_free(&g);
	}
	printf("# %s\n", err);
	tap_ok(rc && strstr(err, "hcube:D with every link up: switch 2 port 2 "
				 "does not lead to switch 6 port 2"),
	       "hcube:3 with two links crossed: ecube refused, naming the "
	       "switch port");
	rcf_topo_free(&t);

	{
		struct rcf_graph *p = graph_of("prdt:4:2:1");

		tap_ok(compute(p, algo("ecube"), &s) < 0,
		       "ecube refuses prdt:4:2:1 (a switch per node, not a "
		       "cube)");
		rcf_routes_free(&s);
		graph_put(p);
	}
}

int main(void)
{
	tap_plan(25);
	structure(1, 1);
	structure(4, 1);
	structure(7, 1);
	structure(12, 0);
	stats(4);
	stats(10);
	refused("hcube:0", "hcube:D needs 1 <= D <= 12");
	refused("hcube:13", "2^D nodes, at most 4096");
	refused("hcube:x", "hcube:D needs");
	ecube(4);
	ecube(8);
	one_way_round();
	broken();
	return tap_done();
}
