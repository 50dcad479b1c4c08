// SPDX-License-Identifier: GPL-2.0
/*
 * The adapter's paths (Documentation/paths.rst, Wijnen §II A): the table
 * of the model's paths by master, the count of messages each has under
 * way, the return of a recalled mastership, and putting a new table and
 * its circuits in place, on the running engine or on a new one.
 *
 * A path's state in the model is HELD, RECALL or BROKEN; the adapter
 * adds RETURNED, a RECALL path none of whose messages is under way.  A
 * message is under way from its first packet's send to its last packet's
 * arrival (adapter_rx.c explains why the last packet's arrival is the
 * message's).  Only messages with ids from first_id on can be on a path:
 * the master's messages for the destination sent before the path was in
 * place went by route, and may still be arriving.
 */
#include "adapter_priv.h"

struct rcf_path_update {
	struct ad_ptab *pt;
	struct rcf_engine_rewire *rw;	/* switch inputs rewired */
	u32 nrw;
	bool stale;	/* f is not a configuration of this engine */
};

void ad_ptab_free(struct ad_ptab *pt)
{
	rcf_os_free(pt);
}

/*
 * The paths of f as a table for engine e, counts at 0 (so RECALL paths
 * are RETURNED).  A path whose master or destination e does not have
 * cannot be on e: it is left out and *stale set.  NULL on ENOMEM.
 */
struct ad_ptab *ad_ptab_build(const struct rcf_engine *e,
			      const struct rcf_fabric *f, bool *stale)
{
	/* rcf_path_next only reads the model */
	struct rcf_fabric *m = (struct rcf_fabric *)f;
	u32 nn = rcf_engine_nnodes(e), n = 0, id = 0, i, k;
	const struct rcf_path *q;
	struct ad_ptab *pt;

	for (; (q = rcf_path_next(m, id)); id = q->id + 1)
		n++;
	pt = rcf_os_zalloc(sizeof(*pt) + (size_t)n * sizeof(*pt->p) +
			   ((size_t)n + nn + 1) * sizeof(u32));
	if (!pt)
		return NULL;
	pt->p = (struct ad_path *)(pt + 1);
	pt->by_master = (u32 *)(pt->p + n);
	pt->m0 = pt->by_master + n;
	for (id = 0; (q = rcf_path_next(m, id)) && pt->n < n; id = q->id + 1) {
		int mi = rcf_engine_node_index(e, q->master);
		struct ad_path *x = &pt->p[pt->n];

		if (mi < 0 || rcf_engine_node_index(e, q->dst) < 0) {
			*stale = true;
			continue;
		}
		x->id = q->id;
		x->master = q->master;
		x->dst = q->dst;
		x->mi = mi;
		x->hop = q->hops[0];
		x->state = q->state == RCF_PATH_RECALL ? RCF_PATH_RETURNED :
							 q->state;
		pt->m0[mi + 1]++;
		pt->n++;
	}
	/* group by master: counts, then starts, then fill */
	for (k = 1; k <= nn; k++)
		pt->m0[k] += pt->m0[k - 1];
	for (i = 0; i < pt->n; i++)
		pt->by_master[pt->m0[pt->p[i].mi]++] = i;
	for (k = nn; k > 0; k--)
		pt->m0[k] = pt->m0[k - 1];
	pt->m0[0] = 0;
	return pt;
}

struct ad_path *ad_path_of(const struct rcf_adapter *a, u32 si, u32 dst)
{
	const struct ad_ptab *pt = a->pt;
	u32 k;

	for (k = pt->m0[si]; k < pt->m0[si + 1]; k++) {
		struct ad_path *x = &pt->p[pt->by_master[k]];

		if (x->dst == dst)
			return x;
	}
	return NULL;
}

static struct ad_path *ad_path_by_id(const struct ad_ptab *pt, u32 id)
{
	u32 lo = 0, hi = pt->n;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (pt->p[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < pt->n && pt->p[lo].id == id ? &pt->p[lo] : NULL;
}

/* The mastership of RECALL path p, with nothing under way, is back. */
static void ad_path_returned(struct rcf_adapter *a, struct ad_path *p)
{
	p->state = RCF_PATH_RETURNED;
	if (a->ops && a->ops->path_returned)
		a->ops->path_returned(a->priv, p->id);
}

void ad_path_arrived(struct rcf_adapter *a, u32 src, u32 dst, u32 id)
{
	struct ad_path *p = ad_path_of(a, src, dst);

	/* a message sent by route before the path: not the path's */
	if (!p || !p->inflight || ((id - p->first_id) & 0x80000000u))
		return;
	p->inflight--;
	a->path_inflight--;
	if (!p->inflight && p->state == RCF_PATH_RECALL)
		ad_path_returned(a, p);
	/* the master's next message waits for this one: let it go now */
	if (ad_path_ready(p) && a->nodes[p->mi].wq_head)
		rcf_engine_yield(a->e);
}

/*
 * An engine that holds no packet holds no message of any path: one still
 * counted lost a packet to the engine (a drop for lack of memory), and
 * would otherwise keep its path from ever coming back.
 */
void ad_path_settle(struct rcf_adapter *a)
{
	u32 i;

	if (!a->path_inflight || rcf_engine_busy(a->e))
		return;
	for (i = 0; i < a->pt->n; i++) {
		struct ad_path *p = &a->pt->p[i];

		if (!p->inflight)
			continue;
		p->inflight = 0;
		if (p->state == RCF_PATH_RECALL)
			ad_path_returned(a, p);
	}
	a->path_inflight = 0;
}

int rcf_adapter_path_get(const struct rcf_adapter *a, u32 id,
			 struct rcf_adapter_path *p)
{
	const struct ad_path *x = ad_path_by_id(a->pt, id);

	if (!x)
		return -ENOENT;
	p->id = x->id;
	p->master = x->master;
	p->dst = x->dst;
	p->state = x->state;
	p->inflight = x->inflight;
	p->msgs = x->msgs;
	p->bytes = x->bytes;
	return 0;
}

/*
 * Whether old path o is new path x: same id, and the same master,
 * destination and first hop (the rest of the hops cannot differ without
 * the circuits, which only a path's deletion removes).
 */
static bool ad_path_same(const struct ad_path *o, const struct ad_path *x)
{
	return o->id == x->id && o->master == x->master && o->dst == x->dst &&
	       o->hop == x->hop;
}

/*
 * Table nw of adapter a takes the counts of the paths of old that stay
 * (both sorted by id).  keep: nw is for old's engine, so the messages
 * under way stay so; else none of them is on a's engine.  A path is
 * RETURNED when RECALL with nothing under way, and is to be told when it
 * was not RETURNED in old.  Paths new to a's engine can carry the
 * master's messages from its next one on.
 */
static void ad_ptab_take(const struct rcf_adapter *a, struct ad_ptab *nw,
			 const struct ad_ptab *old, bool keep)
{
	u32 i, j = 0;

	for (i = 0; i < nw->n; i++) {
		struct ad_path *x = &nw->p[i];
		const struct ad_path *o = NULL;

		while (j < old->n && old->p[j].id < x->id)
			j++;
		if (j < old->n && ad_path_same(&old->p[j], x))
			o = &old->p[j];
		/* the build made every RECALL path RETURNED */
		if (x->state == RCF_PATH_RETURNED)
			x->state = RCF_PATH_RECALL;
		x->inflight = 0;
		x->first_id = a->nodes[x->mi].next_id;
		if (o) {
			x->msgs = o->msgs;
			x->bytes = o->bytes;
			if (keep) {
				x->inflight = o->inflight;
				x->first_id = o->first_id;
			}
		}
		x->tell = 0;
		if (x->state == RCF_PATH_RECALL && !x->inflight) {
			x->state = RCF_PATH_RETURNED;
			x->tell = !o || o->state != RCF_PATH_RETURNED;
		}
	}
}

/*
 * a's table is nw now: the paths marked are told their mastership came
 * back, requests answered by a path end, and waiting messages that can
 * leave do.
 */
static void ad_ptab_settled(struct rcf_adapter *a)
{
	struct ad_ptab *pt = a->pt;
	u32 i;

	a->path_inflight = 0;
	for (i = 0; i < pt->n; i++)
		a->path_inflight += pt->p[i].inflight;
	for (i = 0; i < pt->n; i++) {
		if (!pt->p[i].tell)
			continue;
		pt->p[i].tell = 0;
		if (a->ops && a->ops->path_returned)
			a->ops->path_returned(a->priv, pt->p[i].id);
	}
	for (i = 0; i < a->nnodes; i++)
		ad_wait_answered(a, i);
	rcf_adapter_kick(a);
}

struct rcf_path_update *rcf_path_update_prepare(struct rcf_adapter *a,
						const struct rcf_fabric *f)
{
	struct rcf_path_update *u = rcf_os_zalloc(sizeof(*u));
	int n;

	if (!u)
		return NULL;
	u->pt = ad_ptab_build(a->e, f, &u->stale);
	if (!u->pt)
		goto fail;
	n = rcf_engine_circuit_diff(a->e, f, NULL, 0);
	if (n < 0) {
		u->stale = true;
		return u;
	}
	u->rw = rcf_os_zalloc(((size_t)n + 1) * sizeof(*u->rw));
	if (!u->rw)
		goto fail;
	u->nrw = rcf_engine_circuit_diff(a->e, f, u->rw, n);
	return u;
fail:
	rcf_path_update_free(u);
	return NULL;
}

bool rcf_path_update_safe(const struct rcf_adapter *a,
			  const struct rcf_path_update *u)
{
	u32 i;

	if (u->stale)
		return false;
	for (i = 0; i < u->nrw; i++)
		if (!rcf_engine_input_clear(a->e, u->rw[i].sw, u->rw[i].in))
			return false;
	return true;
}

void rcf_path_update_install(struct rcf_adapter *a, struct rcf_path_update *u)
{
	struct ad_ptab *old = a->pt;
	u32 i;

	if (!u->stale) {
		for (i = 0; i < u->nrw; i++)
			rcf_engine_set_circuit(a->e, u->rw[i].sw, u->rw[i].in,
					       u->rw[i].out);
		ad_ptab_take(a, u->pt, old, true);
		a->pt = u->pt;
		u->pt = NULL;
		ad_ptab_free(old);
		ad_ptab_settled(a);
	}
	rcf_path_update_free(u);
}

void rcf_path_update_free(struct rcf_path_update *u)
{
	if (!u)
		return;
	ad_ptab_free(u->pt);
	rcf_os_free(u->rw);
	rcf_os_free(u);
}

/*
 * The new adapter's engine holds nothing of the old one's: an epoch
 * drained it, so every message started on a path has arrived, or it was
 * deadlocked and they are lost.  Either way none is under way on the new
 * engine, whose message ids start again at 0, so the paths' counts of
 * messages under way start at 0 there.
 */
void rcf_adapter_carry(struct rcf_adapter *to, struct rcf_adapter *from)
{
	to->path_wait = from->path_wait;
	ad_ptab_take(to, to->pt, from->pt, false);
	ad_wait_carry(to, from);
	ad_ptab_settled(to);
}
