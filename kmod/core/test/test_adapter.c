// SPDX-License-Identifier: GPL-2.0
/* The node adapter: segmentation, route choice, reassembly, drops. */
#include "util.h"
#include "adapter/adapter.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

#define MAXGOT 1024

/* What the adapter handed up, message by message. */
struct got {
	int n;
	u32 dst[MAXGOT], src[MAXGOT], len[MAXGOT], sum[MAXGOT];
	u64 cookie[MAXGOT], lat[MAXGOT];
	int bad; /* deliveries whose bytes differ from the pattern */
};

static struct got got;

/* Message bytes are a function of (cookie, offset): checkable anywhere. */
static u8 pat(u64 cookie, u32 i)
{
	return (u8)(cookie * 131 + i * 7 + (i >> 8) * 13);
}

static u32 fill(u8 *buf, u32 len, u64 cookie)
{
	u32 i, sum = 0;

	for (i = 0; i < len; i++) {
		buf[i] = pat(cookie, i);
		sum = sum * 31 + buf[i];
	}
	return sum;
}

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	u32 i, sum = 0;

	(void)priv;
	for (i = 0; i < len; i++) {
		if (msg[i] != pat(cookie, i)) {
			got.bad++;
			break;
		}
		sum = sum * 31 + msg[i];
	}
	if (got.n < MAXGOT) {
		got.dst[got.n] = dst;
		got.src[got.n] = src;
		got.len[got.n] = len;
		got.sum[got.n] = sum;
		got.cookie[got.n] = cookie;
		got.lat[got.n] = latency;
	}
	got.n++;
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver};

static struct rcf_adapter *adapter(struct rcf_fabric *f, int policy)
{
	memset(&got, 0, sizeof(got));
	return rcf_adapter_new(f, policy, &ops, NULL);
}

/* Runs to idle, checking the engine's invariants every few cycles. */
static long long run(struct rcf_adapter *a, u64 max)
{
	return run_checked_by(rcf_adapter_engine(a), max, 64);
}

/*
 * fab_chain(h) with routes 0 -> 1 and 1 -> 0.
 */
static struct rcf_fabric *chain(int h)
{
	struct rcf_fabric *f = fab_chain(h);
	u8 r[16];
	int i;

	r[0] = H(0, 0);
	for (i = 1; i <= h; i++)
		r[i] = H(1, 0);
	CHECK_EQ(op_route(f, 0, 1, 0, r, h + 1), 0);
	for (i = 1; i <= h; i++)
		r[i] = H(0, 0);
	CHECK_EQ(op_route(f, 1, 0, 0, r, h + 1), 0);
	return f;
}

static void t_sizes(void)
{
	static const int hops[] = {0, 2, 5}; /* 1, 3 and 6 hops */
	static u8 buf[RCF_ADAPTER_MAX_MSG];
	int hi, k;

	for (hi = 0; hi < 3; hi++) {
		struct rcf_fabric *f = chain(hops[hi]);
		struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
		u32 room = RCF_ENGINE_MAX_PKT - 1 - (hops[hi] + 1) -
			   RCF_ADAPTER_HDR;
		u32 sizes[] = {0,
			       1,
			       room - 1,
			       room,
			       room + 1,
			       2 * room + 3,
			       RCF_ADAPTER_MAX_MSG};
		u32 sums[7];
		struct rcf_adapter_stats s;
		struct rcf_engine_stats es;
		u64 tx = 0;

		for (k = 0; k < 7; k++) {
			sums[k] = fill(buf, sizes[k], k);
			CHECK_EQ(rcf_adapter_send(a, 0, 1, buf, sizes[k], k),
				 0);
			tx += sizes[k];
		}
		CHECK(run(a, 10000000) >= 0);
		CHECK_EQ(got.n, 7);
		CHECK_EQ(got.bad, 0);
		for (k = 0; k < 7 && k < got.n; k++) {
			/* one route: packets arrive in order, so do messages */
			CHECK_EQ(got.cookie[k], k);
			CHECK_EQ(got.len[k], sizes[k]);
			CHECK_EQ(got.sum[k], sums[k]);
			CHECK_EQ(got.dst[k], 1);
			CHECK_EQ(got.src[k], 0);
		}
		rcf_adapter_stats(a, &s);
		CHECK_EQ(s.msgs_sent, 7);
		CHECK_EQ(s.msgs_received, 7);
		CHECK_EQ(s.tx_bytes, tx);
		CHECK_EQ(s.rx_bytes, tx);
		CHECK_EQ(s.partial, 0);
		rcf_engine_stats(rcf_adapter_engine(a), &es);
		/* packets: 1 + 1 + 1 + 1 + 2 + 3 + ceil(65535 / room) */
		CHECK_EQ(es.delivered_pkts,
			 9 + (RCF_ADAPTER_MAX_MSG + room - 1) / room);
		CHECK_EQ(es.inflight, 0);
		rcf_adapter_free(a);
		rcf_fabric_free(f);
	}
}

/* Sends a message of len pattern bytes; returns rcf_adapter_send's result. */
static int send_msg(struct rcf_adapter *a, u32 src, u32 dst, u32 len,
		    u64 cookie)
{
	static u8 buf[RCF_ADAPTER_MAX_MSG + 1];

	fill(buf, len, cookie);
	return rcf_adapter_send(a, src, dst, buf, len, cookie);
}

/* One switch, nodes 0..4 on ports 0..4; routes from every node to every. */
static struct rcf_fabric *star(int nn)
{
	struct rcf_fabric *f = fab_new();
	int i, j;

	op_switch(f, 0, 8);
	for (i = 0; i < nn; i++) {
		op_node(f, i, 1);
		op_link(f, i, N, i, 0, S, 0, i);
		link_params(f, i, 1, 2, 16);
	}
	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++) {
			u8 r[2] = {H(0, 0), H(j, 0)};

			if (i != j)
				CHECK_EQ(op_route(f, i, j, 0, r, 2), 0);
		}
	return f;
}

/* Four sources, messages of many sizes each, all into node 0 at once. */
static void t_interleaved(void)
{
	struct rcf_fabric *f = star(5);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	struct rcf_adapter_stats s, ns;
	u64 bytes[5] = {0}, want = 0;
	int src, k, i;

	for (k = 0; k < 6; k++)
		for (src = 1; src < 5; src++) {
			u32 len = (k * 977 + src * 301) % 3000;

			CHECK_EQ(send_msg(a, src, 0, len, src * 100 + k), 0);
			bytes[src] += len;
			want += len;
		}
	CHECK(run(a, 10000000) >= 0);
	CHECK_EQ(got.n, 24);
	CHECK_EQ(got.bad, 0);
	for (i = 0; i < got.n && i < 24; i++) {
		CHECK_EQ(got.src[i], got.cookie[i] / 100);
		CHECK_EQ(got.len[i], (got.cookie[i] % 100 * 977 +
				      got.cookie[i] / 100 * 301) %
					     3000);
	}
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.rx_bytes, want);
	CHECK_EQ(s.msgs_received, 24);
	CHECK_EQ(rcf_adapter_node_stats(a, 0, &ns), 0);
	CHECK_EQ(ns.msgs_received, 24);
	CHECK_EQ(ns.rx_bytes, want);
	CHECK_EQ(ns.msgs_sent, 0);
	for (src = 1; src < 5; src++) {
		CHECK_EQ(rcf_adapter_node_stats(a, src, &ns), 0);
		CHECK_EQ(ns.msgs_sent, 6);
		CHECK_EQ(ns.tx_bytes, bytes[src]);
		CHECK_EQ(ns.msgs_received, 0);
	}
	CHECK_EQ(rcf_adapter_node_stats(a, 9, &ns), -ENOENT);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * node0 - sw0 ==> sw3 - node1 with sw0 to sw3 direct (route 0) and
 * through sw1 and sw2 on slow links (route 1): packets of one message on
 * route 1 arrive after later packets on route 0.
 */
static struct rcf_fabric *slow_two_paths(u32 slow_lat)
{
	struct rcf_fabric *f = fab_two_paths();
	u8 r0[3] = {H(0, 0), H(1, 0), H(1, 0)};
	u8 r1[5] = {H(0, 0), H(2, 0), H(1, 0), H(1, 0), H(1, 0)};
	int i;

	/* the long way holds a whole packet in flight: buf >= 2 L B */
	for (i = 0; i < 6; i++)
		link_params(f, i, 1, i >= 2 && i <= 4 ? slow_lat : 1,
			    i >= 2 && i <= 4 ? 2 * slow_lat + 256 : 64);
	CHECK_EQ(op_route(f, 0, 1, 0, r0, 3), 0);
	CHECK_EQ(op_route(f, 0, 1, 1, r1, 5), 0);
	return f;
}

static void t_reorder(void)
{
	struct rcf_fabric *f = slow_two_paths(100);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	struct rcf_engine_chan_stats c1, c2;
	struct rcf_engine_chan_id id1 = {1, 0, 0}, id2 = {2, 0, 0};
	struct rcf_adapter_stats s;
	static const u32 sizes[] = {0, 1, 245, 246, 247, 1000, 5000, 65535};
	u64 want = 0;
	int k;

	for (k = 0; k < 8; k++) {
		CHECK_EQ(send_msg(a, 0, 1, sizes[k], k), 0);
		want += sizes[k];
	}
	CHECK(run(a, 10000000) >= 0);
	CHECK_EQ(got.n, 8);
	CHECK_EQ(got.bad, 0);
	for (k = 0; k < got.n && k < 8; k++)
		CHECK_EQ(got.len[k], sizes[got.cookie[k]]);
	rcf_adapter_stats(a, &s);
	printf("# reordered packets: %llu\n", (unsigned long long)s.reordered);
	CHECK(s.reordered > 100);
	CHECK_EQ(s.rx_bytes, want);
	CHECK_EQ(s.partial, 0);
	/* both routes carried packets */
	rcf_engine_chan_stats(rcf_adapter_engine(a), &id1, &c1);
	rcf_engine_chan_stats(rcf_adapter_engine(a), &id2, &c2);
	CHECK(c1.packets > 100);
	CHECK(c2.packets > 100);
	CHECK(c1.packets - c2.packets <= 8);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* node0 - sw0 =4 parallel links= sw1 - node1, one route on each. */
static struct rcf_fabric *parallel(int vcs0)
{
	struct rcf_fabric *f = fab_new();
	int i;

	op_node(f, 0, 1);
	op_node(f, 1, 1);
	op_node(f, 2, 1);
	op_switch(f, 0, 8);
	op_switch(f, 1, 8);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	for (i = 1; i <= 4; i++)
		op_link(f, i, S, 0, i, S, 1, i);
	op_link(f, 5, S, 1, 0, N, 1, 0);
	op_link(f, 6, S, 0, 5, N, 2, 0);
	rcf_link_get(f, 0)->vcs = vcs0;
	for (i = 0; i < 4; i++) {
		u8 r[3] = {H(0, i % vcs0), H(1 + i, 0), H(0, 0)};

		CHECK_EQ(op_route(f, 0, 1, i, r, 3), 0);
	}
	return f;
}

static void t_round_robin_all_routes(void)
{
	struct rcf_fabric *f = parallel(1);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {0, 0, 0};
	int k;

	for (k = 0; k < 10; k++)
		CHECK_EQ(send_msg(a, 0, 1, 100, k), 0);
	/* 4 packets, one on each route, wherever the rotation stands */
	CHECK_EQ(send_msg(a, 0, 1, 3 * 243 + 1, 10), 0);
	CHECK(run(a, 1000000) >= 0);
	CHECK_EQ(got.n, 11);
	CHECK_EQ(got.bad, 0);
	for (k = 1; k <= 4; k++) {
		id.link = k;
		CHECK_EQ(rcf_engine_chan_stats(rcf_adapter_engine(a), &id, &cs),
			 0);
		/* 10 messages: routes 0, 1 get 3; 2, 3 get 2; then one more */
		CHECK_EQ(cs.packets, (k <= 2 ? 3 : 2) + 1);
	}
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Routes 0 and 2 leave node 0 on VC 0, routes 1 and 3 on VC 1.  Traffic
 * to node 2 (VC 0 only) loads VC 0 first: least loaded then puts every
 * packet to node 1 on VC 1, where round robin would use both.
 */
static void ll_run(int policy, u64 *vc0, u64 *vc1)
{
	struct rcf_fabric *f = parallel(2);
	struct rcf_adapter *a;
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {0, 0, 0};
	u8 r[2] = {H(0, 0), H(5, 0)};
	u64 before;

	CHECK_EQ(op_route(f, 0, 2, 0, r, 2), 0);
	a = adapter(f, policy);
	/* 20 full packets to node 2, 4 to node 1 (room 244 and 243) */
	CHECK_EQ(send_msg(a, 0, 2, 20 * 244, 1), 0);
	before = rcf_adapter_backlog(a, 0);
	/* on the first wire: route bytes, header, data */
	CHECK_EQ(before, 20 * (2 + RCF_ADAPTER_HDR + 244));
	CHECK_EQ(send_msg(a, 0, 1, 4 * 243, 2), 0);
	CHECK_EQ(rcf_adapter_backlog(a, 0),
		 before + 4 * (3 + RCF_ADAPTER_HDR + 243));
	CHECK(run(a, 1000000) >= 0);
	CHECK_EQ(rcf_adapter_backlog(a, 0), 0);
	CHECK_EQ(got.n, 2);
	CHECK_EQ(got.bad, 0);
	CHECK_EQ(rcf_engine_chan_stats(rcf_adapter_engine(a), &id, &cs), 0);
	*vc0 = cs.packets;
	id.vc = 1;
	CHECK_EQ(rcf_engine_chan_stats(rcf_adapter_engine(a), &id, &cs), 0);
	*vc1 = cs.packets;
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static void t_least_loaded(void)
{
	u64 vc0, vc1;

	ll_run(RCF_RPOL_LEAST_LOADED, &vc0, &vc1);
	CHECK_EQ(vc0, 20);
	CHECK_EQ(vc1, 4);
	ll_run(RCF_RPOL_ROUND_ROBIN, &vc0, &vc1);
	CHECK_EQ(vc0, 22);
	CHECK_EQ(vc1, 2);
}

/* With two idle routes, least loaded spreads as the first one fills. */
static void t_least_loaded_spreads(void)
{
	struct rcf_fabric *f = parallel(2);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_LEAST_LOADED);
	struct rcf_engine_chan_stats c0, c1;
	struct rcf_engine_chan_id id = {0, 0, 0};

	CHECK_EQ(send_msg(a, 0, 1, 40 * 243, 1), 0);
	CHECK(run(a, 1000000) >= 0);
	CHECK_EQ(got.n, 1);
	CHECK_EQ(got.bad, 0);
	rcf_engine_chan_stats(rcf_adapter_engine(a), &id, &c0);
	id.vc = 1;
	rcf_engine_chan_stats(rcf_adapter_engine(a), &id, &c1);
	CHECK_EQ(c0.packets + c1.packets, 40);
	CHECK(c0.packets >= 19 && c0.packets <= 21);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

static void t_refusals(void)
{
	struct rcf_fabric *f = star(3);
	struct rcf_adapter *a;
	struct rcf_adapter_stats s, ns;
	struct rcf_engine_stats es;

	/* node 3 without a route */
	CHECK_EQ(op_node(f, 3, 1), 0);
	CHECK_EQ(op_link(f, 3, N, 3, 0, S, 0, 3), 0);
	a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	CHECK(a != NULL);
	CHECK_EQ(send_msg(a, 3, 1, 10, 1), -ENOENT);
	CHECK_EQ(send_msg(a, 0, 0, 10, 1), -ENOENT);
	CHECK_EQ(send_msg(a, 0, 1, RCF_ADAPTER_MAX_MSG + 1, 1), -EMSGSIZE);
	CHECK_EQ(send_msg(a, 7, 1, 10, 1), -EINVAL);
	CHECK_EQ(send_msg(a, 0, 7, 10, 1), -EINVAL);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.drops[RCF_ADROP_NO_ROUTE], 2);
	CHECK_EQ(s.drops[RCF_ADROP_MSG_SIZE], 1);
	CHECK_EQ(s.msgs_sent, 0);
	CHECK_EQ(rcf_adapter_node_stats(a, 3, &ns), 0);
	CHECK_EQ(ns.drops[RCF_ADROP_NO_ROUTE], 1);
	/* nothing was queued */
	CHECK_EQ(rcf_engine_busy(rcf_adapter_engine(a)), 0);
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	CHECK_EQ(es.sent_pkts, 0);
	CHECK_EQ(rcf_adapter_backlog(a, 0), 0);
	rcf_adapter_stats_reset(a);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.drops[RCF_ADROP_NO_ROUTE], 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Route 1 crosses a link that went down after it was installed: every
 * message's second packet is dropped in the fabric, its first leaves a
 * partial.  The 65th evicts the first; the rest are freed with the
 * adapter (ASan would report a leak).
 */
static void t_partial_evicted(void)
{
	struct rcf_fabric *f = slow_two_paths(1);
	struct rcf_adapter *a;
	struct rcf_adapter_stats s;
	struct rcf_engine_stats es;
	int k;

	rcf_link_get(f, 3)->state = RCF_LINK_DOWN;
	a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	for (k = 0; k < RCF_ADAPTER_MAX_PARTIAL + 1; k++)
		CHECK_EQ(send_msg(a, 0, 1, 400, k), 0);
	CHECK(run(a, 1000000) >= 0);
	CHECK_EQ(got.n, 0);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.partial, RCF_ADAPTER_MAX_PARTIAL);
	CHECK_EQ(s.drops[RCF_ADROP_REASSEMBLY], 1);
	rcf_engine_stats(rcf_adapter_engine(a), &es);
	CHECK_EQ(es.drops[RCF_EDROP_LINK_DOWN], RCF_ADAPTER_MAX_PARTIAL + 1);
	CHECK_EQ(es.inflight, 0);
	/* a lower count limit evicts down to it */
	rcf_adapter_set_limits(a, 4, RCF_ADAPTER_REASM_BYTES);
	CHECK_EQ(send_msg(a, 0, 1, 400, 99), 0);
	CHECK(run(a, 1000000) >= 0);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.partial, 4);
	CHECK_EQ(s.drops[RCF_ADROP_REASSEMBLY], 62);
	/* a byte budget smaller than two partials keeps one */
	rcf_adapter_set_limits(a, RCF_ADAPTER_MAX_PARTIAL, 700);
	CHECK_EQ(send_msg(a, 0, 1, 400, 100), 0);
	CHECK(run(a, 1000000) >= 0);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.partial, 1);
	CHECK_EQ(s.drops[RCF_ADROP_REASSEMBLY], 66);
	/* a message over the whole budget is refused packet by packet */
	rcf_adapter_set_limits(a, 4, 100);
	CHECK_EQ(send_msg(a, 0, 1, 400, 101), 0);
	CHECK(run(a, 1000000) >= 0);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.partial, 0);
	CHECK_EQ(s.drops[RCF_ADROP_REASSEMBLY], 68);
	CHECK_EQ(got.n, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Packets that bypass the adapter's send side, headers forged. */
static void t_bad_headers(void)
{
	struct rcf_fabric *f = chain(1);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	struct rcf_engine *e = rcf_adapter_engine(a);
	struct rcf_adapter_stats s;
	u8 r[2] = {H(0, 0), H(1, 0)};
	/* id 5, total 20: data 0..9, then a duplicate, then the rest */
	u8 p1[18] = {0, 0, 0, 5, 0, 20, 0, 0};
	u8 p2[18] = {0, 0, 0, 5, 0, 20, 0, 5};
	u8 p3[18] = {0, 0, 0, 5, 0, 20, 0, 10};
	u8 wrong_total[9] = {0, 0, 0, 5, 0, 30, 0, 15, 0};
	u8 past_end[18] = {0, 0, 0, 6, 0, 5, 0, 0};
	u8 empty_part[8] = {0, 0, 0, 7, 0, 5, 0, 0};
	int i;

	for (i = 0; i < 10; i++) {
		p1[8 + i] = pat(9, i);
		p2[8 + i] = pat(9, 5 + i);
		p3[8 + i] = pat(9, 10 + i);
	}
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, p1, 18, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, p2, 18, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, wrong_total, 9, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, past_end, 18, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, empty_part, 8, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, p1, 7, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, p3, 18, 9), 0);
	CHECK(run(a, 100000) >= 0);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.drops[RCF_ADROP_BAD_HEADER], 5);
	CHECK_EQ(got.n, 1);
	CHECK_EQ(got.len[0], 20);
	CHECK_EQ(got.bad, 0);
	CHECK_EQ(s.partial, 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Message latency runs from the send to the last byte of the last packet. */
static void t_latency(void)
{
	struct rcf_fabric *f = chain(1);
	struct rcf_adapter *a = adapter(f, RCF_RPOL_ROUND_ROBIN);
	struct rcf_adapter_stats s;
	u32 room = RCF_ENGINE_MAX_PKT - 1 - 2 - RCF_ADAPTER_HDR;

	CHECK_EQ(send_msg(a, 0, 1, 2 * room, 1), 0);
	CHECK(run(a, 100000) >= 0);
	CHECK_EQ(got.n, 1);
	/*
	 * two full packets back to back, 254 bytes each on the first wire
	 * at one byte a cycle, L = 1: the last byte of the second arrives
	 * (h + 1) L + 2 n1 - 1 cycles after the send
	 */
	CHECK_EQ(got.lat[0], 2 + 2 * 254 - 1);
	rcf_adapter_stats(a, &s);
	CHECK_EQ(s.lat_max, got.lat[0]);
	CHECK_EQ(s.lat_sum, got.lat[0]);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"adapter_sizes", t_sizes},
		{"adapter_interleaved_sources", t_interleaved},
		{"adapter_reorder_across_routes", t_reorder},
		{"adapter_round_robin_all_routes", t_round_robin_all_routes},
		{"adapter_least_loaded", t_least_loaded},
		{"adapter_least_loaded_spreads", t_least_loaded_spreads},
		{"adapter_refusals", t_refusals},
		{"adapter_partial_evicted", t_partial_evicted},
		{"adapter_bad_headers", t_bad_headers},
		{"adapter_latency", t_latency},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
