// SPDX-License-Identifier: GPL-2.0
/*
 * Topology and batch files against the kernel's limits: every file here
 * is one rcf.ko (and rcfsim, which loads its model) refuses, and which the
 * offline tools once accepted, overflowed on or read wrongly.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "route/graph.h"
#include "obj/parse.h"
#include "obj/rcf_limits.h"
#include "route/route.h"

static int read_topo(const char *text, size_t len, struct rcf_topo *t,
		     char *err)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int rc = rcf_topo_read(f, "t.rcf", t, err, 256);

	fclose(f);
	return rc;
}

/* text must be refused with an error holding each of want (up to 2) */
static void refused(const char *text, const char *want, const char *want2,
		    const char *name)
{
	struct rcf_topo t;
	char err[256] = "";
	int rc = read_topo(text, strlen(text), &t, err);
	int ok =
		rc == -1 && strstr(err, want) && (!want2 || strstr(err, want2));

	if (!tap_ok(ok, name))
		printf("# rc %d, err \"%s\", want \"%s\"\n", rc, err, want);
	if (!rc)
		rcf_topo_free(&t);
}

#define STAR2             \
	"node add id 0\n" \
	"node add id 1\n"

static void port_counts(void)
{
	refused(STAR2 "switch add id 0 ports 33\n"
		      "link add id 0 node 0 port 0 switch 0 port 0\n"
		      "link add id 1 node 1 port 0 switch 0 port 32\n",
		"t.rcf:3:", "ports 33 is out of range 2-32",
		"a 33-port switch is refused at its line");
	refused(STAR2 "switch add id 0 ports 64\n",
		"t.rcf:3:", "out of range 2-32", "a 64-port switch is refused");
	refused("node add id 0 ports 64\nnode add id 1\n",
		"t.rcf:1:", "node: ports 64 is out of range 1-32",
		"a 64-port node is refused");
	refused("node add id 0 ports 32\nnode add id 1\n"
		"link add node 0 port 40 node 1 port 0\n",
		"t.rcf:3:", "port 40 is out of range 0-31",
		"a link on port 40 is refused");
	refused(STAR2 "switch add id 0 ports 300\n"
		      "link add node 0 port 0 switch 0 port 290\n",
		"t.rcf:3:", "ports 300", "switch add ports 300 is refused");
	refused("switch add id 0 ports 100000000\n",
		"t.rcf:1:", "ports 100000000 is out of range",
		"ports 100000000 is refused before any allocation");
	refused("switch add id 0 ports 4294967295\n",
		"t.rcf:1:", "ports 4294967295 is out of range",
		"ports 4294967295 is refused");
	refused("node add id 0 ports 0\n", "t.rcf:1:", "out of range 1-32",
		"a node without ports is refused");
	refused("switch add id 0 ports 1\n", "t.rcf:1:", "out of range 2-32",
		"a one-port switch is refused");
	refused(STAR2 "switch add id 0 ports 4\n"
		      "link add node 0 port 0 switch 0 port 4\n",
		"t.rcf:4:", "(end B, switch 0 port 4: it has ports 0-3)",
		"a link beyond its switch's ports is refused");
}

static void ports_twice(void)
{
	refused("node add id 0\nnode add id 1\nnode add id 2\n"
		"switch add id 0 ports 8\n"
		"link add id 0 node 0 port 0 switch 0 port 0\n"
		"link add id 1 node 1 port 0 switch 0 port 1\n"
		"link add id 2 node 2 port 0 switch 0 port 1\n",
		"t.rcf:7: link 2: link endpoint port already carries a link "
		"(end B, switch 0 port 1: link 1, line 6)",
		NULL, "two links on one switch port are refused");
	refused(STAR2 "link add node 0 port 0 node 1 port 0\n"
		      "link add node 1 port 0 node 0 port 0\n",
		"t.rcf:4:", "(end A, node 1 port 0: link 0, line 3)",
		"two links on one node port are refused");
	refused(STAR2 "switch add id 0\n"
		      "link add node 0 port 0 switch 0 port 3\n"
		      "link add switch 0 port 3 switch 0 port 3\n",
		"t.rcf:5:", "already carries", "a link on a taken port");
	refused("switch add id 0\nlink add switch 0 port 3 switch 0 port 3\n",
		"t.rcf:2: link switch 0 port 3 - switch 0 port 3: a link "
		"cannot join a port to itself (end B, switch 0 port 3)",
		NULL, "a port linked to itself is refused");
}

static void ids(void)
{
	struct rcf_topo t;
	char err[256];
	static const char two[] = "node add\nnode add\nnode add id 3\n"
				  "node add\nnode add\n";
	int rc;

	refused("node add id 4\nnode add id 4\n",
		"t.rcf:2: node 4: node already exists (line 1)", NULL,
		"a node id used twice is refused");
	refused("switch add id 1\nswitch add id 1\n",
		"t.rcf:2: switch 1: switch already exists (line 1)", NULL,
		"a switch id used twice is refused");
	refused(STAR2 "link add id 5 node 0 port 0 node 1 port 0\n"
		      "node add id 2\nnode add id 3\n"
		      "link add id 5 node 2 port 0 node 3 port 0\n",
		"t.rcf:6: link 5: link already exists (line 3)", NULL,
		"a link id used twice is refused");
	refused("switch add id 4294967295\n",
		"t.rcf:1:", "switch: id 4294967295 is out of range 0-4095",
		"switch id 4294967295 is refused");
	refused("node add id 4096\n", "t.rcf:1:", "out of range 0-4095",
		"node id 4096 is refused");
	refused("node add\nnode add id 0\n",
		"t.rcf:2: node 0: node already exists (line 1)", NULL,
		"a node added without an id takes 0, as in the kernel");
	refused("node add\nnode add\nlink add node 0 port 0 node 2 port 0\n",
		"t.rcf:3: link node 0 port 0 - node 2 port 0: link end names a "
		"node that does not exist (end B, node 2 port 0)",
		NULL, "a link to a missing node is refused");

	rc = read_topo(two, sizeof(two) - 1, &t, err);
	tap_ok(!rc && t.v[RCF_K_NODE].n == 5 &&
		       t.v[RCF_K_NODE].o[0].v[RCF_A_NODE_ID] == 0 &&
		       t.v[RCF_K_NODE].o[1].v[RCF_A_NODE_ID] == 1 &&
		       t.v[RCF_K_NODE].o[3].v[RCF_A_NODE_ID] == 2 &&
		       t.v[RCF_K_NODE].o[4].v[RCF_A_NODE_ID] == 4,
	       "nodes without ids take the lowest free id in file order");
	if (!rc)
		rcf_topo_free(&t);
}

static void link_params(void)
{
	refused(STAR2 "link add node 0 port 0 node 1 port 0 vcs 5\n",
		"t.rcf:3:", "link: vcs 5 is out of range 1-4",
		"vcs 5 is refused");
	refused(STAR2 "link add node 0 port 0 node 1 port 0 vcs 256\n",
		"t.rcf:3:", "vcs 256 is out of range 1-4",
		"vcs 256 is refused, not cut to a byte");
	refused(STAR2 "link add node 0 port 0 node 1 port 0 vcs 0\n",
		"t.rcf:3:", "vcs 0 is out of range", "vcs 0 is refused");
	refused(STAR2 "link add node 0 port 0 node 1 port 0 buffer 3\n",
		"t.rcf:3:", "buffer 3 is out of range 4-65536",
		"a 3-byte buffer is refused");
	refused("fabric set cq-size 63\n",
		"t.rcf:1:", "cq-size 63 is out of range 64-1048576",
		"a 63-byte central queue is refused");
	refused("route add src 0 dst 1 index 4 hops 0\n",
		"t.rcf:1:", "index 4 is out of range 0-3",
		"route index 4 is refused");
	refused("switch add id 0\ncircuit add switch 0 in 2 out 2\n",
		"t.rcf:2:", "back out of itself",
		"a circuit from a port to itself is refused");
	refused("switch add id 0\ncircuit add switch 0 in 2 out 3\n"
		"circuit add switch 0 in 4 out 3\n",
		"t.rcf:3: circuit switch 0 in 4:",
		"already used by another circuit (output 3)",
		"two circuits on one output are refused");
	refused("node add id 0 addr 10.0.0.1\nnode add id 1 addr 10.0.0.1\n",
		"t.rcf:2: node 1: an address already belongs to another node "
		"(10.0.0.1: node 0, line 1)",
		NULL, "an address held by two nodes is refused");
}

static void edges_accepted(void)
{
	static const char text[] =
		"fabric set cq-size 1048576\n"
		"node add id 4095 ports 32\n"
		"node add id 0\n"
		"switch add id 4095 ports 32 cq-size 64\n"
		"link add id 65535 node 4095 port 31 switch 4095 port 31 "
		"vcs 4 buffer 65536 bandwidth 65536 latency 1000000\n"
		"link add node 0 port 0 switch 4095 port 0 vcs 1 buffer 4\n";
	struct rcf_topo t;
	char err[256] = "";
	int rc = read_topo(text, sizeof(text) - 1, &t, err);

	if (!tap_ok(!rc && t.v[RCF_K_LINK].o[1].v[RCF_A_LINK_ID] == 0,
		    "every limit's edge value is accepted"))
		printf("# %s\n", err);
	if (!rc)
		rcf_topo_free(&t);
}

static void numbers(void)
{
	struct rcf_topo t;
	char err[256] = "";
	static const char octal[] = "node add id 010\nnode add id 09\n";
	static const char nul[] = "node add id 1\nnode add id 2\0 junk\n";
	int rc = read_topo(octal, sizeof(octal) - 1, &t, err);
	uint64_t v;

	tap_ok(!rc && t.v[RCF_K_NODE].o[0].v[RCF_A_NODE_ID] == 10 &&
		       t.v[RCF_K_NODE].o[1].v[RCF_A_NODE_ID] == 9,
	       "a leading 0 is decimal: 010 is 10, 09 is 9");
	if (!rc)
		rcf_topo_free(&t);
	refused("node add id 0x10\n", "t.rcf:1:", "bad number \"0x10\"",
		"0x is refused: numbers are decimal");
	refused("node add id 1 ports -1\n", "t.rcf:1:", "bad number \"-1\"",
		"a negative number is refused");
	refused("node add id 18446744073709551616\n", "t.rcf:1:", "bad number",
		"a number beyond 64 bits is refused");
	refused("link add node 0 port 0 node 1 port 99999999999\n",
		"t.rcf:1:", "needs \"port P\"",
		"a port beyond 32 bits is refused");
	rc = read_topo(nul, sizeof(nul) - 1, &t, err);
	tap_ok(rc == -1 && strstr(err, "t.rcf:2: NUL byte"),
	       "a NUL byte in a line is refused at its line");
	if (!rc)
		rcf_topo_free(&t);
	tap_ok(!rcf_parse_num("18446744073709551615", UINT64_MAX, &v) &&
		       v == UINT64_MAX && rcf_parse_num(" 1", 9, &v) &&
		       rcf_parse_num("+1", 9, &v) && rcf_parse_num("", 9, &v) &&
		       rcf_parse_num("10", 9, &v),
	       "rcf_parse_num: full u64, no blanks, signs, empty or > max");
}

static void batches(void)
{
	static const char text[] = "node add id 0\n"
				   "link set 3 vcs 5\n";
	static const char ok_text[] = "link set 3 vcs 4\nswitch del 4095\n";
	struct rcf_op *ops = NULL;
	char err[256] = "";
	size_t n;
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	int rc = rcf_batch_read(f, "b", &ops, &n, err, sizeof(err));

	fclose(f);
	tap_ok(rc == -1 && strstr(err, "b:2: link: vcs 5 is out of range 1-4"),
	       "a batch line beyond the kernel's range is refused at its line");
	free(ops);
	f = fmemopen((void *)ok_text, sizeof(ok_text) - 1, "r");
	rc = rcf_batch_read(f, "b", &ops, &n, err, sizeof(err));
	fclose(f);
	tap_ok(!rc && n == 2, "a batch within the ranges is read");
	free(ops);
}

/* a topology built in memory, past the file checks, to the graph */
static void graph_guard(void)
{
	struct rcf_topo t;
	struct rcf_graph *g;
	char err[256] = "";

	rcf_topo_init(&t);
	rcf_topo_node(&t, 0, 1);
	rcf_topo_node(&t, 1, 1);
	rcf_topo_switch(&t, 0, 33);
	rcf_topo_link(&t, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0);
	rcf_topo_link(&t, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 0, 32);
	g = rcf_graph_new(&t, err, sizeof(err));
	tap_ok(!g && strstr(err, "switch 0: ports 33 is out of range 2-32"),
	       "the route graph refuses a 33-port switch");
	rcf_graph_destroy(g);
	rcf_topo_free(&t);

	rcf_topo_init(&t);
	rcf_topo_node(&t, 0, 1);
	rcf_topo_node(&t, 1, 1);
	rcf_topo_node(&t, 2, 1);
	rcf_topo_switch(&t, 0, 8);
	rcf_topo_link(&t, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0);
	rcf_topo_link(&t, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 0, 1);
	rcf_topo_link(&t, RCF_ELEM_NODE, 2, 0, RCF_ELEM_SWITCH, 0, 1);
	g = rcf_graph_new(&t, err, sizeof(err));
	tap_ok(!g && strstr(err, "link 2: end B is on a port that carries "
				 "link 1"),
	       "the route graph refuses a port with two links");
	rcf_graph_destroy(g);
	rcf_topo_free(&t);
}

/* the table follows kmod/genl_policy.c at each end */
static void ranges(void)
{
	struct rcf_range p = rcf_attr_range(RCF_A_SWITCH_PORTS),
			 n = rcf_attr_range(RCF_A_NODE_PORTS),
			 v = rcf_attr_range(RCF_A_LINK_VCS),
			 th = rcf_attr_range(RCF_A_FABRIC_MSG_THRESHOLD);

	tap_ok(p.min == RCF_SWITCH_MIN_PORTS && p.max == RCF_SWITCH_MAX_PORTS &&
		       n.min == RCF_NODE_MIN_PORTS &&
		       n.max == RCF_NODE_MAX_PORTS && v.min == 1 &&
		       v.max == RCF_LINK_MAX_VCS && th.min == 0 &&
		       th.max == UINT32_MAX,
	       "ranges: ports, vcs and an unbounded u32 as the kernel's");
}

int main(void)
{
	tap_plan(44);
	port_counts();
	ports_twice();
	ids();
	link_params();
	edges_accepted();
	numbers();
	batches();
	graph_guard();
	ranges();
	return tap_done();
}
