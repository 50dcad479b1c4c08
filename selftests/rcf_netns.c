// SPDX-License-Identifier: GPL-2.0
/*
 * One fabric per network namespace: namespaces do not see each other's
 * objects, netdevs or events, and a namespace's fabric goes with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rcf_test.h"

static uint32_t count(struct rcf_nl *nl, uint16_t attr)
{
	struct rcf_reply rep = {0};
	uint32_t n = UINT32_MAX;

	if (!rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, 0), &rep, NULL) &&
	    rep.n == 1)
		n = rcf_u32(&rep.v[0], attr);
	rcf_reply_free(&rep);
	return n;
}

#define CHILD_CHECK(cond)                                                  \
	do {                                                               \
		if (!(cond)) {                                             \
			printf("# child: %s:%d: %s\n", __FILE__, __LINE__, \
			       #cond);                                     \
			return 1;                                          \
		}                                                          \
	} while (0)

/* In a fresh namespace: an empty fabric, filled; returns failures. */
static int in_new_netns(int nodes, int sync_fd, int wait_fd)
{
	struct rcf_nl nl;
	char c;

	CHILD_CHECK(unshare(CLONE_NEWNET) == 0);
	CHILD_CHECK(rcf_nl_open(&nl, NULL, 0) == 0);
	CHILD_CHECK(count(&nl, RCF_A_FABRIC_NODES) == 0);
	CHILD_CHECK(if_nametoindex("rcf0") == 0);
	CHILD_CHECK(req_populate(&nl, nodes) == 0);
	CHILD_CHECK(count(&nl, RCF_A_FABRIC_NODES) == (uint32_t)nodes);
	CHILD_CHECK(count(&nl, RCF_A_FABRIC_ROUTES) == (uint32_t)nodes - 1);
	CHILD_CHECK(if_nametoindex("rcf0") != 0);
	if (sync_fd >= 0) {
		CHILD_CHECK(write(sync_fd, "x", 1) == 1);
		CHILD_CHECK(read(wait_fd, &c, 1) == 1);
		/* The parent's changes did not reach this fabric. */
		CHILD_CHECK(count(&nl, RCF_A_FABRIC_NODES) == (uint32_t)nodes);
		CHILD_CHECK(count(&nl, RCF_A_FABRIC_SWITCHES) == 2);
	}
	/* Exit with everything in place: the namespace takes it along. */
	return 0;
}

TEST(independent_fabrics)
{
	int up[2], down[2], status;
	struct rcf_nl nl;
	pid_t pid;
	char c;

	ASSERT_EQ(0, rcf_nl_open(&nl, NULL, 0));
	req_fabric_del(&nl);
	for (int i = 0; i < 3; i++)
		RCF_OK(req_node_add(&nl, i, 2, err));
	ASSERT_EQ(0, pipe(up));
	ASSERT_EQ(0, pipe(down));

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(in_new_netns(5, up[1], down[0]));
	ASSERT_EQ(1, read(up[0], &c, 1));
	/* The child's fabric did not reach this one. */
	EXPECT_EQ(3, count(&nl, RCF_A_FABRIC_NODES));
	EXPECT_EQ(0, count(&nl, RCF_A_FABRIC_SWITCHES));
	EXPECT_EQ(0, if_nametoindex("rcf3"));
	RCF_OK(req_switch_add(&nl, 7, 8, err));
	ASSERT_EQ(1, write(down[1], "x", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));

	EXPECT_EQ(3, count(&nl, RCF_A_FABRIC_NODES));
	EXPECT_EQ(1, count(&nl, RCF_A_FABRIC_SWITCHES));
	EXPECT_NE(0, if_nametoindex("rcf0"));
	req_fabric_del(&nl);
	EXPECT_EQ(0, if_nametoindex("rcf0"));
	rcf_nl_close(&nl);
}

/*
 * Namespaces that die with populated fabrics, one after another: each
 * fabric and its netdevs must go with its namespace, and the kernel log
 * (checked by the VM harness) must stay clean.
 */
TEST(netns_dies_with_fabric)
{
	for (int round = 0; round < 8; round++) {
		int status;
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0)
			_exit(in_new_netns(24, -1, -1));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		ASSERT_EQ(0, WEXITSTATUS(status)) TH_LOG("round %d", round);
	}
}

/* Events stay in their namespace. */
TEST(events_stay_in_their_netns)
{
	struct rcf_nl listener;
	struct rcf_answer ev;
	int status;
	pid_t pid;

	ASSERT_EQ(0, rcf_nl_open(&listener, NULL, 0));
	ASSERT_EQ(0, rcf_nl_join_events(&listener, NULL, 0));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		_exit(in_new_netns(2, -1, -1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(-ETIMEDOUT, rcf_recv_event(&listener, &ev, 300))
	TH_LOG("an event from another namespace arrived: cmd %u", ev.cmd);
	rcf_nl_close(&listener);
}

TEST_HARNESS_MAIN
