// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's fast mode against its reference mode: the same seeded
 * fabric and traffic run in both, and every counter, every delivery (in
 * order, with its cycle) and every deadlock report must be the same.
 * Generated fabrics (rings, meshes, tori, hypercubes, SP1 systems) carry
 * the traffic generator's patterns through the adapter; random switch
 * fabrics with circuits, wide links and several VCs drive the engine
 * directly and are compared after every step of their run.  The last
 * case holds the reference to itself with each cycle's elements visited
 * in another order: only the order of a cycle's deliveries may change.
 */
#include "util.h"
#include "gen_fabric.h"
#include "gen_model.h"
#include "traffic/traffic.h"

#define N RCF_ELEM_NODE
#define S RCF_ELEM_SWITCH

/* One delivery as the callback saw it. */
struct dlv {
	u64 at, cookie, latency;
	u32 dst, src, len;
};

/* Everything one run produced that the two modes must agree on. */
struct outcome {
	struct dlv *d;
	size_t nd, cap;
	long long rc;
	struct rcf_engine_stats st;
	struct rcf_adapter_stats as;
	struct rcf_traffic_results tr;
	u64 chan, cq, pair, blocked; /* digests */
	u64 extra; /* what a case's own driver saw (send results, epochs) */
	u32 nblocked;
	u64 ff_jumps, ff_cycles; /* the fast mode's own, not compared */
	u64 replays;		 /* the same */
};

/*
 * Visits the fast runs of a case replayed (engine_replay.c): each case
 * below that asks for them runs the replay, held to the reference.
 */
static u64 replays;
#define REPLAYS_MIN 1000

struct run_ctx {
	struct outcome *o;
	struct rcf_engine *e;
	struct rcf_traffic *t;
};

static u64 mix(u64 h, u64 v)
{
	return (h ^ v) * 0x100000001b3ULL;
}

static void record(struct run_ctx *c, u32 dst, u32 src, u32 len, u64 cookie,
		   u64 latency)
{
	struct outcome *o = c->o;

	if (o->nd == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 1024;
		o->d = realloc(o->d, o->cap * sizeof(*o->d));
		if (!o->d)
			abort();
	}
	o->d[o->nd++] = (struct dlv){
		rcf_engine_now(c->e), cookie, latency, dst, src, len};
}

static void on_msg(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		   u64 cookie, u64 latency)
{
	struct run_ctx *c = priv;

	record(c, dst, src, len, cookie, latency);
	rcf_traffic_deliver(c->t, dst, src, msg, len, cookie, latency);
}

static void on_pkt(void *priv, u32 dst, u32 src, const u8 *payload, u32 len,
		   u64 cookie, u64 latency)
{
	(void)payload;
	record(priv, dst, src, len, cookie, latency);
}

static const struct rcf_adapter_ops msg_ops = {.deliver = on_msg};
static const struct rcf_engine_ops pkt_ops = {.deliver = on_pkt};

/* Digests of the per-channel, per-switch and per-pair counters. */
static void digest(struct rcf_engine *e, const struct rcf_fabric *f,
		   struct outcome *o)
{
	struct rcf_engine_chan_id ids[256];
	u32 k, i, j, n = rcf_engine_nnodes(e);
	u64 visits, changed, cls0, cls1;
	const struct rcf_link *l;
	const struct rcf_switch *s;

	rcf_engine_stats(e, &o->st);
	rcf_engine_ff_counts(e, &o->ff_jumps, &o->ff_cycles);
	rcf_engine_visit_counts(e, &visits, &changed, &o->replays);
	CHECK(changed <= visits && o->replays <= visits);
	for (k = 0; k < f->links.cap; k++) {
		if (!(l = rcf_vec_get(&f->links, k)))
			continue;
		for (i = 0; i < 2; i++)
			for (j = 0; j < l->vcs; j++) {
				struct rcf_engine_chan_id id = {k, i, j};
				struct rcf_engine_chan_stats cs;

				if (rcf_engine_chan_stats(e, &id, &cs))
					continue;
				o->chan = mix(o->chan, cs.bytes);
				o->chan = mix(o->chan, cs.packets);
				o->chan = mix(o->chan, cs.blocked);
				o->chan = mix(o->chan, cs.credit);
				o->chan = mix(o->chan, cs.occ);
			}
	}
	for (k = 0; k < f->switches.cap; k++) {
		u32 cur, peak;

		if (!(s = rcf_vec_get(&f->switches, k)))
			continue;
		if (!rcf_engine_cq_stats(e, k, &cur, &peak))
			o->cq = mix(mix(o->cq, cur), peak);
		if (!rcf_engine_rel_stats(e, k, &cls0, &cls1))
			o->cq = mix(mix(o->cq, cls0), cls1);
	}
	for (k = 0; k < f->nodes.cap; k++)
		for (i = 0; i < f->nodes.cap; i++) {
			struct rcf_engine_pair_stats ps;

			if (n > RCF_ENGINE_MATRIX_MAX ||
			    rcf_engine_pair_stats(e, k, i, &ps))
				continue;
			o->pair = mix(o->pair, ps.sent_pkts);
			o->pair = mix(o->pair, ps.sent_bytes);
			o->pair = mix(o->pair, ps.recv_pkts);
			o->pair = mix(o->pair, ps.recv_bytes);
		}
	o->nblocked = rcf_engine_blocked(e, ids, 256);
	for (k = 0; k < o->nblocked && k < 256; k++)
		o->blocked =
			mix(o->blocked, (u64)ids[k].link << 16 |
						ids[k].dir << 8 | ids[k].vc);
}

/* what compare() calls the two runs it reports on */
static const char *run_names[2] = {"exact", "fast"};

#define SAME(what, a, b)                                                   \
	do {                                                               \
		if ((a) != (b)) {                                          \
			printf("# %s: %s: %s %llu, %s %llu\n", name, what, \
			       run_names[0], (unsigned long long)(a),      \
			       run_names[1], (unsigned long long)(b));     \
			ok = false;                                        \
		}                                                          \
	} while (0)

/* Reports every difference between the reference x and the fast y. */
static bool compare(const char *name, const struct outcome *x,
		    const struct outcome *y)
{
	bool ok = true;
	size_t i;

	SAME("run result", x->rc, y->rc);
	SAME("deliveries", x->nd, y->nd);
	for (i = 0; i < x->nd && i < y->nd; i++)
		if (memcmp(&x->d[i], &y->d[i], sizeof(x->d[i]))) {
			printf("# %s: delivery %zu: %s cycle %llu cookie "
			       "%llu, %s cycle %llu cookie %llu\n",
			       name, i, run_names[0],
			       (unsigned long long)x->d[i].at,
			       (unsigned long long)x->d[i].cookie, run_names[1],
			       (unsigned long long)y->d[i].at,
			       (unsigned long long)y->d[i].cookie);
			ok = false;
			break;
		}
	SAME("cycle", x->st.now, y->st.now);
	SAME("byte-hops", x->st.byte_hops, y->st.byte_hops);
	if (memcmp(&x->st, &y->st, sizeof(x->st))) {
		printf("# %s: engine counters differ\n", name);
		ok = false;
	}
	if (memcmp(&x->as, &y->as, sizeof(x->as))) {
		printf("# %s: adapter counters differ\n", name);
		ok = false;
	}
	if (memcmp(&x->tr, &y->tr, sizeof(x->tr))) {
		printf("# %s: traffic results differ\n", name);
		ok = false;
	}
	SAME("channel counters", x->chan, y->chan);
	SAME("central queues", x->cq, y->cq);
	SAME("pair counters", x->pair, y->pair);
	SAME("blocked channels", x->nblocked, y->nblocked);
	SAME("blocked list", x->blocked, y->blocked);
	SAME("driver's record", x->extra, y->extra);
	if (!ok)
		tap_case_failed = 1;
	return ok;
}

/* A generated fabric, the link and switch parameters, the traffic. */
struct gcase {
	const char *spec, *algo;
	int vcs, paths;
	u32 bw, lat, buf, cq;
	u32 pattern, param, rate, size_min, size_max;
	u64 cycles, src_limit, slice;
	bool no_drain;
	int policy;
	const char *rel; /* a relation: destination-routed traffic */
	u8 select;	 /* enum rcf_engine_select */
	u8 alloc;	 /* enum rcf_alloc_kind */
};

static int add_fabric(struct rcf_fabric *f, void *arg)
{
	const struct gcase *c = ((const void **)arg)[0];
	const struct gen_fabric *g = ((const void **)arg)[1];
	struct gen_params p = {c->bw, c->lat, c->vcs, c->buf, c->cq};

	return gen_model_fabric(f, g, &p, &last_err);
}

struct rels {
	struct gen_rel *r;
	size_t n;
	u32 nodes;
};

/* Each switch's entries (by switch, then destination) as its relation. */
static int add_rels(struct rcf_fabric *f, void *arg)
{
	const struct rels *x = arg;

	return gen_model_rels(f, x->r, x->n, x->nodes, &last_err);
}

static int add_routes(struct rcf_fabric *f, void *arg)
{
	return gen_model_routes(f, arg, &last_err);
}

/* Per-node adapter counters, into the driver's record. */
static void adapter_digest(const struct rcf_adapter *a, const u32 *ids, u32 nn,
			   struct outcome *o)
{
	struct rcf_adapter_stats ns;
	const u8 *b = (const u8 *)&ns;
	size_t k;
	u32 i;

	for (i = 0; i < nn; i++) {
		memset(&ns, 0, sizeof(ns));
		if (rcf_adapter_node_stats(a, ids[i], &ns))
			continue;
		for (k = 0; k < sizeof(ns); k++)
			o->extra = mix(o->extra, b[k]);
	}
}

static const struct rcf_traffic_arc arcs[] = {
	{0, 1, 3}, {1, 0, 1}, {2, 5, 2}, {3, 0, 5}, {6, 2, 1},
};
static const struct rcf_traffic_msg trace[] = {
	{0, 0, 1, 300}, {0, 1, 0, 300},	  {3, 2, 1, 1000},
	{3, 3, 1, 70},	{40, 4, 0, 5000}, {41, 0, 4, 1},
};

/* The generator's spec for case c over nodes ids[nn]. */
static struct rcf_traffic_spec traffic_spec(const struct gcase *c,
					    const u32 *ids, u32 nn)
{
	struct rcf_traffic_spec s = {
		.pattern = c->pattern,
		.nodes = nn,
		.node_ids = ids,
		.param = c->param,
		.hot_permille = 300,
		.rate = c->rate,
		.size_min = c->size_min,
		.size_max = c->size_max,
		.arcs = arcs,
		.narcs = 5,
		.trace = trace,
		.ntrace = 6,
		.cycles = c->cycles,
		.src_limit = c->src_limit,
		.no_drain = c->no_drain,
		.seed = 7,
	};
	return s;
}

/* visit order of the engines run_traffic builds (t_visit_order) */
static u8 run_order;

/* Runs c on f in one mode; false when the run could not be set up. */
static bool run_traffic(const struct gcase *c, const struct rcf_fabric *f,
			const u32 *ids, u32 nn, bool exact, struct outcome *o)
{
	struct rcf_traffic_spec s = traffic_spec(c, ids, nn);
	struct run_ctx ctx = {.o = o};
	struct rcf_adapter *a = rcf_adapter_new(f, c->policy, &msg_ops, &ctx);
	long long rc = 0;

	memset(o, 0, sizeof(*o));
	if (!a)
		return false;
	ctx.e = rcf_adapter_engine(a);
	CHECK_EQ(rcf_engine_set_exact(ctx.e, exact), 0);
	CHECK_EQ(rcf_engine_set_order(ctx.e, run_order), 0);
	if (c->rel || c->alloc) {
		struct rcf_engine_cfg cfg = {
			.select = c->select, .seed = 9, .alloc = c->alloc};

		CHECK_EQ(rcf_engine_configure(ctx.e, &cfg), 0);
	}
	if (c->rel)
		CHECK_EQ(rcf_adapter_set_dest(a, true), 0);
	CHECK_EQ(rcf_engine_exact(ctx.e), exact);
	if (rcf_traffic_new(&s, a, &ctx.t)) {
		rcf_adapter_free(a);
		return false;
	}
	while (!rcf_traffic_done(ctx.t)) {
		rc = rcf_traffic_run(ctx.t, c->slice);
		if (rc < 0)
			break;
	}
	o->rc = rc < 0 ? rc : 0;
	rcf_traffic_results(ctx.t, &o->tr);
	rcf_adapter_stats(a, &o->as);
	adapter_digest(a, ids, nn, o);
	digest(ctx.e, f, o);
	rcf_traffic_free(ctx.t);
	rcf_adapter_free(a);
	return true;
}

/* switches whose relation diff_gen made wide (t_dest_wide) */
static size_t wide_rels;

/*
 * Both modes on one generated case; the number of deliveries compared,
 * and the reference's run result in *rc.
 */
static u64 gen_ff_cycles; /* skipped by the fast runs of diff_gen */

/*
 * The model of case c: its generated fabric, routes and relations, and
 * its node ids in ids[*nn]; NULL, failed, when it cannot be generated.
 */
static struct rcf_fabric *gen_build(const struct gcase *c, u32 *ids, u32 *nn)
{
	struct gen_fabric g;
	struct rcf_fabric *f;
	const void *arg[2] = {c, &g};
	struct rcf_err err;
	size_t i;

	*nn = 0;
	if (gen_fabric(c->spec, c->algo, c->vcs, c->paths, &g)) {
		CHECK(0);
		return NULL;
	}
	f = fab_new();
	CHECK_EQ(op_txn(f, add_fabric, arg, &err), 0);
	CHECK_EQ(op_txn(f, add_routes, &g, &err), 0);
	for (i = 0; i < g.nelem && *nn < 1024; i++)
		if (g.elem[i].kind == N)
			ids[(*nn)++] = g.elem[i].id;
	if (c->rel) {
		struct rels r = {.nodes = *nn};
		int vcs;

		CHECK_EQ(gen_relation(c->spec, c->rel, &r.r, &r.n, &vcs), 0);
		CHECK(vcs <= c->vcs);
		CHECK_EQ(op_txn(f, add_rels, &r, &err), 0);
		free(r.r);
		for (i = 0; i < f->rels.cap; i++)
			wide_rels +=
				rcf_rel_get(f, i) && rcf_rel_get(f, i)->wlist;
	}
	gen_fabric_free(&g);
	return f;
}

static size_t diff_gen(const struct gcase *c, long long *rc)
{
	struct outcome x = {0}, y = {0};
	struct rcf_fabric *f;
	u32 ids[1024], nn;
	char name[160];
	size_t n = 0;

	snprintf(name, sizeof(name), "%s %s vcs %d bw %u lat %u pattern %u:%u",
		 c->spec, c->algo, c->vcs, c->bw, c->lat, c->pattern, c->param);
	f = gen_build(c, ids, &nn);
	if (!f)
		return 0;
	if (run_traffic(c, f, ids, nn, true, &x) &&
	    run_traffic(c, f, ids, nn, false, &y)) {
		if (compare(name, &x, &y))
			n = x.nd;
		CHECK_EQ(x.ff_cycles, 0);
		gen_ff_cycles += y.ff_cycles;
		CHECK_EQ(x.replays, 0);
		replays += y.replays;
		if (rc)
			*rc = x.rc;
		CHECK(x.nd > 0 || x.rc == -EDEADLK);
	} else {
		printf("# %s: could not run\n", name);
		CHECK(0);
	}
	free(x.d);
	free(y.d);
	rcf_fabric_free(f);
	return n;
}

static struct gcase base(const char *spec, const char *algo, u32 pattern)
{
	struct gcase c = {
		.spec = spec,
		.algo = algo,
		.vcs = 1,
		.paths = 1,
		.bw = 1,
		.lat = 1,
		.buf = 64,
		.pattern = pattern,
		.rate = 300,
		.size_min = 1,
		.size_max = 300,
		.cycles = 3000,
		.slice = 997,
	};
	return c;
}

/* Every traffic pattern on every generated kind of fabric. */
static void t_patterns(void)
{
	static const char *const fab[][2] = {
		{"ring:16", "shortest"}, {"mesh:4x4", "dor"},
		{"torus:4x4", "dor"},	 {"hypercube:4", "ecube"},
		{"sp1:16", "sp1"},
	};
	size_t n = 0, i;
	u32 p;

	replays = 0;
	for (i = 0; i < sizeof(fab) / sizeof(fab[0]); i++)
		for (p = 0; p < RCF_TRAFFIC_NR_PATTERNS; p++) {
			struct gcase c = base(fab[i][0], fab[i][1], p);

			if (p == RCF_TRAFFIC_DOLOOP || p == RCF_TRAFFIC_EXOR ||
			    p == RCF_TRAFFIC_NCUBE)
				c.param = 1 + i % 3;
			if (p == RCF_TRAFFIC_HOTSPOT)
				c.param = 3;
			if (!strncmp(c.spec, "torus", 5))
				c.vcs = 2;
			n += diff_gen(&c, NULL);
		}
	printf("# patterns: %zu deliveries compared, %llu visits replayed\n", n,
	       (unsigned long long)replays);
	CHECK(n > 1000);
	CHECK(replays > REPLAYS_MIN);
}

/*
 * Links wider than a byte, several VCs, long latencies, small buffers and
 * central queues (spills), several routes per pair, both route choices,
 * past saturation.
 */
static void t_links(void)
{
	static const u32 bw[] = {1, 2, 3, 8};
	static const u32 lat[] = {1, 3, 1, 17};
	size_t n = 0;
	int i;

	replays = 0;
	for (i = 0; i < 4; i++) {
		struct gcase c = base("sp1:16", "sp1", RCF_TRAFFIC_UNIFORM);

		c.bw = bw[i];
		c.lat = lat[i];
		c.vcs = 1 + i % 3;
		c.buf = 2 * c.bw * c.lat + (i & 1 ? 1 : 24);
		c.cq = 64;
		c.rate = 300 * c.bw;
		n += diff_gen(&c, NULL);
		c = base("mesh:4x4", "shortest", RCF_TRAFFIC_UNIFORM);
		c.bw = bw[i];
		c.lat = lat[3 - i];
		c.vcs = 2;
		c.paths = 2 + i % 3;
		c.policy = i & 1;
		c.rate = 900;
		c.no_drain = true;
		c.src_limit = 4096;
		c.slice = 333;
		n += diff_gen(&c, NULL);
	}
	printf("# links: %zu deliveries compared, %llu visits replayed\n", n,
	       (unsigned long long)replays);
	CHECK(n > 1000);
	CHECK(replays > REPLAYS_MIN);
}

/*
 * iSLIP's matches at the cycles' ends: every pattern on a mesh and a
 * torus, and wide links, several VCs and small central queues past
 * saturation, where outputs refuse grants and inputs hold several.
 */
static void t_islip(void)
{
	static const char *const fab[][2] = {
		{"mesh:4x4", "dor"},
		{"torus:4x4", "dor"},
		{"sp1:16", "sp1"},
	};
	size_t n = 0, i;
	u32 p;

	for (i = 0; i < sizeof(fab) / sizeof(fab[0]); i++)
		for (p = 0; p < RCF_TRAFFIC_NR_PATTERNS; p += 2) {
			struct gcase c = base(fab[i][0], fab[i][1], p);

			c.alloc = RCF_ALLOC_ISLIP;
			c.vcs = 2;
			c.cq = 64;
			if (p == RCF_TRAFFIC_DOLOOP || p == RCF_TRAFFIC_EXOR ||
			    p == RCF_TRAFFIC_NCUBE)
				c.param = 1 + i % 3;
			if (p == RCF_TRAFFIC_HOTSPOT)
				c.param = 3;
			n += diff_gen(&c, NULL);
		}
	for (i = 0; i < 3; i++) {
		struct gcase c =
			base("mesh:4x4", "shortest", RCF_TRAFFIC_UNIFORM);

		c.alloc = RCF_ALLOC_ISLIP;
		c.bw = 1 + 2 * i;
		c.lat = 1 + 8 * i;
		c.vcs = 1 + i;
		c.paths = 2;
		c.cq = 64;
		c.rate = 900;
		c.no_drain = true;
		c.src_limit = 4096;
		c.slice = 333;
		n += diff_gen(&c, NULL);
	}
	printf("# islip: %zu deliveries compared\n", n);
	CHECK(n > 1000);
}

/*
 * A relaying torus past saturation deadlocks (Documentation/performance.rst,
 * Known limits): both modes must report it at the same cycle, with the
 * same channels blocked.
 */
static void t_deadlock(void)
{
	struct gcase c = base("torus:8x8", "dor", RCF_TRAFFIC_UNIFORM);
	long long rc = 0;

	c.vcs = 2;
	c.rate = 1000;
	c.size_min = c.size_max = 64;
	c.no_drain = true;
	c.src_limit = 4096;
	c.cycles = 20000;
	c.slice = 10000;
	diff_gen(&c, &rc);
	CHECK_EQ(rc, -EDEADLK);
}

/*
 * Long packets on long links, alone or few at a time, where the fast mode
 * runs streaming by arithmetic; slices of odd lengths end runs in mid
 * stream.
 */
static void t_stream(void)
{
	static const char *const fab[][2] = {
		{"sp1:16", "sp1"}, {"sp1:16", "sp1"}, {"ring:8", "shortest"},
		{"sp1:16", "sp1"}, {"sp1:16", "sp1"},
	};
	static const u32 bw[] = {1, 1, 4, 2, 1};
	static const u32 lat[] = {12, 7, 25, 300, 4};
	size_t n = 0;
	int i;

	replays = 0;
	gen_ff_cycles = 0;
	for (i = 0; i < 5; i++) {
		struct gcase c =
			base(fab[i][0], fab[i][1], RCF_TRAFFIC_UNIFORM);

		c.bw = bw[i];
		c.lat = lat[i];
		c.vcs = 1 + (i == 2);
		c.buf = 2 * c.bw * c.lat + (i == 3 ? 0 : 5);
		c.rate = i == 2 ? 400 : 200;
		c.size_min = 1000;
		c.size_max = 4000;
		c.cycles = 20000;
		c.slice = 211 + i * 998;
		if (i == 3)
			c.no_drain = true;
		/* contention: packets stream through central queues */
		if (i == 4) {
			c.rate = 600;
			c.cq = 256;
		}
		n += diff_gen(&c, NULL);
	}
	printf("# stream: %zu deliveries compared, %llu cycles "
	       "fast-forwarded, %llu visits replayed\n",
	       n, (unsigned long long)gen_ff_cycles,
	       (unsigned long long)replays);
	CHECK(n > 20);
	CHECK(replays > REPLAYS_MIN);
	CHECK(gen_ff_cycles > 3000);
}

/*
 * The same fabric as a reference engine (0) and a fast one (1), each
 * recording into its own outcome.
 */
static void pair_build(const struct rcf_fabric *f, struct rcf_engine *e[2],
		       struct run_ctx ctx[2], struct outcome o[2])
{
	int m;

	for (m = 0; m < 2; m++) {
		memset(&o[m], 0, sizeof(o[m]));
		ctx[m] = (struct run_ctx){.o = &o[m]};
		e[m] = rcf_engine_build(f, &pkt_ops, &ctx[m]);
		ctx[m].e = e[m];
		CHECK_EQ(rcf_engine_set_exact(e[m], !m), 0);
	}
}

/*
 * Runs both engines at most cycles and digests them; false, said and
 * failed, when an invariant of either broke.
 */
static bool pair_run(struct rcf_engine *e[2], const struct rcf_fabric *f,
		     struct outcome o[2], const char *name, u64 cycles)
{
	bool ok = true;
	int m;

	for (m = 0; m < 2; m++) {
		o[m].rc = rcf_engine_run(e[m], cycles);
		digest(e[m], f, &o[m]);
		if (rcf_engine_check(e[m])) {
			printf("# %s: invariant: %s\n", name,
			       rcf_engine_check(e[m]));
			ok = false;
			tap_case_failed = 1;
		}
	}
	return ok;
}

static void pair_free(struct rcf_engine *e[2], struct outcome o[2])
{
	int m;

	for (m = 0; m < 2; m++) {
		rcf_engine_free(e[m]);
		free(o[m].d);
	}
}

/* A random switch fabric with circuits; nodes 0 .. *nn - 1. */
static struct rcf_fabric *random_fabric(int *nn)
{
	struct rcf_fabric *f = fab_new();
	int ns = 1 + rnd(5), nl = 0, i;
	u32 used[8] = {0};

	*nn = 2 + rnd(6);
	for (i = 0; i < ns; i++) {
		op_switch(f, i, 8);
		rcf_switch_get(f, i)->cq_size = 64 + 8 * rnd(64);
	}
	for (i = 0; i < *nn; i++) {
		int sw = rnd(ns);

		op_node(f, i, 1);
		op_link(f, nl++, N, i, 0, S, sw, used[sw]++);
	}
	for (i = 0; i < ns * 3; i++) {
		int a = rnd(ns), b = rnd(ns);

		if (a == b || used[a] >= 8 || used[b] >= 8)
			continue;
		op_link(f, nl++, S, a, used[a]++, S, b, used[b]++);
	}
	for (i = 0; i < nl; i++) {
		struct rcf_link *l = rcf_link_get(f, i);

		l->bandwidth = 1 + rnd(4);
		l->latency = 1 + rnd(5);
		l->buf_size = 2 + rnd(40);
		l->vcs = 1 + rnd(3);
		if (!rnd(25))
			l->state = RCF_LINK_DOWN;
	}
	for (i = 0; i < ns; i++)
		if (used[i] && !rnd(3))
			op_circuit(f, i, rnd(used[i]), rnd(used[i]));
	return f;
}

/*
 * A seeded fabric driven through both engines alone: make() builds it
 * (nodes 0 .. *nn - 1), then rounds of send() into both engines and a
 * run of random length, counters compared after every run, then a run
 * to the end.  True when they agreed throughout; *ref is then the
 * reference engine's last outcome (its rc and deliveries).
 */
struct diff_drive {
	const char *tag;
	struct rcf_fabric *(*make)(int *nn);
	/* queues round k's packets; the cycles to run after them */
	u32 (*send)(struct rcf_fabric *f, struct rcf_engine *e[2], int nn,
		    int k);
	int rounds;
	u8 alloc; /* enum rcf_alloc_kind of both engines */
};

static bool diff_drive_seed(const struct diff_drive *d, int seed, long long *rc,
			    size_t *nd, bool *wide)
{
	struct outcome o[2];
	struct run_ctx ctx[2];
	struct rcf_engine *e[2];
	struct rcf_fabric *f;
	char name[32];
	int nn, k, m;
	bool ok = true;

	rnd_state = seed;
	f = d->make(&nn);
	*wide = false;
	for (m = 0; m < nn; m++)
		*wide |= rcf_node_get(f, m)->ports > 1;
	pair_build(f, e, ctx, o);
	for (m = 0; m < 2 && d->alloc; m++) {
		struct rcf_engine_cfg cfg = {.alloc = d->alloc};

		CHECK_EQ(rcf_engine_configure(e[m], &cfg), 0);
	}
	snprintf(name, sizeof(name), "%s %d", d->tag, seed);
	for (k = 0; k < d->rounds && ok; k++) {
		u32 steps = d->send(f, e, nn, k);

		ok = pair_run(e, f, o, name, steps);
		ok = compare(name, &o[0], &o[1]) && ok;
	}
	if (ok)
		ok = pair_run(e, f, o, name, 1000000);
	ok = ok && compare(name, &o[0], &o[1]);
	replays += o[1].replays;
	*rc = o[0].rc;
	*nd = o[0].nd;
	pair_free(e, o);
	rcf_fabric_free(f);
	return ok;
}

/* one packet on a random walk, a byte of it broken now and then */
static u32 random_send(struct rcf_fabric *f, struct rcf_engine *e[2], int nn,
		       int k)
{
	u8 r[10], payload[250] = {0};
	int len, j, m, src = rnd(nn);
	u32 plen = rnd(240), steps = rnd(3) ? rnd(60) : 1;

	len = rnd_walk(f, src, r, 10, 100);
	for (j = 0; j < len; j++)
		if (!rnd(50))
			r[j] = RCF_HOP(rnd(8), rnd(2));
	for (m = 0; m < 2; m++)
		rcf_engine_send(e[m], src, r, len, payload, plen, k);
	return steps;
}

/*
 * Random fabrics driven through the engine alone: sends at random
 * cycles, runs of random length, counters compared after every run.
 */
static void t_random(void)
{
	static const struct diff_drive d = {
		.tag = "random",
		.make = random_fabric,
		.send = random_send,
		.rounds = 80,
	};
	int seed, deadlocks = 0, compared = 0;
	long long rc;
	size_t nd;
	bool wide;

	replays = 0;
	for (seed = 1; seed <= 150; seed++)
		if (diff_drive_seed(&d, seed, &rc, &nd, &wide)) {
			compared++;
			deadlocks += rc == -EDEADLK;
		}
	printf("# random: %d fabrics agree, %d of them deadlocked, %llu visits "
	       "replayed\n",
	       compared, deadlocks, (unsigned long long)replays);
	CHECK_EQ(compared, 150);
	CHECK(replays > REPLAYS_MIN);
	CHECK(deadlocks > 0);
}

/*
 * A k-port machine at random: nodes of 1 to 4 ports, each port on a
 * random crossbar, so that a node's ports inject at once from their own
 * send queues; bursts of sends from random ports, some routes broken.
 */
static struct rcf_fabric *kport_fabric(int *nn)
{
	struct rcf_fabric *f = fab_new();
	int ns = 1 + rnd(3), nl = 0, i, p, np;
	u32 used[3] = {0};

	*nn = 2 + rnd(5);
	for (i = 0; i < ns; i++) {
		op_switch(f, i, 32);
		rcf_switch_get(f, i)->cq_size = 64 + 8 * rnd(64);
	}
	for (i = 0; i < *nn; i++) {
		np = 1 + rnd(4);
		op_node(f, i, np);
		for (p = 0; p < np; p++) {
			int sw = rnd(ns);

			op_link(f, nl++, N, i, p, S, sw, used[sw]++);
		}
	}
	for (i = 0; i + 1 < ns; i++)
		op_link(f, nl++, S, i, used[i]++, S, i + 1, used[i + 1]++);
	for (i = 0; i < nl; i++) {
		struct rcf_link *l = rcf_link_get(f, i);

		l->bandwidth = 1 + rnd(3);
		l->latency = 1 + rnd(4);
		l->buf_size = 2 + rnd(40);
		l->vcs = 1 + rnd(2);
	}
	for (i = 0; i < ns; i++)
		if (!rnd(3))
			op_circuit(f, i, rnd(used[i]), rnd(used[i]));
	return f;
}

/* a burst of one to six packets, each from a random port of its node */
static u32 kport_send(struct rcf_fabric *f, struct rcf_engine *e[2], int nn,
		      int k)
{
	u32 steps = rnd(3) ? rnd(80) : 1;
	int b, m;

	for (b = 0; b < 1 + (int)rnd(6); b++) {
		u8 r[6], payload[250] = {0};
		int src = rnd(nn), len;
		u32 plen = rnd(240), port;

		port = rnd(rcf_node_get(f, src)->ports);
		len = rnd_walk_from(f, src, port, r, 6, 50);
		if (!rnd(40))
			r[len - 1] = RCF_HOP(rnd(32), rnd(2));
		for (m = 0; m < 2; m++)
			rcf_engine_send(e[m], src, r, len, payload, plen, k);
	}
	return steps;
}

static void t_kport(void)
{
	static const struct diff_drive d = {
		.tag = "kport",
		.make = kport_fabric,
		.send = kport_send,
		.rounds = 40,
	};
	int seed, compared = 0, multi = 0;
	long long rc;
	size_t nd;
	bool wide;

	replays = 0;
	for (seed = 1; seed <= 100; seed++)
		if (diff_drive_seed(&d, seed, &rc, &nd, &wide)) {
			compared++;
			multi += wide && nd > 0;
		}
	printf("# kport: %d fabrics agree, %d with several ports a node, %llu "
	       "visits replayed\n",
	       compared, multi, (unsigned long long)replays);
	CHECK_EQ(compared, 100);
	CHECK(replays > REPLAYS_MIN);
	CHECK(multi > 50);
}

/*
 * The random switch fabrics and k-port machines again under iSLIP:
 * several VCs, circuits that request through the match, down links and
 * bad route bytes, every invariant checked after every step.
 */
static void t_random_islip(void)
{
	static const struct diff_drive d[2] = {
		{.tag = "random islip",
		 .make = random_fabric,
		 .send = random_send,
		 .rounds = 80,
		 .alloc = RCF_ALLOC_ISLIP},
		{.tag = "kport islip",
		 .make = kport_fabric,
		 .send = kport_send,
		 .rounds = 40,
		 .alloc = RCF_ALLOC_ISLIP},
	};
	int seed, i, compared = 0;
	size_t nd, sum = 0;
	long long rc;
	bool wide;

	for (i = 0; i < 2; i++)
		for (seed = 1; seed <= 50; seed++)
			if (diff_drive_seed(&d[i], seed, &rc, &nd, &wide)) {
				compared++;
				sum += nd;
			}
	printf("# islip: %d fabrics agree, %zu deliveries\n", compared, sum);
	CHECK_EQ(compared, 100);
	CHECK(sum > 1000);
}

/* The mode is chosen on a quiet engine only. */
static void t_mode_switch(void)
{
	struct rcf_fabric *f = fab_chain(1);
	struct run_ctx ctx = {0};
	struct outcome o = {0};
	struct rcf_engine *e;
	u8 r[2] = {RCF_HOP(0, 0), RCF_HOP(1, 0)};

	ctx.o = &o;
	e = rcf_engine_build(f, &pkt_ops, &ctx);
	ctx.e = e;
	CHECK(rcf_engine_exact(e));
	CHECK_EQ(rcf_engine_send(e, 0, r, 2, NULL, 0, 1), 0);
	CHECK_EQ(rcf_engine_set_exact(e, false), -EBUSY);
	CHECK(rcf_engine_exact(e));
	CHECK(rcf_engine_run(e, 1000) > 0);
	CHECK_EQ(rcf_engine_set_exact(e, false), 0);
	CHECK(!rcf_engine_exact(e));
	CHECK_EQ(o.nd, 1);
	rcf_engine_free(e);
	rcf_fabric_free(f);
	free(o.d);
}

/*
 * fab_chain(3) with random links: 1 to 3 bytes per cycle, 1 to max_lat
 * cycles, two VCs, buffers about what full rate needs.
 */
static struct rcf_fabric *chain_random(u32 max_lat)
{
	struct rcf_fabric *f = fab_chain(3);
	int i;

	for (i = 0; i <= 3; i++) {
		struct rcf_link *l = rcf_link_get(f, i);

		l->bandwidth = 1 + rnd(3);
		l->latency = 1 + rnd(max_lat);
		l->vcs = 2;
		l->buf_size = 2 * l->bandwidth * l->latency + rnd(3);
	}
	return f;
}

/*
 * The same burst into both engines: from a random end on a random VC,
 * min_sends to min_sends + 2 packets of len0, len0 + dlen, ... bytes.
 */
static void chain_burst(struct rcf_engine *e[2], int k, int min_sends, u32 len0,
			u32 dlen)
{
	u8 payload[250] = {0}, r[4];
	int src = rnd(2), vc = rnd(2), sends = min_sends + rnd(3);
	int i, m;

	r[0] = RCF_HOP(0, vc);
	for (i = 1; i < 4; i++)
		r[i] = RCF_HOP(src ? 0 : 1, vc);
	for (m = 0; m < 2; m++)
		for (i = 0; i < sends; i++)
			rcf_engine_send(e[m], src, r, 4, payload,
					len0 + i * dlen, k);
}

/*
 * A chain of switches with long links and two VCs each way, packets
 * both ways on both VCs (sharing the links), runs of random length cut
 * anywhere in mid stream, counters compared after every run.
 */
static void t_chain(void)
{
	int seed;
	u64 skipped = 0;

	replays = 0;
	for (seed = 1; seed <= 20; seed++) {
		struct rcf_fabric *f;
		struct outcome o[2];
		struct run_ctx ctx[2];
		struct rcf_engine *e[2];
		char name[32];
		bool ok = true;
		int k;

		rnd_state = seed;
		f = chain_random(60);
		pair_build(f, e, ctx, o);
		snprintf(name, sizeof(name), "chain %d", seed);
		for (k = 0; k < 40 && ok; k++) {
			u32 steps;

			chain_burst(e, k, 0, 200, 20);
			steps = 1 + rnd(700);
			ok = pair_run(e, f, o, name, steps);
			ok = compare(name, &o[0], &o[1]) && ok;
		}
		if (ok)
			ok = pair_run(e, f, o, name, 1000000);
		CHECK(ok && compare(name, &o[0], &o[1]));
		CHECK_EQ(o[0].ff_cycles, 0);
		skipped += o[1].ff_cycles;
		CHECK_EQ(o[0].replays, 0);
		replays += o[1].replays;
		pair_free(e, o);
		rcf_fabric_free(f);
	}
	printf("# chain: %llu cycles fast-forwarded, %llu visits replayed\n",
	       (unsigned long long)skipped, (unsigned long long)replays);
	CHECK(skipped > 10000);
	CHECK(replays > REPLAYS_MIN);
}

/*
 * A mode changed on a running engine whenever it is quiet, as
 * rcf_engine_set_exact allows, and refused while it is not: the engine
 * switched back and forth between bursts must stay the reference's to
 * the byte (Documentation/engine.rst, "The kernel's mode").
 */
static void t_switch_when_quiet(void)
{
	int seed, switches = 0, refused = 0;
	u64 skipped = 0;

	for (seed = 1; seed <= 10; seed++) {
		struct rcf_fabric *f;
		struct outcome o[2];
		struct run_ctx ctx[2];
		struct rcf_engine *e[2];
		char name[32];
		bool ok = true, exact;
		int k;

		rnd_state = 100 + seed;
		f = chain_random(40);
		pair_build(f, e, ctx, o);
		snprintf(name, sizeof(name), "switch %d", seed);
		for (k = 0; k < 40 && ok; k++) {
			u32 steps;

			chain_burst(e, k, 1, 150, 40);
			/* often to the end of the burst, so the engine idles */
			steps = rnd(2) ? 1000000 : 1 + rnd(700);
			ok = pair_run(e, f, o, name, steps);
			ok = compare(name, &o[0], &o[1]) && ok;
			exact = rcf_engine_exact(e[1]);
			if (rcf_engine_quiet(e[1])) {
				CHECK_EQ(rcf_engine_set_exact(e[1], !exact), 0);
				CHECK_EQ(rcf_engine_exact(e[1]), !exact);
				switches++;
			} else {
				CHECK_EQ(rcf_engine_set_exact(e[1], !exact),
					 -EBUSY);
				CHECK_EQ(rcf_engine_exact(e[1]), exact);
				refused++;
			}
		}
		if (ok)
			ok = pair_run(e, f, o, name, 1000000);
		CHECK(ok && compare(name, &o[0], &o[1]));
		CHECK(rcf_engine_exact(e[0]));
		skipped += o[1].ff_cycles;
		pair_free(e, o);
		rcf_fabric_free(f);
	}
	printf("# switch when quiet: %d switches, %d refused, %llu cycles "
	       "fast-forwarded\n",
	       switches, refused, (unsigned long long)skipped);
	CHECK(switches > 50);
	CHECK(refused > 50);
	CHECK(skipped > 1000);
}

/*
 * Destination-routed traffic, routed by the switches' relations: Duato
 * with each selection and dimension order, on the base torus of a PRDT
 * whose rank-1 links carry nothing; latency 1 and wider, slower links.
 * Duato with input masks too, which read the channel a head came in by,
 * and north-last (a turn model: masks and no escape) on the mesh the
 * base torus's wrap links leave; and north-last over the whole PRDT's
 * wrap links, whose candidates read the VC a head came in on.
 */
static void t_dest(void)
{
	static const char *const rel[] = {
		"duato",      "duato",		 "duato",
		"dor",	      "duato-in",	 "duato-in",
		"north-last", "north-last-wrap", "north-last-wrap"};
	size_t n = 0, i, k;
	long long rc;

	for (i = 0; i < 9; i++)
		for (k = 0; k < 2; k++) {
			struct gcase c = base("prdt:4:2:1", "shortest",
					      RCF_TRAFFIC_UNIFORM);

			c.vcs = 3;
			c.rel = rel[i];
			c.select = i < 3	      ? i
				   : i == 5 || i == 8 ? RCF_SELECT_RANDOM
						      : 0;
			c.rate = 700;
			c.buf = 16;
			if (k) {
				c.bw = 2;
				c.lat = 3;
				c.buf = 24;
				c.rate = 1200;
			}
			rc = 0;
			n += diff_gen(&c, &rc);
			/* the VC rule's relation passes the check */
			if (i >= 7)
				CHECK(rc != -EDEADLK);
		}
	printf("# dest: %zu deliveries compared\n", n);
	CHECK(n > 1000);
}

/*
 * Every pattern on the 512-node SP1 system, whose 2-stage switch
 * boards carry 64 times sp1:16's nodes: short runs, every counter of
 * its 512 x 512 pairs compared.
 */
static void t_sp1_512(void)
{
	size_t n = 0;
	u32 p;

	replays = 0;
	for (p = 0; p < RCF_TRAFFIC_NR_PATTERNS; p++) {
		struct gcase c = base("sp1:512", "sp1", p);

		/* a transpose needs a square number of nodes */
		if (p == RCF_TRAFFIC_TRANSPOSE) {
			CHECK_EQ(rcf_traffic_check(p, 0, 512), -EINVAL);
			continue;
		}
		if (p == RCF_TRAFFIC_DOLOOP || p == RCF_TRAFFIC_EXOR ||
		    p == RCF_TRAFFIC_NCUBE)
			c.param = 1 + p % 3;
		if (p == RCF_TRAFFIC_HOTSPOT)
			c.param = 3;
		c.rate = 100;
		c.size_max = 128;
		c.cycles = 300;
		c.slice = 97;
		n += diff_gen(&c, NULL);
	}
	printf("# sp1:512: %zu deliveries compared, %llu visits replayed\n", n,
	       (unsigned long long)replays);
	CHECK(n > 1000);
	CHECK(replays > REPLAYS_MIN);
}

/* A message delivery with no generator behind it. */
static void on_amsg(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		    u64 cookie, u64 latency)
{
	(void)msg;
	record(priv, dst, src, len, cookie, latency);
}

static const struct rcf_adapter_ops amsg_ops = {.deliver = on_amsg};

/*
 * Paced time as rcf.ko's kthread keeps it (Documentation/datapath.rst,
 * Time): messages fed into the adapter between slices, each slice the
 * cycles the clock made due since the last one (none when the kthread
 * woke early, then it only sleeps again), held messages retried after
 * it, and now and then an idle spell, in which the engine's clock
 * stands still until the next message.
 */
static void paced_run(const struct gcase *c, const struct rcf_fabric *f,
		      const u32 *ids, u32 nn, bool exact, struct outcome *o)
{
	static u8 msg[3000];
	struct run_ctx ctx = {.o = o};
	struct rcf_adapter *a;
	long long rc = 0;
	int tick, k;

	memset(o, 0, sizeof(*o));
	a = rcf_adapter_new(f, c->policy, &amsg_ops, &ctx);
	CHECK(a);
	if (!a)
		return;
	ctx.e = rcf_adapter_engine(a);
	CHECK_EQ(rcf_engine_set_exact(ctx.e, exact), 0);
	rnd_state = 11;
	for (tick = 0; tick < 600 && rc >= 0; tick++) {
		u32 due = rnd(4) ? 1 + rnd(c->slice) : 0;

		for (k = rnd(3); k > 0; k--) {
			u32 src = ids[rnd(nn)], dst = ids[rnd(nn)];
			int r = rcf_adapter_send(a, src, dst, msg,
						 1 + rnd(sizeof(msg)), tick);

			o->extra = mix(o->extra, (u64)r);
		}
		if (tick % 150 == 149)
			due = 1U << 30; /* to the end: the clock then stands */
		if (due)
			rc = rcf_engine_run(ctx.e, due);
		rcf_adapter_retry(a);
		o->extra = mix(o->extra, rcf_engine_now(ctx.e));
	}
	if (rc >= 0)
		rc = rcf_engine_run(ctx.e, 1U << 30);
	o->rc = rc < 0 ? rc : 0;
	rcf_adapter_stats(a, &o->as);
	adapter_digest(a, ids, nn, o);
	digest(ctx.e, f, o);
	rcf_adapter_free(a);
}

static void t_paced(void)
{
	static const char *const fab[][2] = {
		{"sp1:16", "sp1"}, {"mesh:4x4", "dor"}, {"sp1:16", "sp1"}};
	struct outcome x, y;
	size_t n = 0, i;

	replays = 0;
	for (i = 0; i < 3; i++) {
		struct gcase c = base(fab[i][0], fab[i][1], 0);
		struct rcf_fabric *f;
		u32 ids[1024], nn;
		char name[64];

		c.bw = 1 + 3 * (i == 2);
		c.lat = 1 + 5 * (i == 2);
		c.vcs = 1 + (i != 1);
		c.slice = 40 + 100 * i;
		f = gen_build(&c, ids, &nn);
		if (!f)
			continue;
		snprintf(name, sizeof(name), "paced %s bw %u", c.spec, c.bw);
		paced_run(&c, f, ids, nn, true, &x);
		paced_run(&c, f, ids, nn, false, &y);
		if (compare(name, &x, &y))
			n += x.nd;
		replays += y.replays;
		free(x.d);
		free(y.d);
		rcf_fabric_free(f);
	}
	printf("# paced: %zu deliveries compared, %llu visits replayed\n", n,
	       (unsigned long long)replays);
	CHECK(n > 500);
	CHECK(replays > REPLAYS_MIN);
}

static void on_gone(void *priv, u32 src, u32 dst, u64 sent, u64 received)
{
	struct outcome *o = priv;

	o->extra =
		mix(mix(o->extra, (u64)src << 32 | dst), sent << 32 | received);
}

/*
 * A freeze (Documentation/epoch.rst): a quarter of the nodes lose their
 * first route to every destination, and the new table goes into the
 * running engine, packets in flight keeping their route bytes.
 */
static void epoch_freeze(struct rcf_fabric *f, struct rcf_adapter *a,
			 const u32 *ids, u32 nn, struct outcome *o)
{
	u8 srcs[RCF_MAX_NODES] = {0};
	struct rcf_reroute *rt;
	struct rcf_err e;
	u32 i, j;

	o->extra = mix(o->extra, rcf_engine_busy(rcf_adapter_engine(a)));
	rcf_txn_begin(f);
	for (i = 0; i < nn / 4; i++)
		for (j = 0; j < nn; j++)
			rcf_route_del(f, ids[i], ids[j], 0, &e);
	CHECK(rcf_txn_routes_only(f, srcs));
	rt = rcf_reroute_prepare(a, f, srcs);
	CHECK(rt);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	if (rt)
		rcf_reroute_install(a, rt, on_gone, o);
}

/*
 * A drain: nothing is offered while the engine runs until it holds
 * nothing; then a link gets wider, and the run goes on on a new adapter
 * and engine built from the changed model, its clock continuing the
 * old one's, what the old one counted kept in the record.
 */
static struct rcf_adapter *epoch_drain(const struct gcase *c,
				       struct rcf_fabric *f,
				       struct rcf_adapter *a,
				       struct run_ctx *ctx, bool exact)
{
	struct rcf_link_cfg l = {
		.id = 0, .bandwidth = c->bw + 1, .set = RCF_LSET_BANDWIDTH};
	struct outcome *o = ctx->o;
	struct rcf_adapter *b;
	struct rcf_err e;
	long long rc = 0;
	size_t k;

	o->extra = mix(o->extra, rcf_engine_busy(ctx->e));
	while (rcf_engine_busy(ctx->e) && rc >= 0)
		rc = rcf_engine_run(ctx->e, c->slice);
	o->extra = mix(o->extra, (u64)rc);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_link_set(f, &l, &e), 0);
	CHECK_EQ(rcf_txn_commit(f, &e), 0);
	b = rcf_adapter_new(f, c->policy, &msg_ops, ctx);
	CHECK(b);
	if (!b)
		return a;
	CHECK_EQ(rcf_engine_set_exact(rcf_adapter_engine(b), exact), 0);
	digest(ctx->e, f, o);
	for (k = 0; k < sizeof(o->st); k++)
		o->extra = mix(o->extra, ((const u8 *)&o->st)[k]);
	rcf_adapter_carry(b, a);
	rcf_engine_set_now(rcf_adapter_engine(b), rcf_engine_now(ctx->e));
	rcf_traffic_rebind(ctx->t, b);
	rcf_adapter_free(a);
	ctx->e = rcf_adapter_engine(b);
	return b;
}

/* c's run in one mode with a freeze at a third and a drain at two thirds. */
static void epoch_run(const struct gcase *c, bool exact, struct outcome *o)
{
	struct run_ctx ctx = {.o = o};
	struct rcf_traffic_spec s;
	struct rcf_adapter *a;
	struct rcf_fabric *f;
	u32 ids[1024], nn;
	long long rc = 0;
	int phase = 0;

	memset(o, 0, sizeof(*o));
	f = gen_build(c, ids, &nn);
	if (!f)
		return;
	s = traffic_spec(c, ids, nn);
	a = rcf_adapter_new(f, c->policy, &msg_ops, &ctx);
	CHECK(a);
	ctx.e = rcf_adapter_engine(a);
	CHECK_EQ(rcf_engine_set_exact(ctx.e, exact), 0);
	CHECK_EQ(rcf_traffic_new(&s, a, &ctx.t), 0);
	while (!rcf_traffic_done(ctx.t)) {
		u64 now;

		rc = rcf_traffic_run(ctx.t, c->slice);
		if (rc < 0)
			break;
		now = rcf_traffic_now(ctx.t);
		if (phase == 0 && now >= c->cycles / 3) {
			epoch_freeze(f, a, ids, nn, o);
			phase++;
		} else if (phase == 1 && now >= 2 * c->cycles / 3) {
			a = epoch_drain(c, f, a, &ctx, exact);
			phase++;
		}
	}
	CHECK_EQ(phase, 2);
	o->rc = rc < 0 ? rc : 0;
	rcf_traffic_results(ctx.t, &o->tr);
	rcf_adapter_stats(a, &o->as);
	adapter_digest(a, ids, nn, o);
	digest(ctx.e, f, o);
	rcf_traffic_free(ctx.t);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/*
 * Epochs in the middle of generator runs, as rcf.ko commits them: a
 * freeze, then a drain, on switches and on relaying nodes, with two
 * routes a pair, narrow and wide links.
 */
static void t_epochs(void)
{
	static const char *const fab[] = {"sp1:16", "mesh:4x4", "sp1:16",
					  "torus:4x4"};
	struct outcome x, y;
	size_t n = 0, i;

	replays = 0;
	for (i = 0; i < 4; i++) {
		struct gcase c = base(fab[i], "shortest", RCF_TRAFFIC_UNIFORM);
		char name[64];

		c.paths = 2;
		c.vcs = 1 + (i >= 2);
		c.bw = 1 + 2 * (i == 2);
		c.lat = 1 + 4 * (i == 2);
		c.buf = 2 * c.bw * c.lat + 16;
		c.cq = i == 2 ? 64 : 0;
		c.rate = 400;
		c.cycles = 6000;
		c.slice = 101 + 50 * i;
		snprintf(name, sizeof(name), "epochs %s bw %u", c.spec, c.bw);
		epoch_run(&c, true, &x);
		epoch_run(&c, false, &y);
		if (compare(name, &x, &y))
			n += x.nd;
		CHECK(x.nd > 0);
		replays += y.replays;
		free(x.d);
		free(y.d);
	}
	printf("# epochs: %zu deliveries compared, %llu visits replayed\n", n,
	       (unsigned long long)replays);
	CHECK(n > 500);
	CHECK(replays > REPLAYS_MIN);
}

/*
 * A list per destination on 256 nodes: every switch indexes its lists
 * by two bytes, in both modes alike.
 */
static void t_dest_wide(void)
{
	size_t n = 0;
	u8 k;

	wide_rels = 0;
	for (k = 0; k < 2; k++) {
		struct gcase c =
			base("prdt:16:2:1", "shortest", RCF_TRAFFIC_UNIFORM);

		c.vcs = 3;
		c.rel = "duato-wide";
		c.select = k ? RCF_SELECT_RANDOM : RCF_SELECT_LEAST;
		c.rate = 300;
		c.buf = 16;
		n += diff_gen(&c, NULL);
	}
	printf("# dest wide: %zu deliveries compared, %zu wide relations\n", n,
	       wide_rels);
	CHECK_EQ(wide_rels, 2 * 256);
	CHECK(n > 1000);
}

/* Deliveries by (cycle, destination, source, cookie), for t_visit_order. */
static int dlv_cmp(const void *pa, const void *pb)
{
	const struct dlv *a = pa, *b = pb;

	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->dst != b->dst)
		return a->dst < b->dst ? -1 : 1;
	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	if (a->cookie != b->cookie)
		return a->cookie < b->cookie ? -1 : 1;
	return memcmp(a, b, sizeof(*a));
}

/*
 * The reference x and a run y in another visit order: whether their
 * deliveries came in another order; compared, y's sorted as x's.
 */
static bool order_compare(const char *name, struct outcome *x,
			  struct outcome *y, size_t *moved)
{
	bool same =
		x->nd == y->nd && !memcmp(x->d, y->d, x->nd * sizeof(*x->d));

	*moved += !same;
	qsort(x->d, x->nd, sizeof(*x->d), dlv_cmp);
	qsort(y->d, y->nd, sizeof(*y->d), dlv_cmp);
	run_names[0] = "woken order";
	run_names[1] = "by index";
	same = compare(name, x, y);
	run_names[0] = "exact";
	run_names[1] = "fast";
	return same;
}

/* One generated case in the reference mode, woken order against order. */
static size_t order_gen(const struct gcase *c, u8 order, size_t *moved)
{
	struct outcome x = {0}, y = {0};
	struct rcf_fabric *f;
	u32 ids[1024], nn;
	char name[160];
	size_t n = 0;
	bool ran;

	snprintf(name, sizeof(name), "%s %s %s order %u pattern %u", c->spec,
		 c->algo, c->rel ? c->rel : "-", order, c->pattern);
	f = gen_build(c, ids, &nn);
	if (!f)
		return 0;
	run_order = RCF_ENGINE_ORDER_WAKE;
	ran = run_traffic(c, f, ids, nn, true, &x);
	run_order = order;
	ran = ran && run_traffic(c, f, ids, nn, true, &y);
	run_order = RCF_ENGINE_ORDER_WAKE;
	if (ran && order_compare(name, &x, &y, moved))
		n = x.nd;
	CHECK(ran);
	free(x.d);
	free(y.d);
	rcf_fabric_free(f);
	return n;
}

/*
 * The order in which a cycle visits its elements decides nothing but
 * the order of the deliveries within the cycle: every counter, every
 * delivery's cycle and every deadlock report are the same when the
 * elements are visited by index, up or down, instead of as they were
 * woken.  What a per-worm jump needs (Documentation/engine.rst,
 * "Per-worm jumps"): a frozen worm's elements may leave the lists and
 * come back in any place.  The random selection of adaptive relations
 * is the exception, and left out: it draws from one generator in visit
 * order.
 */
static void t_visit_order(void)
{
	static const char *const fab[][2] = {
		{"ring:16", "shortest"}, {"mesh:4x4", "dor"},
		{"torus:4x4", "dor"},	 {"hypercube:4", "ecube"},
		{"sp1:16", "sp1"},
	};
	size_t n = 0, moved = 0, i, seeds = 0;
	u8 order;
	u32 p;

	for (order = RCF_ENGINE_ORDER_UP; order <= RCF_ENGINE_ORDER_DOWN;
	     order++) {
		for (i = 0; i < sizeof(fab) / sizeof(fab[0]); i++)
			for (p = 0; p < RCF_TRAFFIC_NR_PATTERNS; p += 3) {
				struct gcase c = base(fab[i][0], fab[i][1], p);

				c.param = p == RCF_TRAFFIC_HOTSPOT ? 3 : 1;
				c.vcs = 2;
				c.bw = 1 + i % 3;
				c.lat = 1 + 2 * (i % 2);
				c.cq = i % 2 ? 64 : 0;
				c.alloc = i == 4 ? RCF_ALLOC_ISLIP : 0;
				c.rate = 600;
				n += order_gen(&c, order, &moved);
			}
		for (i = 0; i < 3; i++) {
			struct gcase c = base("prdt:4:2:1", "shortest",
					      RCF_TRAFFIC_UNIFORM);

			c.vcs = 3;
			c.rel = i == 2 ? "north-last-wrap" : "duato";
			c.select = i == 1 ? RCF_SELECT_LEAST : 0;
			c.rate = 900;
			c.buf = 16;
			n += order_gen(&c, order, &moved);
		}
	}
	/* random fabrics with circuits, driven through the engine alone */
	for (i = 1; i <= 60; i++) {
		struct outcome o[2];
		struct run_ctx ctx[2];
		struct rcf_engine *e[2];
		struct rcf_fabric *f;
		char name[32];
		int nn, k;

		rnd_state = i;
		f = random_fabric(&nn);
		pair_build(f, e, ctx, o);
		CHECK_EQ(rcf_engine_set_exact(e[1], true), 0);
		CHECK_EQ(rcf_engine_set_order(e[1], RCF_ENGINE_ORDER_DOWN + 1),
			 -EINVAL);
		CHECK_EQ(rcf_engine_set_order(e[1], 1 + i % 2), 0);
		snprintf(name, sizeof(name), "order random %zu", i);
		for (k = 0; k < 40; k++)
			random_send(f, e, nn, k);
		if (pair_run(e, f, o, name, 1000000) &&
		    order_compare(name, &o[0], &o[1], &moved))
			seeds++;
		n += o[0].nd;
		pair_free(e, o);
		rcf_fabric_free(f);
	}
	printf("# visit order: %zu deliveries compared, %zu runs delivered "
	       "in another order within a cycle\n",
	       n, moved);
	CHECK_EQ(seeds, 60);
	CHECK(n > 5000);
	/* the lever moves something, or this proves nothing */
	CHECK(moved > 10);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"engine_diff_mode_switch", t_mode_switch},
		{"engine_diff_patterns", t_patterns},
		{"engine_diff_links", t_links},
		{"engine_diff_islip", t_islip},
		{"engine_diff_deadlock", t_deadlock},
		{"engine_diff_random", t_random},
		{"engine_diff_kport", t_kport},
		{"engine_diff_random_islip", t_random_islip},
		{"engine_diff_stream", t_stream},
		{"engine_diff_chain", t_chain},
		{"engine_diff_switch_when_quiet", t_switch_when_quiet},
		{"engine_diff_dest_routed", t_dest},
		{"engine_diff_sp1_512", t_sp1_512},
		{"engine_diff_paced", t_paced},
		{"engine_diff_epochs", t_epochs},
		{"engine_diff_dest_wide", t_dest_wide},
		{"engine_diff_visit_order", t_visit_order},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
