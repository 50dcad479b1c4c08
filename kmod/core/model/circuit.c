// SPDX-License-Identifier: GPL-2.0
/*
 * Circuits: a switch input wired to one of its outputs.  Each input and
 * each output belongs to at most one circuit, and a circuit never sends a
 * port back out of itself (that would bounce bytes to their sender).
 * A circuit cannot appear on an input where installed routes read a
 * route byte, since it would silently change their paths.
 */
#include "model.h"

static struct rcf_switch *rcf_circuit_switch(struct rcf_fabric *f, u32 sw,
					     u32 in_port, struct rcf_err *e)
{
	struct rcf_switch *s = rcf_switch_get(f, sw);

	if (!s) {
		rcf_fail(e, ENOENT, "circuit names a switch that does not exist",
			 RCF_A_CIRCUIT_SWITCH);
		return NULL;
	}
	if (in_port >= s->ports) {
		rcf_fail(e, ERANGE,
			 "circuit input port is out of range for that switch",
			 RCF_A_CIRCUIT_IN_PORT);
		return NULL;
	}
	return s;
}

static int rcf_circuit_out_check(struct rcf_switch *s, u32 in, u32 out,
				 struct rcf_err *e)
{
	if (out >= s->ports)
		return rcf_fail(e, ERANGE,
				"circuit output port is out of range for that switch",
				RCF_A_CIRCUIT_OUT_PORT);
	if (out == in)
		return rcf_fail(e, EINVAL,
				"a circuit cannot send a port back out of itself",
				RCF_A_CIRCUIT_OUT_PORT);
	if ((s->out_busy & (1u << out)) && s->circ_out[in] != out)
		return rcf_fail(e, EBUSY,
				"circuit output port is already used by another circuit",
				RCF_A_CIRCUIT_OUT_PORT);
	return 0;
}

int rcf_circuit_add(struct rcf_fabric *f, const struct rcf_circuit *c,
		    struct rcf_err *e)
{
	struct rcf_switch *s = rcf_circuit_switch(f, c->sw, c->in_port, e);
	int err;

	if (!s)
		return -e->err;
	if (s->circ_out[c->in_port] != RCF_NO_CIRCUIT)
		return rcf_fail(e, EEXIST,
				"that switch input already has a circuit",
				RCF_A_CIRCUIT_IN_PORT);
	if (s->in_users[c->in_port])
		return rcf_fail(e, EBUSY,
				"routes read route bytes at that switch input; a circuit there would reroute them",
				RCF_A_CIRCUIT_IN_PORT);
	err = rcf_circuit_out_check(s, c->in_port, c->out_port, e);
	if (err)
		return err;
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, c->sw, sizeof(*s));
	if (!s)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	s->circ_out[c->in_port] = c->out_port;
	s->circ_users[c->in_port] = 0;
	s->out_busy |= 1u << c->out_port;
	s->ncircuits++;
	f->n_circuits++;
	return 0;
}

int rcf_circuit_del(struct rcf_fabric *f, u32 sw, u32 in_port,
		    struct rcf_err *e)
{
	struct rcf_switch *s = rcf_circuit_switch(f, sw, in_port, e);

	if (!s)
		return -e->err;
	if (s->circ_out[in_port] == RCF_NO_CIRCUIT)
		return rcf_fail(e, ENOENT, "no circuit on that switch input",
				RCF_A_CIRCUIT_IN_PORT);
	if (s->circ_path[in_port])
		return rcf_fail(e, EBUSY,
				"circuit belongs to a path; delete the path",
				RCF_A_CIRCUIT_IN_PORT);
	if (s->circ_users[in_port])
		return rcf_fail(e, EBUSY,
				"circuit is used by routes; delete them first",
				RCF_A_CIRCUIT_IN_PORT);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, sw, sizeof(*s));
	if (!s)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	s->out_busy &= ~(1u << s->circ_out[in_port]);
	s->circ_out[in_port] = RCF_NO_CIRCUIT;
	s->ncircuits--;
	f->n_circuits--;
	return 0;
}

int rcf_circuit_set(struct rcf_fabric *f, const struct rcf_circuit *c,
		    struct rcf_err *e)
{
	struct rcf_switch *s = rcf_circuit_switch(f, c->sw, c->in_port, e);
	int err;

	if (!s)
		return -e->err;
	if (s->circ_out[c->in_port] == RCF_NO_CIRCUIT)
		return rcf_fail(e, ENOENT, "no circuit on that switch input",
				RCF_A_CIRCUIT_IN_PORT);
	err = rcf_circuit_out_check(s, c->in_port, c->out_port, e);
	if (err)
		return err;
	if (s->circ_out[c->in_port] == c->out_port)
		return 0;
	if (s->circ_path[c->in_port])
		return rcf_fail(e, EBUSY,
				"circuit belongs to a path; it cannot be rewired",
				RCF_A_CIRCUIT_OUT_PORT);
	if (s->circ_users[c->in_port])
		return rcf_fail(e, EBUSY,
				"circuit is used by routes; it cannot be rewired",
				RCF_A_CIRCUIT_OUT_PORT);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	s = rcf_touch(f, RCF_J_SWITCH, &f->switches, c->sw, sizeof(*s));
	if (!s)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	s->out_busy &= ~(1u << s->circ_out[c->in_port]);
	s->out_busy |= 1u << c->out_port;
	s->circ_out[c->in_port] = c->out_port;
	return 0;
}

static void rcf_circuit_fill(const struct rcf_switch *s, u32 in,
			     struct rcf_circuit *c)
{
	c->sw = s->id;
	c->in_port = in;
	c->out_port = s->circ_out[in];
	c->users = s->circ_users[in];
	c->path = s->circ_path[in];
}

bool rcf_circuit_get(struct rcf_fabric *f, u32 sw, u32 in_port,
		     struct rcf_circuit *c)
{
	struct rcf_switch *s = rcf_switch_get(f, sw);

	if (!s || in_port >= s->ports || s->circ_out[in_port] == RCF_NO_CIRCUIT)
		return false;
	rcf_circuit_fill(s, in_port, c);
	return true;
}

bool rcf_circuit_next(struct rcf_fabric *f, u32 sw, u32 in_port,
		      struct rcf_circuit *c)
{
	struct rcf_switch *s;

	for (; (s = rcf_switch_next(f, sw)); sw = s->id + 1, in_port = 0) {
		if (s->id != sw)
			in_port = 0;
		if (!s->ncircuits)
			continue;
		for (; in_port < s->ports; in_port++) {
			if (s->circ_out[in_port] != RCF_NO_CIRCUIT) {
				rcf_circuit_fill(s, in_port, c);
				return true;
			}
		}
	}
	return false;
}
