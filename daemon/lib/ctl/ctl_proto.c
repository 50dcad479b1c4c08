// SPDX-License-Identifier: GPL-2.0
/*
 * Encoding, checking and sending control messages.  The daemon reads
 * whatever a local client writes, so decoding trusts nothing: every
 * length is checked against what actually arrived.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "ctl/ctl_proto.h"

/* how long rcfctl waits for a reply before giving up */
#define CTL_TIMEOUT_S 10

static const char *const cmd_names[CTL_CMD_MAX + 1] = {
	[CTL_PING] = "ping",
	[CTL_STATUS] = "status",
	[CTL_RELOAD] = "reload",
	[CTL_LOG_LEVEL] = "log-level",
};

const char *ctl_cmd_name(unsigned int cmd)
{
	return cmd <= CTL_CMD_MAX ? cmd_names[cmd] : NULL;
}

unsigned int ctl_cmd_lookup(const char *word)
{
	unsigned int i;

	for (i = 1; i <= CTL_CMD_MAX; i++)
		if (!strcmp(word, cmd_names[i]))
			return i;
	return 0;
}

size_t ctl_encode(void *buf, size_t cap, uint16_t cmd, int32_t status,
		  uint16_t flags, const void *payload, size_t len)
{
	struct ctl_hdr h = {
		.magic = CTL_MAGIC,
		.version = CTL_VERSION,
		.cmd = cmd,
		.status = status,
		.flags = flags,
		.len = (uint32_t)len,
	};

	if (len > CTL_MAX_PAYLOAD || cap < CTL_HDR_LEN ||
	    len > cap - CTL_HDR_LEN)
		return 0;
	memcpy(buf, &h, CTL_HDR_LEN);
	if (len)
		memcpy((char *)buf + CTL_HDR_LEN, payload, len);
	return CTL_HDR_LEN + len;
}

int ctl_decode(const void *buf, size_t n, int reply, struct ctl_msg *m,
	       char *err, size_t errlen)
{
	unsigned int cmd;

	memset(m, 0, sizeof(*m));
	if (n < CTL_HDR_LEN) {
		snprintf(err, errlen,
			 "truncated message: %zu of %zu header "
			 "bytes",
			 n, CTL_HDR_LEN);
		return -1;
	}
	memcpy(&m->h, buf, CTL_HDR_LEN);
	if (m->h.magic != CTL_MAGIC) {
		snprintf(err, errlen,
			 "not an rcfd control message (magic "
			 "0x%08x)",
			 m->h.magic);
		return -1;
	}
	if (m->h.version != CTL_VERSION) {
		snprintf(err, errlen,
			 "unsupported protocol version %u (this "
			 "side speaks %u)",
			 m->h.version, CTL_VERSION);
		return -1;
	}
	if (m->h.len > CTL_MAX_PAYLOAD) {
		snprintf(err, errlen,
			 "oversized message: payload of %u bytes,"
			 " at most %u",
			 m->h.len, CTL_MAX_PAYLOAD);
		return -1;
	}
	if (m->h.len != n - CTL_HDR_LEN) {
		snprintf(err, errlen,
			 "length mismatch: header says %u payload "
			 "bytes, %zu arrived",
			 m->h.len, n - CTL_HDR_LEN);
		return -1;
	}
	cmd = m->h.cmd & ~CTL_REPLY;
	if (!!(m->h.cmd & CTL_REPLY) != !!reply) {
		snprintf(err, errlen, "expected a %s, got a %s",
			 reply ? "reply" : "request",
			 reply ? "request" : "reply");
		return -1;
	}
	if (!ctl_cmd_name(cmd)) {
		snprintf(err, errlen, "unknown command %u", cmd);
		return -1;
	}
	if (m->h.flags & ~CTL_F_ALL || m->h.reserved) {
		snprintf(err, errlen, "unknown flags 0x%x", m->h.flags);
		return -1;
	}
	if (!reply && m->h.status) {
		snprintf(err, errlen, "request with a status (%d)",
			 m->h.status);
		return -1;
	}
	m->payload = (const char *)buf + CTL_HDR_LEN;
	m->len = m->h.len;
	return 0;
}

const char *ctl_socket_path(const char *explicit_path)
{
	const char *env = getenv(CTL_SOCKET_ENV);

	if (explicit_path && *explicit_path)
		return explicit_path;
	if (env && *env)
		return env;
	return CTL_DEF_SOCKET;
}

static int connect_to(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct timeval tv = {.tv_sec = CTL_TIMEOUT_S};
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		snprintf(err, errlen, "socket path too long: %s", path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
		return fd;
	if (errno == ENOENT)
		snprintf(err, errlen, "rcfd is not running (no socket at %s)",
			 path);
	else if (errno == ECONNREFUSED)
		snprintf(err, errlen,
			 "rcfd is not running (stale socket at "
			 "%s)",
			 path);
	else
		snprintf(err, errlen, "cannot connect to rcfd at %s: %s", path,
			 strerror(errno));
	close(fd);
	return -1;
}

int ctl_call(const char *path, uint16_t cmd, uint16_t flags, const char *arg,
	     struct ctl_msg *reply, char *rbuf, size_t rcap, char *err,
	     size_t errlen)
{
	size_t alen = arg ? strlen(arg) : 0, n;
	char *buf = malloc(CTL_MAX_MSG + 1);
	ssize_t got;
	int fd = -1, rc = -1;

	if (!buf) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = ctl_encode(buf, CTL_MAX_MSG, cmd, 0, flags, arg, alen);
	if (!n) {
		snprintf(err, errlen, "argument too long");
		goto out;
	}
	fd = connect_to(path, err, errlen);
	if (fd < 0)
		goto out;
	if (send(fd, buf, n, MSG_NOSIGNAL) != (ssize_t)n) {
		snprintf(err, errlen, "sending to rcfd: %s", strerror(errno));
		goto out;
	}
	got = recv(fd, buf, CTL_MAX_MSG + 1, MSG_TRUNC);
	if (got < 0) {
		snprintf(err, errlen, "waiting for rcfd's reply: %s",
			 errno == EAGAIN ? "timed out" : strerror(errno));
		goto out;
	}
	if (got == 0) {
		snprintf(err, errlen, "rcfd closed the connection");
		goto out;
	}
	if ((size_t)got > CTL_MAX_MSG) {
		snprintf(err, errlen, "oversized reply from rcfd (%zd bytes)",
			 got);
		goto out;
	}
	if (ctl_decode(buf, (size_t)got, 1, reply, err, errlen))
		goto out;
	if ((reply->h.cmd & ~CTL_REPLY) != cmd) {
		snprintf(err, errlen, "rcfd answered another command (%u)",
			 reply->h.cmd & ~CTL_REPLY);
		goto out;
	}
	if (reply->len >= rcap) {
		snprintf(err, errlen, "reply too large (%zu bytes)",
			 reply->len);
		goto out;
	}
	memcpy(rbuf, reply->payload, reply->len);
	rbuf[reply->len] = '\0';
	reply->payload = rbuf;
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return rc;
}
