// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler of the switch-controller model: one tick polls one system
 * per controller and passes the control messages whose receiver polls
 * their line (swc_bus.c), lets each controller retry its waiting set-ups,
 * then moves one byte on every path.  Everything is deterministic for a
 * given seed.  It also builds the network, fails lines, measures
 * fairness (§IV) and finds the waits-for cycle of §I B.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "swc/swc.h"

uint32_t swc_rand(struct swc_net *n)
{
	uint32_t x = n->rng;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	n->rng = x;
	return x;
}

void swc_tracef(struct swc_net *n, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int k;

	if (!n->trace)
		return;
	k = snprintf(buf, sizeof(buf), "t=%llu ", (unsigned long long)n->now);
	va_start(ap, fmt);
	vsnprintf(buf + k, sizeof(buf) - k, fmt, ap);
	va_end(ap);
	n->trace(n->trace_arg, buf);
}

int swc_gid(int sw, int proc)
{
	return sw * SWC_MAX_PROC + proc;
}

int swc_pname(const struct swc_net *n, int gid)
{
	int s, k = 0;

	for (s = 0; s < gid / SWC_MAX_PROC && s < n->nsw; s++)
		k += n->sw[s].nproc;
	return k + gid % SWC_MAX_PROC + 1;
}

void swc_init(struct swc_net *n, int erl, uint32_t seed)
{
	memset(n, 0, sizeof(*n));
	n->erl = erl;
	n->rng = seed ? seed : 1;
}

int swc_add_switch(struct swc_net *n, int nproc)
{
	struct swc_sw *s;
	int i;

	if (n->nsw == SWC_MAX_SW || nproc > SWC_MAX_PROC)
		return -1;
	s = &n->sw[n->nsw];
	memset(s, 0, sizeof(*s));
	s->used = 1;
	s->nproc = nproc;
	for (i = 0; i < nproc; i++)
		s->proc[i].gid = swc_gid(n->nsw, i);
	for (i = 0; i < SWC_NPORT; i++) {
		s->port[i].conn = -1;
		s->port[i].seg = -1;
		s->port[i].job = -1;
	}
	s->poll_at = s->erl_at = -1;
	swc_tree_reset(n, n->nsw);
	return n->nsw++;
}

int swc_add_line(struct swc_net *n, int a, int b)
{
	int l = n->nline;

	if (l == SWC_MAX_LINE || a == b || a >= n->nsw || b >= n->nsw)
		return -1;
	n->line[l].used = 1;
	n->line[l].up = 1;
	n->line[l].sw[0] = a;
	n->line[l].sw[1] = b;
	n->nline++;
	n->route_gen++;
	/* both controllers find the new neighbour when they poll the line */
	swc_tree_recompute(n, a);
	swc_tree_recompute(n, b);
	swc_tree_send(n, a, l);
	swc_tree_send(n, b, l);
	return l;
}

void swc_fail_line(struct swc_net *n, int l)
{
	int k;

	if (!n->line[l].up)
		return;
	n->line[l].up = 0;
	n->route_gen++;
	swc_tracef(n, "line %d (S%d-S%d) fails", l, n->line[l].sw[0] + 1,
		   n->line[l].sw[1] + 1);
	for (k = 0; k < 2; k++) {
		int sw = n->line[l].sw[k];

		swc_ctl_line_down(n, sw, l);
		n->sw[sw].nbr_valid[l] = 0;
		swc_tree_recompute(n, sw);
	}
}

void swc_line_up(struct swc_net *n, int l)
{
	int k;

	if (l < 0 || l >= n->nline || n->line[l].up)
		return;
	n->line[l].up = 1;
	n->route_gen++;
	swc_tracef(n, "line %d (S%d-S%d) works again", l, n->line[l].sw[0] + 1,
		   n->line[l].sw[1] + 1);
	/* as for a new line: each end learns the other's tree on it */
	for (k = 0; k < 2; k++)
		swc_tree_recompute(n, n->line[l].sw[k]);
	for (k = 0; k < 2; k++)
		swc_tree_send(n, n->line[l].sw[k], l);
}

int swc_add_proc(struct swc_net *n, int sw)
{
	struct swc_sw *s;

	if (sw < 0 || sw >= n->nsw || n->sw[sw].nproc == SWC_MAX_PROC)
		return -1;
	s = &n->sw[sw];
	memset(&s->proc[s->nproc], 0, sizeof(s->proc[0]));
	s->proc[s->nproc].gid = swc_gid(sw, s->nproc);
	return swc_gid(sw, s->nproc++);
}

int swc_send(struct swc_net *n, int src, int dst, uint32_t len)
{
	struct swc_proc *p =
		&n->sw[src / SWC_MAX_PROC].proc[src % SWC_MAX_PROC];

	if (p->qlen == SWC_MAX_PMSG || !len || src == dst)
		return -1;
	*swc_pq(p, p->qlen++) = (struct swc_pmsg){.dst = dst, .len = len};
	return 0;
}

void swc_step(struct swc_net *n)
{
	int s;

	swc_bus_tick(n);
	for (s = 0; s < n->nsw; s++)
		swc_ctl_tick(n, s);
	if (!n->host)
		swc_proc_data(n);
	n->now++;
}

int swc_busy(const struct swc_net *n)
{
	int s, i;

	for (s = 0; s < n->nsw; s++) {
		const struct swc_sw *w = &n->sw[s];

		if (w->qlen)
			return 1;
		for (i = 0; i < SWC_MAX_JOB; i++)
			if (w->job[i].used)
				return 1;
		for (i = 0; i < w->nproc; i++)
			if (n->host ? swc_ext_busy(&w->proc[i])
				    : swc_proc_busy(&w->proc[i]))
				return 1;
	}
	return 0;
}

int swc_run(struct swc_net *n, uint64_t max, uint64_t stall)
{
	uint64_t end = n->now + max;

	n->progress_at = n->now;
	while (swc_busy(n)) {
		if (n->now >= end)
			return 1;
		if (n->now - n->progress_at > stall)
			return -1;
		swc_step(n);
	}
	return 0;
}

/* Jain's index of the mean waits, in ticks or in host microseconds */
static double jain(const struct swc_net *n, int sw, int us)
{
	double sum = 0, sq = 0;
	int s, i, k = 0;

	for (s = 0; s < n->nsw; s++) {
		if (sw >= 0 && s != sw)
			continue;
		for (i = 0; i < n->sw[s].nproc; i++) {
			const struct swc_proc *p = &n->sw[s].proc[i];
			double x;

			if (!p->grants)
				continue;
			x = (double)(us ? p->wait_us_sum : p->wait_sum) /
			    (double)p->grants;
			sum += x;
			sq += x * x;
			k++;
		}
	}
	return k && sq > 0 ? sum * sum / (k * sq) : 1.0;
}

double swc_jain(const struct swc_net *n, int sw)
{
	return jain(n, sw, 0);
}

double swc_jain_us(const struct swc_net *n, int sw)
{
	return jain(n, sw, 1);
}

int swc_leftovers(const struct swc_net *n)
{
	int s, i, left = 0;

	for (s = 0; s < n->nsw; s++) {
		const struct swc_sw *w = &n->sw[s];

		for (i = 0; i < SWC_NPORT; i++)
			left += w->port[i].conn >= 0 || w->port[i].seg >= 0 ||
				w->port[i].job >= 0;
		for (i = 0; i < SWC_MAX_SEG; i++)
			left += w->seg[i].used;
		for (i = 0; i < SWC_MAX_JOB; i++)
			left += w->job[i].used;
	}
	return left;
}

int swc_wait_cycle(const struct swc_net *n, int *cyc, int max)
{
	int next[SWC_MAX_SW], s, k;

	/* s waits for t: parked on their line while t polls elsewhere */
	for (s = 0; s < n->nsw; s++) {
		const struct swc_sw *w = &n->sw[s];
		int l, t;

		next[s] = -1;
		if (n->erl || !w->qlen)
			continue;
		l = w->outq[w->qhead].line;
		t = swc_line_peer(n, s, l);
		if (t >= 0 && n->sw[t].poll_at != SWC_PORT_LINE(l))
			next[s] = t;
	}
	for (s = 0; s < n->nsw; s++) {
		int cur = s;

		for (k = 0; k < n->nsw && cur >= 0; k++)
			cur = next[cur];
		if (cur < 0)
			continue;
		/* cur is on a cycle: list it */
		k = 0;
		do {
			if (k < max)
				cyc[k] = cur;
			k++;
			cur = next[cur];
		} while (cur != cyc[0]);
		return k;
	}
	return 0;
}
