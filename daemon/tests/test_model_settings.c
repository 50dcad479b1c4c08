// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's model settings as fabric settings: the words of rcfctl
 * fabric set, their show and JSON forms, and the topology file's keys,
 * accepted or refused at their line with the kernel's ranges.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "obj/parse.h"
#include "obj/rcf_limits.h"
#include "out/json.h"
#include "obj_text.h"

static int has(const struct rcf_op *op, int attr, uint64_t v)
{
	return rcf_has(&op->o, attr) && op->o.v[attr] == v;
}

static void words(void)
{
	struct rcf_op op;
	char err[256];
	int ok;

	ok = !parse_op_line(
		     "fabric set central-queue off route-delay 7 alloc rr "
		     "raw on",
		     &op, err) &&
	     op.cmd == RCF_CMD_FABRIC_SET && has(&op, RCF_A_FABRIC_CQ_OFF, 1) &&
	     has(&op, RCF_A_FABRIC_ROUTE_DELAY, 7) &&
	     has(&op, RCF_A_FABRIC_ALLOC, RCF_ALLOC_RR) &&
	     has(&op, RCF_A_FABRIC_RAW, 1);
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "central-queue off, route-delay, alloc rr, raw on");

	ok = !parse_op_line("fabric set central-queue on alloc oldest raw off",
			    &op, err) &&
	     has(&op, RCF_A_FABRIC_CQ_OFF, 0) &&
	     has(&op, RCF_A_FABRIC_ALLOC, RCF_ALLOC_OLDEST) &&
	     has(&op, RCF_A_FABRIC_RAW, 0) &&
	     !rcf_has(&op.o, RCF_A_FABRIC_ROUTE_DELAY);
	tap_ok(ok, "the defaults by name; a setting left out is not sent");

	ok = !parse_op_line("fabric set alloc islip", &op, err) &&
	     has(&op, RCF_A_FABRIC_ALLOC, RCF_ALLOC_ISLIP);
	tap_ok(ok, "alloc islip");

	ok = parse_op_line("fabric set central-queue 0", &op, err) < 0 &&
	     strstr(err, "central-queue: \"0\" is not on or off") &&
	     parse_op_line("fabric set alloc wfa", &op, err) < 0 &&
	     strstr(err, "alloc: \"wfa\" is not oldest, rr or islip") &&
	     parse_op_line("fabric set raw yes", &op, err) < 0 &&
	     strstr(err, "raw: \"yes\" is not on or off") &&
	     parse_op_line("fabric set route-delay -1", &op, err) < 0 &&
	     strstr(err, "route-delay: bad number \"-1\"") &&
	     parse_op_line("fabric set route-delay", &op, err) < 0;
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "other words are refused, the right ones named");
}

static void shows(void)
{
	struct rcf_op op, back;
	char err[256], *out;
	int ok;

	ok = !parse_op_line(
		"fabric set central-queue off route-delay 3 alloc rr "
		"raw on",
		&op, err);
	out = render(&op.o, 1);
	ok = ok &&
	     !strcmp(out, "fabric set central-queue off route-delay 3 "
			  "alloc rr raw on\n") &&
	     !parse_op_line(out, &back, err) && rcf_obj_equal(&op.o, &back.o);
	if (!ok)
		printf("# got %s", out);
	free(out);
	tap_ok(ok, "the settings round-trip through a batch line");

	out = render(&op.o, 0);
	ok = !strcmp(out, "fabric central-queue off route-delay 3 alloc rr "
			  "raw on\n");
	if (!ok)
		printf("# got %s", out);
	free(out);
	tap_ok(ok, "fabric show names them");

	out = render_json(&op.o);
	ok = !strcmp(out, "{\"central-queue\":\"off\",\"route-delay\":3,"
			  "\"alloc\":\"rr\",\"raw\":\"on\"}\n");
	if (!ok)
		printf("# got %s", out);
	free(out);
	tap_ok(ok, "JSON: words for the choices, a number for the delay");
}

static int read_topo(const char *text, struct rcf_topo *t, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = rcf_topo_read(f, "m.rcf", t, err, 256);

	fclose(f);
	return rc;
}

#define STAR                                            \
	"node add id 0\n"                               \
	"node add id 1\n"                               \
	"switch add id 0 ports 2\n"                     \
	"link add id 0 node 0 port 0 switch 0 port 0\n" \
	"link add id 1 node 1 port 0 switch 0 port 1\n"

static void refused(const char *text, const char *want, const char *name)
{
	struct rcf_topo t;
	char err[256] = "";
	int rc = read_topo(text, &t, err);

	if (!tap_ok(rc == -1 && strstr(err, want), name))
		printf("# rc %d, err \"%s\", want \"%s\"\n", rc, err, want);
	if (!rc)
		rcf_topo_free(&t);
}

static void topo_file(void)
{
	struct rcf_range r = rcf_attr_range(RCF_A_FABRIC_ROUTE_DELAY);
	struct rcf_topo t;
	char err[256] = "";
	int ok, rc;

	ok = r.min == 0 && r.max == RCF_MAX_ROUTE_DELAY &&
	     rcf_attr_range(RCF_A_FABRIC_ALLOC).max == RCF_ALLOC_ISLIP &&
	     rcf_attr_range(RCF_A_FABRIC_CQ_OFF).max == 1 &&
	     rcf_attr_range(RCF_A_FABRIC_RAW).max == 1;
	tap_ok(ok, "the ranges are the kernel's policy's");

	rc = read_topo("fabric set central-queue off route-delay 1000\n"
		       "fabric set alloc rr raw on\n" STAR,
		       &t, err);
	ok = !rc && t.fabric.v[RCF_A_FABRIC_CQ_OFF] == 1 &&
	     t.fabric.v[RCF_A_FABRIC_ROUTE_DELAY] == 1000 &&
	     t.fabric.v[RCF_A_FABRIC_ALLOC] == RCF_ALLOC_RR &&
	     t.fabric.v[RCF_A_FABRIC_RAW] == 1;
	if (!tap_ok(ok, "a topology file sets all four, over two lines"))
		printf("# %s\n", err);
	if (!rc)
		rcf_topo_free(&t);

	refused(STAR "fabric set route-delay 1001\n",
		"m.rcf:6:", "route-delay 1001 is refused at its line");
	refused("fabric set route-delay 1001\n" STAR,
		"route-delay 1001 is out of range 0-1000",
		"... with the kernel's range");
	refused("node add id 0\nfabric set alloc fifo\n",
		"m.rcf:2: ", "alloc fifo is refused at its line");
	refused("fabric set central-queue none\n", "m.rcf:1: central-queue",
		"central-queue none is refused at its line");
	refused("fabric set raw\n", "m.rcf:1:", "raw without a value");
}

int main(void)
{
	tap_plan(14);
	words();
	shows();
	topo_file();
	return tap_done();
}
