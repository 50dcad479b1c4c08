// SPDX-License-Identifier: GPL-2.0
/*
 * Create, show (GET and dump) and delete of every rcf object type, with
 * every attribute of every reply checked, NLM_F_ECHO, lowest-free ids and
 * the node netdevs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rcf_test.h"

RCF_FIXTURE(obj);

/* GET of one object, which must exist: exactly one reply. */
static void get_one(struct __test_metadata *_metadata, struct rcf_nl *nl,
		    uint8_t cmd, uint16_t t1, uint32_t v1, uint16_t t2,
		    uint32_t v2, uint16_t t3, uint32_t v3,
		    struct rcf_reply *rep)
{
	struct rcf_nl_err e;
	int r = req_key_cmd(nl, cmd, t1, v1, t2, v2, t3, v3, rep, &e);

	ASSERT_EQ(0, r) TH_LOG("GET: %s (%s)", strerror(-r), e.msg);
	ASSERT_EQ(1, rep->n);
	ASSERT_EQ(cmd, rep->v[0].cmd);
}

static void expect_enoent(struct __test_metadata *_metadata, struct rcf_nl *nl,
			  uint8_t cmd, uint16_t t1, uint32_t v1, uint16_t t2,
			  uint32_t v2, uint16_t t3, uint32_t v3)
{
	struct rcf_reply rep = {0};
	struct rcf_nl_err e;

	ASSERT_EQ(-ENOENT,
		  req_key_cmd(nl, cmd, t1, v1, t2, v2, t3, v3, &rep, &e));
	ASSERT_EQ(0, rep.n);
	ASSERT_NE(0, strlen(e.msg));
}

static struct rcf_answer fabric(struct __test_metadata *_metadata,
				struct rcf_nl *nl, struct rcf_reply *rep)
{
	rcf_reply_free(rep);
	get_one(_metadata, nl, RCF_CMD_FABRIC_GET, 0, 0, 0, 0, 0, 0, rep);
	return rep->v[0];
}

static int dump_count(struct rcf_nl *nl, uint8_t cmd)
{
	struct rcf_reply rep = {0};
	int n;

	if (req_dump(nl, cmd, &rep, NULL))
		return -1;
	n = (int)rep.n;
	rcf_reply_free(&rep);
	return n;
}

/* NEW with NLM_F_ECHO: the reply is the object as created. */
static struct rcf_msg *echo_new(struct rcf_nl *nl, uint8_t cmd)
{
	return rcf_msg_new(nl, cmd, NLM_F_ECHO);
}

TEST_F(obj, fabric_get_creates_nothing)
{
	struct rcf_reply rep = {0};
	struct rcf_answer f = fabric(_metadata, &self->nl, &rep);

	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_NODES));
	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_SWITCHES));
	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_LINKS));
	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_CIRCUITS));
	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_ROUTES));
	EXPECT_EQ(0, rcf_u64(&f, RCF_A_FABRIC_EPOCH));
	EXPECT_EQ(RCF_CQ_DEF_SIZE, rcf_u32(&f, RCF_A_FABRIC_CQ_SIZE));
	EXPECT_TRUE(rcf_has_attr(&f, RCF_A_FABRIC_MEM));
	EXPECT_EQ(0, dump_count(&self->nl, RCF_CMD_NODE_GET));
	EXPECT_EQ(0, dump_count(&self->nl, RCF_CMD_SWITCH_GET));
	EXPECT_EQ(0, dump_count(&self->nl, RCF_CMD_LINK_GET));
	EXPECT_EQ(0, dump_count(&self->nl, RCF_CMD_CIRCUIT_GET));
	EXPECT_EQ(0, dump_count(&self->nl, RCF_CMD_ROUTE_GET));
	rcf_reply_free(&rep);
}

TEST_F(obj, fabric_new_set_del)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_nl_err e;
	struct rcf_msg *m;
	struct rcf_answer f;

	RCF_OK(rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_NEW, 0), NULL, err));
	ASSERT_EQ(-EEXIST,
		  rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_NEW, NLM_F_EXCL),
			   NULL, &e))
	TH_LOG("fabric NEW with NLM_F_EXCL: %s", e.msg);
	ASSERT_NE(0, strlen(e.msg));

	m = rcf_msg_new(nl, RCF_CMD_FABRIC_SET, 0);
	rcf_put_u32(m, RCF_A_FABRIC_CQ_SIZE, 2048);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	f = fabric(_metadata, nl, &rep);
	EXPECT_EQ(2048, rcf_u32(&f, RCF_A_FABRIC_CQ_SIZE));
	EXPECT_LT(0, rcf_u64(&f, RCF_A_FABRIC_MEM));

	/* New switches take the fabric's default central queue. */
	RCF_OK(req_switch_add(nl, 0, RCF_OMIT, err));
	rcf_reply_free(&rep);
	get_one(_metadata, nl, RCF_CMD_SWITCH_GET, RCF_A_SWITCH_ID, 0, 0, 0, 0,
		0, &rep);
	EXPECT_EQ(2048, rcf_u32(&rep.v[0], RCF_A_SWITCH_CQ_SIZE));
	f = fabric(_metadata, nl, &rep);
	EXPECT_EQ(1, rcf_u32(&f, RCF_A_FABRIC_SWITCHES));

	RCF_OK(rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_DEL, 0), NULL, err));
	f = fabric(_metadata, nl, &rep);
	EXPECT_EQ(0, rcf_u32(&f, RCF_A_FABRIC_SWITCHES));
	EXPECT_EQ(RCF_CQ_DEF_SIZE, rcf_u32(&f, RCF_A_FABRIC_CQ_SIZE));
	EXPECT_EQ(0, dump_count(nl, RCF_CMD_SWITCH_GET));
	rcf_reply_free(&rep);
}

static void check_node(struct __test_metadata *_metadata,
		       const struct rcf_answer *o, uint32_t id, uint32_t ports,
		       const char *ifname)
{
	EXPECT_EQ(id, rcf_u32(o, RCF_A_NODE_ID));
	EXPECT_EQ(ports, rcf_u32(o, RCF_A_NODE_PORTS));
	EXPECT_STREQ(ifname, rcf_str(o, RCF_A_NODE_IFNAME));
	EXPECT_EQ(if_nametoindex(ifname), rcf_u32(o, RCF_A_NODE_IFINDEX));
	EXPECT_NE(0, rcf_u32(o, RCF_A_NODE_IFINDEX));
}

static int read_sys(const char *ifname, const char *what, char *buf, size_t len)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/sys/class/net/%s/%s", ifname, what);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

static int set_up(const char *ifname)
{
	struct ifreq ifr = {0};
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	int r = 0;

	if (fd < 0)
		return -errno;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) {
		r = -errno;
	} else {
		ifr.ifr_flags |= IFF_UP;
		if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
			r = -errno;
	}
	close(fd);
	return r;
}

TEST_F(obj, node)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;
	char buf[64];

	m = echo_new(nl, RCF_CMD_NODE_NEW);
	rcf_put_u32(m, RCF_A_NODE_ID, 3);
	rcf_put_u32(m, RCF_A_NODE_PORTS, 2);
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n) TH_LOG("NLM_F_ECHO gave no reply");
	check_node(_metadata, &rep.v[0], 3, 2, "rcf3");
	rcf_reply_free(&rep);

	get_one(_metadata, nl, RCF_CMD_NODE_GET, RCF_A_NODE_ID, 3, 0, 0, 0, 0,
		&rep);
	check_node(_metadata, &rep.v[0], 3, 2, "rcf3");
	rcf_reply_free(&rep);

	/* Defaults: one port; a chosen interface name. */
	m = rcf_msg_new(nl, RCF_CMD_NODE_NEW, 0);
	rcf_put_u32(m, RCF_A_NODE_ID, 7);
	rcf_put_str(m, RCF_A_NODE_IFNAME, "fab7");
	RCF_OK(rcf_xfer(nl, m, NULL, err));

	ASSERT_EQ(0, req_dump(nl, RCF_CMD_NODE_GET, &rep, NULL));
	ASSERT_EQ(2, rep.n);
	check_node(_metadata, &rep.v[0], 3, 2, "rcf3");
	check_node(_metadata, &rep.v[1], 7, RCF_NODE_DEF_PORTS, "fab7");
	rcf_reply_free(&rep);

	/* The netdev can be set up but has no carrier until the engine. */
	ASSERT_EQ(0, set_up("rcf3"));
	ASSERT_EQ(0, read_sys("rcf3", "carrier", buf, sizeof(buf)));
	EXPECT_STREQ("0\n", buf);
	ASSERT_EQ(0, read_sys("rcf3", "flags", buf, sizeof(buf)));
	EXPECT_TRUE(strtoul(buf, NULL, 0) & IFF_UP);

	RCF_OK(req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 3, 0, 0, 0, 0,
			   NULL, err));
	EXPECT_EQ(0, if_nametoindex("rcf3"));
	EXPECT_NE(0, if_nametoindex("fab7"));
	expect_enoent(_metadata, nl, RCF_CMD_NODE_GET, RCF_A_NODE_ID, 3, 0, 0,
		      0, 0);
	RCF_OK(req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 7, 0, 0, 0, 0,
			   NULL, err));
	EXPECT_EQ(0, if_nametoindex("fab7"));
	EXPECT_EQ(0, dump_count(nl, RCF_CMD_NODE_GET));
}

/* NEW without an id, echoed: returns the id the kernel chose. */
static uint32_t add_anon(struct __test_metadata *_metadata, struct rcf_nl *nl,
			 uint8_t cmd, uint16_t idattr, struct rcf_msg *m)
{
	struct rcf_reply rep = {0};
	uint32_t id;

	(void)cmd;
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	if (rep.n != 1) {
		rcf_reply_free(&rep);
		return UINT32_MAX;
	}
	id = rcf_u32(&rep.v[0], idattr);
	rcf_reply_free(&rep);
	return id;
}

TEST_F(obj, lowest_free_id)
{
	struct rcf_nl *nl = &self->nl;

	for (uint32_t i = 0; i < 3; i++)
		ASSERT_EQ(i, add_anon(_metadata, nl, 0, RCF_A_NODE_ID,
				      echo_new(nl, RCF_CMD_NODE_NEW)));
	RCF_OK(req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 1, 0, 0, 0, 0,
			   NULL, err));
	ASSERT_EQ(1, add_anon(_metadata, nl, 0, RCF_A_NODE_ID,
			      echo_new(nl, RCF_CMD_NODE_NEW)));
	ASSERT_EQ(3, add_anon(_metadata, nl, 0, RCF_A_NODE_ID,
			      echo_new(nl, RCF_CMD_NODE_NEW)));

	RCF_OK(req_switch_add(nl, 0, RCF_OMIT, err));
	RCF_OK(req_switch_add(nl, 2, RCF_OMIT, err));
	ASSERT_EQ(1, add_anon(_metadata, nl, 0, RCF_A_SWITCH_ID,
			      echo_new(nl, RCF_CMD_SWITCH_NEW)));
	ASSERT_EQ(3, add_anon(_metadata, nl, 0, RCF_A_SWITCH_ID,
			      echo_new(nl, RCF_CMD_SWITCH_NEW)));

	/* Links: nodes 0..3 each to a port of switch 0. */
	for (uint32_t i = 0; i < 4; i++) {
		struct rcf_msg *m = echo_new(nl, RCF_CMD_LINK_NEW);

		rcf_nest_start(m, RCF_A_LINK_END_A);
		rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_NODE);
		rcf_put_u32(m, RCF_END_ID, i);
		rcf_put_u32(m, RCF_END_PORT, 0);
		rcf_nest_end(m);
		rcf_nest_start(m, RCF_A_LINK_END_B);
		rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
		rcf_put_u32(m, RCF_END_ID, 0);
		rcf_put_u32(m, RCF_END_PORT, i);
		rcf_nest_end(m);
		ASSERT_EQ(i, add_anon(_metadata, nl, 0, RCF_A_LINK_ID, m));
	}
	RCF_OK(req_key_cmd(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 0, 0, 0, 0, 0,
			   NULL, err));
	RCF_OK(req_key_cmd(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 2, 0, 0, 0, 0,
			   NULL, err));
	RCF_OK(req_link_add(nl, RCF_OMIT, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH,
			    0, 0, err));
	EXPECT_EQ(3, dump_count(nl, RCF_CMD_LINK_GET));
	{
		struct rcf_reply rep = {0};

		get_one(_metadata, nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, 0, 0, 0,
			0, 0, &rep);
		rcf_reply_free(&rep);
	}
	expect_enoent(_metadata, nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, 2, 0, 0,
		      0, 0);
}

static void check_switch(struct __test_metadata *_metadata,
			 const struct rcf_answer *o, uint32_t id,
			 uint32_t ports, uint32_t cq)
{
	EXPECT_EQ(id, rcf_u32(o, RCF_A_SWITCH_ID));
	EXPECT_EQ(ports, rcf_u32(o, RCF_A_SWITCH_PORTS));
	EXPECT_EQ(cq, rcf_u32(o, RCF_A_SWITCH_CQ_SIZE));
}

TEST_F(obj, switch)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;

	m = echo_new(nl, RCF_CMD_SWITCH_NEW);
	rcf_put_u32(m, RCF_A_SWITCH_ID, 5);
	rcf_put_u32(m, RCF_A_SWITCH_PORTS, 32);
	rcf_put_u32(m, RCF_A_SWITCH_CQ_SIZE, 4096);
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n);
	check_switch(_metadata, &rep.v[0], 5, 32, 4096);
	rcf_reply_free(&rep);

	RCF_OK(req_switch_add(nl, 1, RCF_OMIT, err));
	ASSERT_EQ(0, req_dump(nl, RCF_CMD_SWITCH_GET, &rep, NULL));
	ASSERT_EQ(2, rep.n);
	check_switch(_metadata, &rep.v[0], 1, RCF_SWITCH_DEF_PORTS,
		     RCF_CQ_DEF_SIZE);
	check_switch(_metadata, &rep.v[1], 5, 32, 4096);
	rcf_reply_free(&rep);

	m = rcf_msg_new(nl, RCF_CMD_SWITCH_SET, 0);
	rcf_put_u32(m, RCF_A_SWITCH_ID, 5);
	rcf_put_u32(m, RCF_A_SWITCH_CQ_SIZE, RCF_CQ_MIN_SIZE);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	get_one(_metadata, nl, RCF_CMD_SWITCH_GET, RCF_A_SWITCH_ID, 5, 0, 0, 0,
		0, &rep);
	check_switch(_metadata, &rep.v[0], 5, 32, RCF_CQ_MIN_SIZE);
	rcf_reply_free(&rep);

	RCF_OK(req_key_cmd(nl, RCF_CMD_SWITCH_DEL, RCF_A_SWITCH_ID, 5, 0, 0, 0,
			   0, NULL, err));
	expect_enoent(_metadata, nl, RCF_CMD_SWITCH_GET, RCF_A_SWITCH_ID, 5, 0,
		      0, 0, 0);
	EXPECT_EQ(1, dump_count(nl, RCF_CMD_SWITCH_GET));
}

static void check_end(struct __test_metadata *_metadata,
		      const struct rcf_answer *o, uint16_t type, uint8_t kind,
		      uint32_t id, uint32_t port)
{
	struct rcf_answer e = rcf_nested(o, type);

	ASSERT_NE(0, e.len);
	EXPECT_EQ(kind, rcf_u8(&e, RCF_END_KIND));
	EXPECT_EQ(id, rcf_u32(&e, RCF_END_ID));
	EXPECT_EQ(port, rcf_u32(&e, RCF_END_PORT));
}

static void check_link(struct __test_metadata *_metadata,
		       const struct rcf_answer *o, uint32_t id, uint32_t bw,
		       uint32_t lat, uint32_t vcs, uint32_t buf, uint8_t state,
		       uint32_t users)
{
	EXPECT_EQ(id, rcf_u32(o, RCF_A_LINK_ID));
	EXPECT_EQ(bw, rcf_u32(o, RCF_A_LINK_BANDWIDTH));
	EXPECT_EQ(lat, rcf_u32(o, RCF_A_LINK_LATENCY));
	EXPECT_EQ(vcs, rcf_u32(o, RCF_A_LINK_VCS));
	EXPECT_EQ(buf, rcf_u32(o, RCF_A_LINK_BUF_SIZE));
	EXPECT_EQ(state, rcf_u8(o, RCF_A_LINK_STATE));
	EXPECT_EQ(users, rcf_u32(o, RCF_A_LINK_USERS));
}

TEST_F(obj, link)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;

	RCF_OK(req_node_add(nl, 0, 1, err));
	RCF_OK(req_node_add(nl, 1, 1, err));
	RCF_OK(req_switch_add(nl, 0, 8, err));

	m = echo_new(nl, RCF_CMD_LINK_NEW);
	rcf_put_u32(m, RCF_A_LINK_ID, 9);
	rcf_nest_start(m, RCF_A_LINK_END_A);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_SWITCH);
	rcf_put_u32(m, RCF_END_ID, 0);
	rcf_put_u32(m, RCF_END_PORT, 7);
	rcf_nest_end(m);
	rcf_nest_start(m, RCF_A_LINK_END_B);
	rcf_put_u8(m, RCF_END_KIND, RCF_ELEM_NODE);
	rcf_put_u32(m, RCF_END_ID, 1);
	rcf_put_u32(m, RCF_END_PORT, 0);
	rcf_nest_end(m);
	rcf_put_u32(m, RCF_A_LINK_BANDWIDTH, 4);
	rcf_put_u32(m, RCF_A_LINK_LATENCY, 10);
	rcf_put_u32(m, RCF_A_LINK_VCS, RCF_LINK_MAX_VCS);
	rcf_put_u32(m, RCF_A_LINK_BUF_SIZE, 256);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_DOWN);
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n);
	check_link(_metadata, &rep.v[0], 9, 4, 10, RCF_LINK_MAX_VCS, 256,
		   RCF_LINK_DOWN, 0);
	check_end(_metadata, &rep.v[0], RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0,
		  7);
	check_end(_metadata, &rep.v[0], RCF_A_LINK_END_B, RCF_ELEM_NODE, 1, 0);
	rcf_reply_free(&rep);

	/* Defaults. */
	RCF_OK(req_link_add(nl, 2, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0,
			    err));
	ASSERT_EQ(0, req_dump(nl, RCF_CMD_LINK_GET, &rep, NULL));
	ASSERT_EQ(2, rep.n);
	check_link(_metadata, &rep.v[0], 2, RCF_LINK_DEF_BANDWIDTH,
		   RCF_LINK_DEF_LATENCY, RCF_LINK_DEF_VCS, RCF_LINK_DEF_BUF,
		   RCF_LINK_UP, 0);
	check_end(_metadata, &rep.v[0], RCF_A_LINK_END_A, RCF_ELEM_NODE, 0, 0);
	check_end(_metadata, &rep.v[0], RCF_A_LINK_END_B, RCF_ELEM_SWITCH, 0,
		  0);
	check_link(_metadata, &rep.v[1], 9, 4, 10, RCF_LINK_MAX_VCS, 256,
		   RCF_LINK_DOWN, 0);
	rcf_reply_free(&rep);

	m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);
	rcf_put_u32(m, RCF_A_LINK_ID, 9);
	rcf_put_u8(m, RCF_A_LINK_STATE, RCF_LINK_UP);
	rcf_put_u32(m, RCF_A_LINK_BANDWIDTH, 2);
	rcf_put_u32(m, RCF_A_LINK_LATENCY, RCF_LINK_MAX_LATENCY);
	rcf_put_u32(m, RCF_A_LINK_VCS, 2);
	rcf_put_u32(m, RCF_A_LINK_BUF_SIZE, RCF_LINK_MIN_BUF);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	get_one(_metadata, nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, 9, 0, 0, 0, 0,
		&rep);
	check_link(_metadata, &rep.v[0], 9, 2, RCF_LINK_MAX_LATENCY, 2,
		   RCF_LINK_MIN_BUF, RCF_LINK_UP, 0);
	check_end(_metadata, &rep.v[0], RCF_A_LINK_END_A, RCF_ELEM_SWITCH, 0,
		  7);
	rcf_reply_free(&rep);

	/* Node and switch count their links: both are now in use. */
	RCF_OK(req_key_cmd(nl, RCF_CMD_LINK_DEL, RCF_A_LINK_ID, 9, 0, 0, 0, 0,
			   NULL, err));
	expect_enoent(_metadata, nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, 9, 0, 0,
		      0, 0);
	RCF_OK(req_key_cmd(nl, RCF_CMD_NODE_DEL, RCF_A_NODE_ID, 1, 0, 0, 0, 0,
			   NULL, err));
	EXPECT_EQ(1, dump_count(nl, RCF_CMD_LINK_GET));
}

static void check_circuit(struct __test_metadata *_metadata,
			  const struct rcf_answer *o, uint32_t sw, uint32_t in,
			  uint32_t out, uint32_t users)
{
	EXPECT_EQ(sw, rcf_u32(o, RCF_A_CIRCUIT_SWITCH));
	EXPECT_EQ(in, rcf_u32(o, RCF_A_CIRCUIT_IN_PORT));
	EXPECT_EQ(out, rcf_u32(o, RCF_A_CIRCUIT_OUT_PORT));
	EXPECT_EQ(users, rcf_u32(o, RCF_A_CIRCUIT_USERS));
}

TEST_F(obj, circuit)
{
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;

	RCF_OK(req_switch_add(nl, 0, 8, err));
	RCF_OK(req_switch_add(nl, 1, 8, err));

	m = echo_new(nl, RCF_CMD_CIRCUIT_NEW);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 2);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 6);
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n);
	check_circuit(_metadata, &rep.v[0], 1, 2, 6, 0);
	rcf_reply_free(&rep);

	RCF_OK(req_circuit_add(nl, 0, 7, 0, err));
	RCF_OK(req_circuit_add(nl, 1, 0, 1, err));
	ASSERT_EQ(0, req_dump(nl, RCF_CMD_CIRCUIT_GET, &rep, NULL));
	ASSERT_EQ(3, rep.n);
	check_circuit(_metadata, &rep.v[0], 0, 7, 0, 0);
	check_circuit(_metadata, &rep.v[1], 1, 0, 1, 0);
	check_circuit(_metadata, &rep.v[2], 1, 2, 6, 0);
	rcf_reply_free(&rep);

	m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_SET, 0);
	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, 1);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, 2);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 5);
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	get_one(_metadata, nl, RCF_CMD_CIRCUIT_GET, RCF_A_CIRCUIT_SWITCH, 1,
		RCF_A_CIRCUIT_IN_PORT, 2, 0, 0, &rep);
	check_circuit(_metadata, &rep.v[0], 1, 2, 5, 0);
	rcf_reply_free(&rep);

	RCF_OK(req_key_cmd(nl, RCF_CMD_CIRCUIT_DEL, RCF_A_CIRCUIT_SWITCH, 1,
			   RCF_A_CIRCUIT_IN_PORT, 2, 0, 0, NULL, err));
	expect_enoent(_metadata, nl, RCF_CMD_CIRCUIT_GET, RCF_A_CIRCUIT_SWITCH,
		      1, RCF_A_CIRCUIT_IN_PORT, 2, 0, 0);
	EXPECT_EQ(2, dump_count(nl, RCF_CMD_CIRCUIT_GET));
	{
		struct rcf_reply f = {0};
		struct rcf_answer fo = fabric(_metadata, nl, &f);

		EXPECT_EQ(2, rcf_u32(&fo, RCF_A_FABRIC_CIRCUITS));
		rcf_reply_free(&f);
	}
}

static void check_route(struct __test_metadata *_metadata,
			const struct rcf_answer *o, uint32_t src, uint32_t dst,
			uint8_t index, const uint8_t *hops, size_t n)
{
	const struct nlattr *h = rcf_attr(o->attrs, o->len, RCF_A_ROUTE_HOPS);

	EXPECT_EQ(src, rcf_u32(o, RCF_A_ROUTE_SRC));
	EXPECT_EQ(dst, rcf_u32(o, RCF_A_ROUTE_DST));
	EXPECT_EQ(index, rcf_u8(o, RCF_A_ROUTE_INDEX));
	ASSERT_NE(NULL, h);
	ASSERT_EQ(n, (size_t)(h->nla_len - NLA_HDRLEN));
	EXPECT_EQ(0, memcmp(hops, (const uint8_t *)h + NLA_HDRLEN, n));
}

static uint32_t link_users(struct __test_metadata *_metadata, struct rcf_nl *nl,
			   uint32_t id)
{
	struct rcf_reply rep = {0};
	uint32_t u;

	get_one(_metadata, nl, RCF_CMD_LINK_GET, RCF_A_LINK_ID, id, 0, 0, 0, 0,
		&rep);
	u = rcf_u32(&rep.v[0], RCF_A_LINK_USERS);
	rcf_reply_free(&rep);
	return u;
}

/* req_small_fabric(), failing the test when it cannot be built. */
static void small_fabric(struct __test_metadata *_metadata, struct rcf_nl *nl)
{
	RCF_OK(req_small_fabric(nl, err));
}

TEST_F(obj, route)
{
	static const uint8_t r01[] = {RCF_HOP(0, 0), RCF_HOP(1, 0)};
	static const uint8_t r02[] = {RCF_HOP(0, 0), RCF_HOP(4, 1)};
	static const uint8_t r02b[] = {RCF_HOP(0, 0), RCF_HOP(4, 0)};
	static const uint8_t r10[] = {RCF_HOP(0, 0), RCF_HOP(0, 0)};
	struct rcf_nl *nl = &self->nl;
	struct rcf_reply rep = {0};
	struct rcf_msg *m;

	small_fabric(_metadata, nl);

	m = echo_new(nl, RCF_CMD_ROUTE_NEW);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 2);
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, 1);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, r02, sizeof(r02));
	RCF_OK(rcf_xfer(nl, m, &rep, err));
	ASSERT_EQ(1, rep.n);
	check_route(_metadata, &rep.v[0], 0, 2, 1, r02, sizeof(r02));
	rcf_reply_free(&rep);

	RCF_OK(req_route_add(nl, 0, 1, 0, r01, sizeof(r01), err));
	RCF_OK(req_route_add(nl, 1, 0, 0, r10, sizeof(r10), err));
	/* Without an index the lowest free one is taken: 0 for (0, 2). */
	RCF_OK(req_route_add(nl, 0, 2, RCF_OMIT, r02b, sizeof(r02b), err));

	/* Link 0 carries 0 -> 1, both 0 -> 2 and the end of 1 -> 0. */
	EXPECT_EQ(4, link_users(_metadata, nl, 0));
	EXPECT_EQ(2, link_users(_metadata, nl, 1));
	EXPECT_EQ(2, link_users(_metadata, nl, 2));
	EXPECT_EQ(2, link_users(_metadata, nl, 3));
	get_one(_metadata, nl, RCF_CMD_CIRCUIT_GET, RCF_A_CIRCUIT_SWITCH, 1,
		RCF_A_CIRCUIT_IN_PORT, 0, 0, 0, &rep);
	check_circuit(_metadata, &rep.v[0], 1, 0, 1, 2);
	rcf_reply_free(&rep);

	ASSERT_EQ(0, req_dump(nl, RCF_CMD_ROUTE_GET, &rep, NULL));
	ASSERT_EQ(4, rep.n);
	check_route(_metadata, &rep.v[0], 0, 1, 0, r01, sizeof(r01));
	check_route(_metadata, &rep.v[1], 0, 2, 0, r02b, sizeof(r02b));
	check_route(_metadata, &rep.v[2], 0, 2, 1, r02, sizeof(r02));
	check_route(_metadata, &rep.v[3], 1, 0, 0, r10, sizeof(r10));
	rcf_reply_free(&rep);

	/* A dump filtered by source and destination. */
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_GET, NLM_F_DUMP);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 2);
	ASSERT_EQ(0, rcf_xfer(nl, m, &rep, NULL));
	ASSERT_EQ(2, rep.n);
	check_route(_metadata, &rep.v[0], 0, 2, 0, r02b, sizeof(r02b));
	rcf_reply_free(&rep);
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_GET, NLM_F_DUMP);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 1);
	ASSERT_EQ(0, rcf_xfer(nl, m, &rep, NULL));
	ASSERT_EQ(1, rep.n);
	check_route(_metadata, &rep.v[0], 1, 0, 0, r10, sizeof(r10));
	rcf_reply_free(&rep);

	get_one(_metadata, nl, RCF_CMD_ROUTE_GET, RCF_A_ROUTE_SRC, 0,
		RCF_A_ROUTE_DST, 2, RCF_A_ROUTE_INDEX, 1, &rep);
	check_route(_metadata, &rep.v[0], 0, 2, 1, r02, sizeof(r02));
	rcf_reply_free(&rep);

	/* SET replaces the hops, revalidated. */
	m = rcf_msg_new(nl, RCF_CMD_ROUTE_SET, 0);
	rcf_put_u32(m, RCF_A_ROUTE_SRC, 0);
	rcf_put_u32(m, RCF_A_ROUTE_DST, 2);
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, 1);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, r02b, sizeof(r02b));
	RCF_OK(rcf_xfer(nl, m, NULL, err));
	get_one(_metadata, nl, RCF_CMD_ROUTE_GET, RCF_A_ROUTE_SRC, 0,
		RCF_A_ROUTE_DST, 2, RCF_A_ROUTE_INDEX, 1, &rep);
	check_route(_metadata, &rep.v[0], 0, 2, 1, r02b, sizeof(r02b));
	rcf_reply_free(&rep);

	RCF_OK(req_key_cmd(nl, RCF_CMD_ROUTE_DEL, RCF_A_ROUTE_SRC, 0,
			   RCF_A_ROUTE_DST, 1, RCF_A_ROUTE_INDEX, 0, NULL,
			   err));
	expect_enoent(_metadata, nl, RCF_CMD_ROUTE_GET, RCF_A_ROUTE_SRC, 0,
		      RCF_A_ROUTE_DST, 1, RCF_A_ROUTE_INDEX, 0);
	/* Without an index, every route of the pair goes. */
	RCF_OK(req_key_cmd(nl, RCF_CMD_ROUTE_DEL, RCF_A_ROUTE_SRC, 0,
			   RCF_A_ROUTE_DST, 2, 0, 0, NULL, err));
	EXPECT_EQ(1, dump_count(nl, RCF_CMD_ROUTE_GET));
	EXPECT_EQ(1, link_users(_metadata, nl, 0));
	EXPECT_EQ(0, link_users(_metadata, nl, 2));
	{
		struct rcf_reply f = {0};
		struct rcf_answer fo = fabric(_metadata, nl, &f);

		EXPECT_EQ(1, rcf_u32(&fo, RCF_A_FABRIC_ROUTES));
		EXPECT_EQ(3, rcf_u32(&fo, RCF_A_FABRIC_NODES));
		EXPECT_EQ(2, rcf_u32(&fo, RCF_A_FABRIC_SWITCHES));
		EXPECT_EQ(4, rcf_u32(&fo, RCF_A_FABRIC_LINKS));
		EXPECT_EQ(1, rcf_u32(&fo, RCF_A_FABRIC_CIRCUITS));
		rcf_reply_free(&f);
	}
}

TEST_HARNESS_MAIN
