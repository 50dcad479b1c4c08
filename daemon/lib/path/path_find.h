/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Finding a path (Documentation/paths.rst) in a fabric held in memory:
 * the shortest chain of switches from a master node to a destination node
 * that the kernel would accept now.  Every switch input it enters must be
 * free of circuits and of routes that read a route byte there, and every
 * output it leaves by free of circuits, since a path is the exclusive
 * data link of Wijnen §I A and a switch input that routes read would
 * turn their packets down its circuit.  No netlink here: the caller
 * gives the fabric (rcf_graph) and says which inputs routes use.
 */
#ifndef RCF_PATH_FIND_H
#define RCF_PATH_FIND_H

#include <stddef.h>
#include <stdint.h>

#include "route/graph.h"

/* What the existing circuits and routes take, per graph port. */
struct rcf_path_marks {
	size_t nports;
	uint8_t *in_used;  /* a route reads a route byte at this input */
	uint8_t *out_busy; /* a circuit leaves by this switch output */
};

/* Marks the outputs g's circuits take; 0, or -1 when out of memory. */
int rcf_path_marks_init(struct rcf_path_marks *m, const struct rcf_graph *g);
void rcf_path_marks_free(struct rcf_path_marks *m);
/*
 * Marks the switch inputs at which the route from node src reads a byte,
 * walking it as rcf_graph_walk() does.  A route that walk refuses (an
 * unknown node or port, a down link, a VC the link lacks) is marked as
 * far as it goes: beyond, a path could not go either.
 */
void rcf_path_mark_route(struct rcf_path_marks *m, const struct rcf_graph *g,
			 uint32_t src, const uint8_t *hops, unsigned int nhops);

/*
 * The shortest free path from node master to node dst on virtual channel
 * vc, as path hops (RCF_A_PATH_HOPS: the master's port with vc, then
 * each switch's output port): at most RCF_ROUTE_MAX_HOPS bytes into hops
 * and their count into *nhops.  Ties go to the lowest port numbers.
 * Returns 0, or -1 with the reason in err.
 */
int rcf_path_find(const struct rcf_graph *g, const struct rcf_path_marks *m,
		  uint32_t master, uint32_t dst, unsigned int vc, uint8_t *hops,
		  unsigned int *nhops, char *err, size_t errlen);

/*
 * The same on a whole fabric t: its graph, its circuits, and its routes
 * (t->v[RCF_K_ROUTE]) marking the inputs they read at.
 */
int rcf_path_find_topo(const struct rcf_topo *t, uint32_t master, uint32_t dst,
		       unsigned int vc, uint8_t *hops, unsigned int *nhops,
		       char *err, size_t errlen);

#endif
