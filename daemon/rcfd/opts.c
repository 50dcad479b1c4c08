// SPDX-License-Identifier: GPL-2.0
/* rcfd's command line; Documentation/rcfd.8. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "ctl/ctl_proto.h"
#include "util/help_arg.h"
#include "rcfd.h"

void rcfd_usage(FILE *f)
{
	fputs("Usage: rcfd [-f|--foreground] [-c|--config FILE] "
	      "[-p|--pidfile FILE]\n"
	      "            [-s|--socket PATH] [-l|--log-level LEVEL] "
	      "[--syslog|--stderr]\n"
	      "            [--check-config] [-h|--help] [-V|--version]\n"
	      "LEVEL := err | warn | info | debug\n"
	      "Defaults: config " RCFD_DEF_CONFIG ", pidfile " RCFD_DEF_PIDFILE
	      ", socket /run/rcf/rcfd.sock;\n"
	      "the command line overrides the config file.\n",
	      f);
}

enum { OPT_SYSLOG = 256, OPT_STDERR, OPT_CHECK };

static const struct option longopts[] = {
	{"foreground", no_argument, NULL, 'f'},
	{"config", required_argument, NULL, 'c'},
	{"pidfile", required_argument, NULL, 'p'},
	{"socket", required_argument, NULL, 's'},
	{"log-level", required_argument, NULL, 'l'},
	{"syslog", no_argument, NULL, OPT_SYSLOG},
	{"stderr", no_argument, NULL, OPT_STDERR},
	{"check-config", no_argument, NULL, OPT_CHECK},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0},
};

static int path_opt(const char *what, const char *v, size_t max, char *err,
		    size_t errlen)
{
	if (v[0] != '/') {
		snprintf(err, errlen,
			 "%s \"%s\" is not an absolute path "
			 "(rcfd changes directory to /)",
			 what, v);
		return -1;
	}
	if (strlen(v) >= max) {
		snprintf(err, errlen, "%s longer than %zu bytes", what,
			 max - 1);
		return -1;
	}
	return 0;
}

int rcfd_parse_args(int argc, char **argv, struct rcfd_opts *o, char *err,
		    size_t errlen)
{
	int c;

	memset(o, 0, sizeof(*o));
	o->log_target = -1;
	o->config = RCFD_DEF_CONFIG;
	if (rcf_help_asked(argc, argv)) {
		rcfd_usage(stdout);
		return 1;
	}
	optind = 0; /* glibc: start over, so tests can parse many times */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:fc:p:s:l:hV", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'f':
			o->foreground = 1;
			break;
		case 'c':
			if (path_opt("config", optarg, PATH_MAX, err, errlen))
				return -1;
			o->config = optarg;
			break;
		case 'p':
			if (path_opt("pidfile", optarg, PATH_MAX, err, errlen))
				return -1;
			o->pidfile = optarg;
			break;
		case 's':
			if (path_opt("socket", optarg, RCFD_SOCK_MAX, err,
				     errlen))
				return -1;
			o->socket = optarg;
			break;
		case 'l':
			if (rcfd_level_parse(optarg, &o->level)) {
				snprintf(err, errlen,
					 "log level \"%s\": want "
					 "err, warn, info or debug",
					 optarg);
				return -1;
			}
			o->has_level = 1;
			break;
		case OPT_SYSLOG:
		case OPT_STDERR:
			if (o->log_target != -1 &&
			    o->log_target != (c == OPT_SYSLOG)) {
				snprintf(err, errlen,
					 "--syslog and --stderr "
					 "exclude each other");
				return -1;
			}
			o->log_target = c == OPT_SYSLOG;
			break;
		case OPT_CHECK:
			o->check_config = 1;
			break;
		case 'h':
			rcfd_usage(stdout);
			return 1;
		case 'V':
			printf("rcfd %s (control protocol %d)\n", RCFD_VERSION,
			       CTL_VERSION);
			return 1;
		case ':':
			snprintf(err, errlen, "%s needs a value",
				 argv[optind - 1]);
			return -1;
		default:
			if (optopt && optopt < 256)
				snprintf(err, errlen, "unknown option -%c",
					 optopt);
			else
				snprintf(err, errlen, "unknown option %s",
					 argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		snprintf(err, errlen, "unexpected argument \"%s\"",
			 argv[optind]);
		return -1;
	}
	return 0;
}

void rcfd_apply_opts(const struct rcfd_opts *o, struct rcfd_config *c)
{
	if (o->socket)
		snprintf(c->socket, sizeof(c->socket), "%s", o->socket);
	if (o->pidfile)
		snprintf(c->pidfile, sizeof(c->pidfile), "%s", o->pidfile);
	if (o->has_level)
		c->log_level = o->level;
}
