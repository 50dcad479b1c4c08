// SPDX-License-Identifier: GPL-2.0
/*
 * The k-port machine: kport:N:K's structure (a crossbar, or a Clos with
 * as many middle switches as node ports per edge), its circuit router on
 * every step of every collective the planner makes and on random
 * pairings of all node ports, each result walked on the generated fabric
 * by the checker; and bad specs, connections and circuits refused.
 */
#include <stdlib.h>
#include <string.h>

#include "coll/coll.h"
#include "coll/coll_kport.h"
#include "tap.h"
#include "topo/topo_gen.h"

static int gen(const char *spec, struct rcf_kport *m, struct rcf_topo *t)
{
	char err[256];

	if (rcf_kport_parse(spec, m, err, sizeof(err)) ||
	    rcf_topo_generate(spec, t, err, sizeof(err))) {
		printf("# %s: %s\n", spec, err);
		return -1;
	}
	return 0;
}

/* links by end; the structure the header promises */
static int structure(const struct rcf_kport *m, const struct rcf_topo *t,
		     char *why, size_t len)
{
	uint32_t ports = m->nodes * m->k;
	uint32_t nsw = m->per ? m->edges + m->mid : 1;
	static uint8_t used[RCF_MAX_SWITCHES][RCF_SWITCH_MAX_PORTS];
	uint32_t node_links = 0;

	memset(used, 0, sizeof(used));
	if (t->v[RCF_K_NODE].n != m->nodes || t->v[RCF_K_SWITCH].n != nsw ||
	    t->v[RCF_K_LINK].n != ports + m->edges * m->mid)
		return snprintf(why, len, "counts %zu %zu %zu",
				t->v[RCF_K_NODE].n, t->v[RCF_K_SWITCH].n,
				t->v[RCF_K_LINK].n);
	if (m->per && (m->mid < m->per || m->edges * m->per < ports ||
		       (m->edges - 1) * m->per >= ports ||
		       m->per + m->mid > RCF_SWITCH_MAX_PORTS ||
		       m->edges > RCF_SWITCH_MAX_PORTS))
		return snprintf(why, len, "stages per %u mid %u edges %u",
				m->per, m->mid, m->edges);
	for (size_t i = 0; i < t->v[RCF_K_NODE].n; i++)
		if (t->v[RCF_K_NODE].o[i].v[RCF_A_NODE_PORTS] != m->k)
			return snprintf(why, len, "node %zu ports", i);
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++) {
		const struct rcf_end *e = t->v[RCF_K_LINK].o[i].end;
		uint32_t sw = e[1].id, p = e[1].port;

		if (e[1].kind != RCF_ELEM_SWITCH || used[sw][p]++)
			return snprintf(why, len, "link %zu end b", i);
		if (e[0].kind == RCF_ELEM_NODE) {
			/* a node port on a first-stage port, not an uplink */
			node_links++;
			if ((m->per && (sw >= m->edges || p >= m->per)) ||
			    e[0].port >= m->k)
				return snprintf(why, len, "node link %zu", i);
			continue;
		}
		if (used[e[0].id][e[0].port]++ || e[0].id >= m->edges ||
		    e[0].port < m->per || sw != m->edges + e[0].port - m->per ||
		    p != e[0].id)
			return snprintf(why, len, "uplink %zu", i);
	}
	return node_links == ports
		       ? 0
		       : snprintf(why, len, "%u node links", node_links);
}

static void test_structure(void)
{
	static const char *const specs[] = {
		"kport:2:1",  "kport:4:2",   "kport:16:2", "kport:11:3",
		"kport:16:3", "kport:25:4",  "kport:27:4", "kport:64:4",
		"kport:8:32", "kport:512:1", "kport:170:3"};

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct rcf_kport m;
		struct rcf_topo t;
		char why[128] = "", name[160];

		if (gen(specs[i], &m, &t)) {
			tap_ok(0, specs[i]);
			continue;
		}
		snprintf(name, sizeof(name),
			 "%s: %s, every node port on a first-stage port",
			 specs[i],
			 m.per ? "Clos with mid >= per" : "one crossbar");
		if (structure(&m, &t, why, sizeof(why)))
			printf("# %s\n", why);
		tap_ok(!why[0] && (!m.per) == (m.nodes * m.k <= 32), name);
		rcf_topo_free(&t);
	}
}

static void test_refusals(void)
{
	static const char *const bad[][2] = {
		{"kport:1:2", "N >= 2"},
		{"kport:4", "want kport:N:K"},
		{"kport:4:0", "want kport:N:K"},
		{"kport:4:2:1", "want kport:N:K"},
		{"kport:x:2", "want kport:N:K"},
		{"kport:4:33", "K = 33 ports, at most 32"},
		{"kport:513:1", "N*K = 513 node ports, at most 512"},
		{"kport:200:3", "N*K = 600 node ports"},
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct rcf_topo t;
		char err[256] = "", name[128];
		int rc = rcf_topo_generate(bad[i][0], &t, err, sizeof(err));

		snprintf(name, sizeof(name), "%s refused: %s", bad[i][0],
			 bad[i][1]);
		if (!rc)
			rcf_topo_free(&t);
		else if (!strstr(err, bad[i][1]))
			printf("# %s\n", err);
		tap_ok(rc && strstr(err, bad[i][1]), name);
	}
}

/* routes and walks one step; 0, or -1 with why */
static int realise(const struct rcf_kport *m, const struct rcf_topo *t,
		   const struct rcf_coll_circ *c, size_t n, char *err,
		   size_t len)
{
	struct rcf_kport_circ *sc =
		malloc((RCF_KPORT_CIRCS_PER_CONN * n + 1) * sizeof(*sc));
	size_t ns;
	int rc;

	rc = !sc || rcf_kport_route(m, c, n, sc, &ns, err, len) ||
	     rcf_kport_check(t, c, n, sc, ns, err, len);
	free(sc);
	return rc ? -1 : 0;
}

/* every step of every plan for nodes on kport:nodes:k */
static void test_plans(uint32_t nodes, uint32_t k)
{
	char spec[32], err[512] = "", name[160];
	struct rcf_kport m;
	struct rcf_topo t;
	uint32_t h = rcf_coll_rcp_steps(nodes, k), plans = 0, bad = 0;
	uint64_t steps = 0;

	snprintf(spec, sizeof(spec), "kport:%u:%u", nodes, k);
	if (gen(spec, &m, &t)) {
		tap_ok(0, spec);
		return;
	}
	for (int op = 0; op < RCF_COLL_NR; op++) {
		uint32_t top = op == RCF_COLL_BCAST ? h : 0;

		for (uint32_t s = 0; s <= top; s++) {
			struct rcf_coll_args a = {
				.op = op,
				.nodes = nodes,
				.k = k,
				.root = op <= RCF_COLL_BCAST ? nodes / 3 : 0,
				.split = s,
				.size = 64};
			struct rcf_coll_plan p;

			plans++;
			if (rcf_coll_plan(&a, &p, err, sizeof(err))) {
				bad++;
				rcf_coll_plan_free(&p);
				continue;
			}
			for (uint64_t i = 0; i < p.nsteps; i++, steps++) {
				const struct rcf_coll_step *st = &p.steps[i];

				if (realise(&m, &t, p.circs + st->first_circ,
					    st->ncirc, err, sizeof(err)) &&
				    !bad++)
					printf("# %s %s h'=%u step %llu: %s\n",
					       spec,
					       rcf_coll_op_name(
						       (enum rcf_coll_op)op),
					       s, (unsigned long long)i + 1,
					       err);
			}
			rcf_coll_plan_free(&p);
		}
	}
	snprintf(name, sizeof(name),
		 "%s (%s): every step of %u plans (%llu steps) routed and "
		 "walked",
		 spec, m.per ? "Clos" : "crossbar", plans,
		 (unsigned long long)steps);
	tap_ok(!bad && steps, name);
	rcf_topo_free(&t);
}

/* a random pairing of all node ports (one left out when odd) */
static size_t pairing(const struct rcf_kport *m, uint32_t *perm,
		      struct rcf_coll_circ *c)
{
	uint32_t ports = m->nodes * m->k;

	for (uint32_t i = 0; i < ports; i++)
		perm[i] = i;
	for (uint32_t i = ports - 1; i > 0; i--) {
		uint32_t j = (uint32_t)rand() % (i + 1), x = perm[i];

		perm[i] = perm[j];
		perm[j] = x;
	}
	for (uint32_t i = 0; i + 1 < ports; i += 2)
		c[i / 2] = (struct rcf_coll_circ){
			perm[i] / m->k, perm[i] % m->k, perm[i + 1] / m->k,
			perm[i + 1] % m->k};
	return ports / 2;
}

static void test_random(const char *spec, int rounds)
{
	struct rcf_coll_circ c[RCF_KPORT_MAX_PORTS / 2];
	uint32_t perm[RCF_KPORT_MAX_PORTS];
	char err[512] = "", name[128];
	struct rcf_kport m;
	struct rcf_topo t;
	int bad = 0;

	srand(20261126);
	if (gen(spec, &m, &t)) {
		tap_ok(0, spec);
		return;
	}
	for (int r = 0; r < rounds; r++) {
		size_t n = pairing(&m, perm, c);

		if (realise(&m, &t, c, n, err, sizeof(err)) && !bad++)
			printf("# %s round %d: %s\n", spec, r, err);
	}
	snprintf(name, sizeof(name),
		 "%s: %d random pairings of all %u node ports routed", spec,
		 rounds, m.nodes * m.k);
	tap_ok(m.per && !bad, name);
	rcf_topo_free(&t);
}

/* connections the router refuses, and routings the checker refuses */
static void test_bad_steps(void)
{
	static const struct {
		struct rcf_coll_circ c[2];
		size_t n;
		const char *why;
	} bad[] = {
		{{{0, 0, 16, 0}}, 1, "16.0 is not a port of 16 nodes of 3"},
		{{{0, 3, 1, 0}}, 1, "0.3 is not a port"},
		{{{2, 1, 2, 1}}, 1, "joins port 2.1 to itself"},
		{{{0, 0, 1, 0}, {2, 2, 1, 0}},
		 2,
		 "port 1.0 is in connection 0"},
	};
	struct rcf_kport_circ sc[12];
	struct rcf_coll_circ c[2] = {{0, 0, 15, 2}, {3, 1, 9, 0}};
	struct rcf_kport m;
	struct rcf_topo t;
	char err[256];
	size_t ns;

	if (gen("kport:16:3", &m, &t)) {
		tap_ok(0, "kport:16:3");
		return;
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc;

		err[0] = '\0';
		rc = rcf_kport_route(&m, bad[i].c, bad[i].n, sc, &ns, err,
				     sizeof(err));
		if (!strstr(err, bad[i].why))
			printf("# %s\n", err);
		tap_ok(rc && strstr(err, bad[i].why), bad[i].why);
	}
	if (!tap_ok(!rcf_kport_route(&m, c, 2, sc, &ns, err, sizeof(err)) &&
			    ns == 12,
		    "two connections across the Clos: 12 circuits"))
		goto out;
	/* each fault below is one the checker exists for */
	/* the last circuit of 0.0 -> 15.2 to the next port of its edge */
	sc[2].out = sc[2].out ? sc[2].out - 1 : 1;
	tap_ok(rcf_kport_check(&t, c, 2, sc, ns, err, sizeof(err)) &&
		       strstr(err, "reaches 15.1"),
	       "a circuit to the wrong output: the walk reaches 15.1");
	rcf_kport_route(&m, c, 2, sc, &ns, err, sizeof(err));
	sc[6] = sc[0];
	tap_ok(rcf_kport_check(&t, c, 2, sc, ns, err, sizeof(err)) &&
		       strstr(err, "in circuit 0 too"),
	       "a switch input in two circuits refused");
	rcf_kport_route(&m, c, 2, sc, &ns, err, sizeof(err));
	tap_ok(rcf_kport_check(&t, c, 2, sc, ns - 1, err, sizeof(err)) &&
		       strstr(err, "no circuit at switch"),
	       "a missing circuit: the walk stops");
	rcf_kport_route(&m, c, 2, sc, &ns, err, sizeof(err));
	tap_ok(rcf_kport_check(&t, c, 1, sc, ns, err, sizeof(err)) &&
		       strstr(err, "on no connection's way"),
	       "a circuit no connection uses refused");
out:
	rcf_topo_free(&t);
}

int main(void)
{
	static const uint32_t ns[] = {8, 16, 25, 27, 64};

	tap_plan(11 + 8 + 20 + 5 + 9);
	test_structure();
	test_refusals();
	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		for (uint32_t k = 1; k <= 4; k++)
			test_plans(ns[i], k);
	test_random("kport:16:3", 200);
	test_random("kport:27:4", 200);
	test_random("kport:64:4", 100);
	test_random("kport:100:5", 50);
	test_random("kport:512:1", 20);
	test_bad_steps();
	return tap_done();
}
