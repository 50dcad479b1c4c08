// SPDX-License-Identifier: GPL-2.0
/* Topology file round trips: generate, write, read back, compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "out/fmt.h"
#include "topo/topo_gen.h"

static char *write_topo(const struct rcf_topo *t, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	rcf_topo_write(f, t, "test");
	fclose(f);
	return buf;
}

static void round_trip(const char *spec)
{
	struct rcf_topo t, back;
	char err[256], name[128], *text, *text2;
	size_t len, len2;
	FILE *f;
	int ok;

	rcf_topo_generate(spec, &t, err, sizeof(err));
	text = write_topo(&t, &len);
	f = fmemopen(text, len, "r");
	ok = !rcf_topo_read(f, spec, &back, err, sizeof(err));
	fclose(f);
	snprintf(name, sizeof(name), "%s: write, read back, same fabric", spec);
	if (!tap_ok(ok && rcf_topo_equal(&t, &back), name) && !ok)
		printf("# %s\n", err);
	text2 = write_topo(&back, &len2);
	snprintf(name, sizeof(name), "%s: second write byte-identical", spec);
	tap_ok(len == len2 && !memcmp(text, text2, len), name);
	free(text);
	free(text2);
	rcf_topo_free(&t);
	rcf_topo_free(&back);
}

/* Every attribute a saved fabric can hold, in shuffled order. */
static void full_round_trip(void)
{
	static const char text[] =
		"fabric set cq-size 2048\n"
		"node add id 1 ports 2 name fast1\n"
		"node add id 0 ports 1\n"
		"switch add id 0 ports 8 cq-size 512\n"
		"link add id 1 node 1 port 0 switch 0 port 1 bandwidth 2 "
		"latency 3 vcs 4 buffer 128 state down\n"
		"link add id 0 node 0 port 0 switch 0 port 0\n"
		"circuit add switch 0 in 1 out 0\n"
		"route add src 1 dst 0 index 1 hops 0.3\n"
		"route add src 0 dst 1 index 0 hops 1 2.1\n";
	static const char want[] =
		"fabric set cq-size 2048\n"
		"node add id 0 ports 1\n"
		"node add id 1 ports 2 name fast1\n"
		"switch add id 0 ports 8 cq-size 512\n"
		"link add id 0 node 0 port 0 switch 0 port 0\n"
		"link add id 1 node 1 port 0 switch 0 port 1 bandwidth 2 "
		"latency 3 vcs 4 buffer 128 state down\n"
		"circuit add switch 0 in 1 out 0\n"
		"route add src 0 dst 1 index 0 hops 1 2.1\n"
		"route add src 1 dst 0 index 1 hops 0.3\n";
	struct rcf_topo t;
	char err[256], *out;
	size_t len;
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	int rc = rcf_topo_read(f, "full", &t, err, sizeof(err));

	fclose(f);
	rcf_topo_sort(&t);
	f = open_memstream(&out, &len);
	rcf_topo_write(f, &t, NULL);
	fclose(f);
	if (!tap_ok(!rc && !strcmp(out, want),
		    "every attribute survives; output sorted by key"))
		printf("# rc %d %s\n# got:\n%s", rc, rc ? err : "", out);
	free(out);
	rcf_topo_free(&t);
}

static void refuses_non_add(void)
{
	static const char text[] = "node add id 0\nnode del 0\n";
	struct rcf_topo t;
	char err[256];
	FILE *f = fmemopen((void *)text, sizeof(text) - 1, "r");
	int rc = rcf_topo_read(f, "t", &t, err, sizeof(err));

	fclose(f);
	tap_ok(rc < 0 && strstr(err, "t:2:"),
	       "topology file with a del line is refused at its line");
}

int main(void)
{
	static const char *const specs[] = {
		"ring:5", "mesh:3x4", "torus:3x3", "hypercube:3",
		"sp1:16", "sp1:64",   "sp1:512",
	};

	tap_plan(2 * 7 + 2);
	for (int i = 0; i < 7; i++)
		round_trip(specs[i]);
	full_round_trip();
	refuses_non_add();
	return tap_done();
}
