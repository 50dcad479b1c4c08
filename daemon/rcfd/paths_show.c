// SPDX-License-Identifier: GPL-2.0
/*
 * "rcfctl daemon paths": the switch controllers' state as rcfd runs
 * them -- what they did to the kernel's paths, what went on between
 * them (set-ups, break requests, sinktrees), whether the sinktrees agree
 * and no set-up could loop, and how long each processor waited from its
 * request to its mastership, with Jain's index of those waits per switch
 * and over all (§IV).
 */
#include <stdio.h>

#include "rcfd.h"
#include "out.h"

static const char *const fail_keys[] = {
	[SWC_OK] = "failed_other",	[SWC_E_NOROUTE] = "failed_no_route",
	[SWC_E_LINE] = "failed_line",	[SWC_E_BUSY] = "failed_busy",
	[SWC_E_HOST] = "failed_kernel",
};

static void show_counts(const struct rcfd_phost *h, struct out *o)
{
	const struct rcfd_pstats *st = &h->st;
	const struct swc_net *n = h->net;

	o_open(o, "kernel");
	o_u64(o, "paths", rcfd_phost_paths(h));
	o_u64(o, "requests", st->requests);
	o_u64(o, "duplicate_requests", st->duplicates);
	o_u64(o, "not_processors", st->unknown);
	o_u64(o, "failed_by_kernel", st->kernel_failed);
	o_u64(o, "setups", st->setups);
	o_u64(o, "refused_by_kernel", st->setup_errors);
	o_u64(o, "recalls", st->recalls);
	o_u64(o, "recall_errors", st->recall_errors);
	o_u64(o, "returns", st->returns);
	o_u64(o, "breaks", st->breaks);
	o_u64(o, "broken", st->broken);
	o_u64(o, "delete_errors", st->del_errors);
	o_u64(o, "orphans", st->orphans);
	o_u64(o, "orphans_deleted", st->orphans_deleted);
	o_u64(o, "retries", st->retries);
	for (int e = 0; e <= SWC_E_HOST; e++)
		o_u64(o, fail_keys[e], st->failures[e]);
	o_close(o);
	o_open(o, "controllers");
	o_u64(o, "switches", (uint64_t)n->nsw);
	o_u64(o, "lines", (uint64_t)n->nline);
	o_u64(o, "ticks", n->now);
	o_bool(o, "busy", rcfd_phost_busy(h));
	o_bool(o, "stalled", rcfd_phost_stalled(h));
	o_u64(o, "stalls", st->stalls);
	o_u64(o, "setup_attempts", n->setups);
	o_u64(o, "break_requests", n->breaks_sent);
	o_u64(o, "already_broken", n->already_broken);
	o_u64(o, "control_messages", n->ctl_msgs);
	o_u64(o, "sinktree_messages", n->tree_msgs);
	o_u64(o, "remirrors", st->remirrors);
	o_close(o);
	o_open(o, "routing");
	o_bool(o, "converged", h->converged);
	o_u64(o, "converge_ticks", h->converge_ticks);
	o_u64(o, "loop_checks", st->loop_checks);
	o_u64(o, "loop_violations", st->loop_violations);
	o_u64(o, "next_hop_loops", n->loops_seen);
	o_close(o);
}

/* the §I B wait-for cycle of a stalled run without the request link */
static void show_cycle(const struct rcfd_phost *h, struct out *o)
{
	int cyc[SWC_MAX_SW], k = swc_wait_cycle(h->net, cyc, SWC_MAX_SW);
	char buf[SWC_MAX_SW * 14] = "";
	size_t at = 0;

	for (int i = 0; i < k && i < SWC_MAX_SW && at < sizeof(buf); i++)
		at += (size_t)snprintf(buf + at, sizeof(buf) - at, "%u -> ",
				       h->map.sw_id[cyc[i]]);
	if (k && at < sizeof(buf))
		snprintf(buf + at, sizeof(buf) - at, "%u",
			 h->map.sw_id[cyc[0]]);
	if (k)
		o_str(o, "wait_for_cycle", buf);
}

static void show_proc(const struct rcfd_phost *h, int s, int i, struct out *o)
{
	const struct swc_proc *p = &h->net->sw[s].proc[i];
	char name[16];
	uint64_t g = p->grants ? p->grants : 1;

	snprintf(name, sizeof(name), "P%d", swc_pname(h->net, p->gid));
	o_open(o, o->text ? name : NULL);
	if (!o->text)
		o_str(o, "name", name);
	o_u64(o, "node", h->map.node[p->gid]);
	o_u64(o, "switch", h->map.sw_id[s]);
	o_u64(o, "grants", p->grants);
	o_u64(o, "gave_up", p->fails);
	o_u64(o, "waiting", (uint64_t)p->qlen);
	o_u64(o, "wait_ticks_mean", (p->wait_sum + g / 2) / g);
	o_u64(o, "wait_ticks_max", p->wait_max);
	o_u64(o, "wait_us_mean", (p->wait_us_sum + g / 2) / g);
	o_u64(o, "wait_us_max", p->wait_us_max);
	if (h->kp[p->gid].kid != RCFD_NO_ID) {
		o_u64(o, "path", h->kp[p->gid].kid);
		o_u64(o, "path_dst", h->kp[p->gid].dst);
	}
	o_close(o);
}

static void show_waits(const struct rcfd_phost *h, struct out *o)
{
	const struct swc_net *n = h->net;
	char key[32];

	if (!o->text)
		rcf_json_arr_open(&o->j, "waits");
	else
		o_open(o, "waits");
	for (int s = 0; s < n->nsw; s++)
		for (int i = 0; i < n->sw[s].nproc; i++)
			show_proc(h, s, i, o);
	if (!o->text)
		rcf_json_arr_close(&o->j);
	else
		o_close(o);
	o_open(o, "jain");
	for (int s = 0; s < n->nsw; s++) {
		if (!n->sw[s].nproc)
			continue;
		snprintf(key, sizeof(key), "switch_%u", h->map.sw_id[s]);
		o_open(o, key);
		o_frac(o, "ticks", swc_jain(n, s));
		o_frac(o, "us", swc_jain_us(n, s));
		o_close(o);
	}
	o_open(o, "all");
	o_frac(o, "ticks", swc_jain(n, -1));
	o_frac(o, "us", swc_jain_us(n, -1));
	o_close(o);
	o_close(o);
}

void rcfd_paths_show(const struct rcfd_paths_conf *c,
		     const struct rcfd_paths *p, struct out *o)
{
	o_open(o, NULL);
	o_bool(o, "manage", c->manage);
	o_bool(o, "running", p->running);
	if (!p->running)
		o_str(o, "why", p->why);
	o_u64(o, "timeout_ms", c->timeout_ms);
	o_bool(o, "erl", c->erl);
	o_u64(o, "tick_us", c->tick_us);
	if (p->running) {
		o_u64(o, "events", p->events);
		show_counts(&p->host, o);
		if (rcfd_phost_stalled(&p->host))
			show_cycle(&p->host, o);
		show_waits(&p->host, o);
	}
	o_close(o);
}

void rcfd_paths_status(const struct rcfd_paths_conf *c,
		       const struct rcfd_paths *p, struct out *o)
{
	o_open(o, "paths");
	o_bool(o, "manage", c->manage);
	o_bool(o, "running", p->running);
	o_u64(o, "held", p->running ? rcfd_phost_paths(&p->host) : 0);
	o_close(o);
}
