// SPDX-License-Identifier: GPL-2.0
/* The rcfctl <-> rcfd control protocol: round trips and hostile input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ctl/ctl_proto.h"
#include "tap.h"

static char buf[CTL_MAX_MSG + 64], big[CTL_MAX_PAYLOAD + 1];

static void round_trip(void)
{
	struct ctl_msg m;
	char err[256];
	size_t n;
	unsigned int c;
	int ok = 1;

	for (c = 1; c <= CTL_CMD_MAX; c++) {
		n = ctl_encode(buf, sizeof(buf), (uint16_t)c, 0, CTL_F_PRETTY,
			       "debug", 5);
		ok &= n == CTL_HDR_LEN + 5 &&
		      !ctl_decode(buf, n, 0, &m, err, sizeof(err)) &&
		      m.h.cmd == c && m.len == 5 &&
		      !memcmp(m.payload, "debug", 5) &&
		      m.h.flags == CTL_F_PRETTY;
		n = ctl_encode(buf, sizeof(buf), (uint16_t)(c | CTL_REPLY), -22,
			       0, "{}", 2);
		ok &= n && !ctl_decode(buf, n, 1, &m, err, sizeof(err)) &&
		      m.h.status == -22 && m.len == 2;
	}
	tap_ok(ok, "every command round-trips, request and reply");
	n = ctl_encode(buf, sizeof(buf), CTL_PING, 0, 0, NULL, 0);
	tap_ok(n == CTL_HDR_LEN && !ctl_decode(buf, n, 0, &m, err, 256) &&
		       m.len == 0,
	       "empty payload");
	n = ctl_encode(buf, sizeof(buf), CTL_STATUS, 0, 0, big,
		       CTL_MAX_PAYLOAD);
	tap_ok(n == CTL_MAX_MSG && !ctl_decode(buf, n, 0, &m, err, 256),
	       "largest payload");
	tap_ok(!ctl_encode(buf, sizeof(buf), CTL_STATUS, 0, 0, big,
			   CTL_MAX_PAYLOAD + 1),
	       "encode refuses an oversized payload");
	tap_ok(!ctl_encode(buf, CTL_HDR_LEN + 3, CTL_STATUS, 0, 0, "abcd", 4),
	       "encode refuses a short buffer");
	tap_ok(ctl_cmd_lookup("log-level") == CTL_LOG_LEVEL &&
		       !ctl_cmd_lookup("stat") && !ctl_cmd_name(0) &&
		       !ctl_cmd_name(99) &&
		       !strcmp(ctl_cmd_name(CTL_RELOAD), "reload"),
	       "command names");
}

/* decode of msg (n bytes) must fail with an error containing want */
static void bad(const char *name, size_t n, int reply, const char *want)
{
	struct ctl_msg m;
	char err[256] = "";
	int rc = ctl_decode(buf, n, reply, &m, err, sizeof(err));

	if (!tap_ok(rc == -1 && strstr(err, want), name))
		printf("# rc %d, err \"%s\"\n", rc, err);
}

static struct ctl_hdr *hdr(void)
{
	ctl_encode(buf, sizeof(buf), CTL_STATUS, 0, 0, "abc", 3);
	return (struct ctl_hdr *)buf;
}

static void malformed(void)
{
	size_t i;
	int ok = 1;
	struct ctl_msg m;
	char err[256];

	hdr();
	bad("empty packet", 0, 0, "truncated message: 0 of");
	bad("truncated header", CTL_HDR_LEN - 1, 0, "truncated message");
	bad("truncated payload", CTL_HDR_LEN + 2, 0, "length mismatch");
	bad("trailing bytes", CTL_HDR_LEN + 4, 0, "length mismatch");
	hdr()->magic = 0x12345678;
	bad("bad magic", CTL_HDR_LEN + 3, 0, "not an rcfd control message");
	hdr()->version = 2;
	bad("unknown version", CTL_HDR_LEN + 3, 0,
	    "unsupported protocol version 2");
	hdr()->cmd = 77;
	bad("unknown command", CTL_HDR_LEN + 3, 0, "unknown command 77");
	hdr()->cmd = 0;
	bad("command 0", CTL_HDR_LEN + 3, 0, "unknown command 0");
	hdr()->len = 0xffffffffu;
	bad("oversized length field", CTL_HDR_LEN + 3, 0, "oversized");
	hdr()->flags = 0x80;
	bad("unknown flags", CTL_HDR_LEN + 3, 0, "unknown flags");
	hdr()->status = -1;
	bad("request with a status", CTL_HDR_LEN + 3, 0, "status");
	hdr();
	bad("request where a reply was expected", CTL_HDR_LEN + 3, 1,
	    "expected a reply");
	hdr()->cmd = CTL_STATUS | CTL_REPLY;
	bad("reply where a request was expected", CTL_HDR_LEN + 3, 0,
	    "expected a request");
	/* every prefix of a good message is refused, none read past it */
	for (i = 0; i < CTL_HDR_LEN + 3; i++) {
		char *copy = malloc(i ? i : 1);

		hdr();
		memcpy(copy, buf, i);
		ok &= ctl_decode(copy, i, 0, &m, err, sizeof(err)) == -1;
		free(copy);
	}
	tap_ok(ok, "every prefix refused, in bounds (ASan)");
	/* random garbage: never crashes, never accepted unless well formed */
	srand(1);
	ok = 1;
	for (i = 0; i < 20000; i++) {
		size_t n = (size_t)rand() % 64, j;
		char *g = malloc(n ? n : 1);

		for (j = 0; j < n; j++)
			g[j] = (char)rand();
		if (!ctl_decode(g, n, i & 1, &m, err, sizeof(err)))
			ok &= m.h.magic == CTL_MAGIC &&
			      m.len == n - CTL_HDR_LEN;
		free(g);
	}
	tap_ok(ok, "20000 random packets: no crash, no bad accept");
}

static void client_errors(void)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	char err[256], rb[64];
	struct ctl_msg m;
	int fd;

	tap_ok(ctl_call("/nonexistent/rcfd.sock", CTL_PING, 0, NULL, &m, rb,
			sizeof(rb), err, sizeof(err)) == -1 &&
		       !strcmp(err, "rcfd is not running (no socket at "
				    "/nonexistent/rcfd.sock)"),
	       "no socket: rcfd is not running");
	snprintf(sa.sun_path, sizeof(sa.sun_path), "/tmp/ctl-test-%d",
		 (int)getpid());
	fd = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	bind(fd, (struct sockaddr *)&sa, sizeof(sa));
	close(fd); /* bound, never listened: a stale socket */
	tap_ok(ctl_call(sa.sun_path, CTL_PING, 0, NULL, &m, rb, sizeof(rb), err,
			sizeof(err)) == -1 &&
		       strstr(err, "stale socket"),
	       "stale socket: rcfd is not running");
	unlink(sa.sun_path);
	setenv(CTL_SOCKET_ENV, "/env.sock", 1);
	tap_ok(!strcmp(ctl_socket_path(NULL), "/env.sock") &&
		       !strcmp(ctl_socket_path("/x"), "/x"),
	       "socket path: -s over $RCFD_SOCKET");
	unsetenv(CTL_SOCKET_ENV);
	tap_ok(!strcmp(ctl_socket_path(NULL), CTL_DEF_SOCKET),
	       "socket path: default");
}

/* a fake daemon that answers one request with len bytes of reply */
static int fake_reply(const char *path, const void *reply, size_t len,
		      char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct ctl_msg m;
	char rb[64], in[256];
	int lfd, cfd, rc;
	pid_t pid;

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	unlink(path);
	lfd = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	if (bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) || listen(lfd, 1))
		return -2;
	pid = fork();
	if (pid == 0) {
		cfd = accept(lfd, NULL, NULL);
		if (recv(cfd, in, sizeof(in), 0) > 0)
			send(cfd, reply, len, 0);
		close(cfd);
		_exit(0);
	}
	close(lfd);
	rc = ctl_call(path, CTL_STATUS, 0, NULL, &m, rb, sizeof(rb), err,
		      errlen);
	waitpid(pid, NULL, 0);
	unlink(path);
	return rc;
}

static void bad_server_reply(void)
{
	char path[64], err[256] = "", ok[128];
	size_t n;
	int rc;

	snprintf(path, sizeof(path), "/tmp/ctl-fake-%d", (int)getpid());
	rc = fake_reply(path, "garbage", 7, err, sizeof(err));
	if (!tap_ok(rc == -1 && strstr(err, "truncated message"),
		    "client refuses a garbage reply"))
		printf("# rc %d err %s\n", rc, err);
	n = ctl_encode(ok, sizeof(ok), CTL_PING | CTL_REPLY, 0, 0, "{}", 2);
	rc = fake_reply(path, ok, n, err, sizeof(err));
	if (!tap_ok(rc == -1 && strstr(err, "another command"),
		    "client refuses a reply to another command"))
		printf("# rc %d err %s\n", rc, err);
	n = ctl_encode(ok, sizeof(ok), CTL_STATUS | CTL_REPLY, 0, 0,
		       "{\"pid\":1}", 9);
	rc = fake_reply(path, ok, n, err, sizeof(err));
	tap_ok(rc == 0, "client accepts a good reply");
}

int main(void)
{
	tap_plan(28);
	round_trip();
	malformed();
	client_errors();
	bad_server_reply();
	return tap_done();
}
