// SPDX-License-Identifier: GPL-2.0
/*
 * A helper for the shell selftests that must not depend on rcfctl to set
 * up what they test: fill the current namespace's fabric, or print its
 * canonical snapshot.
 *
 *   rcf_tool populate N   fabric of req_populate() with N nodes
 *   rcf_tool snapshot     the fabric as canonical text
 *   rcf_tool hammer SECS  changes and dumps without pause, from one
 *                         process, until the family goes or SECS pass
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rcf_nl.h"

/* Requests until one fails (the module went) or the time is up. */
static int hammer(struct rcf_nl *nl, int secs)
{
	uint32_t id = 4000 + (uint32_t)getpid() % 96; /* one per process */
	time_t end = time(NULL) + secs;
	unsigned long n = 0;
	int r = 0;

	while (!r && time(NULL) < end) {
		char *s = rcf_snapshot(nl);

		if (!s)
			break;
		free(s);
		r = req_node_add(nl, (int)id, 1, NULL);
		if (!r)
			r = req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, id,
					0, 0, 0, 0, NULL, NULL);
		n++;
	}
	printf("%lu rounds, stopped by: %s\n", n,
	       r ? strerror(-r) : "time or a failed dump");
	/* The family going away is the only expected way to stop early. */
	return r && r != -ENOENT ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct rcf_nl nl;
	int r;

	if (argc < 2) {
		fprintf(stderr, "usage: rcf_tool populate N | snapshot | "
				"hammer SECS\n");
		return 2;
	}
	r = rcf_nl_open(&nl, NULL, 0);
	if (r) {
		fprintf(stderr, "rcf_tool: rcf family: %s\n", strerror(-r));
		return 1;
	}
	if (!strcmp(argv[1], "populate") && argc == 3) {
		r = req_populate(&nl, atoi(argv[2]));
		if (r)
			fprintf(stderr, "rcf_tool: populate: %s\n",
				strerror(-r));
	} else if (!strcmp(argv[1], "hammer") && argc == 3) {
		r = hammer(&nl, atoi(argv[2]));
	} else if (!strcmp(argv[1], "snapshot")) {
		char *s = rcf_snapshot(&nl);

		if (s)
			fputs(s, stdout);
		else
			r = -1;
		free(s);
	} else {
		fprintf(stderr, "usage: rcf_tool populate N | snapshot | "
				"hammer SECS\n");
		r = -1;
	}
	rcf_nl_close(&nl);
	return r ? 1 : 0;
}
