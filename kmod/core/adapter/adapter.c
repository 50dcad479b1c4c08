// SPDX-License-Identifier: GPL-2.0
/*
 * The node adapter's send side: a message becomes packets of at most
 * RCF_ENGINE_MAX_PKT bytes, each on one of the pair's routes, chosen per
 * packet (round robin, or the route whose first channel holds least).
 * Layout and limits: adapter.h and Documentation/engine.rst.
 */
#include "adapter_priv.h"

static const struct rcf_engine_ops ad_engine_ops = {
	.deliver = ad_rx,
};

struct rcf_adapter *rcf_adapter_new(const struct rcf_fabric *f, int policy,
				    const struct rcf_adapter_ops *ops,
				    void *priv)
{
	struct rcf_adapter *a = rcf_os_zalloc(sizeof(*a));
	const struct rcf_node *n;
	bool stale = false;
	u32 i, k = 0;

	if (!a)
		return NULL;
	a->ops = ops;
	a->priv = priv;
	a->policy = policy;
	a->max_partial = RCF_ADAPTER_MAX_PARTIAL;
	a->max_bytes = RCF_ADAPTER_REASM_BYTES;
	ad_list_init(&a->parts);
	a->e = rcf_engine_build(f, &ad_engine_ops, a);
	if (!a->e)
		goto fail;
	a->nnodes = rcf_engine_nnodes(a->e);
	a->nodes = rcf_os_zalloc((size_t)(a->nnodes + 1) * sizeof(*a->nodes));
	a->moved = rcf_os_zalloc(((size_t)a->nnodes + 1) * sizeof(u32));
	a->pt = ad_ptab_build(a->e, f, &stale);
	if (!a->nodes || !a->moved || !a->pt)
		goto fail;
	for (i = 0; i < a->nnodes; i++)
		ad_list_init(&a->nodes[i].parts);
	/* rcf_node_next only reads the model */
	for (; (n = rcf_node_next((struct rcf_fabric *)f, k)); k = n->id + 1)
		a->nodes[rcf_engine_node_index(a->e, n->id)].id = n->id;
	return a;
fail:
	rcf_adapter_free(a);
	return NULL;
}

void rcf_adapter_free(struct rcf_adapter *a)
{
	if (!a)
		return;
	while (a->parts.next != &a->parts)
		ad_part_free(a, ad_part_of(a->parts.next, gl));
	if (a->nodes)
		ad_wait_free(a);
	ad_ptab_free(a->pt);
	rcf_engine_free(a->e);
	rcf_os_free(a->nodes);
	rcf_os_free(a->moved);
	rcf_os_free(a);
}

void rcf_adapter_set_limits(struct rcf_adapter *a, u32 max_partial,
			    u64 max_bytes)
{
	a->max_partial = max_partial ? max_partial : 1;
	a->max_bytes = max_bytes;
}

struct rcf_engine *rcf_adapter_engine(struct rcf_adapter *a)
{
	return a->e;
}

void ad_drop(struct rcf_adapter *a, u32 node, int reason)
{
	a->st.drops[reason]++;
	a->nodes[node].st.drops[reason]++;
	rcf_os_trace(adrop, a, node, reason);
}

/*
 * Position of the route the next packet takes among the n routes at
 * first.  Least loaded compares first channels (paper §1.1: a packet
 * cannot leave the adapter faster than its first link takes it); ties go
 * to the route after the last one used, so equal routes alternate.
 */
static u32 ad_pick(struct rcf_adapter *a, u32 src, u32 first, u32 n)
{
	struct rcf_pair_state *ps = rcf_engine_pair_state(a->e, first);
	u32 start = ps->rr % n, best = start, k, nh;
	u64 load, best_load = ~0ULL;
	const u8 *hops;

	if (a->policy == RCF_RPOL_LEAST_LOADED && n > 1) {
		for (k = 0; k < n; k++) {
			u32 j = (start + k) % n;

			if (rcf_engine_route_at(a->e, first + j, &hops, &nh))
				continue;
			load = rcf_engine_first_hop_load(a->e, src, hops[0]);
			if (load < best_load) {
				best_load = load;
				best = j;
			}
		}
	}
	ps->rr = (best + 1) % n;
	return first + best;
}

/*
 * Packets a message of len bytes needs at most over the n routes at
 * first, or over a path (n 0): its packets carry one route byte.
 * *maxh: the most route bytes one of them carries.
 */
static u32 ad_npkts(struct rcf_adapter *a, u32 first, u32 n, u32 len,
		    u32 *maxh)
{
	u32 k, nh, room;
	const u8 *hops;

	if (a->dest) {
		room = RCF_ENGINE_MAX_PKT - 1 - RCF_DEST_ROUTE_LEN - ad_hdr(a);
		/* admission counts the switches it may cross */
		*maxh = rcf_engine_dest_reserve_len(a->e);
		return len ? (len + room - 1) / room : 1;
	}
	*maxh = 1;
	for (k = 0; k < n; k++)
		if (!rcf_engine_route_at(a->e, first + k, &hops, &nh) &&
		    nh > *maxh)
			*maxh = nh;
	room = RCF_ENGINE_MAX_PKT - 1 - *maxh - ad_hdr(a);
	return len ? (len + room - 1) / room : 1;
}

static void ad_put16(u8 *p, u32 v)
{
	p[0] = v >> 8;
	p[1] = v;
}

int ad_xmit(struct rcf_adapter *a, u32 si, u32 dst, struct ad_path *p,
	    const void *msg, u32 len, u64 cookie)
{
	u8 buf[RCF_ENGINE_MAX_PKT], dh[RCF_DEST_ROUTE_LEN];
	u32 src = a->nodes[si].id, first, n, off = 0, pos, nh, room, chunk;
	const u8 *hops;
	u32 id, np, hdr;
	int r;

	n = rcf_engine_pair_routes(a->e, src, dst, &first);
	/* all packets or none: the engine cannot fail once they are held */
	np = ad_npkts(a, first, p ? 0 : n, len, &nh);
	if (a->dest && rcf_engine_dest_route(a->e, src, dst, dh))
		return -ENOENT;
	r = rcf_engine_reserve(a->e, np, nh);
	if (r)
		return r;
	id = a->nodes[si].next_id++;
	buf[0] = id >> 24;
	buf[1] = id >> 16;
	ad_put16(buf + 2, id);
	ad_put16(buf + 4, len);
	hdr = ad_hdr(a);
	do {
		if (p) {
			/* the circuits carry it past the master's port */
			hops = &p->hop;
			nh = 1;
		} else if (a->dest) {
			hops = dh;
			nh = RCF_DEST_ROUTE_LEN;
		} else {
			pos = ad_pick(a, src, first, n);
			rcf_engine_route_at(a->e, pos, &hops, &nh);
		}
		room = RCF_ENGINE_MAX_PKT - 1 - nh - hdr;
		chunk = len - off < room ? len - off : room;
		ad_put16(buf + 6, off);
		if (chunk)
			memcpy(buf + hdr, (const u8 *)msg + off, chunk);
		r = rcf_engine_send(a->e, src, hops, nh, buf, hdr + chunk,
				    cookie);
		if (r)	/* cannot happen after the reservation */
			return r;
		if (a->cap_dirs & RCF_CAPTURE_TX && src == a->cap_node)
			ad_capture(a, src, dst, RCF_CAPTURE_TX, hops, nh, buf,
				   hdr + chunk);
		off += chunk;
	} while (off < len);
	if (p) {
		p->inflight++;
		p->msgs++;
		p->bytes += len;
		a->path_inflight++;
	}
	a->st.msgs_sent++;
	a->st.tx_bytes += len;
	a->nodes[si].st.msgs_sent++;
	a->nodes[si].st.tx_bytes += len;
	rcf_os_trace(msg_send, a, src, dst, len, cookie);
	/* C_ij counts the pair's messages whichever way they went */
	if (n)
		rcf_engine_pair_state(a->e, first)->sent++;
	ad_moved(a, si, src, true);
	return 0;
}

/* What decides where node si's next message for dst goes. */
struct ad_way {
	struct ad_path *p;	/* the pair's path, or NULL */
	u32 first, n;		/* its routes */
	bool queued;		/* it has messages waiting */
	bool dest;		/* destination mode: no route needed */
};

static void ad_way_of(struct rcf_adapter *a, u32 si, u32 dst,
		      struct ad_way *w)
{
	struct ad_wpair *wp;

	w->p = a->raw || a->dest ? NULL : ad_path_of(a, si, dst);
	w->dest = a->dest;
	w->n = rcf_engine_pair_routes(a->e, a->nodes[si].id, dst, &w->first);
	wp = a->nodes[si].wpairs ? ad_wpair(a, si, dst, false) : NULL;
	w->queued = wp && wp->nwait;
}

/* The message waits in the pair's queue rather than going out now. */
static bool ad_way_waits(const struct ad_way *w)
{
	return w->queued || (w->p && !ad_path_ready(w->p)) ||
	       (!w->p && !w->n && !w->dest);
}

/*
 * Where a message goes (Documentation/paths.rst): behind the pair's
 * waiting messages if it has any, so a pair's messages keep their order;
 * on its HELD path; on its routes when it has no path; into the queue
 * while its path is not HELD, or, with requests on, while it has neither
 * path nor route.  Other pairs of the node are not held up by these.
 */
int rcf_adapter_send(struct rcf_adapter *a, u32 src, u32 dst, const void *msg,
		     u32 len, u64 cookie)
{
	int si = rcf_engine_node_index(a->e, src);
	int di = rcf_engine_node_index(a->e, dst);
	struct ad_way w;
	u32 nh;
	int r;

	if (si < 0 || di < 0)
		return -EINVAL;
	ad_way_of(a, si, dst, &w);
	if (!w.p && !w.n && !w.queued && !a->path_wait && !w.dest) {
		ad_drop(a, si, RCF_ADROP_NO_ROUTE);
		return -ENOENT;
	}
	if (len > RCF_ADAPTER_MAX_MSG ||
	    (a->raw && (w.n || w.dest) &&
	     ad_npkts(a, w.first, w.n, len, &nh) > 1)) {
		ad_drop(a, si, RCF_ADROP_MSG_SIZE);
		return -EMSGSIZE;
	}
	if (ad_way_waits(&w))
		return ad_wait(a, si, dst, msg, len, cookie);
	r = ad_xmit(a, si, dst, w.p, msg, len, cookie);
	if (r == -ENOENT) {
		/* destination mode, and the source has no link up */
		ad_drop(a, si, RCF_ADROP_NO_ROUTE);
		return r;
	}
	/* a message no budget of this engine can ever take is lost */
	if (r == -E2BIG)
		r = -ENOMEM;
	if (r == -ENOMEM)
		ad_drop(a, si, RCF_ADROP_NO_MEM);
	return r;
}

int rcf_adapter_set_raw(struct rcf_adapter *a, bool raw)
{
	if (!rcf_engine_quiet(a->e) || a->st.partial || a->st.path_waiting)
		return -EBUSY;
	a->raw = raw;
	return 0;
}

void rcf_adapter_set_capture(struct rcf_adapter *a, u32 node, u8 dirs)
{
	a->cap_node = node;
	a->cap_dirs = a->ops->capture ? dirs : 0;
}

void ad_capture(struct rcf_adapter *a, u32 node, u32 peer, u8 dir,
		const u8 *route, u32 nroute, const u8 *payload, u32 plen)
{
	struct rcf_adapter_cap c = {
		.node = node,
		.peer = peer,
		.dir = dir,
		.nroute = nroute,
		.hdr = ad_hdr(a),
		.route = route,
		.payload = payload,
		.plen = plen,
		.cycle = rcf_engine_now(a->e),
	};

	a->ops->capture(a->priv, &c);
}

int rcf_adapter_set_dest(struct rcf_adapter *a, bool dest)
{
	if (!rcf_engine_quiet(a->e) || a->st.partial || a->st.path_waiting)
		return -EBUSY;
	a->dest = dest;
	return 0;
}

int rcf_adapter_room(struct rcf_adapter *a, u32 src, u32 dst, u32 len)
{
	int si = rcf_engine_node_index(a->e, src);
	struct ad_way w;
	u32 np, nh;

	if (si < 0 || rcf_engine_node_index(a->e, dst) < 0 ||
	    len > RCF_ADAPTER_MAX_MSG)
		return 0;
	ad_way_of(a, si, dst, &w);
	/* a message that waits or is refused takes nothing from the pool */
	if (ad_way_waits(&w))
		return 0;
	np = ad_npkts(a, w.first, w.p ? 0 : w.n, len, &nh);
	return rcf_engine_room(a->e, np, nh);
}

u64 rcf_adapter_backlog(const struct rcf_adapter *a, u32 src)
{
	return rcf_engine_backlog(a->e, src);
}

void rcf_adapter_stats(const struct rcf_adapter *a,
		       struct rcf_adapter_stats *s)
{
	*s = a->st;
}

int rcf_adapter_node_stats(const struct rcf_adapter *a, u32 node,
			   struct rcf_adapter_stats *s)
{
	int i = rcf_engine_node_index(a->e, node);

	if (i < 0)
		return i;
	*s = a->nodes[i].st;
	return 0;
}

/*
 * Counters restart; messages being put together stay counted as partial,
 * and those waiting for a path as waiting.
 */
void rcf_adapter_stats_reset(struct rcf_adapter *a)
{
	u64 waiting = a->st.path_waiting;
	u32 i;

	memset(&a->st, 0, sizeof(a->st));
	a->st.path_waiting = waiting;
	rcf_engine_pair_state_reset(a->e);
	for (i = 0; i < a->nnodes; i++) {
		waiting = a->nodes[i].st.path_waiting;
		memset(&a->nodes[i].st, 0, sizeof(a->nodes[i].st));
		a->nodes[i].st.partial = a->nodes[i].nparts;
		a->nodes[i].st.path_waiting = waiting;
		a->st.partial += a->nodes[i].nparts;
	}
}

int rcf_adapter_pair_msgs(const struct rcf_adapter *a, u32 src, u32 dst,
			  u64 *sent, u64 *received)
{
	u32 first;

	if (rcf_engine_node_index(a->e, src) < 0 ||
	    rcf_engine_node_index(a->e, dst) < 0 ||
	    !rcf_engine_pair_routes(a->e, src, dst, &first))
		return -ENOENT;
	*sent = rcf_engine_pair_state(a->e, first)->sent;
	*received = rcf_engine_pair_state(a->e, first)->received;
	return 0;
}

void rcf_adapter_take_moved(struct rcf_adapter *a,
			    void (*fn)(void *priv, u32 node, u64 sent,
				       u64 received),
			    void *priv)
{
	u32 k;

	for (k = 0; k < a->nmoved; k++) {
		struct ad_node *n = &a->nodes[a->moved[k]];

		fn(priv, n->id, n->moved_sent, n->moved_recv);
		n->moved_sent = 0;
		n->moved_recv = 0;
		n->listed = false;
	}
	a->nmoved = 0;
}

/* The uapi's name for an adapter drop, so every home reports the same. */
int rcf_adapter_drop_reason(int adapter_drop)
{
	static const u8 map[RCF_ADROP_NR] = {
		[RCF_ADROP_NO_ROUTE] = RCF_DROP_NO_ROUTE,
		[RCF_ADROP_MSG_SIZE] = RCF_DROP_MSG_SIZE,
		[RCF_ADROP_REASSEMBLY] = RCF_DROP_REASSEMBLY,
		[RCF_ADROP_NO_MEM] = RCF_DROP_NO_MEM,
		[RCF_ADROP_BAD_HEADER] = RCF_DROP_BAD_HEADER,
		[RCF_ADROP_NO_PATH] = RCF_DROP_NO_PATH,
	};

	if (adapter_drop < 0 || adapter_drop >= RCF_ADROP_NR)
		return RCF_DROP_UNSPEC;
	return map[adapter_drop];
}
