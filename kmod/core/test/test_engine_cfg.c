// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's model settings (rcf_engine_configure): each changes what
 * it should on a case small enough to count by hand, in both modes, and
 * the zero settings are the engine as it was.
 */
#include "util.h"
#include "engine/engine.h"
#include "adapter/adapter.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

static struct rcf_engine *build(struct rcf_fabric *f, bool exact,
				const struct rcf_engine_cfg *c)
{
	struct rcf_engine *e = rcf_engine_build(f, &egot_ops, NULL);

	egot_reset(e);
	CHECK_EQ(rcf_engine_set_exact(e, exact), 0);
	CHECK_EQ(rcf_engine_configure(e, c), 0);
	return e;
}

/* A packet-switched hop waits d cycles more: latency + h d. */
static void t_route_delay(void)
{
	static const u32 delays[] = {0, 1, 3, 7};
	u8 route[8], payload[40] = {0};
	int h, di, i, exact;

	for (exact = 0; exact < 2; exact++)
		for (h = 0; h <= 3; h++)
			for (di = 0; di < 4; di++) {
				struct rcf_engine_cfg c = {.route_delay =
								   delays[di]};
				struct rcf_fabric *f = fab_chain(h);
				struct rcf_engine *e;
				u64 want = (h + 1) + (h + 40) + h * delays[di];

				for (i = 0; i <= h; i++)
					link_params(f, i, 1, 1, 64);
				e = build(f, exact, &c);
				route[0] = H(0, 0);
				for (i = 1; i <= h; i++)
					route[i] = H(1, 0);
				CHECK_EQ(rcf_engine_send(e, 0, route, h + 1,
							 payload, 40, 1),
					 0);
				CHECK(run_checked(e, 10000) >= 0);
				CHECK_EQ(egot.n, 1);
				CHECK_EQ(egot.lat[0], want);
				rcf_engine_free(e);
				rcf_fabric_free(f);
			}
}

/*
 * One switch, nodes 0-3 on ports 0-3.  Node 3 holds the output to node
 * 2 with a long packet; node 0 sends three short packets to node 2 and
 * node 1 one, later.  Returns the cookies in the order node 2 got them.
 */
static void contend(const struct rcf_engine_cfg *c, bool exact, u64 *order,
		    u32 *peak)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine *e;
	u8 payload[250] = {0}, to2[2] = {H(0, 0), H(2, 0)};
	u32 cur;
	int i;

	fab_star(f, 1024);
	e = build(f, exact, c);
	CHECK_EQ(rcf_engine_send(e, 3, to2, 2, payload, 250, 30), 0);
	rcf_engine_run(e, 5);
	for (i = 0; i < 3; i++)
		CHECK_EQ(rcf_engine_send(e, 0, to2, 2, payload, 10, i + 1), 0);
	rcf_engine_run(e, 60);
	CHECK_EQ(rcf_engine_send(e, 1, to2, 2, payload, 10, 10), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 5);
	for (i = 0; i < 5; i++)
		order[i] = egot.cookie[i];
	rcf_engine_cq_stats(e, 0, &cur, peak);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_alloc(void)
{
	static const u64 oldest[5] = {30, 1, 2, 3, 10};
	static const u64 rr[5] = {30, 1, 10, 2, 3};
	struct rcf_engine_cfg c = {0};
	u64 order[5];
	u32 peak;
	int exact, i;

	for (exact = 0; exact < 2; exact++) {
		c.alloc = RCF_ALLOC_OLDEST;
		contend(&c, exact, order, &peak);
		for (i = 0; i < 5; i++)
			CHECK_EQ(order[i], oldest[i]);
		/* after node 3's packet, node 0's next, then node 1's */
		c.alloc = RCF_ALLOC_RR;
		contend(&c, exact, order, &peak);
		for (i = 0; i < 5; i++)
			CHECK_EQ(order[i], rr[i]);
	}
}

/*
 * The star again.  Node 0 first sends node 2 a packet (5), so under
 * iSLIP its input's accept pointer rests on output 2.  Nodes 1 and 2
 * then hold outputs 2 and 3 with equal packets (6, 7) while node 0
 * queues one packet for each (1 to node 2, 2 to node 3).  Both outputs
 * free in one cycle.  rr hands each over at once, in port order: 1 and
 * 2 leave together and arrive in one cycle, 1 first.  iSLIP's outputs
 * both grant input 0, which accepts output 3 (next after its pointer);
 * output 2 grants it again a cycle later: 2 arrives a cycle before 1.
 * Returns the order and each packet's arrival cycle.
 */
static void accept_case(const struct rcf_engine_cfg *c, bool exact, u64 *order,
			u64 *at, struct rcf_engine_stats *s)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_engine *e;
	u8 payload[100] = {0}, to2[2] = {H(0, 0), H(2, 0)};
	u8 to3[2] = {H(0, 0), H(3, 0)};
	int i;

	fab_star(f, 1024);
	e = build(f, exact, c);
	CHECK_EQ(rcf_engine_send(e, 0, to2, 2, payload, 10, 5), 0);
	CHECK(run_checked(e, 1000) >= 0);
	CHECK_EQ(rcf_engine_send(e, 1, to2, 2, payload, 100, 6), 0);
	CHECK_EQ(rcf_engine_send(e, 2, to3, 2, payload, 100, 7), 0);
	rcf_engine_run(e, 10);
	CHECK_EQ(rcf_engine_send(e, 0, to2, 2, payload, 10, 1), 0);
	CHECK_EQ(rcf_engine_send(e, 0, to3, 2, payload, 10, 2), 0);
	CHECK(run_checked(e, 10000) >= 0);
	CHECK_EQ(egot.n, 5);
	for (i = 0; i < 5; i++) {
		order[i] = egot.cookie[i];
		at[i] = egot.at[i];
	}
	rcf_engine_stats(e, s);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void t_alloc_islip(void)
{
	struct rcf_engine_cfg c = {0};
	struct rcf_engine_stats s;
	u64 order[5], at[5], ref[2][5];
	int exact, i;

	for (exact = 0; exact < 2; exact++) {
		c.alloc = RCF_ALLOC_RR;
		accept_case(&c, exact, order, at, &s);
		CHECK_EQ(order[0], 5);
		CHECK_EQ(order[3], 1);
		CHECK_EQ(order[4], 2);
		CHECK_EQ(at[3], at[4]);
		CHECK_EQ(s.islip_grants, 0);
		CHECK_EQ(s.islip_accepts, 0);
		c.alloc = RCF_ALLOC_ISLIP;
		accept_case(&c, exact, order, at, &s);
		CHECK_EQ(order[0], 5);
		CHECK_EQ(order[3], 2);
		CHECK_EQ(order[4], 1);
		CHECK_EQ(at[4], at[3] + 1);
		/*
		 * One grant and accept a packet, and one more grant: the
		 * one input 0 refused when both outputs granted it.
		 */
		CHECK_EQ(s.islip_grants, 6);
		CHECK_EQ(s.islip_accepts, 5);
		for (i = 0; i < 5; i++)
			ref[exact][i] = at[i];
	}
	/* the fast mode arrives where the reference does */
	for (i = 0; i < 5; i++)
		CHECK_EQ(ref[0][i], ref[1][i]);
}

/*
 * Without a central queue node 0's packets wait in its input: the ones
 * behind the first cannot be read until it leaves, so node 1's packet,
 * read while they wait, goes second, and no queue is ever used.
 */
static void t_cq_off(void)
{
	struct rcf_engine_cfg c = {.cq_off = 1};
	u64 order[5];
	u32 peak;
	int exact;

	for (exact = 0; exact < 2; exact++) {
		contend(&c, exact, order, &peak);
		CHECK_EQ(peak, 0);
		CHECK_EQ(order[0], 30);
		CHECK_EQ(order[1], 1);
		CHECK_EQ(order[2], 10);
		CHECK_EQ(order[3], 2);
		CHECK_EQ(order[4], 3);
		c.cq_off = 0;
		contend(&c, exact, order, &peak);
		CHECK(peak >= 24);
		CHECK_EQ(order[4], 10);
		c.cq_off = 1;
	}
}

static void t_refusals(void)
{
	struct rcf_fabric *f = fab_chain(1);
	struct rcf_engine_cfg zero = {0}, c = {0}, now;
	struct rcf_engine *e = rcf_engine_build(f, &egot_ops, NULL);
	u8 route[2] = {H(0, 0), H(1, 0)}, payload[8] = {0};

	egot.e = e;
	rcf_engine_get_cfg(e, &now);
	CHECK(!memcmp(&now, &zero, sizeof(now)));
	c.route_delay = RCF_ENGINE_MAX_ROUTE_DELAY + 1;
	CHECK_EQ(rcf_engine_configure(e, &c), -EINVAL);
	c.route_delay = 0;
	c.alloc = RCF_ALLOC_NR;
	CHECK_EQ(rcf_engine_configure(e, &c), -EINVAL);
	c.alloc = RCF_ALLOC_RR;
	CHECK_EQ(rcf_engine_send(e, 0, route, 2, payload, 8, 1), 0);
	CHECK_EQ(rcf_engine_configure(e, &c), -EBUSY);
	rcf_engine_get_cfg(e, &now);
	CHECK(!memcmp(&now, &zero, sizeof(now)));
	CHECK(run_checked(e, 1000) >= 0);
	CHECK_EQ(rcf_engine_configure(e, &c), 0);
	rcf_engine_get_cfg(e, &now);
	CHECK_EQ(now.alloc, RCF_ALLOC_RR);
	rcf_engine_free(e);
	rcf_fabric_free(f);
}

static void on_msg(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		   u64 cookie, u64 latency)
{
	(void)priv;
	(void)dst;
	(void)src;
	if (egot.n < 64) {
		egot.cookie[egot.n] = cookie;
		egot.lat[egot.n] = latency;
		egot.at[egot.n] = len == 8 && msg[0] == 0x5a && msg[7] == 0xa5;
	}
	egot.n++;
}

static const struct rcf_adapter_ops msg_ops = {.deliver = on_msg};

/*
 * Raw packets: node 0 to node 1 over one switch, an 8-byte message is
 * [length][2 route bytes][8 bytes] with no header: 10 bytes on the first
 * wire, latency 2 L + 10 - 1.  A message one byte over a packet is
 * refused and counted; switching modes needs a quiet adapter.
 */
static void t_raw(void)
{
	struct rcf_fabric *f = fab_chain(1);
	u8 r01[2] = {H(0, 0), H(1, 0)}, msg[253] = {0x5a};
	struct rcf_adapter_stats as;
	struct rcf_engine_stats es;
	struct rcf_adapter *a;
	struct rcf_engine *e;

	msg[7] = 0xa5;
	CHECK_EQ(op_route(f, 0, 1, 0, r01, 2), 0);
	a = rcf_adapter_new(f, 0, &msg_ops, NULL);
	e = rcf_adapter_engine(a);
	memset(&egot, 0, sizeof(egot));
	egot.e = e;
	CHECK_EQ(rcf_adapter_set_raw(a, true), 0);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, 8, 3), 0);
	CHECK_EQ(rcf_adapter_set_raw(a, false), -EBUSY);
	CHECK(run_checked(e, 1000) >= 0);
	CHECK_EQ(egot.n, 1);
	CHECK_EQ(egot.at[0], 1);
	CHECK_EQ(egot.lat[0], 2 + 10 - 1);
	rcf_engine_stats(e, &es);
	CHECK_EQ(es.injected, 10);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, 252, 4), 0);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, 253, 5), -EMSGSIZE);
	rcf_adapter_stats(a, &as);
	CHECK_EQ(as.drops[RCF_ADROP_MSG_SIZE], 1);
	CHECK(run_checked(e, 1000) >= 0);
	CHECK_EQ(egot.n, 2);
	/* back to the header: the same message is 8 bytes longer */
	CHECK_EQ(rcf_adapter_set_raw(a, false), 0);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, 8, 6), 0);
	CHECK(run_checked(e, 1000) >= 0);
	CHECK_EQ(egot.n, 3);
	CHECK_EQ(egot.lat[2], 2 + 18 - 1);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"engine_cfg_route_delay", t_route_delay},
		{"engine_cfg_alloc", t_alloc},
		{"engine_cfg_alloc_islip", t_alloc_islip},
		{"engine_cfg_cq_off", t_cq_off},
		{"engine_cfg_refusals", t_refusals},
		{"adapter_raw_packets", t_raw},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
