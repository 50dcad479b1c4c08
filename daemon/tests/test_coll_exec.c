// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective's executor: plans run on kport:N:K in the kernel's
 * engine deliver every item byte for byte (every operation, k = 1..4,
 * N powers of k + 1 and not, every h' of bcast); broken plans and a
 * corrupted byte are caught, each with its reason; the circuits two
 * steps share are kept (cases worked by hand); the fit recovers known
 * parameters.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rcfsim/coll_exec.h"
#include "tap.h"

static char err[1024];

static int plan(enum rcf_coll_op op, uint32_t n, uint32_t k, uint32_t split,
		uint64_t size, struct rcf_coll_plan *p)
{
	struct rcf_coll_args a = {.op = op,
				  .nodes = n,
				  .k = k,
				  .root = op == RCF_COLL_SCATTER ? n / 3 : 0,
				  .split = split,
				  .size = size};

	memset(p, 0, sizeof(*p));
	return rcf_coll_plan(&a, p, err, sizeof(err));
}

/* one run; 0 when every byte arrived and every node holds its items */
static int run(const struct rcf_coll_plan *p, const struct sim_coll_cfg *c,
	       struct sim_coll_res *r)
{
	uint64_t bytes = 0;

	if (sim_coll_exec(p, c, r, err, sizeof(err)))
		return -1;
	for (uint64_t i = 0; i < p->nxfers; i++)
		bytes += p->xfers[i].bytes;
	if (r->verified != bytes || r->bytes != bytes || !r->items_checked) {
		snprintf(err, sizeof(err), "%llu of %llu bytes checked",
			 (unsigned long long)r->verified,
			 (unsigned long long)bytes);
		return -1;
	}
	return 0;
}

static const uint32_t sizes[] = {5, 700};

/* every case of one operation and k; the first failure is printed */
static void sweep(enum rcf_coll_op op, uint32_t k)
{
	struct sim_coll_cfg c = {0};
	int cases = 0, bad = 0;
	char name[96];

	for (uint32_t n = 2; n <= 40 && (uint64_t)n * k <= 512; n++) {
		uint32_t pw = k + 1, h = rcf_coll_rcp_steps(n, k);

		/* all N to 12, then powers of k + 1 and their neighbours */
		while (pw < n)
			pw *= k + 1;
		if (n > 12 && n != pw && n != pw + 1 && n + 1 != pw)
			continue;
		for (uint32_t s = 0; s <= (op == RCF_COLL_BCAST ? h : 0); s++)
			for (size_t z = 0; z < 2; z++) {
				struct rcf_coll_plan p;
				struct sim_coll_res r;

				cases++;
				if (plan(op, n, k, s, sizes[z], &p) ||
				    run(&p, &c, &r)) {
					if (!bad++)
						printf("# N %u k %u h' %u %u "
						       "bytes: %s\n",
						       n, k, s, sizes[z], err);
				}
				sim_coll_res_free(&r);
				rcf_coll_plan_free(&p);
			}
	}
	snprintf(name, sizeof(name), "%s k = %u: %d runs, every byte checked",
		 rcf_coll_op_name(op), k, cases);
	tap_ok(!bad && cases > 10, name);
}

/* runs p as broken by fix and wants err to hold want */
static void broken(const char *name, enum rcf_coll_op op, uint32_t n,
		   uint32_t k, void (*fix)(struct rcf_coll_plan *),
		   uint64_t corrupt, const char *want)
{
	struct sim_coll_cfg c = {.corrupt = corrupt};
	struct rcf_coll_plan p;
	struct sim_coll_res r;
	int rc;

	if (plan(op, n, k, 0, 300, &p)) {
		tap_ok(0, name);
		return;
	}
	if (fix)
		fix(&p);
	rc = sim_coll_exec(&p, &c, &r, err, sizeof(err));
	if (!rc || !strstr(err, want))
		printf("# got: %s\n", rc ? err : "success");
	tap_ok(rc && strstr(err, want), name);
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
}

/* step 2's last transfer never sent */
static void drop_xfer(struct rcf_coll_plan *p)
{
	p->steps[1].nxfer--;
}

/* all-to-all: step 1's first transfer sends another node's block */
static void early_item(struct rcf_coll_plan *p)
{
	const struct rcf_coll_xfer *x = &p->xfers[p->steps[0].first_xfer];

	p->items[x->first] = (x->src + 1) % p->nodes * p->nodes + x->dst;
}

/*
 * Scatter's step 1 joins the root to ranks 1 and 2 only (k = 2): its
 * first transfer goes to rank 3, which no circuit of the step reaches.
 */
static void wrong_dst(struct rcf_coll_plan *p)
{
	struct rcf_coll_xfer *x = &p->xfers[p->steps[0].first_xfer];

	x->dst = (x->src + 3) % p->nodes;
}

static void kept(const char *name, uint32_t n, uint32_t k, uint32_t split,
		 const uint64_t *want, uint64_t total)
{
	struct sim_coll_cfg c = {.beta_r = 100, .tau_r = 3};
	struct rcf_coll_plan p;
	struct sim_coll_res r;
	int ok;

	ok = !plan(RCF_COLL_BCAST, n, k, split, 9, &p) && !run(&p, &c, &r);
	for (uint64_t i = 0; ok && i < r.nsteps; i++) {
		const struct sim_coll_step_res *s = &r.steps[i];

		ok = s->circs_kept == want[i] &&
		     s->circs_set == s->circs - want[i] &&
		     s->reconf == (s->circs_set ? 100 + 3 * s->circs_set : 0);
		if (!ok)
			printf("# step %llu: %llu kept, %llu set of %llu\n",
			       (unsigned long long)i + 1,
			       (unsigned long long)s->circs_kept,
			       (unsigned long long)s->circs_set,
			       (unsigned long long)s->circs);
	}
	tap_ok(ok && r.circs_kept == total, name);
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
}

static void fit(void)
{
	double x[40], y[40], beta, tau;

	for (int i = 0; i < 40; i++) {
		x[i] = 1 + 25 * i;
		y[i] = 12.5 + 1.25 * x[i];
	}
	tap_ok(!sim_coll_fit(x, y, 40, &beta, &tau) &&
		       fabs(beta - 12.5) < 1e-9 && fabs(tau - 1.25) < 1e-12,
	       "fit: exact points give beta 12.5 and tau 1.25 back");
	/* +-3 alternating: the line stays within a hair of the true one */
	for (int i = 0; i < 40; i++)
		y[i] = 80 + 0.5 * x[i] + (i % 2 ? 3 : -3);
	tap_ok(!sim_coll_fit(x, y, 40, &beta, &tau) && fabs(beta - 80) < 1.0 &&
		       fabs(tau - 0.5) < 0.01,
	       "fit: noisy points give beta 80 and tau 0.5 within 1 %");
	for (int i = 0; i < 3; i++)
		x[i] = 7;
	tap_ok(sim_coll_fit(x, y, 3, &beta, &tau) == -1,
	       "fit: one size only is refused");
}

/* one transfer of 1 to 4000 bytes: start-up and per-byte cycles */
static void probe(void)
{
	uint64_t s[8];
	double cyc[8], beta, tau;
	struct sim_coll_cfg c = {0};
	double x[8];

	for (int i = 0; i < 8; i++)
		x[i] = (double)(s[i] = 1 + 571 * i);
	tap_ok(!sim_coll_probe(64, 3, &c, s, 8, cyc, err, sizeof(err)) &&
		       !sim_coll_fit(x, cyc, 8, &beta, &tau) && beta > 0 &&
		       tau >= 1 && tau < 1.1 && cyc[7] > cyc[0],
	       "probe: a byte a cycle and a packet's overhead on kport:64:3");
}

int main(void)
{
	static const uint64_t k1[] = {0, 0, 4, 0}, k2[] = {0, 0, 12, 0};

	tap_plan(16 + 10);
	for (int op = 0; op < RCF_COLL_NR; op++)
		for (uint32_t k = 1; k <= 4; k++)
			sweep((enum rcf_coll_op)op, k);
	broken("broken: a transfer left out leaves a node short",
	       RCF_COLL_GOSSIP, 9, 2, drop_xfer, 0, "lacks block of");
	broken("broken: an item sent before it arrived", RCF_COLL_ALLTOALL, 9,
	       2, early_item, 0, "but has not received it");
	broken("broken: a transfer over no circuit of its step",
	       RCF_COLL_SCATTER, 9, 2, wrong_dst, 0, "could not send");
	broken("broken: a corrupted byte is found where it arrives",
	       RCF_COLL_BCAST, 27, 2, NULL, 5, "got byte");
	kept("kept: bcast 4 nodes k = 1 h' = 2, step 3 keeps step 2's 4 "
	     "circuits",
	     4, 1, 2, k1, 4);
	kept("kept: bcast 9 nodes k = 2 h' = 2, step 3 keeps 6 connections' "
	     "12 circuits",
	     9, 2, 2, k2, 12);
	fit();
	probe();
	return tap_done();
}
