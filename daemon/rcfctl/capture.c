// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl capture: the fabric packets one node sends and receives, as a
 * pcap file for Wireshark (scripts/wireshark/rcf.lua) or one line each.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "nl/nl_capture.h"
#include "rcfctl.h"
#include "util/num.h"

struct capture {
	FILE *out; /* the pcap file, or NULL: text on stdout */
	const char *file;
	uint64_t count; /* stop after this many, 0: never */
	uint64_t got;
	uint64_t drops;	  /* as the last copy said */
	uint32_t buf_kib; /* the socket's receive buffer, 0: rcfctl's */
	int failed;	  /* errno of a failed write */
};

static volatile sig_atomic_t stop_now;

static void on_signal(int sig)
{
	(void)sig;
	stop_now = 1;
}

static void print_rec(const struct rcf_cap_rec *r)
{
	uint32_t i, end = 1U + r->nroute;

	printf("%s node %" PRIu32 " %s %" PRIu32 " cycle %" PRIu64
	       " len %u route",
	       r->dir == RCF_CAPTURE_TX ? "tx" : "rx", r->node,
	       r->dir == RCF_CAPTURE_TX ? "to" : "from", r->peer, r->cycle,
	       r->pkt[0]);
	if (!r->nroute)
		fputs(" -", stdout);
	for (i = 1; i < end && i < r->len; i++)
		printf(" %u.%u", RCF_HOP_PORT(r->pkt[i]),
		       RCF_HOP_VC(r->pkt[i]));
	if (r->hdr == 8 && r->len >= end + 8) {
		const uint8_t *h = r->pkt + end;

		printf(" id %" PRIu32 " total %u offset %u",
		       (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 |
			       (uint32_t)h[2] << 8 | h[3],
		       h[4] << 8 | h[5], h[6] << 8 | h[7]);
	}
	printf(" data %u\n", r->len > end + r->hdr ? r->len - end - r->hdr : 0);
}

static int on_pkt(const struct rcf_cap_rec *r, uint64_t drops, void *arg)
{
	struct capture *c = arg;

	c->drops = drops;
	if (c->count && c->got >= c->count)
		return 1;
	if (c->out) {
		/* flushed: a reader on a pipe sees each packet at once */
		if (rcf_pcap_write(c->out, r) || fflush(c->out)) {
			c->failed = errno;
			return 1;
		}
	} else {
		print_rec(r);
		if (fflush(stdout)) {
			c->failed = errno ? errno : EIO;
			return 1;
		}
	}
	c->got++;
	return c->count && c->got >= c->count;
}

static int parse_dir(const char *s, uint8_t *dirs)
{
	if (!strcmp(s, "tx"))
		*dirs = RCF_CAPTURE_TX;
	else if (!strcmp(s, "rx"))
		*dirs = RCF_CAPTURE_RX;
	else if (!strcmp(s, "both"))
		*dirs = RCF_CAPTURE_TX | RCF_CAPTURE_RX;
	else
		return -1;
	return 0;
}

void help_capture(FILE *f)
{
	fputs("Usage: rcfctl capture --node N [--dir tx|rx|both] [--count K]\n"
	      "                      [--seconds S] [--buffer KIB] [-w FILE]\n"
	      "Copies of the fabric packets node N's adapter sends (tx, with\n"
	      "their route bytes) and receives (rx), until K packets, S\n"
	      "seconds or an interrupt.  -w writes a pcap file (link type\n"
	      "USER0, 147; - is stdout) for Wireshark with\n"
	      "scripts/wireshark/rcf.lua; without it, one line per packet.\n"
	      "Needs CAP_NET_ADMIN; one capture per fabric at a time.  The\n"
	      "copies the kernel dropped for want of room are counted;\n"
	      "--buffer sets that room, the socket's receive buffer\n"
	      "(4 .. 1048576 KiB; default 16384).\n",
	      f);
}

static int opt_val(int argc, char **argv, int *i, const char **v)
{
	if (*i + 1 >= argc)
		return usage_error("capture: %s needs a value", argv[*i]);
	*v = argv[++*i];
	return 0;
}

static int parse_args(int argc, char **argv, struct capture *c, uint32_t *node,
		      uint8_t *dirs, uint64_t *secs)
{
	int i, have_node = 0, rc;
	const char *v = NULL;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "help")) {
			help_capture(stdout);
			return -1;
		}
		if (opt_val(argc, argv, &i, &v))
			return RCFCTL_USAGE;
		if (!strcmp(a, "--node") || !strcmp(a, "node")) {
			rc = rcf_num_u32(v, 0, RCF_MAX_NODES - 1, node);
			have_node = 1;
		} else if (!strcmp(a, "--dir") || !strcmp(a, "dir")) {
			if (parse_dir(v, dirs))
				return usage_error(
					"capture: --dir is tx, rx or "
					"both, not \"%s\"",
					v);
			rc = 0;
		} else if (!strcmp(a, "--count") || !strcmp(a, "count")) {
			rc = rcf_num_u64(v, 1, UINT64_MAX, &c->count);
		} else if (!strcmp(a, "--seconds") || !strcmp(a, "seconds")) {
			rc = rcf_num_u64(v, 1, 86400, secs);
		} else if (!strcmp(a, "--buffer") || !strcmp(a, "buffer")) {
			rc = rcf_num_u32(v, 4, 1U << 20, &c->buf_kib);
		} else if (!strcmp(a, "-w") || !strcmp(a, "--write")) {
			c->file = v;
			rc = 0;
		} else {
			return usage_error("capture: unknown argument \"%s\"; "
					   "try rcfctl capture help",
					   a);
		}
		if (rc)
			return usage_error("capture: %s \"%s\": %s", a, v,
					   rcf_num_why(rc));
	}
	if (!have_node)
		return usage_error("capture needs --node N; try rcfctl "
				   "capture help");
	return 0;
}

static int open_out(struct capture *c)
{
	if (!c->file)
		return 0;
	c->out = strcmp(c->file, "-") ? fopen(c->file, "wb") : stdout;
	if (!c->out || rcf_pcap_begin(c->out)) {
		fprintf(stderr, "rcfctl: capture: %s: %s\n", c->file,
			strerror(errno));
		return RCFCTL_ERR;
	}
	return 0;
}

static int nl_failed(const struct ctl *c, const char *what)
{
	char why[512];

	rcf_nl_error_str(&c->nl.e, why, sizeof(why));
	fprintf(stderr, "rcfctl: %s: %s\n", what, why);
	return RCFCTL_ERR;
}

static int run(struct ctl *c, struct capture *cap, uint32_t node, uint8_t dirs,
	       uint64_t secs)
{
	struct timespec t0, t;
	int rc;

	if (cap->buf_kib) {
		int fd = rcf_nl_fd(&c->nl), size = (int)cap->buf_kib * 1024;

		/* FORCE passes net.core.rmem_max for a privileged caller */
		if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size,
			       sizeof(size)) &&
		    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size)))
			fprintf(stderr, "rcfctl: capture: --buffer: %s\n",
				strerror(errno));
	}
	if (rcf_nl_capture_start(&c->nl, node, dirs, on_pkt, cap))
		return nl_failed(c, "capture");
	/* a script waits for this line before it sends anything */
	fprintf(stderr, "rcfctl: capturing at node %" PRIu32 "\n", node);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!stop_now && !(cap->count && cap->got >= cap->count)) {
		rc = rcf_nl_capture_read(&c->nl, 200, on_pkt, cap);
		if (rc == -ECANCELED)
			break;
		/* an overrun is in the kernel's count: go on reading */
		if (rc < 0 && rc != -EINTR && rc != -ENOBUFS) {
			fprintf(stderr, "rcfctl: capture: receive: %s\n",
				strerror(-rc));
			return RCFCTL_ERR;
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (secs && (uint64_t)(t.tv_sec - t0.tv_sec) >= secs)
			break;
	}
	if (cap->failed) {
		fprintf(stderr, "rcfctl: capture: %s: %s\n",
			cap->file ? cap->file : "stdout",
			strerror(cap->failed));
		return RCFCTL_ERR;
	}
	if (rcf_nl_capture_stop(&c->nl, &cap->drops))
		return nl_failed(c, "capture stop");
	fprintf(stderr,
		"rcfctl: capture: %" PRIu64 " packets, %" PRIu64
		" dropped by the kernel\n",
		cap->got, cap->drops);
	return RCFCTL_OK;
}

int cmd_capture(struct ctl *c, int argc, char **argv)
{
	struct capture cap = {0};
	uint8_t dirs = RCF_CAPTURE_TX | RCF_CAPTURE_RX;
	struct sigaction sa;
	uint64_t secs = 0;
	uint32_t node = 0;
	int rc;

	rc = parse_args(argc, argv, &cap, &node, &dirs, &secs);
	if (rc)
		return rc < 0 ? RCFCTL_OK : rc;
	rc = open_out(&cap);
	if (rc)
		return rc;
	if (ctl_connect(c)) {
		rc = RCFCTL_ERR;
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	rc = run(c, &cap, node, dirs, secs);
out:
	if (cap.out && cap.out != stdout && fclose(cap.out) && !rc) {
		fprintf(stderr, "rcfctl: capture: %s: %s\n", cap.file,
			strerror(errno));
		rc = RCFCTL_ERR;
	}
	return rc;
}
