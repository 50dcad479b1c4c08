// SPDX-License-Identifier: GPL-2.0
/*
 * The static algorithms (lib/coll/coll_static.c) and their runs on the
 * fixed networks by their routes (rcfsim collective --static): every
 * plan passes the checker, has the classic number of steps and, on the
 * hypercube, trees and doubling only between neighbours; every run
 * delivers every byte; what they cannot do is refused.
 */
#include <stdio.h>
#include <string.h>

#include "coll_exec_util.h"
#include "tap.h"

static struct rcf_coll_args args(enum rcf_coll_op op, uint32_t n, uint32_t k,
				 uint32_t root, uint64_t size)
{
	return (struct rcf_coll_args){.op = op,
				      .nodes = n,
				      .k = k,
				      .root = root,
				      .size = size,
				      .alg = RCF_COLL_ALG_STATIC};
}

static int plan(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t root,
		uint64_t size, struct rcf_coll_plan *p, char *err, size_t len)
{
	struct rcf_coll_args a = args(op, n, k, root, size);

	return rcf_coll_plan(&a, p, err, len);
}

static uint32_t log2u(uint32_t n)
{
	uint32_t d = 0;

	while ((1u << d) < n)
		d++;
	return d;
}

/* every plan checked, its steps counted, its tree pairs one bit apart */
static void test_plans(void)
{
	for (int op = 0; op < RCF_COLL_NR; op++) {
		int bad = 0, runs = 0;
		char err[512], name[128];

		for (uint32_t n = 2; n <= 256 && !bad; n *= 2) {
			for (uint32_t root = 0; root < n && !bad;
			     root += n > 2 ? n / 2 - 1 : 1) {
				struct rcf_coll_plan p = {0};
				uint64_t steps = op == RCF_COLL_ALLTOALL
							 ? n - 1
							 : log2u(n);

				if (op >= RCF_COLL_GOSSIP && root)
					break;
				bad = plan(op, n, 1, root, 7, &p, err,
					   sizeof(err)) ||
				      rcf_coll_check(&p, err, sizeof(err));
				if (!bad && p.nsteps != steps)
					bad = snprintf(err, sizeof(err),
						       "%llu steps, not %llu",
						       (unsigned long long)
							       p.nsteps,
						       (unsigned long long)
							       steps) > 0;
				for (uint64_t x = 0;
				     !bad && op != RCF_COLL_ALLTOALL &&
				     x < p.nxfers;
				     x++) {
					uint32_t d =
						p.xfers[x].src ^ p.xfers[x].dst;

					if (d & (d - 1))
						bad = snprintf(err, sizeof(err),
							       "%u -> %u is "
							       "no hypercube "
							       "link",
							       p.xfers[x].src,
							       p.xfers[x].dst) >
						      0;
				}
				if (bad)
					printf("# %s N=%u root %u: %s\n",
					       rcf_coll_op_name(op), n, root,
					       err);
				runs++;
				rcf_coll_plan_free(&p);
			}
		}
		snprintf(name, sizeof(name),
			 "static %s: %d plans checked, classic step count, "
			 "neighbours only",
			 rcf_coll_op_name(op), runs);
		tap_ok(!bad && runs >= 8, name);
	}
}

static void run(enum rcf_coll_op op, const char *fabric, uint32_t n,
		uint32_t root, uint64_t size)
{
	struct rcf_coll_args a = args(op, n, 1, root, size);
	struct sim_coll_cfg c = {.fabric = fabric};
	struct rcf_coll_plan p = {0};
	struct sim_coll_res r = {0};
	uint64_t bytes;
	char name[160];
	int rc = coll_exec_run(&a, &c, &p, &r, &bytes);

	snprintf(name, sizeof(name),
		 "static %s on %s, root %u, %llu bytes: every byte checked",
		 rcf_coll_op_name(op), fabric, root, (unsigned long long)size);
	tap_ok(!rc && r.verified == bytes && bytes > 0 &&
		       r.nsteps == p.nsteps && r.cycles > 0 && !r.circs,
	       name);
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
}

static void test_runs(void)
{
	static const char *const nets[] = {"hypercube:3", "torus:4x4"};
	static const uint32_t nodes[] = {8, 16};

	for (int f = 0; f < 2; f++)
		for (int op = 0; op < RCF_COLL_NR; op++) {
			run(op, nets[f], nodes[f],
			    op < RCF_COLL_GOSSIP ? nodes[f] - 3 : 0, 5);
			run(op, nets[f], nodes[f], 0, 700);
		}
}

static void test_refused(void)
{
	struct rcf_coll_plan p = {0};
	struct sim_coll_cfg c = {.fabric = "hypercube:3"};
	struct sim_coll_res r = {0};
	char err[512];

	tap_ok(plan(RCF_COLL_GOSSIP, 12, 1, 0, 8, &p, err, sizeof(err)) &&
		       strstr(err, "power of two"),
	       "static plans refuse N = 12");
	rcf_coll_plan_free(&p);
	tap_ok(plan(RCF_COLL_SCATTER, 16, 2, 0, 8, &p, err, sizeof(err)) &&
		       strstr(err, "k = 1"),
	       "static plans refuse k = 2");
	rcf_coll_plan_free(&p);
	/* a plan of 16 nodes on a network of 8 */
	if (plan(RCF_COLL_BCAST, 16, 1, 0, 8, &p, err, sizeof(err))) {
		tap_ok(0, "bcast 16 plans");
	} else {
		tap_ok(sim_coll_exec(&p, &c, &r, err, sizeof(err)) &&
			       strstr(err, "has 8 nodes, the plan 16"),
		       "a network of another size is refused");
	}
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
}

int main(void)
{
	tap_plan(RCF_COLL_NR + 2 * 2 * RCF_COLL_NR + 3);
	test_plans();
	test_runs();
	test_refused();
	return tap_done();
}
