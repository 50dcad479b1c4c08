/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim collective's engine half: the kernel's model, engine and
 * adapter (kmod/core) holding a kport:N:K fabric with no routes, whose
 * circuits are paths (Documentation/paths.rst) made and removed by
 * paths-only epochs, as rcf.ko applies them to a running engine.  Plain
 * types only (see topo.h).
 */
#ifndef RCFSIM_COLL_NET_H
#define RCFSIM_COLL_NET_H

#include <stddef.h>
#include <stdint.h>

#include "topo.h"

/* one direction of a connection: hops[0] the master's port, then one
 * output port per switch crossed */
struct sim_coll_path {
	uint32_t master, dst;
	uint8_t nhops;
	uint8_t hops[64];
};

/* a whole message arrived at dst from src */
typedef void (*sim_coll_rx)(void *priv, uint32_t dst, uint32_t src,
			    const uint8_t *msg, uint32_t len, uint64_t cookie);

struct sim_coll_net_set {
	uint64_t epochs;      /* paths-only epochs this change took */
	uint64_t paths_kept;  /* paths left in place, their circuits too */
	uint64_t paths_added; /* made new */
	uint64_t paths_gone;  /* recalled, then deleted */
};

struct sim_coll_net;

/* routes: f's routes carry messages (a static network); 0: paths only */
struct sim_coll_net *sim_coll_net_new(const struct sim_fabric *f, int exact,
				      int routes, sim_coll_rx rx, void *priv,
				      char *err, size_t errlen);
void sim_coll_net_free(struct sim_coll_net *n);
/*
 * Makes the n paths in want the fabric's only paths: those already held
 * with the same master, destination and hops stay; the others are
 * recalled in one epoch, and once their mastership is back deleted in a
 * second that also adds the new ones.  0, or -1 with the model's or the
 * data path's refusal in err.
 */
int sim_coll_net_set(struct sim_coll_net *n, const struct sim_coll_path *want,
		     size_t nwant, struct sim_coll_net_set *st, char *err,
		     size_t errlen);
/* Queues a message; 0, or -1 with the adapter's refusal in err. */
int sim_coll_net_send(struct sim_coll_net *n, uint32_t src, uint32_t dst,
		      const uint8_t *msg, uint32_t len, uint64_t cookie,
		      char *err, size_t errlen);
/*
 * Runs the engine until nothing is in flight or waiting; the cycles it
 * took, or -1 with why in err (deadlock, messages left waiting).
 */
int64_t sim_coll_net_run(struct sim_coll_net *n, char *err, size_t errlen);
/* the engine's clock, and the adapter's drops of every kind */
uint64_t sim_coll_net_now(const struct sim_coll_net *n);
uint64_t sim_coll_net_drops(const struct sim_coll_net *n);

#endif
