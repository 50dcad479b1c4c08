// SPDX-License-Identifier: GPL-2.0
/*
 * Routing relations over netlink: REL_SET per switch inside one BATCH,
 * and the REL_GET dump parsed back into entries.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl_rel.h"

/*
 * One switch's REL_SET must fit an RCF_A_BATCH on its own
 * (RCF_NL_NEST_MAX); rcf_nl_batch_room() closes the batch nest before an
 * op that would take it past the limit.
 */

static int no_room(struct rcf_nl *nl, struct nl_msg *msg, const char *why)
{
	if (msg)
		nlmsg_free(msg);
	memset(&nl->e, 0, sizeof(nl->e));
	nl->e.err = ENOMEM;
	snprintf(nl->e.msg, sizeof(nl->e.msg), "%s", why);
	return -ENOMEM;
}

static size_t attr_size(size_t payload)
{
	return (size_t)nla_total_size((int)payload);
}

/* Bytes put_ent() writes for e. */
static size_t ent_size(const struct rcf_relation_ent *e)
{
	size_t n = NLA_HDRLEN + attr_size(4);

	for (int k = 0; k < e->n; k++)
		n += NLA_HDRLEN + 2 * attr_size(1) +
		     (e->cls[k] == RCF_RELATION_ESCAPE ? NLA_HDRLEN : 0) +
		     (e->in[k] ? attr_size(4) : 0) +
		     (e->vin[k] ? attr_size(1) : 0) +
		     (e->keep[k] ? NLA_HDRLEN : 0);
	return n;
}

/* Bytes of the REL_SET op for the switch whose entries start at i. */
static size_t op_size(const struct rcf_relation *r, size_t i)
{
	size_t n = NLA_HDRLEN + 2 * attr_size(4);
	uint32_t sw = r->ent[i].sw;

	for (; i < r->n && r->ent[i].sw == sw; i++)
		n += ent_size(&r->ent[i]);
	return n;
}

static int put_ent(struct nl_msg *msg, const struct rcf_relation_ent *e)
{
	struct nlattr *ent = nla_nest_start(msg, RCF_A_REL_ENTRY), *cand;

	if (!ent || nla_put_u32(msg, RCF_RENT_DST, e->dst))
		return -1;
	for (int k = 0; k < e->n; k++) {
		cand = nla_nest_start(msg, RCF_RENT_CAND);
		if (!cand ||
		    nla_put_u8(msg, RCF_RCAND_PORT, RCF_HOP_PORT(e->hop[k])) ||
		    nla_put_u8(msg, RCF_RCAND_VC, RCF_HOP_VC(e->hop[k])) ||
		    (e->cls[k] == RCF_RELATION_ESCAPE &&
		     nla_put_flag(msg, RCF_RCAND_ESCAPE)) ||
		    (e->in[k] && nla_put_u32(msg, RCF_RCAND_IN, e->in[k])) ||
		    (e->vin[k] && nla_put_u8(msg, RCF_RCAND_VIN, e->vin[k])) ||
		    (e->keep[k] && nla_put_flag(msg, RCF_RCAND_KEEP)) ||
		    nla_nest_end(msg, cand) < 0)
			return -1;
	}
	return nla_nest_end(msg, ent) < 0 ? -1 : 0;
}

/* An RCF_A_BATCH_OP of cmd; *op for the caller to end. */
static struct nlattr *op_start(struct nl_msg *msg, uint8_t cmd)
{
	struct nlattr *op = nla_nest_start(msg, RCF_A_BATCH_OP);

	if (!op || nla_put_u8(msg, RCF_A_OP_CMD, cmd))
		return NULL;
	return op;
}

static int put_rels(struct nl_msg *msg, struct nlattr **batch,
		    const struct rcf_relation *r)
{
	size_t i = 0;

	while (i < r->n) {
		uint32_t sw = r->ent[i].sw;
		size_t need = op_size(r, i);
		struct nlattr *op;

		if (need > RCF_NL_NEST_MAX - NLA_HDRLEN ||
		    rcf_nl_batch_room(msg, batch, need))
			return -1;
		op = op_start(msg, RCF_CMD_REL_SET);
		if (!op || nla_put_u32(msg, RCF_A_REL_SWITCH, sw))
			return -1;
		for (; i < r->n && r->ent[i].sw == sw; i++)
			if (put_ent(msg, &r->ent[i]))
				return -1;
		if (nla_nest_end(msg, op) < 0)
			return -1;
	}
	return 0;
}

static int put_fabric(struct nl_msg *msg, struct nlattr **batch, int select,
		      int routing)
{
	struct nlattr *op;

	if (select < 0 && routing < 0)
		return 0;
	if (rcf_nl_batch_room(msg, batch, NLA_HDRLEN + 3 * attr_size(1)))
		return -1;
	op = op_start(msg, RCF_CMD_FABRIC_SET);
	if (!op ||
	    (select >= 0 && nla_put_u8(msg, RCF_A_FABRIC_SELECT, select)) ||
	    (routing >= 0 && nla_put_u8(msg, RCF_A_FABRIC_ROUTING, routing)))
		return -1;
	return nla_nest_end(msg, op) < 0 ? -1 : 0;
}

struct nl_msg *rcf_nl_rel_msg(int family, const struct rcf_relation *r,
			      int select, int routing, const char **why)
{
	size_t size = 4096;
	struct nl_msg *msg;
	struct nlattr *batch, *op;

	for (size_t i = 0; r && i < r->n; i++)
		size += ent_size(&r->ent[i]) + 2 * NLA_HDRLEN;
	msg = rcf_nl_new_msg(family, RCF_CMD_BATCH, 0, size);
	*why = "out of memory";
	if (!msg)
		return NULL;
	*why = "request does not fit";
	batch = nla_nest_start(msg, RCF_A_BATCH);
	op = batch ? op_start(msg, RCF_CMD_REL_DEL) : NULL;
	if (!op || nla_nest_end(msg, op) < 0)
		goto fail;
	*why = "relation does not fit a request (a switch's over 64 KiB)";
	if ((r && put_rels(msg, &batch, r)) ||
	    put_fabric(msg, &batch, select, routing) ||
	    nla_nest_end(msg, batch) < 0)
		goto fail;
	return msg;
fail:
	nlmsg_free(msg);
	return NULL;
}

/* The old relations go first: a switch r leaves out keeps none. */
static int send_batch(struct rcf_nl *nl, const struct rcf_relation *r,
		      int select, int routing)
{
	const char *why;
	struct nl_msg *msg =
		rcf_nl_rel_msg(nl->family, r, select, routing, &why);

	if (!msg)
		return no_room(nl, NULL, why);
	if (rcf_nl_put_epoch(nl, msg, RCF_CMD_BATCH))
		return no_room(nl, msg, "request does not fit");
	return rcf_nl_transact_raw(nl, msg, NULL, NULL);
}

int rcf_nl_rel_install(struct rcf_nl *nl, const struct rcf_relation *r,
		       int select, int routing)
{
	return send_batch(nl, r, select, routing);
}

int rcf_nl_rel_del(struct rcf_nl *nl)
{
	return send_batch(nl, NULL, -1, RCF_ROUTING_SOURCE);
}

static uint32_t get_u32(const struct nlattr *nla)
{
	uint32_t v = 0;

	if (nla_len(nla) >= (int)sizeof(v))
		memcpy(&v, nla_data(nla), sizeof(v));
	return v;
}

static uint8_t get_u8(const struct nlattr *nla)
{
	return nla_len(nla) >= 1 ? *(const uint8_t *)nla_data(nla) : 0;
}

static int parse_ent(struct nlattr *nest, uint32_t sw,
		     struct rcf_relation_ent *e)
{
	struct nlattr *a, *tb[RCF_RCAND_MAX + 1];
	int rem;

	memset(e, 0, sizeof(*e));
	e->sw = sw;
	nla_for_each_nested (a, nest, rem) {
		if (nla_type(a) == RCF_RENT_DST) {
			e->dst = get_u32(a);
			continue;
		}
		if (nla_type(a) != RCF_RENT_CAND ||
		    e->n == RCF_RELATION_MAX_CAND)
			continue;
		if (nla_parse_nested(tb, RCF_RCAND_MAX, a, NULL) ||
		    !tb[RCF_RCAND_PORT])
			return -1;
		e->hop[e->n] = RCF_HOP(
			get_u8(tb[RCF_RCAND_PORT]),
			tb[RCF_RCAND_VC] ? get_u8(tb[RCF_RCAND_VC]) : 0);
		e->in[e->n] = tb[RCF_RCAND_IN] ? get_u32(tb[RCF_RCAND_IN]) : 0;
		e->vin[e->n] =
			tb[RCF_RCAND_VIN] ? get_u8(tb[RCF_RCAND_VIN]) : 0;
		e->keep[e->n] = !!tb[RCF_RCAND_KEEP];
		e->cls[e->n++] = tb[RCF_RCAND_ESCAPE] ? RCF_RELATION_ESCAPE
						      : RCF_RELATION_ADAPTIVE;
	}
	return 0;
}

static int on_rel(struct nl_msg *msg, void *arg)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));
	struct nlattr *head = genlmsg_attrdata(gh, 0), *a, *swa;
	int len = genlmsg_attrlen(gh, 0), rem;
	struct rcf_relation *r = arg;
	uint32_t sw;

	if (gh->cmd != RCF_CMD_REL_GET)
		return 0;
	swa = nla_find(head, len, RCF_A_REL_SWITCH);
	if (!swa)
		return 0;
	sw = get_u32(swa);
	nla_for_each_attr (a, head, len, rem) {
		if (nla_type(a) != RCF_A_REL_ENTRY)
			continue;
		if (r->n % 256 == 0) {
			void *p =
				realloc(r->ent, (r->n + 256) * sizeof(*r->ent));

			if (!p)
				return -ENOMEM;
			r->ent = p;
		}
		if (parse_ent(a, sw, &r->ent[r->n]))
			return -EINVAL;
		r->n++;
	}
	return 0;
}

int rcf_nl_rel_dump(struct rcf_nl *nl, struct rcf_relation *r)
{
	struct nl_msg *msg;
	int rc;

	memset(r, 0, sizeof(*r));
	msg = rcf_nl_new_msg(nl->family, RCF_CMD_REL_GET, NLM_F_DUMP, 0);
	if (!msg)
		return no_room(nl, NULL, "out of memory");
	rc = rcf_nl_transact_raw(nl, msg, on_rel, r);
	if (rc)
		rcf_relation_free(r);
	return rc;
}
