// SPDX-License-Identifier: GPL-2.0
/*
 * The static algorithms on the hypercube of switches, hcube:D (rcfsim
 * collective --static hcube): every operation on D = 2 to 6 delivers
 * every byte with nothing set, and its switches carry a multi-hop
 * transfer wormhole where hypercube:D's nodes store and forward it.
 */
#include <stdio.h>
#include <string.h>

#include "coll_exec_util.h"
#include "tap.h"

static struct rcf_coll_args args(enum rcf_coll_op op, uint32_t n, uint32_t root,
				 uint64_t size)
{
	return (struct rcf_coll_args){.op = op,
				      .nodes = n,
				      .k = 1,
				      .root = root,
				      .size = size,
				      .alg = RCF_COLL_ALG_STATIC};
}

/* every operation, one and several packets a block, roots other than 0 */
static void test_runs(void)
{
	for (int op = 0; op < RCF_COLL_NR; op++) {
		int bad = 0, runs = 0;
		char name[160];

		for (uint32_t d = 2; d <= 6 && !bad; d++) {
			static const uint64_t sizes[] = {5, 700};
			char fabric[16];

			snprintf(fabric, sizeof(fabric), "hcube:%u", d);
			for (int s = 0; s < 2 && !bad; s++) {
				uint32_t n = 1u << d,
					 root = op < RCF_COLL_GOSSIP
							? (n - 1) * (uint32_t)s
							: 0;
				struct rcf_coll_args a =
					args(op, n, root, sizes[s]);
				struct sim_coll_cfg c = {.fabric = fabric};
				struct rcf_coll_plan p = {0};
				struct sim_coll_res r = {0};
				uint64_t bytes;

				bad = coll_exec_run(&a, &c, &p, &r, &bytes) ||
				      r.verified != bytes || !bytes ||
				      r.nsteps != p.nsteps || r.circs ||
				      r.reconf;
				if (bad)
					printf("# %s on %s, %llu bytes\n",
					       rcf_coll_op_name(op), fabric,
					       (unsigned long long)sizes[s]);
				runs++;
				sim_coll_res_free(&r);
				rcf_coll_plan_free(&p);
			}
		}
		snprintf(name, sizeof(name),
			 "static %s on hcube:2 to hcube:6, 5 and 700 bytes: "
			 "%d runs, every byte checked, nothing set",
			 rcf_coll_op_name(op), runs);
		tap_ok(!bad && runs == 10, name);
	}
}

/*
 * The pairwise exchange's step s sends i to i XOR s, popcount(s) hops.
 * Each hop past the first costs a store-and-forward node the packet
 * again (a 1024-byte block is five packets, the largest 255 bytes);
 * a switch forwards the head as it arrives, so it costs a few cycles.
 * The step of most hops against the step of one, per extra hop.
 */
static int per_hop(const char *fabric, double *cost)
{
	struct rcf_coll_args a = args(RCF_COLL_ALLTOALL, 16, 0, 1024);
	struct sim_coll_cfg c = {.fabric = fabric};
	struct rcf_coll_plan p = {0};
	struct sim_coll_res r = {0};
	uint64_t bytes;
	int rc = coll_exec_run(&a, &c, &p, &r, &bytes);

	/* step s - 1 is s: step 0 one hop, step 14 (s = 15) four */
	if (!rc && r.nsteps != 15)
		rc = -1;
	if (!rc)
		*cost = ((double)r.steps[14].cycles -
			 (double)r.steps[0].cycles) /
			3;
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
	return rc;
}

static void test_wormhole(void)
{
	double relay = 0, sw = 0;
	char name[200];
	int rc = per_hop("hypercube:4", &relay) || per_hop("hcube:4", &sw);

	snprintf(name, sizeof(name),
		 "alltoall of 1024-byte blocks on 16 nodes: an extra hop "
		 "costs %.0f cycles on hcube:4, %.0f on hypercube:4",
		 sw, relay);
	tap_ok(!rc && sw > 0 && sw < 32 && relay > 200, name);
}

int main(void)
{
	tap_plan(RCF_COLL_NR + 1);
	test_runs();
	test_wormhole();
	return tap_done();
}
