// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "engine/engine.h"

int hook_attached, hook_detached, hook_fail_at = -1;
struct rcf_err last_err;
static int dev_seq;

static int t_attach(struct rcf_fabric *f, struct rcf_node *n, struct rcf_err *e)
{
	(void)f;
	if (hook_fail_at >= 0 && hook_attached == hook_fail_at)
		return rcf_fail(e, EEXIST, "test: attach refused",
				RCF_A_NODE_IFNAME);
	hook_attached++;
	n->dev = malloc(1);
	n->ifindex = 100 + dev_seq++;
	return 0;
}

static void t_detach(struct rcf_fabric *f, struct rcf_node *n)
{
	(void)f;
	hook_detached++;
	free(n->dev);
	n->dev = NULL;
}

const struct rcf_hooks test_hooks = {
	.attach = t_attach,
	.detach = t_detach,
};

struct rcf_fabric *fab_new(void)
{
	hook_attached = 0;
	hook_detached = 0;
	hook_fail_at = -1;
	return rcf_fabric_new(&test_hooks, NULL);
}

struct sbuf {
	char *p;
	size_t len, cap;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if ((size_t)n < b->cap - b->len)
			break;
		b->cap = b->cap * 2 + n + 64;
		b->p = realloc(b->p, b->cap);
	}
	b->len += n;
}

char *fab_dump(struct rcf_fabric *f)
{
	struct sbuf b = {.p = malloc(64), .cap = 64};
	struct rcf_circuit c;
	struct rcf_switch *s;
	struct rcf_route *r;
	struct rcf_path *p;
	struct rcf_link *l;
	struct rcf_node *n;
	u32 i, k = 0, sw = 0, in = 0, src = 0, dst = 0, idx = 0;

	b.p[0] = 0;
	sb_printf(&b, "counts %u %u %u %u %u %u cq %u mem %llu\n", f->n_nodes,
		  f->n_switches, f->n_links, f->n_circuits, f->n_routes,
		  f->n_paths, f->cq_size, (unsigned long long)f->mem);
	for (; (n = rcf_node_next(f, k)); k = n->id + 1) {
		sb_printf(&b, "node %u p%u l%u r%u pr%u '%s' if%u:", n->id,
			  n->ports, n->nlinks, n->route_refs, n->path_refs,
			  n->ifname, n->ifindex);
		for (i = 0; i < n->ports; i++)
			sb_printf(&b, " %d", (int)n->port_link[i]);
		sb_printf(&b, "\n");
	}
	for (k = 0; (s = rcf_switch_next(f, k)); k = s->id + 1) {
		sb_printf(&b, "switch %u p%u cq%u l%u c%u b%x:", s->id,
			  s->ports, s->cq_size, s->nlinks, s->ncircuits,
			  s->out_busy);
		for (i = 0; i < s->ports; i++)
			sb_printf(&b, " %d/%d/%u/%u/%u", (int)s->port_link[i],
				  s->circ_out[i] == RCF_NO_CIRCUIT
					  ? -1
					  : s->circ_out[i],
				  s->circ_users[i], s->in_users[i],
				  s->circ_path[i]);
		sb_printf(&b, "\n");
	}
	for (k = 0; (l = rcf_link_next(f, k)); k = l->id + 1)
		sb_printf(&b,
			  "link %u %u:%u:%u-%u:%u:%u bw%u lat%u v%u b%u s%u "
			  "u%u p%u\n",
			  l->id, l->a.kind, l->a.id, l->a.port, l->b.kind,
			  l->b.id, l->b.port, l->bandwidth, l->latency, l->vcs,
			  l->buf_size, l->state, l->users, l->paths);
	while (rcf_circuit_next(f, sw, in, &c)) {
		sb_printf(&b, "circuit %u %u->%u u%u p%u\n", c.sw, c.in_port,
			  c.out_port, c.users, c.path);
		sw = c.sw;
		in = c.in_port + 1;
	}
	while ((r = rcf_route_next(f, src, dst, idx))) {
		sb_printf(&b, "route %u %u %u:", r->src, r->dst, r->index);
		for (i = 0; i < r->nhops; i++)
			sb_printf(&b, " %02x", r->hops[i]);
		sb_printf(&b, "\n");
		src = r->src;
		dst = r->dst;
		idx = r->index + 1;
	}
	for (k = 0; (p = rcf_path_next(f, k)); k = p->id + 1) {
		sb_printf(&b, "path %u %u->%u s%u c%u:", p->id, p->master,
			  p->dst, p->state, p->ncircuits);
		for (i = 0; i < p->nhops; i++)
			sb_printf(&b, " %02x", p->hops[i]);
		sb_printf(&b, "\n");
	}
	for (k = 0; k < f->rels.cap; k++) {
		const struct rcf_rel *rl = rcf_rel_get(f, k);

		if (!rl)
			continue;
		sb_printf(&b, "rel %u d%u l%u c%u:", rl->sw, rl->ndst,
			  rl->nlists, rl->ncand);
		for (i = 0; i < rl->ndst; i++)
			sb_printf(&b, " %u/%u", rl->dst[i],
				  rcf_rel_list(rl, i));
		for (i = 0; i < rl->ncand; i++)
			sb_printf(&b, " %04x", rl->cand[i]);
		for (i = 0; rl->in && i < rl->ncand; i++)
			sb_printf(&b, " in%x", rl->in[i]);
		sb_printf(&b, "\n");
	}
	return b.p;
}

int op_txn(struct rcf_fabric *f, int (*fn)(struct rcf_fabric *, void *),
	   void *arg, struct rcf_err *e)
{
	int err;

	memset(e, 0, sizeof(*e));
	rcf_txn_begin(f);
	err = fn(f, arg);
	if (err) {
		rcf_txn_abort(f);
		return err;
	}
	return rcf_txn_commit(f, e);
}

struct op {
	int kind;
	struct rcf_node_cfg n;
	struct rcf_switch_cfg s;
	struct rcf_link_cfg l;
	struct rcf_circuit c;
	struct rcf_route r;
	int index;
};

static int op_apply(struct rcf_fabric *f, void *arg)
{
	struct op *o = arg;

	switch (o->kind) {
	case 0:
		return rcf_node_add(f, &o->n, &last_err);
	case 1:
		return rcf_switch_add(f, &o->s, &last_err);
	case 2:
		return rcf_link_add(f, &o->l, &last_err);
	case 3:
		return rcf_circuit_add(f, &o->c, &last_err);
	default:
		return rcf_route_add(f, &o->r, o->index, &last_err);
	}
}

static int op_run(struct rcf_fabric *f, struct op *o)
{
	struct rcf_err e;
	int err = op_txn(f, op_apply, o, &e);

	if (err && e.msg)
		last_err = e;
	return err;
}

int op_node(struct rcf_fabric *f, int id, int ports)
{
	struct op o = {.kind = 0};

	o.n.has_id = id >= 0;
	o.n.id = id;
	o.n.has_ports = ports >= 0;
	o.n.ports = ports;
	return op_run(f, &o);
}

int op_switch(struct rcf_fabric *f, int id, int ports)
{
	struct op o = {.kind = 1};

	o.s.has_id = id >= 0;
	o.s.id = id;
	o.s.has_ports = ports >= 0;
	o.s.ports = ports;
	return op_run(f, &o);
}

int op_link(struct rcf_fabric *f, int id, int ka, int ia, int pa, int kb,
	    int ib, int pb)
{
	struct op o = {.kind = 2};

	o.l.has_id = id >= 0;
	o.l.id = id;
	o.l.a = (struct rcf_end){ka, ia, pa};
	o.l.b = (struct rcf_end){kb, ib, pb};
	return op_run(f, &o);
}

int op_circuit(struct rcf_fabric *f, int sw, int in, int out)
{
	struct op o = {.kind = 3,
		       .c = {.sw = sw, .in_port = in, .out_port = out}};

	return op_run(f, &o);
}

int op_route(struct rcf_fabric *f, int src, int dst, int index, const u8 *hops,
	     int n)
{
	struct op o = {.kind = 4, .index = index};

	o.r.src = src;
	o.r.dst = dst;
	o.r.nhops = n;
	memcpy(o.r.hops, hops, n);
	return op_run(f, &o);
}

struct rcf_fabric *fab_chain(int h)
{
	const int n = RCF_ELEM_NODE, s = RCF_ELEM_SWITCH;
	struct rcf_fabric *f = fab_new();
	int i;

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	for (i = 0; i < h; i++)
		op_switch(f, i, 4);
	if (!h) {
		op_link(f, 0, n, 0, 0, n, 1, 0);
		return f;
	}
	op_link(f, 0, n, 0, 0, s, 0, 0);
	for (i = 1; i < h; i++)
		op_link(f, i, s, i - 1, 1, s, i, 0);
	op_link(f, h, s, h - 1, 1, n, 1, 0);
	return f;
}

struct rcf_fabric *fab_two_paths(void)
{
	const int n = RCF_ELEM_NODE, s = RCF_ELEM_SWITCH;
	struct rcf_fabric *f = fab_new();
	int i;

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	for (i = 0; i < 4; i++)
		op_switch(f, i, 4);
	op_link(f, 0, n, 0, 0, s, 0, 0);
	op_link(f, 1, s, 0, 1, s, 3, 0);
	op_link(f, 2, s, 0, 2, s, 1, 0);
	op_link(f, 3, s, 1, 1, s, 2, 0);
	op_link(f, 4, s, 2, 1, s, 3, 2);
	op_link(f, 5, s, 3, 1, n, 1, 0);
	return f;
}

u32 rnd_state;

u32 rnd(u32 n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

int rnd_walk(struct rcf_fabric *f, u32 src, u8 *r, int max, int max_tries)
{
	return rnd_walk_from(f, src, 0, r, max, max_tries);
}

int rnd_walk_from(struct rcf_fabric *f, u32 src, u32 port, u8 *r, int max,
		  int max_tries)
{
	struct rcf_node *n = rcf_node_get(f, src);
	struct rcf_link *l = rcf_link_get(f, n->port_link[port]);
	struct rcf_end at = l->a.kind == RCF_ELEM_NODE && l->a.id == src &&
					    l->a.port == port
				    ? l->b
				    : l->a;
	int len = 0, tries = 0;

	r[len++] = RCF_HOP(port, rnd(l->vcs));
	while (at.kind == RCF_ELEM_SWITCH && len < max &&
	       (!max_tries || tries++ < max_tries)) {
		struct rcf_switch *s = rcf_switch_get(f, at.id);
		u32 p = rnd(s->ports);

		if (s->port_link[p] == RCF_NONE)
			continue;
		l = rcf_link_get(f, s->port_link[p]);
		r[len++] = RCF_HOP(p, rnd(l->vcs));
		at = l->a.kind == RCF_ELEM_SWITCH && l->a.id == at.id &&
				     l->a.port == p
			     ? l->b
			     : l->a;
	}
	return len;
}

void link_params(struct rcf_fabric *f, u32 id, u32 bw, u32 lat, u32 buf)
{
	struct rcf_link *l = rcf_link_get(f, id);

	/* the model counts the link's event queues by these */
	f->mem -= rcf_link_ev_bytes(l);
	l->bandwidth = bw;
	l->latency = lat;
	l->buf_size = buf;
	f->mem += rcf_link_ev_bytes(l);
}

void link_vcs(struct rcf_fabric *f, u32 id, u32 vcs)
{
	struct rcf_link *l = rcf_link_get(f, id);

	f->mem -= rcf_link_ev_bytes(l);
	l->vcs = vcs;
	f->mem += rcf_link_ev_bytes(l);
}

struct eng_got egot;

static void egot_deliver(void *priv, u32 dst, u32 src, const u8 *payload,
			 u32 len, u64 cookie, u64 latency)
{
	(void)priv;
	(void)dst;
	(void)src;
	(void)payload;
	if (egot.n < 256) {
		egot.cookie[egot.n] = cookie;
		egot.lat[egot.n] = latency;
		egot.len[egot.n] = len;
		egot.at[egot.n] = egot.e ? rcf_engine_now(egot.e) : 0;
	}
	egot.n++;
}

const struct rcf_engine_ops egot_ops = {.deliver = egot_deliver};

void egot_reset(struct rcf_engine *e)
{
	memset(&egot, 0, sizeof(egot));
	egot.e = e;
}

void fab_star(struct rcf_fabric *f, u32 cq)
{
	int i;

	for (i = 0; i < 4; i++)
		op_node(f, i, 1);
	op_switch(f, 0, 4);
	for (i = 0; i < 4; i++) {
		op_link(f, i, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, 0, i);
		link_params(f, i, 1, 1, 16);
	}
	rcf_switch_get(f, 0)->cq_size = cq;
}

struct relop {
	u32 sw, n;
	const struct rcf_rel_ent *ents;
};

static int rel_fn(struct rcf_fabric *f, void *arg)
{
	const struct relop *o = arg;

	return rcf_rel_set(f, o->sw, o->ents, o->n, &last_err);
}

int op_rel(struct rcf_fabric *f, u32 sw, const struct rcf_rel_ent *ents, u32 n)
{
	struct relop o = {sw, n, ents};
	struct rcf_err e;

	return op_txn(f, rel_fn, &o, &e);
}
