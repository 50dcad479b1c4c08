// SPDX-License-Identifier: GPL-2.0
/*
 * Random small fabrics built from the fuzzer's bytes through the model
 * API (which refuses what is invalid), routes found by walks the bytes
 * steer, then messages through the adapter between random pairs, with
 * route changes swapped in under them as an epoch's freeze does, run to
 * idle or to a reported deadlock.  Checked: the engine's invariants
 * throughout; every message handed up is one that was sent, once, byte
 * for byte; with no drop and no deadlock every message arrives and
 * nothing is left behind; every message sent is counted once, by its
 * pair or, for a pair whose routes went, by the swap's report.  Each
 * input runs in the reference mode, in the fast one and by index, which
 * must agree (fuzz_diff.h).
 */
#include <string.h>

#include "fuzz_diff.h"
#include "util.h"

#define MAXN   6
#define MAXMSG 32

static u32 sent_len[MAXMSG];
static u8 seen[MAXMSG];
static u32 nsent;

static u8 pat(u64 cookie, u32 i)
{
	return (u8)(cookie * 77 + i * 3 + (i >> 8));
}

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	u32 i;

	FZ_ASSERT(cookie < nsent, "unknown message %llu",
		  (unsigned long long)cookie);
	FZ_ASSERT(!seen[cookie], "message %llu twice",
		  (unsigned long long)cookie);
	seen[cookie] = 1;
	FZ_ASSERT(len == sent_len[cookie], "length %u, sent %u", len,
		  sent_len[cookie]);
	for (i = 0; i < len; i++)
		FZ_ASSERT(msg[i] == pat(cookie, i), "byte %u of %u -> %u", i,
			  src, dst);
	fz_diff_deliver(priv, dst, src, len, cookie, latency);
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver};

static int do_link(struct rcf_fabric *f, void *arg)
{
	struct rcf_err e;

	return rcf_link_add(f, arg, &e);
}

static int do_link_set(struct rcf_fabric *f, void *arg)
{
	struct rcf_err e;

	return rcf_link_set(f, arg, &e);
}

static int do_circuit(struct rcf_fabric *f, void *arg)
{
	struct rcf_err e;

	return rcf_circuit_add(f, arg, &e);
}

static int do_switch(struct rcf_fabric *f, void *arg)
{
	struct rcf_err e;

	return rcf_switch_add(f, arg, &e);
}

/* The far end of the link on port p of end at, or false. */
static bool hop(struct rcf_fabric *f, struct rcf_end *at, u32 p)
{
	u32 lid = at->kind == RCF_ELEM_NODE
			  ? rcf_node_get(f, at->id)->port_link[p]
			  : rcf_switch_get(f, at->id)->port_link[p];
	struct rcf_link *l;

	if (lid == RCF_NONE)
		return false;
	l = rcf_link_get(f, lid);
	if (l->a.kind == at->kind && l->a.id == at->id && l->a.port == p)
		*at = l->b;
	else
		*at = l->a;
	return true;
}

/*
 * A route from node src the bytes steer: at each element a port, and a
 * VC; at a node, whether to stop.  Circuits are followed without a byte.
 * Returns the route's length; *dst is where it ended (or RCF_NONE).
 */
static u32 walk(struct fz *z, struct rcf_fabric *f, u32 src, u8 *r, u32 *dst)
{
	struct rcf_end at = {RCF_ELEM_NODE, src, 0};
	u32 n = 0, guard = 0, p;

	*dst = RCF_NONE;
	while (n < 12 && guard++ < 32) {
		if (at.kind == RCF_ELEM_NODE) {
			if (n && fz_u8(z) % 4)
				break;
			p = fz_u8(z) % rcf_node_get(f, at.id)->ports;
		} else {
			struct rcf_switch *s = rcf_switch_get(f, at.id);

			if (s->circ_out[at.port] != RCF_NO_CIRCUIT) {
				p = s->circ_out[at.port];
				if (!hop(f, &at, p))
					return n;
				continue;
			}
			p = fz_u8(z) % s->ports;
		}
		r[n++] = RCF_HOP(p, fz_u8(z) % 3);
		if (!hop(f, &at, p))
			return n;
	}
	if (at.kind == RCF_ELEM_NODE)
		*dst = at.id;
	return n;
}

static u64 gone_sent;
static u32 nreroutes;

static void on_gone(void *priv, u32 src, u32 dst, u64 sent, u64 received)
{
	(void)priv;
	(void)src;
	(void)dst;
	(void)received;
	gone_sent += sent;
}

/* One route added or deleted, swapped into the running adapter. */
static void reroute(struct fz *z, struct rcf_fabric *f, struct rcf_adapter *a,
		    u32 nn)
{
	u8 srcs[RCF_MAX_NODES] = {0};
	struct rcf_route r = {.src = fz_u8(z) % nn};
	struct rcf_reroute *rt;
	struct rcf_err e;
	u32 len;

	rcf_txn_begin(f);
	if (fz_u8(z) & 1) {
		rcf_route_del(f, r.src, fz_u8(z) % nn, -1, &e);
	} else if (rcf_node_get(f, r.src)->nlinks) {
		len = walk(z, f, r.src, r.hops, &r.dst);
		r.nhops = len;
		if (r.dst != RCF_NONE && len)
			rcf_route_add(f, &r, fz_u8(z) % 4, &e);
	}
	FZ_ASSERT(rcf_txn_routes_only(f, srcs), "a route change is not one");
	rt = rcf_reroute_prepare(a, f, srcs);
	FZ_ASSERT(rt, "no route table");
	FZ_ASSERT(!rcf_txn_commit(f, &e), "route commit refused");
	rcf_reroute_install(a, rt, on_gone, NULL);
	nreroutes++;
	FZ_ASSERT(!rcf_engine_check(rcf_adapter_engine(a)), "%s",
		  rcf_engine_check(rcf_adapter_engine(a)));
}

/* The input as run mode (enum fz_run), recorded in *out. */
static void run(const u8 *data, size_t size, int mode, struct fz_diff *out)
{
	static u8 buf[RCF_ADAPTER_MAX_MSG];
	struct fz z = {data, size};
	struct rcf_fabric *f = fab_new();
	struct rcf_adapter *a;
	struct rcf_engine *e;
	struct rcf_engine_stats s;
	struct rcf_adapter_stats as;
	u32 nn = 2 + fz_u8(&z) % (MAXN - 1), ns = fz_u8(&z) % 4, i, k, n;
	u32 budget = 40000, accepted = 0, delivered = 0, d;
	u64 counted, ps, pr;
	bool dead = false;
	long long r;

	for (i = 0; i < nn; i++)
		op_node(f, i, 1 + fz_u8(&z) % 3);
	for (i = 0; i < ns; i++) {
		struct rcf_switch_cfg c = {.id = i, .has_id = true};

		c.ports = 2 + fz_u8(&z) % 7;
		c.has_ports = true;
		c.cq_size = 8 * fz_u8(&z) + 56; /* some under the minimum */
		c.has_cq_size = true;
		op_txn(f, do_switch, &c, &last_err);
	}
	n = fz_u8(&z) % 14;
	for (k = 0; k < n; k++) {
		struct rcf_link_cfg c = {.id = k, .has_id = true};

		c.a.kind = fz_u8(&z) & 1 ? RCF_ELEM_SWITCH : RCF_ELEM_NODE;
		c.a.id = fz_u8(&z) % MAXN;
		c.a.port = fz_u8(&z) % 9;
		c.b.kind = fz_u8(&z) & 1 ? RCF_ELEM_SWITCH : RCF_ELEM_NODE;
		c.b.id = fz_u8(&z) % MAXN;
		c.b.port = fz_u8(&z) % 9;
		c.bandwidth = 1 + fz_u8(&z) % 3;
		c.latency = 1 + fz_u8(&z) % 4;
		c.vcs = fz_u8(&z) % 4;	      /* 0 is refused */
		c.buf_size = fz_u8(&z) % 300; /* under 4 is refused */
		c.set = RCF_LSET_BANDWIDTH | RCF_LSET_LATENCY | RCF_LSET_VCS |
			RCF_LSET_BUF;
		op_txn(f, do_link, &c, &last_err);
	}
	n = fz_u8(&z) % 4;
	for (k = 0; k < n; k++) {
		struct rcf_circuit c = {0};

		c.sw = fz_u8(&z) % 4;
		c.in_port = fz_u8(&z) % 9;
		c.out_port = fz_u8(&z) % 9;
		op_txn(f, do_circuit, &c, &last_err);
	}
	n = fz_u8(&z) % 24;
	for (k = 0; k < n; k++) {
		u32 src = fz_u8(&z) % nn, dst, len;
		u8 route[16];

		if (!rcf_node_get(f, src)->nlinks)
			continue;
		len = walk(&z, f, src, route, &dst);
		if (dst != RCF_NONE && len)
			op_route(f, src, dst, fz_u8(&z) % 4, route, len);
	}
	/* a link that fails under its routes */
	if (fz_u8(&z) % 4 == 0) {
		struct rcf_link_cfg c = {.id = fz_u8(&z) % 14};

		c.state = RCF_LINK_DOWN;
		c.set = RCF_LSET_STATE;
		if (rcf_link_get(f, c.id))
			op_txn(f, do_link_set, &c, &last_err);
	}
	memset(out, 0, sizeof(*out));
	a = rcf_adapter_new(f, fz_u8(&z) & 1, &ops, out);
	FZ_ASSERT(a, "no adapter");
	e = rcf_adapter_engine(a);
	out->e = e;
	FZ_ASSERT(fz_diff_mode(e, mode, size), "mode");
	nsent = 0;
	gone_sent = 0;
	nreroutes = 0;
	memset(seen, 0, sizeof(seen));
	while (z.n && nsent < MAXMSG) {
		u32 src = fz_u8(&z) % nn, dst = fz_u8(&z) % nn;
		u32 len = fz_u16(&z);

		len = len & 0x8000 ? len % 3000 : len % 300;
		if (len > budget)
			break;
		for (i = 0; i < len; i++)
			buf[i] = pat(nsent, i);
		sent_len[nsent] = len;
		r = rcf_adapter_send(a, src, dst, buf, len, nsent);
		FZ_ASSERT(!r || r == -ENOENT, "send %lld", r);
		if (!r) {
			budget -= len;
			accepted++;
		}
		nsent++;
		if (fz_u8(&z) % 3 == 0) {
			r = fz_run(e, fz_u8(&z) * 4, 64);
			FZ_ASSERT(r >= 0 || r == -EDEADLK, "run %lld", r);
			dead = r < 0;
			if (dead)
				break;
		}
		if (fz_u8(&z) % 5 == 0)
			reroute(&z, f, a, nn);
	}
	if (!dead) {
		/* no livelock: the fabric goes idle or says it is stuck */
		r = fz_run(e, 20000000, 4096);
		FZ_ASSERT(r >= 0 || r == -EDEADLK, "final run %lld", r);
		FZ_ASSERT(r < 20000000, "still busy after 2e7 cycles");
		dead = r < 0;
	}
	rcf_engine_stats(e, &s);
	rcf_adapter_stats(a, &as);
	for (i = 0; i < nsent; i++)
		delivered += seen[i];
	FZ_ASSERT(as.msgs_received == delivered, "deliveries miscounted");
	FZ_ASSERT(as.msgs_sent == accepted, "sends miscounted");
	counted = gone_sent;
	for (i = 0; i < nn; i++)
		for (d = 0; d < nn; d++)
			if (!rcf_adapter_pair_msgs(a, i, d, &ps, &pr))
				counted += ps;
	FZ_ASSERT(counted == accepted, "pairs counted %llu of %u sent",
		  (unsigned long long)counted, accepted);
	if (!dead) {
		FZ_ASSERT(!rcf_engine_busy(e), "busy after idle");
		FZ_ASSERT(!s.inflight, "bytes in flight after idle");
		FZ_ASSERT(
			s.delivered_pkts + s.dropped_pkts == s.sent_pkts,
			"packets lost: %llu sent, %llu delivered, %llu dropped",
			(unsigned long long)s.sent_pkts,
			(unsigned long long)s.delivered_pkts,
			(unsigned long long)s.dropped_pkts);
		if (!s.dropped_pkts) {
			FZ_ASSERT(delivered == accepted,
				  "%u of %u messages arrived", delivered,
				  accepted);
			FZ_ASSERT(!as.partial, "partial left");
		}
	}
	if (getenv("RCF_FUZZ_VERBOSE"))
		fprintf(stderr,
			"topo: %u nodes %u routes; %u of %u messages in, %u "
			"arrived, %llu reordered, %llu pkts dropped, %u "
			"route swaps%s\n",
			nn, rcf_engine_nroutes(e), accepted, nsent, delivered,
			(unsigned long long)as.reordered,
			(unsigned long long)s.dropped_pkts, nreroutes,
			dead ? ", deadlock" : "");
	fz_diff_end(out, f, a, r);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static struct fz_diff x, y;

	run(data, size, FZ_EXACT, &x);
	run(data, size, FZ_FAST, &y);
	fz_diff_check(&x, &y, FZ_FAST);
	run(data, size, FZ_BY_INDEX, &y);
	fz_diff_check(&x, &y, FZ_BY_INDEX);
	return 0;
}
