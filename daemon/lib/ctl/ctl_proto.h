/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rcfctl <-> rcfd control protocol, on a unix SOCK_SEQPACKET socket
 * (Documentation/rcfd.8, CONTROL PROTOCOL).  One message per packet: a
 * fixed header in host byte order (both ends are on one host) and a
 * payload.  Requests carry their argument as text; every reply carries a
 * JSON object, {"error": "..."} when status is not 0.
 */
#ifndef RCF_CTL_PROTO_H
#define RCF_CTL_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define CTL_MAGIC   0x44464352u /* "RCFD" read as little-endian bytes */
#define CTL_VERSION 1
/* payload bytes in one message, either way */
#define CTL_MAX_PAYLOAD 65536
#define CTL_DEF_SOCKET	"/run/rcf/rcfd.sock"
/* environment variable rcfctl reads the socket path from */
#define CTL_SOCKET_ENV "RCFD_SOCKET"

enum ctl_cmd {
	CTL_PING = 1,	   /* reply: {"pong": true, "pid": N} */
	CTL_STATUS = 2,	   /* reply: the daemon's state */
	CTL_RELOAD = 3,	   /* re-read the config file, as SIGHUP does */
	CTL_LOG_LEVEL = 4, /* payload: err|warn|info|debug */
	CTL_REPLY = 0x8000 /* or-ed into the request's command in its reply */
};
#define CTL_CMD_MAX CTL_LOG_LEVEL

/* request flags */
#define CTL_F_PRETTY 0x1 /* indented JSON in the reply */
#define CTL_F_TEXT   0x2 /* status: "key: value" lines instead of JSON */
#define CTL_F_ALL    (CTL_F_PRETTY | CTL_F_TEXT)

struct ctl_hdr {
	uint32_t magic;
	uint16_t version;
	uint16_t cmd;
	int32_t status; /* replies: 0 or a negative errno */
	uint16_t flags;
	uint16_t reserved; /* 0 */
	uint32_t len;	   /* payload bytes that follow */
};

#define CTL_HDR_LEN ((size_t)sizeof(struct ctl_hdr))
#define CTL_MAX_MSG (CTL_HDR_LEN + CTL_MAX_PAYLOAD)

struct ctl_msg {
	struct ctl_hdr h;
	const char *payload; /* points into the decoded buffer; not NUL-ended */
	size_t len;
};

/* "ping", "status", ...; NULL for an unknown command */
const char *ctl_cmd_name(unsigned int cmd);
/* the command named word, or 0 */
unsigned int ctl_cmd_lookup(const char *word);

/*
 * Writes a message into buf (cap bytes); returns its length, or 0 when
 * the payload is over CTL_MAX_PAYLOAD or does not fit in cap.
 */
size_t ctl_encode(void *buf, size_t cap, uint16_t cmd, int32_t status,
		  uint16_t flags, const void *payload, size_t len);
/*
 * Checks n bytes received as one packet; 0 with m filled in, or -1 with
 * why in err.  reply says which direction is expected.  Never reads
 * past buf + n.
 */
int ctl_decode(const void *buf, size_t n, int reply, struct ctl_msg *m,
	       char *err, size_t errlen);

/* the socket path: explicit, else $RCFD_SOCKET, else the default */
const char *ctl_socket_path(const char *explicit_path);
/*
 * One request and its reply.  On 0, *reply holds the reply (payload
 * copied into rbuf, NUL-ended, rcap bytes).  On -1, err says why, e.g.
 * "rcfd is not running (no socket at /run/rcf/rcfd.sock)".
 */
int ctl_call(const char *path, uint16_t cmd, uint16_t flags, const char *arg,
	     struct ctl_msg *reply, char *rbuf, size_t rcap, char *err,
	     size_t errlen);

#endif
