// SPDX-License-Identifier: GPL-2.0
/*
 * Data-path words: node addresses, the fabric clock, route policy and
 * engine mode, the stats grammar, and the round trip of each through a
 * batch line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "tap.h"
#include "obj/batch.h"
#include "out/fmt.h"
#include "out/json.h"
#include "obj/parse.h"
#include "stats/stats.h"
#include "obj_text.h"

static int renders(const struct rcf_obj *o, int batch, const char *want)
{
	char *got = render(o, batch);
	int ok = !strcmp(got, want);

	if (!ok)
		printf("# got  %s# want %s", got, want);
	free(got);
	return ok;
}

static void addresses(void)
{
	struct rcf_op op, back;
	char err[256], *line;
	int ok;

	ok = !parse_op_line("node add id 2 addr 10.0.0.2 addr fd00::2", &op,
			    err) &&
	     op.o.naddrs == 2 && !op.o.addrs[0].v6 &&
	     op.o.addrs[0].a[0] == 10 && op.o.addrs[0].a[3] == 2 &&
	     op.o.addrs[1].v6 && op.o.addrs[1].a[0] == 0xfd &&
	     op.o.addrs[1].a[15] == 2;
	tap_ok(ok, "node add with an IPv4 and an IPv6 address");

	ok = !parse_op_line("node set 2 addr none", &op, err) &&
	     op.cmd == RCF_CMD_NODE_SET && rcf_has(&op.o, RCF_A_NODE_ADDRS) &&
	     op.o.naddrs == 0;
	tap_ok(ok, "addr none is an empty list (clears)");

	ok = parse_op_line("node set 2 addr 10.0.0.256", &op, err) < 0 &&
	     strstr(err, "bad address \"10.0.0.256\"");
	tap_ok(ok, "a bad IPv4 address is refused, named");
	ok = parse_op_line("node set 2 addr fd00:::1", &op, err) < 0 &&
	     strstr(err, "bad address");
	tap_ok(ok, "a bad IPv6 address is refused");
	ok = parse_op_line("node set 2 addr eth0", &op, err) < 0;
	tap_ok(ok, "a name is not an address");
	ok = parse_op_line("node set 2 addr 1.2.3.4 addr 1.2.3.4", &op, err) <
		     0 &&
	     strstr(err, "twice");
	tap_ok(ok, "a repeated address is refused");
	ok = parse_op_line("node set 2 addr 1.1.1.1 addr none", &op, err) < 0 &&
	     parse_op_line("node set 2 addr none addr 1.1.1.1", &op, err) < 0;
	tap_ok(ok, "addr none does not mix with addresses");
	ok = parse_op_line(
		     "node add addr 1.0.0.1 addr 1.0.0.2 addr 1.0.0.3 addr "
		     "1.0.0.4 addr 1.0.0.5 addr 1.0.0.6 addr 1.0.0.7 addr "
		     "1.0.0.8",
		     &op, err) == 0 &&
	     parse_op_line(
		     "node add addr 1.0.0.1 addr 1.0.0.2 addr 1.0.0.3 addr "
		     "1.0.0.4 addr 1.0.0.5 addr 1.0.0.6 addr 1.0.0.7 addr "
		     "1.0.0.8 addr 1.0.0.9",
		     &op, err) < 0 &&
	     strstr(err, "more than 8");
	tap_ok(ok, "8 addresses fit, a 9th is refused");
	ok = parse_op_line("node set 2 addr", &op, err) < 0 &&
	     strstr(err, "value");
	tap_ok(ok, "addr without a value is refused");

	parse_op_line("node add id 2 addr 10.0.0.2 addr fd00::2", &op, err);
	ok = renders(&op.o, 1, "node add id 2 addr 10.0.0.2 addr fd00::2\n") &&
	     renders(&op.o, 0, "node 2 addr 10.0.0.2 addr fd00::2\n");
	tap_ok(ok, "addresses print in batch and show form");
	line = render(&op.o, 1);
	ok = !parse_op_line(line, &back, err) && rcf_obj_equal(&op.o, &back.o);
	free(line);
	tap_ok(ok, "addresses round-trip through a batch line");
	parse_op_line("node set 2 addr none", &op, err);
	ok = renders(&op.o, 1, "node add id 2 addr none\n");
	tap_ok(ok, "an empty list is written as addr none");
}

static void fabric(void)
{
	static const struct {
		const char *word;
		uint64_t hz;
		const char *shown;
	} clocks[] = {
		{"free", 0, "free"},
		{"0", 0, "free"},
		{"40000000", 40000000, "40MHz"},
		{"40MHz", 40000000, "40MHz"},
		{"40M", 40000000, "40MHz"},
		{"2.5GHz", 2500000000ULL, "2500MHz"},
		{"1.5kHz", 1500, "1500Hz"},
		{"7Hz", 7, "7Hz"},
		{"1GHz", 1000000000, "1GHz"},
	};
	static const char *const bad[] = {
		"fast", "1.5Hz", "-1", "40mhz", "1.2345678901GHz", "", "MHz"};
	struct rcf_op op, back;
	char err[256], line[128], buf[32], *out;
	int ok = 1;

	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		const char *name;

		snprintf(line, sizeof(line), "fabric set clock %s",
			 clocks[i].word);
		if (parse_op_line(line, &op, err) ||
		    op.o.v[RCF_A_FABRIC_CLOCK_HZ] != clocks[i].hz) {
			printf("# %s: %s\n", clocks[i].word, err);
			ok = 0;
			continue;
		}
		name = rcf_value_name(RCF_A_FABRIC_CLOCK_HZ, clocks[i].hz, buf,
				      sizeof(buf));
		if (!name || strcmp(name, clocks[i].shown)) {
			printf("# %s shown as %s\n", clocks[i].word,
			       name ? name : "(null)");
			ok = 0;
		}
	}
	tap_ok(ok, "clock values: free, Hz, k/M/GHz, fractions");
	ok = 1;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(line, sizeof(line), "fabric set clock %s", bad[i]);
		if (parse_op_line(line, &op, err) >= 0 && bad[i][0]) {
			printf("# accepted \"%s\"\n", bad[i]);
			ok = 0;
		}
	}
	tap_ok(ok, "bad clock values are refused");

	ok = !parse_op_line("fabric set route-policy least-loaded", &op, err) &&
	     op.o.v[RCF_A_FABRIC_ROUTE_POLICY] == RCF_RPOL_LEAST_LOADED &&
	     !parse_op_line("fabric set route-policy rr", &op, err) &&
	     op.o.v[RCF_A_FABRIC_ROUTE_POLICY] == RCF_RPOL_ROUND_ROBIN &&
	     !parse_op_line("fabric set route-policy round-robin", &op, err) &&
	     parse_op_line("fabric set route-policy random", &op, err) < 0 &&
	     strstr(err, "rr or least-loaded");
	tap_ok(ok, "route-policy rr | round-robin | least-loaded");

	ok = !parse_op_line("fabric set cq-size 2048 clock 40MHz route-policy "
			    "least-loaded",
			    &op, err);
	out = render(&op.o, 1);
	ok = ok &&
	     !strcmp(out, "fabric set cq-size 2048 clock 40MHz route-policy "
			  "least-loaded\n") &&
	     !parse_op_line(out, &back, err) && rcf_obj_equal(&op.o, &back.o);
	free(out);
	tap_ok(ok, "fabric settings round-trip through a batch line");
}

static int sparse(const char *line, struct rcf_stats_query *q, char *err)
{
	char buf[256], *w[32];
	int n;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, 32);
	return rcf_stats_parse_args(n, w, q, err, 256);
}

/* engine exact|fast: the u8 RCF_A_FABRIC_ENGINE_EXACT, 1 or 0 */
static void engine_words(void)
{
	struct rcf_op op, back;
	char err[256], *out;
	int ok;

	ok = !parse_op_line("fabric set engine exact", &op, err) &&
	     rcf_has(&op.o, RCF_A_FABRIC_ENGINE_EXACT) &&
	     op.o.v[RCF_A_FABRIC_ENGINE_EXACT] == 1 &&
	     !parse_op_line("fabric set engine fast", &op, err) &&
	     op.o.v[RCF_A_FABRIC_ENGINE_EXACT] == 0;
	tap_ok(ok, "engine exact is 1, engine fast 0");
	ok = parse_op_line("fabric set engine quick", &op, err) < 0 &&
	     strstr(err, "engine: \"quick\" is not exact or fast") &&
	     parse_op_line("fabric set engine 1", &op, err) < 0 &&
	     parse_op_line("fabric set engine", &op, err) < 0;
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "other engine words are refused, the two named");

	ok = !parse_op_line("fabric set route-policy rr engine exact", &op,
			    err) &&
	     renders(&op.o, 1, "fabric set route-policy rr engine exact\n") &&
	     renders(&op.o, 0, "fabric route-policy rr engine exact\n");
	out = render(&op.o, 1);
	ok = ok && !parse_op_line(out, &back, err) &&
	     rcf_obj_equal(&op.o, &back.o);
	free(out);
	tap_ok(ok, "engine round-trips through show and batch lines");
	ok = !parse_op_line("fabric set engine fast", &op, err);
	out = render_json(&op.o);
	ok = ok && !strcmp(out, "{\"engine\":\"fast\"}\n");
	if (!ok)
		printf("# got %s", out);
	free(out);
	tap_ok(ok, "engine in JSON is the word");
}

static void stats_words(void)
{
	struct rcf_stats_query q;
	char err[256];
	int ok;

	ok = !sparse("", &q, err) && q.kind == RCF_STATS_KIND_FABRIC &&
	     !q.reset;
	tap_ok(ok, "stats alone is the fabric");
	ok = !sparse("show channels", &q, err) &&
	     q.kind == RCF_STATS_KIND_CHANNEL && !sparse("switches", &q, err) &&
	     q.kind == RCF_STATS_KIND_SWITCH && !sparse("nodes", &q, err) &&
	     q.kind == RCF_STATS_KIND_NODE && !sparse("pairs", &q, err) &&
	     q.kind == RCF_STATS_KIND_PAIR && !sparse("switch", &q, err) &&
	     q.kind == RCF_STATS_KIND_SWITCH && !sparse("node", &q, err) &&
	     q.kind == RCF_STATS_KIND_NODE;
	tap_ok(ok, "kinds by name, singular or plural");
	ok = !sparse("link 3 vc 1", &q, err) &&
	     q.kind == RCF_STATS_KIND_CHANNEL && q.has_link && q.link == 3 &&
	     q.has_vc && q.vc == 1 && !sparse("node 7", &q, err) &&
	     q.kind == RCF_STATS_KIND_NODE && q.has_node && q.node == 7 &&
	     !sparse("pairs src 1 dst 2", &q, err) && q.has_src && q.has_dst &&
	     q.dst == 2;
	tap_ok(ok, "filters with ids pick their kind");
	ok = !sparse("pairs matrix msgs", &q, err) && q.matrix &&
	     q.matrix_unit == RCF_STATS_MSGS_UNIT &&
	     q.kind == RCF_STATS_KIND_PAIR && !sparse("matrix", &q, err) &&
	     q.matrix && q.matrix_unit == RCF_STATS_BYTES_UNIT &&
	     !sparse("matrix pkts src 2", &q, err) &&
	     q.matrix_unit == RCF_STATS_PKTS_UNIT && q.has_src &&
	     sparse("nodes matrix", &q, err) < 0;
	tap_ok(ok, "pairs matrix [bytes | msgs | pkts]");
	ok = !sparse("reset", &q, err) && q.reset &&
	     sparse("reset nodes", &q, err) < 0;
	tap_ok(ok, "stats reset, alone");
	ok = sparse("channels node 3", &q, err) < 0 &&
	     sparse("nodes switches", &q, err) < 0 &&
	     sparse("link x", &q, err) < 0 && sparse("bogus", &q, err) < 0 &&
	     strstr(err, "bogus") && sparse("msgs", &q, err) < 0;
	tap_ok(ok, "mixed kinds, bad numbers, unknown words are refused");
	ok = sparse("help", &q, err) == 1;
	tap_ok(ok, "stats help");
	ok = rcf_drop_lookup("hop-limit") == RCF_DROP_HOP_LIMIT &&
	     !strcmp(rcf_drop_name(RCF_DROP_DOWN), "down") &&
	     !rcf_drop_name(RCF_DROP_MAX + 1);
	for (int i = 0; i <= RCF_DROP_MAX; i++)
		ok = ok && rcf_drop_name(i) &&
		     rcf_drop_lookup(rcf_drop_name(i)) == i;
	tap_ok(ok, "every drop reason has a unique name");
}

int main(void)
{
	tap_plan(28);
	addresses();
	fabric();
	engine_words();
	stats_words();
	return tap_done();
}
