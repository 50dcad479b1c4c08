// SPDX-License-Identifier: GPL-2.0
/*
 * Circuits of a running engine: the paths' update (adapter_path.c) rewires
 * switch inputs without a new engine, as Wijnen's switch controllers do
 * between messages (§II A: "connections are only ever changed while no
 * data crosses them").
 *
 * A switch reads its input's circuit once per packet, when it decodes the
 * packet's head (eng_decode_head); nothing else in the engine keeps a copy
 * of it: the build copies the model's circuits into e->circ and nothing
 * is derived from them (the deadlock check, eng_decode and the channel
 * stats look at channels, not at circuits).  So an input may be rewired
 * whenever no packet is there or on its way there: one already decoded
 * has its output, whatever comes next decodes under the new circuit.
 */
#include "engine_priv.h"

/* Dense dlink arriving at switch sw's input in; ENG_NONE when none. */
static u32 eng_input_dl(const struct rcf_engine *e, u32 sw, u32 in)
{
	const struct eng_elem *x;

	if (sw >= e->max_sw || e->sw_idx[sw] == ENG_NONE)
		return ENG_NONE;
	x = &e->elem[e->sw_idx[sw]];
	if (in >= x->nports)
		return ENG_NONE;
	return e->port_in[x->port0 + in];
}

/*
 * A node's relay queue holds whole packets that go on by their next route
 * byte; one whose byte names channel ci is on its way to its receiver.
 */
static bool eng_relay_heads_for(const struct rcf_engine *e, u32 el, u32 ci)
{
	const struct eng_pkt *p;
	int reason;

	for (p = e->elem[el].rq.head; p; p = p->next) {
		/* eng_decode only reads the engine; it counts nothing */
		if (eng_decode((struct rcf_engine *)e, el, p->data[p->rb],
			       &reason) == ci)
			return true;
	}
	return false;
}

/*
 * A packet stands at the input when any piece of one is in a channel
 * FIFO of the link direction arriving there: a piece joins the FIFO when
 * its first byte is sent and leaves once its last byte has left the
 * receiver's buffer, so bytes on the wire (pending arrival events) are
 * covered too.  One is on its way when it waits upstream for one of those
 * channels: in a switch's output wait queue, a node's send queue or its
 * relay queue.  Those were routed under the old wiring and must not meet
 * the new one.  Credits travelling back upstream do not matter: they
 * carry no data.
 */
bool rcf_engine_input_clear(const struct rcf_engine *e, u32 sw, u32 in)
{
	const struct eng_dlink *d;
	u32 di = eng_input_dl(e, sw, in), v;

	if (di == ENG_NONE)
		return true;
	d = &e->dl[di];
	for (v = 0; v < d->vcs; v++) {
		const struct eng_chan *c = &e->chan[d->chan0 + v];

		if (c->head || c->wq_head || c->sq_bytes)
			return false;
		if (!e->elem[d->from].is_switch &&
		    eng_relay_heads_for(e, d->from, d->chan0 + v))
			return false;
	}
	return true;
}

void rcf_engine_set_circuit(struct rcf_engine *e, u32 sw, u32 in, u8 out)
{
	const struct eng_elem *x;

	if (sw >= e->max_sw || e->sw_idx[sw] == ENG_NONE)
		return;
	x = &e->elem[e->sw_idx[sw]];
	if (in >= x->nports)
		return;
	e->ncirc -= e->circ[x->port0 + in] != RCF_NO_CIRCUIT;
	e->ncirc += out != RCF_NO_CIRCUIT;
	e->circ[x->port0 + in] = out;
	e->circ_dirty = 1;
	e->ff_streak = 0;
}

/*
 * Circuits a packet entering switch element el at input port in crosses
 * in a row, each making a worm piece: followed until an input without a
 * circuit, a node or a port without a link ends the run, or until the
 * hop limit, which only a loop of circuits reaches.
 */
static u32 eng_circ_run(const struct rcf_engine *e, u32 el, u32 in)
{
	u32 n = 0, d;

	while (n < RCF_ENGINE_MAX_HOPS) {
		const struct eng_elem *x = &e->elem[el];
		u8 out = e->circ[x->port0 + in];

		if (!x->is_switch || out == RCF_NO_CIRCUIT)
			break;
		n++;
		d = out < x->nports ? e->port_out[x->port0 + out] : ENG_NONE;
		if (d == ENG_NONE)
			break;
		el = e->dl[d].to;
		in = e->dl[d].to_port;
	}
	return n;
}

void eng_circ_measure(struct rcf_engine *e)
{
	u32 el, in, n;

	e->circ_len = 0;
	for (el = e->nnodes; el < e->nelem; el++)
		for (in = 0; in < e->elem[el].nports; in++) {
			n = eng_circ_run(e, el, in);
			if (n > e->circ_len)
				e->circ_len = n;
		}
	e->circ_dirty = 0;
}

/*
 * f's switches are the engine's when each has the same ports and the
 * engine has no other: then its circuits can be laid over the engine's.
 */
int rcf_engine_circuit_diff(const struct rcf_engine *e,
			    const struct rcf_fabric *f,
			    struct rcf_engine_rewire *out, u32 max)
{
	const struct rcf_switch *s;
	const struct eng_elem *x;
	u32 id = 0, i, n = 0;

	if (f->n_switches != e->nelem - e->nnodes)
		return -ESTALE;
	/* rcf_switch_next only reads the model */
	for (; (s = rcf_switch_next((struct rcf_fabric *)f, id));
	     id = s->id + 1) {
		if (s->id >= e->max_sw || e->sw_idx[s->id] == ENG_NONE)
			return -ESTALE;
		x = &e->elem[e->sw_idx[s->id]];
		if (x->nports != s->ports)
			return -ESTALE;
		for (i = 0; i < s->ports; i++) {
			if (e->circ[x->port0 + i] == s->circ_out[i])
				continue;
			if (n < max) {
				out[n].sw = s->id;
				out[n].in = i;
				out[n].out = s->circ_out[i];
			}
			n++;
		}
	}
	return n;
}
