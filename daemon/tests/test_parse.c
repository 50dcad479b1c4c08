// SPDX-License-Identifier: GPL-2.0
/* Command and batch parser tests: accepted forms, refusals, line numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "obj/parse.h"

static int parse(const char *line, int allow_get, struct rcf_op *op, char *err)
{
	char buf[512], *w[RCF_BATCH_MAX_WORDS];
	int n;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, RCF_BATCH_MAX_WORDS);
	return rcf_parse_op(n, w, allow_get, op, err, 256);
}

static void accepts(void)
{
	struct rcf_op op;
	char err[256];
	int ok;

	ok = !parse("link add id 7 node 1 port 0 switch 2 port 5 vcs 2 "
		    "state down",
		    0, &op, err) &&
	     op.cmd == RCF_CMD_LINK_NEW && op.o.v[RCF_A_LINK_ID] == 7 &&
	     op.o.end[0].kind == RCF_ELEM_NODE && op.o.end[0].id == 1 &&
	     op.o.end[1].kind == RCF_ELEM_SWITCH && op.o.end[1].port == 5 &&
	     op.o.v[RCF_A_LINK_VCS] == 2 &&
	     op.o.v[RCF_A_LINK_STATE] == RCF_LINK_DOWN;
	tap_ok(ok, "link add with both ends and options");

	ok = !parse("n s", 1, &op, err) && op.cmd == RCF_CMD_NODE_GET &&
	     !rcf_has_any(&op.o);
	tap_ok(ok, "abbreviation \"n s\" is node show");
	ok = !parse("s a id 3 ports 16 cq-size 2048", 0, &op, err) &&
	     op.cmd == RCF_CMD_SWITCH_NEW && op.o.v[RCF_A_SWITCH_PORTS] == 16 &&
	     op.o.v[RCF_A_SWITCH_CQ_SIZE] == 2048;
	tap_ok(ok, "\"s a\" is switch add");
	ok = !parse("link set 4 state up bandwidth 3", 0, &op, err) &&
	     op.cmd == RCF_CMD_LINK_SET && op.o.v[RCF_A_LINK_ID] == 4 &&
	     op.o.v[RCF_A_LINK_BANDWIDTH] == 3;
	tap_ok(ok, "link set with a positional id");
	ok = !parse("node add name fast0 ports 2", 0, &op, err) &&
	     !strcmp(op.o.ifname, "fast0") && !rcf_has(&op.o, RCF_A_NODE_ID);
	tap_ok(ok, "node add without id leaves the id to the kernel");
	ok = !parse("circuit add switch 1 in 2 out 7", 0, &op, err) &&
	     op.cmd == RCF_CMD_CIRCUIT_NEW &&
	     op.o.v[RCF_A_CIRCUIT_OUT_PORT] == 7;
	tap_ok(ok, "circuit add");
	ok = !parse("route add src 1 dst 2 index 3 hops 4 5.1 31.3", 0, &op,
		    err) &&
	     op.o.nhops == 3 && op.o.hops[0] == 4 &&
	     op.o.hops[1] == RCF_HOP(5, 1) && op.o.hops[2] == RCF_HOP(31, 3);
	tap_ok(ok, "route hops PORT and PORT.VC");
	ok = !parse("route del src 1 dst 2", 0, &op, err) &&
	     op.cmd == RCF_CMD_ROUTE_DEL && !rcf_has(&op.o, RCF_A_ROUTE_INDEX);
	tap_ok(ok, "route del without index");
	ok = !parse("link", 1, &op, err) && op.cmd == RCF_CMD_LINK_GET;
	tap_ok(ok, "an object alone is show");
	ok = parse("node help", 1, &op, err) == 1;
	tap_ok(ok, "help is recognised");
	ok = !parse("link add node 0 port 0 node 1 port 0 # comment", 0, &op,
		    err) &&
	     op.o.end[1].id == 1;
	tap_ok(ok, "trailing comment ignored");
	ok = !parse("fabric set mem-limit 1048576", 0, &op, err) &&
	     op.cmd == RCF_CMD_FABRIC_SET &&
	     rcf_has(&op.o, RCF_A_FABRIC_MEM_LIMIT) &&
	     op.o.v[RCF_A_FABRIC_MEM_LIMIT] == 1048576;
	tap_ok(ok, "fabric set mem-limit, in bytes");
	ok = !parse("fabric set mem-limit 18446744073709551615", 0, &op, err) &&
	     op.o.v[RCF_A_FABRIC_MEM_LIMIT] == UINT64_MAX;
	tap_ok(ok, "mem-limit takes all 64 bits (the kernel bounds it)");
}

static const struct {
	const char *line, *want;
} refusals[] = {
	{"frob add", "unknown object"},
	{"node", "missing command"},
	{"node zap", "unknown command"},
	{"node show", "only add, del and set"},
	{"node add colour red", "unknown keyword \"colour\""},
	{"node add ports", "needs a value"},
	{"node add ports -1", "bad number"},
	{"node add ports 4294967296", "bad number"},
	{"node add id 1 id 2", "given twice"},
	{"node del", "needs an id"},
	{"node add name abcdefghijklmnop", "1-15 characters"},
	{"link add node 0 port 0", "two ends"},
	{"link add node 0 port 0 node 1 port 0 switch 2 port 0", "third"},
	{"link add node 0 node 1 port 0", "needs \"port P\""},
	{"link add node x port 0 node 1 port 0", "needs an id"},
	{"link set 3", "nothing to set"},
	{"link set 3 state sideways", "up or down"},
	{"link add node 0 port 0 node 1 port 0 ifindex 3", "unknown keyword"},
	{"circuit add switch 1 in 2", "out O"},
	{"circuit del in 2", "switch S in I"},
	{"route add src 1 dst 2", "hops"},
	{"route add src 1 dst 2 hops", "at least one hop"},
	{"route add src 1 dst 2 hops 32", "bad hop \"32\""},
	{"route add src 1 dst 2 hops 3.4", "bad hop \"3.4\""},
	{"route add src 1 dst 2 hops 3.", "bad hop"},
	{"route add src 1 dst 2 hops 3x", "bad hop"},
	{"route add src 1 dst 2 hops 18446744073709551617", "bad hop"},
	{"route add src 1 dst 2 hops 3.+1", "bad hop"},
	{"route add src 1 dst 2 hops 3.1.1", "bad hop"},
	{"route add src 1 dst 2 index 256 hops 1", "bad number"},
	{"route set src 1 dst 2 hops 1", "needs \"index I\""},
	{"fabric set mem-limit -1", "mem-limit: bad number \"-1\""},
	{"fabric set mem-limit 1M", "mem-limit: bad number \"1M\""},
	{"fabric set mem-limit 18446744073709551616", "bad number"},
	{"fabric set mem-limit", "needs a value"},
	{"fabric set mem", "unknown keyword \"mem\""},
};

static void refuses(void)
{
	struct rcf_op op;
	char err[256], name[200];

	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		int rc = parse(refusals[i].line, 0, &op, err);

		snprintf(name, sizeof(name), "refused: %s", refusals[i].line);
		if (!tap_ok(rc < 0 && strstr(err, refusals[i].want), name))
			printf("# got rc %d, \"%s\"\n", rc, rc ? err : "");
	}
}

static void hops_too_many(void)
{
	char line[600] = "route add src 0 dst 1 hops";
	struct rcf_op op;
	char err[256], *w[200];
	int n;

	for (int i = 0; i < 65; i++)
		strcat(line, " 1");
	n = rcf_split_words(line, w, 200);
	tap_ok(rcf_parse_op(n, w, 0, &op, err, sizeof(err)) < 0 &&
		       strstr(err, "more than 64 hops"),
	       "65 hops are refused");
}

static void batch_lines(void)
{
	static const char text[] = "# a comment\n"
				   "\n"
				   "node add id 0\n"
				   "   node add id 1 # trailing\n"
				   "link add node 0 port 0 node 1 port 0\n"
				   "link add node 0 port 0 frob 1\n";
	static const char good[] = "node add id 0\nswitch add id 0\n\n"
				   "link del 5\n";
	struct rcf_op *ops;
	size_t n;
	char err[256];
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	int rc = rcf_batch_read(f, "x.batch", &ops, &n, err, sizeof(err));

	fclose(f);
	if (!tap_ok(rc < 0 && !strncmp(err, "x.batch:6: ", 11),
		    "batch syntax error names file and line"))
		printf("# %s\n", err);
	f = fmemopen((void *)good, sizeof(good) - 1, "r");
	rc = rcf_batch_read(f, "g", &ops, &n, err, sizeof(err));
	fclose(f);
	tap_ok(!rc && n == 3 && ops[0].line == 1 && ops[1].line == 2 &&
		       ops[2].line == 4 && ops[2].cmd == RCF_CMD_LINK_DEL,
	       "batch ops carry their line numbers");
	free(ops);
	f = fmemopen((void *)"node list\n", 10, "r");
	rc = rcf_batch_read(f, "s", &ops, &n, err, sizeof(err));
	fclose(f);
	tap_ok(rc < 0 && strstr(err, "s:1:"), "show is refused in a batch");
}

int main(void)
{
	tap_plan(13 + (int)(sizeof(refusals) / sizeof(refusals[0])) + 1 + 3);
	accepts();
	refuses();
	hops_too_many();
	batch_lines();
	return tap_done();
}
