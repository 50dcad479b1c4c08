// SPDX-License-Identifier: GPL-2.0
/*
 * A node's queue of messages waiting for a path (Documentation/paths.rst,
 * "Requests and the node's queue"), and its path requests: a processor
 * that has a message for another and no way to it asks the switch
 * controllers for a data path (Wijnen §II A) and holds the message until
 * the path is there.  The queue is one FIFO per node, so a pair's
 * messages leave in the order they came; a pair that cannot go yet does
 * not hold up the node's other pairs.
 */
#include "adapter_priv.h"

struct ad_wpair *ad_wpair(struct rcf_adapter *a, u32 si, u32 dst,
			  bool create)
{
	struct ad_node *nd = &a->nodes[si];
	struct ad_wpair *wp;

	for (wp = nd->wpairs; wp; wp = wp->next)
		if (wp->dst == dst)
			return wp;
	if (!create)
		return NULL;
	wp = rcf_os_zalloc(sizeof(*wp));
	if (!wp)
		return NULL;
	wp->dst = dst;
	wp->next = nd->wpairs;
	nd->wpairs = wp;
	return wp;
}

/* A pair's entry goes once nothing waits and no request is out. */
static void ad_wpair_put(struct ad_node *nd, struct ad_wpair *wp)
{
	struct ad_wpair **pp;

	if (wp->nwait || wp->req)
		return;
	for (pp = &nd->wpairs; *pp != wp; pp = &(*pp)->next)
		;
	*pp = wp->next;
	rcf_os_free(wp);
}

/* The pair has neither a path nor a route: only a new path helps. */
static bool ad_no_way(const struct rcf_adapter *a, u32 si, u32 dst)
{
	u32 first;

	return !ad_path_of(a, si, dst) &&
	       !rcf_engine_pair_routes(a->e, a->nodes[si].id, dst, &first);
}

static void ad_request(struct rcf_adapter *a, u32 si, struct ad_wpair *wp)
{
	wp->req = true;
	a->st.path_requests++;
	a->nodes[si].st.path_requests++;
	if (a->ops && a->ops->path_request)
		a->ops->path_request(a->priv, a->nodes[si].id, wp->dst,
				     wp->nwait);
}

int ad_wait(struct rcf_adapter *a, u32 si, u32 dst, const void *msg, u32 len,
	    u64 cookie)
{
	struct ad_node *nd = &a->nodes[si];
	struct ad_wpair *wp;
	struct ad_wmsg *m;

	/* one message always fits, so none is too big to ever wait */
	if (nd->st.path_waiting &&
	    (nd->st.path_waiting >= RCF_ADAPTER_WAIT_MSGS ||
	     nd->wait_bytes + len > RCF_ADAPTER_WAIT_BYTES))
		return -EAGAIN;
	wp = ad_wpair(a, si, dst, true);
	m = wp ? rcf_os_zalloc(sizeof(*m) + len) : NULL;
	if (!m) {
		if (wp)
			ad_wpair_put(nd, wp);
		ad_drop(a, si, RCF_ADROP_NO_MEM);
		return -ENOMEM;
	}
	m->cookie = cookie;
	m->dst = dst;
	m->len = len;
	if (len)
		memcpy(m->data, msg, len);
	if (nd->wq_tail)
		nd->wq_tail->next = m;
	else
		nd->wq_head = m;
	nd->wq_tail = m;
	nd->wait_bytes += len;
	nd->st.path_waiting++;
	a->st.path_waiting++;
	wp->nwait++;
	if (a->path_wait && !wp->req && ad_no_way(a, si, dst))
		ad_request(a, si, wp);
	return 0;
}

/* Unlinks m (after prev, NULL: the head) from node si's queue. */
static void ad_wmsg_take(struct rcf_adapter *a, u32 si, struct ad_wmsg *prev,
			 struct ad_wmsg *m)
{
	struct ad_node *nd = &a->nodes[si];

	if (prev)
		prev->next = m->next;
	else
		nd->wq_head = m->next;
	if (nd->wq_tail == m)
		nd->wq_tail = prev;
	nd->wait_bytes -= m->len;
	nd->st.path_waiting--;
	a->st.path_waiting--;
	rcf_os_free(m);
}

/*
 * Sends what of node si's queue can go now, in order: a pair's messages
 * leave on its HELD path or, without a path, its routes; a pair left
 * with neither raises its request again (or, requests off, is dropped
 * as if sent now).  A send out of memory or of the pool's budget stops
 * the node until the next kick (rcf_adapter_retry for the budget), so
 * nothing overtakes it; one that no budget can take is dropped.
 */
static void ad_kick_node(struct rcf_adapter *a, u32 si)
{
	struct ad_node *nd = &a->nodes[si];
	struct ad_wmsg *m, *prev = NULL, *next;
	struct ad_wpair *wp, *wnext;
	struct ad_path *p;
	u32 first, n;

	for (wp = nd->wpairs; wp; wp = wp->next)
		wp->held = false;
	for (m = nd->wq_head; m; m = next) {
		next = m->next;
		wp = ad_wpair(a, si, m->dst, false);
		if (wp->held) {
			prev = m;
			continue;
		}
		p = ad_path_of(a, si, m->dst);
		n = rcf_engine_pair_routes(a->e, nd->id, m->dst, &first);
		if (p ? ad_path_ready(p) : n != 0) {
			int r = ad_xmit(a, si, m->dst, p, m->data, m->len,
					m->cookie);

			if (r == -ENOBUFS)
				a->nobufs = true;
			if (r == -E2BIG)
				ad_drop(a, si, RCF_ADROP_NO_MEM);
			else if (r)
				break;
		} else if (!p && !a->path_wait) {
			ad_drop(a, si, RCF_ADROP_NO_ROUTE);
		} else {
			wp->held = true;
			prev = m;
			continue;
		}
		wp->nwait--;
		ad_wmsg_take(a, si, prev, m);
	}
	for (wp = nd->wpairs; wp; wp = wnext) {
		wnext = wp->next;
		if (wp->held && a->path_wait && !wp->req &&
		    ad_no_way(a, si, wp->dst))
			ad_request(a, si, wp);
		ad_wpair_put(nd, wp);
	}
}

void rcf_adapter_kick(struct rcf_adapter *a)
{
	u32 si;

	ad_path_settle(a);
	for (si = 0; si < a->nnodes && a->st.path_waiting; si++)
		if (a->nodes[si].wq_head)
			ad_kick_node(a, si);
}

void rcf_adapter_retry(struct rcf_adapter *a)
{
	if (!a->nobufs)
		return;
	a->nobufs = false;
	rcf_adapter_kick(a);
}

void ad_wait_answered(struct rcf_adapter *a, u32 si)
{
	struct ad_node *nd = &a->nodes[si];
	struct ad_wpair *wp, *next;

	for (wp = nd->wpairs; wp; wp = next) {
		next = wp->next;
		if (wp->req && ad_path_of(a, si, wp->dst)) {
			wp->req = false;
			ad_wpair_put(nd, wp);
		}
	}
}

/* Drops node si's messages for dst, counted NO_PATH; returns how many. */
static int ad_wait_drop_pair(struct rcf_adapter *a, u32 si, u32 dst)
{
	struct ad_wmsg *m, *prev = NULL, *next;
	int n = 0;

	for (m = a->nodes[si].wq_head; m; m = next) {
		next = m->next;
		if (m->dst != dst) {
			prev = m;
			continue;
		}
		ad_drop(a, si, RCF_ADROP_NO_PATH);
		ad_wmsg_take(a, si, prev, m);
		n++;
	}
	return n;
}

int rcf_adapter_path_fail(struct rcf_adapter *a, u32 src, u32 dst)
{
	int si = rcf_engine_node_index(a->e, src);
	struct ad_wpair *wp;
	int n;

	if (si < 0)
		return -ENOENT;
	wp = ad_wpair(a, si, dst, false);
	if (!wp)
		return -ENOENT;
	n = ad_wait_drop_pair(a, si, dst);
	wp->nwait = 0;
	wp->req = false;
	ad_wpair_put(&a->nodes[si], wp);
	return n;
}

u64 rcf_adapter_waiting(const struct rcf_adapter *a, u32 src)
{
	int si;

	if (src == ~0u)
		return a->st.path_waiting;
	si = rcf_engine_node_index(a->e, src);
	return si < 0 ? 0 : a->nodes[si].st.path_waiting;
}

void rcf_adapter_set_path_wait(struct rcf_adapter *a, bool on)
{
	a->path_wait = on;
}

/* Empties node si's queue and requests; drops counted NO_PATH when count. */
static void ad_wait_clear(struct rcf_adapter *a, u32 si, bool count)
{
	struct ad_node *nd = &a->nodes[si];
	struct ad_wpair *wp;

	while (nd->wq_head) {
		if (count)
			ad_drop(a, si, RCF_ADROP_NO_PATH);
		ad_wmsg_take(a, si, NULL, nd->wq_head);
	}
	while ((wp = nd->wpairs)) {
		nd->wpairs = wp->next;
		rcf_os_free(wp);
	}
}

void ad_wait_free(struct rcf_adapter *a)
{
	u32 si;

	for (si = 0; si < a->nnodes; si++)
		ad_wait_clear(a, si, false);
}

void ad_wait_carry(struct rcf_adapter *to, struct rcf_adapter *from)
{
	struct ad_wpair *wp, **pp;
	struct ad_node *fn, *tn;
	struct ad_wmsg *m;
	u32 si;
	int ti;

	for (si = 0; si < from->nnodes; si++) {
		fn = &from->nodes[si];
		if (!fn->wq_head && !fn->wpairs)
			continue;
		ti = rcf_engine_node_index(to->e, fn->id);
		if (ti < 0) {
			ad_wait_clear(from, si, true);
			continue;
		}
		tn = &to->nodes[ti];
		/* pairs whose destination is gone cannot be answered */
		for (pp = &fn->wpairs; (wp = *pp);) {
			if (rcf_engine_node_index(to->e, wp->dst) >= 0) {
				pp = &wp->next;
				continue;
			}
			ad_wait_drop_pair(from, si, wp->dst);
			*pp = wp->next;
			rcf_os_free(wp);
		}
		/* the rest moves over whole, after what to holds */
		while ((m = fn->wq_head)) {
			fn->wq_head = m->next;
			m->next = NULL;
			if (tn->wq_tail)
				tn->wq_tail->next = m;
			else
				tn->wq_head = m;
			tn->wq_tail = m;
			tn->wait_bytes += m->len;
			tn->st.path_waiting++;
			to->st.path_waiting++;
			fn->st.path_waiting--;
			from->st.path_waiting--;
		}
		fn->wq_tail = NULL;
		fn->wait_bytes = 0;
		while ((wp = fn->wpairs)) {
			struct ad_wpair *t = ad_wpair(to, ti, wp->dst, false);

			fn->wpairs = wp->next;
			if (t) {
				t->nwait += wp->nwait;
				t->req |= wp->req;
				rcf_os_free(wp);
			} else {
				wp->next = tn->wpairs;
				tn->wpairs = wp;
			}
		}
	}
}
