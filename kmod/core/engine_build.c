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
	e->nroutes = f->n_routes;
	e->elem = eng_array(e->nelem, sizeof(*e->elem));
	e->port_out = eng_map(e->nport);
	e->port_in = eng_map(e->nport);
	e->circ = eng_array(e->nport, 1);
	e->dl = eng_array(e->ndl, sizeof(*e->dl));
	e->chan = eng_array(e->nchan, sizeof(*e->chan));
	e->routes = eng_array(e->nroutes, sizeof(*e->routes));
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
	if (!e->elem || !e->port_out || !e->port_in || !e->circ || !e->dl ||
	    !e->chan || !e->routes || !e->node_idx || !e->sw_idx ||
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
		for (i = 0; i < s->ports; i++)
			e->circ[port + i] = s->circ_out[i];
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

static void eng_routes(struct rcf_engine *e, const struct rcf_fabric *f)
{
	u32 s, k, n = 0;

	for (s = 0; s < f->rsrc.cap; s++) {
		const struct rcf_vec *t = rcf_vec_get(&f->rsrc, s);

		for (k = 0; t && k < t->cap && n < e->nroutes; k++) {
			const struct rcf_route *r = rcf_vec_get(t, k);

			if (!r)
				continue;
			e->routes[n].src = r->src;
			e->routes[n].dst = r->dst;
			e->routes[n].index = r->index;
			e->routes[n].nhops = r->nhops;
			memcpy(e->routes[n].hops, r->hops, r->nhops);
			n++;
		}
	}
	e->nroutes = n;
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
	if (eng_alloc(e, f)) {
		rcf_engine_free(e);
		return NULL;
	}
	eng_elems(e, f);
	eng_links(e, f);
	eng_routes(e, f);
	e->st.lat_min = ~0ULL;
	return e;
}

void rcf_engine_free(struct rcf_engine *e)
{
	if (!e)
		return;
	eng_pool_free(e);
	rcf_os_free(e->elem);
	rcf_os_free(e->port_out);
	rcf_os_free(e->port_in);
	rcf_os_free(e->circ);
	rcf_os_free(e->dl);
	rcf_os_free(e->chan);
	rcf_os_free(e->routes);
	rcf_os_free(e->node_idx);
	rcf_os_free(e->sw_idx);
	rcf_os_free(e->link_dl);
	rcf_os_free(e->act);
	rcf_os_free(e->act_next);
	rcf_os_free(e->heap);
	rcf_os_free(e->pairs);
	rcf_os_free(e);
}

int rcf_engine_route(const struct rcf_engine *e, u32 src, u32 dst, u32 index,
		     const u8 **hops, u32 *nhops)
{
	u32 lo = 0, hi = e->nroutes;
	u64 key = ((u64)src << 32) | (dst * RCF_ROUTES_PER_PAIR + index);

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;
		const struct eng_route *r = &e->routes[mid];
		u64 k = ((u64)r->src << 32) |
			(r->dst * RCF_ROUTES_PER_PAIR + r->index);

		if (k == key) {
			*hops = r->hops;
			*nhops = r->nhops;
			return 0;
		}
		if (k < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -ENOENT;
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
	u32 lo = 0, hi = e->nroutes, n = 0;

	/* lower bound of (src, dst) in the sorted table */
	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;
		const struct eng_route *r = &e->routes[mid];

		if (r->src < src || (r->src == src && r->dst < dst))
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < e->nroutes && e->routes[lo + n].src == src &&
	       e->routes[lo + n].dst == dst)
		n++;
	return n;
}

int rcf_engine_route_at(const struct rcf_engine *e, u32 pos, const u8 **hops,
			u32 *nhops)
{
	if (pos >= e->nroutes)
		return -ENOENT;
	*hops = e->routes[pos].hops;
	*nhops = e->routes[pos].nhops;
	return 0;
}
