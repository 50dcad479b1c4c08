// SPDX-License-Identifier: GPL-2.0
/*
 * Not a test: prints simulated byte-hops per second of the engine on a
 * 4x4 torus of switches (one node each, dimension-order routes) under
 * uniform random traffic, built without sanitizers by `make bench`.
 */
#include <time.h>

#include "../test/util.h"
#include "engine/engine.h"

#define K	 4
#define SW(x, y) ((((y) + K) % K) * K + (((x) + K) % K))

/* switch ports: 0 node, 1 +x, 2 -x, 3 +y, 4 -y */
static struct rcf_fabric *torus(void)
{
	struct rcf_fabric *f = fab_new();
	int x, y, l = 0;

	for (y = 0; y < K; y++)
		for (x = 0; x < K; x++) {
			op_node(f, SW(x, y), 1);
			op_switch(f, SW(x, y), 8);
		}
	for (y = 0; y < K; y++)
		for (x = 0; x < K; x++) {
			op_link(f, l++, RCF_ELEM_NODE, SW(x, y), 0,
				RCF_ELEM_SWITCH, SW(x, y), 0);
			op_link(f, l++, RCF_ELEM_SWITCH, SW(x, y), 1,
				RCF_ELEM_SWITCH, SW(x + 1, y), 2);
			op_link(f, l++, RCF_ELEM_SWITCH, SW(x, y), 3,
				RCF_ELEM_SWITCH, SW(x, y + 1), 4);
		}
	return f;
}

static int route(int s, int d, u8 *r)
{
	int sx = s % K, sy = s / K, dx = d % K, dy = d / K, n = 0;
	int ddx = (dx - sx + K) % K, ddy = (dy - sy + K) % K;

	r[n++] = RCF_HOP(0, 0);
	while (ddx--)
		r[n++] = RCF_HOP(1, 0);
	while (ddy--)
		r[n++] = RCF_HOP(3, 0);
	r[n++] = RCF_HOP(0, 0);
	return n;
}

int main(void)
{
	struct rcf_fabric *f = torus();
	struct rcf_engine *e = rcf_engine_build(f, NULL, NULL);
	struct rcf_engine_stats s;
	u8 r[16], payload[200] = {0};
	struct timespec a, b;
	u32 seed = 1;
	double secs;
	int i, round;
	long long rc;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (round = 0; round < 200; round++) {
		for (i = 0; i < K * K; i++) {
			int d;

			seed = seed * 1103515245u + 12345u;
			d = (seed >> 8) % (K * K);
			if (d == i)
				d = (d + 1) % (K * K);
			rcf_engine_send(e, i, r, route(i, d, r), payload, 200,
					0);
		}
		rc = rcf_engine_run(e, 2000);
		if (rc < 0) {
			printf("engine stopped: %lld\n", rc);
			return 1;
		}
	}
	while (rcf_engine_busy(e) && rcf_engine_run(e, 100000) > 0)
		;
	clock_gettime(CLOCK_MONOTONIC, &b);
	rcf_engine_stats(e, &s);
	secs = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	printf("4x4 torus, uniform random, %llu packets of 200 B payload\n",
	       (unsigned long long)s.delivered_pkts);
	printf("cycles %llu, byte-hops %llu, %.3f s\n",
	       (unsigned long long)s.now, (unsigned long long)s.byte_hops,
	       secs);
	printf("%.3g byte-hops/s, %.3g cycles/s, %.1f ns per byte-hop\n",
	       s.byte_hops / secs, s.now / secs, secs * 1e9 / s.byte_hops);
	rcf_engine_free(e);
	rcf_fabric_free(f);
	return 0;
}
