// SPDX-License-Identifier: GPL-2.0
/*
 * The k-port router's results walked on the fabric itself: the links of
 * the generated topology, not the router's arithmetic, say where a
 * circuit's output leads, so a router that numbered a port wrongly
 * fails here.
 */
#include <stdlib.h>
#include <string.h>

#include "coll/coll_kport.h"
#include "topo/topo_check.h"
#include "util/errf.h"

#define PORTS RCF_SWITCH_MAX_PORTS

/* every element's ports: nodes 0 .. nn - 1, then switch s as nn + s */
struct fab {
	uint32_t nn, ns;
	int32_t *peer;	  /* [elem * PORTS + port]: the far end, or -1 */
	int32_t *circ;	  /* [switch port]: the circuit from that input */
	uint8_t *out_use; /* [switch port]: outputs taken */
	uint8_t *walked;  /* [circuit] */
	uint32_t *ports;  /* [switch]: its port count */
};

static uint32_t max_id(const struct rcf_objv *v, int attr)
{
	uint32_t m = 0;

	for (size_t i = 0; i < v->n; i++)
		if (v->o[i].v[attr] + 1 > m)
			m = (uint32_t)v->o[i].v[attr] + 1;
	return m;
}

static int32_t slot(const struct fab *f, const struct rcf_end *e)
{
	return (int32_t)(((e->kind == RCF_ELEM_NODE ? 0 : f->nn) + e->id) *
				 PORTS +
			 e->port);
}

static int fab_build(struct fab *f, const struct rcf_topo *t, size_t n)
{
	size_t slots;

	memset(f, 0, sizeof(*f));
	f->nn = max_id(&t->v[RCF_K_NODE], RCF_A_NODE_ID);
	f->ns = max_id(&t->v[RCF_K_SWITCH], RCF_A_SWITCH_ID);
	slots = (size_t)(f->nn + f->ns) * PORTS;
	f->peer = malloc(slots * sizeof(*f->peer));
	f->circ = malloc(((size_t)f->ns * PORTS + 1) * sizeof(*f->circ));
	f->out_use = calloc((size_t)f->ns * PORTS + 1, 1);
	f->walked = calloc(n + 1, 1);
	f->ports = calloc(f->ns + 1, sizeof(*f->ports));
	if (!f->peer || !f->circ || !f->out_use || !f->walked || !f->ports)
		return -1;
	memset(f->peer, 0xff, slots * sizeof(*f->peer));
	memset(f->circ, 0xff, ((size_t)f->ns * PORTS + 1) * sizeof(*f->circ));
	for (size_t i = 0; i < t->v[RCF_K_SWITCH].n; i++) {
		const struct rcf_obj *o = &t->v[RCF_K_SWITCH].o[i];

		f->ports[o->v[RCF_A_SWITCH_ID]] = o->v[RCF_A_SWITCH_PORTS];
	}
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++) {
		const struct rcf_obj *o = &t->v[RCF_K_LINK].o[i];

		f->peer[slot(f, &o->end[0])] = slot(f, &o->end[1]);
		f->peer[slot(f, &o->end[1])] = slot(f, &o->end[0]);
	}
	return 0;
}

static void fab_free(struct fab *f)
{
	free(f->peer);
	free(f->circ);
	free(f->out_use);
	free(f->walked);
	free(f->ports);
}

static int set_circuits(struct fab *f, const struct rcf_kport_circ *sc,
			size_t n, char *err, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		const struct rcf_kport_circ *c = &sc[i];

		if (c->sw >= f->ns || c->in >= f->ports[c->sw] ||
		    c->out >= f->ports[c->sw] || c->in == c->out)
			return rcf_errf(err, len,
					"circuit %zu: switch %u in %u out %u "
					"is no circuit of the fabric",
					i, c->sw, c->in, c->out);
		if (f->circ[c->sw * PORTS + c->in] >= 0)
			return rcf_errf(err, len,
					"circuit %zu: switch %u input %u is "
					"in circuit %d too",
					i, c->sw, c->in,
					f->circ[c->sw * PORTS + c->in]);
		if (f->out_use[c->sw * PORTS + c->out]++)
			return rcf_errf(err, len,
					"circuit %zu: switch %u output %u is "
					"taken twice",
					i, c->sw, c->out);
		f->circ[c->sw * PORTS + c->in] = (int32_t)i;
	}
	return 0;
}

/* from node a's port pa over links and circuits to node b's port pb */
static int walk(struct fab *f, const struct rcf_kport_circ *sc, size_t i,
		uint32_t a, uint32_t pa, uint32_t b, uint32_t pb, char *err,
		size_t len)
{
	int32_t at = f->peer[a * PORTS + pa];

	for (uint32_t hop = 0; hop <= f->ns; hop++) {
		uint32_t el, port;
		int32_t c;

		if (at < 0)
			return rcf_errf(err, len,
					"connection %zu (%u.%u -> %u.%u): "
					"leads to a port without a link",
					i, a, pa, b, pb);
		el = (uint32_t)at / PORTS;
		port = (uint32_t)at % PORTS;
		if (el < f->nn) {
			if (el == b && port == pb)
				return 0;
			return rcf_errf(err, len,
					"connection %zu (%u.%u -> %u.%u): "
					"reaches %u.%u",
					i, a, pa, b, pb, el, port);
		}
		c = f->circ[(el - f->nn) * PORTS + port];
		if (c < 0)
			return rcf_errf(err, len,
					"connection %zu (%u.%u -> %u.%u): "
					"no circuit at switch %u input %u",
					i, a, pa, b, pb, el - f->nn, port);
		f->walked[c] = 1;
		at = f->peer[(el * PORTS) + sc[c].out];
	}
	return rcf_errf(err, len, "connection %zu (%u.%u -> %u.%u): loops", i,
			a, pa, b, pb);
}

/* the kernel's model (topo_check.c builds one) takes t with the circuits */
static int model_takes(const struct rcf_topo *t,
		       const struct rcf_kport_circ *sc, size_t n, char *err,
		       size_t len)
{
	struct rcf_op *ops, *more;
	size_t nops;
	int rc;

	if (rcf_topo_ops(t, &ops, &nops))
		return rcf_errf(err, len, "out of memory");
	more = realloc(ops, (nops + n + 1) * sizeof(*ops));
	if (!more) {
		free(ops);
		return rcf_errf(err, len, "out of memory");
	}
	ops = more;
	for (size_t i = 0; i < n; i++) {
		struct rcf_op *op = &ops[nops + i];

		memset(op, 0, sizeof(*op));
		op->cmd = rcf_cmd(RCF_K_CIRCUIT, RCF_V_NEW);
		op->line = (int)(i + 1);
		rcf_obj_init(&op->o, RCF_K_CIRCUIT);
		rcf_set(&op->o, RCF_A_CIRCUIT_SWITCH, sc[i].sw);
		rcf_set(&op->o, RCF_A_CIRCUIT_IN_PORT, sc[i].in);
		rcf_set(&op->o, RCF_A_CIRCUIT_OUT_PORT, sc[i].out);
	}
	rc = rcf_topo_check_ops(ops, nops + n, "circuit", err, len);
	free(ops);
	return rc ? -1 : 0;
}

int rcf_kport_check(const struct rcf_topo *t, const struct rcf_coll_circ *c,
		    size_t nc, const struct rcf_kport_circ *sc, size_t n,
		    char *err, size_t len)
{
	struct fab f;
	int rc = -1;

	if (fab_build(&f, t, n)) {
		rcf_errf(err, len, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < nc; i++)
		if (c[i].a >= f.nn || c[i].b >= f.nn || c[i].pa >= PORTS ||
		    c[i].pb >= PORTS) {
			rcf_errf(err, len, "connection %zu: no such node port",
				 i);
			goto out;
		}
	if (set_circuits(&f, sc, n, err, len))
		goto out;
	for (size_t i = 0; i < nc; i++)
		if (walk(&f, sc, i, c[i].a, c[i].pa, c[i].b, c[i].pb, err,
			 len) ||
		    walk(&f, sc, i, c[i].b, c[i].pb, c[i].a, c[i].pa, err, len))
			goto out;
	for (size_t i = 0; i < n; i++)
		if (!f.walked[i]) {
			rcf_errf(err, len,
				 "circuit %zu (switch %u in %u out %u) is on "
				 "no connection's way",
				 i, sc[i].sw, sc[i].in, sc[i].out);
			goto out;
		}
	rc = model_takes(t, sc, n, err, len);
out:
	fab_free(&f);
	return rc;
}
