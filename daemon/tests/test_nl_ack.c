// SPDX-License-Identifier: GPL-2.0
/*
 * The one decoder of the kernel's answers (rcf_nl_err_parse), which the tools
 * and the selftests share: acks built here byte by byte as the kernel
 * lays them out, echoed request or capped, and dump ends.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/netlink.h>

#include "tap.h"
#include "nl/nl_sock.h"

static union {
	uint8_t b[1024];
	struct nlmsghdr h;
} buf;
static size_t len;

static void put(const void *p, size_t n)
{
	memcpy(buf.b + len, p, n);
	len += n;
}

static void pad(void)
{
	while (len % 4)
		buf.b[len++] = 0;
}

static void tlv(uint16_t type, const void *p, size_t n)
{
	struct nlattr a = {.nla_len = (uint16_t)(NLA_HDRLEN + n),
			   .nla_type = type};

	put(&a, sizeof(a));
	if (n)
		put(p, n);
	pad();
}

static void tlv_u32(uint16_t type, uint32_t v)
{
	tlv(type, &v, sizeof(v));
}

static void tlv_u64(uint16_t type, uint64_t v)
{
	tlv(type, &v, sizeof(v));
}

/*
 * An NLMSG_ERROR for a request of req_len bytes; echo: the request
 * follows (its length need not be a multiple of 4), else it is capped.
 */
static void error_msg(int error, uint32_t req_len, int echo, int tlvs)
{
	struct nlmsgerr e = {.error = error};

	memset(&buf, 0, sizeof(buf));
	len = NLMSG_HDRLEN;
	buf.h.nlmsg_type = NLMSG_ERROR;
	buf.h.nlmsg_flags =
		(echo ? 0 : NLM_F_CAPPED) | (tlvs ? NLM_F_ACK_TLVS : 0);
	e.msg.nlmsg_len = req_len;
	put(&e, sizeof(e));
	if (echo) {
		/* the request's body: a byte pattern an off-by-pad would read */
		for (uint32_t i = 0; i < req_len - NLMSG_HDRLEN; i++)
			buf.b[len++] = 0x5a;
		pad();
	}
}

static void done_msg(int error)
{
	memset(&buf, 0, sizeof(buf));
	len = NLMSG_HDRLEN;
	buf.h.nlmsg_type = NLMSG_DONE;
	buf.h.nlmsg_flags = NLM_F_MULTI | NLM_F_ACK_TLVS;
	put(&error, sizeof(error));
}

static void end(void)
{
	buf.h.nlmsg_len = (uint32_t)len;
}

int main(void)
{
	struct rcf_nl_err e;
	char s[512];

	tap_plan(9);

	error_msg(-EINVAL, 40, 0, 1);
	tlv(NLMSGERR_ATTR_MSG, "port out of range\n", 19);
	tlv_u32(NLMSGERR_ATTR_OFFS, 28);
	tlv_u32(NLMSGERR_ATTR_COOKIE, 3);
	tlv_u32(NLMSGERR_ATTR_MISS_TYPE, 7);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(e.err == EINVAL && !strcmp(e.msg, "port out of range") &&
		       e.has_offs && e.offs == 28 && e.has_cookie &&
		       e.cookie == 3 && e.miss_type == 7,
	       "capped ack: errno, message without its newline, offset, "
	       "cookie, missing type");

	/* 45 bytes of request: its echo is padded to 48 before the TLVs */
	error_msg(-ERANGE, 45, 1, 1);
	tlv(NLMSGERR_ATTR_MSG, "too many hops", 14);
	tlv_u32(NLMSGERR_ATTR_OFFS, 36);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(e.err == ERANGE && !strcmp(e.msg, "too many hops") &&
		       e.has_offs && e.offs == 36 && !e.has_cookie,
	       "echoed request of unaligned length: the TLVs after its "
	       "padding");

	error_msg(-EINVAL, 32, 0, 1);
	{
		size_t at = len;

		/* a nest: its header, then its members, then its length */
		tlv(NLMSGERR_ATTR_POLICY | NLA_F_NESTED, NULL, 0);
		tlv_u64(NL_POLICY_TYPE_ATTR_MIN_VALUE_U, 1);
		tlv_u64(NL_POLICY_TYPE_ATTR_MAX_VALUE_U, 255);
		((struct nlattr *)(buf.b + at))->nla_len = (uint16_t)(len - at);
	}
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(e.err == EINVAL && !strcmp(e.range, "1..255") && !e.msg[0],
	       "policy of the blamed attribute read as a range");

	error_msg(0, 32, 0, 0);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(!e.err && !e.msg[0] && !e.has_offs && !e.has_cookie,
	       "plain ack: nothing to report");

	error_msg(-EPERM, 32, 1, 0);
	tlv(NLMSGERR_ATTR_MSG, "not ours", 9);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(e.err == EPERM && !e.msg[0],
	       "TLVs not announced (no NLM_F_ACK_TLVS) are not read");

	done_msg(-EAGAIN);
	tlv(NLMSGERR_ATTR_MSG, "dump interrupted", 17);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(e.err == EAGAIN && !strcmp(e.msg, "dump interrupted"),
	       "dump end: its errno and message");

	done_msg(0);
	end();
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(!e.err && !e.msg[0], "dump end without an error");

	/* shorter than its nlmsgerr: nothing read past it */
	error_msg(-EINVAL, 32, 0, 1);
	buf.h.nlmsg_len = NLMSG_HDRLEN + 8;
	rcf_nl_err_parse(&buf.h, &e);
	tap_ok(!e.err && !e.msg[0], "truncated error message ignored");

	memset(&e, 0, sizeof(e));
	e.err = EINVAL;
	snprintf(e.msg, sizeof(e.msg), "bad port");
	snprintf(e.attr, sizeof(e.attr), "link end a port");
	snprintf(e.range, sizeof(e.range), "0..255");
	rcf_nl_error_str(&e, s, sizeof(s));
	tap_ok(!strcmp(s, "bad port, attribute link end a port, allowed "
			  "0..255 (Invalid argument)"),
	       "a refusal as a sentence");
	return tap_done();
}
