// SPDX-License-Identifier: GPL-2.0
/*
 * The control socket: a unix SOCK_SEQPACKET listener whose packets are
 * ctl_proto messages.  Access is the socket file's mode (0660, root), so
 * every client that can connect may reload and change the log level.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "ctl/ctl_proto.h"
#include "out/json.h"
#include "rcfd.h"
#include "out.h"

/* Makes every missing directory above path, 0755, as mkdir -p. */
static int make_parents(const char *path, char *err, size_t errlen)
{
	char dir[RCFD_SOCK_MAX], *s;

	snprintf(dir, sizeof(dir), "%s", path);
	s = strrchr(dir, '/');
	if (!s || s == dir)
		return 0;
	*s = '\0';
	for (s = dir + 1;; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", dir,
				 strerror(errno));
			return -1;
		}
		*s = c;
		if (!c)
			return 0;
	}
}

/* 0 when path is free (a stale socket there is removed) */
static int claim_path(const struct sockaddr_un *sa, char *err, size_t errlen)
{
	struct stat st;
	int fd;

	if (lstat(sa->sun_path, &st))
		return 0;
	if (!S_ISSOCK(st.st_mode)) {
		snprintf(err, errlen, "%s exists and is not a socket",
			 sa->sun_path);
		return -1;
	}
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	if (!connect(fd, (const struct sockaddr *)sa, sizeof(*sa))) {
		close(fd);
		snprintf(err, errlen, "socket %s is in use by a live rcfd",
			 sa->sun_path);
		return -1;
	}
	close(fd);
	rcfd_log(RCFD_INFO, "removing the stale socket %s", sa->sun_path);
	if (unlink(sa->sun_path) && errno != ENOENT) {
		snprintf(err, errlen, "cannot remove the stale socket %s: %s",
			 sa->sun_path, strerror(errno));
		return -1;
	}
	return 0;
}

int rcfd_ctl_listen(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	mode_t old;
	int fd, rc;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		snprintf(err, errlen, "socket path too long: %s", path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	if (make_parents(path, err, errlen) || claim_path(&sa, err, errlen))
		return -1;
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	/* never a moment when the socket is open to everyone */
	old = umask(0117);
	rc = bind(fd, (struct sockaddr *)&sa, sizeof(sa));
	umask(old);
	if (rc || chmod(path, 0660) || listen(fd, 16)) {
		snprintf(err, errlen, "socket %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

struct fabric_counts {
	int got;
	struct rcf_obj o;
};

static int fabric_cb(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct fabric_counts *fc = arg;

	(void)cmd;
	fc->o = *o;
	fc->got = 1;
	return 0;
}

static void status_fabric(struct rcfd *d, struct out *o)
{
	static const struct {
		const char *name;
		int attr;
	} counts[] = {
		{"epoch", RCF_A_FABRIC_EPOCH},
		{"nodes", RCF_A_FABRIC_NODES},
		{"switches", RCF_A_FABRIC_SWITCHES},
		{"links", RCF_A_FABRIC_LINKS},
		{"circuits", RCF_A_FABRIC_CIRCUITS},
		{"routes", RCF_A_FABRIC_ROUTES},
		{"mem", RCF_A_FABRIC_MEM},
	};
	struct fabric_counts fc = {0};
	struct rcf_op op = {.cmd = rcf_cmd(RCF_K_FABRIC, RCF_V_GET)};
	char why[512];
	unsigned int i;
	int rc;

	rcf_obj_init(&op.o, RCF_K_FABRIC);
	rc = rcf_nl_do(&d->nl, &op, fabric_cb, &fc);
	o_open(o, "fabric");
	if (rc || !fc.got) {
		rcf_nl_error_str(&d->nl.e, why, sizeof(why));
		o_str(o, "error", rc ? why : "no reply");
	} else {
		for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
			if (rcf_has(&fc.o, counts[i].attr))
				o_u64(o, counts[i].name,
				      fc.o.v[counts[i].attr]);
	}
	o_close(o);
}

static void status(struct rcfd *d, struct out *o)
{
	static const char *const verbs[] = {"get", "add", "del", "set"};
	const struct rcfd_events *ev = &d->ev;
	char key[48];
	int k, v;

	o_open(o, NULL);
	o_u64(o, "pid", (uint64_t)getpid());
	o_u64(o, "uptime", (uint64_t)(time(NULL) - d->started));
	o_str(o, "version", RCFD_VERSION);
	o_u64(o, "protocol", CTL_VERSION);
	o_str(o, "config", d->opts.config);
	o_bool(o, "config_found", !d->cfg_missing);
	o_str(o, "log_level", rcfd_level_name(rcfd_log_level()));
	o_str(o, "socket", d->cfg.socket);
	o_str(o, "pidfile", d->cfg.pidfile);
	o_open(o, "reload");
	o_u64(o, "count", d->reloads);
	o_u64(o, "failed", d->reload_failures);
	if (d->last_reload_err[0])
		o_str(o, "last_error", d->last_reload_err);
	o_close(o);
	/* each policy's block, in the table's order */
	for (size_t i = 0; i < rcfd_npolicies; i++)
		if (rcfd_policies[i].status)
			rcfd_policies[i].status(d, o);
	o_open(o, "kernel");
	o_str(o, "family", RCF_GENL_NAME);
	o_u64(o, "family_id", (uint64_t)d->nl.family);
	o_u64(o, "family_version", d->family_version);
	o_close(o);
	o_open(o, "events");
	o_u64(o, "total", ev->total);
	o_u64(o, "lost", ev->lost);
	o_u64(o, "link_state_changes", ev->link_state_changes);
	o_u64(o, "path_requests", ev->path_requests);
	o_u64(o, "path_returns", ev->path_returns);
	for (k = 0; k < RCF_K_NR; k++) {
		for (v = 1; v < 4; v++) {
			snprintf(key, sizeof(key), "%s_%s", rcf_kind_names[k],
				 verbs[v]);
			o_u64(o, key, ev->by_type[k][v]);
		}
	}
	o_close(o);
	status_fabric(d, o);
	o_close(o);
}

/* status NAME: the policy's own report; anything else, the whole status */
static void status_of(struct rcfd *d, const struct ctl_msg *m, struct out *o)
{
	for (size_t i = 0; i < rcfd_npolicies; i++) {
		const struct rcfd_policy *p = &rcfd_policies[i];

		if (p->show && m->len == strlen(p->name) &&
		    !memcmp(m->payload, p->name, m->len)) {
			p->show(d, o);
			return;
		}
	}
	status(d, o);
}

/* reply body for the commands other than status */
static int handle(struct rcfd *d, const struct ctl_msg *m, struct out *o)
{
	char arg[64], err[512];
	enum rcfd_level l;

	switch (m->h.cmd) {
	case CTL_PING:
		o_open(o, NULL);
		o_bool(o, "pong", 1);
		o_u64(o, "pid", (uint64_t)getpid());
		o_close(o);
		return 0;
	case CTL_STATUS:
		status_of(d, m, o);
		return 0;
	case CTL_RELOAD:
		rcfd_log(RCFD_INFO, "reload asked for over the control socket");
		o_open(o, NULL);
		if (rcfd_reload(d, err, sizeof(err))) {
			o_str(o, "error", err);
			o_close(o);
			return -EINVAL;
		}
		o_bool(o, "reloaded", 1);
		o_str(o, "config", d->opts.config);
		o_close(o);
		return 0;
	case CTL_LOG_LEVEL:
		o_open(o, NULL);
		if (m->len >= sizeof(arg)) {
			o_str(o, "error", "log level too long");
			o_close(o);
			return -EINVAL;
		}
		memcpy(arg, m->payload, m->len);
		arg[m->len] = '\0';
		if (rcfd_level_parse(arg, &l)) {
			snprintf(err, sizeof(err),
				 "log level \"%s\": want "
				 "err, warn, info or debug",
				 arg);
			o_str(o, "error", err);
			o_close(o);
			return -EINVAL;
		}
		rcfd_log(RCFD_INFO, "log level %s -> %s (until reload)",
			 rcfd_level_name(rcfd_log_level()), arg);
		rcfd_log_set_level(l);
		o_str(o, "log_level", arg);
		o_close(o);
		return 0;
	}
	return -EOPNOTSUPP;
}

static void send_reply(int fd, uint16_t cmd, int32_t status, const char *body,
		       size_t len)
{
	char *buf = malloc(CTL_MAX_MSG);
	size_t n;

	if (!buf)
		return;
	n = ctl_encode(buf, CTL_MAX_MSG, cmd | CTL_REPLY, status, 0, body, len);
	if (!n) {
		static const char big[] = "{\"error\":\"reply too large\"}";

		n = ctl_encode(buf, CTL_MAX_MSG, cmd | CTL_REPLY, -E2BIG, 0,
			       big, sizeof(big) - 1);
	}
	if (send(fd, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)n)
		rcfd_log(RCFD_WARN, "control: reply not sent: %s",
			 strerror(errno));
	free(buf);
}

int rcfd_ctl_serve(struct rcfd *d, int fd)
{
	char *buf = malloc(CTL_MAX_MSG + 1), err[256], *body = NULL;
	size_t blen = 0;
	struct ctl_msg m;
	struct out o = {0};
	ssize_t n;
	int rc = -1, status;

	if (!buf)
		return -1;
	n = recv(fd, buf, CTL_MAX_MSG + 1, MSG_TRUNC | MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
		rc = 0;
		goto out;
	}
	if (n <= 0)
		goto out; /* the client went */
	if ((size_t)n > CTL_MAX_MSG) {
		snprintf(err, sizeof(err),
			 "oversized message: %zd bytes, at "
			 "most %zu",
			 n, CTL_MAX_MSG);
		n = 0;
	} else if (!ctl_decode(buf, (size_t)n, 0, &m, err, sizeof(err))) {
		err[0] = '\0';
	}
	if (err[0]) {
		/* answer so the client knows why, then drop it */
		char json[400];
		int jl;
		uint16_t cmd = 0;

		rcfd_log(RCFD_WARN, "control: bad request: %s", err);
		if (n >= (ssize_t)CTL_HDR_LEN)
			memcpy(&cmd, buf + offsetof(struct ctl_hdr, cmd),
			       sizeof(cmd));
		o.f = open_memstream(&body, &blen);
		if (o.f) {
			rcf_json_init(&o.j, o.f, 0);
			o_open(&o, NULL);
			o_str(&o, "error", err);
			o_close(&o);
			rcf_json_end(&o.j);
			fclose(o.f);
			send_reply(fd, cmd & ~CTL_REPLY, -EPROTO, body, blen);
		} else {
			jl = snprintf(json, sizeof(json), "{}");
			send_reply(fd, 0, -EPROTO, json, (size_t)jl);
		}
		goto out;
	}
	rcfd_log(RCFD_DEBUG, "control: %s", ctl_cmd_name(m.h.cmd));
	o.f = open_memstream(&body, &blen);
	if (!o.f)
		goto out;
	o.text = m.h.cmd == CTL_STATUS && (m.h.flags & CTL_F_TEXT);
	if (!o.text)
		rcf_json_init(&o.j, o.f, !!(m.h.flags & CTL_F_PRETTY));
	status = handle(d, &m, &o);
	if (!o.text)
		rcf_json_end(&o.j);
	if (fclose(o.f))
		goto out;
	send_reply(fd, m.h.cmd, status, body, blen);
	rc = 0;
out:
	free(body);
	free(buf);
	return rc;
}
