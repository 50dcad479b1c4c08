// SPDX-License-Identifier: GPL-2.0
/*
 * Compiles a fabric into the engine's dense arrays.  Everything the
 * engine reads while running is copied here, so the model may change (and
 * a new engine be built for the next epoch) while this one runs.
 */
#include "engine_priv.h"

static void *eng_array(size_t n, size_t size)
{
	if (!n)
		n = 1;
	if (n > (size_t)-1 / size)
		return NULL;
	return rcf_os_zalloc(n * size);
}

static u32 *eng_map(u32 n)
{
	u32 *m = eng_array(n, sizeof(u32));
	u32 i;

	if (m)
		for (i = 0; i < n; i++)
			m[i] = ENG_NONE;
	return m;
}

/* Counts objects and allocates every array; returns -ENOMEM or 0. */
static int eng_alloc(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 k, nvc = 0;

	e->max_node = f->nodes.cap;
	e->max_sw = f->switches.cap;
	e->max_link = f->links.cap;
	e->nnodes = f->n_nodes;
	e->nelem = f->n_nodes + f->n_switches;
	e->ndl = 2 * f->n_links;
	for (k = 0; k < f->nodes.cap; k++) {
		const struct rcf_node *n = rcf_vec_get(&f->nodes, k);

		if (n)
			e->nport += n->ports;
	}
	e->nsq = e->nport;
	for (k = 0; k < f->switches.cap; k++) {
		const struct rcf_switch *s = rcf_vec_get(&f->switches, k);

		if (s)
			e->nport += s->ports;
	}
	for (k = 0; k < f->links.cap; k++) {
		const struct rcf_link *l = rcf_vec_get(&f->links, k);

		if (l)
			nvc += 2 * l->vcs;
	}
	e->nchan = nvc;
	e->elem = eng_array(e->nelem, sizeof(*e->elem));
	e->port_out = eng_map(e->nport);
	e->port_in = eng_map(e->nport);
	e->circ = eng_array(e->nport, 1);
	e->sq = eng_array(e->nsq, sizeof(*e->sq));
	e->dl = eng_array(e->ndl, sizeof(*e->dl));
	e->chan = eng_array(e->nchan, sizeof(*e->chan));
	e->nrblk = f->rsrc.cap;
	e->rblk = eng_array(e->nrblk, sizeof(*e->rblk));
	e->node_idx = eng_map(e->max_node);
	e->sw_idx = eng_map(e->max_sw);
	e->link_dl = eng_map(e->max_link);
	e->act = eng_array(e->nelem, sizeof(u32));
	e->act_next = eng_array(e->nelem, sizeof(u32));
	e->heap_cap = 64;
	e->heap = eng_array(e->heap_cap, sizeof(*e->heap));
	if (e->nnodes <= RCF_ENGINE_MATRIX_MAX)
		e->pairs = eng_array((size_t)e->nnodes * e->nnodes,
				     sizeof(*e->pairs));
	if (!e->elem || !e->port_out || !e->port_in || !e->circ || !e->sq ||
	    !e->dl || !e->chan || !e->rblk || !e->node_idx || !e->sw_idx ||
	    !e->link_dl || !e->act || !e->act_next || !e->heap ||
	    (e->nnodes <= RCF_ENGINE_MATRIX_MAX && !e->pairs))
		return -ENOMEM;
	return 0;
}

static void eng_elems(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 k, el = 0, port = 0, i;

	for (k = 0; k < f->nodes.cap; k++) {
		const struct rcf_node *n = rcf_vec_get(&f->nodes, k);

		if (!n)
			continue;
		e->node_idx[k] = el;
		e->elem[el].id = k;
		e->elem[el].nports = n->ports;
		e->elem[el].nsq = n->ports;
		e->elem[el].port0 = port;
		port += n->ports;
		el++;
	}
	for (k = 0; k < f->switches.cap; k++) {
		const struct rcf_switch *s = rcf_vec_get(&f->switches, k);
		struct eng_elem *x = &e->elem[el];

		if (!s)
			continue;
		e->sw_idx[k] = el;
		x->is_switch = 1;
		x->id = k;
		x->nports = s->ports;
		x->port0 = port;
		x->cq_cap = s->cq_size / RCF_ENGINE_CHUNK;
		x->cq_free = x->cq_cap;
		x->cq_built = x->cq_cap;
		for (i = 0; i < s->ports; i++) {
			e->circ[port + i] = s->circ_out[i];
			e->ncirc += s->circ_out[i] != RCF_NO_CIRCUIT;
		}
		e->circ_dirty = 1;
		port += s->ports;
		el++;
	}
}

static u32 eng_end(struct rcf_engine *e, const struct rcf_end *end)
{
	u32 el = end->kind == RCF_ELEM_NODE ? e->node_idx[end->id] :
					      e->sw_idx[end->id];

	return e->elem[el].port0 + end->port;
}

static void eng_links(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 k, d = 0, c = 0, v;
	int dir;

	for (k = 0; k < f->links.cap; k++) {
		const struct rcf_link *l = rcf_vec_get(&f->links, k);

		if (!l)
			continue;
		e->link_dl[k] = d;
		for (dir = 0; dir < 2; dir++, d++) {
			const struct rcf_end *a = dir ? &l->b : &l->a;
			const struct rcf_end *b = dir ? &l->a : &l->b;
			struct eng_dlink *x = &e->dl[d];

			x->link = k;
			x->dir = dir;
			x->up = l->state == RCF_LINK_UP;
			x->vcs = l->vcs;
			x->bw = l->bandwidth;
			x->lat = l->latency;
			x->buf = l->buf_size;
			x->from_port = a->port;
			x->to_port = b->port;
			x->from = a->kind == RCF_ELEM_NODE ?
				  e->node_idx[a->id] : e->sw_idx[a->id];
			x->to = b->kind == RCF_ELEM_NODE ?
				e->node_idx[b->id] : e->sw_idx[b->id];
			/*
			 * A node linked to a node is a router's processor, as
			 * in the generators' tori and meshes: it injects through
			 * one queue, as a router's single injection channel
			 * does; only a node whose ports all lead to switches (a
			 * k-port processor) sends on every port at once.
			 */
			if (a->kind == RCF_ELEM_NODE && b->kind == RCF_ELEM_NODE)
				e->elem[x->from].nsq = 1;
			e->port_out[eng_end(e, a)] = d;
			e->port_in[eng_end(e, b)] = d;
			x->chan0 = c;
			for (v = 0; v < l->vcs; v++, c++) {
				e->chan[c].dl = d;
				e->chan[c].vc = v;
				e->chan[c].credit = l->buf_size;
			}
		}
	}
}

/*
 * The routes of one source's table t (NULL: none) as a block in *out
 * (NULL when it has none); -ENOMEM or 0.  One allocation holds it all.
 */
int eng_rblk_build(const struct rcf_vec *t, struct eng_rblk **out)
{
	struct eng_rblk *b;
	u32 k, n = 0;

	*out = NULL;
	for (k = 0; t && k < t->cap; k++)
		if (rcf_vec_get(t, k))
			n++;
	if (!n)
		return 0;
	b = rcf_os_zalloc(sizeof(*b) + (size_t)n * (sizeof(*b->r) +
						    sizeof(*b->ps)));
	if (!b)
		return -ENOMEM;
	b->ps = (struct rcf_pair_state *)(b + 1);
	b->r = (struct eng_route *)(b->ps + n);
	for (k = 0; k < t->cap && b->n < n; k++) {
		const struct rcf_route *r = rcf_vec_get(t, k);
		struct eng_route *d = &b->r[b->n];

		if (!r)
			continue;
		d->src = r->src;
		d->dst = r->dst;
		d->index = r->index;
		d->nhops = r->nhops;
		memcpy(d->hops, r->hops, r->nhops);
		b->n++;
	}
	*out = b;
	return 0;
}

void eng_rblk_free(struct eng_rblk *b)
{
	rcf_os_free(b);
}

static int eng_routes(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 s;

	for (s = 0; s < e->nrblk; s++) {
		if (eng_rblk_build(rcf_vec_get(&f->rsrc, s), &e->rblk[s]))
			return -ENOMEM;
		if (e->rblk[s])
			e->nroutes += e->rblk[s]->n;
	}
	return 0;
}

struct rcf_engine *rcf_engine_build(const struct rcf_fabric *f,
				    const struct rcf_engine_ops *ops,
				    void *priv)
{
	struct rcf_engine *e = rcf_os_zalloc(sizeof(*e));

	if (!e)
		return NULL;
	e->ops = ops;
	e->priv = priv;
	if (eng_alloc(e, f) || eng_routes(e, f)) {
		rcf_engine_free(e);
		return NULL;
	}
	eng_elems(e, f);
	eng_links(e, f);
	if (eng_rel_build(e, f)) {
		rcf_engine_free(e);
		return NULL;
	}
	e->st.lat_min = ~0ULL;
	e->exact = 1;
	return e;
}

void rcf_engine_free(struct rcf_engine *e)
{
	u32 u;

	if (!e)
		return;
	eng_pool_free(e);
	rcf_os_free(e->elem);
	rcf_os_free(e->port_out);
	rcf_os_free(e->port_in);
	rcf_os_free(e->circ);
	rcf_os_free(e->sq);
	rcf_os_free(e->dl);
	rcf_os_free(e->chan);
	for (u = 0; e->rblk && u < e->nrblk; u++)
		eng_rblk_free(e->rblk[u]);
	rcf_os_free(e->rblk);
	rcf_os_free(e->node_idx);
	rcf_os_free(e->sw_idx);
	rcf_os_free(e->link_dl);
	rcf_os_free(e->act);
	rcf_os_free(e->act_next);
	rcf_os_free(e->heap);
	eng_wheel_free(e);
	rcf_os_free(e->pairs);
	eng_rel_free(e);
	rcf_os_free(e);
}

u64 eng_rblk_bytes(const struct eng_rblk *b)
{
	return b ? sizeof(*b) + (u64)b->n * (sizeof(*b->r) + sizeof(*b->ps)) :
		   0;
}

u64 rcf_engine_table_bytes(const struct rcf_engine *e)
{
	u64 n = sizeof(*e), ports = e->nport ? e->nport : 1;
	u32 u;

	n += (u64)e->nelem * (sizeof(*e->elem) + 2 * sizeof(u32));
	n += ports * (2 * sizeof(u32) + 1);
	n += (u64)(e->nsq ? e->nsq : 1) * sizeof(*e->sq);
	n += (u64)e->ndl * sizeof(*e->dl) + (u64)e->nchan * sizeof(*e->chan);
	n += ((u64)e->max_node + e->max_sw + e->max_link) * sizeof(u32);
	n += (u64)e->nrblk * sizeof(*e->rblk);
	for (u = 0; e->rblk && u < e->nrblk; u++)
		n += eng_rblk_bytes(e->rblk[u]);
	n += (u64)e->heap_cap * sizeof(*e->heap);
	if (e->pairs)
		n += (u64)e->nnodes * e->nnodes * sizeof(*e->pairs);
	if (e->wheel) {
		n += ((u64)e->wmask + 1) * sizeof(*e->wheel);
		for (u = 0; u <= e->wmask; u++)
			n += (u64)e->wheel[u].cap * sizeof(*e->wheel[u].v);
	}
	n += 2 * (u64)e->ff_cap * sizeof(*e->ff_log);
	n += eng_rel_bytes(e);
	if (e->ffc)
		n += ((u64)e->nchan + 1) * sizeof(*e->ffc);
	if (e->rpa)
		n += ((u64)e->nrpa + 1) * sizeof(*e->rpa);
	return n;
}

static const struct eng_rblk *eng_rblk_of(const struct rcf_engine *e,
					   u32 src)
{
	return src < e->nrblk ? e->rblk[src] : NULL;
}

/* First position in b at or after (dst, index), b->n if none. */
static u32 eng_rblk_lower(const struct eng_rblk *b, u32 dst, u32 index)
{
	u32 lo = 0, hi = b->n, key = dst * RCF_ROUTES_PER_PAIR + index;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;
		const struct eng_route *r = &b->r[mid];

		if (r->dst * RCF_ROUTES_PER_PAIR + r->index < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int rcf_engine_route(const struct rcf_engine *e, u32 src, u32 dst, u32 index,
		     const u8 **hops, u32 *nhops)
{
	const struct eng_rblk *b = eng_rblk_of(e, src);
	u32 k;

	if (!b)
		return -ENOENT;
	k = eng_rblk_lower(b, dst, index);
	if (k == b->n || b->r[k].dst != dst || b->r[k].index != index)
		return -ENOENT;
	*hops = b->r[k].hops;
	*nhops = b->r[k].nhops;
	return 0;
}

int rcf_engine_node_index(const struct rcf_engine *e, u32 node)
{
	if (node >= e->max_node || e->node_idx[node] == ENG_NONE)
		return -ENOENT;
	/* nodes come first in the element array */
	return e->node_idx[node];
}

u32 rcf_engine_nnodes(const struct rcf_engine *e)
{
	return e->nnodes;
}

u32 rcf_engine_nroutes(const struct rcf_engine *e)
{
	return e->nroutes;
}

u32 rcf_engine_pair_routes(const struct rcf_engine *e, u32 src, u32 dst,
			   u32 *first)
{
	const struct eng_rblk *b = eng_rblk_of(e, src);
	u32 k, n = 0;

	*first = 0;
	if (!b)
		return 0;
	k = eng_rblk_lower(b, dst, 0);
	*first = (src << ENG_POS_BITS) | k;
	while (k + n < b->n && b->r[k + n].dst == dst)
		n++;
	return n;
}

int rcf_engine_route_at(const struct rcf_engine *e, u32 pos, const u8 **hops,
			u32 *nhops)
{
	const struct eng_rblk *b = eng_rblk_of(e, pos >> ENG_POS_BITS);
	u32 k = pos & ((1u << ENG_POS_BITS) - 1);

	if (!b || k >= b->n)
		return -ENOENT;
	*hops = b->r[k].hops;
	*nhops = b->r[k].nhops;
	return 0;
}

struct rcf_pair_state *rcf_engine_pair_state(struct rcf_engine *e, u32 pos)
{
	return &e->rblk[pos >> ENG_POS_BITS]->ps[pos & ((1u << ENG_POS_BITS) - 1)];
}

void rcf_engine_pair_state_reset(struct rcf_engine *e)
{
	u32 s, k;

	for (s = 0; s < e->nrblk; s++)
		for (k = 0; e->rblk[s] && k < e->rblk[s]->n; k++) {
			e->rblk[s]->ps[k].sent = 0;
			e->rblk[s]->ps[k].received = 0;
		}
}
