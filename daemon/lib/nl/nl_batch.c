// SPDX-License-Identifier: GPL-2.0
/*
 * Packing operations into an RCF_CMD_BATCH request.  A netlink nest has a
 * 16-bit length, so RCF_A_BATCH holds at most 64 KiB of operations; a
 * larger batch repeats RCF_A_BATCH, as the ABI allows.
 */
#include <string.h>
#include <sys/socket.h>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include "nl/nl.h"

static size_t attr_size(size_t payload)
{
	return (size_t)nla_total_size((int)payload);
}

/* Bytes op takes inside RCF_A_BATCH, its own nest header included. */
static size_t op_size(const struct rcf_op *op)
{
	const struct rcf_obj *o = &op->o;
	size_t sz = NLA_HDRLEN + attr_size(1);

	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++) {
		if (!rcf_has(o, *a) || rcf_attrs[*a].ro)
			continue;
		switch (rcf_attrs[*a].type) {
		case RCF_T_U8:
			sz += attr_size(1);
			break;
		case RCF_T_U32:
			sz += attr_size(4);
			break;
		case RCF_T_U64:
			sz += attr_size(8);
			break;
		case RCF_T_STR:
			sz += attr_size(strlen(o->ifname) + 1);
			break;
		case RCF_T_HOPS:
			sz += attr_size(o->nhops);
			break;
		case RCF_T_END:
			sz += NLA_HDRLEN + attr_size(1) + 2 * attr_size(4);
			break;
		case RCF_T_ADDRS:
			sz += NLA_HDRLEN;
			for (int i = 0; i < o->naddrs; i++)
				sz += attr_size(o->addrs[i].v6 ? 16 : 4);
			break;
		default:
			break;
		}
	}
	return sz;
}

size_t rcf_nl_batch_fit(const struct rcf_op *ops, size_t n)
{
	size_t used = NLA_HDRLEN, i;

	for (i = 0; i < n; i++) {
		used += op_size(&ops[i]);
		if (used > RCF_NL_NEST_MAX)
			break;
	}
	return i;
}

int rcf_nl_batch_room(struct nl_msg *msg, struct nlattr **batch, size_t need)
{
	size_t used = (char *)nlmsg_tail(nlmsg_hdr(msg)) - (char *)*batch;

	if (used + need <= RCF_NL_NEST_MAX)
		return 0;
	if (nla_nest_end(msg, *batch) < 0)
		return -1;
	*batch = nla_nest_start(msg, RCF_A_BATCH);
	return *batch ? 0 : -1;
}

struct nl_msg *rcf_nl_batch_msg(int family, const struct rcf_op *ops, size_t n)
{
	size_t total = 0;
	struct nl_msg *msg;
	struct nlattr *batch;

	for (size_t i = 0; i < n; i++)
		total += op_size(&ops[i]) + NLA_HDRLEN;
	msg = rcf_nl_new_msg(family, RCF_CMD_BATCH, 0, 4096 + total);
	if (!msg)
		return NULL;
	batch = nla_nest_start(msg, RCF_A_BATCH);
	if (!batch)
		goto fail;
	for (size_t i = 0; i < n; i++) {
		struct nlattr *op;

		if (rcf_nl_batch_room(msg, &batch, op_size(&ops[i])))
			goto fail;
		op = nla_nest_start(msg, RCF_A_BATCH_OP);
		if (!op || nla_put_u8(msg, RCF_A_OP_CMD, ops[i].cmd) ||
		    rcf_nl_put_obj(msg, &ops[i].o) || nla_nest_end(msg, op) < 0)
			goto fail;
	}
	if (nla_nest_end(msg, batch) < 0)
		goto fail;
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}
