// SPDX-License-Identifier: GPL-2.0
/*
 * The daemon's policies behind one interface, in the order the main
 * loop runs them: the reconfig policy may change the fabric, the
 * routing and relation policies then answer the link changes that
 * brings (the config lets at most one of them act), and the path
 * controllers tick last.  Events reach each policy through its own
 * handlers (events.c): they carry different things.
 */
#include "paths.h"
#include "rcfd.h"

static void reconf_start(struct rcfd *d, const char *why)
{
	(void)why;
	rcfd_reconf_start(d);
}

/* it runs on threshold events only, never on a clock */
static long reconf_timeout(const struct rcfd *d)
{
	(void)d;
	return -1;
}

static long routing_timeout(const struct rcfd *d)
{
	int ms = rcfd_routing_timeout(d);

	return ms < 0 ? -1 : (long)ms * 1000;
}

static void paths_start(struct rcfd *d, const char *why)
{
	(void)why;
	rcfd_paths_start(d);
}

const struct rcfd_policy rcfd_policies[] = {
	{"reconfig", reconf_start, reconf_timeout, rcfd_reconf_run,
	 rcfd_reconf_free},
	{"routing", rcfd_routing_kick, routing_timeout, rcfd_routing_poll,
	 rcfd_routing_free},
	{"relation", rcfd_relation_start, rcfd_relation_timeout_us,
	 rcfd_relation_run, rcfd_relation_free},
	{"paths", paths_start, rcfd_paths_timeout, rcfd_paths_run,
	 rcfd_paths_stop},
};

const size_t rcfd_npolicies = sizeof(rcfd_policies) / sizeof(rcfd_policies[0]);
