// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl daemon: talks to rcfd over its control socket, not to the
 * kernel.  With -j the daemon's JSON reply is printed as it came.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl/ctl_proto.h"
#include "rcfctl.h"

void help_daemon(FILE *f)
{
	fputs("Usage: rcfctl [-j] daemon [-s SOCKET] status\n"
	      "       rcfctl daemon [-s SOCKET] ping\n"
	      "       rcfctl daemon [-s SOCKET] reload\n"
	      "       rcfctl daemon [-s SOCKET] log-level err|warn|info|"
	      "debug\n"
	      "       rcfctl [-j] daemon [-s SOCKET] reconfig show\n"
	      "       rcfctl [-j] daemon [-s SOCKET] paths [show]\n"
	      "SOCKET: rcfd's control socket; default $" CTL_SOCKET_ENV
	      " or " CTL_DEF_SOCKET "\n",
	      f);
}

/* the string value of "key" in a flat JSON reply, unescaped enough */
static void json_field(const char *json, const char *key, char *out, size_t cap)
{
	char pat[64];
	const char *s;
	size_t n = 0;

	out[0] = '\0';
	snprintf(pat, sizeof(pat), "\"%s\":", key);
	s = strstr(json, pat);
	if (!s)
		return;
	s += strlen(pat);
	while (*s == ' ')
		s++;
	if (*s != '"') {
		while (*s && *s != ',' && *s != '}' && n + 1 < cap)
			out[n++] = *s++;
		out[n] = '\0';
		return;
	}
	for (s++; *s && *s != '"' && n + 1 < cap; s++) {
		if (*s == '\\' && s[1])
			s++;
		out[n++] = *s;
	}
	out[n] = '\0';
}

/* what rcfctl daemon asks rcfd */
struct daemon_req {
	const char *sock, *arg;
	unsigned int cmd;
};

/* a daemon_*() below that has found nothing to stop at */
#define GO_ON (-1)

/* the options before the command: -s SOCKET; GO_ON past them */
static int daemon_options(int *argc, char ***argv, struct daemon_req *r)
{
	char **v = *argv;
	int i;

	for (i = 0; i < *argc && v[i][0] == '-'; i++) {
		if (!strcmp(v[i], "-s") || !strcmp(v[i], "--socket")) {
			if (++i == *argc)
				return usage_error("daemon: -s needs a SOCKET");
			r->sock = v[i];
		} else {
			return usage_error("daemon: unknown option \"%s\"; try "
					   "rcfctl daemon help",
					   v[i]);
		}
	}
	*argc -= i;
	*argv += i;
	return GO_ON;
}

/* the command, its argument and a trailing -s SOCKET; GO_ON when valid */
static int daemon_command(int argc, char **argv, struct daemon_req *r)
{
	if (!argc) {
		help_daemon(stderr);
		return RCFCTL_USAGE;
	}
	if (!strcmp(argv[0], "help")) {
		help_daemon(stdout);
		return RCFCTL_OK;
	}
	if (!strcmp(argv[0], "reconfig")) {
		/* a part of the status: the reconfig policy's */
		if (argc < 2 || strcmp(argv[1], "show"))
			return usage_error("usage: rcfctl [-j] daemon reconfig "
					   "show");
		r->arg = "reconfig";
		argc--;
		argv++;
		r->cmd = CTL_STATUS;
	} else if (!strcmp(argv[0], "paths")) {
		/* the switch controllers' part of the status */
		if (argc > 1 && strcmp(argv[1], "show"))
			return usage_error("usage: rcfctl [-j] daemon paths "
					   "[show]");
		r->arg = "paths";
		if (argc > 1) {
			argc--;
			argv++;
		}
		r->cmd = CTL_STATUS;
	} else {
		r->cmd = ctl_cmd_lookup(argv[0]);
	}
	if (!r->cmd)
		return usage_error("daemon: unknown command \"%s\"; try rcfctl "
				   "daemon help",
				   argv[0]);
	if (r->cmd == CTL_LOG_LEVEL) {
		if (argc < 2)
			return usage_error("daemon log-level needs a LEVEL "
					   "(err, warn, info or debug)");
		r->arg = argv[1];
		argc--;
		argv++;
	}
	if (argc > 1 &&
	    (!strcmp(argv[1], "-s") || !strcmp(argv[1], "--socket")) &&
	    argc == 3) {
		r->sock = argv[2];
		argc -= 2;
	}
	if (argc > 1)
		return usage_error("daemon %s: unexpected \"%s\"",
				   ctl_cmd_name(r->cmd), argv[1]);
	return GO_ON;
}

/* a successful reply to ping, reload or log-level, in words */
static void print_reply(const struct daemon_req *r, const char *rbuf)
{
	char msg[512], val[64];

	switch (r->cmd) {
	case CTL_PING:
		json_field(rbuf, "pid", val, sizeof(val));
		printf("rcfd is running (pid %s) at %s\n", val, r->sock);
		break;
	case CTL_RELOAD:
		json_field(rbuf, "config", msg, sizeof(msg));
		printf("rcfd reloaded %s\n", msg);
		break;
	case CTL_LOG_LEVEL:
		printf("rcfd log level %s\n", r->arg);
		break;
	}
}

/* sends the request to rcfd and prints its reply */
static int daemon_call(struct ctl *c, struct daemon_req *r)
{
	char err[512], msg[512], *rbuf;
	struct ctl_msg reply;
	uint16_t flags = 0;
	int rc = RCFCTL_ERR;

	if (c->json && c->pretty)
		flags |= CTL_F_PRETTY;
	if (!c->json && r->cmd == CTL_STATUS)
		flags |= CTL_F_TEXT;
	rbuf = malloc(CTL_MAX_PAYLOAD + 1);
	if (!rbuf)
		return RCFCTL_ERR;
	r->sock = ctl_socket_path(r->sock);
	if (ctl_call(r->sock, (uint16_t)r->cmd, flags, r->arg, &reply, rbuf,
		     CTL_MAX_PAYLOAD + 1, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: daemon %s: %s\n", ctl_cmd_name(r->cmd),
			err);
		goto out;
	}
	if (reply.h.status) {
		json_field(rbuf, "error", msg, sizeof(msg));
		fprintf(stderr, "rcfctl: daemon %s: %s\n", ctl_cmd_name(r->cmd),
			msg[0] ? msg : "refused");
		goto out;
	}
	rc = RCFCTL_OK;
	if (c->json || r->cmd == CTL_STATUS)
		fputs(rbuf, stdout);
	else
		print_reply(r, rbuf);
out:
	free(rbuf);
	return rc;
}

int cmd_daemon(struct ctl *c, int argc, char **argv)
{
	struct daemon_req r = {0};
	int rc = daemon_options(&argc, &argv, &r);

	if (rc == GO_ON)
		rc = daemon_command(argc, argv, &r);
	if (rc == GO_ON)
		rc = daemon_call(c, &r);
	return rc;
}
