// SPDX-License-Identifier: GPL-2.0
/*
 * The batch pipeline of lib/nl/nl_pipe.c against a fake kernel: batches
 * arrive in the order pushed, a refusal stops everything behind it, and
 * the result names the refused batch and what had been applied.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <netlink/msg.h>

#include "nl/nl.h"
#include "nl/nl_pipe.h"
#include "tap.h"

#define MAXB 64

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned int lens[MAXB], nsent, fail_at = ~0u;

/* A slow kernel that refuses the batch numbered fail_at. */
static int fake_send(struct rcf_nl *nl, struct nl_msg *msg)
{
	unsigned int k;

	pthread_mutex_lock(&mu);
	k = nsent++;
	if (k < MAXB)
		lens[k] = nlmsg_hdr(msg)->nlmsg_len;
	pthread_mutex_unlock(&mu);
	nlmsg_free(msg);
	usleep(2000);
	if (k == fail_at) {
		memset(&nl->e, 0, sizeof(nl->e));
		nl->e.err = EINVAL;
		nl->e.has_cookie = 1;
		nl->e.cookie = 1;
		return -EINVAL;
	}
	return 0;
}

/* Batch b holds b + 1 route deletions, each with source b. */
static int run(unsigned int nb, struct rcf_nl_pipe_result *res, int *push_rc)
{
	struct rcf_nl nl = {.family = 0x20};
	struct rcf_nl_pipe *p = rcf_nl_pipe_new(&nl, MAXB, fake_send);
	int rc;

	if (!p)
		return -2;
	*push_rc = 0;
	for (unsigned int b = 0; b < nb && !*push_rc; b++) {
		struct rcf_op *ops = rcf_nl_pipe_buf(p);

		for (unsigned int i = 0; i <= b; i++) {
			ops[i].cmd = rcf_cmd(RCF_K_ROUTE, RCF_V_DEL);
			ops[i].line = 0;
			rcf_obj_init(&ops[i].o, RCF_K_ROUTE);
			rcf_set(&ops[i].o, RCF_A_ROUTE_SRC, b);
			rcf_set(&ops[i].o, RCF_A_ROUTE_DST, i + 100);
		}
		*push_rc = rcf_nl_pipe_push(p, b + 1);
	}
	rc = rcf_nl_pipe_end(p, res);
	if (rc && res->failed_n)
		/* read before free: the result points into the pipe */
		rc = (int)res->failed_ops[0].o.v[RCF_A_ROUTE_SRC] + 1000;
	rcf_nl_pipe_free(p);
	return rc;
}

int main(void)
{
	struct rcf_nl_pipe_result res;
	int push_rc, rc, ordered = 1;

	tap_plan(5);
	nsent = 0;
	rc = run(20, &res, &push_rc);
	for (unsigned int k = 1; k < nsent && k < MAXB; k++)
		ordered &= lens[k] > lens[k - 1];
	tap_ok(rc == 0 && push_rc == 0 && nsent == 20,
	       "every batch is sent, once");
	tap_ok(ordered, "batches reach the kernel in the order pushed");
	tap_ok(res.done_ops == 210 && !res.failed_ops,
	       "the result counts every operation applied");

	nsent = 0;
	fail_at = 4;
	rc = run(20, &res, &push_rc);
	tap_ok(rc == 1004 && res.failed_n == 5 && push_rc == -1,
	       "a refused batch is named by its operations");
	tap_ok(nsent == 5 && res.done_ops == 1 + 2 + 3 + 4,
	       "nothing after a refusal is sent; what went before counts");
	return tap_done();
}
