// SPDX-License-Identifier: GPL-2.0
/*
 * Not a test: the cost of installing a full SP1 route table in the model,
 * batch by batch as RCF_CMD_BATCH applies it (one transaction per batch),
 * without netlink.  Prints routes per second and model bytes per route.
 * Usage: route_install_bench [NODES [BATCH]], default sp1:512 in batches of 2048.
 */
#include <time.h>

#include <stdio.h>

#include "../test/gen_fabric.h"
#include "../test/util.h"

static struct gen_fabric bf;

struct span {
	size_t from, to;
	int del;
};

static int elems(struct rcf_fabric *f, void *arg)
{
	struct rcf_err *e = &last_err;
	size_t i;
	int err = 0;

	(void)arg;
	for (i = 0; i < bf.nelem && !err; i++) {
		const struct gen_elem *b = &bf.elem[i];

		if (b->kind == RCF_ELEM_NODE) {
			struct rcf_node_cfg c = {.id = b->id,
						 .has_id = true,
						 .ports = b->ports,
						 .has_ports = !!b->ports};

			err = rcf_node_add(f, &c, e);
		} else {
			struct rcf_switch_cfg c = {.id = b->id,
						   .has_id = true,
						   .ports = b->ports,
						   .has_ports = !!b->ports};

			err = rcf_switch_add(f, &c, e);
		}
	}
	for (i = 0; i < bf.nlink && !err; i++) {
		const struct gen_link *b = &bf.link[i];
		struct rcf_link_cfg c = {
			.id = b->id,
			.has_id = true,
			.a = {b->kind[0], b->elem[0], b->port[0]},
			.b = {b->kind[1], b->elem[1], b->port[1]},
		};

		err = rcf_link_add(f, &c, e);
	}
	return err;
}

static int routes(struct rcf_fabric *f, void *arg)
{
	const struct span *sp = arg;
	size_t i;
	int err = 0;

	for (i = sp->from; i < sp->to && !err; i++) {
		const struct gen_route *b = &bf.route[i];
		struct rcf_route r = {
			.src = b->src, .dst = b->dst, .nhops = b->nhops};

		if (sp->del) {
			err = rcf_route_del(f, b->src, b->dst, 0, &last_err);
			continue;
		}
		memcpy(r.hops, b->hops, b->nhops);
		err = rcf_route_add(f, &r, 0, &last_err);
	}
	return err;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* every route in batches; seconds, or -1 */
static double pass(struct rcf_fabric *f, size_t batch, int del)
{
	double t0 = now();
	struct rcf_err e;
	struct span sp = {.del = del};

	for (sp.from = 0; sp.from < bf.nroute; sp.from = sp.to) {
		sp.to = sp.from + batch < bf.nroute ? sp.from + batch
						    : bf.nroute;
		if (op_txn(f, routes, &sp, &e)) {
			printf("route %zu: %s\n", sp.from, last_err.msg);
			return -1;
		}
	}
	return now() - t0;
}

int main(int argc, char **argv)
{
	unsigned int nodes = argc > 1 ? atoi(argv[1]) : 512;
	size_t batch = argc > 2 ? (size_t)atol(argv[2]) : 2048;
	struct rcf_fabric *f;
	struct rcf_err e;
	double add, del;
	char spec[32];
	u64 base;

	snprintf(spec, sizeof(spec), "sp1:%u", nodes);
	if (!batch || gen_fabric(spec, "sp1", 0, 0, &bf))
		return 1;
	f = fab_new();
	if (op_txn(f, elems, NULL, &e)) {
		printf("building the fabric: %s\n", last_err.msg);
		return 1;
	}
	base = f->mem;
	add = pass(f, batch, 0);
	if (add < 0)
		return 1;
	printf("sp1:%u: %zu routes, batches of %zu\n", nodes, bf.nroute, batch);
	printf("add: %.3f s, %.0f routes/s; model %llu bytes, %.1f per route\n",
	       add, bf.nroute / add, (unsigned long long)f->mem,
	       (double)(f->mem - base) / bf.nroute);
	del = pass(f, batch, 1);
	if (del < 0)
		return 1;
	printf("del: %.3f s, %.0f routes/s; model %llu bytes after\n", del,
	       bf.nroute / del, (unsigned long long)f->mem);
	rcf_fabric_free(f);
	return 0;
}
