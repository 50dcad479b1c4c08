// SPDX-License-Identifier: GPL-2.0
/*
 * New routing relations for a running engine (engine_relswap.c), as an
 * epoch applies them: after the swap the engine routes as one built with
 * the new relations from the start, source-routed packets in flight
 * across it arrive as if nothing had changed, the counters, clock and
 * tables stay as a route swap leaves them, and every invariant holds.
 * The fabric is prdt:4:2:1 with the generators' dimension-order and
 * Duato relations (Documentation/adaptive.rst).
 */
#include "util.h"
#include "gen_fabric.h"
#include "gen_model.h"

#define SPEC   "prdt:4:2:1"
#define MAXN   64
#define MAXLOG 2048

/* One delivery, in the order the engine made them. */
struct dlv {
	u64 cookie, at, lat;
};

struct log {
	struct rcf_engine *e;
	struct dlv d[MAXLOG];
	u32 n;
};

static void on_pkt(void *priv, u32 dst, u32 src, const u8 *payload, u32 len,
		   u64 cookie, u64 latency)
{
	struct log *l = priv;

	(void)dst;
	(void)src;
	(void)payload;
	(void)len;
	if (l->n < MAXLOG)
		l->d[l->n] =
			(struct dlv){cookie, rcf_engine_now(l->e), latency};
	l->n++;
}

static const struct rcf_engine_ops log_ops = {.deliver = on_pkt};

static u32 ids[MAXN], nn;

/* 3 VCs for Duato's relations, short links that fill in a few cycles */
static int add_fabric(struct rcf_fabric *f, void *arg)
{
	static const struct gen_params p = {
		.bw = 1, .lat = 2, .vcs = 3, .buf = 16};

	return gen_model_fabric(f, arg, &p, &last_err)
		       ?: gen_model_routes(f, arg, &last_err);
}

/* Every switch's relation of kind in place of what it had (NULL: none). */
static int put_rels(struct rcf_fabric *f, const char *kind)
{
	struct gen_rel *r = NULL;
	size_t n = 0;
	u32 k;
	int rc = 0, vcs;

	for (k = 0; k < f->rels.cap && !rc; k++)
		if (rcf_vec_get(&f->rels, k))
			rc = rcf_rel_del(f, k, &last_err);
	if (!rc && kind && gen_relation(SPEC, kind, &r, &n, &vcs))
		rc = -EINVAL;
	if (!rc)
		rc = gen_model_rels(f, r, n, MAXN, &last_err);
	free(r);
	return rc;
}

static struct rcf_fabric *fabric(const char *kind)
{
	struct rcf_fabric *f = fab_new();
	struct gen_fabric g;
	struct rcf_err err;
	size_t i;

	CHECK_EQ(gen_fabric(SPEC, "shortest", 3, 1, &g), 0);
	CHECK_EQ(op_txn(f, add_fabric, &g, &err), 0);
	nn = 0;
	for (i = 0; i < g.nelem && nn < MAXN; i++)
		if (g.elem[i].kind == RCF_ELEM_NODE)
			ids[nn++] = g.elem[i].id;
	gen_fabric_free(&g);
	if (kind) {
		rcf_txn_begin(f);
		CHECK_EQ(put_rels(f, kind), 0);
		CHECK_EQ(rcf_txn_commit(f, &err), 0);
	}
	return f;
}

static struct rcf_engine *engine(const struct rcf_fabric *f, struct log *l)
{
	struct rcf_engine *e = rcf_engine_build(f, &log_ops, l);

	CHECK(e != NULL);
	memset(l, 0, sizeof(*l));
	l->e = e;
	return e;
}

/*
 * Relations of kind in f as an epoch puts them in e: made from the open
 * transaction, committed, swapped in.  Returns the tables predicted.
 */
static u64 swap_rels(struct rcf_engine *e, struct rcf_fabric *f,
		     const char *kind)
{
	struct rcf_relswap *rs;
	struct rcf_err err;
	u64 tables;

	rcf_txn_begin(f);
	CHECK_EQ(put_rels(f, kind), 0);
	CHECK(rcf_txn_tables_only(f));
	rs = rcf_relswap_prepare(e, f);
	CHECK(rs != NULL);
	tables = rcf_relswap_table_bytes(e, rs, rcf_engine_table_bytes(e));
	CHECK_EQ(rcf_txn_commit(f, &err), 0);
	rcf_relswap_install(e, rs);
	return tables;
}

/* One packet from every node to every other, by relation or by route. */
static void burst(struct rcf_engine *e, bool dest, u64 cookie0)
{
	static u8 payload[64];
	u32 i, j;

	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++) {
			const u8 *hops;
			u8 r[RCF_DEST_ROUTE_LEN];
			u32 nh;

			if (i == j)
				continue;
			if (dest) {
				CHECK_EQ(rcf_engine_dest_route(e, ids[i],
							       ids[j], r),
					 0);
				hops = r;
				nh = sizeof(r);
			} else {
				CHECK_EQ(rcf_engine_route(e, ids[i], ids[j], 0,
							  &hops, &nh),
					 0);
			}
			CHECK_EQ(rcf_engine_send(e, ids[i], hops, nh, payload,
						 sizeof(payload),
						 cookie0 + i * nn + j),
				 0);
		}
}

/* Two runs' deliveries: the same packets, cycles and latencies. */
static bool same_dlv(const struct log *a, const struct log *b, u64 shift)
{
	u32 k;

	if (a->n != b->n || a->n > MAXLOG)
		return false;
	for (k = 0; k < a->n; k++)
		if (a->d[k].cookie != b->d[k].cookie ||
		    a->d[k].at != b->d[k].at + shift ||
		    a->d[k].lat != b->d[k].lat)
			return false;
	return true;
}

/* Heads each class took at each switch, summed over the switches */
static void rel_counts(const struct rcf_engine *e, const struct rcf_fabric *f,
		       u64 *cls)
{
	u32 k;

	cls[0] = cls[1] = 0;
	for (k = 0; k < f->switches.cap; k++) {
		u64 a, b;

		if (!rcf_engine_rel_stats(e, k, &a, &b)) {
			cls[0] += a;
			cls[1] += b;
		}
	}
}

/*
 * Swapped on an empty engine, the new relations route exactly as an
 * engine built with them: every delivery at the same cycle, the same
 * choices, the same tables; and not as the old relations did.
 */
static void t_fresh(void)
{
	struct rcf_fabric *fa = fabric("dor"), *fb = fabric("duato");
	struct rcf_fabric *fo = fabric("dor");
	static struct log la, lb, lo;
	struct rcf_engine *ea = engine(fa, &la), *eb = engine(fb, &lb);
	struct rcf_engine *eo = engine(fo, &lo);
	struct rcf_engine_stats sa, sb, so;
	u64 tables;

	CHECK(rcf_engine_table_bytes(ea) != rcf_engine_table_bytes(eb));
	tables = swap_rels(ea, fa, "duato");
	CHECK_EQ(tables, rcf_engine_table_bytes(ea));
	CHECK_EQ(rcf_engine_table_bytes(ea), rcf_engine_table_bytes(eb));
	CHECK(rcf_engine_check(ea) == NULL);
	burst(ea, true, 0);
	burst(eb, true, 0);
	burst(eo, true, 0);
	CHECK(run_checked(ea, 1000000) > 0);
	CHECK(run_checked(eb, 1000000) > 0);
	CHECK(run_checked(eo, 1000000) > 0);
	CHECK_EQ(la.n, nn * (nn - 1));
	CHECK(same_dlv(&la, &lb, 0));
	rcf_engine_stats(ea, &sa);
	rcf_engine_stats(eb, &sb);
	rcf_engine_stats(eo, &so);
	CHECK(!memcmp(&sa, &sb, sizeof(sa)));
	/* the old relations: escapes only, where Duato's adapts */
	CHECK_EQ(so.rel_class[RCF_REL_ADAPTIVE] == 0, 1);
	CHECK(sa.rel_class[RCF_REL_ADAPTIVE] > 0);
	CHECK(memcmp(&sa, &so, sizeof(sa)));
	rcf_engine_free(ea);
	rcf_engine_free(eb);
	rcf_engine_free(eo);
	rcf_fabric_free(fa);
	rcf_fabric_free(fb);
	rcf_fabric_free(fo);
}

/*
 * Between bursts: the swap leaves every counter, the clock and the
 * per-switch choices as they were (a route swap's rule), and packets
 * sent after it, one at a time, go as on an engine built with the new
 * relations: the same latencies and the same choices of each class.
 */
static void t_between(void)
{
	struct rcf_fabric *fa = fabric("dor"), *fb = fabric("duato");
	static struct log la, lb;
	struct rcf_engine *ea = engine(fa, &la), *eb = engine(fb, &lb);
	struct rcf_engine_stats s0, s1;
	u64 c0[2], c1[2], cb[2], lat_a = 0, lat_b = 0, ta, tb, t0, t1;
	u32 i, j;

	ta = rcf_engine_table_bytes(ea);
	tb = rcf_engine_table_bytes(eb);
	burst(ea, true, 0);
	CHECK(run_checked(ea, 1000000) > 0);
	rcf_engine_stats(ea, &s0);
	rel_counts(ea, fa, c0);
	CHECK(c0[RCF_REL_ESCAPE] > 0);
	t0 = rcf_engine_table_bytes(ea);
	t1 = swap_rels(ea, fa, "duato");
	rcf_engine_stats(ea, &s1);
	rel_counts(ea, fa, c1);
	CHECK(!memcmp(&s0, &s1, sizeof(s0)));
	CHECK_EQ(c1[0], c0[0]);
	CHECK_EQ(c1[1], c0[1]);
	/* the run grew the event queues; the relations differ as built */
	CHECK_EQ(rcf_engine_table_bytes(ea), t1);
	CHECK_EQ(t1 - t0, tb - ta);
	CHECK(rcf_engine_check(ea) == NULL);
	la.n = 0;
	for (i = 0; i < nn; i++)
		for (j = 0; j < nn; j++) {
			u8 r[RCF_DEST_ROUTE_LEN];

			if (i == j)
				continue;
			CHECK_EQ(rcf_engine_dest_route(ea, ids[i], ids[j], r),
				 0);
			CHECK_EQ(rcf_engine_send(ea, ids[i], r, sizeof(r), r, 1,
						 i * nn + j),
				 0);
			CHECK_EQ(rcf_engine_send(eb, ids[i], r, sizeof(r), r, 1,
						 i * nn + j),
				 0);
			CHECK(run_checked(ea, 100000) > 0);
			CHECK(run_checked(eb, 100000) > 0);
			CHECK_EQ(la.n, lb.n);
			if (la.n && la.n == lb.n && la.n <= MAXLOG) {
				lat_a += la.d[la.n - 1].lat;
				lat_b += lb.d[lb.n - 1].lat;
				CHECK_EQ(la.d[la.n - 1].lat,
					 lb.d[lb.n - 1].lat);
			}
		}
	CHECK_EQ(la.n, nn * (nn - 1));
	CHECK_EQ(lat_a, lat_b);
	rel_counts(ea, fa, c1);
	rel_counts(eb, fb, cb);
	CHECK_EQ(c1[0] - c0[0], cb[0]);
	CHECK_EQ(c1[1] - c0[1], cb[1]);
	CHECK(cb[RCF_REL_ADAPTIVE] > 0);
	rcf_engine_stats(ea, &s1);
	CHECK_EQ(s1.delivered_pkts, 2 * nn * (nn - 1));
	CHECK_EQ(s1.dropped_pkts, 0);
	rcf_engine_free(ea);
	rcf_engine_free(eb);
	rcf_fabric_free(fa);
	rcf_fabric_free(fb);
}

/*
 * Packets in flight: source-routed ones read no relation on the way and
 * destination-routed ones still in their node's queue read only the new
 * ones, so the swap goes in under them (rcf_engine_dest_out is 0), and
 * the run is, delivery for delivery, the run of an engine that had the
 * new relations all along.  Once a destination-routed packet is out,
 * dest_out says so until it is gone.
 */
static void t_inflight(void)
{
	struct rcf_fabric *fa = fabric("dor"), *fb = fabric("duato");
	static struct log la, lb;
	struct rcf_engine *ea = engine(fa, &la), *eb = engine(fb, &lb);
	struct rcf_engine_stats sa, sb;
	const char *err;
	u64 out = 0;

	/* each node's queue: its source-routed packets, then the others */
	burst(ea, false, 0);
	burst(ea, true, 100000);
	burst(eb, false, 0);
	burst(eb, true, 100000);
	CHECK_EQ(rcf_engine_run(ea, 20), 20);
	CHECK_EQ(rcf_engine_run(eb, 20), 20);
	CHECK(rcf_engine_busy(ea) > 0);
	CHECK(la.n == 0 || la.d[0].cookie < 100000);
	CHECK_EQ(rcf_engine_dest_out(ea), 0);
	swap_rels(ea, fa, "duato");
	CHECK(rcf_engine_check(ea) == NULL);
	while (rcf_engine_busy(ea)) {
		if (rcf_engine_dest_out(ea) > out)
			out = rcf_engine_dest_out(ea);
		CHECK(rcf_engine_run(ea, 1) >= 0);
		err = rcf_engine_check(ea);
		if (err) {
			printf("# %s\n", err);
			CHECK(0);
			break;
		}
	}
	CHECK(out > 0);
	CHECK_EQ(rcf_engine_dest_out(ea), 0);
	/* the credits' way back, as eb's run to quiet has it */
	CHECK(run_checked(ea, 1000000) >= 0);
	CHECK(run_checked(eb, 1000000) > 0);
	CHECK_EQ(la.n, 2 * nn * (nn - 1));
	CHECK(same_dlv(&la, &lb, 0));
	rcf_engine_stats(ea, &sa);
	rcf_engine_stats(eb, &sb);
	CHECK(!memcmp(&sa, &sb, sizeof(sa)));
	CHECK_EQ(sa.dropped_pkts, 0);
	rcf_engine_free(ea);
	rcf_engine_free(eb);
	rcf_fabric_free(fa);
	rcf_fabric_free(fb);
}

/*
 * Relations taken away: the engine's relation tables go with them
 * (those of an engine built without any), and a destination header then
 * finds none, as on such an engine.
 */
static void t_none(void)
{
	struct rcf_fabric *fa = fabric("duato"), *fn = fabric(NULL);
	static struct log la, ln;
	struct rcf_engine *ea = engine(fa, &la), *en = engine(fn, &ln);
	struct rcf_engine_stats s;

	/* what a rebuild allocates beside the live engine, and a swap */
	printf("# " SPEC ": engine tables %llu bytes, Duato's relations %llu "
	       "of them\n",
	       (unsigned long long)rcf_engine_table_bytes(ea),
	       (unsigned long long)(rcf_engine_table_bytes(ea) -
				    rcf_engine_table_bytes(en)));
	CHECK_EQ(swap_rels(ea, fa, NULL), rcf_engine_table_bytes(en));
	CHECK_EQ(rcf_engine_table_bytes(ea), rcf_engine_table_bytes(en));
	burst(ea, true, 0);
	CHECK(run_checked(ea, 1000000) >= 0);
	rcf_engine_stats(ea, &s);
	CHECK_EQ(s.drops[RCF_EDROP_NO_REL], nn * (nn - 1));
	CHECK_EQ(la.n, 0);
	rcf_engine_free(ea);
	rcf_engine_free(en);
	rcf_fabric_free(fa);
	rcf_fabric_free(fn);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"relswap: as an engine built with the new relations", t_fresh},
		{"relswap: between bursts, counters and clock kept", t_between},
		{"relswap: under source-routed packets in flight", t_inflight},
		{"relswap: relations removed", t_none},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
