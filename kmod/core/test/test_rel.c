// SPDX-License-Identifier: GPL-2.0
/*
 * Destination-routed packets: routing relations in the model, and the
 * switches that pick among their candidates (Documentation/adaptive.rst).
 */
#include "util.h"
#include "engine/engine.h"
#include "adapter/adapter.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)
#define A	    RCF_REL_ADAPTIVE
#define E	    RCF_REL_ESCAPE

/*
 * Two switches joined twice:
 *
 *   node 0 -p0 sw0 p1-----p1 sw1 p0- node 1
 *   node 2 -p3     p2-----p2
 *
 * links 0 (node 0), 1 (node 2), 2 (sw0 p1), 3 (sw0 p2), 4 (node 1).
 */
static struct rcf_fabric *twin(void)
{
	struct rcf_fabric *f = fab_new();
	int i;

	for (i = 0; i < 3; i++)
		op_node(f, i, 1);
	op_switch(f, 0, 4);
	op_switch(f, 1, 4);
	op_link(f, 0, N, 0, 0, S, 0, 0);
	op_link(f, 1, N, 2, 0, S, 0, 3);
	op_link(f, 2, S, 0, 1, S, 1, 1);
	op_link(f, 3, S, 0, 2, S, 1, 2);
	op_link(f, 4, S, 1, 0, N, 1, 0);
	for (i = 0; i < 5; i++)
		link_params(f, i, 1, 1, 16);
	return f;
}

static int del_fn(struct rcf_fabric *f, void *arg)
{
	return rcf_rel_del(f, *(u32 *)arg, &last_err);
}

/* sw0 sends node 1's packets on p1 (adaptive) or p2 (escape). */
static const struct rcf_rel_ent rel0[] = {
	{0, 1, {{H(0, 0), E, 0, 0, 0}}},
	{1, 2, {{H(1, 0), A, 0, 0, 0}, {H(2, 0), E, 0, 0, 0}}},
	{2, 1, {{H(3, 0), E, 0, 0, 0}}},
};

static const struct rcf_rel_ent rel1[] = {
	{0, 1, {{H(1, 0), E, 0, 0, 0}}},
	{1, 1, {{H(0, 0), E, 0, 0, 0}}},
	{2, 1, {{H(1, 0), E, 0, 0, 0}}},
};

static struct rcf_fabric *twin_rel(void)
{
	struct rcf_fabric *f = twin();

	CHECK_EQ(op_rel(f, 0, rel0, 3), 0);
	CHECK_EQ(op_rel(f, 1, rel1, 3), 0);
	return f;
}

static void t_model(void)
{
	struct rcf_fabric *f = twin();
	struct rcf_rel_ent bad[2] = {{1, 1, {{H(1, 0), A, 0, 0, 0}}}};
	const struct rcf_rel *r;
	u32 sw = 0;

	REFUSED(f, op_rel(f, 7, bad, 1), ENOENT);
	bad[0].c[0].hop = H(5, 0);
	REFUSED(f, op_rel(f, 0, bad, 1), ERANGE);
	bad[0].c[0].hop = H(3, 0);
	REFUSED(f, op_rel(f, 1, bad, 1), ENOENT); /* sw1 p3: no link */
	bad[0].c[0].hop = H(1, 1);
	REFUSED(f, op_rel(f, 0, bad, 1), ERANGE); /* one VC */
	bad[0].c[0].hop = H(1, 0) | RCF_HOP_RESERVED;
	REFUSED(f, op_rel(f, 0, bad, 1), EINVAL);
	bad[0].c[0].hop = H(1, 0);
	bad[0].c[0].cls = 2;
	REFUSED(f, op_rel(f, 0, bad, 1), EINVAL);
	bad[0].c[0].cls = A;
	bad[0].n = 0;
	REFUSED(f, op_rel(f, 0, bad, 1), EINVAL);
	bad[0].n = 1;
	bad[0].dst = 9;
	REFUSED(f, op_rel(f, 0, bad, 1), ENOENT);
	bad[0].dst = 1;
	bad[1] = bad[0];
	REFUSED(f, op_rel(f, 0, bad, 2), EINVAL); /* not ascending */

	CHECK_EQ(op_rel(f, 1, rel1, 3), 0);
	/* a relation is a table the engine swaps, as routes are */
	CHECK_EQ(rcf_txn_kinds(f), RCF_TXN_RELS);
	CHECK(rcf_txn_tables_only(f));
	CHECK(!rcf_txn_routes_only(f, NULL));
	r = rcf_rel_get(f, 1);
	CHECK(r != NULL);
	if (r) {
		/* nodes 0 and 2 share one list */
		CHECK_EQ(r->ndst, 3);
		CHECK_EQ(r->nlists, 2);
		CHECK_EQ(r->ncand, 2);
		CHECK_EQ(rcf_rel_list(r, 0), rcf_rel_list(r, 2));
		CHECK_EQ(RCF_REL_HOP(r->cand[r->lstart[rcf_rel_list(r, 1)]]),
			 H(0, 0));
		CHECK_EQ(rcf_rel_bytes(r), sizeof(*r) + 3 * 3 + 3 * 2 + 2 * 2);
	}
	/* replaced whole, and an abort puts the old one back */
	CHECK_EQ(op_rel(f, 1, rel1 + 1, 1), 0);
	CHECK_EQ(rcf_rel_get(f, 1)->ndst, 1);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_rel_del(f, 1, &last_err), 0);
	CHECK(!rcf_rel_get(f, 1));
	rcf_txn_abort(f);
	CHECK_EQ(rcf_rel_get(f, 1)->ndst, 1);
	sw = 1;
	CHECK_EQ(op_txn(f, del_fn, &sw, &last_err), 0);
	CHECK(!rcf_rel_get(f, 1));
	REFUSED(f, op_txn(f, del_fn, &sw, &last_err), ENOENT);

	/* a switch with a relation stays until the relation goes */
	CHECK_EQ(op_switch(f, 5, 2), 0);
	CHECK_EQ(op_rel(f, 5, NULL, 0), 0);
	REFUSED(f, rcf_switch_del(f, 5, &last_err), EBUSY);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_fabric_flush(f, &last_err), 0);
	CHECK_EQ(rcf_txn_commit(f, &last_err), 0);
	CHECK(!rcf_rel_get(f, 5));
	CHECK_EQ(f->n_switches, 0);
	rcf_fabric_free(f);
}

static struct rcf_engine *build(struct rcf_fabric *f)
{
	struct rcf_engine *e = rcf_engine_build(f, &egot_ops, NULL);

	egot_reset(e);
	return e;
}

static int send_dest(struct rcf_engine *e, u32 src, u32 dst, u32 plen,
		     u64 cookie)
{
	static const u8 payload[250];
	u8 r[RCF_DEST_ROUTE_LEN];
	int rc = rcf_engine_dest_route(e, src, dst, r);

	if (rc)
		return rc;
	return rcf_engine_send(e, src, r, sizeof(r), payload, plen, cookie);
}

static void rel_counts(struct rcf_engine *e, u32 sw, u64 *a, u64 *b)
{
	*a = *b = ~0ULL;
	CHECK_EQ(rcf_engine_rel_stats(e, sw, a, b), 0);
}

/* A lone packet takes the adaptive output, and arrives whole. */
static void t_route(void)
{
	struct rcf_fabric *f = twin_rel();
	struct rcf_engine *e = build(f);
	struct rcf_engine_stats s;
	u8 r[RCF_DEST_ROUTE_LEN];
	u64 a, b;

	CHECK(rcf_engine_has_rel(e));
	CHECK_EQ(rcf_engine_dest_route(e, 0, 1, r), 0);
	CHECK_EQ(r[0], H(0, 0));
	CHECK_EQ(r[1], RCF_DEST_MARK);
	CHECK_EQ(r[2] << 8 | r[3], 1);
	CHECK_EQ(rcf_engine_dest_route(e, 0, 9, r), -EINVAL);
	CHECK_EQ(send_dest(e, 0, 1, 100, 5), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 1);
	CHECK_EQ(egot.cookie[0], 5);
	CHECK_EQ(egot.len[0], 100);
	/*
	 * Nothing stripped: each switch waits for the three header bytes
	 * and passes them on; 104 bytes on each of three wires of latency
	 * 1, two switches each waiting three cycles for the header (a
	 * source route waits one and strips one: 3 + 103 - 1 for the same
	 * payload).
	 */
	CHECK_EQ(egot.lat[0], 3 * 1 + 104 - 1 + 2 * 3);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.injected, 104);
	CHECK_EQ(s.stripped, 0);
	CHECK_EQ(s.delivered, 104);
	CHECK_EQ(s.rel_class[0], 1);
	CHECK_EQ(s.rel_class[1], 1);
	rel_counts(e, 0, &a, &b);
	CHECK_EQ(a, 1);
	CHECK_EQ(b, 0);
	rel_counts(e, 1, &a, &b);
	CHECK_EQ(a, 0);
	CHECK_EQ(b, 1);
	CHECK_EQ(rcf_engine_rel_stats(e, 7, &a, &b), -ENOENT);
	rcf_engine_stats_reset(e);
	rel_counts(e, 0, &a, &b);
	CHECK_EQ(a, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/*
 * A source-routed packet from node 2 holds sw0's p1 when the
 * destination-routed one from node 0 is read: it takes the escape p2,
 * and both arrive.  The escape is not taken while p1 is free (t_route).
 */
static void t_escape(void)
{
	struct rcf_fabric *f = twin_rel();
	struct rcf_engine *e = build(f);
	static const u8 payload[200];
	u8 src[3] = {H(0, 0), H(1, 0), H(0, 0)};
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {3, 0, 0};
	u64 a, b;

	CHECK_EQ(rcf_engine_send(e, 2, src, 3, payload, 200, 1), 0);
	CHECK_EQ(send_dest(e, 0, 1, 20, 2), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 2);
	rel_counts(e, 0, &a, &b);
	CHECK_EQ(a, 0);
	CHECK_EQ(b, 1);
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	CHECK_EQ(cs.packets, 1);
	CHECK_EQ(cs.bytes, 24);
	id.link = 2;
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	CHECK_EQ(cs.packets, 1);
	CHECK_EQ(cs.bytes, 202);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* Two adaptive candidates and no escape, sent one at a time. */
static u32 select_run(u8 sel, u64 seed, u32 buf2, u64 *on_p1)
{
	struct rcf_fabric *f = twin();
	static const struct rcf_rel_ent r0[] = {
		{1, 2, {{H(1, 0), A, 0, 0, 0}, {H(2, 0), A, 0, 0, 0}}},
	};
	struct rcf_engine_cfg c = {.select = sel, .seed = seed};
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {2, 0, 0};
	struct rcf_engine *e;
	u64 h = 0;
	int i;

	link_params(f, 3, 1, 1, buf2);
	CHECK_EQ(op_rel(f, 0, r0, 1), 0);
	CHECK_EQ(op_rel(f, 1, rel1, 3), 0);
	e = build(f);
	CHECK_EQ(rcf_engine_configure(e, &c), 0);
	for (i = 0; i < 32; i++) {
		CHECK_EQ(send_dest(e, 0, 1, 10, i), 0);
		CHECK(run_checked(e, 10000) >= 0);
		CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
		h = h << 1 | (cs.packets > (u64)__builtin_popcountll(h));
	}
	CHECK_EQ(egot.n, 32);
	*on_p1 = cs.packets;
	rcf_engine_free(e);
	rcf_fabric_free(f);
	return (u32)h ^ (u32)(h >> 32);
}

static void t_select(void)
{
	struct rcf_engine_cfg bad = {.select = RCF_SELECT_NR};
	struct rcf_fabric *f = twin_rel();
	struct rcf_engine *e = build(f);
	u64 p1, q1;
	u32 x, y;

	CHECK_EQ(rcf_engine_configure(e, &bad), -EINVAL);
	rcf_engine_free(e);
	rcf_fabric_free(f);

	select_run(RCF_SELECT_FIRST, 0, 32, &p1);
	CHECK_EQ(p1, 32);
	/* p2's larger buffer gives it more credit */
	select_run(RCF_SELECT_LEAST, 0, 32, &p1);
	CHECK_EQ(p1, 0);
	select_run(RCF_SELECT_LEAST, 0, 16, &p1);
	CHECK_EQ(p1, 32);
	x = select_run(RCF_SELECT_RANDOM, 11, 16, &p1);
	y = select_run(RCF_SELECT_RANDOM, 11, 16, &q1);
	CHECK_EQ(x, y);
	CHECK_EQ(p1, q1);
	CHECK(p1 > 0 && p1 < 32);
	y = select_run(RCF_SELECT_RANDOM, 12, 16, &q1);
	CHECK(x != y);
}

/* A relation without the destination, and one that leads astray. */
static void t_drops(void)
{
	static const struct rcf_rel_ent astray[] = {
		{0, 1, {{H(1, 0), E, 0, 0, 0}}},
		{1,
		 1,
		 {{H(1, 0), E, 0, 0,
		   0}}}, /* back to sw0, which sends it to 0 */
	};
	static const struct rcf_rel_ent to0[] = {
		{0, 1, {{H(0, 0), E, 0, 0, 0}}},
		{1, 1, {{H(0, 0), E, 0, 0, 0}}},
	};
	struct rcf_fabric *f = twin();
	struct rcf_engine_stats s;
	struct rcf_engine *e;

	CHECK_EQ(op_rel(f, 0, to0, 2), 0);
	e = build(f);
	/* sw1 has no relation */
	CHECK_EQ(send_dest(e, 2, 1, 10, 1), 0);
	CHECK_EQ(send_dest(e, 2, 0, 10, 2), 0);
	CHECK(run_checked(e, 10000) >= 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.drops[RCF_EDROP_NO_REL], 1);
	CHECK_EQ(egot.n, 1);
	CHECK_EQ(s.inflight, 0);
	CHECK_EQ(rcf_engine_drop_reason(RCF_EDROP_NO_REL), RCF_DROP_NO_ROUTE);
	rcf_engine_free(e);

	/* a marker that is not the route's last three bytes is a bad byte */
	{
		u8 mid[5] = {H(0, 0), RCF_DEST_MARK, 0, 1, H(0, 0)};
		u8 tail[2] = {H(0, 0), RCF_DEST_MARK};

		e = build(f);
		CHECK_EQ(rcf_engine_send(e, 0, mid, 5, NULL, 0, 3), 0);
		CHECK_EQ(rcf_engine_send(e, 0, tail, 2, NULL, 0, 4), 0);
		CHECK(run_checked(e, 10000) >= 0);
		rcf_engine_stats(e, &s);
		CHECK_EQ(s.drops[RCF_EDROP_BAD_BYTE], 2);
		CHECK_EQ(s.inflight, 0);
		CHECK_EQ(rcf_engine_busy(e), 0);
		rcf_engine_free(e);
	}

	CHECK_EQ(op_rel(f, 1, astray, 2), 0);
	e = build(f);
	CHECK_EQ(send_dest(e, 2, 1, 10, 1), 0);
	CHECK(run_checked(e, 10000) >= 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(s.drops[RCF_EDROP_NO_REL], 1); /* at node 0 */
	CHECK_EQ(egot.n, 0);
	CHECK_EQ(s.dropped, 14);
	CHECK_EQ(s.inflight, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/*
 * Source routes, destination headers and both at once (route bytes up
 * to sw0, the header from there) on one fabric, in both modes: the same
 * deliveries in the same cycles, the same class counts.
 */
static u32 src_route(u32 src, u32 dst, u8 *r)
{
	r[0] = H(0, 0);
	if (src != 1 && dst != 1) {
		r[1] = H(dst ? 3 : 0, 0);
		return 2;
	}
	/* across p2, then to the node */
	r[1] = H(2, 0);
	r[2] = dst == 1 ? H(0, 0) : H(dst ? 3 : 0, 0);
	return 3;
}

/* The route bytes up to the first switch's, then a header. */
static u32 part_route(u32 src, u32 dst, u8 *r)
{
	u32 n = src_route(src, dst, r) - 1;

	r[n] = RCF_DEST_MARK;
	r[n + 1] = 0;
	r[n + 2] = dst;
	return n + 3;
}

static void mix_run(bool exact, u8 sel, struct eng_got *out,
		    struct rcf_engine_stats *s)
{
	struct rcf_fabric *f = twin_rel();
	struct rcf_engine *e = build(f);
	struct rcf_engine_cfg c = {.select = sel, .seed = 3};
	static const u8 payload[250];
	u32 i, src, dst, n, kind;
	u8 r[8];

	CHECK_EQ(rcf_engine_set_exact(e, exact), 0);
	CHECK_EQ(rcf_engine_configure(e, &c), 0);
	rnd_state = 99;
	for (i = 0; i < 200; i++) {
		src = rnd(3);
		dst = (src + 1 + rnd(2)) % 3;
		kind = rnd(3);
		if (kind == 0) {
			CHECK_EQ(send_dest(e, src, dst, rnd(200), i), 0);
		} else {
			n = kind == 1 ? part_route(src, dst, r)
				      : src_route(src, dst, r);
			CHECK_EQ(rcf_engine_send(e, src, r, n, payload,
						 rnd(200), i),
				 0);
		}
		if (rnd(4) == 0)
			CHECK(rcf_engine_run(e, rnd(50)) >= 0);
	}
	CHECK(rcf_engine_run(e, 1000000) >= 0);
	CHECK(!rcf_engine_check(e));
	*out = egot;
	rcf_engine_stats(e, s);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_modes(void)
{
	static struct eng_got x, y;
	struct rcf_engine_stats sx, sy;
	u8 sel;
	int i;

	for (sel = 0; sel < RCF_SELECT_NR; sel++) {
		mix_run(true, sel, &x, &sx);
		mix_run(false, sel, &y, &sy);
		CHECK_EQ(sx.dropped_pkts, 0);
		CHECK_EQ(sx.delivered_pkts, sx.sent_pkts);
		CHECK(sx.rel_class[0] > 0 && sx.rel_class[1] > 0);
		CHECK_EQ(x.n, y.n);
		for (i = 0; i < x.n && i < 256; i++) {
			CHECK_EQ(x.cookie[i], y.cookie[i]);
			CHECK_EQ(x.at[i], y.at[i]);
		}
		CHECK_EQ(sx.now, sy.now);
		CHECK_EQ(sx.rel_class[0], sy.rel_class[0]);
		CHECK_EQ(sx.rel_class[1], sy.rel_class[1]);
		CHECK_EQ(sx.byte_hops, sy.byte_hops);
		CHECK_EQ(sx.lat_sum, sy.lat_sum);
	}
}

/*
 * Input masks: at sw0, node 1's packets from node 0 (port 0) may take
 * p1, those from node 2 (port 3) only p2; each candidate is the other's
 * list entry with its own mask, so neither ever takes the other's.
 */
static const struct rcf_rel_ent turn0[] = {
	{0, 1, {{H(0, 0), E, 0, 0, 0}}},
	{1, 2, {{H(1, 0), A, 1u << 0, 0, 0}, {H(2, 0), E, 1u << 3, 0, 0}}},
	{2, 1, {{H(3, 0), E, 0, 0, 0}}},
};

static void t_in_model(void)
{
	struct rcf_fabric *f = twin();
	struct rcf_rel_ent bad[1] = {{1, 1, {{H(1, 0), A, 1u << 4, 0, 0}}}};
	struct rcf_rel_ent wide[1] = {{3, 1, {{H(31, 0), E, 1u << 31, 0, 0}}}};
	const struct rcf_rel *r;

	/* sw0 has ports 0 to 3: bit 4 is refused and nothing changes */
	CHECK_EQ(op_rel(f, 0, turn0, 3), 0);
	REFUSED(f, op_rel(f, 0, bad, 1), ERANGE);
	r = rcf_rel_get(f, 0);
	CHECK(r && r->in);
	if (r && r->in) {
		/* node 1's list differs from node 0's only by masks */
		CHECK_EQ(r->nlists, 3);
		CHECK_EQ(r->ncand, 4);
		CHECK_EQ(r->in[r->lstart[rcf_rel_list(r, 1)]], 1u << 0);
		CHECK_EQ(r->in[r->lstart[rcf_rel_list(r, 1)] + 1], 1u << 3);
		CHECK_EQ(r->in[r->lstart[rcf_rel_list(r, 0)]], 0);
		CHECK_EQ(rcf_rel_bytes(r),
			 sizeof(*r) + 3 * 3 + 4 * 2 + 4 * 2 + 4 * 4);
	}
	/* no masks, no mask array */
	CHECK_EQ(op_rel(f, 1, rel1, 3), 0);
	CHECK(rcf_rel_get(f, 1) && !rcf_rel_get(f, 1)->in);
	/* a switch of 32 ports takes bit 31 */
	CHECK_EQ(op_node(f, 3, 1), 0);
	CHECK_EQ(op_switch(f, 6, 32), 0);
	CHECK_EQ(op_link(f, 5, N, 3, 0, S, 6, 31), 0);
	CHECK_EQ(op_rel(f, 6, wide, 1), 0);
	CHECK_EQ(rcf_rel_get(f, 6)->in[0], 1u << 31);
	rcf_fabric_free(f);
}

/*
 * The engine keeps to the masks: node 2's packets take the escape p2
 * with p1 free, node 0's the adaptive p1; a packet whose every
 * candidate excludes its input is dropped (no relation entry).
 */
static void t_in_route(void)
{
	static const struct rcf_rel_ent none0[] = {
		{1, 1, {{H(1, 0), E, 1u << 0, 0, 0}}},
	};
	struct rcf_engine_chan_stats cs;
	struct rcf_engine_chan_id id = {3, 0, 0};
	struct rcf_fabric *f = twin();
	struct rcf_engine_stats s;
	struct rcf_engine *e;
	u64 a, b;
	int i;

	CHECK_EQ(op_rel(f, 0, turn0, 3), 0);
	CHECK_EQ(op_rel(f, 1, rel1, 3), 0);
	e = build(f);
	for (i = 0; i < 8; i++) {
		CHECK_EQ(send_dest(e, i & 1 ? 2 : 0, 1, 20, i), 0);
		CHECK(run_checked(e, 10000) >= 0);
	}
	CHECK_EQ(egot.n, 8);
	rel_counts(e, 0, &a, &b);
	CHECK_EQ(a, 4);
	CHECK_EQ(b, 4);
	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	CHECK_EQ(cs.packets, 4); /* p2: node 2's four */
	rcf_engine_free(e);

	CHECK_EQ(op_rel(f, 0, none0, 1), 0);
	e = build(f);
	CHECK_EQ(send_dest(e, 0, 1, 10, 1), 0);
	CHECK_EQ(send_dest(e, 2, 1, 10, 2), 0);
	CHECK(run_checked(e, 10000) >= 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(egot.n, 1);
	CHECK_EQ(egot.cookie[0], 1);
	CHECK_EQ(s.drops[RCF_EDROP_NO_REL], 1);
	CHECK_EQ(s.inflight, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

/* twin() with two VCs on every link but node 2's */
static struct rcf_fabric *twin_vcs(void)
{
	struct rcf_fabric *f = twin();
	static const u32 ids[] = {0, 2, 3, 4};
	u32 i;

	for (i = 0; i < 4; i++)
		link_vcs(f, ids[i], 2);
	return f;
}

/*
 * A VC class by history: at sw0, node 1's packets in on VC 1 go on by
 * p1 on the VC they came in on, those in on VC 0 cross to VC 1 by p2;
 * sw1 hands them to node 1 on their VC.
 */
static const struct rcf_rel_ent vc0[] = {
	{0, 1, {{H(0, 0), E, 0, 0, 0}}},
	{1, 2, {{H(1, 0), A, 0, 1u << 1, 1}, {H(2, 1), A, 0, 1u << 0, 0}}},
	{2, 1, {{H(3, 0), E, 0, 0, 0}}},
};

static const struct rcf_rel_ent vc1[] = {
	{0, 1, {{H(1, 0), E, 0, 0, 0}}},
	{1, 1, {{H(0, 0), E, 0, 0, 1}}},
	{2, 1, {{H(1, 0), E, 0, 0, 0}}},
};

static void t_vin_model(void)
{
	struct rcf_fabric *f = twin_vcs();
	struct rcf_rel_ent bad[1] = {{1, 1, {{H(1, 0), A, 0, 1u << 4, 0}}}};
	struct rcf_rel_ent alt[3];
	const struct rcf_rel *r;

	CHECK_EQ(op_rel(f, 0, vc0, 3), 0);
	/* a VC beyond any link's, keep with a VC named: refused */
	REFUSED(f, op_rel(f, 0, bad, 1), ERANGE);
	bad[0].c[0].vin = 1;
	bad[0].c[0].keep = 1;
	bad[0].c[0].hop = H(1, 1);
	REFUSED(f, op_rel(f, 0, bad, 1), EINVAL);
	bad[0].c[0].hop = H(1, 0);
	bad[0].c[0].keep = 2;
	REFUSED(f, op_rel(f, 0, bad, 1), EINVAL);
	r = rcf_rel_get(f, 0);
	CHECK(r != NULL);
	if (r) {
		u16 c = r->cand[r->lstart[rcf_rel_list(r, 1)]];

		CHECK_EQ(RCF_REL_HOP(c), H(1, 0));
		CHECK_EQ(RCF_REL_CLS(c), A);
		CHECK_EQ(RCF_REL_KEEP(c), 1);
		CHECK_EQ(RCF_REL_VIN(c), 1u << 1);
		c = r->cand[r->lstart[rcf_rel_list(r, 1)] + 1];
		CHECK_EQ(RCF_REL_KEEP(c), 0);
		CHECK_EQ(RCF_REL_VIN(c), 1u << 0);
		/* the VC rule costs no bytes: it rides in the candidate */
		CHECK(!r->in);
		CHECK_EQ(rcf_rel_bytes(r), sizeof(*r) + 3 * 3 + 4 * 2 + 4 * 2);
	}
	/* lists that differ only by the VC rule are distinct lists */
	memcpy(alt, vc0, sizeof(alt));
	alt[0] = vc0[1];
	alt[0].dst = 0;
	alt[0].c[0].keep = 0;
	CHECK_EQ(op_rel(f, 0, alt, 3), 0);
	r = rcf_rel_get(f, 0);
	CHECK(r && r->nlists == 3);
	alt[0].c[0].keep = 1;
	CHECK_EQ(op_rel(f, 0, alt, 3), 0);
	r = rcf_rel_get(f, 0);
	CHECK(r && r->nlists == 2);
	rcf_fabric_free(f);
}

/* The packets sent on each (link, vc), a's end first. */
static u64 chan_pkts(struct rcf_engine *e, u32 link, u8 vc)
{
	struct rcf_engine_chan_id id = {link, 0, vc};
	struct rcf_engine_chan_stats cs = {0};

	CHECK_EQ(rcf_engine_chan_stats(e, &id, &cs), 0);
	return cs.packets;
}

/*
 * The engine keeps to the VC rule: a packet in on VC 1 leaves by p1 on
 * VC 1, one in on VC 0 by p2 on VC 1; each reaches node 1 on the VC it
 * crossed on.  A list whose every candidate excludes the input VC drops
 * the packet.
 */
static void t_vin_route(void)
{
	static const u8 payload[40];
	static const struct rcf_rel_ent none0[] = {
		{1, 1, {{H(1, 0), A, 0, 1u << 1, 1}}},
	};
	struct rcf_fabric *f = twin_vcs();
	struct rcf_engine_stats s;
	struct rcf_engine *e;
	u8 r[RCF_DEST_ROUTE_LEN];
	int i;

	CHECK_EQ(op_rel(f, 0, vc0, 3), 0);
	CHECK_EQ(op_rel(f, 1, vc1, 3), 0);
	e = build(f);
	CHECK_EQ(rcf_engine_dest_route(e, 0, 1, r), 0);
	for (i = 0; i < 6; i++) {
		/* the node's own route byte picks its VC */
		r[0] = H(0, i % 3 ? 1 : 0);
		CHECK_EQ(rcf_engine_send(e, 0, r, sizeof(r), payload,
					 sizeof(payload), i),
			 0);
		CHECK(run_checked(e, 10000) >= 0);
	}
	CHECK_EQ(egot.n, 6);
	CHECK_EQ(chan_pkts(e, 2, 1), 4);
	CHECK_EQ(chan_pkts(e, 2, 0), 0);
	CHECK_EQ(chan_pkts(e, 3, 1), 2);
	CHECK_EQ(chan_pkts(e, 3, 0), 0);
	CHECK_EQ(chan_pkts(e, 4, 1), 6);
	CHECK_EQ(chan_pkts(e, 4, 0), 0);
	rcf_engine_free(e);

	CHECK_EQ(op_rel(f, 0, none0, 1), 0);
	e = build(f);
	r[0] = H(0, 0);
	CHECK_EQ(rcf_engine_send(e, 0, r, sizeof(r), payload, 10, 1), 0);
	r[0] = H(0, 1);
	CHECK_EQ(rcf_engine_send(e, 0, r, sizeof(r), payload, 10, 2), 0);
	CHECK(run_checked(e, 10000) >= 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(egot.n, 1);
	CHECK_EQ(egot.cookie[0], 2);
	CHECK_EQ(s.drops[RCF_EDROP_NO_REL], 1);
	CHECK_EQ(s.inflight, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static u32 ad_got, ad_len;

static void ad_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)priv;
	(void)msg;
	(void)cookie;
	(void)latency;
	CHECK_EQ(src, 0);
	CHECK_EQ(dst, 1);
	ad_got++;
	ad_len = len;
}

/* The adapter in destination mode: messages need no route. */
static void t_adapter(void)
{
	static const struct rcf_adapter_ops ops = {.deliver = ad_deliver};
	struct rcf_fabric *f = twin_rel();
	struct rcf_adapter *a = rcf_adapter_new(f, 0, &ops, NULL);
	static u8 msg[3000];
	struct rcf_engine_stats s;

	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, sizeof(msg), 1), -ENOENT);
	CHECK_EQ(rcf_adapter_set_dest(a, true), 0);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, sizeof(msg), 2), 0);
	CHECK_EQ(rcf_adapter_set_dest(a, false), -EBUSY);
	CHECK(rcf_engine_run(rcf_adapter_engine(a), 100000) >= 0);
	CHECK_EQ(ad_got, 1);
	CHECK_EQ(ad_len, sizeof(msg));
	rcf_engine_stats(rcf_adapter_engine(a), &s);
	/* every packet crossed both switches */
	CHECK(s.delivered_pkts > 1);
	CHECK_EQ(s.rel_class[0] + s.rel_class[1], 2 * s.delivered_pkts);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"rel_model", t_model},
		{"rel_route", t_route},
		{"rel_escape_when_busy", t_escape},
		{"rel_select", t_select},
		{"rel_drops", t_drops},
		{"rel_modes_and_source_routes", t_modes},
		{"rel_adapter_dest_mode", t_adapter},
		{"rel_in_mask_model", t_in_model},
		{"rel_in_mask_route", t_in_route},
		{"rel_vc_rule_model", t_vin_model},
		{"rel_vc_rule_route", t_vin_route},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
