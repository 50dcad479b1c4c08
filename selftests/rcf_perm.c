// SPDX-License-Identifier: GPL-2.0
/*
 * Changes need CAP_NET_ADMIN over the fabric's network namespace; reads do
 * not.  A child that drops to nobody must be refused every change command
 * with EPERM while its GETs and dumps still work.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rcf_test.h"

/* node 0 to node 1 across switch 0 */
static const uint8_t p01[] = {RCF_HOP(0, 0), RCF_HOP(1, 0)};

static const uint8_t change_cmds[] = {
	RCF_CMD_FABRIC_NEW,   RCF_CMD_FABRIC_DEL,   RCF_CMD_FABRIC_SET,
	RCF_CMD_NODE_NEW,     RCF_CMD_NODE_DEL,	    RCF_CMD_NODE_SET,
	RCF_CMD_SWITCH_NEW,   RCF_CMD_SWITCH_DEL,   RCF_CMD_SWITCH_SET,
	RCF_CMD_LINK_NEW,     RCF_CMD_LINK_DEL,	    RCF_CMD_LINK_SET,
	RCF_CMD_CIRCUIT_NEW,  RCF_CMD_CIRCUIT_DEL,  RCF_CMD_CIRCUIT_SET,
	RCF_CMD_ROUTE_NEW,    RCF_CMD_ROUTE_DEL,    RCF_CMD_ROUTE_SET,
	RCF_CMD_BATCH,	      RCF_CMD_STATS_RESET,  RCF_CMD_TRAFFIC_START,
	RCF_CMD_TRAFFIC_STOP, RCF_CMD_PATH_NEW,	    RCF_CMD_PATH_DEL,
	RCF_CMD_PATH_SET,     RCF_CMD_PATH_REQUEST, RCF_CMD_REL_SET,
	RCF_CMD_REL_DEL,
};

/* Runs as nobody; returns the number of checks that failed. */
static int unprivileged(void)
{
	struct rcf_reply rep = {0};
	struct rcf_nl nl;
	struct rcf_msg *m;
	int bad = 0, r;

	r = rcf_nl_open(&nl, NULL, 0);
	if (r) {
		printf("# nobody cannot open the family: %s\n", strerror(-r));
		return 1;
	}
	r = rcf_xfer(&nl, rcf_msg_new(&nl, RCF_CMD_FABRIC_GET, 0), &rep, NULL);
	if (r || rep.n != 1 || rcf_u32(&rep.v[0], RCF_A_FABRIC_NODES) != 2) {
		printf("# nobody's fabric GET failed: %s\n", strerror(-r));
		bad++;
	}
	rcf_reply_free(&rep);
	r = req_dump(&nl, RCF_CMD_NODE_GET, &rep, NULL);
	if (r || rep.n != 2) {
		printf("# nobody's node dump failed: %s\n", strerror(-r));
		bad++;
	}
	rcf_reply_free(&rep);
	r = req_key_cmd(&nl, RCF_CMD_SWITCH_GET, RCF_A_SWITCH_ID, 0, 0, 0, 0, 0,
			&rep, NULL);
	if (r || rep.n != 1) {
		printf("# nobody's switch GET failed: %s\n", strerror(-r));
		bad++;
	}
	rcf_reply_free(&rep);
	r = req_dump(&nl, RCF_CMD_STATS_GET, &rep, NULL);
	if (r || rep.n != 1 || !rcf_has_attr(&rep.v[0], RCF_A_STATS)) {
		printf("# nobody's stats dump failed: %s\n", strerror(-r));
		bad++;
	}
	rcf_reply_free(&rep);
	for (size_t i = 0; i < sizeof(change_cmds); i++) {
		r = rcf_xfer(&nl, rcf_msg_new(&nl, change_cmds[i], 0), NULL,
			     NULL);
		if (r != -EPERM) {
			printf("# command %u: want EPERM, got %s\n",
			       change_cmds[i], strerror(-r));
			bad++;
		}
	}
	/* A well-formed request is refused just the same. */
	m = rcf_msg_new(&nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 9);
	r = rcf_xfer(&nl, m, NULL, NULL);
	if (r != -EPERM) {
		printf("# node NEW: want EPERM, got %s\n", strerror(-r));
		bad++;
	}
	/* A whole traffic spec too; reading traffic state is allowed. */
	m = rcf_msg_new(&nl, RCF_CMD_TRAFFIC_START, 0);
	rcf_nest_start(m, RCF_A_TRAFFIC);
	rcf_put_u8(m, RCF_TRAFFIC_PATTERN, RCF_TRAFFIC_UNIFORM);
	rcf_put_u32(m, RCF_TRAFFIC_RATE, 100);
	rcf_nest_end(m);
	r = rcf_xfer(&nl, m, NULL, NULL);
	if (r != -EPERM) {
		printf("# traffic START: want EPERM, got %s\n", strerror(-r));
		bad++;
	}
	r = rcf_xfer(&nl, rcf_msg_new(&nl, RCF_CMD_TRAFFIC_GET, 0), NULL, NULL);
	if (r == -EPERM) {
		printf("# nobody's traffic GET was refused\n");
		bad++;
	}
	/* paths: reading them is allowed, asking for or failing one not */
	r = req_dump(&nl, RCF_CMD_PATH_GET, &rep, NULL);
	if (r || rep.n != 1) {
		printf("# nobody's path dump failed: %s\n", strerror(-r));
		bad++;
	}
	rcf_reply_free(&rep);
	m = rcf_msg_new(&nl, RCF_CMD_PATH_REQUEST, 0);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 0);
	rcf_put_u32(m, RCF_A_PATH_DST, 1);
	rcf_put_u32(m, RCF_A_PATH_ERROR, ECONNREFUSED);
	r = rcf_xfer(&nl, m, NULL, NULL);
	if (r != -EPERM) {
		printf("# path request: want EPERM, got %s\n", strerror(-r));
		bad++;
	}
	rcf_nl_close(&nl);
	return bad;
}

TEST(nobody_reads_but_cannot_change)
{
	struct rcf_nl nl;
	char *before, *after;
	int status;
	pid_t pid;

	ASSERT_EQ(0, rcf_nl_open(&nl, NULL, 0));
	req_fabric_del(&nl);
	RCF_OK(req_node_add(&nl, 0, 1, err));
	RCF_OK(req_switch_add(&nl, 0, 8, err));
	RCF_OK(req_link_add(&nl, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0,
			    err));
	RCF_OK(req_node_add(&nl, 1, 1, err));
	RCF_OK(req_link_add(&nl, 1, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 0, 1,
			    err));
	RCF_OK(req_path_add(&nl, 0, 0, 1, p01, sizeof(p01), err));
	before = rcf_snapshot(&nl);
	ASSERT_NE(NULL, before);

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
			perror("drop privileges");
			_exit(100);
		}
		_exit(unprivileged() ? 1 : 0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));

	after = rcf_snapshot(&nl);
	ASSERT_NE(NULL, after);
	EXPECT_STREQ(before, after);
	free(before);
	free(after);
	req_fabric_del(&nl);
	rcf_nl_close(&nl);
}

TEST_HARNESS_MAIN
