// SPDX-License-Identifier: GPL-2.0
/*
 * Data paths at one switch: its parts of paths, and breaking them only
 * through their mastership (§II A rules 2 and 3, §II B 3).  At the master
 * switch the controller asks the master processor, which passes the
 * mastership back once its message under way has fully gone; elsewhere
 * the break request goes towards the master switch along the path, each
 * switch on the way breaking its part when "broken" comes back.  A switch
 * that no longer has the path answers "broken" at once (§II A, last
 * paragraph).
 */
#include <string.h>

#include "swc/swc.h"

void swc_ctl_send(struct swc_net *n, int sw, enum swc_msg_type t, int line,
		  uint32_t path, int err)
{
	struct swc_msg m;

	memset(&m, 0, sizeof(m));
	m.type = t;
	m.line = line;
	m.path = path;
	m.err = err;
	swc_bus_send(n, sw, &m);
}

int swc_seg_find(struct swc_sw *s, uint32_t path)
{
	int i;

	for (i = 0; i < SWC_MAX_SEG; i++)
		if (s->seg[i].used && s->seg[i].path == path)
			return i;
	return -1;
}

static void xbar_connect(struct swc_sw *s, int a, int b)
{
	s->port[a].conn = b;
	s->port[b].conn = a;
}

int swc_seg_new(struct swc_net *n, int sw, uint32_t path, int master_sw, int up,
		int down)
{
	struct swc_sw *s = &n->sw[sw];
	int i;

	for (i = 0; i < SWC_MAX_SEG; i++)
		if (!s->seg[i].used)
			break;
	if (i == SWC_MAX_SEG)
		return -1;
	memset(&s->seg[i], 0, sizeof(s->seg[i]));
	s->seg[i].used = 1;
	s->seg[i].path = path;
	s->seg[i].master_sw = master_sw;
	s->seg[i].up = up;
	s->seg[i].down = down;
	s->port[up].seg = i;
	s->port[down].seg = i;
	xbar_connect(s, up, down);
	return i;
}

void swc_seg_teardown(struct swc_net *n, int sw, int i)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_seg *g = &s->seg[i];
	int k, ends[2] = {g->up, g->down};

	swc_tracef(n, "C%d breaks its part of path %x", sw + 1, g->path);
	for (k = 0; k < 2; k++)
		if (s->port[ends[k]].seg == i) {
			s->port[ends[k]].seg = -1;
			s->port[ends[k]].conn = -1;
		}
	if (g->host && n->host)
		n->host->teardown(n->host->arg, g->path, g->broken);
	for (k = 0; k < g->nreply; k++) {
		swc_tracef(n, "C%d tells C%d that path %x is broken", sw + 1,
			   swc_line_peer(n, sw, g->reply[k]) + 1, g->path);
		swc_ctl_send(n, sw, SWC_M_BROKEN, g->reply[k], g->path, 0);
	}
	g->used = 0;
	n->progress_at = n->now;
}

/* ask for the mastership of path segment i; from: line to answer, or -1 */
void swc_seg_break(struct swc_net *n, int sw, int i, int from)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_seg *g = &s->seg[i];
	int k;

	if (from >= 0) {
		for (k = 0; k < g->nreply && g->reply[k] != from; k++)
			;
		if (k == g->nreply && k < SWC_MAX_REPLY)
			g->reply[g->nreply++] = from;
	}
	if (g->master_sw == sw) {
		struct swc_proc *p = &s->proc[g->up];

		if (g->recall)
			return;
		g->recall = 1;
		if (p->path != g->path && p->grant != g->path) {
			/* the master has let it go already */
			swc_seg_teardown(n, sw, i);
			return;
		}
		p->recall = 1;
		swc_tracef(n, "C%d asks P%d for the mastership of path %x",
			   sw + 1, swc_pname(n, p->gid), g->path);
		return;
	}
	if (g->breaking)
		return;
	g->breaking = 1;
	n->breaks_sent++;
	swc_tracef(n, "C%d sends a request to break path %x towards S%d",
		   sw + 1, g->path, g->master_sw + 1);
	swc_ctl_send(n, sw, SWC_M_BREAK, SWC_LINE_OF(g->up), g->path, 0);
}

void swc_path_recv_break(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int i = swc_seg_find(s, m->path);

	if (i < 0) {
		n->already_broken++;
		swc_tracef(n, "C%d: path %x is already broken", sw + 1,
			   m->path);
		swc_ctl_send(n, sw, SWC_M_BROKEN, m->line, m->path, 0);
		return;
	}
	swc_seg_break(n, sw, i, m->line);
}

void swc_path_recv_broken(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int i = swc_seg_find(s, m->path);

	if (i >= 0 && s->seg[i].up == SWC_PORT_LINE(m->line))
		swc_seg_teardown(n, sw, i);
}

/* path i lost a line: tell its master, drop this part */
void swc_seg_failed(struct swc_net *n, int sw, int i)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_seg *g = &s->seg[i];

	g->broken = 1;
	if (g->master_sw == sw) {
		struct swc_proc *p = &s->proc[g->up];

		if (p->path == g->path || p->grant == g->path)
			p->broken_pending = 1;
		swc_tracef(n, "C%d tells P%d that path %x is broken", sw + 1,
			   swc_pname(n, p->gid), g->path);
	} else if (SWC_IS_LINE(g->up)) {
		swc_ctl_send(n, sw, SWC_M_FAILED, SWC_LINE_OF(g->up), g->path,
			     0);
	}
	swc_seg_teardown(n, sw, i);
}

void swc_ctl_returned(struct swc_net *n, int sw, uint32_t path)
{
	struct swc_sw *s = &n->sw[sw];
	int i = swc_seg_find(s, path);

	if (i < 0)
		return;
	swc_tracef(n, "P%d passes the mastership of path %x to C%d",
		   swc_pname(n, swc_gid(sw, s->seg[i].up)), path, sw + 1);
	swc_seg_teardown(n, sw, i);
}
