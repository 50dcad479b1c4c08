// SPDX-License-Identifier: GPL-2.0
/*
 * Circuit-switched paths with mastership (Documentation/paths.rst): path
 * objects and their circuits and events, every refusal, the mastership
 * under IP traffic (a recall comes back only after the master's started
 * messages arrived, in the engine's own order, shown by the rcf_path and
 * rcf_deliver tracepoints), path epochs that freeze under a generator
 * run, path requests (answered, timed out, failed by hand) and a link
 * going down under a path.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "rcf_test.h"

#define H(port, vc) RCF_HOP(port, vc)
/* liveness bound of every wait; no figure here is asserted */
#define WAIT_MS 30000
/* a node's queue for path waits, in messages (Documentation/paths.rst) */
#define WAIT_QUEUE_MSGS 64

/*
 * Nodes 0 .. 3 on ports 0 .. 3 of switch 0 (links 0 .. 3); nodes 4 and 5
 * on ports 1 and 2 of switch 1 (links 4, 5); link 6 from switch 0's port
 * 4 to switch 1's port 0.  Routes 2 -> 3 and 3 -> 2 only, so nodes 0 and
 * 1 are free to master paths: a path needs switch inputs that no route
 * reads.
 */
static const uint8_t p01[] = {H(0, 0), H(1, 0)};
static const uint8_t p04[] = {H(0, 0), H(4, 0), H(1, 0)};
static const uint8_t p15[] = {H(0, 0), H(4, 0), H(2, 0)};
static const uint8_t r23[] = {H(0, 0), H(3, 0)};
static const uint8_t r32[] = {H(0, 0), H(2, 0)};

FIXTURE(pth)
{
	struct rcf_nl nl;
	struct rcf_nl ev;
};

static int fabric(struct rcf_nl *nl, struct rcf_nl_err *err)
{
	int r = 0;

	for (int i = 0; !r && i < 6; i++)
		r = req_node_add(nl, i, 1, err);
	for (int i = 0; !r && i < 2; i++)
		r = req_switch_add(nl, i, 8, err);
	for (int i = 0; !r && i < 4; i++)
		r = req_link_add(nl, i, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, 0,
				 i, err);
	for (int i = 4; !r && i < 6; i++)
		r = req_link_add(nl, i, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, 1,
				 i - 3, err);
	if (!r)
		r = req_link_add(nl, 6, RCF_ELEM_SWITCH, 0, 4, RCF_ELEM_SWITCH,
				 1, 0, err);
	if (!r)
		r = req_route_add(nl, 2, 3, 0, r23, sizeof(r23), err);
	if (!r)
		r = req_route_add(nl, 3, 2, 0, r32, sizeof(r32), err);
	return r;
}

FIXTURE_SETUP(pth)
{
	ASSERT_EQ(0, rcf_nl_open(&self->nl, NULL, 0))
	TH_LOG("rcf family not found: is rcf.ko loaded?");
	req_fabric_del(&self->nl);
	RCF_OK(fabric(&self->nl, err));
	/* the events of the tests, not of the fabric's making */
	ASSERT_EQ(0, rcf_nl_open(&self->ev, NULL, 0));
	ASSERT_EQ(0, rcf_nl_join_events(&self->ev, NULL, 0));
}

FIXTURE_TEARDOWN(pth)
{
	rcf_xfer(&self->nl, rcf_msg_new(&self->nl, RCF_CMD_TRAFFIC_STOP, 0),
		 NULL, NULL);
	req_fabric_del(&self->nl);
	rcf_nl_close(&self->ev);
	rcf_nl_close(&self->nl);
}

static void sleep_ms(int ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* The next event of command cmd, skipping others; 0 or -errno. */
static int event_of(struct rcf_nl *l, uint8_t cmd, struct rcf_answer *out)
{
	struct rcf_answer ev;
	int r;

	while (!(r = rcf_recv_event(l, &ev, WAIT_MS))) {
		if (ev.cmd == cmd) {
			*out = ev;
			return 0;
		}
		free(ev.attrs);
	}
	return r;
}

/* The next event that is not an epoch's; 0 or -errno. */
static int object_event(struct rcf_nl *l, struct rcf_answer *out, int ms)
{
	int r;

	while (!(r = rcf_recv_event(l, out, ms)) &&
	       out->cmd == RCF_CMD_EPOCH_NTF)
		free(out->attrs);
	return r;
}

static void expect_event(struct __test_metadata *_metadata, struct rcf_nl *l,
			 uint8_t cmd, uint32_t id, uint8_t state)
{
	struct rcf_answer ev = {0};
	int r = object_event(l, &ev, WAIT_MS);

	ASSERT_EQ(0, r) TH_LOG("waiting for command %u: %s", cmd, strerror(-r));
	EXPECT_EQ(cmd, ev.cmd);
	EXPECT_EQ(id, rcf_u32(&ev, RCF_A_PATH_ID));
	if (state)
		EXPECT_EQ(state, rcf_u8(&ev, RCF_A_PATH_STATE));
	free(ev.attrs);
}

static void no_event(struct __test_metadata *_metadata, struct rcf_nl *l)
{
	struct rcf_answer ev = {0};
	int r = object_event(l, &ev, 300);

	EXPECT_EQ(-ETIMEDOUT, r) TH_LOG("unexpected event, command %u", ev.cmd);
	if (!r)
		free(ev.attrs);
}

/* PATH_GET of one path, which must exist; the reply in *rep. */
static struct rcf_answer path_get(struct __test_metadata *_metadata,
				  struct rcf_nl *nl, uint32_t id,
				  struct rcf_reply *rep)
{
	struct rcf_nl_err e;
	int r;

	rcf_reply_free(rep);
	r = req_key_cmd(nl, RCF_CMD_PATH_GET, RCF_A_PATH_ID, id, 0, 0, 0, 0,
			rep, &e);
	EXPECT_EQ(0, r) TH_LOG("path %u: %s (%s)", id, strerror(-r), e.msg);
	if (r || rep->n != 1)
		return (struct rcf_answer){0};
	return rep->v[0];
}

static uint8_t path_state(struct __test_metadata *_metadata, struct rcf_nl *nl,
			  uint32_t id)
{
	struct rcf_reply rep = {0};
	struct rcf_answer p = path_get(_metadata, nl, id, &rep);
	uint8_t s = p.attrs ? rcf_u8(&p, RCF_A_PATH_STATE) : 0;

	rcf_reply_free(&rep);
	return s;
}

static uint32_t fabric_u32(struct rcf_nl *nl, uint16_t attr)
{
	struct rcf_reply rep = {0};
	uint32_t v = UINT32_MAX;

	if (!rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_GET, 0), &rep, NULL) &&
	    rep.n == 1)
		v = rcf_u32(&rep.v[0], attr);
	rcf_reply_free(&rep);
	return v;
}

static int set_fabric_u32(struct rcf_nl *nl, uint16_t attr, uint32_t v,
			  struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);

	rcf_put_u32(m, attr, v);
	return rcf_xfer(nl, m, NULL, err);
}

static int set_clock(struct rcf_nl *nl, uint64_t hz)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);

	rcf_put_bytes(m, RCF_A_FABRIC_CLOCK_HZ, &hz, sizeof(hz));
	return rcf_xfer(nl, m, NULL, NULL);
}

/* The count of reason among a fabric stats nest's RCF_STATS_DROPS. */
static uint64_t drop_count(const struct rcf_answer *s, uint16_t reason)
{
	for (size_t off = 0; off + NLA_HDRLEN <= s->len;) {
		const struct nlattr *a = (const void *)(s->attrs + off);
		struct rcf_answer d = {
			.len = a->nla_len - NLA_HDRLEN,
			.attrs = (uint8_t *)a + NLA_HDRLEN,
		};

		if (a->nla_len < NLA_HDRLEN)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == RCF_STATS_DROPS &&
		    rcf_u32(&d, RCF_SDROP_REASON) == reason)
			return rcf_u64(&d, RCF_SDROP_COUNT);
		off += NLA_ALIGN(a->nla_len);
	}
	return 0;
}

/*
 * A counter of STATS_GET kind (FABRIC: id ignored); a drop reason's
 * count when drop is set.  UINT64_MAX when it cannot be read.
 */
static uint64_t stat(struct rcf_nl *nl, uint8_t kind, uint32_t id,
		     uint16_t attr, int drop)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_STATS_GET, NLM_F_DUMP);
	struct rcf_reply rep = {0};
	uint64_t v = UINT64_MAX;

	rcf_put_u8(m, RCF_A_STATS_KIND, kind);
	if (rcf_xfer(nl, m, &rep, NULL))
		return v;
	for (size_t i = 0; i < rep.n; i++) {
		struct rcf_answer s = rcf_nested(&rep.v[i], RCF_A_STATS);

		if (kind == RCF_STATS_KIND_NODE &&
		    rcf_u32(&s, RCF_STATS_NODE) != id)
			continue;
		if (!drop) {
			v = rcf_u64(&s, attr);
			break;
		}
		v = drop_count(&s, attr);
		break;
	}
	rcf_reply_free(&rep);
	return v;
}

static uint64_t node_stat(struct rcf_nl *nl, uint32_t node, uint16_t attr)
{
	return stat(nl, RCF_STATS_KIND_NODE, node, attr, 0);
}

static uint64_t drops(struct rcf_nl *nl, uint16_t reason)
{
	return stat(nl, RCF_STATS_KIND_FABRIC, 0, reason, 1);
}

/* Polls node's counter until it is want; the last value read. */
static uint64_t wait_node_stat(struct rcf_nl *nl, uint32_t node, uint16_t attr,
			       uint64_t want)
{
	uint64_t v = 0;

	for (int t = 0; t < WAIT_MS / 20; t++) {
		v = node_stat(nl, node, attr);
		if (v == want)
			break;
		sleep_ms(20);
	}
	return v;
}

/* The last epoch's record (EPOCH_GET). */
static int last_epoch(struct rcf_nl *nl, uint8_t *mode, uint32_t *error,
		      uint64_t *inflight)
{
	struct rcf_reply rep = {0};
	struct rcf_answer e;
	int r;

	r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_EPOCH_GET, 0), &rep, NULL);
	if (!r && rep.n == 1) {
		e = rcf_nested(&rep.v[0], RCF_A_EPOCH);
		*mode = rcf_u8(&e, RCF_EPOCH_MODE);
		*error = rcf_u32(&e, RCF_EPOCH_ERROR);
		*inflight = rcf_u64(&e, RCF_EPOCH_INFLIGHT);
	} else if (!r) {
		r = -EPROTO;
	}
	rcf_reply_free(&rep);
	return r;
}

/* Node id's address, 10.77.0.(id + 1). */
static uint32_t addr(uint32_t id)
{
	return 0x0a4d0001 + id;
}

/*
 * Whether node id's netdev is operationally up: only then has the stack
 * given it a real qdisc (linkwatch does both, a while after the carrier
 * came on), before which what is sent is silently dropped.
 */
static int oper_up(uint32_t id)
{
	char path[64], buf[16] = "";
	int fd, n;

	snprintf(path, sizeof(path), "/sys/class/net/rcf%u/operstate", id);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 && !strncmp(buf, "up", 2);
}

/* Give every node its address; an AF_PACKET socket for sending. */
/*
 * Node id's netdev without IPv6: the kernel's own router solicitations
 * and listener reports have no destination in the fabric and would be
 * counted among its drops whenever they happen to go out, which the
 * tests that count drops cannot tell from their own.
 */
static int no_ipv6(uint32_t id)
{
	char path[96];
	int fd, n;

	snprintf(path, sizeof(path),
		 "/proc/sys/net/ipv6/conf/rcf%u/disable_ipv6", id);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, "1", 1);
	close(fd);
	return n == 1 ? 0 : -EIO;
}

static int ip_setup(struct rcf_nl *nl)
{
	int r = 0;

	for (uint32_t i = 0; !r && i < 6; i++)
		r = no_ipv6(i);
	for (uint32_t i = 0; !r && i < 6; i++)
		r = req_node_set_addr4(nl, i, addr(i), NULL);
	for (int t = 0; !r && !oper_up(0) && t < WAIT_MS / 20; t++)
		sleep_ms(20);
	if (!r && !oper_up(0))
		r = -ENETDOWN;
	return r ? r : rcf_packet_socket();
}

/* n UDP packets of payload bytes from node src to node dst. */
static int send_ip(struct rcf_nl *nl, int fd, uint32_t src, uint32_t dst, int n,
		   size_t payload)
{
	int ifindex = req_node_ifindex(nl, src), r = 0;

	if (ifindex < 0)
		return ifindex;
	for (int i = 0; !r && i < n; i++)
		r = rcf_send_udp4(fd, ifindex, addr(src), addr(dst), payload);
	return r;
}

/* PATH_NEW; the offsets of its hops and id attributes. */
static struct rcf_msg *path_msg(struct rcf_nl *nl, int id, int master, int dst,
				const uint8_t *hops, size_t n, size_t *hops_off,
				size_t *id_off)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	size_t o = RCF_NO_OFFS;

	if (id >= 0)
		o = rcf_put_u32(m, RCF_A_PATH_ID, (uint32_t)id);
	if (id_off)
		*id_off = o;
	if (master >= 0)
		rcf_put_u32(m, RCF_A_PATH_MASTER, (uint32_t)master);
	if (dst >= 0)
		rcf_put_u32(m, RCF_A_PATH_DST, (uint32_t)dst);
	o = hops ? rcf_put_bytes(m, RCF_A_PATH_HOPS, hops, n) : RCF_NO_OFFS;
	if (hops_off)
		*hops_off = o;
	return m;
}

/* The circuit at (sw, in) names path id (-1: a circuit of no path). */
static void expect_circuit(struct __test_metadata *_metadata, struct rcf_nl *nl,
			   uint32_t sw, uint32_t in, uint32_t out, int id)
{
	struct rcf_reply rep = {0};
	int r = req_key_cmd(nl, RCF_CMD_CIRCUIT_GET, RCF_A_CIRCUIT_SWITCH, sw,
			    RCF_A_CIRCUIT_IN_PORT, in, 0, 0, &rep, NULL);

	ASSERT_EQ(0, r) TH_LOG("circuit %u:%u: %s", sw, in, strerror(-r));
	ASSERT_EQ(1, rep.n);
	EXPECT_EQ(out, rcf_u32(&rep.v[0], RCF_A_CIRCUIT_OUT_PORT));
	EXPECT_EQ(0, rcf_u32(&rep.v[0], RCF_A_CIRCUIT_USERS));
	EXPECT_EQ(id >= 0, rcf_has_attr(&rep.v[0], RCF_A_CIRCUIT_PATH));
	if (id >= 0)
		EXPECT_EQ((uint32_t)id, rcf_u32(&rep.v[0], RCF_A_CIRCUIT_PATH));
	rcf_reply_free(&rep);
}

static void expect_fabric_ok(struct __test_metadata *_metadata,
			     struct rcf_nl *nl)
{
	char why[256];

	EXPECT_EQ(0, rcf_check_fabric(nl, why, sizeof(why))) TH_LOG("%s", why);
}

TEST_F(pth, objects)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	struct rcf_reply rep = {0};
	struct rcf_answer p;
	struct rcf_msg *m;
	const struct nlattr *h;
	struct rcf_nl_err e;

	/* NEW with NLM_F_ECHO and no id: the lowest free id, 0 */
	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, NLM_F_ECHO);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 1);
	rcf_put_u32(m, RCF_A_PATH_DST, 5);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p15, sizeof(p15));
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n) TH_LOG("NLM_F_ECHO gave no reply");
	p = rep.v[0];
	EXPECT_EQ(RCF_CMD_PATH_NEW, p.cmd);
	EXPECT_EQ(0, rcf_u32(&p, RCF_A_PATH_ID));
	EXPECT_EQ(1, rcf_u32(&p, RCF_A_PATH_MASTER));
	EXPECT_EQ(5, rcf_u32(&p, RCF_A_PATH_DST));
	EXPECT_EQ(RCF_PATH_HELD, rcf_u8(&p, RCF_A_PATH_STATE));
	EXPECT_EQ(2, rcf_u32(&p, RCF_A_PATH_CIRCUITS));
	h = rcf_attr(p.attrs, p.len, RCF_A_PATH_HOPS);
	ASSERT_NE(NULL, h);
	EXPECT_EQ(sizeof(p15), h->nla_len - NLA_HDRLEN);
	EXPECT_EQ(0, memcmp(p15, (const uint8_t *)h + NLA_HDRLEN, sizeof(p15)));
	rcf_reply_free(&rep);
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 0, RCF_PATH_HELD);

	/* with an id */
	RCF_OK(req_path_add(nl, 7, 0, 1, p01, sizeof(p01), err));
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 7, RCF_PATH_HELD);

	/* GET: the model's attributes and the data path's */
	p = path_get(_metadata, nl, 7, &rep);
	EXPECT_EQ(0, rcf_u32(&p, RCF_A_PATH_MASTER));
	EXPECT_EQ(1, rcf_u32(&p, RCF_A_PATH_DST));
	EXPECT_EQ(1, rcf_u32(&p, RCF_A_PATH_CIRCUITS));
	EXPECT_EQ(RCF_PATH_HELD, rcf_u8(&p, RCF_A_PATH_STATE));
	EXPECT_TRUE(rcf_has_attr(&p, RCF_A_PATH_MSGS));
	EXPECT_EQ(0, rcf_u64(&p, RCF_A_PATH_MSGS));
	EXPECT_EQ(0, rcf_u64(&p, RCF_A_PATH_BYTES));
	EXPECT_EQ(0, rcf_u32(&p, RCF_A_PATH_INFLIGHT));
	EXPECT_TRUE(rcf_has_attr(&p, RCF_A_PATH_WAIT_NS));
	EXPECT_EQ(0, rcf_u64(&p, RCF_A_PATH_WAIT_NS));
	rcf_reply_free(&rep);

	/* dump, in id order; the fabric counts them */
	RCF_OK(req_dump(nl, RCF_CMD_PATH_GET, &rep, err));
	ASSERT_EQ(2, rep.n);
	EXPECT_EQ(0, rcf_u32(&rep.v[0], RCF_A_PATH_ID));
	EXPECT_EQ(7, rcf_u32(&rep.v[1], RCF_A_PATH_ID));
	rcf_reply_free(&rep);
	EXPECT_EQ(2, fabric_u32(nl, RCF_A_FABRIC_PATHS));
	EXPECT_EQ(3, fabric_u32(nl, RCF_A_FABRIC_CIRCUITS));

	/* the circuits are the paths' */
	expect_circuit(_metadata, nl, 0, 1, 4, 0);
	expect_circuit(_metadata, nl, 1, 0, 2, 0);
	expect_circuit(_metadata, nl, 0, 0, 1, 7);
	expect_fabric_ok(_metadata, nl);

	/* recall with nothing in flight: returned at once, in that order */
	RCF_OK(req_path_set_state(nl, 7, RCF_PATH_RECALL, err));
	expect_event(_metadata, l, RCF_CMD_PATH_SET_NTF, 7, RCF_PATH_RECALL);
	expect_event(_metadata, l, RCF_CMD_PATH_RETURNED, 7, RCF_PATH_RETURNED);
	EXPECT_EQ(RCF_PATH_RETURNED, path_state(_metadata, nl, 7));

	/* regranted, then recalled again */
	RCF_OK(req_path_set_state(nl, 7, RCF_PATH_HELD, err));
	expect_event(_metadata, l, RCF_CMD_PATH_SET_NTF, 7, RCF_PATH_HELD);
	EXPECT_EQ(RCF_PATH_HELD, path_state(_metadata, nl, 7));
	RCF_OK(req_path_set_state(nl, 7, RCF_PATH_RECALL, err));
	expect_event(_metadata, l, RCF_CMD_PATH_SET_NTF, 7, RCF_PATH_RECALL);
	expect_event(_metadata, l, RCF_CMD_PATH_RETURNED, 7, RCF_PATH_RETURNED);

	/* returned: it goes, with its circuit */
	RCF_OK(req_key_cmd(nl, RCF_CMD_PATH_DEL, RCF_A_PATH_ID, 7, 0, 0, 0, 0,
			   NULL, err));
	expect_event(_metadata, l, RCF_CMD_PATH_DEL_NTF, 7, 0);
	EXPECT_EQ(-ENOENT,
		  req_key_cmd(nl, RCF_CMD_CIRCUIT_GET, RCF_A_CIRCUIT_SWITCH, 0,
			      RCF_A_CIRCUIT_IN_PORT, 0, 0, 0, NULL, &e));
	EXPECT_EQ(1, fabric_u32(nl, RCF_A_FABRIC_PATHS));
	EXPECT_EQ(2, fabric_u32(nl, RCF_A_FABRIC_CIRCUITS));

	/* the freed id is the lowest free again */
	RCF_OK(req_path_add(nl, RCF_OMIT, 0, 1, p01, sizeof(p01), err));
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 1, RCF_PATH_HELD);
	expect_fabric_ok(_metadata, nl);
	no_event(_metadata, l);
}

TEST_F(pth, epochs_and_engines)
{
	struct rcf_nl *nl = &self->nl;
	uint64_t gen, inflight;
	struct rcf_msg *m;
	uint32_t error;
	uint8_t mode;

	/* paths only, auto: the running engine takes them, frozen */
	gen = stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0);
	RCF_OK(req_path_add(nl, 0, 0, 1, p01, sizeof(p01), err));
	ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
	EXPECT_EQ(RCF_EPOCH_FREEZE, mode);
	EXPECT_EQ(0, error);
	EXPECT_EQ(gen,
		  stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0));

	/* asked to drain, a path change builds a new engine like any */
	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	rcf_put_u32(m, RCF_A_PATH_ID, 1);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 1);
	rcf_put_u32(m, RCF_A_PATH_DST, 5);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p15, sizeof(p15));
	rcf_put_u8(m, RCF_A_EPOCH_MODE, RCF_EPOCH_DRAIN);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
	EXPECT_EQ(RCF_EPOCH_DRAIN, mode);
	EXPECT_EQ(gen + 1,
		  stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0));
	/* the new engine has both paths */
	EXPECT_EQ(RCF_PATH_HELD, path_state(_metadata, nl, 0));
	EXPECT_EQ(RCF_PATH_HELD, path_state(_metadata, nl, 1));
	RCF_OK(req_path_set_state(nl, 1, RCF_PATH_RECALL, err));
	EXPECT_EQ(RCF_PATH_RETURNED, path_state(_metadata, nl, 1));
	ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
	EXPECT_EQ(RCF_EPOCH_FREEZE, mode);
	EXPECT_EQ(gen + 1,
		  stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0));
}

static void batch_op_path(struct rcf_msg *m, uint8_t cmd, int id, int master,
			  int dst, const uint8_t *hops, size_t n, int state)
{
	rcf_nest_start(m, RCF_A_BATCH_OP);
	rcf_put_u8(m, RCF_A_OP_CMD, cmd);
	if (id >= 0)
		rcf_put_u32(m, RCF_A_PATH_ID, (uint32_t)id);
	if (master >= 0)
		rcf_put_u32(m, RCF_A_PATH_MASTER, (uint32_t)master);
	if (dst >= 0)
		rcf_put_u32(m, RCF_A_PATH_DST, (uint32_t)dst);
	if (hops)
		rcf_put_bytes(m, RCF_A_PATH_HOPS, hops, n);
	if (state > 0)
		rcf_put_u8(m, RCF_A_PATH_STATE, (uint8_t)state);
	rcf_nest_end(m);
}

TEST_F(pth, batch)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	struct rcf_nl_err e;
	struct rcf_msg *m;

	/* made and recalled in one batch: returned once it is in force */
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	batch_op_path(m, RCF_CMD_PATH_NEW, 3, 0, 1, p01, sizeof(p01), 0);
	batch_op_path(m, RCF_CMD_PATH_NEW, 4, 1, 5, p15, sizeof(p15), 0);
	batch_op_path(m, RCF_CMD_PATH_SET, 3, -1, -1, NULL, 0, RCF_PATH_RECALL);
	rcf_nest_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 3, RCF_PATH_HELD);
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 4, RCF_PATH_HELD);
	expect_event(_metadata, l, RCF_CMD_PATH_SET_NTF, 3, RCF_PATH_RECALL);
	expect_event(_metadata, l, RCF_CMD_PATH_RETURNED, 3, RCF_PATH_RETURNED);
	EXPECT_EQ(2, fabric_u32(nl, RCF_A_FABRIC_PATHS));

	/* a refused batch changes nothing: the DEL of a held path */
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	batch_op_path(m, RCF_CMD_PATH_DEL, 3, -1, -1, NULL, 0, 0);
	batch_op_path(m, RCF_CMD_PATH_DEL, 4, -1, -1, NULL, 0, 0);
	rcf_nest_end(m);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "batch deleting a held path");
	no_event(_metadata, l);

	/* a path request is no operation of a batch */
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	rcf_nest_start(m, RCF_A_BATCH_OP);
	rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_PATH_REQUEST);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 0);
	rcf_put_u32(m, RCF_A_PATH_DST, 4);
	rcf_nest_end(m);
	rcf_nest_end(m);
	rcf_refused(_metadata, nl, m, EOPNOTSUPP, RCF_NO_OFFS,
		    "path request in a batch");

	/* the returned path goes in a batch */
	m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);
	rcf_nest_start(m, RCF_A_BATCH);
	batch_op_path(m, RCF_CMD_PATH_DEL, 3, -1, -1, NULL, 0, 0);
	rcf_nest_end(m);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	expect_event(_metadata, l, RCF_CMD_PATH_DEL_NTF, 3, 0);
	EXPECT_EQ(-ENOENT, req_key_cmd(nl, RCF_CMD_PATH_GET, RCF_A_PATH_ID, 3,
				       0, 0, 0, 0, NULL, &e));
	expect_fabric_ok(_metadata, nl);
}

TEST_F(pth, refusals)
{
	static const uint8_t reserved[] = {H(0, 0) | RCF_HOP_RESERVED, H(1, 0)};
	static const uint8_t no_port[] = {H(3, 0), H(1, 0)};
	static const uint8_t sw_vc[] = {H(0, 0), H(1, 1)};
	static const uint8_t back[] = {H(0, 0), H(0, 0)};
	static const uint8_t elsewhere[] = {H(0, 0), H(2, 0)};
	static const uint8_t in_switch[] = {H(0, 0), H(4, 0)};
	static const uint8_t too_long[] = {H(0, 0), H(1, 0), H(0, 0)};
	static const uint8_t vc1[] = {H(0, 1), H(1, 0)};
	static const uint8_t sw_port[] = {H(0, 0), H(9, 0)};
	static const uint8_t no_link[] = {H(0, 0), H(5, 0)};
	static const uint8_t from2[] = {H(0, 0), H(1, 0)};
	static const uint8_t r01[] = {H(0, 0), H(1, 0)};
	static const uint8_t r13[] = {H(0, 0), H(3, 0)};
	struct rcf_nl *nl = &self->nl;
	struct rcf_msg *m;
	size_t hops, id, off;

	m = path_msg(nl, -1, -1, 1, p01, sizeof(p01), NULL, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "NEW without a master");
	m = path_msg(nl, -1, 0, -1, p01, sizeof(p01), NULL, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "NEW without a destination");
	m = path_msg(nl, -1, 0, 1, NULL, 0, NULL, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS, "NEW without hops");

	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	off = rcf_put_u32(m, RCF_A_PATH_MASTER, 9);
	rcf_put_u32(m, RCF_A_PATH_DST, 1);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p01, sizeof(p01));
	rcf_refused(_metadata, nl, m, ENOENT, off, "master that is no node");
	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 0);
	off = rcf_put_u32(m, RCF_A_PATH_DST, 9);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p01, sizeof(p01));
	rcf_refused(_metadata, nl, m, ENOENT, off,
		    "destination that is no node");
	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 0);
	off = rcf_put_u32(m, RCF_A_PATH_DST, 0);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p01, sizeof(p01));
	rcf_refused(_metadata, nl, m, EINVAL, off,
		    "master as its own destination");

	m = path_msg(nl, RCF_MAX_PATHS, 0, 1, p01, sizeof(p01), NULL, &id);
	rcf_refused(_metadata, nl, m, ERANGE, id, "NEW of an id out of range");

	m = path_msg(nl, -1, 0, 1, reserved, sizeof(reserved), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops,
		    "hop with the reserved bit");
	m = path_msg(nl, -1, 0, 1, no_port, sizeof(no_port), &hops, NULL);
	rcf_refused(_metadata, nl, m, ERANGE, hops, "master port it lacks");
	m = path_msg(nl, -1, 0, 1, sw_vc, sizeof(sw_vc), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops, "switch hop with a VC");
	m = path_msg(nl, -1, 0, 1, back, sizeof(back), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops,
		    "out by the port it came in");
	m = path_msg(nl, -1, 0, 1, elsewhere, sizeof(elsewhere), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops, "path to another node");
	m = path_msg(nl, -1, 0, 4, in_switch, sizeof(in_switch), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops, "path ending in a switch");
	m = path_msg(nl, -1, 0, 1, too_long, sizeof(too_long), &hops, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, hops,
		    "hops past the destination");
	m = path_msg(nl, -1, 0, 1, vc1, sizeof(vc1), &hops, NULL);
	rcf_refused(_metadata, nl, m, ERANGE, hops, "a VC the links lack");
	m = path_msg(nl, -1, 0, 1, sw_port, sizeof(sw_port), &hops, NULL);
	rcf_refused(_metadata, nl, m, ERANGE, hops, "switch port it lacks");
	m = path_msg(nl, -1, 0, 1, no_link, sizeof(no_link), &hops, NULL);
	rcf_refused(_metadata, nl, m, ENOENT, hops, "port with no link");

	/* path 0 holds switch 0's input 1 and output 4 and switch 1's 0, 2 */
	RCF_OK(req_path_add(nl, 0, 1, 5, p15, sizeof(p15), err));
	m = path_msg(nl, 0, 0, 1, p01, sizeof(p01), NULL, &id);
	rcf_refused(_metadata, nl, m, EEXIST, id, "NEW of a taken id");
	m = rcf_msg_new(nl, RCF_CMD_PATH_NEW, 0);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 1);
	off = rcf_put_u32(m, RCF_A_PATH_DST, 5);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, p15, sizeof(p15));
	rcf_refused(_metadata, nl, m, EEXIST, off,
		    "a second path for the pair");
	/* node 2's input reads route bytes for its route to 3 */
	m = path_msg(nl, -1, 2, 1, from2, sizeof(from2), &hops, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, hops, "input routes read");
	m = path_msg(nl, -1, 1, 0, back, sizeof(back), &hops, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, hops,
		    "input with a path's circuit");
	m = path_msg(nl, -1, 0, 4, p04, sizeof(p04), &hops, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, hops,
		    "output with a path's circuit");

	/* what the path holds stays put */
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 1);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 3);
	hops = rcf_put_bytes(m, RCF_A_ROUTE_HOPS, r13, sizeof(r13));
	rcf_refused(_metadata, nl, m, EBUSY, hops,
		    "route over a path's circuit");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_DEL, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	rcf_refused(_metadata, nl, m, EBUSY, off, "DEL of a path's circuit");
	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_SET, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 0);
	off = rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 1);
	rcf_refused(_metadata, nl, m, EBUSY, off, "rewiring a path's circuit");
	m = rcf_msg_new(nl, RCF_CMD_LINK_DEL, 0);
	off = rcf_put_u32(m, RCF_A_LINK_ID, 6);
	rcf_refused(_metadata, nl, m, EBUSY, off, "DEL of a link under a path");
	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 6);
	off = rcf_put_u32(m, RCF_A_LINK_VCS, 2);
	rcf_refused(_metadata, nl, m, EBUSY, off, "VCs of a link under a path");
	m = rcf_msg_new(nl, RCF_CMD_NODE_DEL, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 5);
	rcf_refused(_metadata, nl, m, EBUSY, RCF_NO_OFFS,
		    "DEL of a path's node");

	/* mastership: a held path is not deleted, nor set to what it is not */
	m = rcf_msg_new(nl, RCF_CMD_PATH_DEL, 0);
	off = rcf_put_u32(m, RCF_A_PATH_ID, 0);
	rcf_refused(_metadata, nl, m, EBUSY, off, "DEL of a held path");
	m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);
	rcf_put_u32(m, RCF_A_PATH_ID, 0);
	off = rcf_put_u8(m, RCF_A_PATH_STATE, RCF_PATH_RETURNED);
	rcf_refused(_metadata, nl, m, EINVAL, off, "SET to returned");
	m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);
	rcf_put_u32(m, RCF_A_PATH_ID, 0);
	off = rcf_put_u8(m, RCF_A_PATH_STATE, 9);
	rcf_refused(_metadata, nl, m, ERANGE, off, "SET to no state");
	m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);
	rcf_put_u32(m, RCF_A_PATH_ID, 0);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "SET without a state");
	m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);
	off = rcf_put_u32(m, RCF_A_PATH_ID, 5);
	rcf_put_u8(m, RCF_A_PATH_STATE, RCF_PATH_RECALL);
	rcf_refused(_metadata, nl, m, ENOENT, off, "SET of a missing path");
	m = rcf_msg_new(nl, RCF_CMD_PATH_DEL, 0);
	off = rcf_put_u32(m, RCF_A_PATH_ID, 5);
	rcf_refused(_metadata, nl, m, ENOENT, off, "DEL of a missing path");
	m = rcf_msg_new(nl, RCF_CMD_PATH_GET, 0);
	off = rcf_put_u32(m, RCF_A_PATH_ID, 5);
	rcf_refused(_metadata, nl, m, ENOENT, off, "GET of a missing path");
	m = rcf_msg_new(nl, RCF_CMD_PATH_GET, 0);
	off = rcf_put_u32(m, RCF_A_PATH_CIRCUITS, 1);
	rcf_refused(_metadata, nl, m, EINVAL, off, "a read-only attribute");

	/* a route is in the way of a path made after it */
	RCF_OK(req_route_add(nl, 0, 1, 0, r01, sizeof(r01), err));
	m = path_msg(nl, -1, 0, 1, p01, sizeof(p01), &hops, NULL);
	rcf_refused(_metadata, nl, m, EBUSY, hops, "input a route reads");

	/* the path's notification cannot be sent, nor the timeout too long */
	m = rcf_msg_new(nl, RCF_CMD_PATH_RETURNED, 0);
	rcf_refused(_metadata, nl, m, EOPNOTSUPP, RCF_NO_OFFS,
		    "PATH_RETURNED request");
	m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);
	off = rcf_put_u32(m, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			  RCF_PATH_MAX_TIMEOUT_MS + 1);
	rcf_refused(_metadata, nl, m, ERANGE, off,
		    "path timeout over the limit");
	expect_fabric_ok(_metadata, nl);
}

static struct rcf_msg *request_msg(struct rcf_nl *nl, int master, int dst,
				   uint32_t error, size_t *moff, size_t *doff)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_PATH_REQUEST, 0);
	size_t o;

	o = master >= 0 ? rcf_put_u32(m, RCF_A_PATH_MASTER, (uint32_t)master)
			: RCF_NO_OFFS;
	if (moff)
		*moff = o;
	o = dst >= 0 ? rcf_put_u32(m, RCF_A_PATH_DST, (uint32_t)dst)
		     : RCF_NO_OFFS;
	if (doff)
		*doff = o;
	if (error)
		rcf_put_u32(m, RCF_A_PATH_ERROR, error);
	return m;
}

/* The next PATH_REQUEST event must be about (master, dst), with error. */
static void expect_request(struct __test_metadata *_metadata, struct rcf_nl *l,
			   uint32_t master, uint32_t dst, uint32_t error,
			   uint32_t *waiting)
{
	struct rcf_answer ev = {0};
	int r = event_of(l, RCF_CMD_PATH_REQUEST_NTF, &ev);

	ASSERT_EQ(0, r) TH_LOG("no path request event: %s", strerror(-r));
	EXPECT_EQ(master, rcf_u32(&ev, RCF_A_PATH_MASTER));
	EXPECT_EQ(dst, rcf_u32(&ev, RCF_A_PATH_DST));
	EXPECT_EQ(error != 0, rcf_has_attr(&ev, RCF_A_PATH_ERROR));
	if (error)
		EXPECT_EQ(error, rcf_u32(&ev, RCF_A_PATH_ERROR));
	EXPECT_TRUE(rcf_has_attr(&ev, RCF_A_PATH_WAITING));
	if (waiting)
		*waiting = rcf_u32(&ev, RCF_A_PATH_WAITING);
	free(ev.attrs);
}

TEST_F(pth, request_refusals)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	struct rcf_msg *m;
	size_t mo, dof;

	m = request_msg(nl, -1, 4, 0, NULL, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "request without a master");
	m = request_msg(nl, 0, -1, 0, NULL, NULL);
	rcf_refused(_metadata, nl, m, EINVAL, RCF_NO_OFFS,
		    "request without a dst");
	m = request_msg(nl, 9, 4, 0, &mo, NULL);
	rcf_refused(_metadata, nl, m, ENOENT, mo, "request from no node");
	m = request_msg(nl, 0, 9, 0, NULL, &dof);
	rcf_refused(_metadata, nl, m, ENOENT, dof, "request to no node");
	m = request_msg(nl, 4, 4, 0, NULL, &dof);
	rcf_refused(_metadata, nl, m, EINVAL, dof, "request to itself");
	m = request_msg(nl, 0, 4, 0, NULL, NULL);
	rcf_refused(_metadata, nl, m, EOPNOTSUPP, RCF_NO_OFFS,
		    "request while requests are off");
	m = request_msg(nl, 0, 4, EHOSTUNREACH, NULL, NULL);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "failing no request");
	m = rcf_msg_new(nl, RCF_CMD_PATH_REQUEST, 0);
	rcf_put_u32(m, RCF_A_PATH_MASTER, 0);
	rcf_put_u32(m, RCF_A_PATH_DST, 4);
	mo = rcf_put_u32(m, RCF_A_PATH_ERROR, 0);
	rcf_refused(_metadata, nl, m, ERANGE, mo, "error 0");

	RCF_OK(set_fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			      RCF_PATH_MAX_TIMEOUT_MS, err));
	EXPECT_EQ(RCF_PATH_MAX_TIMEOUT_MS,
		  fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS));
	RCF_OK(req_path_add(nl, 0, 0, 1, p01, sizeof(p01), err));
	m = request_msg(nl, 0, 1, 0, NULL, &dof);
	rcf_refused(_metadata, nl, m, EEXIST, dof,
		    "request for a pair with a path");

	/* raised by hand: announced once; failed by hand: announced */
	RCF_OK(rcf_xfer(nl, request_msg(nl, 2, 4, 0, NULL, NULL), NULL, err));
	expect_request(_metadata, l, 2, 4, 0, NULL);
	m = request_msg(nl, 2, 4, 0, NULL, NULL);
	rcf_refused(_metadata, nl, m, EEXIST, RCF_NO_OFFS, "a second request");
	RCF_OK(rcf_xfer(nl, request_msg(nl, 2, 4, ECONNREFUSED, NULL, NULL),
			NULL, err));
	expect_request(_metadata, l, 2, 4, ECONNREFUSED, NULL);
	m = request_msg(nl, 2, 4, ECONNREFUSED, NULL, NULL);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS, "failing it again");

	/* a path made for a pair answers its request: no failure follows */
	RCF_OK(rcf_xfer(nl, request_msg(nl, 1, 5, 0, NULL, NULL), NULL, err));
	expect_request(_metadata, l, 1, 5, 0, NULL);
	RCF_OK(req_path_add(nl, 1, 1, 5, p15, sizeof(p15), err));
	m = request_msg(nl, 1, 5, ECONNREFUSED, NULL, NULL);
	rcf_refused(_metadata, nl, m, ENOENT, RCF_NO_OFFS,
		    "failing an answered one");
}

TEST_F(pth, link_down_breaks)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	struct rcf_answer ev = {0};
	struct rcf_msg *m;
	size_t off;

	RCF_OK(req_path_add(nl, 2, 1, 5, p15, sizeof(p15), err));
	RCF_OK(req_path_add(nl, 3, 0, 1, p01, sizeof(p01), err));
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 2, 0);
	expect_event(_metadata, l, RCF_CMD_PATH_NEW_NTF, 3, 0);

	/* fault injection (§IV): the line under path 2 fails */
	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 6);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	ASSERT_EQ(0, object_event(l, &ev, WAIT_MS));
	EXPECT_EQ(RCF_CMD_LINK_SET_NTF, ev.cmd);
	free(ev.attrs);
	expect_event(_metadata, l, RCF_CMD_PATH_SET_NTF, 2, RCF_PATH_BROKEN);
	no_event(_metadata, l);
	EXPECT_EQ(RCF_PATH_BROKEN, path_state(_metadata, nl, 2));
	EXPECT_EQ(RCF_PATH_HELD, path_state(_metadata, nl, 3));

	m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);
	off = rcf_put_u32(m, RCF_A_PATH_ID, 2);
	rcf_put_u8(m, RCF_A_PATH_STATE, RCF_PATH_HELD);
	rcf_refused(_metadata, nl, m, ENOLINK, off, "regranting a broken path");
	/* the link comes back; the path stays broken */
	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 6);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_UP);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	EXPECT_EQ(RCF_PATH_BROKEN, path_state(_metadata, nl, 2));

	/* a broken path is deleted whatever its mastership */
	RCF_OK(req_key_cmd(nl, RCF_CMD_PATH_DEL, RCF_A_PATH_ID, 2, 0, 0, 0, 0,
			   NULL, err));
	RCF_OK(req_key_cmd(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 6, 0, 0, 0, 0,
			   NULL, err));
	EXPECT_EQ(1, fabric_u32(nl, RCF_A_FABRIC_PATHS));
	expect_fabric_ok(_metadata, nl);
}

/* tracefs: a file under /sys/kernel/tracing set to s */
static int trace_write(const char *file, const char *s)
{
	char path[128];
	int fd, r = 0;

	snprintf(path, sizeof(path), "/sys/kernel/tracing/%s", file);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		r = -errno;
	close(fd);
	return r;
}

static char *trace_read(void)
{
	size_t len = 0, cap = 1 << 16;
	char *buf = malloc(cap);
	int fd = open("/sys/kernel/tracing/trace", O_RDONLY);
	ssize_t n;

	if (fd < 0 || !buf) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (cap - len < 4096) {
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				break;
		}
	}
	close(fd);
	if (buf)
		buf[len] = '\0';
	return buf;
}

static unsigned long long field(const char *line, const char *name)
{
	const char *p = strstr(line, name);

	return p ? strtoull(p + strlen(name), NULL, 10) : 0;
}

/*
 * §II D in the engine's own order: the recall of path id, then deliveries
 * from master to dst of what was under way, then the return, and no
 * delivery from master to dst until the path is held again.  Returns the
 * deliveries seen between recall and return.
 */
static int trace_order(struct __test_metadata *_metadata, const char *t,
		       uint32_t id, uint32_t master, uint32_t dst)
{
	unsigned long long last_cycle = 0;
	int phase = 0, after_recall = 0;

	for (const char *next = t; next && *next;) {
		const char *end = strchr(next, '\n');
		char line[512];

		snprintf(line, sizeof(line), "%.*s",
			 (int)(end ? end - next : (long)strlen(next)), next);
		next = end ? end + 1 : NULL;

		if (strstr(line, "rcf_path:") && field(line, " id=") == id) {
			if (strstr(line, " recall id=") && phase == 0)
				phase = 1;
			else if (strstr(line, " returned id=") && phase == 1)
				phase = 2;
			else if (strstr(line, " held id=") && phase == 2)
				phase = 3;
			if (phase == 2) {
				EXPECT_LE(last_cycle, field(line, "cycle="));
			}
		} else if (strstr(line, "rcf_deliver:") &&
			   field(line, " node=") == dst &&
			   field(line, " src=") == master) {
			EXPECT_NE(2, phase)
			TH_LOG("a delivery after the return: %s", line);
			if (phase == 1)
				after_recall++;
			last_cycle = field(line, "cycle=");
		}
	}
	EXPECT_LE(2, phase)
	TH_LOG("no recall and return of path %u traced", id);
	return after_recall;
}

TEST_F_TIMEOUT(pth, mastership_under_ip, 240)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	const int n = 12, size = 1000;
	struct rcf_reply rep = {0};
	uint64_t msgs, received, waiting;
	struct rcf_answer p, ev = {0};
	struct rcf_nl_err e;
	int fd, traced, r;
	char *t;

	fd = ip_setup(nl);
	ASSERT_LE(0, fd) TH_LOG("addresses, packet socket: %s", strerror(-fd));
	RCF_OK(req_path_add(nl, 0, 0, 1, p01, sizeof(p01), err));
	/* slow enough that messages are under way when the recall comes */
	ASSERT_EQ(0, set_clock(nl, 20000));
	traced = !trace_write("trace", "") &&
		 !trace_write("events/rcf/rcf_path/enable", "1") &&
		 !trace_write("events/rcf/rcf_deliver/enable", "1");
	if (!traced)
		TH_LOG("no tracefs: the order is checked by counts only");

	ASSERT_EQ(0, send_ip(nl, fd, 0, 1, n, size));
	/* one message on the path at a time, the next ones behind it */
	for (int i = 0; i < WAIT_MS / 20; i++) {
		p = path_get(_metadata, nl, 0, &rep);
		waiting = node_stat(nl, 0, RCF_STATS_PATH_WAITING);
		if ((rcf_u32(&p, RCF_A_PATH_INFLIGHT) && waiting) ||
		    rcf_u64(&p, RCF_A_PATH_MSGS) == (uint64_t)n)
			break;
		sleep_ms(20);
	}
	ASSERT_EQ(1, rcf_u32(&p, RCF_A_PATH_INFLIGHT))
	TH_LOG("no message under way: %llu sent on the path, node 0 sent "
	       "%llu, no-dest drops %llu, node 1 got %llu",
	       (unsigned long long)rcf_u64(&p, RCF_A_PATH_MSGS),
	       (unsigned long long)node_stat(nl, 0, RCF_STATS_MSGS_SENT),
	       (unsigned long long)drops(nl, RCF_DROP_NO_DEST),
	       (unsigned long long)node_stat(nl, 1, RCF_STATS_MSGS_RECEIVED));
	ASSERT_LT(0, waiting) TH_LOG("nothing waits behind the message");

	/* §II A rule 2: ask the mastership back while messages are on it */
	RCF_OK(req_path_set_state(nl, 0, RCF_PATH_RECALL, err));
	r = req_key_cmd(nl, RCF_CMD_PATH_DEL, RCF_A_PATH_ID, 0, 0, 0, 0, 0,
			NULL, &e);
	p = path_get(_metadata, nl, 0, &rep);
	if (rcf_u8(&p, RCF_A_PATH_STATE) == RCF_PATH_RECALL) {
		/* still recalling after the DEL: it must have been refused */
		EXPECT_EQ(-EBUSY, r) TH_LOG("DEL while recalling: %s", e.msg);
	}
	/* recalling means the message is still on its way */
	while (rcf_u8(&p, RCF_A_PATH_STATE) == RCF_PATH_RECALL) {
		EXPECT_LT(0, rcf_u32(&p, RCF_A_PATH_INFLIGHT));
		sleep_ms(5);
		p = path_get(_metadata, nl, 0, &rep);
	}
	ASSERT_EQ(RCF_PATH_RETURNED, rcf_u8(&p, RCF_A_PATH_STATE));
	EXPECT_EQ(0, rcf_u32(&p, RCF_A_PATH_INFLIGHT));
	msgs = rcf_u64(&p, RCF_A_PATH_MSGS);
	EXPECT_EQ(msgs * (size + 28), rcf_u64(&p, RCF_A_PATH_BYTES));
	/* every message started on it arrived; the rest wait at node 0 */
	received = node_stat(nl, 1, RCF_STATS_MSGS_RECEIVED);
	EXPECT_EQ(msgs, received);
	EXPECT_GT(n, msgs) TH_LOG("all %d sent before the recall", n);
	/* the rest wait for the path (or, beyond its bound, in the netdev) */
	for (int i = 0; i < WAIT_MS / 20; i++) {
		waiting = node_stat(nl, 0, RCF_STATS_PATH_WAITING);
		if (waiting)
			break;
		sleep_ms(20);
	}
	EXPECT_LT(0, waiting);
	EXPECT_GE(n - msgs, waiting);
	ASSERT_EQ(0, event_of(l, RCF_CMD_PATH_RETURNED, &ev));
	EXPECT_EQ(0, rcf_u32(&ev, RCF_A_PATH_ID));
	EXPECT_EQ(msgs, rcf_u64(&ev, RCF_A_PATH_MSGS));
	EXPECT_EQ(0, rcf_u32(&ev, RCF_A_PATH_INFLIGHT));
	EXPECT_EQ(RCF_PATH_RETURNED, rcf_u8(&ev, RCF_A_PATH_STATE));
	free(ev.attrs);

	/* regranted: the waiting messages take the path, in order */
	RCF_OK(req_path_set_state(nl, 0, RCF_PATH_HELD, err));
	EXPECT_EQ(n, wait_node_stat(nl, 1, RCF_STATS_MSGS_RECEIVED, n));
	EXPECT_EQ(0, node_stat(nl, 0, RCF_STATS_PATH_WAITING));
	p = path_get(_metadata, nl, 0, &rep);
	EXPECT_EQ(n, rcf_u64(&p, RCF_A_PATH_MSGS));
	rcf_reply_free(&rep);
	ASSERT_EQ(0, set_clock(nl, 0));

	if (traced) {
		trace_write("events/rcf/rcf_path/enable", "0");
		trace_write("events/rcf/rcf_deliver/enable", "0");
		t = trace_read();
		ASSERT_NE(NULL, t);
		/* packets of the messages under way arrived after the recall */
		EXPECT_LT(0, trace_order(_metadata, t, 0, 0, 1))
		TH_LOG("trace:\n%s", t);
		free(t);
	}

	/* recalled with nothing under way, it returns and goes */
	RCF_OK(req_path_set_state(nl, 0, RCF_PATH_RECALL, err));
	EXPECT_EQ(RCF_PATH_RETURNED, path_state(_metadata, nl, 0));
	RCF_OK(req_key_cmd(nl, RCF_CMD_PATH_DEL, RCF_A_PATH_ID, 0, 0, 0, 0, 0,
			   NULL, err));
	close(fd);
}

TEST_F_TIMEOUT(pth, requests, 240)
{
	struct rcf_nl *nl = &self->nl, *l = &self->ev;
	struct rcf_reply rep = {0};
	uint64_t no_path, no_route;
	uint32_t waiting;
	struct rcf_answer p;
	int fd;

	fd = ip_setup(nl);
	ASSERT_LE(0, fd) TH_LOG("addresses, packet socket: %s", strerror(-fd));

	/* requests off: a message with neither route nor path is dropped */
	no_route = drops(nl, RCF_DROP_NO_ROUTE);
	ASSERT_EQ(0, send_ip(nl, fd, 0, 4, 1, 100));
	for (int i = 0; i < WAIT_MS / 20; i++) {
		if (drops(nl, RCF_DROP_NO_ROUTE) > no_route)
			break;
		sleep_ms(20);
	}
	EXPECT_EQ(no_route + 1, drops(nl, RCF_DROP_NO_ROUTE))
	TH_LOG("no-dest drops %llu, node 0 sent %llu",
	       (unsigned long long)drops(nl, RCF_DROP_NO_DEST),
	       (unsigned long long)node_stat(nl, 0, RCF_STATS_MSGS_SENT));

	/* on: one request, the messages wait, a path releases them */
	RCF_OK(set_fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			      RCF_PATH_MAX_TIMEOUT_MS, err));
	ASSERT_EQ(0, send_ip(nl, fd, 0, 4, 5, 300));
	expect_request(_metadata, l, 0, 4, 0, &waiting);
	EXPECT_LE(1, waiting);
	EXPECT_EQ(5, wait_node_stat(nl, 0, RCF_STATS_PATH_WAITING, 5));
	EXPECT_EQ(1, node_stat(nl, 0, RCF_STATS_PATH_REQUESTS));
	EXPECT_EQ(0, node_stat(nl, 4, RCF_STATS_MSGS_RECEIVED));
	RCF_OK(req_path_add(nl, 0, 0, 4, p04, sizeof(p04), err));
	EXPECT_EQ(5, wait_node_stat(nl, 4, RCF_STATS_MSGS_RECEIVED, 5));
	EXPECT_EQ(0, node_stat(nl, 0, RCF_STATS_PATH_WAITING));
	EXPECT_EQ(1, node_stat(nl, 0, RCF_STATS_PATH_REQUESTS));
	p = path_get(_metadata, nl, 0, &rep);
	EXPECT_EQ(5, rcf_u64(&p, RCF_A_PATH_MSGS));
	EXPECT_LT(0, rcf_u64(&p, RCF_A_PATH_WAIT_NS));
	rcf_reply_free(&rep);

	/*
	 * nobody answers: it fails when the timeout runs out, long enough
	 * for all three messages to join the wait on a loaded machine
	 */
	RCF_OK(set_fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS, 2000, err));
	no_path = drops(nl, RCF_DROP_NO_PATH);
	ASSERT_EQ(0, send_ip(nl, fd, 0, 5, 3, 100));
	expect_request(_metadata, l, 0, 5, 0, NULL);
	expect_request(_metadata, l, 0, 5, ETIMEDOUT, &waiting);
	EXPECT_EQ(3, waiting);
	EXPECT_EQ(no_path + 3, drops(nl, RCF_DROP_NO_PATH));
	EXPECT_EQ(0, node_stat(nl, 0, RCF_STATS_PATH_WAITING));

	/* a controller that has no path for it says so at once */
	RCF_OK(set_fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			      RCF_PATH_MAX_TIMEOUT_MS, err));
	ASSERT_EQ(0, send_ip(nl, fd, 0, 5, 2, 100));
	expect_request(_metadata, l, 0, 5, 0, NULL);
	EXPECT_EQ(2, wait_node_stat(nl, 0, RCF_STATS_PATH_WAITING, 2));
	RCF_OK(rcf_xfer(nl, request_msg(nl, 0, 5, EHOSTUNREACH, NULL, NULL),
			NULL, err));
	expect_request(_metadata, l, 0, 5, EHOSTUNREACH, &waiting);
	EXPECT_EQ(2, waiting);
	EXPECT_EQ(no_path + 5, drops(nl, RCF_DROP_NO_PATH));
	EXPECT_EQ(0, node_stat(nl, 0, RCF_STATS_PATH_WAITING));
	EXPECT_EQ(3, node_stat(nl, 0, RCF_STATS_PATH_REQUESTS));
	close(fd);
}

/* A netdev counter of node id's, from sysfs; UINT64_MAX when unreadable. */
static uint64_t dev_stat(uint32_t id, const char *what)
{
	char path[96], buf[32] = "";
	int fd, n;

	snprintf(path, sizeof(path), "/sys/class/net/rcf%u/statistics/%s", id,
		 what);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return UINT64_MAX;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? strtoull(buf, NULL, 10) : UINT64_MAX;
}

/*
 * More messages than a node's queue for path waits holds: the rest stay
 * in the netdev's queue, which stops, and nothing is dropped; a path
 * made takes them all, in order.  pfifo, not fq_codel, so that the
 * qdisc drops nothing that waits long either.
 */
TEST_F_TIMEOUT(pth, requests_backpressure, 240)
{
	struct rcf_nl *nl = &self->nl;
	const int n = 3 * WAIT_QUEUE_MSGS;
	uint64_t no_path, no_route, tx_dropped;
	int fd;

	fd = ip_setup(nl);
	ASSERT_LE(0, fd) TH_LOG("addresses, packet socket: %s", strerror(-fd));
	ASSERT_EQ(0, system("tc qdisc replace dev rcf0 root pfifo limit 1000"))
	TH_LOG("tc could not give rcf0 a pfifo qdisc");
	RCF_OK(set_fabric_u32(nl, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			      RCF_PATH_MAX_TIMEOUT_MS, err));
	no_path = drops(nl, RCF_DROP_NO_PATH);
	no_route = drops(nl, RCF_DROP_NO_ROUTE);
	tx_dropped = dev_stat(0, "tx_dropped");
	ASSERT_EQ(0, send_ip(nl, fd, 0, 4, n, 100));
	/* the node's queue fills to its bound, and no further */
	EXPECT_EQ(WAIT_QUEUE_MSGS, wait_node_stat(nl, 0, RCF_STATS_PATH_WAITING,
						  WAIT_QUEUE_MSGS));
	sleep_ms(200);
	EXPECT_EQ(WAIT_QUEUE_MSGS, node_stat(nl, 0, RCF_STATS_PATH_WAITING));
	EXPECT_EQ(1, node_stat(nl, 0, RCF_STATS_PATH_REQUESTS));
	RCF_OK(req_path_add(nl, 0, 0, 4, p04, sizeof(p04), err));
	EXPECT_EQ(n, wait_node_stat(nl, 4, RCF_STATS_MSGS_RECEIVED, n));
	EXPECT_EQ(0, node_stat(nl, 0, RCF_STATS_PATH_WAITING));
	EXPECT_EQ(no_path, drops(nl, RCF_DROP_NO_PATH));
	EXPECT_EQ(no_route, drops(nl, RCF_DROP_NO_ROUTE));
	EXPECT_EQ(tx_dropped, dev_stat(0, "tx_dropped"));
	close(fd);
}

/*
 * TRAFFIC_START between nodes 2 and 3, both ways, until stopped: far
 * more messages than the test waits for, offered at about what a link
 * carries, so that the engine is never quiet for long.
 */
static int start_run(struct rcf_nl *nl)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_TRAFFIC_START, 0);
	uint64_t n = UINT32_MAX;

	rcf_nest_start(m, RCF_A_TRAFFIC);
	rcf_put_u8(m, RCF_TRAFFIC_PATTERN, RCF_TRAFFIC_NIG);
	rcf_put_u32(m, RCF_TRAFFIC_RATE, 950);
	rcf_put_u32(m, RCF_TRAFFIC_SIZE_MIN, 2000);
	rcf_put_u32(m, RCF_TRAFFIC_SIZE_MAX, 2000);
	rcf_put_bytes(m, RCF_TRAFFIC_MESSAGES, &n, sizeof(n));
	rcf_nest_start(m, RCF_TRAFFIC_ARCS);
	for (int i = 0; i < 2; i++) {
		rcf_nest_start(m, (uint16_t)(i + 1));
		rcf_put_u32(m, RCF_TRAFFIC_ARC_SRC, 2 + i);
		rcf_put_u32(m, RCF_TRAFFIC_ARC_DST, 3 - i);
		rcf_put_u32(m, RCF_TRAFFIC_ARC_WEIGHT, 1);
		rcf_nest_end(m);
	}
	rcf_nest_end(m);
	rcf_nest_end(m);
	return rcf_xfer(nl, m, NULL, NULL);
}

static int run_get(struct rcf_nl *nl, struct rcf_reply *rep,
		   struct rcf_answer *t)
{
	int r;

	rcf_reply_free(rep);
	r = rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_TRAFFIC_GET, 0), rep, NULL);
	if (!r && rep->n != 1)
		r = -EPROTO;
	if (!r)
		*t = rcf_nested(&rep->v[0], RCF_A_TRAFFIC);
	return r;
}

/*
 * Polls until the generator's packets are in the engine.  The kthread
 * may not have run at all since the run started or the last epoch
 * resumed it, so an epoch asked for at once may find the fabric empty;
 * once bytes are in flight the next request freezes them, since links
 * offered 95% of what they carry are seldom all empty.  0 when nothing
 * was in flight within WAIT_MS.
 */
static uint64_t wait_inflight(struct rcf_nl *nl)
{
	uint64_t v = 0;

	for (int t = 0; t < WAIT_MS / 20; t++) {
		v = stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_BYTES_INFLIGHT,
			 0);
		if (v && v != UINT64_MAX)
			return v;
		sleep_ms(20);
	}
	return 0;
}

TEST_F_TIMEOUT(pth, freeze_under_generator, 240)
{
	struct rcf_nl *nl = &self->nl;
	uint64_t gen, inflight, busy = 0;
	struct rcf_reply rep = {0};
	struct rcf_answer t;
	uint32_t error;
	uint8_t mode;

	ASSERT_EQ(0, start_run(nl));
	gen = stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0);
	for (int round = 0; round < 3; round++) {
		ASSERT_LT(0, wait_inflight(nl)) TH_LOG("the run sent nothing");
		RCF_OK(req_path_add(nl, round, 0, 1, p01, sizeof(p01), err));
		ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
		EXPECT_EQ(RCF_EPOCH_FREEZE, mode);
		EXPECT_EQ(0, error);
		busy += inflight;
		ASSERT_LT(0, wait_inflight(nl)) TH_LOG("the run stopped");
		RCF_OK(req_path_set_state(nl, round, RCF_PATH_RECALL, err));
		ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
		EXPECT_EQ(RCF_EPOCH_FREEZE, mode);
		busy += inflight;
		EXPECT_EQ(RCF_PATH_RETURNED, path_state(_metadata, nl, round));
		ASSERT_LT(0, wait_inflight(nl)) TH_LOG("the run stopped");
		RCF_OK(req_key_cmd(nl, RCF_CMD_PATH_DEL, RCF_A_PATH_ID, round,
				   0, 0, 0, 0, NULL, err));
		ASSERT_EQ(0, last_epoch(nl, &mode, &error, &inflight));
		EXPECT_EQ(RCF_EPOCH_FREEZE, mode);
		busy += inflight;
	}
	/* the epochs froze with the run's packets in flight */
	EXPECT_LT(0, busy);
	/* no engine was built: the run went on through every epoch */
	EXPECT_EQ(gen,
		  stat(nl, RCF_STATS_KIND_FABRIC, 0, RCF_STATS_ENGINE_GEN, 0));
	ASSERT_EQ(0, run_get(nl, &rep, &t));
	EXPECT_TRUE(rcf_has_attr(&t, RCF_TRAFFIC_RUNNING));
	EXPECT_FALSE(rcf_has_attr(&t, RCF_TRAFFIC_DONE));
	RCF_OK(rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_TRAFFIC_STOP, 0), NULL,
			err));
	for (int i = 0; i < 4 * WAIT_MS / 20; i++) {
		ASSERT_EQ(0, run_get(nl, &rep, &t));
		if (rcf_has_attr(&t, RCF_TRAFFIC_DONE))
			break;
		sleep_ms(20);
	}
	ASSERT_TRUE(rcf_has_attr(&t, RCF_TRAFFIC_DONE));
	EXPECT_FALSE(rcf_has_attr(&t, RCF_TRAFFIC_ERROR))
	TH_LOG("the run ended with error %u", rcf_u32(&t, RCF_TRAFFIC_ERROR));
	EXPECT_TRUE(rcf_has_attr(&t, RCF_TRAFFIC_COMPLETE));
	EXPECT_LT(0, rcf_u64(&t, RCF_TRAFFIC_MSGS_SENT));
	EXPECT_EQ(rcf_u64(&t, RCF_TRAFFIC_MSGS_SENT),
		  rcf_u64(&t, RCF_TRAFFIC_MSGS_DELIVERED));
	EXPECT_EQ(0, rcf_u64(&t, RCF_TRAFFIC_MSGS_CORRUPT));
	rcf_reply_free(&rep);
}

TEST_HARNESS_MAIN
