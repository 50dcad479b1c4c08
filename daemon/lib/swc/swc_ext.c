// SPDX-License-Identifier: GPL-2.0
/*
 * External processors: the controllers as in the model, the processors'
 * data side outside it (struct swc_host; rcfd drives rcf.ko with it).
 * The processor still talks to its controller only when polled (§II B
 * 1), so a granted mastership, a recall and the mastership's return each
 * wait for a poll as they do in the model.  What the model's processors
 * decide for themselves is the host's here: the real path is made when
 * the mastership is taken, and the mastership is passed back only after
 * the host says nothing of the master's is on the path any more (§II A
 * rule 2), which for rcf.ko is its "mastership returned" event.
 */
#include <string.h>

#include "swc/swc.h"

static struct swc_proc *proc_of(struct swc_net *n, int gid)
{
	int sw = gid / SWC_MAX_PROC, i = gid % SWC_MAX_PROC;

	if (gid < 0 || sw >= n->nsw || i >= n->sw[sw].nproc)
		return NULL;
	return &n->sw[sw].proc[i];
}

static uint64_t host_us(const struct swc_net *n)
{
	return n->host->now_us ? n->host->now_us(n->host->arg) : 0;
}

int swc_path_master_sw(const struct swc_net *n, uint32_t path)
{
	int sw = (int)(path >> 16) - 1; /* as swc_ctl_request numbers them */

	return sw >= 0 && sw < n->nsw ? sw : -1;
}

int swc_ext_want(struct swc_net *n, int gid, int dst)
{
	struct swc_proc *p = proc_of(n, gid);
	int k;

	if (!p || !proc_of(n, dst) || gid == dst)
		return -1;
	if ((p->path && p->path_dst == dst && !p->recall) ||
	    (p->grant && p->grant_dst == dst))
		return 1;
	for (k = 0; k < p->qlen; k++) {
		struct swc_pmsg *w = swc_pq(p, k);

		if (w->dst == dst && w->cancelled) {
			w->cancelled = 0; /* wanted again after all */
			return 0;
		}
		if (w->dst == dst)
			return 1;
	}
	if (p->qlen == SWC_MAX_PMSG)
		return -1;
	*swc_pq(p, p->qlen++) = (struct swc_pmsg){
		.dst = dst, .since = n->now, .since_us = host_us(n)};
	p->wanting = 1;
	n->progress_at = n->now;
	return 0;
}

int swc_ext_unwant(struct swc_net *n, int gid, int dst)
{
	struct swc_proc *p = proc_of(n, gid);
	int k, j;

	if (!p)
		return -1;
	for (k = 0; k < p->qlen; k++) {
		if (swc_pq(p, k)->dst != dst)
			continue;
		if (!k && p->requested) {
			/* the set-up goes on; a path made is harmless */
			p->q[p->qhead].cancelled = 1;
			return 0;
		}
		for (j = k; j + 1 < p->qlen; j++)
			*swc_pq(p, j) = *swc_pq(p, j + 1);
		p->qlen--;
		p->wanting = p->qlen > 0;
		return 0;
	}
	return -1;
}

/* the master processor of path, if it holds it */
static struct swc_proc *master_of(struct swc_net *n, uint32_t path, int *sw,
				  int *seg)
{
	int s = swc_path_master_sw(n, path), i;

	if (s < 0)
		return NULL;
	i = swc_seg_find(&n->sw[s], path);
	if (i < 0 || n->sw[s].seg[i].master_sw != s ||
	    SWC_IS_LINE(n->sw[s].seg[i].up))
		return NULL;
	*sw = s;
	*seg = i;
	return &n->sw[s].proc[n->sw[s].seg[i].up];
}

int swc_ext_returned(struct swc_net *n, uint32_t path)
{
	int sw, i;
	struct swc_proc *p = master_of(n, path, &sw, &i);

	if (!p || p->path != path)
		return -1;
	p->returned = 1;
	n->progress_at = n->now;
	return 0;
}

int swc_ext_broken(struct swc_net *n, uint32_t path)
{
	int sw, i;

	if (!master_of(n, path, &sw, &i))
		return -1;
	swc_tracef(n, "C%d hears that path %x is broken", sw + 1, path);
	swc_seg_failed(n, sw, i);
	return 0;
}

int swc_ext_busy(const struct swc_proc *p)
{
	return p->qlen || p->grant || p->failed_pending || p->broken_pending ||
	       (p->recall && (!p->recall_told || p->returned)) ||
	       (p->returned && p->path);
}

/* the parts of path from switch sw on, following its lines */
static int path_hops(struct swc_net *n, int sw, uint32_t path,
		     struct swc_hop *hop)
{
	int k, port = -1;

	for (k = 0; k < SWC_MAX_SW; k++) {
		struct swc_sw *s = &n->sw[sw];
		int i = swc_seg_find(s, path), l;

		if (i < 0 || (port >= 0 && s->seg[i].up != port))
			return -1;
		hop[k] = (struct swc_hop){sw, s->seg[i].up, s->seg[i].down};
		if (!SWC_IS_LINE(s->seg[i].down))
			return k + 1;
		l = SWC_LINE_OF(s->seg[i].down);
		if (!n->line[l].up)
			return -1;
		sw = swc_line_peer(n, sw, l);
		port = SWC_PORT_LINE(l);
	}
	return -1;
}

static void pop_want(struct swc_proc *p)
{
	swc_pq_pop(p);
	p->wanting = p->qlen > 0;
}

static void failed(struct swc_net *n, struct swc_proc *p, int err)
{
	int dst = p->q[p->qhead].dst;

	p->requested = 0;
	if (!p->q[p->qhead].cancelled &&
	    n->host->failed(n->host->arg, p->gid, dst, err)) {
		/* as the model's processors do: again after a pause */
		p->retry_at = n->now + 1 + swc_rand(n) % 64;
		swc_tracef(n, "P%d will ask again for a path to P%d (%d)",
			   swc_pname(n, p->gid), swc_pname(n, dst), err);
		return;
	}
	p->fails++;
	pop_want(p);
	swc_tracef(n, "P%d gives up its request for a path to P%d (%d)",
		   swc_pname(n, p->gid), swc_pname(n, dst), err);
}

static void take_grant(struct swc_net *n, int sw, struct swc_proc *p)
{
	struct swc_hop hop[SWC_MAX_SW];
	struct swc_sw *s = &n->sw[sw];
	struct swc_pmsg *w = &p->q[p->qhead];
	uint32_t path = p->grant;
	int i = swc_seg_find(s, path), nhop, err;

	p->grant = 0;
	nhop = path_hops(n, sw, path, hop);
	err = nhop < 0 ? -1
		       : n->host->grant(n->host->arg, path, p->gid,
					p->grant_dst, hop, nhop);
	if (err) {
		/* undo it all: the parts downstream, then this one */
		if (i >= 0) {
			if (SWC_IS_LINE(s->seg[i].down))
				swc_ctl_send(n, sw, SWC_M_RELEASE,
					     SWC_LINE_OF(s->seg[i].down), path,
					     0);
			swc_seg_teardown(n, sw, i);
		}
		failed(n, p, nhop < 0 ? SWC_E_LINE : SWC_E_HOST);
		return;
	}
	s->seg[i].host = 1;
	p->path = path;
	p->path_dst = p->grant_dst;
	p->requested = 0;
	p->grants++;
	p->wait_sum += n->now - w->since;
	if (n->now - w->since > p->wait_max)
		p->wait_max = n->now - w->since;
	if (host_us(n) >= w->since_us) {
		uint64_t us = host_us(n) - w->since_us;

		p->wait_us_sum += us;
		if (us > p->wait_us_max)
			p->wait_us_max = us;
	}
	pop_want(p);
	n->progress_at = n->now;
	swc_tracef(n, "P%d receives the mastership of path %x",
		   swc_pname(n, p->gid), path);
}

static void pass_back(struct swc_net *n, int sw, struct swc_proc *p)
{
	uint32_t path = p->path;

	p->path = 0;
	p->recall = p->recall_told = p->returned = 0;
	swc_ctl_returned(n, sw, path);
}

void swc_ext_poll(struct swc_net *n, int sw, int i)
{
	struct swc_proc *p = &n->sw[sw].proc[i];

	if (p->failed_pending) {
		int err = p->failed_pending;

		p->failed_pending = 0;
		failed(n, p, err);
	}
	if (p->broken_pending)
		swc_proc_broken(n, p);
	if (p->grant)
		take_grant(n, sw, p);
	if (p->recall && !p->path) {
		p->recall = p->recall_told = p->returned = 0;
	} else if (p->returned && p->path) {
		/* asked back, or given back at the host before anyone asked */
		pass_back(n, sw, p);
	} else if (p->recall && !p->recall_told) {
		p->recall_told = 1;
		swc_tracef(n, "P%d hears the mastership of path %x is wanted",
			   swc_pname(n, p->gid), p->path);
		n->host->recall(n->host->arg, p->path);
	}
	if (p->qlen && !p->requested && !p->recall && n->now >= p->retry_at) {
		p->requested = 1;
		swc_ctl_request(n, sw, i);
	}
}
