// SPDX-License-Identifier: GPL-2.0
/* Packing rcf objects into netlink attributes and back. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl.h"

static int put_end(struct nl_msg *msg, int attr, const struct rcf_end *e)
{
	struct nlattr *nest = nla_nest_start(msg, attr);

	if (!nest || nla_put_u8(msg, RCF_END_KIND, e->kind) ||
	    nla_put_u32(msg, RCF_END_ID, e->id) ||
	    nla_put_u32(msg, RCF_END_PORT, e->port))
		return -1;
	return nla_nest_end(msg, nest) < 0 ? -1 : 0;
}

static int put_addrs(struct nl_msg *msg, const struct rcf_obj *o)
{
	struct nlattr *nest;

	/*
	 * An empty list clears the node's addresses; libnl's nest_end trims
	 * an empty nest away, so that one is written by hand.
	 */
	if (!o->naddrs)
		return nla_put(msg, RCF_A_NODE_ADDRS | NLA_F_NESTED, 0, NULL)
			       ? -1
			       : 0;
	nest = nla_nest_start(msg, RCF_A_NODE_ADDRS);
	if (!nest)
		return -1;
	for (int i = 0; i < o->naddrs; i++) {
		const struct rcf_addr *a = &o->addrs[i];
		int v4 = !a->v6;

		if (nla_put(msg, v4 ? RCF_ADDR_IN : RCF_ADDR_IN6, v4 ? 4 : 16,
			    a->a))
			return -1;
	}
	return nla_nest_end(msg, nest) < 0 ? -1 : 0;
}

int rcf_nl_put_obj(struct nl_msg *msg, const struct rcf_obj *o)
{
	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++) {
		int rc = 0;

		if (!rcf_has(o, *a) || rcf_attrs[*a].ro)
			continue;
		switch (rcf_attrs[*a].type) {
		case RCF_T_U8:
			rc = nla_put_u8(msg, *a, (uint8_t)o->v[*a]);
			break;
		case RCF_T_U32:
			rc = nla_put_u32(msg, *a, (uint32_t)o->v[*a]);
			break;
		case RCF_T_U64:
			rc = nla_put_u64(msg, *a, o->v[*a]);
			break;
		case RCF_T_STR:
			rc = nla_put_string(msg, *a, o->ifname);
			break;
		case RCF_T_HOPS:
			rc = nla_put(msg, *a, o->nhops, o->hops);
			break;
		case RCF_T_END:
			rc = put_end(msg, *a, &o->end[*a == RCF_A_LINK_END_B]);
			break;
		case RCF_T_ADDRS:
			rc = put_addrs(msg, o);
			break;
		default:
			break;
		}
		if (rc)
			return -1;
	}
	return 0;
}

static void parse_end(struct nlattr *nest, struct rcf_obj *o, int which)
{
	struct nlattr *tb[RCF_END_MAX + 1];

	if (nla_parse_nested(tb, RCF_END_MAX, nest, NULL))
		return;
	rcf_obj_set_end(o, which,
			tb[RCF_END_KIND] ? nla_get_u8(tb[RCF_END_KIND]) : 0,
			tb[RCF_END_ID] ? nla_get_u32(tb[RCF_END_ID]) : 0,
			tb[RCF_END_PORT] ? nla_get_u32(tb[RCF_END_PORT]) : 0);
}

/* An empty list reads as no list, as for a node that never had one. */
static void parse_addrs(struct nlattr *nest, struct rcf_obj *o)
{
	struct nlattr *nla;
	int rem;

	nla_for_each_nested (nla, nest, rem) {
		struct rcf_addr a = {0};
		int type = nla_type(nla);

		if (type == RCF_ADDR_IN && nla_len(nla) == 4)
			a.v6 = 0;
		else if (type == RCF_ADDR_IN6 && nla_len(nla) == 16)
			a.v6 = 1;
		else
			continue;
		memcpy(a.a, nla_data(nla), nla_len(nla));
		rcf_obj_add_addr(o, &a);
	}
}

/* Reads the attributes that belong to kind; others are ignored. */
int rcf_nl_parse_obj(struct nlattr *head, int len, enum rcf_kind kind,
		     struct rcf_obj *o)
{
	struct nlattr *tb[RCF_A_MAX + 1];

	rcf_obj_init(o, kind);
	if (nla_parse(tb, RCF_A_MAX, head, len, NULL))
		return -1;
	for (const int *a = rcf_kind_attrs[kind]; *a; a++) {
		struct nlattr *nla = tb[*a];
		int n;

		if (!nla)
			continue;
		switch (rcf_attrs[*a].type) {
		case RCF_T_U8:
			if (nla_len(nla) >= 1)
				rcf_set(o, *a, nla_get_u8(nla));
			break;
		case RCF_T_U32:
			if (nla_len(nla) >= 4)
				rcf_set(o, *a, nla_get_u32(nla));
			break;
		case RCF_T_U64:
			if (nla_len(nla) >= 8)
				rcf_set(o, *a, nla_get_u64(nla));
			break;
		case RCF_T_STR:
			nla_strlcpy(o->ifname, nla, sizeof(o->ifname));
			rcf_mark(o, *a);
			break;
		case RCF_T_HOPS:
			n = nla_len(nla);
			if (n > RCF_ROUTE_MAX_HOPS)
				n = RCF_ROUTE_MAX_HOPS;
			memcpy(o->hops, nla_data(nla), n);
			o->nhops = n;
			rcf_mark(o, *a);
			break;
		case RCF_T_END:
			parse_end(nla, o, *a == RCF_A_LINK_END_B);
			break;
		case RCF_T_ADDRS:
			parse_addrs(nla, o);
			break;
		default:
			break;
		}
	}
	return 0;
}

static const char *const end_names[] = {
	[RCF_END_KIND] = "kind", [RCF_END_ID] = "id", [RCF_END_PORT] = "port"};

enum { AT_TOP, AT_OP, AT_END, AT_BATCH, AT_ADDR };

/* Walks nested attributes looking for the one that starts at off. */
static int find_attr(struct nlattr *head, int len, const char *base,
		     uint32_t off, int where, int *op, char *buf, size_t blen)
{
	struct nlattr *nla;
	int rem;

	int idx = 0;

	nla_for_each_attr (nla, head, len, rem) {
		uint32_t at = (uint32_t)((const char *)nla - base);
		int type = nla_type(nla), inner = -1;

		idx++;
		if (where == AT_BATCH)
			++*op;
		if (at == off) {
			if (where == AT_END)
				snprintf(buf, blen, "end %s",
					 type <= RCF_END_MAX && end_names[type]
						 ? end_names[type]
						 : "unknown");
			else if (where == AT_BATCH)
				snprintf(buf, blen, "operation %d", *op);
			else if (where == AT_ADDR)
				snprintf(buf, blen, "addr (address %d)", idx);
			else if (where == AT_TOP && type == RCF_A_BATCH)
				snprintf(buf, blen, "batch");
			else
				snprintf(buf, blen, "%s", rcf_attr_name(type));
			return 1;
		}
		if (off <= at || off >= at + nla->nla_len)
			continue;
		if (where == AT_TOP && type == RCF_A_BATCH)
			inner = AT_BATCH;
		else if (where == AT_BATCH)
			inner = AT_OP;
		else if ((where == AT_TOP || where == AT_OP) &&
			 (type == RCF_A_LINK_END_A || type == RCF_A_LINK_END_B))
			inner = AT_END;
		else if ((where == AT_TOP || where == AT_OP) &&
			 type == RCF_A_NODE_ADDRS)
			inner = AT_ADDR;
		if (inner < 0)
			return 0;
		return find_attr(nla_data(nla), nla_len(nla), base, off, inner,
				 op, buf, blen);
	}
	return 0;
}

void rcf_nl_name_attr(struct nl_msg *msg, uint32_t off, char *buf, size_t len)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int op = -1;

	buf[0] = '\0';
	if (!find_attr(genlmsg_attrdata(nlmsg_data(nlh), 0),
		       genlmsg_attrlen(nlmsg_data(nlh), 0), (const char *)nlh,
		       off, AT_TOP, &op, buf, len))
		buf[0] = '\0';
}
