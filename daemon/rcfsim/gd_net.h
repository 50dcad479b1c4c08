/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim gd's engine half: the kernel's model, engine and adapter
 * (kmod/core) holding a Supernode fabric, one message at a time, and
 * epochs applied to the model.  Plain types only (see topo.h).
 */
#ifndef RCFSIM_GD_NET_H
#define RCFSIM_GD_NET_H

#include <stddef.h>
#include <stdint.h>

#include "topo.h"

/* circuit: a = switch, b = in port, c = out port; route: src, dst, index */
struct sim_gd_op {
	uint8_t cmd; /* RCF_CMD_{CIRCUIT,ROUTE}_{NEW,DEL,SET} */
	uint32_t a, b, c;
	uint8_t nhops;
	uint8_t hops[64];
};

struct sim_gd_net_stats {
	uint64_t cycles, delivered, epochs, ops;
	uint64_t byte_hops, dropped;
};

struct sim_gd_net;

/* exact: the engine's reference mode, else its fast mode (same results) */
struct sim_gd_net *sim_gd_net_new(const struct sim_fabric *f,
				  uint32_t msg_bytes, int exact, char *err,
				  size_t errlen);
void sim_gd_net_free(struct sim_gd_net *n);
/* Sends one message and runs until it is delivered: 0 when it arrived
 * whole at dst from src, -1 otherwise. */
int sim_gd_net_send(struct sim_gd_net *n, uint32_t src, uint32_t dst);
/* One epoch: drain, apply ops in one transaction, rebuild the engine. */
int sim_gd_net_apply(struct sim_gd_net *n, const struct sim_gd_op *ops,
		     size_t nops, char *err, size_t errlen);
void sim_gd_net_stats(const struct sim_gd_net *n, struct sim_gd_net_stats *s);

#endif
