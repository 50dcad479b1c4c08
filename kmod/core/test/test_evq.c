// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's event queues hold at most one entry per channel, kind
 * (data, credit) and cycle: 2 * vcs * min(latency, buf) per link
 * direction, whatever the traffic.  Long latency, several VCs and big
 * buffers keep many bytes and credits on the wires; the queues' peak must
 * stay under the bound in both modes, and the runs must give what the
 * engine gave before it merged events (the digests below were measured
 * with one entry per transfer; that engine's exact mode queued up to 19090
 * entries in the third case, twice the bound).
 */
#include "util.h"
#include "engine/engine.h"

#define H(port, vc) RCF_HOP(port, vc)

struct evq_case {
	u32 bw, lat, buf, vcs, npkt;
	u64 digest; /* deliveries and counters, before merging */
};

static const struct evq_case cases[] = {
	{8, 64, 16, 4, 40, 0x42caca68d81303c0ULL},
	{8, 16, 256, 4, 40, 0xd9cd2e21c43cdb0ULL},
	{16, 200, 1000, 4, 60, 0xc575dc3f4e2a5882ULL},
	{3, 300, 64, 2, 30, 0x766ad0dcfaa09017ULL},
	{4, 5000, 4096, 4, 300, 0x4fe9d40147daabd3ULL},
};

static u64 mix(u64 h, u64 v)
{
	return (h ^ v) * 0x100000001b3ULL;
}

/* node0 - sw0 - sw1 - node1, every link with the case's parameters */
static struct rcf_fabric *evq_fabric(const struct evq_case *c)
{
	struct rcf_fabric *f = fab_chain(2);
	int i;

	for (i = 0; i <= 2; i++) {
		rcf_link_get(f, i)->vcs = c->vcs;
		link_params(f, i, c->bw, c->lat, c->buf);
	}
	return f;
}

/* Packets both ways on every VC; the case's digest of the run. */
static u64 evq_run(const struct evq_case *c, bool exact, u64 *peak, u64 *merged)
{
	struct rcf_fabric *f = evq_fabric(c);
	struct rcf_engine *e = rcf_engine_build(f, &egot_ops, NULL);
	struct rcf_engine_stats st;
	u8 payload[240], fwd[3], back[3];
	u64 d = 0, queued;
	u32 i, v;
	int k;

	memset(payload, 0x5a, sizeof(payload));
	egot_reset(e);
	CHECK_EQ(rcf_engine_set_exact(e, exact), 0);
	for (i = 0; i < c->npkt; i++) {
		v = i % c->vcs;
		fwd[0] = H(0, v);
		fwd[1] = H(1, v);
		fwd[2] = H(1, v);
		back[0] = H(0, v);
		back[1] = H(0, v);
		back[2] = H(0, v);
		CHECK_EQ(rcf_engine_send(e, 0, fwd, 3, payload,
					 40 + (i * 37) % 200, i),
			 0);
		CHECK_EQ(rcf_engine_send(e, 1, back, 3, payload,
					 1 + (i * 53) % 230, 1000 + i),
			 0);
	}
	CHECK(run_checked_by(e, 10000000, 97) >= 0);
	CHECK_EQ(rcf_engine_busy(e), 0);
	rcf_engine_stats(e, &st);
	d = mix(mix(mix(d, st.now), st.byte_hops), st.delivered);
	d = mix(mix(d, st.lat_sum), st.delivered_pkts);
	for (k = 0; k < egot.n && k < 256; k++)
		d = mix(mix(mix(d, egot.cookie[k]), egot.at[k]), egot.len[k]);
	rcf_engine_ev_counts(e, &queued, peak, merged);
	CHECK_EQ(queued, 0);
	rcf_engine_free(e);
	rcf_fabric_free(f);
	return d;
}

static void t_bound(void)
{
	u32 i, m;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct evq_case *c = &cases[i];
		u32 per = 2 * c->vcs * (c->lat < c->buf ? c->lat : c->buf);
		/* three links, two directions each */
		u64 bound = 3 * 2 * (u64)per, peak, merged;

		for (m = 0; m < 2; m++) {
			u64 d = evq_run(c, m, &peak, &merged);

			printf("# bw %u lat %u buf %u vcs %u %s: peak %llu of "
			       "%llu, %llu merged, digest %#llx\n",
			       c->bw, c->lat, c->buf, c->vcs,
			       m ? "exact" : "fast", (unsigned long long)peak,
			       (unsigned long long)bound,
			       (unsigned long long)merged,
			       (unsigned long long)d);
			CHECK(peak <= bound);
			/* the queues were loaded: the bound is not idle */
			CHECK(4 * peak >= bound);
			CHECK_EQ(d, c->digest);
		}
	}
}

static int link_add_fn(struct rcf_fabric *f, void *arg)
{
	return rcf_link_add(f, arg, &last_err);
}

static int link_set_fn(struct rcf_fabric *f, void *arg)
{
	return rcf_link_set(f, arg, &last_err);
}

static int link_del_fn(struct rcf_fabric *f, void *arg)
{
	return rcf_link_del(f, ((struct rcf_link_cfg *)arg)->id, &last_err);
}

static u64 limit_arg;

static int limit_fn(struct rcf_fabric *f, void *arg)
{
	(void)arg;
	return rcf_fabric_set_mem_limit(f, limit_arg, true, &last_err);
}

static int txn(struct rcf_fabric *f, int (*fn)(struct rcf_fabric *, void *),
	       struct rcf_link_cfg *c)
{
	struct rcf_err e;

	return op_txn(f, fn, c, &e);
}

/*
 * The model counts each link's queues in f->mem: a link whose queues the
 * limit cannot hold is refused, added, grown or made again, and whatever
 * undoes a link (delete, abort) gives its bytes back.
 */
static void t_charged(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_link_cfg big = {
		.has_id = 1,
		.id = 0,
		.a = {RCF_ELEM_NODE, 0, 0},
		.b = {RCF_ELEM_NODE, 1, 0},
		.latency = 1000,
		.buf_size = 2000,
		.vcs = 4,
		.set = RCF_LSET_LATENCY | RCF_LSET_BUF | RCF_LSET_VCS,
	};
	struct rcf_link_cfg grow = {
		.id = 0, .latency = 1000, .set = RCF_LSET_LATENCY};
	u64 bare, one, q = 2 * 2 * 4 * 1000 * RCF_LINK_EV_BYTES;

	CHECK_EQ(op_node(f, 0, 1), 0);
	CHECK_EQ(op_node(f, 1, 1), 0);
	/* the links' array stays once made: weigh the link from there */
	CHECK_EQ(op_link(f, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_NODE, 1, 0), 0);
	CHECK_EQ(txn(f, link_del_fn, &grow), 0);
	bare = f->mem;
	/* the default link (one VC, one cycle) in a block with its header */
	CHECK_EQ(op_link(f, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_NODE, 1, 0), 0);
	one = f->mem;
	CHECK_EQ(one - bare,
		 sizeof(struct rcf_link) + 16 + 2 * 2 * RCF_LINK_EV_BYTES);
	CHECK_EQ(txn(f, link_del_fn, &grow), 0);
	CHECK_EQ(f->mem, bare);

	limit_arg = bare + q / 2;
	CHECK_EQ(txn(f, limit_fn, NULL), 0);
	REFUSED(f, txn(f, link_add_fn, &big), ENOMEM);
	CHECK(last_err.msg && strstr(last_err.msg, "event queues"));
	CHECK_EQ(last_err.attr, RCF_A_LINK_BUF_SIZE);
	CHECK(!f->mem_hit);
	CHECK_EQ(f->n_links, 0);

	/* a small link, then grown past the limit: refused, as it was */
	CHECK_EQ(op_link(f, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_NODE, 1, 0), 0);
	CHECK_EQ(f->mem, one);
	grow.buf_size = 2000;
	grow.vcs = 4;
	grow.set |= RCF_LSET_BUF | RCF_LSET_VCS;
	REFUSED(f, txn(f, link_set_fn, &grow), ENOMEM);
	CHECK_EQ(last_err.attr, RCF_A_LINK_BUF_SIZE);
	CHECK_EQ(rcf_link_get(f, 0)->latency, 1);

	/* room for it: taken, counted, and given back when it goes */
	limit_arg = bare + 2 * q;
	CHECK_EQ(txn(f, limit_fn, NULL), 0);
	CHECK_EQ(txn(f, link_set_fn, &grow), 0);
	CHECK(f->mem >= bare + q);
	CHECK(f->mem <= f->mem_limit);
	grow.latency = 10;
	grow.set = RCF_LSET_LATENCY;
	CHECK_EQ(txn(f, link_set_fn, &grow), 0);
	CHECK_EQ(f->mem, one - 2 * 2 * RCF_LINK_EV_BYTES +
				 2 * 2 * 4 * 10 * RCF_LINK_EV_BYTES);
	CHECK_EQ(txn(f, link_del_fn, &grow), 0);
	CHECK_EQ(f->mem, bare);
	CHECK_EQ(txn(f, link_add_fn, &big), 0);
	CHECK_EQ(f->mem, bare + (one - bare) - 2 * 2 * RCF_LINK_EV_BYTES + q);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case tcases[] = {
		{"evq_bound", t_bound},
		{"evq_charged", t_charged},
	};

	return tap_run(tcases, sizeof(tcases) / sizeof(tcases[0]));
}
