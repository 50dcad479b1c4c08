// SPDX-License-Identifier: GPL-2.0
/*
 * The adapter's capture hook: each packet of the chosen node, as it
 * leaves with its route bytes and as it arrives without them, its
 * header and data the message's; nothing when off.
 */
#include "util.h"
#include "adapter/adapter.h"

#define H(port, vc) RCF_HOP(port, vc)
#define MAXCAP	    16

static struct {
	int n;
	struct rcf_adapter_cap c[MAXCAP];
	u8 route[MAXCAP][4];
	u8 pay[MAXCAP][RCF_ENGINE_MAX_PKT];
} cap;

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	(void)priv, (void)dst, (void)src, (void)msg, (void)len, (void)cookie;
	(void)latency;
}

static void on_capture(void *priv, const struct rcf_adapter_cap *c)
{
	(void)priv;
	if (cap.n < MAXCAP) {
		cap.c[cap.n] = *c;
		if (c->nroute && c->nroute <= 4)
			memcpy(cap.route[cap.n], c->route, c->nroute);
		memcpy(cap.pay[cap.n], c->payload, c->plen);
	}
	cap.n++;
}

static const struct rcf_adapter_ops ops = {.deliver = on_deliver,
					   .capture = on_capture};
static const struct rcf_adapter_ops ops_none = {.deliver = on_deliver};

/* node 0 - switch - node 1, route 0 -> 1 port 0 then port 1 */
static struct rcf_fabric *line(void)
{
	struct rcf_fabric *f = fab_chain(1);
	u8 r[2] = {H(0, 0), H(1, 0)};

	CHECK_EQ(op_route(f, 0, 1, 0, r, 2), 0);
	return f;
}

#define ROOM (RCF_ENGINE_MAX_PKT - 1 - 2 - RCF_ADAPTER_HDR)
#define LEN  (2 * ROOM + 3)

/* One message of LEN bytes from 0 to 1 with the capture at node, dirs. */
static void send_one(const struct rcf_adapter_ops *o, u32 node, u8 dirs)
{
	static u8 msg[LEN];
	struct rcf_fabric *f = line();
	struct rcf_adapter *a =
		rcf_adapter_new(f, RCF_RPOL_ROUND_ROBIN, o, NULL);
	u32 i;

	CHECK(a != NULL);
	for (i = 0; i < LEN; i++)
		msg[i] = (u8)(i * 7);
	memset(&cap, 0, sizeof(cap));
	rcf_adapter_set_capture(a, node, dirs);
	CHECK_EQ(rcf_adapter_send(a, 0, 1, msg, LEN, 9), 0);
	CHECK(run_checked_by(rcf_adapter_engine(a), 1000000, 64) >= 0);
	rcf_adapter_free(a);
	rcf_fabric_free(f);
}

/* Capture k: header fields and data as cut from the message. */
static void check_pkt(int k, u8 dir, u32 node, u32 peer, u32 nroute)
{
	const struct rcf_adapter_cap *c = &cap.c[k];
	const u8 *p = cap.pay[k];
	u32 off = (u32)k % 3 * ROOM, want = off + ROOM > LEN ? LEN - off : ROOM;
	u32 i, bad = 0;

	CHECK_EQ(c->dir, dir);
	CHECK_EQ(c->node, node);
	CHECK_EQ(c->peer, peer);
	CHECK_EQ(c->nroute, nroute);
	CHECK_EQ(c->hdr, RCF_ADAPTER_HDR);
	CHECK_EQ(c->plen, RCF_ADAPTER_HDR + want);
	if (nroute == 2) {
		CHECK_EQ(cap.route[k][0], H(0, 0));
		CHECK_EQ(cap.route[k][1], H(1, 0));
	}
	/* id 0, total LEN, this packet's offset */
	CHECK_EQ(p[0] | p[1] | p[2] | p[3], 0);
	CHECK_EQ((u32)(p[4] << 8 | p[5]), LEN);
	CHECK_EQ((u32)(p[6] << 8 | p[7]), off);
	for (i = 0; i < want; i++)
		bad += p[RCF_ADAPTER_HDR + i] != (u8)((off + i) * 7);
	CHECK_EQ(bad, 0);
}

static void t_tx(void)
{
	int k;

	send_one(&ops, 0, RCF_CAPTURE_TX | RCF_CAPTURE_RX);
	/* node 0 only sends: three packets, all out, none in */
	CHECK_EQ(cap.n, 3);
	for (k = 0; k < 3 && k < cap.n; k++)
		check_pkt(k, RCF_CAPTURE_TX, 0, 1, 2);
	if (cap.n >= 2)
		CHECK(cap.c[1].cycle >= cap.c[0].cycle);
}

static void t_rx(void)
{
	int k;

	send_one(&ops, 1, RCF_CAPTURE_RX);
	/* one route: they arrive in order, their route bytes read */
	CHECK_EQ(cap.n, 3);
	for (k = 0; k < 3 && k < cap.n; k++)
		check_pkt(k, RCF_CAPTURE_RX, 1, 0, 0);
	send_one(&ops, 1, RCF_CAPTURE_TX);
	CHECK_EQ(cap.n, 0);
}

static void t_off(void)
{
	send_one(&ops, 0, 0);
	CHECK_EQ(cap.n, 0);
	/* an adapter whose user has no capture op never turns it on */
	send_one(&ops_none, 0, RCF_CAPTURE_TX);
	CHECK_EQ(cap.n, 0);
	send_one(&ops, 5, RCF_CAPTURE_TX | RCF_CAPTURE_RX);
	CHECK_EQ(cap.n, 0);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"capture_tx", t_tx},
		{"capture_rx", t_rx},
		{"capture_off", t_off},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
