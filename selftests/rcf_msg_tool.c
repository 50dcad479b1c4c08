// SPDX-License-Identifier: GPL-2.0
/*
 * Checksummed message streams over UDP, for the path tests and
 * benchmarks: every datagram says who sent it to whom, its number in
 * that pair's stream and a checksum of its payload, so a receiver can
 * tell a message lost, cut, duplicated or out of order from one that
 * arrived whole, in order, once.  UDP retransmits nothing, so what the
 * fabric loses shows.
 *
 *   rcf_msg_tool send ID N SIZE RUN[:GAP_US] ADDR:PORT[/DST]...
 *       node ID sends N messages of SIZE bytes, RUN to one destination,
 *       then RUN to the next, round the list, pausing GAP_US between two
 *       runs; blocks (poll) while the socket is full, never drops.
 *       Prints sent=, us=, bytes=.
 *   rcf_msg_tool recv PORT TIMEOUT_S SRC:COUNT...
 *       takes datagrams until COUNT have come from each SRC or TIMEOUT_S
 *       passes with none; prints per source and in total ok=, bad=,
 *       dup=, order=, missing=, us= (first to last message); exits 0
 *       only when every expected message came whole, in order, once.
 *
 * DST (default: the address's last byte - 1) is the destination's node
 * id, written into the message; a receiver counts as bad a message for
 * another node than its first message was for (one receiver per node).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MSG_MAGIC 0x72636d31u /* "rcm1" */
#define MAX_PEERS 64
#define MAX_SIZE  65000

struct msg_hdr {
	uint32_t magic;
	uint32_t src, dst;
	uint32_t seq;
	uint32_t len; /* whole datagram */
	uint32_t sum; /* FNV-1a of the bytes after the header */
};

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

/* Payload bytes depend on the pair, the number and the position. */
static void fill(uint8_t *p, size_t n, uint32_t src, uint32_t dst, uint32_t seq)
{
	uint32_t x = src * 2654435761u ^ dst * 40503u ^ seq * 97u;
	size_t i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (uint8_t)x;
	}
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

struct peer {
	struct sockaddr_storage ss;
	socklen_t sl;
	uint32_t id;
	uint32_t seq;
};

static int parse_peer(const char *arg, struct peer *p)
{
	char buf[128], *host, *colon, *slash;
	struct sockaddr_in *s4 = (struct sockaddr_in *)&p->ss;
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&p->ss;
	long port;

	if (strlen(arg) >= sizeof(buf))
		return -1;
	strcpy(buf, arg);
	slash = strchr(buf, '/');
	if (slash)
		*slash++ = 0;
	colon = strrchr(buf, ':');
	if (!colon)
		return -1;
	*colon++ = 0;
	port = strtol(colon, NULL, 10);
	if (port <= 0 || port > 65535)
		return -1;
	host = buf;
	if (*host == '[' && host[strlen(host) - 1] == ']') {
		host[strlen(host) - 1] = 0;
		host++;
	}
	memset(p, 0, sizeof(*p));
	if (inet_pton(AF_INET, host, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)port);
		p->sl = sizeof(*s4);
		p->id = ((const uint8_t *)&s4->sin_addr)[3] - 1u;
	} else if (inet_pton(AF_INET6, host, &s6->sin6_addr) == 1) {
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)port);
		p->sl = sizeof(*s6);
		p->id = s6->sin6_addr.s6_addr[15] - 1u;
	} else {
		return -1;
	}
	if (slash)
		p->id = (uint32_t)strtoul(slash, NULL, 10);
	return 0;
}

static int do_send(int argc, char **argv)
{
	static uint8_t buf[MAX_SIZE];
	struct peer peers[MAX_PEERS];
	struct msg_hdr *h = (struct msg_hdr *)buf;
	long n, size, run, gap = 0, sent = 0;
	char *colon;
	uint32_t id;
	int np = 0, fd = -1, cur = 0, i, one = 1;
	uint64_t t0;

	if (argc < 7)
		return 2;
	id = (uint32_t)strtoul(argv[2], NULL, 10);
	n = strtol(argv[3], NULL, 10);
	size = strtol(argv[4], NULL, 10);
	run = strtol(argv[5], &colon, 10);
	if (*colon == ':')
		gap = strtol(colon + 1, NULL, 10);
	if (n < 0 || size < (long)sizeof(*h) || size > MAX_SIZE || run < 1)
		return 2;
	for (i = 6; i < argc && np < MAX_PEERS; i++) {
		if (parse_peer(argv[i], &peers[np])) {
			fprintf(stderr, "bad destination '%s'\n", argv[i]);
			return 2;
		}
		if (np && peers[np].ss.ss_family != peers[0].ss.ss_family) {
			fprintf(stderr, "mixed address families\n");
			return 2;
		}
		np++;
	}
	fd = socket(peers[0].ss.ss_family, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	/*
	 * Without RECVERR a datagram the device's queue drops is reported
	 * as sent (ENOBUFS is hidden from UDP senders), and a lost message
	 * would look like the fabric's loss.
	 */
	if (peers[0].ss.ss_family == AF_INET6
		    ? setsockopt(fd, IPPROTO_IPV6, IPV6_RECVERR, &one,
				 sizeof(one))
		    : setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one,
				 sizeof(one))) {
		perror("setsockopt RECVERR");
		close(fd);
		return 1;
	}
	t0 = now_us();
	while (sent < n) {
		struct peer *p = &peers[cur];

		h->magic = htonl(MSG_MAGIC);
		h->src = htonl(id);
		h->dst = htonl(p->id);
		h->seq = htonl(p->seq);
		h->len = htonl((uint32_t)size);
		fill(buf + sizeof(*h), (size_t)size - sizeof(*h), id, p->id,
		     p->seq);
		h->sum = htonl(
			fnv1a(buf + sizeof(*h), (size_t)size - sizeof(*h)));
		if (sendto(fd, buf, (size_t)size, MSG_DONTWAIT,
			   (struct sockaddr *)&p->ss, p->sl) < 0) {
			struct pollfd pf = {.fd = fd, .events = POLLOUT};

			if (errno != EAGAIN && errno != ENOBUFS) {
				perror("sendto");
				close(fd);
				return 1;
			}
			/*
			 * backpressure: wait for room, send the same again;
			 * a full device queue leaves the socket writable, so
			 * give it a moment to drain
			 */
			if (errno == ENOBUFS)
				usleep(1000);
			else
				poll(&pf, 1, 100);
			continue;
		}
		p->seq++;
		sent++;
		if (sent % run == 0) {
			cur = (cur + 1) % np;
			if (gap > 0 && sent < n)
				usleep((useconds_t)gap);
		}
	}
	close(fd);
	printf("sent=%ld us=%llu bytes=%llu\n", sent,
	       (unsigned long long)(now_us() - t0),
	       (unsigned long long)sent * (unsigned long long)size);
	return 0;
}

struct src_state {
	uint32_t id;
	long want, ok, bad, dup, order;
	uint32_t next;
};

static int do_recv(int argc, char **argv)
{
	static uint8_t buf[MAX_SIZE + 1];
	struct src_state src[MAX_PEERS];
	struct sockaddr_in6 sa = {0};
	long timeout, total_want = 0, got = 0, bad_total = 0;
	uint32_t self = UINT32_MAX;
	uint64_t first = 0, last = 0;
	int ns = 0, fd, i, rc = 0, off = 0;

	if (argc < 5)
		return 2;
	timeout = strtol(argv[3], NULL, 10);
	for (i = 4; i < argc && ns < MAX_PEERS; i++) {
		char *c = strchr(argv[i], ':');

		if (!c)
			return 2;
		memset(&src[ns], 0, sizeof(src[ns]));
		src[ns].id = (uint32_t)strtoul(argv[i], NULL, 10);
		src[ns].want = strtol(c + 1, NULL, 10);
		total_want += src[ns].want;
		ns++;
	}
	fd = socket(AF_INET6, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	/* v4 and v6 on one socket */
	setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof(off));
	i = 4 << 20;
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &i, sizeof(i));
	sa.sin6_family = AF_INET6;
	sa.sin6_port = htons((uint16_t)atoi(argv[2]));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("bind");
		return 1;
	}
	printf("listening\n");
	fflush(stdout);
	while (got < total_want) {
		struct pollfd pf = {.fd = fd, .events = POLLIN};
		const struct msg_hdr *h = (const struct msg_hdr *)buf;
		struct src_state *s = NULL;
		ssize_t len;
		uint32_t seq, sid;

		if (poll(&pf, 1, (int)timeout * 1000) <= 0)
			break;
		len = recv(fd, buf, sizeof(buf), 0);
		if (len < 0)
			continue;
		if (!first)
			first = now_us();
		last = now_us();
		if ((size_t)len < sizeof(*h) || ntohl(h->magic) != MSG_MAGIC) {
			bad_total++;
			continue;
		}
		if (self == UINT32_MAX)
			self = ntohl(h->dst);
		if (ntohl(h->dst) != self) {
			bad_total++;
			continue;
		}
		sid = ntohl(h->src);
		for (i = 0; i < ns; i++)
			if (src[i].id == sid)
				s = &src[i];
		if (!s) {
			bad_total++;
			continue;
		}
		seq = ntohl(h->seq);
		if (ntohl(h->len) != (uint32_t)len ||
		    fnv1a(buf + sizeof(*h), (size_t)len - sizeof(*h)) !=
			    ntohl(h->sum)) {
			s->bad++;
			continue;
		}
		if (seq < s->next) {
			s->dup++;
			continue;
		}
		if (seq > s->next)
			s->order++; /* one or more before it never came */
		s->next = seq + 1;
		s->ok++;
		got++;
	}
	close(fd);
	for (i = 0; i < ns; i++) {
		long missing = src[i].want - src[i].ok;

		printf("src=%u ok=%ld bad=%ld dup=%ld order=%ld missing=%ld\n",
		       src[i].id, src[i].ok, src[i].bad, src[i].dup,
		       src[i].order, missing);
		if (missing || src[i].bad || src[i].dup || src[i].order)
			rc = 1;
		bad_total += src[i].bad;
	}
	printf("total ok=%ld bad=%ld us=%llu\n", got, bad_total,
	       (unsigned long long)(last - first));
	return rc || bad_total;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "send"))
		return do_send(argc, argv);
	if (argc >= 2 && !strcmp(argv[1], "recv"))
		return do_recv(argc, argv);
	fprintf(stderr,
		"usage: rcf_msg_tool send ID N SIZE RUN ADDR:PORT[/DST]...\n"
		"       rcf_msg_tool recv PORT TIMEOUT_S SRC:COUNT...\n");
	return 2;
}
