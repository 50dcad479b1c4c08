/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a string of route bytes means, one step at a time.  The model's
 * route walk (route.c) and the tools' walk over their routing graph both
 * follow these rules, each over its own storage: a walk shows the step
 * where it stands (struct rcf_rstep_at) and the link on the port the step
 * chose (struct rcf_rstep_link), and the step says where to go or why
 * not.  Each walk words the verdicts its own way.
 *
 * An element reads one byte and leaves by the port it names, as the SP1's
 * switches do (Abali and Aykanat, "Routing Algorithms for IBM SP1", 1994,
 * §1.1), except at a switch input with a circuit, which carries the
 * packet on to the circuit's output without reading one, on the VC it
 * came in on.
 */
#ifndef _RCF_CORE_MODEL_ROUTE_STEP_H
#define _RCF_CORE_MODEL_ROUTE_STEP_H

#include "os.h"
#include <linux/rcf.h>

/* no circuit at this input; no destination to insist on */
#define RCF_RSTEP_NONE	0xffffffffu

enum rcf_rstep {
	RCF_RSTEP_CROSS,	/* leave by *out, on *vc */
	RCF_RSTEP_ARRIVE,	/* delivered at the node the walk stands at */
	RCF_RSTEP_NO_BYTES,	/* a route of no bytes */
	RCF_RSTEP_NOT_DST,	/* the bytes end at a node but not the one wanted */
	RCF_RSTEP_ENDS_IN_SWITCH,
	RCF_RSTEP_RESERVED,	/* a byte with its reserved bit set */
	RCF_RSTEP_NO_PORT,	/* a port the element does not have */
	RCF_RSTEP_NO_LINK,	/* a port with no link */
	RCF_RSTEP_LINK_DOWN,
	RCF_RSTEP_NO_VC,	/* a VC the link does not have */
	RCF_RSTEP_LOOP,		/* circuits alone lead round and round */
	RCF_RSTEP_NR,
};

/* What a route holds to: its bytes, its destination, the fabric's circuits. */
struct rcf_rstep_route {
	const u8 *hops;
	u32 nhops;
	u32 dst;	/* a node id, or RCF_RSTEP_NONE: wherever they end */
	u32 ncirc;	/* circuits in the fabric, or any count above */
};

/* The element a walk stands at, entered by some input port. */
struct rcf_rstep_at {
	u8 kind;	/* enum rcf_elem_kind */
	u32 id;
	u32 ports;
	u32 circ;	/* the output that input's circuit goes to, or NONE */
};

/* The walk's progress past the bytes it read, which the step moves on. */
struct rcf_rstep_walk {
	u32 vc;		/* the VC of the last byte read */
	u32 run;	/* circuits followed since then */
};

/* The link on the port a step leaves by, as the walk's storage has it. */
struct rcf_rstep_link {
	bool present;
	bool up;
	u32 vcs;
};

/* byte b read at an element of ports ports: the port and VC it names */
static inline enum rcf_rstep rcf_rstep_byte(u8 b, u32 ports, u32 *out,
					    u32 *vc)
{
	if (b & RCF_HOP_RESERVED)
		return RCF_RSTEP_RESERVED;
	*out = RCF_HOP_PORT(b);
	*vc = RCF_HOP_VC(b);
	if (*out >= ports)
		return RCF_RSTEP_NO_PORT;
	return RCF_RSTEP_CROSS;
}

/*
 * Where the walk w goes from at, *read of r's bytes read: CROSS with the
 * port to leave by in *out, or why it ends there.  A run of circuits
 * longer than the fabric has must have met one twice, and with no byte
 * read in between it repeats for ever; any run the fabric's circuits
 * allow could be a route's, so r->ncirc bounds a run, and a walk that
 * does not keep count of its circuits may give any bound above it.
 */
static inline enum rcf_rstep rcf_rstep_leave(const struct rcf_rstep_route *r,
					     const struct rcf_rstep_at *at,
					     struct rcf_rstep_walk *w, u32 *read,
					     u32 *out)
{
	if (at->circ != RCF_RSTEP_NONE) {
		if (++w->run > r->ncirc)
			return RCF_RSTEP_LOOP;
		/* no port check: a circuit joins two ports of its switch */
		*out = at->circ;
		return RCF_RSTEP_CROSS;
	}
	if (*read == r->nhops) {
		if (!r->nhops)
			return RCF_RSTEP_NO_BYTES;
		if (at->kind != RCF_ELEM_NODE)
			return RCF_RSTEP_ENDS_IN_SWITCH;
		if (r->dst != RCF_RSTEP_NONE && at->id != r->dst)
			return RCF_RSTEP_NOT_DST;
		return RCF_RSTEP_ARRIVE;
	}
	w->run = 0;
	return rcf_rstep_byte(r->hops[(*read)++], at->ports, out, &w->vc);
}

/* whether the walk may cross link l on VC vc */
static inline enum rcf_rstep rcf_rstep_cross(const struct rcf_rstep_link *l,
					     u32 vc)
{
	if (!l->present)
		return RCF_RSTEP_NO_LINK;
	if (!l->up)
		return RCF_RSTEP_LINK_DOWN;
	if (vc >= l->vcs)
		return RCF_RSTEP_NO_VC;
	return RCF_RSTEP_CROSS;
}

#endif /* _RCF_CORE_MODEL_ROUTE_STEP_H */
