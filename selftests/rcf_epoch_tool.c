// SPDX-License-Identifier: GPL-2.0
/*
 * Epoch requests for rcf_epoch.sh, with the attributes rcfctl may not
 * send yet: a change with RCF_A_EPOCH_MODE and RCF_A_EPOCH_TIMEOUT_MS,
 * EPOCH_GET, a refused batch, and the epoch event.  Each prints one line
 * of name=value fields (err is a positive errno, 0 on success).
 *
 *   rcf_epoch_tool get
 *   rcf_epoch_tool route MODE TIMEOUT_MS SRC DST INDEX HOP...
 *   rcf_epoch_tool link MODE TIMEOUT_MS ID up|down
 *   rcf_epoch_tool badbatch SRC DST INDEX
 *   rcf_epoch_tool watch SRC DST INDEX HOP...
 *   rcf_epoch_tool flip
 *
 * flip runs six epochs on rcf_epoch.sh's two-link fabric, one process
 * being dear under TCG: both routes onto the switches' port 2 (link 3),
 * link 2 down and up, both back onto port 1 (link 2), link 3 down and up.
 *
 * MODE is auto, drain or freeze; a TIMEOUT_MS of 0 leaves it out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rcf_nl.h"

static const char *const fields[] = {
	[RCF_EPOCH_NUMBER] = "number",
	[RCF_EPOCH_SUSPEND_NS] = "suspend_ns",
	[RCF_EPOCH_DRAIN_NS] = "drain_ns",
	[RCF_EPOCH_APPLY_NS] = "apply_ns",
	[RCF_EPOCH_RESUME_NS] = "resume_ns",
	[RCF_EPOCH_INFLIGHT] = "inflight",
	[RCF_EPOCH_DRAIN_CYCLES] = "drain_cycles",
	[RCF_EPOCH_HELD] = "held",
	[RCF_EPOCH_APPLIED] = "applied",
	[RCF_EPOCH_ROLLED_BACK] = "rolled_back",
};

static void print_epoch(const struct rcf_answer *o)
{
	struct rcf_answer ep = rcf_nested(o, RCF_A_EPOCH);
	unsigned int t;

	if (!ep.attrs) {
		printf("no_epoch=1\n");
		return;
	}
	printf("mode=%u error=%u", rcf_u8(&ep, RCF_EPOCH_MODE),
	       rcf_u32(&ep, RCF_EPOCH_ERROR));
	for (t = 0; t < sizeof(fields) / sizeof(fields[0]); t++)
		if (fields[t])
			printf(" %s=%llu%s", fields[t],
			       (unsigned long long)rcf_u64(&ep, t),
			       rcf_has_attr(&ep, t) ? "" : "?");
	printf("\n");
}

static int mode_of(const char *s)
{
	if (!strcmp(s, "auto"))
		return RCF_EPOCH_AUTO;
	if (!strcmp(s, "drain"))
		return RCF_EPOCH_DRAIN;
	if (!strcmp(s, "freeze"))
		return RCF_EPOCH_FREEZE;
	fprintf(stderr, "unknown mode %s\n", s);
	exit(2);
}

static void put_epoch(struct rcf_msg *m, const char *mode, const char *to)
{
	unsigned long t = strtoul(to, NULL, 0);

	rcf_put_u8(m, RCF_A_EPOCH_MODE, (uint8_t)mode_of(mode));
	if (t)
		rcf_put_u32(m, RCF_A_EPOCH_TIMEOUT_MS, (uint32_t)t);
}

static void put_route(struct rcf_msg *m, char **argv, int argc)
{
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	int i;

	rcf_put_u32(m, RCF_A_ROUTE_SRC, strtoul(argv[0], NULL, 0));
	rcf_put_u32(m, RCF_A_ROUTE_DST, strtoul(argv[1], NULL, 0));
	rcf_put_u8(m, RCF_A_ROUTE_INDEX, strtoul(argv[2], NULL, 0));
	for (i = 3; i < argc && i - 3 < RCF_ROUTE_MAX_HOPS; i++)
		hops[i - 3] = strtoul(argv[i], NULL, 0);
	rcf_put_bytes(m, RCF_A_ROUTE_HOPS, hops, i - 3);
}

static int report(int ret, const struct rcf_nl_err *err)
{
	printf("err=%d msg=%s\n", -ret, err->msg[0] ? err->msg : "-");
	return 0;
}

static int route_set(struct rcf_nl *nl, uint32_t src, uint32_t dst,
		     uint8_t port)
{
	uint8_t hops[3] = {0, port, 0};
	struct rcf_nl_err err = {0};
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_BATCH, 0);

	rcf_nest_start(m, RCF_A_BATCH);
	for (int i = 0; i < 2; i++) {
		rcf_nest_start(m, RCF_A_BATCH_OP);
		rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_ROUTE_SET);
		rcf_put_u32(m, RCF_A_ROUTE_SRC, i ? dst : src);
		rcf_put_u32(m, RCF_A_ROUTE_DST, i ? src : dst);
		rcf_put_u8(m, RCF_A_ROUTE_INDEX, 0);
		rcf_put_bytes(m, RCF_A_ROUTE_HOPS, hops, sizeof(hops));
		rcf_nest_end(m);
	}
	rcf_nest_end(m);
	return rcf_xfer(nl, m, NULL, &err);
}

static int link_state(struct rcf_nl *nl, uint32_t id, uint8_t state)
{
	struct rcf_nl_err err = {0};
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_LINK_SET, 0);

	rcf_put_u32(m, RCF_A_LINK_ID, id);
	rcf_put_u8(m, RCF_A_LINK_STATE, state);
	return rcf_xfer(nl, m, NULL, &err);
}

static int flip(struct rcf_nl *nl)
{
	int ret = 0;

	ret = ret ?: route_set(nl, 0, 1, 2);
	ret = ret ?: link_state(nl, 2, RCF_LINK_DOWN);
	ret = ret ?: link_state(nl, 2, RCF_LINK_UP);
	ret = ret ?: route_set(nl, 0, 1, 1);
	ret = ret ?: link_state(nl, 3, RCF_LINK_DOWN);
	ret = ret ?: link_state(nl, 3, RCF_LINK_UP);
	printf("err=%d\n", -ret);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: see the head of rcf_epoch_tool.c\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct rcf_nl_err err = {0};
	struct rcf_reply rep = {0};
	struct rcf_nl nl;
	struct rcf_msg *m;
	char why[256];
	int ret;

	if (argc < 2)
		return usage();
	if (rcf_nl_open(&nl, why, sizeof(why))) {
		fprintf(stderr, "rcf_epoch_tool: %s\n", why);
		return 1;
	}
	if (!strcmp(argv[1], "get")) {
		m = rcf_msg_new(&nl, RCF_CMD_EPOCH_GET, 0);
		ret = rcf_xfer(&nl, m, &rep, &err);
		if (ret || rep.n != 1)
			return report(ret ? ret : -EPROTO, &err);
		print_epoch(&rep.v[0]);
		rcf_reply_free(&rep);
	} else if (!strcmp(argv[1], "route") && argc >= 8) {
		m = rcf_msg_new(&nl, RCF_CMD_ROUTE_SET, 0);
		put_epoch(m, argv[2], argv[3]);
		put_route(m, argv + 4, argc - 4);
		return report(rcf_xfer(&nl, m, NULL, &err), &err);
	} else if (!strcmp(argv[1], "link") && argc == 6) {
		m = rcf_msg_new(&nl, RCF_CMD_LINK_SET, 0);
		put_epoch(m, argv[2], argv[3]);
		rcf_put_u32(m, RCF_A_LINK_ID, strtoul(argv[4], NULL, 0));
		rcf_put_u8(m, RCF_A_LINK_STATE,
			   !strcmp(argv[5], "up") ? RCF_LINK_UP
						  : RCF_LINK_DOWN);
		return report(rcf_xfer(&nl, m, NULL, &err), &err);
	} else if (!strcmp(argv[1], "flip") && argc == 2) {
		return flip(&nl);
	} else if (!strcmp(argv[1], "badbatch") && argc == 5) {
		/* a valid deletion, then a node that does not exist */
		m = rcf_msg_new(&nl, RCF_CMD_BATCH, 0);
		rcf_nest_start(m, RCF_A_BATCH);
		rcf_nest_start(m, RCF_A_BATCH_OP);
		rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_ROUTE_DEL);
		rcf_put_u32(m, RCF_A_ROUTE_SRC, strtoul(argv[2], NULL, 0));
		rcf_put_u32(m, RCF_A_ROUTE_DST, strtoul(argv[3], NULL, 0));
		rcf_put_u8(m, RCF_A_ROUTE_INDEX, strtoul(argv[4], NULL, 0));
		rcf_nest_end(m);
		rcf_nest_start(m, RCF_A_BATCH_OP);
		rcf_put_u8(m, RCF_A_OP_CMD, RCF_CMD_NODE_DEL);
		rcf_put_u32(m, RCF_A_NODE_ID, RCF_MAX_NODES - 1);
		rcf_nest_end(m);
		rcf_nest_end(m);
		return report(rcf_xfer(&nl, m, NULL, &err), &err);
	} else if (!strcmp(argv[1], "watch") && argc >= 6) {
		struct rcf_answer ev;
		struct rcf_nl ln;

		/* a socket of its own: the request's ack would eat events */
		if (rcf_nl_open(&ln, NULL, 0) ||
		    rcf_nl_join_events(&ln, NULL, 0)) {
			perror("join");
			return 1;
		}
		m = rcf_msg_new(&nl, RCF_CMD_ROUTE_SET, 0);
		put_route(m, argv + 2, argc - 2);
		ret = rcf_xfer(&nl, m, NULL, &err);
		if (ret)
			return report(ret, &err);
		for (;;) {
			ret = rcf_recv_event(&ln, &ev, 5000);
			if (ret)
				return report(ret, &err);
			if (ev.cmd == RCF_CMD_EPOCH_NTF)
				break;
			free(ev.attrs);
		}
		print_epoch(&ev);
		free(ev.attrs);
		rcf_nl_close(&ln);
	} else {
		return usage();
	}
	rcf_nl_close(&nl);
	return 0;
}
