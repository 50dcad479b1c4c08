/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The selftests' side of the rcf netlink client.
 *
 * The socket, the exchange and the decoding of every answer are the
 * tools' (daemon/lib/nl/nl_sock.h: struct rcf_nl, struct rcf_nl_err).  What
 * is the selftests' own is how requests are made: byte by byte, so that
 * a test may send what no tool would (malformed attributes, odd flags)
 * and see exactly what the kernel answered: the errno, the extended ack
 * message, the offset of the attribute it blamed, the cookie a refused
 * batch carries and the type of a missing attribute.
 */
#ifndef RCF_SELFTESTS_NL_H
#define RCF_SELFTESTS_NL_H

#include <stddef.h>
#include <stdint.h>
#include <linux/netlink.h>
#include <linux/rcf.h>

#include "nl/nl_sock.h"

/* A request under construction. */
struct rcf_msg {
	uint8_t *buf;
	size_t len;
	size_t cap;
	size_t nest[8];
	int depth;
};

/*
 * A message a request, dump or event brought back: its command and its
 * attributes (or a nest's, with cmd 0).
 */
struct rcf_answer {
	uint8_t cmd;
	size_t len;
	uint8_t *attrs;
};

struct rcf_reply {
	size_t n;
	struct rcf_answer *v;
};

/* realloc, or exit: a test without memory has nothing left to say */
void *rcf_xrealloc(void *p, size_t n);

/* Requests, answers and events: rcf_nl.c. */
struct rcf_msg *rcf_msg_new(const struct rcf_nl *nl, uint8_t cmd,
			    uint16_t flags);
void rcf_msg_free(struct rcf_msg *m);
/* Each put returns the attribute's offset from the start of the message. */
size_t rcf_put_bytes(struct rcf_msg *m, uint16_t type, const void *data,
		     size_t len);
size_t rcf_put_u8(struct rcf_msg *m, uint16_t type, uint8_t v);
size_t rcf_put_u32(struct rcf_msg *m, uint16_t type, uint32_t v);
size_t rcf_put_str(struct rcf_msg *m, uint16_t type, const char *s);
size_t rcf_nest_start(struct rcf_msg *m, uint16_t type);
void rcf_nest_end(struct rcf_msg *m);

/*
 * Send m (consumed) as it is, but for its length, sequence number, port
 * and NLM_F_ACK (which the kernel answers with the end for a dump), and
 * read until its ack or the end of its dump (rcf_nl_exchange).  Replies
 * go to rep when given; err, when given, gets the answer.  Returns 0 or
 * -errno (-err->err).
 */
int rcf_xfer(struct rcf_nl *nl, struct rcf_msg *m, struct rcf_reply *rep,
	     struct rcf_nl_err *err);
void rcf_reply_free(struct rcf_reply *rep);

/* Wait up to timeout_ms for one multicast message; 0, or -errno. */
int rcf_recv_event(struct rcf_nl *nl, struct rcf_answer *ev, int timeout_ms);

/* Attribute access within an object's (or a nest's) attribute stream. */
const struct nlattr *rcf_attr(const uint8_t *attrs, size_t len, uint16_t type);
int rcf_has_attr(const struct rcf_answer *o, uint16_t type);
uint32_t rcf_u32(const struct rcf_answer *o, uint16_t type);
uint64_t rcf_u64(const struct rcf_answer *o, uint16_t type);
uint8_t rcf_u8(const struct rcf_answer *o, uint16_t type);
const char *rcf_str(const struct rcf_answer *o, uint16_t type);
/* An object made from a nest inside o, pointing into o. */
struct rcf_answer rcf_nested(const struct rcf_answer *o, uint16_t type);

/*
 * Requests, rcf_fabric.c: each req_*() sends what its name says as
 * netlink requests and waits for the answers (the kernel's model has
 * functions of the objects' names, rcf_node_add() ...).  RCF_OMIT for an
 * id, a port count or a route index leaves that attribute out of the
 * request (the kernel picks or refuses); it is not the model's "no link"
 * (kmod/core/model/model.h).
 */
#define RCF_OMIT (-1)
int req_node_add(struct rcf_nl *nl, int id, int ports, struct rcf_nl_err *err);
int req_switch_add(struct rcf_nl *nl, int id, int ports,
		   struct rcf_nl_err *err);
int req_link_add(struct rcf_nl *nl, int id, int ka, int ia, int pa, int kb,
		 int ib, int pb, struct rcf_nl_err *err);
int req_circuit_add(struct rcf_nl *nl, int sw, int in, int out,
		    struct rcf_nl_err *err);
int req_route_add(struct rcf_nl *nl, int src, int dst, int index,
		  const uint8_t *hops, size_t nhops, struct rcf_nl_err *err);
int req_path_add(struct rcf_nl *nl, int id, int master, int dst,
		 const uint8_t *hops, size_t nhops, struct rcf_nl_err *err);
int req_path_set_state(struct rcf_nl *nl, uint32_t id, uint8_t state,
		       struct rcf_nl_err *err);
/* DEL or GET of one object by a key of up to three u32/u8 attributes. */
int req_key_cmd(struct rcf_nl *nl, uint8_t cmd, uint16_t t1, uint32_t v1,
		uint16_t t2, uint32_t v2, uint16_t t3, uint32_t v3,
		struct rcf_reply *rep, struct rcf_nl_err *err);
int req_dump(struct rcf_nl *nl, uint8_t cmd, struct rcf_reply *rep,
	     struct rcf_nl_err *err);
int req_fabric_del(struct rcf_nl *nl);

/*
 * Nodes 0 and 1 on ports 0 and 1 of switch 0 (8 ports); node 2 behind
 * switch 1 (4 ports), reached from switch 0's port 4 over link 2 with two
 * VCs, a circuit 0 -> 1 on switch 1 and link 3 (two VCs) to node 2.
 * 0, or -errno with err filled.
 */
int req_small_fabric(struct rcf_nl *nl, struct rcf_nl_err *err);

/*
 * A populated fabric: switches 0 (32 ports) and 1 (4 ports), nodes 0 ..
 * nodes - 1 (at most 32) on switch 0, a link looping switch 1's ports 0
 * and 1, a circuit 2 -> 3 on switch 1 and routes from node 0 to every
 * other node.  0, or -errno.
 */
int req_populate(struct rcf_nl *nl, int nodes);

/*
 * rcf_check.c.  The whole fabric as canonical text: fabric counters then every object of
 * every kind with every attribute, in dump order.  malloc'd; NULL on error.
 */
char *rcf_snapshot(struct rcf_nl *nl);

/*
 * Read the whole fabric and check that it holds together: FABRIC_GET's
 * counts match the dumps, every dump is in strictly rising key order,
 * every link's ends exist and no port carries two links, circuits lie
 * within their switch, every route walks from its source to its
 * destination, each link's and circuit's users count equals the
 * routes' crossings, and every path owns exactly its circuits.  0, or -1 with the first finding in why.  Only
 * meaningful while nothing else changes the fabric.
 */
int rcf_check_fabric(struct rcf_nl *nl, char *why, size_t whylen);

/* Traffic.  The node's netdev's ifindex, or -errno (rcf_fabric.c). */
int req_node_ifindex(struct rcf_nl *nl, uint32_t id);
/* Give node id the one IPv4 address addr (host order). */
int req_node_set_addr4(struct rcf_nl *nl, uint32_t id, uint32_t addr,
		       struct rcf_nl_err *err);
/* rcf_packet.c: an AF_PACKET datagram socket (fd or -errno) for rcf_send_udp4(). */
int rcf_packet_socket(void);
/*
 * Hand the netdev ifindex an IPv4 UDP packet (to the discard port) from
 * src to dst (host order) with payload bytes; 0 or -errno from sendto.
 */
int rcf_send_udp4(int fd, int ifindex, uint32_t src, uint32_t dst,
		  size_t payload);

#endif /* RCF_SELFTESTS_NL_H */
