// SPDX-License-Identifier: GPL-2.0
/*
 * Raw packets into a small fixed fabric: any route bytes, any payload,
 * any adapter header, mixed with real adapter messages.  The engine must
 * account for every byte, and the adapter must refuse what it cannot
 * place without crashing, leaking, or handing up a message that lies
 * about its length.
 *
 * Input: records of [op][...]:
 *   op % 4 == 0: raw packet  [src][nroute][route bytes][plen][payload]
 *   op % 4 == 1: message     [src][dst][len16]  (pattern bytes)
 *   op % 4 == 2: run         [cycles]
 *   op % 4 == 3: raw packet with a real route and a forged header
 *                [src][dst][index][plen][payload]
 * The length's bits 2-6 choose the engine's model settings (routing
 * delay 0-3, allocation, central queue off).  Each input runs in the
 * reference mode, in the fast one and by index, which must agree
 * (fuzz_diff.h).
 */
#include <string.h>

#include "fuzz_diff.h"
#include "util.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

static struct rcf_fabric *fab;

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)msg;
	FZ_ASSERT(dst < 4 && src < 4, "%u -> %u", src, dst);
	FZ_ASSERT(len <= RCF_ADAPTER_MAX_MSG, "len %u", len);
	fz_diff_deliver(priv, dst, src, len, cookie, latency);
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver};

/*
 * node0 -p0- sw0 -p1- sw1 -p1- node1; node2 on sw0 p2 and sw1 p2 (two
 * ports: it can relay); node3 on sw1 p3 over a link that is down; sw0 p3
 * p4 to sw1 p4 on 2 VCs; a circuit on sw0 from p2 to p0 (node2 to node0).
 */
static struct rcf_fabric *build(void)
{
	struct rcf_fabric *f = fab_new();
	static const u8 r01[] = {H(0, 0), H(1, 0), H(1, 0)};
	static const u8 r01b[] = {H(0, 0), H(4, 1), H(1, 0)};
	static const u8 r10[] = {H(0, 0), H(0, 0), H(0, 0)};
	static const u8 r02[] = {H(0, 0), H(2, 0)};
	static const u8 r20[] = {H(0, 0)};
	static const u8 r21[] = {H(1, 0), H(1, 0)};
	static const u8 r03[] = {H(0, 0), H(1, 0), H(3, 0)};

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_node(f, 2, 2);
	op_node(f, 3, 1);
	op_switch(f, 0, 8);
	op_switch(f, 1, 8);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_link(f, 1, S, 0, 1, S, 1, 0);
	op_link(f, 2, S, 1, 1, N, 1, 0);
	op_link(f, 3, N, 2, 0, S, 0, 2);
	op_link(f, 4, N, 2, 1, S, 1, 2);
	op_link(f, 5, S, 1, 3, N, 3, 0);
	op_link(f, 6, S, 0, 4, S, 1, 4);
	rcf_link_get(f, 6)->vcs = 2;
	rcf_link_get(f, 0)->buf_size = 8;
	rcf_link_get(f, 1)->latency = 3;
	rcf_link_get(f, 6)->bandwidth = 2;
	rcf_switch_get(f, 1)->cq_size = RCF_CQ_MIN_SIZE;
	FZ_ASSERT(!op_circuit(f, 0, 2, 0), "circuit");
	FZ_ASSERT(!op_route(f, 0, 1, 0, r01, 3), "route");
	FZ_ASSERT(!op_route(f, 0, 1, 1, r01b, 3), "route");
	FZ_ASSERT(!op_route(f, 1, 0, 0, r10, 3), "route");
	FZ_ASSERT(!op_route(f, 0, 2, 0, r02, 2), "route");
	FZ_ASSERT(!op_route(f, 2, 0, 0, r20, 1), "route");
	FZ_ASSERT(!op_route(f, 2, 1, 0, r21, 2), "route");
	FZ_ASSERT(!op_route(f, 0, 3, 0, r03, 3), "route");
	rcf_link_get(f, 5)->state = RCF_LINK_DOWN;
	return f;
}

/* The input as run mode (enum fz_run), recorded in *d. */
static void run(const u8 *data, size_t size, int mode, struct fz_diff *d)
{
	static u8 buf[RCF_ADAPTER_MAX_MSG];
	struct fz z = {data, size};
	struct rcf_adapter *a;
	struct rcf_engine *e;
	struct rcf_engine_stats s;
	struct rcf_adapter_stats as;
	struct rcf_engine_cfg cfg = {0};
	long long r;
	u32 i;

	memset(d, 0, sizeof(*d));
	a = rcf_adapter_new(
		fab, size & 1 ? RCF_RPOL_LEAST_LOADED : RCF_RPOL_ROUND_ROBIN,
		&ops, d);
	FZ_ASSERT(a, "no adapter");
	e = rcf_adapter_engine(a);
	d->e = e;
	/*
	 * The input's length picks the engine's model settings, so every
	 * corpus entry runs under one of each combination in turn.
	 */
	cfg.route_delay = (size >> 2) % 4;
	cfg.alloc = (size >> 4) % 2 ? RCF_ALLOC_RR : RCF_ALLOC_OLDEST;
	if ((size >> 6) % 2)
		cfg.alloc = RCF_ALLOC_ISLIP;
	cfg.cq_off = (size >> 5) % 2;
	FZ_ASSERT(fz_diff_mode(e, mode, size), "mode");
	FZ_ASSERT(!rcf_engine_configure(e, &cfg), "settings");
	while (z.n) {
		u32 op = fz_u8(&z), src, dst, n, len;
		const u8 *hops;

		switch (op % 4) {
		case 0:
			src = fz_u8(&z) % 5;
			n = fz_u8(&z) % 70;
			for (i = 0; i < n; i++)
				buf[i] = fz_u8(&z);
			len = fz_u8(&z);
			for (i = 0; i < len; i++)
				buf[n + i] = fz_u8(&z);
			r = rcf_engine_send(e, src, buf, n, buf + n, len, op);
			FZ_ASSERT(!r || r == -EINVAL || r == -EMSGSIZE,
				  "send %lld", r);
			break;
		case 1:
			src = fz_u8(&z) % 5;
			dst = fz_u8(&z) % 5;
			len = fz_u16(&z) % 3000;
			for (i = 0; i < len; i++)
				buf[i] = i;
			r = rcf_adapter_send(a, src, dst, buf, len, op);
			FZ_ASSERT(!r || r == -EINVAL || r == -ENOENT,
				  "adapter send %lld", r);
			break;
		case 2:
			r = fz_run(e, fz_u8(&z), 16);
			FZ_ASSERT(r >= 0 || r == -EDEADLK, "run %lld", r);
			break;
		case 3:
			src = fz_u8(&z) % 4;
			dst = fz_u8(&z) % 4;
			n = fz_u8(&z) % RCF_ROUTES_PER_PAIR;
			len = fz_u8(&z) % 64;
			for (i = 0; i < len; i++)
				buf[i] = fz_u8(&z);
			if (!rcf_engine_route(e, src, dst, n, &hops, &i))
				rcf_engine_send(e, src, hops, i, buf, len, op);
			break;
		}
	}
	r = fz_run(e, 10000000, 4096);
	FZ_ASSERT(r >= 0 || r == -EDEADLK, "final run %lld", r);
	rcf_engine_stats(e, &s);
	rcf_adapter_stats(a, &as);
	if (r >= 0) {
		FZ_ASSERT(!rcf_engine_busy(e), "busy after idle");
		FZ_ASSERT(!s.inflight, "bytes in flight after idle");
		FZ_ASSERT(s.delivered_pkts + s.dropped_pkts >= s.sent_pkts,
			  "packets lost");
	}
	FZ_ASSERT(as.msgs_received == d->ndlv, "deliveries miscounted");
	FZ_ASSERT(as.partial <= 4 * RCF_ADAPTER_MAX_PARTIAL, "partials %llu",
		  (unsigned long long)as.partial);
	fz_diff_end(d, fab, a, r);
	rcf_adapter_free(a);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct fz_diff x, y;

	if (!fab)
		fab = build();
	run(data, size, FZ_EXACT, &x);
	run(data, size, FZ_FAST, &y);
	fz_diff_check(&x, &y, FZ_FAST);
	run(data, size, FZ_BY_INDEX, &y);
	fz_diff_check(&x, &y, FZ_BY_INDEX);
	return 0;
}
