// SPDX-License-Identifier: GPL-2.0
/*
 * Circuit-realised ring, mesh and hypercube (García-Duato §2).
 *
 * The paper's machine is a Parsys SN 1000 Supernode: 16 transputers,
 * each with 4 links, all links wired into a crossbar that a control
 * processor sets up (§2.2).  Here the crossbar is two rcf switches of
 * RCF_SWITCH_MAX_PORTS ports: switch 0 carries links 0 and 1 of every
 * node, switch 1 links 2 and 3, node i's link k on port 2i + k % 2 of
 * switch k / 2.  A topology only ever joins link k of one position to
 * link k ^ 1 (ring, mesh) or k (hypercube) of another, both on the same
 * switch, so one switch pair is enough; the price is the Supernode's 16
 * processor limit (32 ports / 2 links per switch), which is also the
 * largest hypercube the paper's FDP simulates.  The real Supernode's
 * crossbar is one larger switch; splitting it changes nothing a route
 * can see.
 *
 * Each bidirectional connection is two circuits, one per direction.
 * Routes are relayed by nodes (store and forward in the paper, §2.1):
 * the route byte read at the source and at every relaying node is that
 * node's output link; switch inputs all carry circuits and read none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/parse.h"
#include "reconf/supernode.h"
#include "util/grow.h"

#define NONE UINT32_MAX

int sn_parse(const char *spec, struct sn_topo *t, char *err, size_t errlen)
{
	uint64_t a = 0, b = 0;
	const char *arg = strchr(spec, ':');

	memset(t, 0, sizeof(*t));
	if (!arg)
		goto bad;
	arg++;
	if (!strncmp(spec, "ring:", 5)) {
		if (rcf_parse_num(arg, SN_MAX_NODES, &a) || a < 3)
			goto bad;
		t->kind = SN_RING;
		t->n = a;
	} else if (!strncmp(spec, "mesh:", 5)) {
		char buf[32], *x;

		if (strlen(arg) >= sizeof(buf))
			goto bad;
		strcpy(buf, arg);
		x = strchr(buf, 'x');
		if (!x)
			goto bad;
		*x = '\0';
		if (rcf_parse_num(buf, SN_MAX_NODES, &a) ||
		    rcf_parse_num(x + 1, SN_MAX_NODES, &b) || !a || !b ||
		    a * b < 2 || a * b > SN_MAX_NODES)
			goto bad;
		t->kind = SN_MESH;
		t->x = a;
		t->y = b;
		t->n = a * b;
	} else if (!strncmp(spec, "hypercube:", 10)) {
		if (rcf_parse_num(arg, SN_LINKS, &a) || a < 1)
			goto bad;
		t->kind = SN_HYPERCUBE;
		t->dim = a;
		t->n = 1u << a;
	} else {
		goto bad;
	}
	return 0;
bad:
	snprintf(err, errlen,
		 "supernode topology \"%s\": want ring:N (3 <= N <= %d), "
		 "mesh:XxY (2 <= X*Y <= %d) or hypercube:D (1 <= D <= %d)",
		 spec, SN_MAX_NODES, SN_MAX_NODES, SN_LINKS);
	return -1;
}

/* The position link k of position p leads to, or NONE. */
uint32_t sn_step(const struct sn_topo *t, uint32_t p, uint32_t k)
{
	uint32_t c, r;

	switch (t->kind) {
	case SN_RING:
		if (k > 1)
			return NONE;
		return k == 0 ? (p + 1) % t->n : (p + t->n - 1) % t->n;
	case SN_MESH:
		c = p % t->x;
		r = p / t->x;
		if ((k == 0 && c + 1 >= t->x) || (k == 1 && c == 0) ||
		    (k == 2 && r + 1 >= t->y) || (k == 3 && r == 0) || k > 3)
			return NONE;
		return k == 0	? p + 1
		       : k == 1 ? p - 1
		       : k == 2 ? p + t->x
				: p - t->x;
	case SN_HYPERCUBE:
		return k < t->dim ? p ^ (1u << k) : NONE;
	}
	return NONE;
}

/* The link at the far end of link k: ring and mesh pair +/- links. */
uint32_t sn_back(const struct sn_topo *t, uint32_t k)
{
	return t->kind == SN_HYPERCUBE ? k : k ^ 1;
}

/*
 * The link a message at position p takes towards position d (p != d):
 * the shorter way round the ring (the + way on a tie), x then y on the
 * mesh, the lowest differing dimension first on the hypercube (e-cube).
 */
static uint32_t next_link(const struct sn_topo *t, uint32_t p, uint32_t d)
{
	switch (t->kind) {
	case SN_RING:
		return (d + t->n - p) % t->n <= t->n / 2 ? 0 : 1;
	case SN_MESH:
		if (d % t->x != p % t->x)
			return d % t->x > p % t->x ? 0 : 1;
		return d / t->x > p / t->x ? 2 : 3;
	case SN_HYPERCUBE:
		return __builtin_ctz(p ^ d);
	}
	return 0;
}

uint32_t sn_route_hops(const struct sn_topo *t, uint32_t pa, uint32_t pb,
		       uint8_t *hops)
{
	uint32_t n = 0;

	while (pa != pb && n < RCF_ROUTE_MAX_HOPS) {
		uint32_t k = next_link(t, pa, pb);

		if (hops)
			hops[n] = RCF_HOP(k, 0);
		n++;
		pa = sn_step(t, pa, k);
	}
	return n;
}

uint32_t sn_path(const struct sn_topo *t, uint32_t pa, uint32_t pb,
		 uint32_t *out)
{
	uint32_t n = 0;

	while (pa != pb) {
		pa = sn_step(t, pa, next_link(t, pa, pb));
		if (pa != pb)
			out[n++] = pa;
	}
	return n;
}

uint32_t sn_dist(const struct sn_topo *t, uint32_t pa, uint32_t pb)
{
	uint32_t dx, dy;

	if (pa == pb)
		return 0;
	switch (t->kind) {
	case SN_RING:
		dx = (pb + t->n - pa) % t->n;
		return (dx < t->n - dx ? dx : t->n - dx) - 1;
	case SN_MESH:
		dx = pa % t->x > pb % t->x ? pa % t->x - pb % t->x
					   : pb % t->x - pa % t->x;
		dy = pa / t->x > pb / t->x ? pa / t->x - pb / t->x
					   : pb / t->x - pa / t->x;
		return dx + dy - 1;
	case SN_HYPERCUBE:
		return __builtin_popcount(pa ^ pb) - 1;
	}
	return 0;
}

uint32_t sn_neighbours(const struct sn_topo *t, uint32_t p, uint32_t *out)
{
	uint32_t n = 0;

	for (uint32_t k = 0; k < SN_LINKS; k++) {
		uint32_t q = sn_step(t, p, k);

		/* a 2-ring or 2-wide mesh would list one neighbour twice */
		if (q == NONE || q == p)
			continue;
		for (uint32_t i = 0; i < n; i++)
			if (out[i] == q)
				q = NONE;
		if (q != NONE)
			out[n++] = q;
	}
	return n;
}

int sn_map_init(struct sn_map *m, uint32_t n)
{
	m->n = n;
	m->pos = calloc(n ? n : 1, sizeof(*m->pos));
	m->at = calloc(n ? n : 1, sizeof(*m->at));
	if (!m->pos || !m->at) {
		sn_map_free(m);
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		m->pos[i] = m->at[i] = i;
	return 0;
}

void sn_map_free(struct sn_map *m)
{
	free(m->pos);
	free(m->at);
	m->pos = m->at = NULL;
	m->n = 0;
}

int sn_map_copy(struct sn_map *dst, const struct sn_map *src)
{
	if (sn_map_init(dst, src->n))
		return -1;
	memcpy(dst->pos, src->pos, src->n * sizeof(*src->pos));
	memcpy(dst->at, src->at, src->n * sizeof(*src->at));
	return 0;
}

void sn_map_swap(struct sn_map *m, uint32_t a, uint32_t b)
{
	uint32_t pa = m->pos[a], pb = m->pos[b];

	m->pos[a] = pb;
	m->pos[b] = pa;
	m->at[pa] = b;
	m->at[pb] = a;
}

void sn_port(uint32_t node, uint32_t k, uint32_t *sw, uint32_t *port)
{
	*sw = k / 2;
	*port = 2 * node + k % 2;
}

static int add_circuits(const struct sn_topo *t, const struct sn_map *m,
			struct rcf_topo *o)
{
	for (uint32_t p = 0; p < t->n; p++) {
		for (uint32_t k = 0; k < SN_LINKS; k++) {
			uint32_t q = sn_step(t, p, k), sw, in, sw2, out;
			struct rcf_obj c;

			if (q == NONE || q == p)
				continue;
			sn_port(m->at[p], k, &sw, &in);
			sn_port(m->at[q], sn_back(t, k), &sw2, &out);
			rcf_obj_init(&c, RCF_K_CIRCUIT);
			rcf_set(&c, RCF_A_CIRCUIT_SWITCH, sw);
			rcf_set(&c, RCF_A_CIRCUIT_IN_PORT, in);
			rcf_set(&c, RCF_A_CIRCUIT_OUT_PORT, out);
			if (!rcf_topo_add(o, &c))
				return -1;
		}
	}
	return 0;
}

static void route_obj(const struct sn_topo *t, const struct sn_map *m,
		      uint32_t i, uint32_t j, struct rcf_obj *r)
{
	rcf_obj_init(r, RCF_K_ROUTE);
	rcf_set(r, RCF_A_ROUTE_SRC, i);
	rcf_set(r, RCF_A_ROUTE_DST, j);
	rcf_set(r, RCF_A_ROUTE_INDEX, 0);
	r->nhops = sn_route_hops(t, m->pos[i], m->pos[j], r->hops);
	rcf_mark(r, RCF_A_ROUTE_HOPS);
}

int sn_build(const struct sn_topo *t, const struct sn_map *m,
	     struct rcf_topo *o, char *err, size_t errlen)
{
	struct rcf_obj r;

	rcf_topo_init(o);
	if (t->n > SN_MAX_NODES || m->n != t->n) {
		snprintf(err, errlen, "supernode: %u nodes, at most %d", t->n,
			 SN_MAX_NODES);
		return -1;
	}
	o->shape = (struct rcf_topo_shape){RCF_SHAPE_SUPERNODE, t->n, 0, 0};
	for (uint32_t i = 0; i < t->n; i++)
		if (!rcf_topo_node(o, i, SN_LINKS))
			goto nomem;
	for (uint32_t s = 0; s < SN_SWITCHES; s++)
		if (!rcf_topo_switch(o, s, RCF_SWITCH_MAX_PORTS))
			goto nomem;
	for (uint32_t i = 0; i < t->n; i++) {
		for (uint32_t k = 0; k < SN_LINKS; k++) {
			uint32_t sw, port;

			sn_port(i, k, &sw, &port);
			if (!rcf_topo_link(o, RCF_ELEM_NODE, i, k,
					   RCF_ELEM_SWITCH, sw, port))
				goto nomem;
		}
	}
	if (add_circuits(t, m, o))
		goto nomem;
	for (uint32_t i = 0; i < t->n; i++)
		for (uint32_t j = 0; j < t->n; j++) {
			if (i == j)
				continue;
			route_obj(t, m, i, j, &r);
			if (!rcf_topo_add(o, &r))
				goto nomem;
		}
	rcf_topo_sort(o);
	return 0;
nomem:
	rcf_topo_free(o);
	snprintf(err, errlen, "supernode: out of memory");
	return -1;
}

static const struct rcf_obj *find(const struct rcf_objv *v,
				  const struct rcf_obj *key)
{
	size_t lo = 0, hi = v->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = rcf_obj_cmp_key(&v->o[mid], key);

		if (!c)
			return &v->o[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Does route r, walked under mapping m, cross a circuit listed in gone? */
static int crosses(const struct sn_topo *t, const struct sn_map *m,
		   const struct rcf_obj *r, const struct rcf_objv *gone)
{
	uint32_t p = m->pos[r->v[RCF_A_ROUTE_SRC]];

	for (uint32_t h = 0; h < r->nhops; h++) {
		uint32_t k = RCF_HOP_PORT(r->hops[h]), sw, in;
		struct rcf_obj c;

		sn_port(m->at[p], k, &sw, &in);
		rcf_obj_init(&c, RCF_K_CIRCUIT);
		rcf_set(&c, RCF_A_CIRCUIT_SWITCH, sw);
		rcf_set(&c, RCF_A_CIRCUIT_IN_PORT, in);
		if (find(gone, &c))
			return 1;
		p = sn_step(t, p, k);
	}
	return 0;
}

struct opv {
	struct rcf_op *o;
	size_t n, cap;
};

static int push(struct opv *v, enum rcf_kind kind, enum rcf_verb verb,
		const struct rcf_obj *o)
{
	struct rcf_op *p = rcf_grow(v->o, v->n, &v->cap, sizeof(*p), 64);

	if (!p)
		return -1;
	v->o = p;
	memset(&v->o[v->n], 0, sizeof(v->o[v->n]));
	v->o[v->n].cmd = rcf_cmd(kind, verb);
	v->o[v->n].o = *o;
	if (verb == RCF_V_DEL) {
		/* a DEL carries its key only */
		struct rcf_obj *k = &v->o[v->n].o;

		if (kind == RCF_K_CIRCUIT) {
			rcf_unset(k, RCF_A_CIRCUIT_OUT_PORT);
			k->v[RCF_A_CIRCUIT_OUT_PORT] = 0;
		}
		if (kind == RCF_K_ROUTE) {
			rcf_unset(k, RCF_A_ROUTE_HOPS);
			k->nhops = 0;
		}
	}
	v->n++;
	return 0;
}

/*
 * The circuits whose key survives the swap but whose output changes, and
 * the routes crossing them, cannot be SET in place: the model refuses to
 * rewire a circuit that routes use (uapi: DEL/SET are EBUSY while used).
 * So the epoch is: DEL every route that crosses a circuit about to go,
 * DEL those circuits, NEW the swap's circuits, NEW the routes again with
 * their new bytes, and SET the remaining routes whose bytes change.
 * Every op then sees a model in which it is legal.
 */
int sn_swap_ops(const struct sn_topo *t, const struct sn_map *m, uint32_t a,
		uint32_t b, struct rcf_op **ops, size_t *n)
{
	struct rcf_topo before, after;
	struct rcf_objv gone = {0};
	struct sn_map m2;
	struct opv v = {0};
	char err[128];
	int rc = -1;

	*ops = NULL;
	*n = 0;
	if (a >= t->n || b >= t->n || sn_map_copy(&m2, m))
		return -1;
	sn_map_swap(&m2, a, b);
	if (sn_build(t, m, &before, err, sizeof(err))) {
		sn_map_free(&m2);
		return -1;
	}
	if (sn_build(t, &m2, &after, err, sizeof(err))) {
		rcf_topo_free(&before);
		sn_map_free(&m2);
		return -1;
	}
	const struct rcf_objv *cb = &before.v[RCF_K_CIRCUIT],
			      *ca = &after.v[RCF_K_CIRCUIT],
			      *rb = &before.v[RCF_K_ROUTE],
			      *ra = &after.v[RCF_K_ROUTE];

	/* both sorted by key: gone is sorted too */
	for (size_t i = 0; i < cb->n; i++) {
		const struct rcf_obj *x = find(ca, &cb->o[i]);
		struct rcf_obj *p;

		if (x && rcf_obj_equal(x, &cb->o[i]))
			continue;
		p = rcf_grow(gone.o, gone.n, &gone.cap, sizeof(*p), 16);
		if (!p)
			goto out;
		gone.o = p;
		gone.o[gone.n++] = cb->o[i];
	}
	for (size_t i = 0; i < rb->n; i++)
		if (crosses(t, m, &rb->o[i], &gone) &&
		    push(&v, RCF_K_ROUTE, RCF_V_DEL, &rb->o[i]))
			goto out;
	for (size_t i = 0; i < gone.n; i++)
		if (push(&v, RCF_K_CIRCUIT, RCF_V_DEL, &gone.o[i]))
			goto out;
	for (size_t i = 0; i < ca->n; i++) {
		const struct rcf_obj *x = find(cb, &ca->o[i]);

		if ((!x || !rcf_obj_equal(x, &ca->o[i])) &&
		    push(&v, RCF_K_CIRCUIT, RCF_V_NEW, &ca->o[i]))
			goto out;
	}
	for (size_t i = 0; i < ra->n; i++) {
		const struct rcf_obj *x = find(rb, &ra->o[i]);

		if (x && crosses(t, m, x, &gone)) {
			if (push(&v, RCF_K_ROUTE, RCF_V_NEW, &ra->o[i]))
				goto out;
		} else if (x && !rcf_obj_equal(x, &ra->o[i])) {
			if (push(&v, RCF_K_ROUTE, RCF_V_SET, &ra->o[i]))
				goto out;
		}
	}
	*ops = v.o;
	*n = v.n;
	v.o = NULL;
	rc = 0;
out:
	free(v.o);
	free(gone.o);
	rcf_topo_free(&before);
	rcf_topo_free(&after);
	sn_map_free(&m2);
	return rc;
}
