// SPDX-License-Identifier: GPL-2.0
/*
 * The García-Duato algorithm: the cost function by hand, the choice
 * rules, and §4.1's simple cases run through the same loop rcfsim gd
 * uses (without the engine, which rcfsim's own test drives).
 */
#include <stdlib.h>
#include <string.h>

#include "../rcfsim/gd.h"
#include "tap.h"

static struct sn_topo topo(const char *spec)
{
	struct sn_topo t;
	char err[256];

	if (sn_parse(spec, &t, err, sizeof(err)))
		abort();
	return t;
}

static int run(const char *work, int rr, uint64_t limit,
	       struct gd_sim_result *r)
{
	struct gd_sim_cfg c = {.topo = topo("hypercube:4"), .dynamic = 1};
	struct gd_work w;
	char err[256];
	int rc;

	gd_opts_default(&c.opt);
	c.opt.round_robin = rr;
	c.max_changes = limit;
	if (!strcmp(work, "case1"))
		rc = gd_work_case1(&w, 100);
	else
		rc = gd_work_case2(&w, 100);
	rc = rc || gd_sim_run(&c, &w, r, err, sizeof(err));
	gd_work_free(&w);
	return rc;
}

/* Does the mapping, replayed change by change, come back to a state? */
static int repeats(const struct gd_sim_result *r)
{
	uint32_t st[64][16];
	struct sn_map m;
	int hit = 0;

	if (r->nlog > 64 || sn_map_init(&m, 16))
		return 0;
	for (size_t k = 0; k < r->nlog; k++) {
		sn_map_swap(&m, r->log[k].a, r->log[k].b);
		memcpy(st[k], m.pos, sizeof(st[k]));
		for (size_t j = 0; j < k; j++)
			hit |= !memcmp(st[j], st[k], sizeof(st[k]));
	}
	sn_map_free(&m);
	return hit;
}

int main(void)
{
	struct sn_topo t = topo("hypercube:4");
	struct gd_opts o;
	struct gd_state s;
	struct gd_change ch;
	struct gd_sim_result r;
	uint32_t seen[4];
	int ok;

	tap_plan(17);
	gd_opts_default(&o);
	tap_ok(o.threshold1 == 10 && o.threshold2 == 5 && o.round_robin &&
		       !o.large && !o.change_cost,
	       "defaults: §4.1's thresholds, small alteration, round robin");

	gd_init(&s, &t, &o);
	gd_record(&s, 0, 15, 3);
	gd_record(&s, 0, 1, 2);
	gd_record(&s, 0, 6, 4);
	gd_record(&s, 0, 0, 9);
	/* 3 * d(0,15)=3 + 2 * d(0,1)=0 + 4 * d(0,6)=1; self ignored */
	tap_ok(gd_cost(&s, 0) == 3 * 3 + 0 + 4 * 1,
	       "CF_0 by hand on the hypercube");
	tap_ok(gd_cost(&s, 15) == 0, "CF uses node i's own counters only");
	gd_free(&s);

	t = topo("ring:6");
	gd_init(&s, &t, &o);
	gd_record(&s, 0, 3, 5);
	gd_record(&s, 0, 2, 1);
	tap_ok(gd_cost(&s, 0) == 5 * 2 + 1 * 1, "CF_0 by hand on a ring");
	/* swapping with 1 (ring position 1): d(1,3)=1, d(1,2)=0 */
	o.threshold1 = 100;
	s.opt = o;
	tap_ok(!gd_evaluate(&s, 0, &ch), "no change while CF <= threshold1");
	o.threshold1 = 10;
	s.opt = o;
	tap_ok(gd_evaluate(&s, 0, &ch) && ch.b == 1 && ch.cost_before == 11 &&
		       ch.cost_after == 5 && ch.ties == 1,
	       "small alteration: the best neighbour swap");
	gd_apply(&s, &ch);
	tap_ok(s.map.pos[0] == 1 && s.map.pos[1] == 0 && s.changes == 1 &&
		       gd_cost(&s, 0) == 5,
	       "apply: update_node_mapping, cost follows the nodes");
	gd_free(&s);

	/* §3.1.4: node 0 alone sending to 15 */
	t = topo("hypercube:4");
	o.round_robin = 0;
	gd_init(&s, &t, &o);
	gd_record(&s, 0, 15, 20);
	tap_ok(gd_evaluate(&s, 0, &ch) && ch.b == 1 && ch.ties == 4 &&
		       ch.cost_after == 40,
	       "no round robin: the first of 4 equal swaps (node 1)");
	s.opt.round_robin = 1;
	ok = 1;
	for (int k = 0; k < 4; k++) {
		ok = ok && gd_evaluate(&s, 0, &ch);
		seen[k] = ch.b;
	}
	tap_ok(ok && seen[0] == 1 && seen[1] == 2 && seen[2] == 4 &&
		       seen[3] == 8,
	       "round robin walks the equal swaps in turn");
	s.opt.large = 1;
	tap_ok(gd_evaluate(&s, 0, &ch) && ch.cost_after == 0 && ch.ties == 4,
	       "large alteration: straight next to 15 (§3.1.4: with node 7)");
	s.opt.round_robin = 0;
	tap_ok(gd_evaluate(&s, 0, &ch) && ch.b == 7,
	       "large alteration without round robin picks node 7");
	s.opt.large = 0;
	s.opt.change_cost = 20;
	tap_ok(!gd_evaluate(&s, 0, &ch), "change_cost: a saving of 20 is not "
					 "enough at cost 20");
	s.opt.change_cost = 19;
	tap_ok(gd_evaluate(&s, 0, &ch), "change_cost: enough at 19");
	gd_free(&s);

	/* §4.1 case 1 */
	ok = !run("case1", 1, 0, &r);
	{
		struct sn_topo h = topo("hypercube:4");

		tap_ok(ok && sn_dist(&h, r.pos[0], r.pos[15]) == 0 &&
			       sn_dist(&h, r.pos[8], r.pos[15]) == 0 &&
			       r.after_last == 0 && r.changes >= 1,
		       "case 1: 0 and 8 end next to 15, no intermediate "
		       "traffic after the last change");
		printf("# case 1: %llu changes, %llu crossings, max node "
		       "%llu\n",
		       (unsigned long long)r.changes,
		       (unsigned long long)r.crossings,
		       (unsigned long long)r.max_node);
		tap_ok(r.changes == 3, "case 1: three changes, as §4.1 says");
	}
	gd_sim_result_free(&r);

	/*
	 * §4.1 case 2.  Three nodes that talk in a cycle cannot all be
	 * neighbours in a hypercube (it has no triangles), so any node that
	 * moves next to both partners pushes another away and the changes
	 * go on: the run must stop at the limit.
	 */
	ok = !run("case2", 0, 20, &r);
	{
		int cyc = repeats(&r);

		tap_ok(ok && r.limit_hit && r.changes == 20 && cyc,
		       "case 2 without round robin: cyclic changes, stopped "
		       "at the limit of 20");
	}
	gd_sim_result_free(&r);
	ok = !run("case2", 1, 20, &r);
	/*
	 * The paper says round robin ends the cycle.  With §3.2's C_ij
	 * (sent plus received) the cyclic changes here are swaps with a
	 * partner that have a single best cost (0), so round robin has no
	 * tie to break and the cycle goes on to the limit as well.
	 */
	tap_ok(ok && r.limit_hit && r.changes == 20,
	       "case 2 with round robin: also cyclic, stopped at the limit "
	       "(disagrees with §4.1, see reconfiguration.rst)");
	gd_sim_result_free(&r);
	return tap_done();
}
