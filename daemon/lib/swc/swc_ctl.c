// SPDX-License-Identifier: GPL-2.0
/*
 * A switch controller's request handling (§II A, §II B 2 and 3).
 *
 * A set-up ("job") needs two ports of its switch: where it comes from (the
 * requesting processor, or the line the request arrived on) and where it
 * goes (the destination processor, or the line the routing table names).
 * A port used by a data path is freed only by breaking that path through
 * its mastership (swc_path.c).  Only when both ports are free are they
 * reserved, so
 * a set-up never holds one port while waiting for another; a port
 * reserved by another set-up makes a transit set-up fail as busy, and the
 * requesting switch tries again after a random pause.  The downstream part
 * is connected first; the confirmation flows back and each switch
 * connects its part only on receiving it (§II B 2 case 2).  A line that
 * fails under a set-up fails it cleanly: reservations go, and a
 * confirmation that finds its set-up gone is answered with a release
 * that undoes the parts downstream.
 */
#include <string.h>

#include "swc/swc.h"

static struct swc_msg msg(enum swc_msg_type t, int line, uint32_t path)
{
	struct swc_msg m;

	memset(&m, 0, sizeof(m));
	m.type = t;
	m.line = line;
	m.path = path;
	return m;
}

static void job_release(struct swc_sw *s, int j)
{
	struct swc_job *jb = &s->job[j];

	if (jb->in >= 0 && s->port[jb->in].job == j)
		s->port[jb->in].job = -1;
	if (jb->out >= 0 && s->port[jb->out].job == j)
		s->port[jb->out].job = -1;
}

static void job_free(struct swc_sw *s, int j)
{
	job_release(s, j);
	s->job[j].used = 0;
}

static void grant(struct swc_net *n, int sw, struct swc_job *jb)
{
	struct swc_proc *p = &n->sw[sw].proc[jb->proc];

	p->grant = jb->path;
	p->grant_dst = swc_gid(jb->dst_sw, jb->dst_proc);
	swc_tracef(n, "C%d creates the mastership of path %x (P%d-P%d)", sw + 1,
		   jb->path, swc_pname(n, p->gid), swc_pname(n, p->grant_dst));
}

static void fail_origin(struct swc_net *n, int sw, int j, int err)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_proc *p = &s->proc[s->job[j].proc];

	p->failed_pending = err;
	swc_tracef(n, "C%d: request of P%d for path %x failed (%d)", sw + 1,
		   swc_pname(n, p->gid), s->job[j].path, err);
	job_free(s, j);
}

/*
 * A port that an older set-up has had broken for itself is as good as
 * reserved by it.  Without this, the job slot a finished set-up frees
 * goes to its master's next request, which is then evaluated before the
 * set-ups waiting for the same line to be broken, and a busy master
 * keeps the line from the others on its switch for as long as it has
 * traffic (§IV: every processor gets its turn).  The younger one is
 * refused as busy, as for a reservation, never made to wait: waiting
 * behind a set-up that itself waits for a reservation could close a
 * cycle.
 */
static int older_waits(const struct swc_sw *s, int j, const int ports[2])
{
	const struct swc_job *jb = &s->job[j];
	int o, k;

	for (o = 0; o < SWC_MAX_JOB; o++) {
		const struct swc_job *ob = &s->job[o];

		if (o == j || !ob->used || ob->state != SWC_J_WAIT ||
		    !ob->wait_break || ob->seq > jb->seq)
			continue;
		for (k = 0; k < 2; k++)
			if (ob->in == ports[k] ||
			    (ob->out >= 0 && ob->out == ports[k]))
				return 1;
	}
	return 0;
}

/* 1: both ports reserved; 0: waiting for a break; -err: give up */
static int claim(struct swc_net *n, int sw, int j)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_job *jb = &s->job[j];
	int ports[2], k, wait = 0;

	if (jb->dst_sw == sw) {
		if (jb->dst_proc >= s->nproc)
			return -SWC_E_NOROUTE;
		jb->out = jb->dst_proc;
	} else {
		int l = swc_route(n, sw, jb->dst_sw, jb->visited);

		if (l < 0)
			return -SWC_E_NOROUTE;
		jb->out = SWC_PORT_LINE(l);
	}
	ports[0] = jb->in;
	ports[1] = jb->out;
	jb->wait_break = 0;
	for (k = 0; k < 2; k++) {
		struct swc_port *pt = &s->port[ports[k]];

		if (pt->job >= 0 && pt->job != j)
			return -SWC_E_BUSY;
		if (pt->seg >= 0) {
			swc_seg_break(n, sw, pt->seg, -1);
			wait = 1;
		}
	}
	if (wait) {
		jb->wait_break = 1;
		return 0;
	}
	if (older_waits(s, j, ports))
		return -SWC_E_BUSY;
	s->port[jb->in].job = j;
	s->port[jb->out].job = j;
	return 1;
}

static void job_eval(struct swc_net *n, int sw, int j)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_job *jb = &s->job[j];
	struct swc_msg m;
	int r = claim(n, sw, j);

	if (r == -SWC_E_BUSY && jb->origin) {
		jb->retry_at = n->now + 1 + swc_rand(n) % 16;
		return;
	}
	if (r < 0) {
		if (jb->origin) {
			fail_origin(n, sw, j, -r);
		} else {
			swc_ctl_send(n, sw, SWC_M_NACK, SWC_LINE_OF(jb->in),
				     jb->path, -r);
			job_free(s, j);
		}
		return;
	}
	if (!r)
		return;
	if (!SWC_IS_LINE(jb->out)) {
		/* the destination is here: connect it, confirm upstream */
		job_release(s, j);
		swc_seg_new(n, sw, jb->path, jb->master_sw, jb->in, jb->out);
		if (jb->origin) {
			grant(n, sw, jb);
		} else {
			swc_tracef(n, "C%d connects P%d to the line, confirms",
				   sw + 1, swc_pname(n, swc_gid(sw, jb->out)));
			swc_ctl_send(n, sw, SWC_M_CONFIRM, SWC_LINE_OF(jb->in),
				     jb->path, 0);
		}
		s->job[j].used = 0;
		n->progress_at = n->now;
		return;
	}
	m = msg(SWC_M_SETUP, SWC_LINE_OF(jb->out), jb->path);
	m.master_sw = jb->origin ? sw : jb->master_sw;
	m.dst_sw = jb->dst_sw;
	m.dst_proc = jb->dst_proc;
	m.visited = jb->visited | (1u << sw);
	swc_tracef(n, "C%d sends a request for P%d towards S%d", sw + 1,
		   swc_pname(n, swc_gid(jb->dst_sw, jb->dst_proc)),
		   swc_line_peer(n, sw, SWC_LINE_OF(jb->out)) + 1);
	swc_bus_send(n, sw, &m);
	jb->state = SWC_J_CONFIRM;
}

static int job_new(struct swc_sw *s)
{
	int j;

	for (j = 0; j < SWC_MAX_JOB; j++)
		if (!s->job[j].used) {
			memset(&s->job[j], 0, sizeof(s->job[j]));
			s->job[j].used = 1;
			s->job[j].state = SWC_J_WAIT;
			s->job[j].out = -1;
			s->job[j].seq = ++s->job_seq;
			return j;
		}
	return -1;
}

void swc_ctl_request(struct swc_net *n, int sw, int proc)
{
	struct swc_sw *s = &n->sw[sw];
	struct swc_proc *p = &s->proc[proc];
	int dst = p->q[p->qhead].dst, j = job_new(s);

	if (j < 0) {
		p->failed_pending = SWC_E_BUSY;
		return;
	}
	s->job[j].origin = 1;
	s->job[j].path = ((uint32_t)(sw + 1) << 16) | (++s->next_path & 0xffff);
	s->job[j].in = proc;
	s->job[j].proc = proc;
	s->job[j].master_sw = sw;
	s->job[j].dst_sw = dst / SWC_MAX_PROC;
	s->job[j].dst_proc = dst % SWC_MAX_PROC;
	n->setups++;
	swc_tracef(n, "C%d polls P%d: request for a path to P%d", sw + 1,
		   swc_pname(n, p->gid), swc_pname(n, dst));
	job_eval(n, sw, j);
}

static int job_by_path(struct swc_sw *s, uint32_t path, int out)
{
	int j;

	for (j = 0; j < SWC_MAX_JOB; j++)
		if (s->job[j].used && s->job[j].path == path &&
		    s->job[j].state == SWC_J_CONFIRM && s->job[j].out == out)
			return j;
	return -1;
}

static void recv_setup(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int j = job_new(s);

	if (j < 0) {
		swc_ctl_send(n, sw, SWC_M_NACK, m->line, m->path, SWC_E_BUSY);
		return;
	}
	s->job[j].path = m->path;
	s->job[j].in = SWC_PORT_LINE(m->line);
	s->job[j].master_sw = m->master_sw;
	s->job[j].dst_sw = m->dst_sw;
	s->job[j].dst_proc = m->dst_proc;
	s->job[j].visited = m->visited;
	job_eval(n, sw, j);
}

static void recv_confirm(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int j = job_by_path(s, m->path, SWC_PORT_LINE(m->line));
	struct swc_job *jb;

	if (j < 0) {
		/* its set-up is gone (a line failed): undo downstream */
		swc_ctl_send(n, sw, SWC_M_RELEASE, m->line, m->path, 0);
		return;
	}
	jb = &s->job[j];
	job_release(s, j);
	swc_seg_new(n, sw, jb->path, jb->master_sw, jb->in, jb->out);
	if (jb->origin) {
		swc_tracef(n, "C%d receives the confirmation, connects P%d",
			   sw + 1, swc_pname(n, swc_gid(sw, jb->proc)));
		grant(n, sw, jb);
	} else {
		swc_tracef(n, "C%d connects its lines, confirms", sw + 1);
		swc_ctl_send(n, sw, SWC_M_CONFIRM, SWC_LINE_OF(jb->in),
			     jb->path, 0);
	}
	jb->used = 0;
	n->progress_at = n->now;
}

static void recv_nack(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int j = job_by_path(s, m->path, SWC_PORT_LINE(m->line));
	struct swc_job *jb;

	if (j < 0)
		return;
	jb = &s->job[j];
	job_release(s, j);
	if (!jb->origin) {
		swc_ctl_send(n, sw, SWC_M_NACK, SWC_LINE_OF(jb->in), jb->path,
			     m->err);
		job_free(s, j);
	} else if (m->err == SWC_E_BUSY) {
		jb->state = SWC_J_WAIT;
		jb->out = -1;
		jb->retry_at = n->now + 1 + swc_rand(n) % 32;
	} else {
		fail_origin(n, sw, j, m->err);
	}
}

static void recv_release(struct swc_net *n, int sw, const struct swc_msg *m)
{
	struct swc_sw *s = &n->sw[sw];
	int i = swc_seg_find(s, m->path), j;

	for (j = 0; j < SWC_MAX_JOB; j++)
		if (s->job[j].used && !s->job[j].origin &&
		    s->job[j].path == m->path)
			job_free(s, j);
	if (i < 0 || s->seg[i].up != SWC_PORT_LINE(m->line))
		return;
	if (SWC_IS_LINE(s->seg[i].down))
		swc_ctl_send(n, sw, SWC_M_RELEASE, SWC_LINE_OF(s->seg[i].down),
			     m->path, 0);
	swc_seg_teardown(n, sw, i);
}

void swc_ctl_recv(struct swc_net *n, int sw, const struct swc_msg *m)
{
	int i;

	switch (m->type) {
	case SWC_M_SETUP:
		recv_setup(n, sw, m);
		break;
	case SWC_M_CONFIRM:
		recv_confirm(n, sw, m);
		break;
	case SWC_M_NACK:
		recv_nack(n, sw, m);
		break;
	case SWC_M_BREAK:
		swc_path_recv_break(n, sw, m);
		break;
	case SWC_M_BROKEN:
		swc_path_recv_broken(n, sw, m);
		break;
	case SWC_M_FAILED:
		i = swc_seg_find(&n->sw[sw], m->path);
		if (i >= 0 && n->sw[sw].seg[i].down == SWC_PORT_LINE(m->line))
			swc_seg_failed(n, sw, i);
		break;
	case SWC_M_RELEASE:
		recv_release(n, sw, m);
		break;
	case SWC_M_TREE:
		break;
	}
}

void swc_ctl_line_down(struct swc_net *n, int sw, int l)
{
	struct swc_sw *s = &n->sw[sw];
	int lp = SWC_PORT_LINE(l), i, j, k;

	swc_bus_drop_line(n, sw, l);
	for (i = 0; i < SWC_MAX_SEG; i++) {
		struct swc_seg *g = &s->seg[i];

		if (!g->used)
			continue;
		for (k = 0; k < g->nreply; k++)
			if (g->reply[k] == l)
				g->reply[k--] = g->reply[--g->nreply];
		if (g->down == lp) {
			swc_seg_failed(n, sw, i);
		} else if (g->up == lp) {
			/* cut off from its master: nothing can use it now */
			if (SWC_IS_LINE(g->down))
				swc_ctl_send(n, sw, SWC_M_RELEASE,
					     SWC_LINE_OF(g->down), g->path, 0);
			swc_seg_teardown(n, sw, i);
		}
	}
	for (j = 0; j < SWC_MAX_JOB; j++) {
		struct swc_job *jb = &s->job[j];

		if (!jb->used)
			continue;
		if (jb->in == lp) {
			job_free(s, j);
		} else if (jb->out == lp && jb->state == SWC_J_CONFIRM) {
			job_release(s, j);
			if (jb->origin) {
				fail_origin(n, sw, j, SWC_E_LINE);
			} else {
				swc_ctl_send(n, sw, SWC_M_NACK,
					     SWC_LINE_OF(jb->in), jb->path,
					     SWC_E_LINE);
				job_free(s, j);
			}
		}
	}
}

void swc_ctl_tick(struct swc_net *n, int sw)
{
	struct swc_sw *s = &n->sw[sw];
	int j;

	for (j = 0; j < SWC_MAX_JOB; j++)
		if (s->job[j].used && s->job[j].state == SWC_J_WAIT &&
		    s->job[j].retry_at <= n->now)
			job_eval(n, sw, j);
}
