// SPDX-License-Identifier: GPL-2.0
/*
 * The controllers' control channels (§I B, §II B 1).  A controller reaches
 * a neighbour only over the polling link of the line between them, and a
 * message crosses only while the neighbour's polling link is on that line,
 * that is while the neighbour polls it.  Without an external request link
 * the sender parks its one polling link on the line until then and polls
 * nobody meanwhile, so three controllers sending round a cycle wait for
 * each other for ever.  With the external request link the sender parks
 * that link instead and its polling goes on.
 */
#include <string.h>

#include "swc/swc.h"

void swc_bus_send(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];

	if (!n->line[m->line].up)
		return; /* the line's other end learns of the failure itself */
	if (s->qlen == SWC_MAX_MSGQ) {
		swc_tracef(n, "C%d: control queue full, message lost", sw + 1);
		return;
	}
	s->outq[(s->qhead + s->qlen++) % SWC_MAX_MSGQ] = *m;
	if (m->type == SWC_M_TREE)
		n->tree_msgs++;
	else
		n->ctl_msgs++;
}

void swc_bus_drop_line(struct swc_net *n, int sw, int l)
{
	struct swc_sw *s = &n->sw[sw];
	int i, k = 0, len = s->qlen;

	for (i = 0; i < len; i++) {
		struct swc_msg *m = &s->outq[(s->qhead + i) % SWC_MAX_MSGQ];

		if (m->line != l)
			s->outq[(s->qhead + k++) % SWC_MAX_MSGQ] = *m;
	}
	s->qlen = k;
}

/* the next system the controller polls: its processors, then its lines */
static int next_system(struct swc_net *n, int sw)
{
	struct swc_sw *s = &n->sw[sw];
	int sys[SWC_MAX_PROC + SWC_MAX_LINE], ns = 0, i;

	for (i = 0; i < s->nproc; i++)
		sys[ns++] = i;
	for (i = 0; i < n->nline; i++)
		if (n->line[i].up && swc_line_peer(n, sw, i) >= 0)
			sys[ns++] = SWC_PORT_LINE(i);
	if (!ns)
		return -1;
	return sys[s->cursor++ % ns];
}

void swc_bus_tick(struct swc_net *n)
{
	int offer[SWC_MAX_SW], i;

	for (i = 0; i < n->nsw; i++) {
		struct swc_sw *s = &n->sw[i];

		offer[i] = s->qlen ? s->outq[s->qhead].line : -1;
		s->erl_at = -1;
		if (offer[i] >= 0 && n->erl)
			s->erl_at = SWC_PORT_LINE(offer[i]);
		if (offer[i] >= 0 && !n->erl)
			s->poll_at = SWC_PORT_LINE(offer[i]); /* parked */
		else
			s->poll_at = next_system(n, i);
	}
	for (i = 0; i < n->nsw; i++) {
		struct swc_sw *s = &n->sw[i];
		struct swc_msg m;
		int peer;

		if (offer[i] < 0)
			continue;
		peer = swc_line_peer(n, i, offer[i]);
		if (peer < 0 || n->sw[peer].poll_at != SWC_PORT_LINE(offer[i]))
			continue;
		m = s->outq[s->qhead];
		s->qhead = (s->qhead + 1) % SWC_MAX_MSGQ;
		s->qlen--;
		n->progress_at = n->now;
		if (m.type == SWC_M_TREE)
			swc_tree_recv(n, peer, &m);
		else
			swc_ctl_recv(n, peer, &m);
	}
	for (i = 0; i < n->nsw; i++) {
		int at = n->sw[i].poll_at;

		if (at >= 0 && !SWC_IS_LINE(at))
			swc_proc_poll(n, i, at);
	}
}
