// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink packing without a kernel: objects survive attributes both ways,
 * big batches are split into RCF_A_BATCH nests that each fit 64 KiB, and
 * an extack attribute offset is named.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "tap.h"
#include "nl/nl.h"
#include "topo/topo_gen.h"

#define FAMILY 0x20

static struct nlattr *attrs(struct nl_msg *msg, int *len)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));

	*len = genlmsg_attrlen(gh, 0);
	return genlmsg_attrdata(gh, 0);
}

/* Walks every RCF_A_BATCH and compares each op with ops[]. */
static void check_batch(const char *spec)
{
	struct rcf_topo t;
	struct rcf_op *ops;
	size_t n, seen = 0;
	char err[256], name[160];
	struct nl_msg *msg;
	struct nlattr *b, *op;
	int len, rem, rem2, nests = 0, same = 1, sizes_ok = 1;

	rcf_topo_generate(spec, &t, err, sizeof(err));
	rcf_topo_ops(&t, &ops, &n);
	msg = rcf_nl_batch_msg(FAMILY, ops, n);
	if (!msg) {
		tap_ok(0, "batch message built");
		return;
	}
	nla_for_each_attr (b, attrs(msg, &len), len, rem) {
		if (nla_type(b) != RCF_A_BATCH) {
			same = 0;
			continue;
		}
		nests++;
		/* a truncated nest length would show as a short walk */
		if ((char *)nla_data(b) + nla_len(b) > (char *)b + 65535)
			sizes_ok = 0;
		nla_for_each_nested (op, b, rem2) {
			struct nlattr *tb[RCF_A_MAX + 1];
			enum rcf_kind k;
			enum rcf_verb v;
			struct rcf_obj o;

			if (seen >= n ||
			    nla_parse_nested(tb, RCF_A_MAX, op, NULL) ||
			    !tb[RCF_A_OP_CMD] ||
			    nla_get_u8(tb[RCF_A_OP_CMD]) != ops[seen].cmd) {
				same = 0;
				break;
			}
			rcf_cmd_split(ops[seen].cmd, &k, &v);
			rcf_nl_parse_obj(nla_data(op), nla_len(op), k, &o);
			if (!rcf_obj_equal(&o, &ops[seen].o))
				same = 0;
			seen++;
		}
	}
	snprintf(name, sizeof(name),
		 "%s: %zu ops packed in %d RCF_A_BATCH nest(s), read back "
		 "equal",
		 spec, n, nests);
	tap_ok(same && seen == n && sizes_ok, name);
	snprintf(name, sizeof(name), "%s: batch_fit chunk fits one nest", spec);
	{
		size_t fit = rcf_nl_batch_fit(ops, n);
		struct nl_msg *one = rcf_nl_batch_msg(FAMILY, ops, fit);
		int cnt = 0;

		nla_for_each_attr (b, attrs(one, &len), len, rem)
			cnt++;
		tap_ok(fit > 0 && cnt == 1 &&
			       (fit == n ||
				rcf_nl_batch_fit(ops, fit + 1) == fit),
		       name);
		nlmsg_free(one);
	}
	nlmsg_free(msg);
	free(ops);
	rcf_topo_free(&t);
}

static uint32_t offset_of(struct nl_msg *msg, const void *p)
{
	return (uint32_t)((const char *)p - (const char *)nlmsg_hdr(msg));
}

static void check_names(void)
{
	struct rcf_op ops[3];
	struct nl_msg *msg;
	struct nlattr *b, *op, *a, *end;
	char buf[96];
	int len, rem, i = 0, ok;

	memset(ops, 0, sizeof(ops));
	for (int k = 0; k < 3; k++) {
		ops[k].cmd = RCF_CMD_LINK_NEW;
		rcf_obj_init(&ops[k].o, RCF_K_LINK);
		rcf_set(&ops[k].o, RCF_A_LINK_ID, k);
		rcf_obj_set_end(&ops[k].o, 0, RCF_ELEM_NODE, k, 0);
		rcf_obj_set_end(&ops[k].o, 1, RCF_ELEM_SWITCH, 0, k);
		rcf_set(&ops[k].o, RCF_A_LINK_VCS, 2);
	}
	msg = rcf_nl_batch_msg(FAMILY, ops, 3);
	b = attrs(msg, &len);
	nla_for_each_nested (op, b, rem) {
		if (i++ == 2)
			break;
	}
	rcf_nl_name_attr(msg, offset_of(msg, op), buf, sizeof(buf));
	ok = !strcmp(buf, "operation 2");
	a = nla_find(nla_data(op), nla_len(op), RCF_A_LINK_VCS);
	rcf_nl_name_attr(msg, offset_of(msg, a), buf, sizeof(buf));
	ok = ok && !strcmp(buf, "vcs");
	end = nla_find(nla_data(op), nla_len(op), RCF_A_LINK_END_B);
	a = nla_find(nla_data(end), nla_len(end), RCF_END_PORT);
	rcf_nl_name_attr(msg, offset_of(msg, a), buf, sizeof(buf));
	ok = ok && !strcmp(buf, "end port");
	rcf_nl_name_attr(msg, 3, buf, sizeof(buf));
	tap_ok(ok && !buf[0], "extack offsets are named: op, attribute, end");
	nlmsg_free(msg);
}

/*
 * A fabric set of its memory limit in a batch: packed and read back, and
 * the kernel's pointer at the refused value is named for the user.
 */
static void check_mem_limit(void)
{
	struct rcf_op op = {.cmd = RCF_CMD_FABRIC_SET};
	struct nl_msg *msg;
	struct nlattr *b, *a;
	struct rcf_obj back;
	char buf[96];
	int len, ok;

	rcf_obj_init(&op.o, RCF_K_FABRIC);
	rcf_set(&op.o, RCF_A_FABRIC_MEM_LIMIT, 5ULL << 32);
	msg = rcf_nl_batch_msg(FAMILY, &op, 1);
	b = attrs(msg, &len);
	b = nla_data(b);
	rcf_nl_parse_obj(nla_data(b), nla_len(b), RCF_K_FABRIC, &back);
	ok = rcf_obj_equal(&back, &op.o);
	a = nla_find(nla_data(b), nla_len(b), RCF_A_FABRIC_MEM_LIMIT);
	rcf_nl_name_attr(msg, a ? offset_of(msg, a) : 0, buf, sizeof(buf));
	tap_ok(ok && a && !strcmp(buf, "mem-limit"),
	       "fabric mem-limit: 64 bits packed, read back, named");
	nlmsg_free(msg);
}

int main(void)
{
	tap_plan(2 * 3 + 2);
	check_batch("sp1:16");
	check_batch("sp1:512");
	check_batch("hypercube:12");
	check_names();
	check_mem_limit();
	return tap_done();
}
