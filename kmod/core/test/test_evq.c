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
		link_params(f, i, c->bw, c->lat, c->buf);
		rcf_link_get(f, i)->vcs = c->vcs;
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

int main(void)
{
	static const struct tap_case tcases[] = {
		{"evq_bound", t_bound},
	};

	return tap_run(tcases, sizeof(tcases) / sizeof(tcases[0]));
}
