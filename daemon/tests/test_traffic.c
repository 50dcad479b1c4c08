// SPDX-License-Identifier: GPL-2.0
/* rcfctl traffic start's grammar, and the printing of results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "obj/parse.h"
#include "traffic/traffic_req.h"

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

/* a file holding text, its path in path (at least 32 bytes) */
static int file_of(const char *text, char *path)
{
	int fd;

	strcpy(path, "/tmp/rcf-traffic-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static void nig_and_trace(void)
{
	struct rcf_traffic_req r;
	char nig[64], tr[64], line[256], err[256] = "";
	int ok;

	/* a pair twice: merged */
	if (file_of("# graph\n3 1 5\n0 2 1\n3 1 2\n", nig) ||
	    file_of("# trace\n10 0 15 100\n10 3 12 5\n\n500 15 0 1000\n", tr)) {
		tap_ok(0, "temporary files");
		return;
	}
	snprintf(line, sizeof(line), "nig %s rate 200 seed 4", nig);
	ok = !parse(line, &r, err) && r.pattern == RCF_TRAFFIC_NIG &&
	     r.narcs == 2 && r.arcs[0].src == 0 && r.arcs[0].dst == 2 &&
	     r.arcs[0].weight == 1 && r.arcs[1].src == 3 &&
	     r.arcs[1].dst == 1 && r.arcs[1].weight == 7 && r.rate == 200 &&
	     r.seed == 4;
	rcf_traffic_req_free(&r);
	tap_ok(ok, "nig FILE: sorted, a pair's arcs merged");
	if (!ok)
		printf("# %s\n", err);
	snprintf(line, sizeof(line), "trace %s seed 2", tr);
	ok = !parse(line, &r, err) && r.pattern == RCF_TRAFFIC_TRACE &&
	     r.nmsgs == 3 && r.msgs[0].cycle == 10 && r.msgs[0].dst == 15 &&
	     r.msgs[1].bytes == 5 && r.msgs[2].cycle == 500 &&
	     r.msgs[2].src == 15 && r.msgs[2].bytes == 1000 && !r.cycles;
	rcf_traffic_req_free(&r);
	tap_ok(ok, "trace FILE read in order");
	snprintf(line, sizeof(line), "trace %s size 8:1", tr);
	tap_ok(refused(line, "own sizes") && refused("nig", "needs a file") &&
		       refused("trace /nonexistent/x", "No such file"),
	       "trace with a size table, or no file, refused");
	unlink(nig);
	unlink(tr);
}

static void nig_refusals(void)
{
	char path[64], line[256];
	int ok = 1;
	/* out of order, a node sending to itself, too big, malformed */
	static const char *const bad[] = {
		"10 0 1 5\n5 1 0 5\n",
		"10 2 2 5\n",
		"10 0 1 70000\n",
		"10 0 1\n",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		if (file_of(bad[i], path))
			ok = 0;
		snprintf(line, sizeof(line), "trace %s", path);
		ok &= refused(line, "want CYCLE SRC DST BYTES");
		unlink(path);
	}
	if (file_of("1 1 4\n", path))
		ok = 0;
	snprintf(line, sizeof(line), "nig %s", path);
	ok &= refused(line, ":1: want");
	unlink(path);
	tap_ok(ok, "bad trace and graph files refused with the line");
}

int main(void)
{
	struct rcf_traffic_req r;
	struct rcf_traffic_res res;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	tap_plan(22);
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
	tap_ok(refused("uniform step 3", "step I goes with doloop") &&
		       !parse("ncube step 0x2", &r, err) && r.param == 2 &&
		       refused("exor step -1", "bad step"),
	       "a step is read as rcfsim's --step, and only for a "
	       "permutation");
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

	tap_ok(!parse("uniform size 8:3,1000:1 arrival periodic warmup 500", &r,
		      err) &&
		       r.nsizes == 2 && r.sizes[0].bytes == 8 &&
		       r.sizes[0].weight == 3 && r.sizes[1].bytes == 1000 &&
		       r.arrival == RCF_TRAFFIC_PERIODIC && r.warmup == 500,
	       "size table, periodic arrivals, warm-up");
	tap_ok(refused("uniform size 8:0", "bad size") &&
		       refused("uniform size 0:3", "bad size") &&
		       refused("uniform size 8:70000", "bad size") &&
		       refused("uniform arrival poisson", "bad arrival"),
	       "bad size tables and arrivals refused");
	tap_ok(!parse("uniform self on", &r, err) && r.self &&
		       !parse("uniform self off", &r, err) && !r.self &&
		       refused("uniform self yes", "bad self 'yes'") &&
		       refused("transpose self on",
			       "self on is for uniform traffic") &&
		       !parse("transpose self off", &r, err),
	       "self on|off, on for uniform traffic only");
	nig_and_trace();
	nig_refusals();

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
