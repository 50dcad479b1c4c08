// SPDX-License-Identifier: GPL-2.0
/*
 * The RCP collectives (lib/coll): every operation planned and checked for
 * N = 2..40 and powers of k + 1, k = 1..4, every h'; plans broken on
 * purpose that the checker must refuse; the cost model against hand-worked
 * cases and against the count of the planner's own steps.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll.h"
#include "coll/coll_cost.h"
#include "tap.h"

static const struct rcf_coll_machine fig4 = {
	.beta_r = 100, .tau_r = 0, .beta = 11.5, .tau = 0.88};

static int plan(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		uint64_t size, uint32_t root, struct rcf_coll_plan *p,
		char *err, size_t len)
{
	struct rcf_coll_args a = {.op = op,
				  .nodes = n,
				  .k = k,
				  .root = root,
				  .split = split,
				  .size = size};

	if (rcf_coll_plan(&a, p, err, len)) {
		rcf_coll_plan_free(p);
		return -1;
	}
	return 0;
}

/* every op, k, N and h' plans and passes the checker */
static void test_all_plans(void)
{
	for (int op = 0; op < RCF_COLL_NR; op++)
		for (uint32_t k = 1; k <= 4; k++) {
			uint32_t bad = 0, runs = 0, sizes[] = {1, 7, 64};
			char err[512] = "", first[600] = "";
			char name[96];

			for (uint32_t n = 2; n <= 130; n++) {
				uint32_t h = rcf_coll_rcp_steps(n, k);
				uint32_t top = op == RCF_COLL_BCAST ? h : 0;

				/* past 40, the powers of k + 1 only */
				if (n > 40 && rcf_coll_pow(k, h) != n)
					continue;
				for (uint32_t s = 0; s <= top; s++) {
					struct rcf_coll_plan p;
					uint64_t L = sizes[(n + s) % 3];
					uint32_t root =
						op <= RCF_COLL_BCAST
							? (n * 7 + s) % n
							: 0;

					runs++;
					if (!plan(op, n, k, s, L, root, &p, err,
						  sizeof(err)) &&
					    !rcf_coll_check(&p, err,
							    sizeof(err))) {
						rcf_coll_plan_free(&p);
						continue;
					}
					if (!bad++)
						snprintf(first, sizeof(first),
							 "N=%u h'=%u: %s", n, s,
							 err);
					rcf_coll_plan_free(&p);
				}
			}
			snprintf(name, sizeof(name),
				 "%s k=%u: %u plans (N 2..40 and powers of "
				 "k+1, every h') pass the checker",
				 rcf_coll_op_name((enum rcf_coll_op)op), k,
				 runs);
			if (!tap_ok(!bad, name))
				printf("# %u failed, first %s\n", bad, first);
		}
}

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b) + 1);
}

static int terms_equal(const struct rcf_coll_terms *a,
		       const struct rcf_coll_terms *b)
{
	return near(a->br, b->br) && near(a->tr, b->tr) && near(a->b, b->b) &&
	       near(a->t, b->t);
}

/*
 * N a power of k + 1 and L a multiple of the pieces: the count of the
 * plan is the paper's closed form, term by term, and so is the sum of
 * the per-step terms.
 */
static void test_count_is_model(void)
{
	for (int op = 0; op < RCF_COLL_NR; op++) {
		uint32_t bad = 0, runs = 0;
		char first[300] = "", name[128];

		for (uint32_t k = 1; k <= 4; k++)
			for (uint32_t h = 1; h <= 4; h++) {
				uint32_t n = (uint32_t)rcf_coll_pow(k, h);
				uint32_t top = op == RCF_COLL_BCAST ? h : 0;

				if (n > 300 ||
				    (op == RCF_COLL_ALLTOALL && n > 130))
					continue;
				for (uint32_t s = 0; s <= top; s++)
					for (uint64_t m = 1; m <= 3; m += 2) {
						struct rcf_coll_terms mo, co,
							sum = {0}, one;
						struct rcf_coll_plan p;
						uint64_t L =
							m * rcf_coll_pow(k, s);
						const char *eq;
						char err[300];

						runs++;
						if (plan(op, n, k, s, L, 0, &p,
							 err, sizeof(err))) {
							if (!bad++)
								snprintf(
									first,
									sizeof(first),
									"%s",
									err);
							continue;
						}
						rcf_coll_model(op, n, k, s,
							       (double)L, &mo,
							       &eq);
						rcf_coll_count(&p, &co);
						for (uint64_t i = 0;
						     i < p.nsteps; i++) {
							rcf_coll_model_step(
								&p, i, &one);
							sum.br += one.br;
							sum.tr += one.tr;
							sum.b += one.b;
							sum.t += one.t;
						}
						/* Tables 1 and 2: the same, but
						 * for bcast h' = h's bound */
						if (!rcf_coll_table(op, n, k, s,
								    (double)L,
								    &one) &&
						    (!near(one.br, co.br) ||
						     !near(one.tr, co.tr) ||
						     !near(one.b, co.b) ||
						     one.t < co.t - 1e-9 ||
						     (!near(one.t, co.t) &&
						      !(op == RCF_COLL_BCAST &&
							s == h))) &&
						    !bad++)
							snprintf(first,
								 sizeof(first),
								 "table row of "
								 "N=%u k=%u "
								 "h'=%u",
								 n, k, s);
						if ((!terms_equal(&mo, &co) ||
						     !terms_equal(&mo, &sum) ||
						     p.nsteps != h + s) &&
						    !bad++)
							snprintf(
								first,
								sizeof(first),
								"N=%u k=%u "
								"h'=%u L=%llu: "
								"model %g %g "
								"%g "
								"%g, count %g "
								"%g %g %g, "
								"%llu "
								"steps",
								n, k, s,
								(unsigned long long)
									L,
								mo.br, mo.tr,
								mo.b, mo.t,
								co.br, co.tr,
								co.b, co.t,
								(unsigned long long)
									p.nsteps);
						rcf_coll_plan_free(&p);
					}
			}
		snprintf(name, sizeof(name),
			 "%s: %u counts equal the closed form, the sum of "
			 "the per-step terms and tables 1 and 2",
			 rcf_coll_op_name((enum rcf_coll_op)op), runs);
		if (!tap_ok(!bad, name))
			printf("# %u differ, first %s\n", bad, first);
	}
}

/* worked by hand in Documentation/collectives.rst */
static void test_hand_cases(void)
{
	struct rcf_coll_terms t;
	struct rcf_coll_plan p;
	const char *eq;
	char err[300];

	/* scatter, N = 9, k = 2, L = 10: 30 then 10 bytes, 2 + 6 links */
	rcf_coll_model(RCF_COLL_SCATTER, 9, 2, 0, 10, &t, &eq);
	tap_ok(near(t.br, 2) && near(t.tr, 8) && near(t.b, 2) && near(t.t, 40),
	       "scatter 9/2/10: 2 beta_r + 8 tau_r + 2 beta + 40 tau");
	/* bcast, N = 9, k = 2, h' = 1, L = 9: 3 bytes in each of 3 steps */
	rcf_coll_model(RCF_COLL_BCAST, 9, 2, 1, 9, &t, &eq);
	tap_ok(near(t.br, 3) && near(t.tr, 17) && near(t.b, 3) &&
		       near(t.t, 9) && near(rcf_coll_time(&t, &fig4), 342.42),
	       "bcast 9/2 h'=1 L=9: 3 beta_r + 17 tau_r + 3 beta + 9 tau = "
	       "342.42 us");
	/* gossip, N = 4, k = 1, L = 5: 5 then 10 bytes, 2 links a step */
	rcf_coll_model(RCF_COLL_GOSSIP, 4, 1, 0, 5, &t, &eq);
	tap_ok(near(t.br, 2) && near(t.tr, 4) && near(t.b, 2) && near(t.t, 15),
	       "gossip 4/1/5: 2 beta_r + 4 tau_r + 2 beta + 15 tau");
	/* alltoall, N = 4, k = 1, L = 5: 2 blocks a step */
	rcf_coll_model(RCF_COLL_ALLTOALL, 4, 1, 0, 5, &t, &eq);
	tap_ok(near(t.t, 20) && near(t.tr, 4),
	       "alltoall 4/1/5: 20 bytes, 4 links");
	/* Figure 4's machine, 1000 bytes: h' = 2 is best, 1308.5 us */
	rcf_coll_model(RCF_COLL_BCAST, 3125, 4, 2, 1000, &t, &eq);
	tap_ok(near(rcf_coll_time(&t, &fig4), 1308.5) &&
		       rcf_coll_bcast_best_split(3125, 4, 1000, &fig4) == 2,
	       "figure 4, 1000 bytes: h' = 2 best at 1308.5 us");
	/* h' = 0 against h' = 1 cross at 111.5 / 3.344 = 33.3 bytes */
	tap_ok(rcf_coll_bcast_best_split(3125, 4, 33, &fig4) == 0 &&
		       rcf_coll_bcast_best_split(3125, 4, 34, &fig4) == 1,
	       "figure 4: splitting pays from 34 bytes, not 20");
	tap_ok(rcf_coll_eq14(3125, 4, 1000, &fig4) < 0 &&
		       rcf_coll_eq13(3125, 4, 1000, &fig4) < 0,
	       "eqs. 13 and 14 read as equalities give h' < 0 at figure 4");
	/* Table 1 bounds eq. 11 from above */
	{
		struct rcf_coll_terms tab;

		rcf_coll_model(RCF_COLL_BCAST, 27, 2, 3, 27, &t, &eq);
		tap_ok(!rcf_coll_table(RCF_COLL_BCAST, 27, 2, 3, 27, &tab) &&
			       near(tab.t, 27) && near(t.t, 26),
		       "bcast h'=h: table 1's 2L/k = 27 bytes over eq. 11's "
		       "2(N-1)L/(kN) = 26");
		tap_ok(rcf_coll_table(RCF_COLL_BCAST, 27, 2, 1, 27, &tab) == -1,
		       "table 1 has no row for 0 < h' < h");
	}
	/* the tree: rank 7 is joined by 1 at step 1 when k = 3 */
	tap_ok(rcf_coll_rcp_reached(7, 3) == 1 &&
		       rcf_coll_rcp_parent(7, 3) == 1 &&
		       rcf_coll_rcp_reached(3, 3) == 0 &&
		       rcf_coll_rcp_parent(3, 3) == 0 &&
		       rcf_coll_rcp_steps(27, 3) == 3 &&
		       rcf_coll_rcp_steps(64, 3) == 3,
	       "RCP arithmetic: (k+1)^l + ik + j");
	/* a root other than 0: the numbering starts there */
	if (!plan(RCF_COLL_SCATTER, 5, 2, 0, 1, 3, &p, err, sizeof(err))) {
		tap_ok(p.steps[0].ncirc == 2 && p.circs[0].a == 3 &&
			       p.circs[0].b == 4 && p.circs[1].b == 0 &&
			       !rcf_coll_check(&p, err, sizeof(err)),
		       "scatter from root 3 joins 3 to 4 and 0 first");
		rcf_coll_plan_free(&p);
	} else {
		tap_ok(0, "scatter from root 3");
	}
}

static void refused(struct rcf_coll_plan *p, const char *what, const char *want)
{
	char err[512] = "", name[160];
	int rc = rcf_coll_check(p, err, sizeof(err));

	snprintf(name, sizeof(name), "checker refuses %s", what);
	if (!tap_ok(rc == -1 && strstr(err, want), name))
		printf("# got \"%s\", want \"%s\"\n", err, want);
}

/* scatter on 9 nodes, k = 2: 0->1, 0->2 then six transfers */
static void test_broken(void)
{
	struct rcf_coll_plan p;
	char err[300];

	if (plan(RCF_COLL_SCATTER, 9, 2, 0, 8, 0, &p, err, sizeof(err)) ||
	    rcf_coll_check(&p, err, sizeof(err))) {
		tap_ok(0, "scatter 9/2 plans");
		return;
	}
	/* two transfers on one link, one way */
	p.xfers[1].circ = p.xfers[0].circ;
	p.xfers[1].dst = p.xfers[0].dst;
	refused(&p, "a link used twice in a step",
		"step 1: transfer 1 (0 -> 1) uses the link of circuit 0");
	p.xfers[1].circ = 1;
	p.xfers[1].dst = 2;
	/* a third port on a k = 2 node */
	p.circs[1].pa = 2;
	refused(&p, "a port past k",
		"step 1: node 0 uses port 2 but has k = 2");
	/* one port in two circuits */
	p.circs[1].pa = 0;
	refused(&p, "a port in two circuits",
		"step 1: port 0 of node 0 is in circuits 0 and 1");
	p.circs[1].pa = 1;
	/* a transfer between nodes no circuit joins */
	p.xfers[0].dst = 2;
	refused(&p, "a transfer crossing no configured circuit",
		"step 1: transfer 0 (0 -> 2) crosses no configured circuit");
	p.xfers[0].dst = 1;
	/* a transfer naming a circuit of another step */
	p.xfers[0].circ = 5;
	refused(&p, "a transfer on another step's circuit",
		"crosses no circuit of the step");
	p.xfers[0].circ = 0;
	/* step 2: node 1 forwards the block for 7, which node 2 has */
	{
		const struct rcf_coll_step *s = &p.steps[1];
		uint64_t x;

		for (x = s->first_xfer; p.xfers[x].src != 1; x++)
			;
		p.items[p.xfers[x].first] = 7;
		refused(&p, "data sent before its sender holds it",
			"step 2: transfer 2 (1 -> 5) sends block of 0 for 7, "
			"which node 1 does not hold yet");
		p.items[p.xfers[x].first] = 5;
	}
	/* the byte count must be the items' */
	p.xfers[0].bytes++;
	refused(&p, "bytes that are not the items' sum", "says 25 bytes");
	p.xfers[0].bytes--;
	/* stopped early, the root still holds blocks it owes */
	p.nsteps--;
	refused(&p, "a plan that ends early",
		"after step 1: node 0 still holds block of 0 for 3");
	p.nsteps++;
	tap_ok(!rcf_coll_check(&p, err, sizeof(err)),
	       "the repaired plan passes again");
	rcf_coll_plan_free(&p);

	/* gossip: a node must not end with less; bcast: with the message */
	if (!plan(RCF_COLL_ALLTOALL, 4, 1, 0, 1, 0, &p, err, sizeof(err))) {
		/* node 0 keeps the block it should have passed on in step 1 */
		const struct rcf_coll_xfer *x = &p.xfers[0];

		p.items[x->first] = 0; /* 0's block for itself */
		refused(&p, "a plan that leaves blocks at the wrong node",
			"after step 2: node 0 still holds block of 0 for 1");
		rcf_coll_plan_free(&p);
	} else {
		tap_ok(0, "alltoall 4/1 plans");
	}
}

static void test_refused_args(void)
{
	struct rcf_coll_plan p;
	char err[300] = "";

	tap_ok(plan(RCF_COLL_BCAST, 9, 2, 3, 10, 0, &p, err, sizeof(err)) &&
		       strstr(err, "split 3 is past the 2 RCP steps"),
	       "split past h refused");
	tap_ok(plan(RCF_COLL_GOSSIP, 9, 2, 1, 10, 0, &p, err, sizeof(err)) &&
		       strstr(err, "only bcast"),
	       "split on gossip refused");
	tap_ok(plan(RCF_COLL_SCATTER, 1, 2, 0, 10, 0, &p, err, sizeof(err)) &&
		       strstr(err, "nodes must be 2"),
	       "one node refused");
	tap_ok(plan(RCF_COLL_ALLTOALL, 50000, 4, 0, 10, 0, &p, err,
		    sizeof(err)) &&
		       strstr(err, "take fewer nodes"),
	       "an all-to-all too large to hold refused with a reason");
}

int main(void)
{
	tap_plan(4 * 4 + 4 + 11 + 10 + 4);
	test_all_plans();
	test_count_is_model();
	test_hand_cases();
	test_broken();
	test_refused_args();
	return tap_done();
}
