/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by rcfd's tests (included, not linked): a config from text, and
 * the check that a config is refused with the reason a test wants.
 */
#ifndef RCF_TEST_RCFD_CONF_UTIL_H
#define RCF_TEST_RCFD_CONF_UTIL_H

#include <stdio.h>
#include <string.h>

#include "../rcfd/rcfd.h"
#include "tap.h"

/* err has room for 512 bytes */
static int parse(const char *text, struct rcfd_config *c, char *err)
{
	rcfd_config_defaults(c);
	err[0] = '\0';
	return rcfd_config_parse("t.conf", text, strlen(text), c, err, 512);
}

/* text must be refused with an error starting with want */
static void refuse(const char *text, const char *want)
{
	struct rcfd_config c;
	char err[512], name[160];
	int ok;

	ok = parse(text, &c, err) == -1 && !strncmp(err, want, strlen(want));
	snprintf(name, sizeof(name), "refused: %s", want);
	if (!tap_ok(ok, name))
		printf("# got \"%s\"\n", err);
}

#endif
