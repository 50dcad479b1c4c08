/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Circuit-realised topologies, like the Supernode of García-Duato §2:
 * processors with four links wired into a crossbar network whose
 * circuits realise a ring, a 2-D mesh or a hypercube.  Positions are the
 * topology's vertices; a mapping says which node sits at which position.
 * A route between two positions is the same string of route bytes
 * whichever nodes sit on its way (a relaying node's link k plays the same
 * role at every position), so swapping two nodes changes only their own
 * circuits and the routes of pairs that include one of them.
 */
#ifndef RCF_SUPERNODE_H
#define RCF_SUPERNODE_H

#include <stdint.h>

#include "topo/topo.h"

enum sn_kind { SN_RING, SN_MESH, SN_HYPERCUBE };

#define SN_LINKS     4	/* links per processor, like a transputer */
#define SN_SWITCHES  2	/* switch k / 2 carries every node's link k */
#define SN_MAX_NODES 16 /* 2 links of each node per 32-port switch */

struct sn_topo {
	enum sn_kind kind;
	uint32_t n;    /* positions = nodes */
	uint32_t x, y; /* mesh */
	uint32_t dim;  /* hypercube */
};

/* node <-> position, both directions kept in step */
struct sn_map {
	uint32_t n;
	uint32_t *pos; /* pos[node] */
	uint32_t *at;  /* at[position] = node */
};

/* "ring:N", "mesh:XxY", "hypercube:D" (after "supernode:"); -1 + err. */
int sn_parse(const char *spec, struct sn_topo *t, char *err, size_t errlen);
/* Nominal distance (§3.1.3): intermediate positions on the route, 0 for
 * neighbours. */
uint32_t sn_dist(const struct sn_topo *t, uint32_t pa, uint32_t pb);
/* Positions adjacent to p into out[SN_LINKS]; returns how many. */
uint32_t sn_neighbours(const struct sn_topo *t, uint32_t p, uint32_t *out);
/*
 * The positions a message from pa to pb crosses, in order, excluding
 * both ends, into out (room for t->n); returns how many (= sn_dist).
 */
uint32_t sn_path(const struct sn_topo *t, uint32_t pa, uint32_t pb,
		 uint32_t *out);

/* The position link k of position p leads to; UINT32_MAX: none. */
uint32_t sn_step(const struct sn_topo *t, uint32_t p, uint32_t k);
/* The link at the far end of a position's link k. */
uint32_t sn_back(const struct sn_topo *t, uint32_t k);
/* Route bytes from position pa to pb into hops (may be NULL); count. */
uint32_t sn_route_hops(const struct sn_topo *t, uint32_t pa, uint32_t pb,
		       uint8_t *hops);
/* Where node's link k meets the crossbar: switch and port. */
void sn_port(uint32_t node, uint32_t k, uint32_t *sw, uint32_t *port);

int sn_map_init(struct sn_map *m, uint32_t n); /* identity; -1 on ENOMEM */
int sn_map_copy(struct sn_map *dst, const struct sn_map *src);
void sn_map_free(struct sn_map *m);
void sn_map_swap(struct sn_map *m, uint32_t node_a, uint32_t node_b);

/*
 * The whole machine for t under mapping m: nodes 0 .. n-1 with SN_LINKS
 * ports, the crossbar switches, the links, the circuits realising the
 * topology and one route per ordered pair.  t_out is initialised here.
 */
int sn_build(const struct sn_topo *t, const struct sn_map *m,
	     struct rcf_topo *t_out, char *err, size_t errlen);
/*
 * The ops of one epoch that swaps nodes a and b, given the mapping
 * before the swap, in an order the model accepts op by op: route DELs
 * for every route crossing a circuit that changes (the model refuses to
 * rewire a circuit in use), circuit DELs, circuit NEWs, the deleted
 * routes NEW with their new bytes, then route SETs for the other routes
 * whose bytes change.  Applied to sn_build(t, m) it gives sn_build of the
 * swapped mapping.  *ops is malloc'd; 0, or -1 on ENOMEM or a bad node.
 */
int sn_swap_ops(const struct sn_topo *t, const struct sn_map *m, uint32_t a,
		uint32_t b, struct rcf_op **ops, size_t *n);

#endif
