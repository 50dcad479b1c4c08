// SPDX-License-Identifier: GPL-2.0
/* rcfctl traffic start's grammar, and the printing of results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "../lib/parse.h"
#include "../lib/traffic_req.h"

static int parse(const char *line, struct rcf_traffic_req *r, char *err)
{
	char buf[512], *w[32];
	int n;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, 32);
	return rcf_traffic_parse_args(n, w, r, err, 256);
}

static int refused(const char *line, const char *why)
{
	struct rcf_traffic_req r;
	char err[256] = "";
	int ok = parse(line, &r, err) == -1 && strstr(err, why);

	if (!ok)
		printf("# '%s': got '%s', want '%s'\n", line, err, why);
	return ok;
}

int main(void)
{
	struct rcf_traffic_req r;
	struct rcf_traffic_res res;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	tap_plan(14);
	tap_ok(!parse("uniform", &r, err) && r.pattern == RCF_TRAFFIC_UNIFORM &&
		       r.rate == 100 && r.size_min == 64 && r.size_max == 64 &&
		       r.seed == 1 && !r.cycles && !r.messages,
	       "defaults are rcfsim's");
	tap_ok(!parse("uniform rate 250 size 16-200 messages 500 seed 7", &r,
		      err) &&
		       r.rate == 250 && r.size_min == 16 && r.size_max == 200 &&
		       r.messages == 500 && r.seed == 7 && !r.cycles,
	       "rate, size range, messages, seed");
	tap_ok(!parse("doloop step 3 cycles 1000 size 32", &r, err) &&
		       r.pattern == RCF_TRAFFIC_DOLOOP && r.param == 3 &&
		       r.cycles == 1000 && r.size_min == 32 && r.size_max == 32,
	       "permutation with a step, fixed size");
	tap_ok(!parse("hotspot hotspot 5 share 300", &r, err) &&
		       r.pattern == RCF_TRAFFIC_HOTSPOT && r.hot_node == 5 &&
		       r.hot_permille == 300,
	       "hotspot node and share");
	tap_ok(!parse("transpose", &r, err) && !parse("bitrev", &r, err) &&
		       r.pattern == RCF_TRAFFIC_BITREV,
	       "patterns without a step");
	tap_ok(refused("", "needs a pattern") &&
		       refused("zigzag", "unknown traffic pattern"),
	       "unknown or missing pattern refused");
	tap_ok(refused("exor", "needs a step") &&
		       refused("ncube cycles 5", "needs a step"),
	       "a permutation without a step is refused");
	tap_ok(refused("hotspot", "needs a node") &&
		       refused("uniform hotspot 3", "goes with pattern"),
	       "hotspot node only with hotspot");
	tap_ok(refused("uniform size 0", "bad size") &&
		       refused("uniform size 100-50", "bad size") &&
		       refused("uniform size 70000", "bad size"),
	       "bad sizes refused");
	tap_ok(refused("uniform rate 0", "bad rate") &&
		       refused("uniform rate -5", "bad rate") &&
		       refused("uniform rate 1000001", "bad rate"),
	       "bad rates refused");
	tap_ok(refused("uniform cycles 10 messages 5", "bad messages") &&
		       refused("uniform messages 0", "bad messages"),
	       "cycles and messages exclude each other");
	tap_ok(refused("uniform share 2000", "bad share") &&
		       refused("uniform seed", "needs a value") &&
		       refused("uniform colour red", "unknown word"),
	       "bad words refused");

	memset(&res, 0, sizeof(res));
	res.spec.pattern = RCF_TRAFFIC_UNIFORM;
	res.spec.size_min = res.spec.size_max = 64;
	res.spec.rate = 100;
	res.spec.seed = 3;
	res.spec.messages = 10;
	res.done = res.complete = 1;
	res.nodes = 16;
	res.now = 1234;
	res.msgs_offered = res.msgs_sent = res.msgs_delivered = 10;
	res.offered_milli = 1500;
	res.lat_p99 = 77;
	f = open_memstream(&buf, &len);
	rcf_traffic_print(f, &res);
	fclose(f);
	tap_ok(strstr(buf, "uniform, size 64, rate 100") &&
		       strstr(buf, "10 messages") &&
		       strstr(buf, "16 nodes, 1234 cycles") &&
		       strstr(buf, "complete") &&
		       strstr(buf, "offered 1.500") && strstr(buf, "p99 77"),
	       "results printed");
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	{
		struct rcf_json j;

		rcf_json_init(&j, f, 0);
		rcf_traffic_json(&j, &res);
	}
	fclose(f);
	tap_ok(strstr(buf, "\"msgs-delivered\":10") &&
		       strstr(buf, "\"cycles\":1234") &&
		       strstr(buf, "\"p99\":77") &&
		       strstr(buf, "\"complete\":true"),
	       "results as JSON, rcfsim's keys");
	if (tap_failed)
		printf("# %s", buf);
	free(buf);
	return tap_done();
}
