// SPDX-License-Identifier: GPL-2.0
/*
 * A helper for the data-path selftests, on the raw netlink client so the
 * tests need nothing else:
 *
 *   rcf_stats_tool addr NODE [ADDR...]  replace the node's addresses
 *   rcf_stats_tool clock HZ             paced (HZ > 0) or free-running
 *   rcf_stats_tool get [KIND]           dump counters, one line per
 *                                       object: name=value ...
 *   rcf_stats_tool reset                zero the counters
 *   rcf_stats_tool flood ADDR PORT N SIZE
 *                                       send N UDP datagrams of SIZE
 *                                       bytes without blocking, waiting
 *                                       in poll() on EAGAIN; prints how
 *                                       often the socket pushed back
 *
 * KIND is fabric (default), channel, switch, node or pair.  Drops print
 * as drop_<reason>=N, the reason as uapi/linux/rcf_drop.h names it
 * (drop_no-route=2).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf_drop.h>

#include "rcf_nl.h"

static const char *const stat_names[__RCF_STATS_MAX] = {
	[RCF_STATS_LINK] = "link",
	[RCF_STATS_DIR] = "dir",
	[RCF_STATS_VC] = "vc",
	[RCF_STATS_SWITCH] = "switch",
	[RCF_STATS_NODE] = "node",
	[RCF_STATS_SRC] = "src",
	[RCF_STATS_DST] = "dst",
	[RCF_STATS_CYCLE] = "cycle",
	[RCF_STATS_ENGINE_GEN] = "engine_gen",
	[RCF_STATS_PKTS_SENT] = "pkts_sent",
	[RCF_STATS_PKTS_DELIVERED] = "pkts_delivered",
	[RCF_STATS_PKTS_DROPPED] = "pkts_dropped",
	[RCF_STATS_BYTES_INJECTED] = "bytes_injected",
	[RCF_STATS_BYTES_DELIVERED] = "bytes_delivered",
	[RCF_STATS_BYTES_DROPPED] = "bytes_dropped",
	[RCF_STATS_BYTES_INFLIGHT] = "bytes_inflight",
	[RCF_STATS_BYTE_HOPS] = "byte_hops",
	[RCF_STATS_LAT_SUM] = "lat_sum",
	[RCF_STATS_LAT_MIN] = "lat_min",
	[RCF_STATS_LAT_MAX] = "lat_max",
	[RCF_STATS_MSGS_SENT] = "msgs_sent",
	[RCF_STATS_MSGS_RECEIVED] = "msgs_received",
	[RCF_STATS_TX_BYTES] = "tx_bytes",
	[RCF_STATS_RX_BYTES] = "rx_bytes",
	[RCF_STATS_BACKLOG] = "backlog",
	[RCF_STATS_BYTES] = "bytes",
	[RCF_STATS_PACKETS] = "packets",
	[RCF_STATS_BLOCKED] = "blocked",
	[RCF_STATS_CREDIT] = "credit",
	[RCF_STATS_OCCUPANCY] = "occupancy",
	[RCF_STATS_CQ_SIZE] = "cq_size",
	[RCF_STATS_CQ_CUR] = "cq_cur",
	[RCF_STATS_CQ_PEAK] = "cq_peak",
};

/* named as rcfctl and the rcf_drop tracepoint name them */
#define DROP_NAME(r, name) [r] = name
static const char *const drop_names[__RCF_DROP_MAX] = {
	RCF_DROP_REASONS(DROP_NAME, RCF_DROP_COMMA),
};

static const char *const kinds[] = {
	[RCF_STATS_KIND_FABRIC] = "fabric",
	[RCF_STATS_KIND_CHANNEL] = "channel",
	[RCF_STATS_KIND_SWITCH] = "switch",
	[RCF_STATS_KIND_NODE] = "node",
	[RCF_STATS_KIND_PAIR] = "pair",
};

static uint64_t attr_val(const struct nlattr *a)
{
	size_t len = a->nla_len - NLA_HDRLEN;
	const uint8_t *p = (const uint8_t *)a + NLA_HDRLEN;
	uint64_t v = 0;

	if (len == 1)
		v = *p;
	else if (len == 4)
		memcpy(&v, p, 4), v &= 0xffffffffu;
	else if (len == 8)
		memcpy(&v, p, 8);
	return v;
}

/*
 * One keyed count of RCF_STATS_DROPS (drop_<reason>=N) or
 * RCF_STATS_LAT_HIST (lat_bucket<k>=N).
 */
static void entry(const struct nlattr *a, int drop)
{
	const uint8_t *p = (const uint8_t *)a + NLA_HDRLEN;
	const struct nlattr *key = NULL, *count = NULL;

	for (size_t o = 0; o + NLA_HDRLEN <= a->nla_len - NLA_HDRLEN;) {
		const struct nlattr *d = (const struct nlattr *)(p + o);

		if (d->nla_len < NLA_HDRLEN)
			break;
		if ((d->nla_type & NLA_TYPE_MASK) == RCF_SDROP_REASON)
			key = d;
		else if ((d->nla_type & NLA_TYPE_MASK) == RCF_SDROP_COUNT)
			count = d;
		o += NLA_ALIGN(d->nla_len);
	}
	if (!key || !count)
		return;
	if (drop)
		printf(" drop_%s=%llu",
		       attr_val(key) < __RCF_DROP_MAX &&
				       drop_names[attr_val(key)]
			       ? drop_names[attr_val(key)]
			       : "unknown",
		       (unsigned long long)attr_val(count));
	else
		printf(" lat_bucket%llu=%llu",
		       (unsigned long long)attr_val(key),
		       (unsigned long long)attr_val(count));
}

/* Each counter of an RCF_A_STATS nest, printed as name=value. */
static void walk(const uint8_t *attrs, size_t len)
{
	for (size_t off = 0; off + NLA_HDRLEN <= len;) {
		const struct nlattr *a = (const struct nlattr *)(attrs + off);
		uint16_t type = a->nla_type & NLA_TYPE_MASK;

		if (a->nla_len < NLA_HDRLEN)
			break;
		if (type == RCF_STATS_DROPS || type == RCF_STATS_LAT_HIST)
			entry(a, type == RCF_STATS_DROPS);
		else if (type < __RCF_STATS_MAX && stat_names[type])
			printf(" %s=%llu", stat_names[type],
			       (unsigned long long)attr_val(a));
		off += NLA_ALIGN(a->nla_len);
	}
}

static int get(struct rcf_nl *nl, const char *kind)
{
	struct rcf_reply rep = {0};
	struct rcf_nl_err err = {0};
	struct rcf_msg *m;
	unsigned int k = RCF_STATS_KIND_FABRIC;
	int r;

	if (kind) {
		for (k = RCF_STATS_KIND_FABRIC; k <= RCF_STATS_KIND_PAIR; k++)
			if (!strcmp(kind, kinds[k]))
				break;
		if (k > RCF_STATS_KIND_PAIR) {
			fprintf(stderr, "unknown kind %s\n", kind);
			return 2;
		}
	}
	m = rcf_msg_new(nl, RCF_CMD_STATS_GET, NLM_F_DUMP);
	rcf_put_u8(m, RCF_A_STATS_KIND, (uint8_t)k);
	r = rcf_xfer(nl, m, &rep, &err);
	if (r) {
		fprintf(stderr, "stats: %s (%s)\n", strerror(-r), err.msg);
		return 1;
	}
	for (size_t i = 0; i < rep.n; i++) {
		struct rcf_answer s = rcf_nested(&rep.v[i], RCF_A_STATS);

		printf("%s", kinds[rcf_u8(&rep.v[i], RCF_A_STATS_KIND) <=
						   RCF_STATS_KIND_PAIR
					   ? rcf_u8(&rep.v[i], RCF_A_STATS_KIND)
					   : 0]
				     ?: "?");
		walk(s.attrs, s.len);
		printf("\n");
	}
	rcf_reply_free(&rep);
	return 0;
}

static int addr(struct rcf_nl *nl, int argc, char **argv)
{
	struct rcf_nl_err err = {0};
	struct rcf_msg *m = rcf_msg_new(nl, RCF_CMD_NODE_SET, 0);
	int r;

	rcf_put_u32(m, RCF_A_NODE_ID, (uint32_t)atoi(argv[0]));
	rcf_nest_start(m, RCF_A_NODE_ADDRS);
	for (int i = 1; i < argc; i++) {
		uint8_t a[16];

		if (inet_pton(AF_INET, argv[i], a) == 1) {
			rcf_put_bytes(m, RCF_ADDR_IN, a, 4);
		} else if (inet_pton(AF_INET6, argv[i], a) == 1) {
			rcf_put_bytes(m, RCF_ADDR_IN6, a, 16);
		} else {
			fprintf(stderr, "bad address %s\n", argv[i]);
			rcf_msg_free(m);
			return 2;
		}
	}
	rcf_nest_end(m);
	r = rcf_xfer(nl, m, NULL, &err);
	if (r)
		fprintf(stderr, "addr: %s (%s)\n", strerror(-r), err.msg);
	return r ? 1 : 0;
}

static int simple(struct rcf_nl *nl, uint8_t cmd, const char *hz)
{
	struct rcf_nl_err err = {0};
	struct rcf_msg *m = rcf_msg_new(nl, cmd, 0);
	int r;

	if (hz) {
		uint64_t v = strtoull(hz, NULL, 0);

		rcf_put_bytes(m, RCF_A_FABRIC_CLOCK_HZ, &v, sizeof(v));
	}
	r = rcf_xfer(nl, m, NULL, &err);
	if (r)
		fprintf(stderr, "%s\n", err.msg[0] ? err.msg : strerror(-r));
	return r ? 1 : 0;
}

/* Backpressure seen from a socket: EAGAIN while the fabric is full. */
static int flood(const char *addr, int port, long n, int size)
{
	struct sockaddr_storage ss = {0};
	struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
	static char buf[65536];
	long sent = 0, eagain = 0;
	socklen_t sl;
	int fd;

	if (inet_pton(AF_INET, addr, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)port);
		sl = sizeof(*s4);
	} else if (inet_pton(AF_INET6, addr, &s6->sin6_addr) == 1) {
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)port);
		sl = sizeof(*s6);
	} else {
		return 2;
	}
	if (size < 0 || size > (int)sizeof(buf))
		return 2;
	fd = socket(ss.ss_family, SOCK_DGRAM, 0);
	if (fd < 0)
		return 1;
	memset(buf, 0x5a, sizeof(buf));
	while (sent < n) {
		if (sendto(fd, buf, (size_t)size, MSG_DONTWAIT,
			   (struct sockaddr *)&ss, sl) >= 0) {
			sent++;
			continue;
		}
		if (errno != EAGAIN && errno != ENOBUFS) {
			perror("sendto");
			close(fd);
			return 1;
		}
		struct pollfd p = {.fd = fd, .events = POLLOUT};

		eagain++;
		poll(&p, 1, 1000);
	}
	close(fd);
	printf("sent=%ld eagain=%ld\n", sent, eagain);
	return 0;
}

int main(int argc, char **argv)
{
	struct rcf_nl nl;
	int r;

	if (argc < 2) {
		fprintf(stderr, "usage: rcf_stats_tool addr NODE [ADDR...] | "
				"clock HZ | get [KIND] | reset\n");
		return 2;
	}
	if (!strcmp(argv[1], "flood") && argc == 6)
		return flood(argv[2], atoi(argv[3]), atol(argv[4]),
			     atoi(argv[5]));
	r = rcf_nl_open(&nl, NULL, 0);
	if (r) {
		fprintf(stderr, "rcf family: %s\n", strerror(-r));
		return 1;
	}
	if (!strcmp(argv[1], "addr") && argc >= 3)
		r = addr(&nl, argc - 2, argv + 2);
	else if (!strcmp(argv[1], "clock") && argc == 3)
		r = simple(&nl, RCF_CMD_FABRIC_SET, argv[2]);
	else if (!strcmp(argv[1], "get"))
		r = get(&nl, argc > 2 ? argv[2] : NULL);
	else if (!strcmp(argv[1], "reset"))
		r = simple(&nl, RCF_CMD_STATS_RESET, NULL);
	else
		r = 2;
	rcf_nl_close(&nl);
	return r;
}
