// SPDX-License-Identifier: GPL-2.0
/*
 * A switch that cannot get memory for a waiting packet's next hop drops
 * that packet (RCF_EDROP_NO_MEM) and serves the next waiter: the output
 * it was to take must not stay free with requests queued on it.  The
 * engine's fault injection (rcf_engine_fail_hops) stands in for the
 * kernel's allocation failing.
 */
#include "util.h"
#include "engine/engine.h"

#define H(port, vc) RCF_HOP(port, vc)

#define PLEN 250 /* each packet's payload: the output is held this long */

/*
 * Nodes 1, 2 and 3 each send one packet to node 0 through the star's
 * switch: the first to ask holds output 0 and the others wait for it.
 * Once they wait, the next nfail hop allocations fail: the packets the
 * output is handed to first are dropped, and the rest must get through.
 */
static void one(u8 alloc, bool exact, u32 nfail)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine_cfg c = {.alloc = alloc};
	struct rcf_engine_stats s;
	struct rcf_engine *e;
	u8 payload[PLEN] = {0}, r[2] = {H(0, 0), H(0, 0)};
	int i;

	fab_star(f, RCF_CQ_MAX_SIZE);
	e = rcf_engine_build(f, &egot_ops, NULL);
	egot_reset(e);
	CHECK_EQ(rcf_engine_set_exact(e, exact), 0);
	CHECK_EQ(rcf_engine_configure(e, &c), 0);
	for (i = 1; i <= 3; i++)
		CHECK_EQ(rcf_engine_send(e, i, r, 2, payload, PLEN, i), 0);
	/* every head reaches the switch long before the first tail leaves */
	CHECK_EQ(run_checked(e, 20), 20);
	CHECK_EQ(egot.n, 0);
	rcf_engine_fail_hops(e, 0, nfail);
	CHECK(run_checked(e, 100000) > 0);
	rcf_engine_stats(e, &s);
	CHECK_EQ(egot.n, 3 - nfail);
	CHECK_EQ(s.drops[RCF_EDROP_NO_MEM], nfail);
	CHECK_EQ(s.dropped_pkts, nfail);
	CHECK_EQ(s.inflight, 0);
	CHECK_EQ(rcf_engine_busy(e), 0);
	/* and the switch serves the next packet as usual */
	CHECK_EQ(rcf_engine_send(e, 1, r, 2, payload, PLEN, 4), 0);
	CHECK(run_checked(e, 100000) > 0);
	CHECK_EQ(egot.n, 4 - nfail);
	CHECK_EQ(egot.cookie[3 - nfail], 4);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_nomem_handover(void)
{
	static const u8 allocs[] = {RCF_ALLOC_OLDEST, RCF_ALLOC_RR,
				    RCF_ALLOC_ISLIP};
	unsigned int i;

	for (i = 0; i < sizeof(allocs); i++) {
		one(allocs[i], true, 1);
		one(allocs[i], false, 1);
		one(allocs[i], false, 2);
	}
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"nomem_handover", t_nomem_handover},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
