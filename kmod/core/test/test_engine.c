// SPDX-License-Identifier: GPL-2.0
/* The wormhole engine: timing, flow control, central queue, drops. */
#include "util.h"
#include "engine/engine.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

static struct rcf_engine *build(struct rcf_fabric *f)
{
	struct rcf_engine *e = rcf_engine_build(f, &egot_ops, NULL);

	egot_reset(e);
	return e;
}

/* fab_chain(h) with every link given bw, lat and buf */
static struct rcf_fabric *chain(int h, u32 bw, u32 lat, u32 buf)
{
	struct rcf_fabric *f = fab_chain(h);
	int i;

	for (i = 0; i <= h; i++)
		link_params(f, i, bw, lat, buf);
	return f;
}

static void chain_route(u8 *r, int h)
{
	int i;

	r[0] = H(0, 0);
	for (i = 1; i <= h; i++)
		r[i] = H(1, 0);
}

static void t_latency_formula(void)
{
	static const u32 lats[] = {1, 2, 5};
	u8 route[8], payload[200];
	int h, li, plen;

	memset(payload, 0xab, sizeof(payload));
	for (h = 0; h <= 3; h++)
		for (li = 0; li < 3; li++)
			for (plen = 0; plen <= 200; plen += 100) {
				struct rcf_fabric *f =
					chain(h, 1, lats[li], 64);
				struct rcf_engine *e = build(f);
				u32 n1 = 1 + h + plen;
				u64 want = (h + 1) * lats[li] + n1 - 1;

				chain_route(route, h);
				CHECK_EQ(rcf_engine_send(e, 0, route, h + 1,
							 payload, plen, 7),
					 0);
				CHECK(run_checked(e, 100000) >= 0);
				CHECK_EQ(egot.n, 1);
				CHECK_EQ(egot.lat[0], want);
				CHECK_EQ(egot.len[0], plen);
				CHECK_EQ(rcf_engine_busy(e), 0);
				rcf_engine_free(e);
				rcf_fabric_free(f);
			}
}

/* With B bytes a cycle the worm streams ceil(n/B) cycles on each wire. */
static void t_streaming_bandwidth(void)
{
	struct rcf_fabric *f = chain(2, 4, 3, 64);
	struct rcf_engine *e = build(f);
	struct rcf_engine_stats s;
	u8 route[3], payload[200] = {0};
	int i;

	chain_route(route, 2);
	for (i = 0; i < 20; i++)
		CHECK_EQ(rcf_engine_send(e, 0, route, 3, payload, 200, i), 0);
	CHECK(run_checked(e, 100000) >= 0);
	CHECK_EQ(egot.n, 20);
	for (i = 0; i < 20 && i < egot.n; i++)
		CHECK_EQ(egot.cookie[i], i);
	rcf_engine_stats(e, &s);
	/* 20 packets of 203 bytes on the first wire at 4 bytes a cycle */
	CHECK(s.now <= (20 * 203 + 3) / 4 + 3 * 3 + 10);
	CHECK_EQ(s.injected, 20 * 203);
	CHECK_EQ(s.stripped, 20 * 2);
	CHECK_EQ(s.delivered, 20 * 201);
	CHECK_EQ(s.inflight, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/*
 * One switch, ports: 0 node A, 1 node B, 2 node C, 3 node D.  B holds
 * the output to C with a long packet; A sends P1 to C then P2 to D.
 */
static void hol(u32 cq, u64 *p1, u64 *p2, u64 *pb, u32 *peak)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine *e;
	u8 payload[250] = {0}, toc[2] = {H(0, 0), H(2, 0)};
	u8 tod[2] = {H(0, 0), H(3, 0)};
	u32 cur;
	int i;

	fab_star(f, cq);
	e = build(f);
	CHECK_EQ(rcf_engine_send(e, 1, toc, 2, payload, 250, 100), 0);
	rcf_engine_run(e, 5);
	CHECK_EQ(rcf_engine_send(e, 0, toc, 2, payload, 200, 1), 0);
	CHECK_EQ(rcf_engine_send(e, 0, tod, 2, payload, 20, 2), 0);
	CHECK(run_checked(e, 100000) >= 0);
	CHECK_EQ(egot.n, 3);
	*p1 = *p2 = 0;
	for (i = 0; i < egot.n && i < 3; i++) {
		if (egot.cookie[i] == 1)
			*p1 = egot.at[i];
		if (egot.cookie[i] == 2)
			*p2 = egot.at[i];
		if (egot.cookie[i] == 100)
			*pb = egot.at[i];
	}
	rcf_engine_cq_stats(e, 0, &cur, peak);
	CHECK_EQ(cur, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_hol_relief(void)
{
	u64 p1, p2, pb;
	u32 peak;

	/* P2 overtakes P1 and does not wait for B's packet to finish */
	hol(1024, &p1, &p2, &pb, &peak);
	printf("# cq 1024: B at %llu, P1 at %llu, P2 at %llu, peak %u\n",
	       (unsigned long long)pb, (unsigned long long)p1,
	       (unsigned long long)p2, peak);
	CHECK(p2 < p1);
	CHECK(p2 < pb);
	CHECK(peak >= 200);
	CHECK(peak <= 1024);
	/* P1 does not fit: P2 stays behind it until B's packet is gone */
	hol(RCF_CQ_MIN_SIZE, &p1, &p2, &pb, &peak);
	printf("# cq %d: B at %llu, P1 at %llu, P2 at %llu, peak %u\n",
	       RCF_CQ_MIN_SIZE, (unsigned long long)pb, (unsigned long long)p1,
	       (unsigned long long)p2, peak);
	CHECK(p2 > pb + 100);
	CHECK_EQ(peak, RCF_CQ_MIN_SIZE);
}

/* A fast sender into a slow output: credits run out and injection stalls. */
static void t_backpressure(void)
{
	struct rcf_fabric *f = chain(1, 1, 2, 8);
	struct rcf_engine *e;
	struct rcf_engine_chan_stats in, out;
	struct rcf_engine_chan_id id0 = {0, 0, 0}, id1 = {1, 0, 0};
	u8 route[2], payload[200] = {0};
	bool starved = false;
	int i;

	link_params(f, 0, 8, 2, 8); /* node to switch: 8 bytes/cycle */
	e = build(f);
	chain_route(route, 1);
	for (i = 0; i < 5; i++)
		rcf_engine_send(e, 0, route, 2, payload, 200, i);
	for (i = 0; i < 200; i++) {
		rcf_engine_run(e, 1);
		rcf_engine_chan_stats(e, &id0, &in);
		if (!in.credit)
			starved = true;
		CHECK(!rcf_engine_check(e));
	}
	rcf_engine_chan_stats(e, &id1, &out);
	CHECK(starved);
	CHECK(in.blocked > 100);
	/* the sender got no further than the slow wire plus the buffering */
	CHECK(in.bytes <= out.bytes + 8 + 2 * 8 + 8);
	CHECK(run_checked(e, 100000) >= 0);
	CHECK_EQ(egot.n, 5);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* Small buffers: the head reaches the destination while the tail is home. */
static void t_wormhole(void)
{
	struct rcf_fabric *f = chain(3, 1, 1, 4);
	struct rcf_engine *e = build(f);
	struct rcf_engine_chan_stats first, last;
	struct rcf_engine_chan_id id0 = {0, 0, 0}, id3 = {3, 0, 0};
	u8 route[4], payload[240] = {0};
	bool seen = false;
	int i;

	chain_route(route, 3);
	rcf_engine_send(e, 0, route, 4, payload, 240, 0);
	for (i = 0; i < 400 && !seen; i++) {
		rcf_engine_run(e, 1);
		rcf_engine_chan_stats(e, &id0, &first);
		rcf_engine_chan_stats(e, &id3, &last);
		if (last.bytes && first.bytes < 243)
			seen = true;
	}
	CHECK(seen);
	CHECK(run_checked(e, 100000) >= 0);
	CHECK_EQ(egot.n, 1);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* node0 -p0- node1 -p1- node2: node1 relays store-and-forward. */
static void t_relay(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine *e;
	struct rcf_engine_stats s;
	u8 route[2] = {H(0, 0), H(1, 0)}, payload[100] = {0};

	op_node(f, 0, 1);
	op_node(f, 1, 2);
	op_node(f, 2, 1);
	op_link(f, 0, N, 0, 0, N, 1, 0);
	op_link(f, 1, N, 1, 1, N, 2, 0);
	e = build(f);
	CHECK_EQ(rcf_engine_send(e, 0, route, 2, payload, 100, 9), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 1);
	/* store and forward: two full serialisations, 102 then 101 bytes */
	CHECK_EQ(egot.lat[0], 1 + 101 + 1 + 100);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.stripped, 1);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/*
 * Node 0 with two ports, each to its own one-hop neighbour: through a
 * switch each (sw) or linked straight to the neighbour nodes.  Three long
 * packets go out of port 0, then one out of port 1; egot has the run.
 */
static struct rcf_engine *port_queues_run(bool sw, int n0)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine *e;
	u8 to1[2] = {H(0, 0), H(1, 0)}, to2[2] = {H(1, 0), H(1, 0)};
	u8 payload[200] = {0};
	int i, nr = sw ? 2 : 1;

	op_node(f, 0, 2);
	op_node(f, 1, 1);
	op_node(f, 2, 1);
	if (sw) {
		op_switch(f, 0, 2);
		op_switch(f, 1, 2);
		op_link(f, 0, N, 0, 0, S, 0, 0);
		op_link(f, 1, S, 0, 1, N, 1, 0);
		op_link(f, 2, N, 0, 1, S, 1, 0);
		op_link(f, 3, S, 1, 1, N, 2, 0);
	} else {
		op_link(f, 0, N, 0, 0, N, 1, 0);
		op_link(f, 1, N, 0, 1, N, 2, 0);
	}
	e = build(f);
	for (i = 0; i < n0; i++)
		CHECK_EQ(rcf_engine_send(e, 0, to1, nr, payload, 200, i), 0);
	CHECK_EQ(rcf_engine_send(e, 0, to2, nr, payload, 200, 9), 0);
	CHECK_EQ(rcf_engine_backlog(e, 0), (u64)(n0 + 1) * (nr + 200));
	CHECK_EQ(rcf_engine_first_hop_load(e, 0, H(0, 0)),
		 (u64)n0 * (nr + 200));
	CHECK_EQ(rcf_engine_first_hop_load(e, 0, H(1, 0)), (u64)(nr + 200));
	CHECK(run_checked(e, 100000) >= 0);
	CHECK_EQ(egot.n, n0 + 1);
	CHECK_EQ(rcf_engine_backlog(e, 0), 0);
	rcf_fabric_free(f);
	return e;
}

/* the latency of the port-1 packet (cookie 9) in egot */
static u64 port1_latency(void)
{
	int i;

	for (i = 0; i < egot.n; i++)
		if (egot.cookie[i] == 9)
			return egot.lat[i];
	CHECK(0);
	return 0;
}

/*
 * A k-port node (its ports lead to switches) injects on each port
 * independently: a packet for port 1 queued behind three long ones for
 * port 0 leaves at once, in a lone packet's time.  A node linked to
 * nodes is a router's processor with one injection queue: the same
 * packet waits its turn.  The queries count the node's and each first
 * channel's bytes either way.
 */
static void t_port_queues(void)
{
	struct rcf_engine *e;
	u64 lone;

	rcf_engine_free(port_queues_run(true, 0));
	lone = port1_latency();
	rcf_engine_free(port_queues_run(true, 3));
	CHECK_EQ(port1_latency(), lone);
	CHECK(egot.lat[egot.n - 1] >= 3 * lone / 2);

	e = port_queues_run(false, 0);
	lone = port1_latency();
	rcf_engine_free(e);
	rcf_engine_free(port_queues_run(false, 3));
	/* it starts when the third port-0 packet does, two lengths late */
	CHECK(port1_latency() >= 2 * lone);
}

static void t_drops(void)
{
	struct rcf_fabric *f = chain(2, 1, 1, 64);
	struct rcf_engine *e;
	struct rcf_engine_stats s;
	u8 r[70], payload[256] = {0};
	int i;

	rcf_link_get(f, 2)->state = RCF_LINK_DOWN;
	op_switch(f, 5, 4);
	e = build(f);
	r[0] = H(0, 0);
	r[1] = H(1, 0) | RCF_HOP_RESERVED; /* bad byte at sw0 */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 1), 0);
	r[1] = H(1, 0);
	r[2] = H(1, 0); /* down link at sw1 */
	CHECK_EQ(rcf_engine_send(e, 0, r, 3, payload, 10, 2), 0);
	r[1] = H(3, 0); /* no link on port 3 */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 3), 0);
	r[1] = H(1, 2); /* VC 2 of a 1-VC link */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 4), 0);
	r[1] = H(1, 0); /* route ends at sw1 */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 5), 0);
	r[1] = H(9, 0); /* port 9 of 4 */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 6), 0);
	for (i = 0; i < 70; i++)
		r[i] = H(1, 0);
	r[0] = H(0, 0); /* route too long */
	CHECK_EQ(rcf_engine_send(e, 0, r, 65, payload, 10, 7), -EMSGSIZE);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 253, 8), -EMSGSIZE);
	r[0] = H(0, 1); /* bad VC at the source */
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 9), 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, 0, payload, 10, 9), -EINVAL);
	CHECK_EQ(rcf_engine_send(e, 7, r, 1, payload, 10, 9), -EINVAL);
	CHECK(run_checked(e, 10000) >= 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(egot.n, 0);
	CHECK_EQ(s.drops[RCF_EDROP_BAD_BYTE], 1);
	CHECK_EQ(s.drops[RCF_EDROP_LINK_DOWN], 1);
	CHECK_EQ(s.drops[RCF_EDROP_NO_LINK], 1);
	CHECK_EQ(s.drops[RCF_EDROP_BAD_VC], 2);
	CHECK_EQ(s.drops[RCF_EDROP_NO_ROUTE], 1);
	CHECK_EQ(s.drops[RCF_EDROP_NO_PORT], 1);
	CHECK_EQ(s.drops[RCF_EDROP_HOP_LIMIT], 1);
	CHECK_EQ(s.drops[RCF_EDROP_TOO_BIG], 1);
	CHECK_EQ(s.dropped_pkts, 9);
	CHECK_EQ(s.inflight, 0);
	CHECK_EQ(s.injected, s.dropped + s.stripped);
	CHECK_EQ(rcf_engine_busy(e), 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* A circuit forwards without reading a route byte. */
static void t_circuit(void)
{
	struct rcf_fabric *f = chain(2, 1, 1, 64);
	struct rcf_engine *e;
	struct rcf_engine_stats s;
	u8 r[2] = {H(0, 0), H(1, 0)}, payload[10] = {0};

	op_circuit(f, 0, 0, 1);
	e = build(f);
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, payload, 10, 1), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 1);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.stripped, 1);
	/* a circuit hop costs L and strips nothing: same formula */
	CHECK_EQ(egot.lat[0], 3 * 1 + 12 - 1);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/*
 * Four switches in a ring, one node on each, 4-byte link buffers: room
 * for a cyclic wait.
 */
static struct rcf_fabric *ring4(void)
{
	struct rcf_fabric *f = fab_new();
	int i;

	for (i = 0; i < 4; i++) {
		op_node(f, i, 1);
		op_switch(f, i, 4);
	}
	for (i = 0; i < 4; i++) {
		op_link(f, i, N, i, 0, S, i, 0);
		op_link(f, 4 + i, S, i, 1, S, (i + 1) % 4, 3);
	}
	for (i = 0; i < 8; i++)
		link_params(f, i, 1, 1, 4);
	return f;
}

/*
 * Every node of ring4 sends a long packet two switches clockwise on VC 0:
 * a cyclic wait once buffers fill.
 */
static void t_ring_deadlock(void)
{
	struct rcf_fabric *f = ring4();
	struct rcf_engine *e;
	struct rcf_engine_chan_id ids[64];
	u8 r[4] = {H(0, 0), H(1, 0), H(1, 0), H(0, 0)}, payload[250] = {0};
	long long rc;
	int i;

	for (i = 0; i < 4; i++)
		rcf_switch_get(f, i)->cq_size = RCF_CQ_MIN_SIZE;
	e = build(f);
	CHECK(e != NULL);
	for (i = 0; i < 4; i++)
		CHECK_EQ(rcf_engine_send(e, i, r, 4, payload, 250, i), 0);
	rc = run_checked(e, 1000000);
	CHECK_EQ(rc, -EDEADLK);
	CHECK(rcf_engine_now(e) < 10000);
	CHECK(rcf_engine_blocked(e, ids, 64) >= 4);
	CHECK_EQ(egot.n, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* The same ring with a big central queue drains: the queue breaks the cycle. */
static void t_ring_cq_drains(void)
{
	struct rcf_fabric *f = ring4();
	struct rcf_engine *e;
	u8 r[4] = {H(0, 0), H(1, 0), H(1, 0), H(0, 0)}, payload[250] = {0};
	int i;

	e = build(f);
	for (i = 0; i < 4; i++)
		CHECK_EQ(rcf_engine_send(e, i, r, 4, payload, 250, i), 0);
	CHECK(run_checked(e, 1000000) >= 0);
	CHECK_EQ(egot.n, 4);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_idle_time_stands(void)
{
	struct rcf_fabric *f = chain(1, 1, 1, 64);
	struct rcf_engine *e = build(f);

	CHECK_EQ(rcf_engine_run(e, 1000), 0);
	CHECK_EQ(rcf_engine_now(e), 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_counters(void)
{
	struct rcf_fabric *f = chain(1, 1, 1, 64);
	struct rcf_engine *e = build(f);
	struct rcf_engine_pair_stats ps;
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {1, 0, 0};
	struct rcf_engine_stats s;
	u8 r[2], payload[30] = {0};

	chain_route(r, 1);
	rcf_engine_send(e, 0, r, 2, payload, 30, 0);
	rcf_engine_send(e, 0, r, 2, payload, 30, 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(rcf_engine_pair_stats(e, 0, 1, &ps), 0);
	CHECK_EQ(ps.sent_pkts, 2);
	CHECK_EQ(ps.sent_bytes, 60);
	CHECK_EQ(rcf_engine_pair_stats(e, 1, 0, &ps), 0);
	CHECK_EQ(ps.recv_pkts, 2);
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	CHECK_EQ(cs.bytes, 2 * 31);
	CHECK_EQ(cs.packets, 2);
	CHECK_EQ(cs.credit, 64);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.delivered_pkts, 2);
	CHECK_EQ(s.lat_hist[5] + s.lat_hist[6], 2);
	rcf_engine_stats_reset(e);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.delivered_pkts, 0);
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	CHECK_EQ(cs.bytes, 0);
	id.vc = 1;
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), -ENOENT);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* What one engine of the random suite handed up, folded in order. */
struct fold {
	struct rcf_engine *e;
	u64 h, n;
};

static void fold_deliver(void *priv, u32 dst, u32 src, const u8 *payload,
			 u32 len, u64 cookie, u64 latency)
{
	struct fold *d = priv;

	(void)payload;
	d->h = (d->h ^ rcf_engine_now(d->e)) * 0x100000001b3ULL;
	d->h = (d->h ^ ((u64)dst << 40 | (u64)src << 20 | len)) *
	       0x100000001b3ULL;
	d->h = (d->h ^ cookie ^ latency << 32) * 0x100000001b3ULL;
	d->n++;
}

static const struct rcf_engine_ops fold_ops = {.deliver = fold_deliver};

/*
 * The suite's two engines, reference (0) and fast (1), each run max
 * cycles with every invariant checked every cycle; the reference's
 * result.  They must agree on every counter and every delivery, in
 * order and cycle (Documentation/engine.rst, Reference and fast modes).
 */
static long long run_both(struct rcf_engine *e[2], struct fold d[2], u64 max)
{
	struct rcf_engine_stats s[2];
	long long rc[2];
	int m;

	for (m = 0; m < 2; m++) {
		rc[m] = run_checked(e[m], max);
		rcf_engine_stats(e[m], &s[m]);
	}
	CHECK_EQ(rc[0], rc[1]);
	CHECK_EQ(s[0].now, s[1].now);
	CHECK(!memcmp(&s[0], &s[1], sizeof(s[0])));
	CHECK_EQ(d[0].n, d[1].n);
	CHECK_EQ(d[0].h, d[1].h);
	return rc[0];
}

/*
 * Random small fabrics: switches joined at random, nodes hung on them,
 * random links parameters, random walks as routes (some invalid), random
 * traffic; every invariant checked every cycle; the run ends idle, or in a
 * reported deadlock.  Each fabric runs in the reference mode and in the
 * fast one side by side, held to each other after every run.
 */
static void t_random(void)
{
	int seed, deadlocks = 0, delivered = 0, dropped = 0;

	for (seed = 1; seed <= 60; seed++) {
		struct rcf_fabric *f = fab_new();
		struct rcf_engine *e, *two[2];
		struct rcf_engine_stats s;
		struct fold d[2] = {{0}};
		int ns = 1 + rnd(4), nn = 2 + rnd(4), nl = 0, i, k, m;
		u32 plen;
		u32 port_used[8] = {0};
		long long rc;

		rnd_state = seed;
		for (i = 0; i < ns; i++) {
			op_switch(f, i, 8);
			rcf_switch_get(f, i)->cq_size = 64 + 8 * rnd(64);
		}
		for (i = 0; i < nn; i++) {
			int sw = rnd(ns);

			op_node(f, i, 1);
			op_link(f, nl, N, i, 0, S, sw, port_used[sw]++);
			nl++;
		}
		for (i = 0; i < ns * 2; i++) {
			int a = rnd(ns), b = rnd(ns);

			if (a == b || port_used[a] >= 8 || port_used[b] >= 8)
				continue;
			op_link(f, nl, S, a, port_used[a]++, S, b,
				port_used[b]++);
			nl++;
		}
		for (i = 0; i < nl; i++) {
			struct rcf_link *l = rcf_link_get(f, i);

			l->bandwidth = 1 + rnd(3);
			l->latency = 1 + rnd(4);
			l->buf_size = 4 + rnd(30);
			l->vcs = 1 + rnd(2);
			if (!rnd(20))
				l->state = RCF_LINK_DOWN;
		}
		for (m = 0; m < 2; m++) {
			two[m] = rcf_engine_build(f, &fold_ops, &d[m]);
			d[m].e = two[m];
			CHECK_EQ(rcf_engine_set_exact(two[m], !m), 0);
		}
		e = two[0];
		for (k = 0; k < 40; k++) {
			u8 r[8], payload[200] = {0};
			int len = 1 + rnd(6), j;

			int src = rnd(nn);

			len = rnd_walk(f, src, r, 8, 0);
			for (j = 0; j < len; j++)
				if (!rnd(40))
					r[j] = RCF_HOP(rnd(8), rnd(2));
			plen = rnd(200);
			for (m = 0; m < 2; m++)
				rcf_engine_send(two[m], src, r, len, payload,
						plen, k);
			if (!rnd(4))
				run_both(two, d, rnd(50));
		}
		rc = run_both(two, d, 1000000);
		CHECK(rc >= 0 || rc == -EDEADLK);
		if (rc == -EDEADLK)
			deadlocks++;
		rcf_engine_stats(e, &s);
		if (rc >= 0) {
			CHECK_EQ(rcf_engine_busy(e), 0);
			CHECK_EQ(s.delivered_pkts + s.dropped_pkts, 40);
			CHECK_EQ(s.inflight, 0);
		}
		delivered += s.delivered_pkts;
		dropped += s.dropped_pkts;
		for (m = 0; m < 2; m++)
			rcf_engine_free(two[m]);
		rcf_fabric_free(f);
	}
	printf("# random: %d delivered, %d dropped, %d deadlocks\n", delivered,
	       dropped, deadlocks);
	CHECK(delivered > 100);
	CHECK(dropped > 100);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"engine_latency_formula", t_latency_formula},
		{"engine_streaming_bandwidth", t_streaming_bandwidth},
		{"engine_hol_relief_by_cq", t_hol_relief},
		{"engine_backpressure", t_backpressure},
		{"engine_wormhole", t_wormhole},
		{"engine_relay", t_relay},
		{"engine_port_queues", t_port_queues},
		{"engine_drops", t_drops},
		{"engine_circuit", t_circuit},
		{"engine_ring_deadlock", t_ring_deadlock},
		{"engine_ring_cq_drains", t_ring_cq_drains},
		{"engine_idle_time_stands", t_idle_time_stands},
		{"engine_counters", t_counters},
		{"engine_random", t_random},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
