// SPDX-License-Identifier: GPL-2.0
/*
 * The distributed switch controllers (lib/swc/swc_*.c) on Wijnen's scenarios:
 * §II D step by step, set-ups on one switch and across an intermediate
 * one, breaking an already broken path, a long checksummed stream while
 * paths are broken and set up again, sinktree convergence after line
 * failures and an added switch with a loop check at every tick, a line
 * failing at every point of a set-up, the §I B deadlock with the polling
 * link only and its absence with the external request link, and the §IV
 * fairness figures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "swc/swc.h"

static struct swc_net net;

static char trace_buf[512][160];
static int ntrace;

static void keep_trace(void *arg, const char *text)
{
	(void)arg;
	if (ntrace < 512)
		snprintf(trace_buf[ntrace++], sizeof(trace_buf[0]), "%s", text);
}

static struct swc_proc *P(int sw, int i)
{
	return &net.sw[sw].proc[i];
}

/* run until the network is idle, checking routes at every tick */
static int settle(uint64_t max, int check_loops, int *loop_ok)
{
	uint64_t end = net.now + max;

	while (swc_busy(&net) && net.now < end) {
		swc_step(&net);
		if (check_loops && !swc_tree_loop_free(&net))
			*loop_ok = 0;
	}
	return !swc_busy(&net);
}

static int segs_of(int sw)
{
	int i, k = 0;

	for (i = 0; i < SWC_MAX_SEG; i++)
		k += net.sw[sw].seg[i].used;
	return k;
}

/* §II D: S1 has P1, P2; S2 has P3, P4; one line */
static void test_example(void)
{
	uint64_t t_arrived = 0, t_returned = 0, t_broken = 0, t_p4 = 0;
	uint32_t p13;
	int ok = 1, i, mid = 0;

	swc_init(&net, 1, 7);
	swc_add_switch(&net, 2);
	swc_add_switch(&net, 2);
	swc_add_line(&net, 0, 1);
	ok = settle(1000, 0, &ok);
	tap_ok(ok && swc_tree_converged(&net), "IID: sinktrees exchanged");

	swc_send(&net, swc_gid(0, 0), swc_gid(1, 0), 120);
	while (!P(0, 0)->sending && net.now < 1000)
		swc_step(&net);
	p13 = P(0, 0)->path;
	tap_ok(p13 && P(0, 0)->path_dst == swc_gid(1, 0),
	       "IID: P1 masters a path to P3 and is sending");
	for (i = 0; i < 20; i++)
		swc_step(&net);
	net.trace = keep_trace;
	swc_tracef(&net, "P1 is sending message 0 to P3 (byte %u of 120)",
		   P(0, 0)->cur_idx);
	mid = P(0, 0)->sending && P(0, 0)->cur_idx > 0;
	swc_send(&net, swc_gid(1, 1), swc_gid(0, 1), 40);
	while (swc_busy(&net) && net.now < 5000) {
		swc_step(&net);
		if (!t_arrived && P(1, 0)->delivered == 1)
			t_arrived = net.now - 1;
		if (!t_returned && P(0, 0)->path != p13)
			t_returned = net.now - 1;
		if (!t_broken && !segs_of(0))
			t_broken = net.now - 1;
		if (!t_p4 && P(1, 1)->path)
			t_p4 = net.now - 1;
	}
	net.trace = NULL;
	for (i = 0; i < ntrace; i++)
		printf("# %s\n", trace_buf[i]);
	tap_ok(mid, "IID: P4 asks for P2 while P1's message is under way");
	tap_ok(t_arrived && P(1, 0)->rx_bad == 0 && !P(0, 0)->lost_bytes,
	       "IID: P1's message arrived whole at P3");
	tap_ok(t_returned >= t_arrived && t_broken >= t_returned,
	       "IID: P1-P3 broken only after the message fully arrived");
	tap_ok(t_p4 > t_broken, "IID: P4-P2 connected after the break");
	tap_ok(P(1, 1)->path && P(1, 1)->path_dst == swc_gid(0, 1) &&
		       (P(1, 1)->path >> 16) == 2,
	       "IID: P4 holds the mastership of its path to P2");
	tap_ok(P(0, 1)->delivered == 1 && P(0, 1)->rx_bad == 0,
	       "IID: P4's message arrived at P2");
	printf("# IID: P1's last byte t=%llu, mastership back t=%llu, "
	       "S1 broken t=%llu, P4 master t=%llu\n",
	       (unsigned long long)t_arrived, (unsigned long long)t_returned,
	       (unsigned long long)t_broken, (unsigned long long)t_p4);
}

/*
 * S1-S2-S3, one line between neighbours, with p1, p2 and p3 processors,
 * settled (the sinktrees exchanged)
 */
static void line3(int p1, int p2, int p3, uint32_t seed)
{
	int ok = 1;

	swc_init(&net, 1, seed);
	swc_add_switch(&net, p1);
	swc_add_switch(&net, p2);
	swc_add_switch(&net, p3);
	swc_add_line(&net, 0, 1);
	swc_add_line(&net, 1, 2);
	settle(1000, 0, &ok);
}

/* case 1 on one switch, case 2 across an intermediate switch */
static void test_setup_cases(void)
{
	uint64_t msgs;
	int ok = 1;

	line3(2, 1, 2, 3);
	msgs = net.ctl_msgs;
	swc_send(&net, swc_gid(0, 0), swc_gid(0, 1), 10);
	ok = settle(1000, 0, &ok);
	tap_ok(ok && P(0, 1)->delivered == 1 && net.ctl_msgs == msgs &&
		       segs_of(0) == 1 && !segs_of(1),
	       "case 1: same switch, no control message between switches");
	swc_send(&net, swc_gid(2, 1), swc_gid(0, 1), 30);
	ok = settle(2000, 0, &ok);
	tap_ok(ok && P(0, 1)->delivered == 2 && P(2, 1)->path &&
		       segs_of(0) == 1 && segs_of(1) == 1 && segs_of(2) == 1,
	       "case 2: via an intermediate switch, one part per switch");
	tap_ok(net.sw[1].port[SWC_PORT_LINE(0)].conn == SWC_PORT_LINE(1),
	       "case 2: the intermediate switch joins its two lines");
}

/*
 * S1-S2-S3: P1 (S1) to P4 (S3); P1 then turns to P2 on S1, which breaks
 * only S1's part.  P5 (S3) then wants P3 (S2): S3 asks S2, S2 asks S1,
 * which answers that the path is already broken.
 */
static void test_already_broken(void)
{
	int ok = 1;

	line3(2, 1, 2, 5);
	swc_send(&net, swc_gid(0, 0), swc_gid(2, 0), 20);
	swc_send(&net, swc_gid(0, 0), swc_gid(0, 1), 20);
	settle(3000, 0, &ok);
	tap_ok(segs_of(0) == 1 && segs_of(1) == 1 && segs_of(2) == 1 &&
		       P(0, 0)->path_dst == swc_gid(0, 1),
	       "break at the master switch leaves the far parts unused");
	swc_send(&net, swc_gid(2, 1), swc_gid(1, 0), 20);
	ok = settle(3000, 0, &ok);
	tap_ok(ok && net.already_broken == 1 && P(1, 0)->delivered == 1 &&
		       P(2, 0)->delivered == 1 && P(0, 1)->delivered == 1,
	       "a break request for a broken path is answered as broken");
}

/* a ring of switches, three processors each, one line between them */
static void ring(int nsw, int nproc, int erl, uint32_t seed)
{
	int s, ok = 1;

	swc_init(&net, erl, seed);
	for (s = 0; s < nsw; s++)
		swc_add_switch(&net, nproc);
	for (s = 0; s < nsw; s++)
		swc_add_line(&net, s, (s + 1) % nsw);
	settle(5000, 0, &ok);
}

static void test_stream(void)
{
	uint64_t sent = 0, got = 0, bad = 0, lost = 0;
	int s, i, k, ok = 1, order = 1, total = 0, nsw = 4, np = 3;
	uint32_t r = 12345;

	ring(nsw, np, 1, 99);
	for (k = 0; k < 60; k++)
		for (s = 0; s < nsw; s++)
			for (i = 0; i < np; i++) {
				int d;

				r = r * 1103515245u + 12345u;
				/* two partners each, so paths change often */
				d = ((s * np + i) + 1 + ((r >> 16) % 2) * 4) %
				    (nsw * np);
				swc_send(&net, swc_gid(s, i),
					 swc_gid(d / np, d % np),
					 1 + (r >> 8) % 48);
				total++;
			}
	ok = settle(2000000, 0, &ok);
	for (s = 0; s < nsw; s++)
		for (i = 0; i < np; i++) {
			struct swc_proc *p = P(s, i);
			int t;

			sent += p->sent;
			got += p->delivered;
			bad += p->rx_bad;
			lost += p->lost_bytes;
			for (t = 0; t < nsw * np; t++) {
				int g = swc_gid(t / np, t % np);

				if (P(t / np, t % np)->rx_seq[p->gid] !=
				    p->seq_to[g])
					order = 0;
			}
		}
	tap_ok(ok && sent == (uint64_t)total && got == sent && !bad && !lost &&
		       order,
	       "stream: every message whole, in order, once");
	printf("# stream: %d messages, %llu set-ups, %llu break requests "
	       "between switches, %llu answered already broken, %llu ticks\n",
	       total, (unsigned long long)net.setups,
	       (unsigned long long)net.breaks_sent,
	       (unsigned long long)net.already_broken,
	       (unsigned long long)net.now);
	tap_ok(net.setups > (uint64_t)total / 4 && net.breaks_sent > 10,
	       "stream: paths were broken and set up again many times");
}

static void test_converge(void)
{
	int ok = 1, loop_ok = 1, s;

	swc_init(&net, 1, 11);
	for (s = 0; s < 6; s++)
		swc_add_switch(&net, 1);
	for (s = 0; s < 6; s++)
		swc_add_line(&net, s, (s + 1) % 6);
	swc_add_line(&net, 0, 3);
	swc_add_line(&net, 1, 4);
	ok = settle(10000, 1, &loop_ok);
	tap_ok(ok && loop_ok && swc_tree_converged(&net),
	       "sinktrees converge on a ring with chords, no loop");
	swc_fail_line(&net, 6); /* S1-S4 */
	tap_ok(!swc_tree_converged(&net) && swc_tree_loop_free(&net),
	       "line S1-S4 fails: trees stale, still no loop");
	ok = settle(10000, 1, &loop_ok);
	tap_ok(ok && loop_ok && swc_tree_converged(&net),
	       "after the failure: converged, no loop at any tick");
	swc_fail_line(&net, 2); /* S3-S4 */
	swc_fail_line(&net, 7); /* S2-S5 */
	ok = settle(10000, 1, &loop_ok);
	tap_ok(ok && loop_ok && swc_tree_converged(&net) &&
		       net.sw[2].tree.b[3].len == 5,
	       "two more failures: S3 reaches S4 the long way round");
	s = swc_add_switch(&net, 1);
	swc_add_line(&net, s, 2);
	swc_add_line(&net, s, 3);
	ok = settle(10000, 1, &loop_ok);
	tap_ok(ok && loop_ok && swc_tree_converged(&net) &&
		       net.sw[2].tree.b[3].len == 2,
	       "an added switch S7 joins S3 and S4, trees converge");
	printf("# converge: %llu sinktree messages; plain next-hop tables "
	       "looped in %llu checks, set-ups never\n",
	       (unsigned long long)net.tree_msgs,
	       (unsigned long long)net.loops_seen);
}

/* a 4x4 grid loses lines one after another before the trees settle */
static void test_converge_grid(void)
{
	static const int cut[] = {0, 7, 12, 3, 18, 9, 21};
	int ok = 1, loop_ok = 1, s, k, i, steps = 0;

	swc_init(&net, 1, 13);
	for (s = 0; s < 16; s++)
		swc_add_switch(&net, 1);
	for (s = 0; s < 16; s++) {
		if (s % 4 != 3)
			swc_add_line(&net, s, s + 1);
		if (s < 12)
			swc_add_line(&net, s, s + 4);
	}
	ok = settle(20000, 1, &loop_ok);
	for (k = 0; k < (int)(sizeof(cut) / sizeof(cut[0])); k++) {
		swc_fail_line(&net, cut[k]);
		for (i = 0; i < 3 + k; i++, steps++) {
			swc_step(&net);
			loop_ok &= swc_tree_loop_free(&net);
		}
	}
	ok &= settle(20000, 1, &loop_ok);
	tap_ok(ok && loop_ok && swc_tree_converged(&net),
	       "4x4 grid, 7 lines failing in quick succession: converged, "
	       "no set-up loop at any tick");
	printf("# grid: %llu sinktree messages, %llu ticks; plain next-hop "
	       "tables looped in %llu checks\n",
	       (unsigned long long)net.tree_msgs, (unsigned long long)net.now,
	       (unsigned long long)net.loops_seen);
}

/* P1 on S1 sends to P3 on S3 over S1-S2-S3-S4-S1 while S2-S3 fails */
static void test_broken_by_failure(void)
{
	int ok = 1, i;

	ring(4, 2, 1, 17);
	swc_send(&net, swc_gid(0, 0), swc_gid(2, 0), 200);
	swc_send(&net, swc_gid(0, 0), swc_gid(2, 0), 10);
	while (!(P(0, 0)->sending && P(0, 0)->cur_idx > 50) && net.now < 5000)
		swc_step(&net);
	tap_ok(segs_of(1) == 1, "failure: the path crosses S2");
	swc_fail_line(&net, 1); /* S2-S3 */
	for (i = 0; i < 200 && !P(0, 0)->aborted; i++)
		swc_step(&net);
	tap_ok(P(0, 0)->aborted == 1, "failure: the master hears its path "
				      "broke and stops its message");
	ok = settle(20000, 0, &ok);
	tap_ok(ok && P(2, 0)->delivered == 2 && !P(2, 0)->rx_bad &&
		       segs_of(1) == 0 && segs_of(3) == 1,
	       "failure: sent again the other way round, whole and once");
}

/* a line fails at every tick of a set-up across three switches */
static void test_fail_mid_setup(void)
{
	int t, left = 0, cleanerr = 1, tried = 0, which;

	for (which = 0; which < 2; which++) {
		for (t = 0; t < 40; t++) {
			int i;

			line3(1, 1, 1, 23 + t);
			swc_send(&net, swc_gid(0, 0), swc_gid(2, 0), 500);
			for (i = 0; i < t; i++)
				swc_step(&net);
			if (P(0, 0)->sending)
				break; /* set up: no longer mid set-up */
			tried++;
			swc_fail_line(&net, which);
			for (i = 0; i < 300; i++)
				swc_step(&net);
			left += swc_leftovers(&net);
			/* S3 is cut off now: every request must fail */
			if (P(0, 0)->path || P(2, 0)->delivered ||
			    !P(0, 0)->fails)
				cleanerr = 0;
		}
	}
	printf("# mid set-up: %d failure points tried\n", tried);
	tap_ok(tried > 10 && cleanerr,
	       "line failure mid set-up: the request fails cleanly");
	tap_ok(!left, "line failure mid set-up: no circuit, reservation or "
		      "part of a path left");
}

/* three switches in a ring each ask the next at the same tick (§I B) */
static int cyclic(int erl, int *cyclen)
{
	int s, ok = 1, r, cyc[SWC_MAX_SW];

	ring(3, 1, 1, 31);
	net.erl = erl;
	for (s = 0; s < 3; s++)
		swc_send(&net, swc_gid(s, 0), swc_gid((s + 1) % 3, 0), 16);
	swc_step(&net);
	for (s = 0; s < 3; s++)
		net.sw[s].cursor = 0; /* everyone polls its processor next */
	r = swc_run(&net, 100000, 2000);
	*cyclen = swc_wait_cycle(&net, cyc, SWC_MAX_SW);
	for (s = 0; s < 3; s++)
		ok &= P((s + 1) % 3, 0)->delivered == 1;
	return r == 0 && ok ? 0 : r == -1 ? -1 : 1;
}

/*
 * rounds of 16-byte messages, each from every processor to another one
 * drawn from seed
 */
static void random_sends(int nsw, int np, int rounds, uint32_t seed)
{
	uint32_t x = seed;

	for (int k = 0; k < rounds; k++)
		for (int s = 0; s < nsw; s++)
			for (int i = 0; i < np; i++) {
				int d;

				x = x * 1103515245u + 12345u;
				d = (x >> 16) % (nsw * np - 1);
				/* anyone but itself */
				if (d >= s * np + i)
					d++;
				swc_send(&net, swc_gid(s, i),
					 swc_gid(d / np, d % np), 16);
			}
}

/* random traffic on a ring of four; the run's result and wait cycle */
static int random_ring(int erl, uint32_t seed, int *cyclen)
{
	int cyc[SWC_MAX_SW], r;

	ring(4, 3, 1, seed);
	net.erl = erl;
	random_sends(4, 3, 20, seed * 77);
	r = swc_run(&net, 2000000, 5000);
	*cyclen = swc_wait_cycle(&net, cyc, SWC_MAX_SW);
	return r;
}

static void test_deadlock(void)
{
	int len, r;

	r = cyclic(0, &len);
	tap_ok(r == -1 && len == 3,
	       "polling link only: cyclic requests stall (C1->C2->C3->C1)");
	printf("# polling link only: no progress for 2000 ticks, wait-for "
	       "cycle of %d controllers\n",
	       len);
	r = cyclic(1, &len);
	tap_ok(r == 0 && len == 0,
	       "with the external request link: all three paths set up");
	{
		int seed, stalled = 0, done = 0;

		for (seed = 1; seed <= 5; seed++) {
			stalled += random_ring(0, seed, &len) == -1 && len == 4;
			done += random_ring(1, seed, &len) == 0 && len == 0;
		}
		printf("# random traffic on a ring of 4: polling link only "
		       "stalled %d of 5 runs (wait-for cycle of 4), external "
		       "request link completed %d of 5\n",
		       stalled, done);
		tap_ok(stalled == 5,
		       "polling link only: random traffic deadlocks too");
		tap_ok(done == 5, "external request link: random traffic "
				  "completes");
	}
}

static void test_fairness(void)
{
	int s, i, ok = 1, np = 3, nsw = 4, all = 1;

	ring(nsw, np, 1, 41);
	random_sends(nsw, np, 40, 777);
	ok = settle(2000000, 0, &ok);
	for (s = 0; s < nsw; s++) {
		printf("# S%d mean waits:", s + 1);
		for (i = 0; i < np; i++) {
			struct swc_proc *p = P(s, i);

			all &= p->grants > 0;
			printf(" P%d %.1f (max %llu)", swc_pname(&net, p->gid),
			       p->grants ? (double)p->wait_sum / p->grants : 0,
			       (unsigned long long)p->wait_max);
		}
		printf("; Jain %.3f\n", swc_jain(&net, s));
	}
	printf("# Jain across all switches %.3f\n", swc_jain(&net, -1));
	tap_ok(ok && all, "fairness: every processor got its paths");
	tap_ok(swc_jain(&net, -1) > 0 && swc_jain(&net, -1) <= 1.0,
	       "fairness: Jain's index computed");
}

int main(void)
{
	printf("TAP version 13\n");
	test_example();
	test_setup_cases();
	test_already_broken();
	test_stream();
	test_converge();
	test_converge_grid();
	test_broken_by_failure();
	test_fail_mid_setup();
	test_deadlock();
	test_fairness();
	printf("1..%d\n", tap_n);
	return tap_done();
}
