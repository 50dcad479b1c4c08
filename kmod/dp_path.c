// SPDX-License-Identifier: GPL-2.0
/*
 * Paths in the data path (Documentation/paths.rst): the adapter holds a
 * path's mastership; this file keeps what it cannot know.
 *
 * The kthread never takes the fabric mutex, so what it reports about a
 * path (a PATH_RETURNED event, the rcf_path tracepoint) comes from a copy
 * of the model's paths kept here, brought up to date by each commit that
 * changed paths.  Comparing that copy with the committed model is also
 * where the tracepoint learns that a path was made, recalled or deleted,
 * and where a path made answers its pair's request (dp_path_req.c).
 *
 * Events are queued under dp->lock and sent with no lock held, as
 * dp_thresh.c does; a change request holds them back until its own
 * object events are out, so that a listener sees PATH_SET (recall)
 * before the PATH_RETURNED it caused.
 */
#include <linux/slab.h>

#include "rcf.h"

/* The data path's copy of a model path. */
struct rcf_dp_pcopy {
	struct rcf_path p;
	u64 wait_ns;		/* how long its request waited; 0: none */
};

/* A queued PATH_RETURNED or PATH_REQUEST event. */
struct rcf_dp_pev {
	struct list_head list;
	struct rcf_path_ev e;
};

void rcf_dp_path_init(struct rcf_dp *dp)
{
	xa_init(&dp->preq);
	xa_init(&dp->paths);
	spin_lock_init(&dp->pev_lock);
	INIT_LIST_HEAD(&dp->pev);
}

void rcf_dp_path_free(struct rcf_dp *dp)
{
	struct rcf_dp_pev *ev, *tmp;
	unsigned long i;
	void *p;

	rcf_dp_preq_free(dp);
	xa_for_each(&dp->paths, i, p)
		kfree(p);
	xa_destroy(&dp->paths);
	list_for_each_entry_safe(ev, tmp, &dp->pev, list)
		kfree(ev);
	INIT_LIST_HEAD(&dp->pev);
}

/* A zeroed event, or NULL while nobody listens (nothing to send). */
static struct rcf_dp_pev *rcf_dp_pev_new(struct rcf_dp *dp, u8 cmd)
{
	struct rcf_dp_pev *ev;

	if (!genl_has_listeners(&rcf_genl_family, dp->rn->net, 0))
		return NULL;
	ev = kzalloc(sizeof(*ev), GFP_KERNEL_ACCOUNT);
	if (ev)
		ev->e.cmd = cmd;
	return ev;
}

static void rcf_dp_pev_add(struct rcf_dp *dp, struct rcf_dp_pev *ev)
{
	spin_lock(&dp->pev_lock);
	list_add_tail(&ev->list, &dp->pev);
	spin_unlock(&dp->pev_lock);
}

/* Queues a PATH_REQUEST event: raised, or failed with error. */
void rcf_dp_path_event_request(struct rcf_dp *dp, u32 master, u32 dst,
			       u32 waiting, u32 error)
{
	struct rcf_dp_pev *ev = rcf_dp_pev_new(dp, RCF_CMD_PATH_REQUEST);

	if (!ev)
		return;
	ev->e.master = master;
	ev->e.dst = dst;
	ev->e.waiting = waiting;
	ev->e.error = error;
	rcf_dp_pev_add(dp, ev);
}

/* Adapter callback (dp->lock held): path id's mastership came back. */
void rcf_dp_path_returned(void *priv, u32 id)
{
	struct rcf_dp *dp = priv;
	struct rcf_dp_pcopy *c;
	struct rcf_dp_pev *ev;

	lockdep_assert_held(&dp->lock);
	c = xa_load(&dp->paths, id);
	trace_rcf_path(rcf_dp_now(dp), RCF_TRACE_PATH_RETURNED, id,
		       c ? c->p.master : U32_MAX, c ? c->p.dst : U32_MAX, 0,
		       0);
	ev = rcf_dp_pev_new(dp, RCF_CMD_PATH_RETURNED);
	if (!ev)
		return;
	ev->e.p.id = id;
	if (c) {
		ev->e.has_path = true;
		ev->e.p = c->p;
		ev->e.pi.wait_ns = c->wait_ns;
	}
	if (!dp->ad || rcf_adapter_path_get(dp->ad, id, &ev->e.pi.ap)) {
		memset(&ev->e.pi.ap, 0, sizeof(ev->e.pi.ap));
		ev->e.pi.ap.id = id;
	}
	ev->e.pi.ap.state = RCF_PATH_RETURNED;
	rcf_dp_pev_add(dp, ev);
}

static bool rcf_dp_same_path(const struct rcf_path *a,
			     const struct rcf_path *b)
{
	return a->master == b->master && a->dst == b->dst &&
	       a->nhops == b->nhops && !memcmp(a->hops, b->hops, a->nhops);
}

static int rcf_dp_path_ev_of(u8 state)
{
	switch (state) {
	case RCF_PATH_RECALL:
		return RCF_TRACE_PATH_RECALL;
	case RCF_PATH_BROKEN:
		return RCF_TRACE_PATH_BROKEN;
	default:
		return RCF_TRACE_PATH_HELD;
	}
}

/* A path new to the data path: it answers its pair's request. */
static void rcf_dp_path_made(struct rcf_dp *dp, const struct rcf_path *p,
			     u64 cycle)
{
	struct rcf_dp_pcopy *c = kzalloc(sizeof(*c), GFP_KERNEL_ACCOUNT);
	u64 wait_ns = rcf_dp_preq_answer(dp, p->master, p->dst);

	if (c)
		c->wait_ns = wait_ns;
	trace_rcf_path(cycle, RCF_TRACE_PATH_MADE, p->id, p->master, p->dst,
		       0, 0);
	if (p->state != RCF_PATH_HELD)
		trace_rcf_path(cycle, rcf_dp_path_ev_of(p->state), p->id,
			       p->master, p->dst, 0, 0);
	if (!c)
		return;
	c->p = *p;
	if (xa_err(xa_store(&dp->paths, p->id, c, GFP_KERNEL_ACCOUNT)))
		kfree(c);
}

void rcf_dp_path_sync(struct rcf_dp *dp, struct rcf_fabric *f)
{
	u64 cycle = rcf_dp_now(dp);
	struct rcf_dp_pcopy *c;
	struct rcf_path *p;
	unsigned long id;
	u32 next;

	lockdep_assert_held(&dp->lock);
	/* gone, or its id taken by another path in the same transaction */
	xa_for_each(&dp->paths, id, c) {
		p = rcf_path_get(f, id);
		if (p && rcf_dp_same_path(p, &c->p))
			continue;
		trace_rcf_path(cycle, RCF_TRACE_PATH_DELETED, c->p.id,
			       c->p.master, c->p.dst, 0, 0);
		xa_erase(&dp->paths, id);
		kfree(c);
	}
	for (next = 0; (p = rcf_path_next(f, next)); next = p->id + 1) {
		c = xa_load(&dp->paths, p->id);
		if (!c) {
			rcf_dp_path_made(dp, p, cycle);
			continue;
		}
		if (c->p.state != p->state)
			trace_rcf_path(cycle, rcf_dp_path_ev_of(p->state),
				       p->id, p->master, p->dst, 0, 0);
		c->p = *p;
	}
}

void rcf_dp_path_info(struct rcf_dp *dp, const struct rcf_path *p,
		      struct rcf_dp_path_info *pi)
{
	struct rcf_dp_pcopy *c = xa_load(&dp->paths, p->id);
	struct rcf_adapter_path *ap = &pi->ap;

	lockdep_assert_held(&dp->lock);
	memset(pi, 0, sizeof(*pi));
	if (c && rcf_dp_same_path(p, &c->p))
		pi->wait_ns = c->wait_ns;
	if (!dp->ad || rcf_adapter_path_get(dp->ad, p->id, ap) ||
	    ap->master != p->master || ap->dst != p->dst) {
		/* not in the engine yet (inside a batch): no counts */
		memset(ap, 0, sizeof(*ap));
		ap->id = p->id;
		ap->master = p->master;
		ap->dst = p->dst;
	}
	/* the model says held, recall or broken; RETURNED only we know */
	if (p->state != RCF_PATH_RECALL || ap->state != RCF_PATH_RETURNED)
		ap->state = p->state;
}

bool rcf_dp_path_is_returned(struct rcf_dp *dp, const struct rcf_path *p)
{
	struct rcf_dp_path_info pi;

	if (p->state != RCF_PATH_RECALL)
		return false;
	rcf_dp_lock(dp);
	rcf_dp_path_info(dp, p, &pi);
	mutex_unlock(&dp->lock);
	return pi.ap.state == RCF_PATH_RETURNED;
}

void rcf_dp_path_notify(struct rcf_dp *dp)
{
	struct rcf_dp_pev *ev, *tmp;
	LIST_HEAD(q);

	spin_lock(&dp->pev_lock);
	if (!dp->pev_hold)
		list_splice_init(&dp->pev, &q);
	spin_unlock(&dp->pev_lock);
	list_for_each_entry_safe(ev, tmp, &q, list) {
		rcf_path_ev_send(dp->rn->net, &ev->e);
		list_del(&ev->list);
		kfree(ev);
	}
}

void rcf_dp_path_hold(struct rcf_dp *dp)
{
	spin_lock(&dp->pev_lock);
	dp->pev_hold = true;
	spin_unlock(&dp->pev_lock);
}

void rcf_dp_path_release(struct rcf_dp *dp)
{
	spin_lock(&dp->pev_lock);
	dp->pev_hold = false;
	spin_unlock(&dp->pev_lock);
	rcf_dp_path_notify(dp);
}
