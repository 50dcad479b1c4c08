// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective's executor on larger machines than test_coll_exec:
 * three-stage Clos networks of 200 to 486 node ports, N a power of
 * k + 1 and not, bcast split all the way; every byte checked and every
 * node's items compared after every step.
 */
#include <stdio.h>
#include <string.h>

#include "coll_exec_util.h"
#include "tap.h"

static void one(enum rcf_coll_op op, uint32_t n, uint32_t k, uint64_t size)
{
	struct rcf_coll_args a = {.op = op, .nodes = n, .k = k, .size = size};
	struct sim_coll_cfg c = {0};
	struct rcf_coll_plan p = {0};
	struct sim_coll_res r = {0};
	uint64_t bytes;
	char name[128];
	int rc;

	a.split = op == RCF_COLL_BCAST ? rcf_coll_rcp_steps(n, k) : 0;
	a.root = op == RCF_COLL_SCATTER || op == RCF_COLL_BCAST ? n - 1 : 0;
	rc = coll_exec_run(&a, &c, &p, &r, &bytes);
	snprintf(name, sizeof(name),
		 "%s on kport:%u:%u, %llu bytes: %llu steps, every byte "
		 "checked",
		 rcf_coll_op_name(op), n, k, (unsigned long long)size,
		 (unsigned long long)p.nsteps);
	tap_ok(!rc && r.verified == bytes && bytes > 0, name);
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
}

int main(void)
{
	tap_plan(9);
	one(RCF_COLL_SCATTER, 243, 2, 300);
	one(RCF_COLL_SCATTER, 200, 2, 300);
	one(RCF_COLL_BCAST, 243, 2, 3000);
	one(RCF_COLL_BCAST, 200, 2, 3000);
	one(RCF_COLL_BCAST, 125, 4, 3000);
	one(RCF_COLL_GOSSIP, 125, 4, 300);
	one(RCF_COLL_GOSSIP, 100, 3, 300);
	one(RCF_COLL_ALLTOALL, 81, 2, 100);
	one(RCF_COLL_ALLTOALL, 100, 3, 100);
	return tap_done();
}
