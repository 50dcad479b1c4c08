// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's path management (paths.manage): one switch controller per
 * switch of the kernel's fabric (paths_host.c), rcf.ko as the
 * processors' data side.  This file is the daemon's side of it: the
 * kernel requests behind the host's calls, the kernel's events into the
 * host, keeping the model a mirror of the fabric, and the ticks, which
 * run while the controllers have work and pause while they only wait
 * for the kernel.  Documentation/switch-controllers.rst, "rcfd and
 * rcf.ko".
 */
#include <errno.h>
#include <string.h>

#include "util/mono.h"
#include "topo/topo.h"
#include "rcfd.h"

/* ticks per loop iteration, so that the event socket is served */
#define TICKS_PER_RUN 256
/*
 * A model that only waits for the kernel (or is deadlocked, §I B) gets a
 * few ticks this often, for its own timers; an event ends the wait.
 */
#define STALL_US	    20000
#define STALL_TICKS_PER_RUN 16
/* a burst of changes (a topology applied) makes one rebuild */
#define REMIRROR_DELAY 0.05

static void kernel_said(struct rcfd *d, const char *what, int rc)
{
	char why[300];

	rcf_nl_error_str(&d->nl.e, why, sizeof(why));
	rcfd_log(rc == -ENOENT ? RCFD_DEBUG : RCFD_WARN, "paths: %s: %s", what,
		 why);
}

static int k_new(void *arg, uint32_t master, uint32_t dst, const uint8_t *hops,
		 unsigned int nhops, uint32_t *id)
{
	struct rcfd *d = arg;
	int rc = rcf_nl_path_new(&d->nl, RCF_PATH_ANY_ID, master, dst, hops,
				 nhops, id);

	if (rc)
		kernel_said(d, "PATH_NEW", rc);
	return rc;
}

static int k_recall(void *arg, uint32_t id)
{
	struct rcfd *d = arg;
	int rc = rcf_nl_path_set_state(&d->nl, id, RCF_PATH_RECALL);

	if (rc)
		kernel_said(d, "PATH_SET recall", rc);
	return rc;
}

static int k_del(void *arg, uint32_t id)
{
	struct rcfd *d = arg;
	int rc = rcf_nl_path_del(&d->nl, id);

	if (rc)
		kernel_said(d, "PATH_DEL", rc);
	return rc;
}

static int k_fail(void *arg, uint32_t master, uint32_t dst, uint32_t err)
{
	struct rcfd *d = arg;

	return rcf_nl_path_request(&d->nl, master, dst, err);
}

static uint64_t k_now(void *arg)
{
	(void)arg;
	return rcf_mono_us();
}

/* the elements and links: what the controllers mirror */
static int read_fabric(struct rcfd *d, struct rcf_topo *t, char *err,
		       size_t errlen)
{
	static const enum rcf_kind kinds[] = {RCF_K_NODE, RCF_K_SWITCH,
					      RCF_K_LINK};

	rcf_topo_init(t);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		int rc = rcf_nl_dump(&d->nl, kinds[i], NULL, rcf_topo_collect,
				     t);

		if (rc) {
			snprintf(err, errlen, "reading the %ss: %s",
				 rcf_kind_names[kinds[i]], strerror(-rc));
			rcf_topo_free(t);
			return -1;
		}
	}
	return 0;
}

static int adopt(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct rcfd *d = arg;

	(void)cmd;
	if (rcf_has(o, RCF_A_PATH_ID) && rcf_has(o, RCF_A_PATH_STATE))
		rcfd_phost_adopt(&d->paths.host, (uint32_t)o->v[RCF_A_PATH_ID],
				 (uint8_t)o->v[RCF_A_PATH_STATE]);
	return 0;
}

static void set_timeout(struct rcfd *d, uint32_t ms)
{
	int rc = rcf_nl_path_timeout(&d->nl, ms);

	if (rc)
		kernel_said(d, "setting the fabric's path-timeout", rc);
	else
		rcfd_log(RCFD_INFO,
			 "paths: the fabric's path-timeout is %u ms%s", ms,
			 ms ? "" : " (path requests off)");
}

/*
 * The model from the fabric as it is, and the kernel's paths by their
 * real state: those the model does not hold are handed back.  0, or -1
 * with why in p->why: management is then off until the fabric changes.
 */
static int mirror(struct rcfd *d)
{
	struct rcfd_paths *p = &d->paths;
	struct rcf_topo t;
	char err[400];
	int rc, np = 0;

	p->remirror = 0;
	if (read_fabric(d, &t, err, sizeof(err))) {
		snprintf(p->why, sizeof(p->why), "%s", err);
		return -1;
	}
	rc = rcfd_phost_mirror(&p->host, &t, err, sizeof(err));
	rcf_topo_free(&t);
	if (rc) {
		snprintf(p->why, sizeof(p->why),
			 "the switch controllers cannot hold the fabric: %s",
			 err);
		return -1;
	}
	rc = rcf_nl_dump(&d->nl, RCF_K_PATH, NULL, adopt, d);
	if (rc)
		rcfd_log(RCFD_WARN, "paths: reading the kernel's paths: %s",
			 strerror(-rc));
	for (int s = 0; s < p->host.net->nsw; s++)
		np += p->host.net->sw[s].nproc;
	rcfd_log(RCFD_INFO,
		 "paths: %d switch controllers, %d processors, %d lines; "
		 "external request link %s",
		 p->host.net->nsw, np, p->host.net->nline,
		 d->cfg.paths.erl ? "on" : "off");
	return 0;
}

/* management off for the reason in p->why; the kernel stops holding */
static void inactive(struct rcfd *d)
{
	struct rcfd_paths *p = &d->paths;

	rcfd_log(RCFD_WARN, "paths: not managing paths: %s", p->why);
	if (p->running)
		set_timeout(d, 0);
	p->running = 0;
}

void rcfd_paths_stop(struct rcfd *d)
{
	struct rcfd_paths *p = &d->paths;

	if (p->running) {
		/* nobody answers requests now: drop, do not hold */
		set_timeout(d, 0);
		rcfd_log(RCFD_INFO,
			 "paths: stopped; %u paths left to the kernel",
			 rcfd_phost_paths(&p->host));
	}
	rcfd_phost_free(&p->host);
	p->running = 0;
	p->remirror = 0;
}

void rcfd_paths_start(struct rcfd *d)
{
	const struct rcfd_paths_conf *c = &d->cfg.paths;
	struct rcfd_paths *p = &d->paths;

	if (!c->manage) {
		rcfd_paths_stop(d);
		snprintf(p->why, sizeof(p->why), "paths.manage is off");
		return;
	}
	if (p->running) {
		/* a reload: the model goes on with the new settings */
		p->host.net->erl = c->erl;
		p->host.erl = c->erl;
		set_timeout(d, c->timeout_ms);
		return;
	}
	rcfd_phost_free(&p->host);
	p->remirror = 0;
	p->kops = (struct rcfd_pkernel){
		.arg = d,
		.path_new = k_new,
		.path_recall = k_recall,
		.path_del = k_del,
		.request_fail = k_fail,
		.now_us = k_now,
	};
	if (rcfd_phost_init(&p->host, &p->kops, c->erl, 1)) {
		snprintf(p->why, sizeof(p->why), "out of memory");
		inactive(d);
		return;
	}
	p->why[0] = '\0';
	if (mirror(d)) {
		inactive(d);
		return;
	}
	p->running = 1;
	p->next_tick = rcf_mono_s();
	set_timeout(d, c->timeout_ms);
}

long rcfd_paths_timeout(const struct rcfd *d)
{
	const struct rcfd_paths *p = &d->paths;
	double left;

	if (p->remirror) {
		left = p->remirror_at - rcf_mono_s();
		return left <= 0 ? 0 : (long)(left * 1e6) + 1;
	}
	if (!p->running || !rcfd_phost_busy(&p->host))
		return -1;
	if (!d->cfg.paths.tick_us && !rcfd_phost_stalled(&p->host))
		return 0;
	left = p->next_tick - rcf_mono_s();
	return left <= 0 ? 0 : (long)(left * 1e6) + 1;
}

void rcfd_paths_run(struct rcfd *d)
{
	struct rcfd_paths *p = &d->paths;
	double now;
	int n;

	if (p->remirror && d->cfg.paths.manage &&
	    rcf_mono_s() >= p->remirror_at) {
		if (!p->running)
			rcfd_paths_start(d);
		else if (mirror(d))
			inactive(d);
		if (!p->running)
			return;
	}
	if (!p->running || !rcfd_phost_busy(&p->host))
		return;
	now = rcf_mono_s();
	if (d->cfg.paths.tick_us) {
		if (now < p->next_tick)
			return;
		rcfd_phost_tick(&p->host);
		p->next_tick = now + d->cfg.paths.tick_us / 1e6;
		return;
	}
	if (rcfd_phost_stalled(&p->host)) {
		if (now < p->next_tick)
			return;
		for (n = 0;
		     n < STALL_TICKS_PER_RUN && rcfd_phost_stalled(&p->host);
		     n++)
			rcfd_phost_tick(&p->host);
		p->next_tick = now + STALL_US / 1e6;
		return;
	}
	for (n = 0; n < TICKS_PER_RUN && rcfd_phost_busy(&p->host) &&
		    !rcfd_phost_stalled(&p->host);
	     n++)
		rcfd_phost_tick(&p->host);
	p->next_tick = now + STALL_US / 1e6;
}

static void remirror_soon(struct rcfd_paths *p)
{
	if (!p->remirror)
		p->remirror_at = rcf_mono_s() + REMIRROR_DELAY;
	p->remirror = 1;
}

void rcfd_paths_request_event(struct rcfd *d, const struct rcf_path_req_info *r)
{
	struct rcfd_paths *p = &d->paths;

	if (!p->running)
		return;
	p->events++;
	if (r->error) {
		rcfd_log(RCFD_DEBUG,
			 "paths: the request of node %u for node %u failed "
			 "(%s)",
			 r->master, r->dst, strerror((int)r->error));
		rcfd_phost_request_failed(&p->host, r->master, r->dst);
		return;
	}
	rcfd_log(RCFD_DEBUG,
		 "paths: node %u asks for a path to node %u (%u waiting)",
		 r->master, r->dst, r->waiting);
	rcfd_phost_request(&p->host, r->master, r->dst);
}

static void path_event(struct rcfd_paths *p, uint8_t cmd,
		       const struct rcf_obj *o)
{
	uint32_t id;

	if (!rcf_has(o, RCF_A_PATH_ID))
		return;
	id = (uint32_t)o->v[RCF_A_PATH_ID];
	p->events++;
	if (cmd == RCF_CMD_PATH_RETURNED)
		rcfd_phost_returned(&p->host, id);
	else if (cmd == RCF_CMD_PATH_SET && rcf_has(o, RCF_A_PATH_STATE) &&
		 o->v[RCF_A_PATH_STATE] == RCF_PATH_BROKEN)
		rcfd_phost_broken(&p->host, id);
}

void rcfd_paths_obj_event(struct rcfd *d, uint8_t cmd, const struct rcf_obj *o)
{
	struct rcfd_paths *p = &d->paths;
	char err[300];

	if (!d->cfg.paths.manage)
		return;
	if (!p->running) {
		/* a fabric the model could not hold may fit now */
		if (o->kind != RCF_K_PATH && cmd != RCF_CMD_LINK_SET)
			remirror_soon(p);
		return;
	}
	switch (cmd) {
	case RCF_CMD_PATH_SET:
	case RCF_CMD_PATH_RETURNED:
		path_event(p, cmd, o);
		break;
	case RCF_CMD_LINK_SET:
		if (rcf_has(o, RCF_A_LINK_ID) && rcf_has(o, RCF_A_LINK_STATE))
			rcfd_phost_link_state(
				&p->host, (uint32_t)o->v[RCF_A_LINK_ID],
				o->v[RCF_A_LINK_STATE] == RCF_LINK_UP);
		break;
	case RCF_CMD_SWITCH_NEW:
	case RCF_CMD_LINK_NEW:
		/* §II C: the new switch or line joins the sinktree exchange */
		if (rcfd_phost_grow(&p->host, o, err, sizeof(err)) < 0) {
			rcfd_log(RCFD_WARN, "paths: %s", err);
			remirror_soon(p);
		}
		break;
	case RCF_CMD_FABRIC_DEL:
		/* its paths went with it */
		rcfd_phost_forget(&p->host);
		remirror_soon(p);
		break;
	case RCF_CMD_FABRIC_NEW:
		remirror_soon(p);
		break;
	case RCF_CMD_SWITCH_DEL:
	case RCF_CMD_LINK_DEL:
	case RCF_CMD_NODE_DEL:
		/* what the model mirrors went: only a rebuild follows that */
		if (rcfd_phost_mirrors(&p->host, o))
			remirror_soon(p);
		break;
	}
}

void rcfd_paths_lost_events(struct rcfd *d)
{
	if (d->cfg.paths.manage)
		remirror_soon(&d->paths);
}
