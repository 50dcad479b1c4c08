/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A plan's steps on the k-port machine (topo_gen.h, struct rcf_kport):
 * the switch circuits that make one step's connections, and a check
 * that walks them on the generated fabric.
 * Documentation/collectives.rst, *The k-port machine*.
 */
#ifndef RCF_COLL_KPORT_H
#define RCF_COLL_KPORT_H

#include <stddef.h>

#include "coll/coll.h"
#include "topo/topo_gen.h"

/* a switch circuit: input in of switch sw to its output out */
struct rcf_kport_circ {
	uint32_t sw, in, out;
};

/* switch circuits a connection takes at most: 3 each way across a Clos */
#define RCF_KPORT_CIRCS_PER_CONN 6

/*
 * The circuits on m that join the n connections c (one step), into out
 * (room for RCF_KPORT_CIRCS_PER_CONN * n), *nout of them, connection by
 * connection.  0, or -1 with why in err: a node or port m does not have,
 * a connection from a port to itself, a node port in two connections,
 * out of memory.
 */
int rcf_kport_route(const struct rcf_kport *m, const struct rcf_coll_circ *c,
		    size_t n, struct rcf_kport_circ *out, size_t *nout,
		    char *err, size_t len);

/*
 * One direction of connection c as a path's hops, from the circuits
 * rcf_kport_route gave, sc[*at..nsc): the port c's end leaves by (back:
 * b's, else a's), then each switch output in the order a packet crosses
 * them, up to the one linked to the other end's node.  *at moves past
 * the circuits taken, so a step's paths are read in the router's order:
 * a -> b, then b -> a, connection by connection.  The number of hops, or
 * -1 when the circuits end first or the path outgrows max hops.
 */
int rcf_kport_path_hops(const struct rcf_kport *m,
			const struct rcf_coll_circ *c, int back,
			const struct rcf_kport_circ *sc, size_t nsc, size_t *at,
			uint8_t *hops, size_t max);

/*
 * Whether the n switch circuits sc realise the nc connections c on the
 * fabric t: each circuit on an existing switch port, no input or output
 * in two circuits, a walk from every connection end over links and
 * circuits reaching its other end, every circuit on one of those walks,
 * and the model accepting t with the circuits added.  0, or -1 with the
 * first fault in err.
 */
int rcf_kport_check(const struct rcf_topo *t, const struct rcf_coll_circ *c,
		    size_t nc, const struct rcf_kport_circ *sc, size_t n,
		    char *err, size_t len);

#endif
