// SPDX-License-Identifier: GPL-2.0
/*
 * Fabrics for the selftests: objects made one request each, the small and
 * populated fabrics, a node's netdev and addresses; see rcf_nl.h.
 */
#include "rcf_nl.h"

#include <errno.h>
#include <arpa/inet.h>

static struct rcf_msg *new_with_id(struct rcf_nl *nl, uint8_t cmd,
				   uint16_t idattr, int id)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);

	if (id >= 0)
		rcf_put_u32(m, idattr, (uint32_t)id);
	return m;
}

int req_node_add(struct rcf_nl *nl, int id, int ports, struct rcf_nl_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_NODE_NEW, RCF_A_NODE_ID, id);

	if (ports >= 0)
		rcf_put_u32(m, RCF_A_NODE_PORTS, (uint32_t)ports);
	return rcf_xfer(nl, m, NULL, err);
}

int req_switch_add(struct rcf_nl *nl, int id, int ports, struct rcf_nl_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_SWITCH_NEW, RCF_A_SWITCH_ID, id);

	if (ports >= 0)
		rcf_put_u32(m, RCF_A_SWITCH_PORTS, (uint32_t)ports);
	return rcf_xfer(nl, m, NULL, err);
}

static void put_end(struct rcf_msg *m, uint16_t type, int kind, int id,
		    int port)
{
	rcf_nest_start(m, type);
	rcf_put_u8(m, RCF_END_KIND, (uint8_t)kind);
	rcf_put_u32(m, RCF_END_ID, (uint32_t)id);
	rcf_put_u32(m, RCF_END_PORT, (uint32_t)port);
	rcf_nest_end(m);
}

int req_link_add(struct rcf_nl *nl, int id, int ka, int ia, int pa, int kb,
		 int ib, int pb, struct rcf_nl_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_LINK_NEW, RCF_A_LINK_ID, id);

	put_end(m, RCF_A_LINK_END_A, ka, ia, pa);
	put_end(m, RCF_A_LINK_END_B, kb, ib, pb);
	return rcf_xfer(nl, m, NULL, err);
}

int req_circuit_add(struct rcf_nl *nl, int sw, int in, int out,
		    struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_CIRCUIT_NEW, 0);

	rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, (uint32_t)sw);
	rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, (uint32_t)in);
	rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, (uint32_t)out);
	return rcf_xfer(nl, m, NULL, err);
}

static int link_set_vcs(struct rcf_nl *nl, int id, int vcs,
			struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);

	rcf_put_u32(m, RCF_A_LINK_ID, (uint32_t)id);
	rcf_put_u32(m, RCF_A_LINK_VCS, (uint32_t)vcs);
	return rcf_xfer(nl, m, NULL, err);
}

int req_small_fabric(struct rcf_nl *nl, struct rcf_nl_err *err)
{
	int r;

	if ((r = req_node_add(nl, 0, 1, err)) ||
	    (r = req_node_add(nl, 1, 1, err)) ||
	    (r = req_node_add(nl, 2, 1, err)) ||
	    (r = req_switch_add(nl, 0, 8, err)) ||
	    (r = req_switch_add(nl, 1, 4, err)) ||
	    (r = req_link_add(nl, 0, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0,
			      err)) ||
	    (r = req_link_add(nl, 1, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 0, 1,
			      err)) ||
	    (r = req_link_add(nl, 2, RCF_ELEM_SWITCH, 0, 4, RCF_ELEM_SWITCH, 1,
			      0, err)) ||
	    (r = link_set_vcs(nl, 2, 2, err)) ||
	    (r = req_link_add(nl, 3, RCF_ELEM_NODE, 2, 0, RCF_ELEM_SWITCH, 1, 1,
			      err)) ||
	    /* A circuit keeps the VC: the link after it needs two as well. */
	    (r = link_set_vcs(nl, 3, 2, err)))
		return r;
	return req_circuit_add(nl, 1, 0, 1, err);
}

int req_route_add(struct rcf_nl *nl, int src, int dst, int index,
		  const uint8_t *hops, size_t nhops, struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_ROUTE_NEW, 0);

	rcf_put_u32(m, RCF_A_ROUTE_SRC, (uint32_t)src);
	rcf_put_u32(m, RCF_A_ROUTE_DST, (uint32_t)dst);
	if (index >= 0)
		rcf_put_u8(m, RCF_A_ROUTE_INDEX, (uint8_t)index);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, hops, nhops);
	return rcf_xfer(nl, m, NULL, err);
}

int req_path_add(struct rcf_nl *nl, int id, int master, int dst,
		 const uint8_t *hops, size_t nhops, struct rcf_nl_err *err)
{
	struct rcf_msg *m =
		new_with_id(nl, RCF_CMD_PATH_NEW, RCF_A_PATH_ID, id);

	rcf_put_u32(m, RCF_A_PATH_MASTER, (uint32_t)master);
	rcf_put_u32(m, RCF_A_PATH_DST, (uint32_t)dst);
	rcf_put_bytes(m, RCF_A_PATH_HOPS, hops, nhops);
	return rcf_xfer(nl, m, NULL, err);
}

int req_path_set_state(struct rcf_nl *nl, uint32_t id, uint8_t state,
		       struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_PATH_SET, 0);

	rcf_put_u32(m, RCF_A_PATH_ID, id);
	rcf_put_u8(m, RCF_A_PATH_STATE, state);
	return rcf_xfer(nl, m, NULL, err);
}

static void put_key(struct rcf_msg *m, uint16_t t, uint32_t v)
{
	if (!t)
		return;
	if (t == RCF_A_ROUTE_INDEX)
		rcf_put_u8(m, t, (uint8_t)v);
	else
		rcf_put_u32(m, t, v);
}

int req_key_cmd(struct rcf_nl *nl, uint8_t cmd, uint16_t t1, uint32_t v1,
		uint16_t t2, uint32_t v2, uint16_t t3, uint32_t v3,
		struct rcf_reply *rep, struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);

	put_key(m, t1, v1);
	put_key(m, t2, v2);
	put_key(m, t3, v3);
	return rcf_xfer(nl, m, rep, err);
}

int req_dump(struct rcf_nl *nl, uint8_t cmd, struct rcf_reply *rep,
	     struct rcf_nl_err *err)
{
	return rcf_xfer(nl, rcf_msg_new(nl, cmd, NLM_F_DUMP), rep, err);
}

int req_fabric_del(struct rcf_nl *nl)
{
	return rcf_xfer(nl, rcf_msg_new(nl, RCF_CMD_FABRIC_DEL, 0), NULL, NULL);
}

int req_populate(struct rcf_nl *nl, int nodes)
{
	uint8_t hops[2];
	int r;

	r = req_switch_add(nl, 0, 32, NULL);
	if (!r)
		r = req_switch_add(nl, 1, 4, NULL);
	for (int i = 0; !r && i < nodes; i++) {
		r = req_node_add(nl, i, 1, NULL);
		if (!r)
			r = req_link_add(nl, i, RCF_ELEM_NODE, i, 0,
					 RCF_ELEM_SWITCH, 0, i, NULL);
	}
	if (!r)
		r = req_link_add(nl, 100, RCF_ELEM_SWITCH, 1, 0,
				 RCF_ELEM_SWITCH, 1, 1, NULL);
	if (!r)
		r = req_circuit_add(nl, 1, 2, 3, NULL);
	for (int i = 1; !r && i < nodes; i++) {
		hops[0] = RCF_HOP(0, 0);
		hops[1] = RCF_HOP(i, 0);
		r = req_route_add(nl, 0, i, 0, hops, 2, NULL);
	}
	return r;
}

int req_node_ifindex(struct rcf_nl *nl, uint32_t id)
{
	struct rcf_reply rep = {0};
	int r;

	r = req_key_cmd(nl, RCF_CMD_NODE_GET, RCF_A_NODE_ID, id, 0, 0, 0, 0,
			&rep, NULL);
	if (!r)
		r = rep.n == 1 && rcf_has_attr(&rep.v[0], RCF_A_NODE_IFINDEX)
			    ? (int)rcf_u32(&rep.v[0], RCF_A_NODE_IFINDEX)
			    : -ENOENT;
	rcf_reply_free(&rep);
	return r;
}

int req_node_set_addr4(struct rcf_nl *nl, uint32_t id, uint32_t addr,
		       struct rcf_nl_err *err)
{
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_NODE_SET, 0);
	uint32_t be = htonl(addr);

	rcf_put_u32(m, RCF_A_NODE_ID, id);
	rcf_nest_start(m, RCF_A_NODE_ADDRS);
	rcf_put_bytes(m, RCF_ADDR_IN, &be, 4);
	rcf_nest_end(m);
	return rcf_xfer(nl, m, NULL, err);
}
