// SPDX-License-Identifier: GPL-2.0
/*
 * The tools' requests to rcf.ko over the family's socket (nl_sock.c):
 * objects in, objects out through callbacks, dumps retried while changes
 * interrupt them, refusals with the attribute they blame named.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl.h"

/* what a request's replies go to: objects (cb), or messages as they are */
struct req {
	struct rcf_nl *nl;
	rcf_nl_cb cb;
	rcf_nl_raw_cb raw;
	void *arg;
};

static int on_reply(struct nl_msg *msg, void *arg)
{
	struct req *r = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gh = nlmsg_data(nlh);
	enum rcf_kind kind;
	enum rcf_verb verb;
	struct rcf_obj o;

	if (nlh->nlmsg_type != r->nl->family)
		return 0;
	if (r->raw)
		return r->raw(msg, r->arg);
	if (!r->cb || rcf_cmd_split(gh->cmd, &kind, &verb))
		return 0;
	if (rcf_nl_parse_obj(genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0),
			     kind, &o))
		return 0;
	return r->cb(gh->cmd, &o, r->arg);
}

/*
 * Sends msg (consumed) and reads until its ack, error or dump end; a
 * refusal names the attribute it blamed, and a dump that a change
 * interrupted fails with EAGAIN.
 */
static int transact2(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_cb cb,
		     rcf_nl_raw_cb raw, void *arg)
{
	struct req r = {.nl = nl, .cb = cb, .raw = raw, .arg = arg};
	int rc = rcf_nl_exchange(nl, msg, on_reply, &r);

	if (nl->e.has_offs)
		rcf_nl_name_attr(msg, nl->e.offs, nl->e.attr,
				 sizeof(nl->e.attr));
	nlmsg_free(msg);
	if (!nl->e.err && nl->dump_intr) {
		nl->e.err = EAGAIN;
		snprintf(nl->e.msg, sizeof(nl->e.msg),
			 "the fabric changed during the dump");
		return -EAGAIN;
	}
	return rc;
}

static int transact(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_cb cb,
		    void *arg)
{
	return transact2(nl, msg, cb, NULL, arg);
}

int rcf_nl_transact_raw(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_raw_cb cb,
			void *arg)
{
	return transact2(nl, msg, NULL, cb, arg);
}

struct nl_msg *rcf_nl_new_msg(int family, uint8_t cmd, int flags, size_t size)
{
	struct nl_msg *msg = size ? nlmsg_alloc_size(size) : nlmsg_alloc();

	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family, 0, flags, cmd,
			 RCF_GENL_VERSION)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

static int no_mem(struct rcf_nl *nl, struct nl_msg *msg)
{
	if (msg)
		nlmsg_free(msg);
	memset(&nl->e, 0, sizeof(nl->e));
	nl->e.err = ENOMEM;
	snprintf(nl->e.msg, sizeof(nl->e.msg), "request does not fit");
	return -ENOMEM;
}

int rcf_nl_do(struct rcf_nl *nl, const struct rcf_op *op, rcf_nl_cb cb,
	      void *arg)
{
	/*
	 * No NLM_F_CREATE/EXCL: generic netlink refuses them on do requests
	 * of a strictly validated family (they alias the dump flags).
	 */
	struct nl_msg *msg = rcf_nl_new_msg(nl->family, op->cmd, 0, 0);

	if (!msg || rcf_nl_put_obj(msg, &op->o) ||
	    rcf_nl_put_epoch(nl, msg, op->cmd))
		return no_mem(nl, msg);
	return transact(nl, msg, cb, arg);
}

/* A dump's objects, kept until the dump proves to be one configuration's. */
struct dump_buf {
	struct rcf_obj *o;
	uint8_t *cmd;
	size_t n, cap;
};

static int dump_keep(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct dump_buf *b = arg;

	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 256;
		struct rcf_obj *no = realloc(b->o, cap * sizeof(*no));
		uint8_t *nc;

		if (!no)
			return -ENOMEM;
		b->o = no;
		nc = realloc(b->cmd, cap);
		if (!nc)
			return -ENOMEM;
		b->cmd = nc;
		b->cap = cap;
	}
	b->o[b->n] = *o;
	b->cmd[b->n++] = cmd;
	return 0;
}

int rcf_nl_dump(struct rcf_nl *nl, enum rcf_kind kind,
		const struct rcf_obj *filter, rcf_nl_cb cb, void *arg)
{
	struct dump_buf b = {0};
	int rc = -EAGAIN, tries;
	size_t i;

	/*
	 * A change between two parts of a dump makes the kernel mark the
	 * rest NLM_F_DUMP_INTR: the objects may mix two configurations, so
	 * none is passed on and the dump starts over, a bounded number of
	 * times under a fabric that keeps changing.
	 */
	for (tries = 0; rc == -EAGAIN && tries < RCF_NL_DUMP_TRIES; tries++) {
		struct nl_msg *msg = rcf_nl_new_msg(
			nl->family, rcf_cmd(kind, RCF_V_GET), NLM_F_DUMP, 0);

		if (!msg || (filter && rcf_nl_put_obj(msg, filter))) {
			free(b.o);
			free(b.cmd);
			return no_mem(nl, msg);
		}
		b.n = 0;
		rc = transact(nl, msg, dump_keep, &b);
	}
	if (rc == -EAGAIN)
		snprintf(nl->e.msg, sizeof(nl->e.msg),
			 "the fabric changed during each of %d dumps", tries);
	else if (rc == -ENOMEM && !nl->e.err)
		no_mem(nl, NULL);
	for (i = 0; !rc && i < b.n; i++)
		if (cb) {
			rc = cb(b.cmd[i], &b.o[i], arg);
			rc = rc < 0 ? rc : 0;
		}
	free(b.o);
	free(b.cmd);
	return rc;
}

struct nl_msg *rcf_nl_batch_build(const struct rcf_nl *nl,
				  const struct rcf_op *ops, size_t n)
{
	struct nl_msg *msg = rcf_nl_batch_msg(nl->family, ops, n);

	if (msg && rcf_nl_put_epoch(nl, msg, RCF_CMD_BATCH)) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

int rcf_nl_send_batch(struct rcf_nl *nl, struct nl_msg *msg)
{
	return transact(nl, msg, NULL, NULL);
}

int rcf_nl_batch(struct rcf_nl *nl, const struct rcf_op *ops, size_t n)
{
	struct nl_msg *msg = rcf_nl_batch_build(nl, ops, n);

	if (!msg)
		return no_mem(nl, NULL);
	return rcf_nl_send_batch(nl, msg);
}
