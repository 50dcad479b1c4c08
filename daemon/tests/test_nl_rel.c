// SPDX-License-Identifier: GPL-2.0
/*
 * A relation's install request without a kernel: every entry and
 * candidate of a relation larger than one 64 KiB nest arrives as
 * computed, and a switch whose entries cannot fit one nest is refused
 * instead of cut.
 */
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl_rel.h"
#include "route/relation_plan.h"
#include "tap.h"

#define FAMILY 0x20

/* What came back from one REL_SET op's candidates, in order. */
static void read_cands(struct nlattr *ent, uint32_t sw,
		       struct rcf_relation_ent *e)
{
	struct nlattr *a, *tb[RCF_RCAND_MAX + 1];
	int rem;

	memset(e, 0, sizeof(*e));
	e->sw = sw;
	nla_for_each_nested (a, ent, rem) {
		if (nla_type(a) == RCF_RENT_DST) {
			e->dst = nla_get_u32(a);
			continue;
		}
		CHECK_EQ(nla_type(a), RCF_RENT_CAND);
		if (e->n == RCF_RELATION_MAX_CAND ||
		    nla_parse_nested(tb, RCF_RCAND_MAX, a, NULL)) {
			CHECK(0);
			return;
		}
		e->hop[e->n] = RCF_HOP(nla_get_u8(tb[RCF_RCAND_PORT]),
				       nla_get_u8(tb[RCF_RCAND_VC]));
		e->cls[e->n] = tb[RCF_RCAND_ESCAPE] ? RCF_RELATION_ESCAPE
						    : RCF_RELATION_ADAPTIVE;
		e->in[e->n] =
			tb[RCF_RCAND_IN] ? nla_get_u32(tb[RCF_RCAND_IN]) : 0;
		e->vin[e->n] =
			tb[RCF_RCAND_VIN] ? nla_get_u8(tb[RCF_RCAND_VIN]) : 0;
		e->keep[e->n++] = !!tb[RCF_RCAND_KEEP];
	}
	CHECK_EQ(rem, 0);
}

static int same_ent(const struct rcf_relation_ent *a,
		    const struct rcf_relation_ent *b)
{
	if (a->sw != b->sw || a->dst != b->dst || a->n != b->n)
		return 0;
	for (int k = 0; k < a->n; k++)
		if (a->hop[k] != b->hop[k] || a->cls[k] != b->cls[k] ||
		    a->in[k] != b->in[k] || a->vin[k] != b->vin[k] ||
		    a->keep[k] != b->keep[k])
			return 0;
	return 1;
}

/*
 * rel's request walked op by op: REL_DEL first, a REL_SET for each
 * switch with every entry as computed, the FABRIC_SET last; the number
 * of RCF_A_BATCH nests it took.
 */
static int walk(struct nl_msg *msg, const struct rcf_relation *r)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));
	struct nlattr *head = genlmsg_attrdata(gh, 0), *b, *op, *a;
	int len = genlmsg_attrlen(gh, 0), rem, rem2, rem3, nests = 0;
	int nops = 0, fabric = 0, same = 1;
	size_t got = 0;

	nla_for_each_attr (b, head, len, rem) {
		CHECK_EQ(nla_type(b), RCF_A_BATCH);
		nests++;
		nla_for_each_nested (op, b, rem2) {
			struct nlattr *tb[RCF_A_MAX + 1];
			uint32_t sw;
			int cmd;

			CHECK_EQ(nla_type(op), RCF_A_BATCH_OP);
			CHECK(!fabric);
			memset(tb, 0, sizeof(tb));
			nla_for_each_nested (a, op, rem3)
				if (nla_type(a) <= RCF_A_MAX &&
				    nla_type(a) != RCF_A_REL_ENTRY)
					tb[nla_type(a)] = a;
			cmd = nla_get_u8(tb[RCF_A_OP_CMD]);
			if (nops++ == 0) {
				CHECK_EQ(cmd, RCF_CMD_REL_DEL);
				continue;
			}
			if (cmd == RCF_CMD_FABRIC_SET) {
				fabric = 1;
				CHECK_EQ(nla_get_u8(tb[RCF_A_FABRIC_SELECT]),
					 RCF_SEL_RANDOM);
				continue;
			}
			CHECK_EQ(cmd, RCF_CMD_REL_SET);
			sw = nla_get_u32(tb[RCF_A_REL_SWITCH]);
			nla_for_each_nested (a, op, rem3) {
				struct rcf_relation_ent e;

				if (nla_type(a) != RCF_A_REL_ENTRY)
					continue;
				read_cands(a, sw, &e);
				if (got >= r->n || !same_ent(&e, &r->ent[got]))
					same = 0;
				got++;
			}
		}
		CHECK_EQ(rem2, 0);
	}
	CHECK_EQ(rem, 0);
	CHECK(fabric);
	CHECK(same);
	CHECK_EQ(got, r->n);
	return nests;
}

/*
 * North-last over the wrap links on prdt:8:2:1 (64 switches, 4096
 * entries, about 2.6 bytes an entry's candidate) takes several nests;
 * one nest used to grow past 64 KiB and libnl dropped it with its
 * switches, which rcf.ko then had no entries for.
 */
static void t_big_relation(void)
{
	struct rcf_relation_plan p;
	const char *why = NULL;
	struct nl_msg *msg;
	char err[256];

	if (rcf_relation_plan_make("north-last-wrap", "prdt:8:2:1", NULL, 0, &p,
				   err, sizeof(err))) {
		printf("# %s\n", err);
		CHECK(0);
		return;
	}
	CHECK_EQ(p.r.n, 4096);
	msg = rcf_nl_rel_msg(FAMILY, &p.r, RCF_SEL_RANDOM, RCF_ROUTING_RELATION,
			     &why);
	CHECK(msg);
	if (msg) {
		CHECK(walk(msg, &p.r) > 1);
		nlmsg_free(msg);
	}
	rcf_relation_plan_free(&p);
}

/* A switch's own op past 64 KiB: refused whole, nothing cut. */
static void t_switch_too_big(void)
{
	struct rcf_relation r = {.n = 2048, .vcs = 2};
	const char *why = NULL;
	struct nl_msg *msg;

	r.ent = calloc(r.n, sizeof(*r.ent));
	CHECK(r.ent);
	if (!r.ent)
		return;
	for (size_t i = 0; i < r.n; i++) {
		r.ent[i].dst = i;
		r.ent[i].n = 4;
		for (int k = 0; k < 4; k++) {
			r.ent[i].hop[k] = RCF_HOP(k, 1);
			r.ent[i].in[k] = 0x1ff;
		}
	}
	msg = rcf_nl_rel_msg(FAMILY, &r, RCF_SEL_RANDOM, RCF_ROUTING_RELATION,
			     &why);
	CHECK(!msg);
	CHECK(why && strstr(why, "64 KiB"));
	if (msg)
		nlmsg_free(msg);
	/* the same entries spread over 32 switches fit */
	for (size_t i = 0; i < r.n; i++)
		r.ent[i].sw = i / 64;
	msg = rcf_nl_rel_msg(FAMILY, &r, RCF_SEL_RANDOM, RCF_ROUTING_RELATION,
			     &why);
	CHECK(msg);
	if (msg) {
		CHECK(walk(msg, &r) > 1);
		nlmsg_free(msg);
	}
	free(r.ent);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"a relation past one nest arrives whole", t_big_relation},
		{"a switch past 64 KiB is refused, not cut", t_switch_too_big},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
