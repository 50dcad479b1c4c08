// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's log: stderr in the foreground, syslog's daemon facility once
 * detached, filtered by one level that config, command line and
 * "rcfctl daemon log-level" all set.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>

#include "rcfd.h"

static enum rcfd_level cur_level = RCFD_INFO;
static int use_syslog;

static const char *const names[] = {
	[RCFD_ERR] = "err",
	[RCFD_WARN] = "warn",
	[RCFD_INFO] = "info",
	[RCFD_DEBUG] = "debug",
};

static const int prio[] = {
	[RCFD_ERR] = LOG_ERR,
	[RCFD_WARN] = LOG_WARNING,
	[RCFD_INFO] = LOG_INFO,
	[RCFD_DEBUG] = LOG_DEBUG,
};

int rcfd_level_parse(const char *s, enum rcfd_level *out)
{
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(s, names[i])) {
			*out = (enum rcfd_level)i;
			return 0;
		}
	}
	return -1;
}

const char *rcfd_level_name(enum rcfd_level l)
{
	return names[l];
}

void rcfd_log_set_level(enum rcfd_level l)
{
	cur_level = l;
}

enum rcfd_level rcfd_log_level(void)
{
	return cur_level;
}

void rcfd_log_to_syslog(int on)
{
	if (on && !use_syslog)
		openlog("rcfd", LOG_PID | LOG_NDELAY, LOG_DAEMON);
	else if (!on && use_syslog)
		closelog();
	use_syslog = on;
}

void rcfd_log(enum rcfd_level l, const char *fmt, ...)
{
	va_list ap;

	if (l > cur_level)
		return;
	va_start(ap, fmt);
	if (use_syslog) {
		vsyslog(prio[l], fmt, ap);
	} else {
		fprintf(stderr, "rcfd: %s: ", names[l]);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		fflush(stderr);
	}
	va_end(ap);
}
