// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's reconfig policy without a kernel: the [reconfig] config keys,
 * the stored mapping's text form, and decisions on canned counters,
 * including the paper's case 1 (§4.1) driven message by message.
 */
#include <stdlib.h>
#include <string.h>

#include "../rcfd/rcfd.h"
#include "tap.h"

static int conf_bad(const char *text)
{
	struct rcfd_config c;
	char err[512];

	rcfd_config_defaults(&c);
	return rcfd_config_parse("t", text, strlen(text), &c, err,
				 sizeof(err)) < 0;
}

static void test_conf(void)
{
	static const char good[] = "[reconfig]\nenable = yes\n"
				   "topology = supernode:hypercube:4\n"
				   "threshold1 = 16\nthreshold2 = 64\n"
				   "alteration = large\nround_robin = off\n"
				   "change_limit = 7\nuse_epoch_cost = on\n"
				   "epoch_cost_per_ms = 3\n"
				   "state = /tmp/sn\n";
	struct rcfd_config c;
	char err[512];
	int rc;

	rcfd_config_defaults(&c);
	tap_ok(!c.reconf.enable && c.reconf.threshold1 == 10 &&
		       c.reconf.threshold2 == 5 && c.reconf.round_robin &&
		       !c.reconf.large && !c.reconf.change_limit &&
		       !c.reconf.use_epoch_cost,
	       "reconfig defaults: off, 10, 5, small, round robin");
	rc = rcfd_config_parse("t", good, sizeof(good) - 1, &c, err,
			       sizeof(err));
	tap_ok(!rc && c.reconf.enable && c.reconf.threshold1 == 16 &&
		       c.reconf.threshold2 == 64 && c.reconf.large &&
		       !c.reconf.round_robin && c.reconf.change_limit == 7 &&
		       c.reconf.use_epoch_cost &&
		       c.reconf.epoch_cost_per_ms == 3 &&
		       !strcmp(c.reconf.topology, "hypercube:4") &&
		       !strcmp(c.reconf.state, "/tmp/sn"),
	       "a full [reconfig] section is read");
	tap_ok(conf_bad("[reconfig]\nthreshold2 = 0\n"),
	       "threshold2 0 is refused");
	tap_ok(conf_bad("[reconfig]\nalteration = medium\n"),
	       "alteration other than small or large is refused");
	tap_ok(conf_bad("[reconfig]\ntopology = torus:3\n"),
	       "an unknown topology is refused");
	tap_ok(conf_bad("[reconfig]\nthreshold3 = 1\n"),
	       "an unknown reconfig key is refused");
	tap_ok(conf_bad("[reconfig]\nstate = relative\n"),
	       "a relative state path is refused");
}

static void test_state(void)
{
	struct rcf_sn_state s;
	char err[256];

	tap_ok(!rcf_sn_state_parse("# x\nspec ring:4\npos 2 0 1 3\n", &s, err,
				   sizeof(err)) &&
		       s.t.n == 4 && s.m.pos[0] == 2 && s.m.at[2] == 0 &&
		       s.m.at[0] == 1 && s.m.at[3] == 3,
	       "a stored mapping is read in both directions");
	rcf_sn_state_free(&s);
	tap_ok(rcf_sn_state_parse("spec ring:4\npos 2 0 2 3\n", &s, err,
				  sizeof(err)) < 0,
	       "two nodes at one position are refused");
	tap_ok(rcf_sn_state_parse("spec ring:4\npos 0 1 2\n", &s, err,
				  sizeof(err)) < 0,
	       "a short mapping is refused");
	tap_ok(rcf_sn_state_parse("pos 0 1 2 3\n", &s, err, sizeof(err)) < 0,
	       "a mapping without its spec is refused");
	{
		/* strtoul would take all of these */
		static const char *const bad[] = {
			"spec ring:4\npos +2 0 1 3\n",
			"spec ring:4\npos 2 0 1 3x\n",
			"spec ring:4\npos 2 0 1 3 0\n",
			"spec ring:4\npos 2 0 1\n3\n",
			"spec ring:4\npos 2 0 1 4294967299\n",
		};
		int all = 1;

		for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
			if (rcf_sn_state_parse(bad[k], &s, err, sizeof(err)) <
				    0 &&
			    strstr(err, "pos: "))
				continue;
			printf("# accepted: %s", bad[k]);
			all = 0;
			rcf_sn_state_free(&s);
		}
		tap_ok(all, "a mapping with a sign, junk, an extra or wrapped "
			    "number, or numbers past its line, is refused");
	}
}

static int start(struct gd_state *g, const char *spec)
{
	struct sn_topo t;
	struct gd_opts o;
	char err[128];

	gd_opts_default(&o);
	if (sn_parse(spec, &t, err, sizeof(err)))
		return -1;
	return gd_init(g, &t, &o);
}

static void test_decide(void)
{
	struct rcfd_reconf_conf c;
	struct gd_state g;
	struct gd_change ch;
	uint64_t sent[16] = {0}, recv[16] = {0};
	int rc;

	rcfd_reconf_conf_defaults(&c);
	if (start(&g, "hypercube:4")) {
		tap_ok(0, "gd state");
		return;
	}
	sent[15] = 3;
	tap_ok(!rcfd_reconf_decide(&g, &c, 0, sent, recv, 0, &ch),
	       "CF 9 at threshold1 10: no change");
	sent[15] = 10;
	rc = rcfd_reconf_decide(&g, &c, 0, sent, recv, 0, &ch);
	tap_ok(rc == 1 && ch.a == 0 && ch.cost_before == 30 &&
		       ch.cost_after == 20 && ch.ties == 4,
	       "node 0 sending 10 to 15: CF 30 -> 20, four equal swaps");
	recv[15] = 5;
	rc = rcfd_reconf_decide(&g, &c, 0, sent, recv, 0, &ch);
	tap_ok(rc == 1 && ch.cost_before == 45,
	       "messages received count in C_ij too");
	recv[15] = 0;
	c.use_epoch_cost = 1;
	c.epoch_cost_per_ms = 1;
	tap_ok(rcfd_reconf_change_cost(&c, 10000001) == 11,
	       "epoch cost: ms rounded up");
	tap_ok(!rcfd_reconf_decide(&g, &c, 0, sent, recv, 10000000, &ch),
	       "a 10 ms epoch outweighs a saving of 10");
	tap_ok(rcfd_reconf_decide(&g, &c, 0, sent, recv, 9000000, &ch) == 1,
	       "a 9 ms epoch does not");
	c.use_epoch_cost = 0;
	c.change_limit = 1;
	g.changes = 1;
	tap_ok(!rcfd_reconf_decide(&g, &c, 0, sent, recv, 0, &ch),
	       "no change past the change limit");
	gd_free(&g);
}

/*
 * Case 1 of §4.1: nodes 0 and 8 send 100 messages each to 15, taking
 * turns; every node evaluates every threshold2 of its messages sent or
 * received, on its own counters, and a chosen swap applies at once.
 */
static void test_case1(void)
{
	struct rcfd_reconf_conf c;
	struct gd_state g;
	struct gd_change ch;
	uint64_t sent[16][16] = {{0}}, recv[16][16] = {{0}}, count[16] = {0};
	uint32_t src[2] = {0, 8}, changes = 0;
	int adj;

	rcfd_reconf_conf_defaults(&c);
	if (start(&g, "hypercube:4")) {
		tap_ok(0, "gd state");
		return;
	}
	for (int m = 0; m < 200; m++) {
		uint32_t s = src[m % 2], nodes[2] = {s, 15};

		sent[s][15]++;
		recv[15][s]++;
		for (int k = 0; k < 2; k++) {
			uint32_t i = nodes[k];

			if (++count[i] % c.threshold2)
				continue;
			if (rcfd_reconf_decide(&g, &c, i, sent[i], recv[i], 0,
					       &ch) == 1) {
				gd_apply(&g, &ch);
				changes++;
			}
		}
	}
	adj = sn_dist(&g.topo, g.map.pos[0], g.map.pos[15]) == 0 &&
	      sn_dist(&g.topo, g.map.pos[8], g.map.pos[15]) == 0;
	printf("# case 1: %u changes; positions 0:%u 8:%u 15:%u\n", changes,
	       g.map.pos[0], g.map.pos[8], g.map.pos[15]);
	tap_ok(adj, "case 1: 0 and 8 end adjacent to 15");
	tap_ok(changes > 0 && changes == g.changes,
	       "case 1: the changes are counted");
	tap_ok(gd_cost(&g, 0) == 0 && gd_cost(&g, 15) == 0,
	       "case 1: no traffic through intermediate nodes at the end");
	gd_free(&g);
}

int main(void)
{
	tap_plan(22);
	test_conf();
	test_state();
	test_decide();
	test_case1();
	return tap_done();
}
