// SPDX-License-Identifier: GPL-2.0
/* rcfd.conf's [paths] section (Documentation/rcfd.conf.5). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "util/num.h"
#include "paths.h"

void rcfd_paths_conf_defaults(struct rcfd_paths_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->timeout_ms = RCFD_PATHS_DEF_TIMEOUT_MS;
	/* without it the controllers can deadlock (§I B) */
	c->erl = 1;
}

/* The section's keys, for catching one given twice. */
static const char *const conf_keys[] = {
	"manage",
	"timeout_ms",
	"erl",
	"tick_us",
};

int rcfd_paths_conf_key(const char *key)
{
	for (size_t i = 0; i < sizeof(conf_keys) / sizeof(conf_keys[0]); i++)
		if (!strcmp(key, conf_keys[i]))
			return (int)i;
	return -1;
}

static int bool_of(const char *v, int *out)
{
	static const char *const yes[] = {"yes", "true", "on", "1"};
	static const char *const no[] = {"no", "false", "off", "0"};

	for (size_t i = 0; i < 4; i++) {
		if (!strcmp(v, yes[i]) || !strcmp(v, no[i])) {
			*out = !strcmp(v, yes[i]);
			return 0;
		}
	}
	return -1;
}

int rcfd_paths_conf_set(struct rcfd_paths_conf *c, const char *key,
			const char *v, char *why, size_t whylen)
{
	if (!strcmp(key, "manage") || !strcmp(key, "erl")) {
		if (!bool_of(v, key[0] == 'm' ? &c->manage : &c->erl))
			return 0;
		snprintf(why, whylen, "paths.%s \"%s\": want yes or no", key,
			 v);
		return -1;
	}
	if (!strcmp(key, "timeout_ms")) {
		if (!rcf_num_u32(v, 1, RCF_PATH_MAX_TIMEOUT_MS, &c->timeout_ms))
			return 0;
		snprintf(why, whylen, "paths.timeout_ms \"%s\": want 1 to %d",
			 v, RCF_PATH_MAX_TIMEOUT_MS);
		return -1;
	}
	if (!strcmp(key, "tick_us")) {
		if (!rcf_num_u32(v, 0, RCFD_PATHS_MAX_TICK_US, &c->tick_us))
			return 0;
		snprintf(why, whylen, "paths.tick_us \"%s\": want 0 to %d", v,
			 RCFD_PATHS_MAX_TICK_US);
		return -1;
	}
	return 1;
}
