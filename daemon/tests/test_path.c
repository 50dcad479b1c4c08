// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl path without a kernel: every command's grammar and refusals,
 * the path kind in the object table (commands, keys, value names, batch
 * lines and topology files), and what show, -j and monitor print.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "out/fmt.h"
#include "obj/parse.h"
#include "path/path_cmd.h"
#include "obj_text.h"

static int parse(const char *line, struct rcf_path_cmd *c, char *err)
{
	char buf[512], *w[RCF_BATCH_MAX_WORDS];
	int n;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, RCF_BATCH_MAX_WORDS);
	err[0] = '\0';
	return rcf_path_parse_args(n, w, c, err, 256);
}

static void accepts(void)
{
	struct rcf_path_cmd c;
	const struct rcf_obj *o = &c.op.o;
	char err[256], line[64];
	int ok;

	ok = !parse("", &c, err) && c.verb == RCF_PV_SHOW &&
	     c.op.cmd == RCF_CMD_PATH_GET && !rcf_has_any(o);
	tap_ok(ok, "path alone is show");
	ok = !parse("s 7", &c, err) && c.op.cmd == RCF_CMD_PATH_GET &&
	     o->v[RCF_A_PATH_ID] == 7;
	ok = ok && !parse("list master 2 state recall", &c, err) &&
	     o->v[RCF_A_PATH_MASTER] == 2 &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_RECALL;
	tap_ok(ok, "show with an id, list with filters");
	ok = !parse("add master 0 dst 5 hops 0.1 4 2 1", &c, err) &&
	     c.verb == RCF_PV_ADD && c.op.cmd == RCF_CMD_PATH_NEW &&
	     !rcf_has(o, RCF_A_PATH_ID) && o->v[RCF_A_PATH_MASTER] == 0 &&
	     o->v[RCF_A_PATH_DST] == 5 && rcf_has(o, RCF_A_PATH_HOPS) &&
	     !rcf_has(o, RCF_A_ROUTE_HOPS) && o->nhops == 4 &&
	     o->hops[0] == RCF_HOP(0, 1) && o->hops[3] == RCF_HOP(1, 0);
	tap_ok(ok, "add with hops: the path's own hops attribute");
	ok = !parse("a id 9 dst 5 master 3", &c, err) &&
	     o->v[RCF_A_PATH_ID] == 9 && !rcf_has(o, RCF_A_PATH_HOPS);
	tap_ok(ok, "add without hops is for the path finder");
	ok = !parse("set 3 state recall", &c, err) && c.verb == RCF_PV_SET &&
	     c.op.cmd == RCF_CMD_PATH_SET && o->v[RCF_A_PATH_ID] == 3 &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_RECALL;
	ok = ok && !parse("set 3 state held", &c, err) &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_HELD;
	tap_ok(ok, "set state recall and held");
	ok = !parse("recall 12", &c, err) && c.verb == RCF_PV_RECALL &&
	     c.op.cmd == RCF_CMD_PATH_SET && o->v[RCF_A_PATH_ID] == 12 &&
	     o->v[RCF_A_PATH_STATE] == RCF_PATH_RECALL;
	tap_ok(ok, "recall is a set to recall");
	ok = !parse("del 4", &c, err) && c.verb == RCF_PV_DEL &&
	     c.op.cmd == RCF_CMD_PATH_DEL && o->v[RCF_A_PATH_ID] == 4 &&
	     !c.no_wait && c.wait_ms == RCF_PATH_WAIT_DEF_MS;
	ok = ok && !parse("delete 4 --no-wait", &c, err) && c.no_wait;
	ok = ok && !parse("d --wait-timeout 250 4", &c, err) &&
	     c.wait_ms == 250 && o->v[RCF_A_PATH_ID] == 4;
	tap_ok(ok, "del waits by default; --no-wait, --wait-timeout");
	ok = !parse("request dst 5 master 0", &c, err) &&
	     c.verb == RCF_PV_REQUEST && c.master == 0 && c.dst == 5 &&
	     !c.error;
	tap_ok(ok, "request master and dst, either order");
	ok = !parse("fail master 1 dst 2", &c, err) && c.verb == RCF_PV_FAIL &&
	     c.error == RCF_PATH_FAIL_DEF_ERRNO;
	ok = ok && !parse("fail master 1 dst 2 error ETIMEDOUT", &c, err) &&
	     c.error == ETIMEDOUT;
	snprintf(line, sizeof(line), "fail error %d master 1 dst 2", EBUSY);
	ok = ok && !parse(line, &c, err) && c.error == EBUSY;
	tap_ok(ok, "fail: default error, by name, by number");
	ok = parse("help", &c, err) == 1 && parse("--help", &c, err) == 1 &&
	     parse("-h", &c, err) == 1 && parse("add help", &c, err) == 1 &&
	     parse("del 3 --help", &c, err) == 1 &&
	     parse("fail master 1 -h", &c, err) == 1;
	tap_ok(ok, "help, --help and -h, after any command too");
}

static const struct {
	const char *line, *want;
} refusals[] = {
	{"frob", "unknown command \"frob\""},
	{"add dst 5", "needs \"master N dst N\""},
	{"add master 0", "needs \"master N dst N\""},
	{"add master 0 dst 5 state held", "made held"},
	{"add master 0 dst 5 hops", "at least one hop"},
	{"add master 0 dst 5 hops 32", "bad hop"},
	{"add master 0 dst 5 circuits 2", "unknown keyword \"circuits\""},
	{"add master 0 dst 5 inflight 1", "unknown keyword"},
	{"add master x dst 5", "bad number"},
	{"add master 0 master 1 dst 5", "given twice"},
	{"set state recall", "needs an id"},
	{"set 3", "needs \"state held|recall\""},
	{"set 3 state gone", "held or recall"},
	{"set 3 state returned", "kernel makes a path returned"},
	{"set 3 state broken", "kernel makes a path returned"},
	{"set 3 state held master 1", "changes only the state"},
	{"set 3 state held hops 1", "changes only the state"},
	{"recall", "needs an id"},
	{"recall 3 4", "needs an id, alone"},
	{"recall x", "needs an id"},
	{"del", "needs an id"},
	{"del 3 --wait-timeout", "--wait-timeout needs"},
	{"del 3 --wait-timeout 0", "1 or more"},
	{"del 3 --no-wait --wait-timeout 5", "--no-wait does not wait"},
	{"del 3 --bogus", "unknown keyword \"--bogus\""},
	{"request master 0", "needs \"master N dst N\""},
	{"request master 0 dst", "needs a value"},
	{"request master 0 dst 1 error EBUSY", "unknown keyword \"error\""},
	{"request master 0 dst 1 dst 2", "given twice"},
	{"fail master 0 dst 1 error EFOO", "not an errno name"},
	{"fail master 0 dst 1 error 0", "not an errno name"},
	{"fail master 0 dst 1 error 4096", "not an errno name"},
	{"fail master -1 dst 1", "bad number"},
};

static void refuses(void)
{
	struct rcf_path_cmd c;
	char err[256], name[200];

	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		int rc = parse(refusals[i].line, &c, err);

		snprintf(name, sizeof(name), "refused: path %s",
			 refusals[i].line);
		if (!tap_ok(rc < 0 && strstr(err, refusals[i].want), name))
			printf("# got rc %d, \"%s\"\n", rc, rc ? err : "");
	}
}

/* the kind's commands, keys and names in the shared tables */
static void table(void)
{
	enum rcf_kind k;
	enum rcf_verb v;
	struct rcf_obj o;
	uint64_t val;
	char buf[96];
	int ok = 1;

	for (int kind = 0; kind < RCF_K_NR; kind++)
		for (int verb = RCF_V_GET; verb <= RCF_V_SET; verb++)
			ok &= !rcf_cmd_split(rcf_cmd(kind, verb), &k, &v) &&
			      (int)k == kind && (int)v == verb;
	tap_ok(ok && rcf_cmd(RCF_K_PATH, RCF_V_GET) == RCF_CMD_PATH_GET &&
		       rcf_cmd(RCF_K_PATH, RCF_V_DEL) == RCF_CMD_PATH_DEL &&
		       rcf_cmd(RCF_K_ROUTE, RCF_V_SET) == RCF_CMD_ROUTE_SET,
	       "every kind's command numbers map both ways");
	ok = rcf_cmd_split(RCF_CMD_BATCH, &k, &v) &&
	     rcf_cmd_split(RCF_CMD_EPOCH_GET, &k, &v) &&
	     rcf_cmd_split(RCF_CMD_PATH_REQUEST, &k, &v) &&
	     rcf_cmd_split(RCF_CMD_PATH_RETURNED, &k, &v) &&
	     rcf_cmd_split(RCF_CMD_UNSPEC, &k, &v);
	tap_ok(ok, "batch, epoch, request and returned are no object's");

	ok = !rcf_kind_lookup("path", &k) && k == RCF_K_PATH &&
	     !rcf_kind_lookup("p", &k) && k == RCF_K_PATH;
	tap_ok(ok, "\"path\" and \"p\" name the kind");

	ok = 1;
	for (unsigned int s = RCF_PATH_HELD; s <= RCF_PATH_BROKEN; s++) {
		const char *w =
			rcf_value_name(RCF_A_PATH_STATE, s, buf, sizeof(buf));

		ok &= w && !rcf_value_parse(RCF_A_PATH_STATE, w, &val) &&
		      val == s;
	}
	ok = ok &&
	     !strcmp(rcf_value_name(RCF_A_PATH_STATE, RCF_PATH_RECALL, buf,
				    sizeof(buf)),
		     "recall") &&
	     rcf_value_parse(RCF_A_PATH_STATE, "up", &val) &&
	     !strcmp(rcf_value_name(RCF_A_PATH_STATE, 9, buf, sizeof(buf)),
		     "9");
	tap_ok(ok, "path states: held recall returned broken, both ways");

	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_ID, 3);
	rcf_obj_key(&o, buf, sizeof(buf));
	ok = !strcmp(buf, "path 3");
	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_MASTER, 4);
	rcf_set(&o, RCF_A_PATH_DST, 6);
	rcf_obj_key(&o, buf, sizeof(buf));
	tap_ok(ok && !strcmp(buf, "path master 4 dst 6"),
	       "a path is keyed by its id, or without one by its ends");

	ok = rcf_attr_lookup(RCF_K_FABRIC, "path-timeout") ==
		     RCF_A_FABRIC_PATH_TIMEOUT_MS &&
	     rcf_attr_lookup(RCF_K_FABRIC, "paths") == RCF_A_FABRIC_PATHS &&
	     rcf_attrs[RCF_A_FABRIC_PATHS].ro &&
	     !rcf_attrs[RCF_A_FABRIC_PATH_TIMEOUT_MS].ro &&
	     rcf_attr_lookup(RCF_K_CIRCUIT, "path") == RCF_A_CIRCUIT_PATH &&
	     rcf_attrs[RCF_A_CIRCUIT_PATH].ro;
	tap_ok(ok, "fabric paths (ro) and path-timeout, circuit path (ro)");
	ok = 1;
	for (int a = RCF_A_PATH_ID; a <= RCF_A_CIRCUIT_PATH; a++)
		ok &= strcmp(rcf_attr_name(a), "unknown") != 0;
	tap_ok(ok, "every path attribute has a name for error reports");
}

static void sample(struct rcf_obj *o, uint32_t id, uint64_t state,
		   uint64_t wait)
{
	rcf_obj_init(o, RCF_K_PATH);
	rcf_set(o, RCF_A_PATH_ID, id);
	rcf_set(o, RCF_A_PATH_MASTER, 0);
	rcf_set(o, RCF_A_PATH_DST, 15);
	rcf_set(o, RCF_A_PATH_STATE, state);
	o->hops[0] = RCF_HOP(0, 1);
	o->hops[1] = RCF_HOP(4, 0);
	o->hops[2] = RCF_HOP(12, 0);
	o->nhops = 3;
	rcf_mark(o, RCF_A_PATH_HOPS);
	rcf_set(o, RCF_A_PATH_CIRCUITS, 2);
	rcf_set(o, RCF_A_PATH_MSGS, 1234);
	rcf_set(o, RCF_A_PATH_BYTES, 99999);
	rcf_set(o, RCF_A_PATH_INFLIGHT, 2);
	rcf_set(o, RCF_A_PATH_WAIT_NS, wait);
}

static void lines(void)
{
	char *w[RCF_BATCH_MAX_WORDS], *text;
	struct rcf_op op;
	struct rcf_obj o;
	char err[256];
	int n, ok;

	sample(&o, 7, RCF_PATH_RECALL, 0);
	text = render(&o, 0);
	ok = !strcmp(text, "path 7 master 0 dst 15 state recall hops 0.1 4 12 "
			   "circuits 2 msgs 1234 bytes 99999 inflight 2 "
			   "wait-ns 0\n");
	tap_ok(ok, "show line: bare id, state by name, read-only counters");
	if (!ok)
		printf("# %s", text);
	free(text);

	/* a batch line leaves out what only the kernel sets */
	sample(&o, 7, RCF_PATH_HELD, 0);
	text = render(&o, 1);
	ok = !strcmp(text, "path add id 7 master 0 dst 15 hops 0.1 4 12\n");
	n = rcf_split_words(text, w, RCF_BATCH_MAX_WORDS);
	ok = ok && !rcf_parse_op(n, w, 0, &op, err, sizeof(err)) &&
	     op.cmd == RCF_CMD_PATH_NEW && op.o.nhops == 3 &&
	     !memcmp(op.o.hops, o.hops, 3) && op.o.v[RCF_A_PATH_ID] == 7;
	tap_ok(ok, "batch line of a path parses back to the same path");
	free(text);
}

static int read_text(const char *text, int topo, char *err)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct rcf_topo t;
	struct rcf_op *ops = NULL;
	size_t n = 0;
	int rc;

	if (topo) {
		rc = rcf_topo_read(f, "t.rcf", &t, err, 256);
		if (!rc)
			rcf_topo_free(&t);
	} else {
		rc = rcf_batch_read(f, "b", &ops, &n, err, 256);
		if (!rc && n != 3)
			rc = 1;
		free(ops);
	}
	fclose(f);
	return rc;
}

static void batches(void)
{
	char err[256] = "";
	int ok;

	ok = !read_text("path add master 0 dst 5 hops 0 4\n"
			"path set 0 state recall\n"
			"path del 0\n",
			0, err);
	tap_ok(ok, "a batch takes path add (with hops), set and del");
	ok = read_text("node add id 0\npath add master 0 dst 5\n", 0, err) &&
	     strstr(err, "b:2: path add in a batch needs \"hops\"");
	tap_ok(ok, "a batch refuses path add without hops, naming the line");
	if (!ok)
		printf("# %s\n", err);
	ok = read_text("node add id 0\nnode add id 1\n"
		       "path add master 0 dst 1 hops 0\n",
		       1, err) &&
	     strstr(err, "t.rcf:3: a topology file holds no paths");
	tap_ok(ok, "a topology file refuses paths");
	ok = !read_text("fabric set path-timeout 5000\n", 1, err);
	tap_ok(ok, "a topology file keeps the fabric's path-timeout");
}

static char *table_of(const struct rcf_obj *v, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	rcf_path_table(f, v, n);
	fclose(f);
	return buf;
}

static void output(void)
{
	struct rcf_obj v[2];
	struct rcf_json j;
	char *buf = NULL, wait[32], want[160];
	size_t len = 0;
	FILE *f;
	int ok;

	sample(&v[0], 3, RCF_PATH_HELD, 0);
	sample(&v[1], 12, RCF_PATH_RETURNED, 1250000);
	v[1].hops[0] = RCF_HOP(0, 0);
	v[1].nhops = 1;
	buf = table_of(v, 2);
	ok = !strcmp(buf,
		     "id  master  dst  state     hops      circuits  msgs  "
		     "inflight     wait\n"
		     " 3       0   15  held      0.1,4,12         2  1234  "
		     "       2        -\n"
		     "12       0   15  returned  0                2  1234  "
		     "       2  1.250ms\n");
	tap_ok(ok, "show table: aligned, hops joined, wait in ms, - when "
		   "none");
	if (!ok)
		printf("%s", buf);
	free(buf);

	rcf_path_wait_str(850, wait, sizeof(wait));
	ok = !strcmp(wait, "850ns");
	rcf_path_wait_str(2500, wait, sizeof(wait));
	ok = ok && !strcmp(wait, "2.500us");
	rcf_path_wait_str(3000000000ULL, wait, sizeof(wait));
	ok = ok && !strcmp(wait, "3.000s");
	tap_ok(ok, "wait in the largest unit that keeps it above 1");

	buf = NULL;
	f = open_memstream(&buf, &len);
	rcf_json_init(&j, f, 0);
	rcf_json_arr_open(&j, NULL);
	rcf_print_json(&j, NULL, NULL, &v[0]);
	rcf_json_arr_close(&j);
	rcf_json_end(&j);
	fclose(f);
	ok = !strcmp(buf, "[{\"id\":3,\"master\":0,\"dst\":15,\"state\":"
			  "\"held\",\"hops\":[{\"port\":0,\"vc\":1},"
			  "{\"port\":4,\"vc\":0},{\"port\":12,\"vc\":0}],"
			  "\"circuits\":2,\"msgs\":1234,\"bytes\":99999,"
			  "\"inflight\":2,\"wait-ns\":0}]\n");
	tap_ok(ok, "JSON: state as a word, hops as port/vc objects, "
		   "counters as numbers");
	if (!ok)
		printf("# %s", buf);
	free(buf);

	buf = NULL;
	f = open_memstream(&buf, &len);
	rcf_path_req_print(f, 0, 5, 3, 0);
	rcf_path_req_print(f, 0, 5, 3, ETIMEDOUT);
	rcf_path_req_print(f, 1, 2, 0, 4000);
	fclose(f);
	ok = strstr(buf, "path request master 0 dst 5 waiting 3\n") &&
	     strstr(buf, "path failed master 0 dst 5 waiting 3 error "
			 "ETIMEDOUT (") &&
	     strstr(buf, "path failed master 1 dst 2 waiting 0 error 4000 (");
	tap_ok(ok, "monitor: requests and failures by errno name or number");
	free(buf);

	buf = NULL;
	f = open_memstream(&buf, &len);
	rcf_json_init(&j, f, 0);
	rcf_json_obj_open(&j, NULL);
	rcf_path_req_json(&j, 0, 5, 3, EHOSTUNREACH);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
	fclose(f);
	snprintf(want, sizeof(want),
		 "{\"event\":\"path-failed\",\"master\":0,\"dst\":5,"
		 "\"waiting\":3,\"error\":%d,\"error-name\":"
		 "\"EHOSTUNREACH\"}\n",
		 EHOSTUNREACH);
	ok = !strcmp(buf, want);
	tap_ok(ok, "monitor JSON of a failed request");
	free(buf);

	ok = !strcmp(rcf_errno_name(ETIMEDOUT), "ETIMEDOUT") &&
	     !rcf_errno_name(4000);
	tap_ok(ok, "errno names: known ones only");
}

int main(void)
{
	tap_plan(10 + (int)(sizeof(refusals) / sizeof(refusals[0])) + 7 + 2 +
		 4 + 5);
	accepts();
	refuses();
	table();
	lines();
	batches();
	output();
	return tap_done();
}
