// SPDX-License-Identifier: GPL-2.0
/*
 * The daemon's policies behind one interface, in the order the main
 * loop runs them: the reconfig policy may change the fabric, the
 * routing and relation policies then answer the link changes that
 * brings (the config lets at most one of them act), and the path
 * controllers tick last.  Every event goes to every policy, which
 * takes the kinds it acts on.
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

/* The epoch's time with injection held. */
static uint64_t epoch_ns(const struct rcf_epoch_info *e)
{
	return e->suspend_ns + e->drain_ns + e->apply_ns + e->resume_ns;
}

/* node thresholds queue an evaluation; an epoch's time is its cost */
static void reconf_event(struct rcfd *d, const struct rcf_nl_event *e)
{
	if (e->type == RCF_EV_THRESH)
		rcfd_reconf_threshold(d, e->th.node, e->th.sent,
				      e->th.received);
	else if (e->type == RCF_EV_EPOCH)
		rcfd_reconf_epoch(d, epoch_ns(&e->epoch), e->epoch.error);
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

/* requests to answer, paths given back, and every object's change */
static void paths_event(struct rcfd *d, const struct rcf_nl_event *e)
{
	if (e->type == RCF_EV_PATH_REQUEST)
		rcfd_paths_request_event(d, &e->preq);
	else if (e->type == RCF_EV_OBJECT || e->type == RCF_EV_PATH_RETURNED)
		rcfd_paths_obj_event(d, e->cmd, &e->o);
}

static void paths_status(const struct rcfd *d, struct out *o)
{
	rcfd_paths_status(&d->cfg.paths, &d->paths, o);
}

static void paths_show(const struct rcfd *d, struct out *o)
{
	rcfd_paths_show(&d->cfg.paths, &d->paths, o);
}

/*
 * Routing and relation answer link changes from the events' counts
 * (rcfd_events), not from the events themselves.
 */
const struct rcfd_policy rcfd_policies[] = {
	{"reconfig", reconf_start, reconf_timeout, rcfd_reconf_run,
	 rcfd_reconf_free, reconf_event, NULL, rcfd_reconf_show},
	{"routing", rcfd_routing_kick, routing_timeout, rcfd_routing_poll,
	 rcfd_routing_free, NULL, rcfd_routing_status, NULL},
	{"relation", rcfd_relation_start, rcfd_relation_timeout_us,
	 rcfd_relation_run, rcfd_relation_free, NULL, rcfd_relation_status,
	 NULL},
	{"paths", paths_start, rcfd_paths_timeout, rcfd_paths_run,
	 rcfd_paths_stop, paths_event, paths_status, paths_show},
};

const size_t rcfd_npolicies = sizeof(rcfd_policies) / sizeof(rcfd_policies[0]);
