/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bridge between the route installation benchmark's two halves: the
 * userspace route library (its own struct rcf_route) generates an SP1
 * fabric and its routes, the model half installs them.  The two never
 * share a translation unit, so only plain types cross here.
 */
#ifndef RCF_BENCH_SP1_H
#define RCF_BENCH_SP1_H

#include <stdint.h>

struct bench_elem {
	uint8_t kind; /* enum rcf_elem_kind */
	uint32_t id, ports;
};

struct bench_link {
	uint32_t id;
	uint8_t kind[2];
	uint32_t elem[2], port[2];
};

struct bench_route {
	uint32_t src, dst;
	uint8_t nhops;
	uint8_t hops[64];
};

struct bench_fabric {
	struct bench_elem *elem;
	struct bench_link *link;
	struct bench_route *route;
	size_t nelem, nlink, nroute;
};

/* sp1:nodes and its SP1 route table; 0 or -1 (message printed) */
int bench_sp1(unsigned int nodes, struct bench_fabric *bf);

#endif
