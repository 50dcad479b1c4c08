// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_topo_read(), which takes a topology file a line at a time into the
 * topology, against the reference of every line parsed first and then
 * checked and copied (rcf_batch_read() and rcf_topo_from_ops()): the
 * same objects with the same ids, or the same refusal at the same line.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"

static const char fabric[] = "fabric set cq-size 2048\n"
			     "node add id 0 ports 1 addr 10.0.0.1\n"
			     "node add ports 1\n"
			     "switch add id 2 ports 8\n"
			     "switch add ports 4\n"
			     "link add node 0 port 0 switch 2 port 0\n"
			     "route add src 1 dst 0 hops 0 0\n"
			     "link add id 5 node 1 port 0 switch 2 port 1\n"
			     "link add switch 2 port 2 switch 0 port 0\n"
			     "circuit add switch 2 in 3 out 4\n"
			     "fabric set cq-size 4096\n";

static const struct {
	const char *name, *tail;
} cases[] = {
	{"a fabric with ids to give, routes and two fabric sets", ""},
	{"a parse error after a del line is the one reported",
	 "node del 0\nnode frob\n"},
	{"a del line after a path line: the path is reported",
	 "path add master 0 dst 1 hops 0\nnode del 0\n"},
	{"a path line after a del line: the del is reported",
	 "node del 0\npath add master 0 dst 1 hops 0\n"},
	{"a node id taken twice", "node add id 1 ports 1\n"},
	{"a port that carries two links",
	 "link add node 1 port 0 switch 0 port 1\n"},
	{"a link to a switch that is not there",
	 "link add switch 2 port 5 switch 9 port 0\n"},
	{"a circuit on an output already taken",
	 "circuit add switch 2 in 5 out 4\n"},
	{"an address held by two nodes",
	 "node add id 7 ports 1 addr 10.0.0.1\n"},
	{"a number beyond the kernel's range", "switch add id 9 ports 99\n"},
	{"a link given an id of a link on a later line",
	 "link add switch 2 port 6 switch 0 port 1\n"
	 "link add id 0 switch 2 port 7 switch 0 port 2\n"},
};

static FILE *text(const char *a, const char *b, char **buf)
{
	size_t n = strlen(a) + strlen(b);

	*buf = malloc(n + 1);
	strcpy(*buf, a);
	strcat(*buf, b);
	return fmemopen(*buf, n, "r");
}

static int reference(const char *tail, struct rcf_topo *t, char *err)
{
	struct rcf_op *ops = NULL;
	size_t n = 0;
	char *buf;
	FILE *f = text(fabric, tail, &buf);
	int rc = rcf_batch_read(f, "t", &ops, &n, err, 256);

	fclose(f);
	free(buf);
	rcf_topo_init(t);
	if (!rc)
		rc = rcf_topo_from_ops(ops, n, "t", t, err, 256);
	free(ops);
	return rc;
}

int main(void)
{
	size_t n = sizeof(cases) / sizeof(cases[0]);

	tap_plan((int)n + 1);
	for (size_t i = 0; i < n; i++) {
		struct rcf_topo t, want;
		char err[256] = "", want_err[256] = "", *buf;
		FILE *f = text(fabric, cases[i].tail, &buf);
		int rc = rcf_topo_read(f, "t", &t, err, sizeof(err));
		int want_rc = reference(cases[i].tail, &want, want_err);

		fclose(f);
		free(buf);
		/* the first case reads, every other one is refused */
		if (!tap_ok(rc == want_rc && !strcmp(err, want_err) &&
				    (i ? rc < 0 && !t.v[RCF_K_NODE].n
				       : !rc && rcf_topo_equal(&t, &want)),
			    cases[i].name))
			printf("# rc %d \"%s\", want %d \"%s\"\n", rc, err,
			       want_rc, want_err);
		if (!i)
			tap_ok(t.v[RCF_K_LINK].n == 3 &&
				       t.v[RCF_K_LINK].o[2].v[RCF_A_LINK_ID] ==
					       1 &&
				       t.v[RCF_K_ROUTE].n == 1 &&
				       t.fabric.v[RCF_A_FABRIC_CQ_SIZE] == 4096,
			       "ids given as the kernel would, routes kept, "
			       "the last fabric set");
		rcf_topo_free(&t);
		rcf_topo_free(&want);
	}
	return tap_done();
}
