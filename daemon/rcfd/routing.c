// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's routing policy: with routing.manage on, the route set is
 * recomputed at start, on reload, and (routing.recompute_on_link_change)
 * whenever links change state, come or go, after a debounce that turns a
 * burst of events into one recompute.  Each run reads the kernel's fabric,
 * lets policy.c compute and check, refuses a cyclic set unless
 * routing.force, and replaces the installed routes with RCF_CMD_BATCH
 * messages.  Documentation/routing.rst, "rcfd's policy".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/mono.h"
#include "route/nig.h"
#include "route/plan.h"
#include "nl/nl_stats.h"
#include "topo/topo.h"
#include "rcfd.h"
#include "out.h"

int rcfd_routing_init(struct rcfd *d)
{
	memset(&d->routing, 0, sizeof(d->routing));
	d->routing.links_seen = d->ev.link_changes;
	d->routing.resyncs_seen = d->ev.resyncs;
	d->routing.state = calloc(RCF_MAX_LINKS, 1);
	return d->routing.state ? 0 : -1;
}

void rcfd_routing_free(struct rcfd *d)
{
	free(d->routing.state);
	d->routing.state = NULL;
}

void rcfd_routing_kick(struct rcfd *d, const char *why)
{
	struct rcfd_routing *r = &d->routing;

	if (!d->cfg.manage)
		return;
	rcfd_debounce(&r->pending, &r->due, r->trigger, sizeof(r->trigger),
		      d->cfg.debounce_ms, why);
}

int rcfd_routing_timeout(const struct rcfd *d)
{
	double left;

	if (!d->routing.pending)
		return -1;
	left = d->routing.due - rcf_mono_s();
	return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

/*
 * A router that reads a NIG gets what the kernel counted, C_ij
 * in message bytes (the PAIR counters since the last STATS_RESET).
 */
static int read_nig(struct rcfd *d, struct rcf_nig *nig, char *err,
		    size_t errlen)
{
	struct rcf_stats st;
	int rc;

	rcf_stats_init(&st);
	rc = rcf_nl_stats_get(&d->nl, RCF_STATS_KIND_PAIR, &st);
	if (rc)
		snprintf(err, errlen, "reading the traffic matrix: %s",
			 strerror(-rc));
	else if (rcf_nig_from_pairs(&st, RCF_NIG_BYTES, RCF_MAX_NODES, nig))
		snprintf(err, errlen, "out of memory");
	else
		rc = 0;
	rcf_stats_free(&st);
	return rc ? -1 : 0;
}

static int read_fabric(struct rcfd *d, struct rcf_topo *t, char *err,
		       size_t errlen)
{
	rcf_topo_init(t);
	for (int k = RCF_K_NODE; k < RCF_K_NR; k++) {
		int rc = rcf_nl_dump(&d->nl, k, NULL, rcf_topo_collect, t);

		if (rc) {
			snprintf(err, errlen, "reading the %ss: %s",
				 rcf_kind_names[k], strerror(-rc));
			rcf_topo_free(t);
			return -1;
		}
	}
	return 0;
}

static unsigned int ms_since(double t0)
{
	return (unsigned int)((rcf_mono_s() - t0) * 1000 + 0.5);
}

static void run(struct rcfd *d)
{
	struct rcfd_routing *r = &d->routing;
	struct rcfd_route_run *last = &r->last;
	struct rcf_route_plan p;
	struct rcf_topo t;
	struct rcf_nig nig;
	char err[512], links[300] = "";
	double t0 = rcf_mono_s(), t1;

	memset(last, 0, sizeof(*last));
	last->at = time(NULL);
	snprintf(last->trigger, sizeof(last->trigger), "%s", r->trigger);
	r->pending = 0;
	r->runs++;
	rcf_nig_init(&nig);
	if (d->cfg.route.r && (d->cfg.route.r->flags & RCF_ROUTER_NIG) &&
	    read_nig(d, &nig, err, sizeof(err)))
		goto failed;
	if (read_fabric(d, &t, err, sizeof(err)))
		goto failed;
	rcfd_link_delta(r->state, &t, &last->links);
	if (rcfd_plan_make_nig(&d->cfg, &t, &nig, &p, err, sizeof(err))) {
		rcf_topo_free(&t);
		goto failed;
	}
	rcf_topo_free(&t);
	if (d->cfg.route.r->flags & RCF_ROUTER_NIG)
		rcfd_log(RCFD_DEBUG, "routing: %s over %zu measured pairs",
			 d->cfg.route.r->name, nig.n);
	rcf_nig_free(&nig);
	last->compute_ms = ms_since(t0);
	last->routes = p.new.n;
	last->added = p.diff.added;
	last->changed = p.diff.changed;
	last->removed = p.diff.removed;
	last->pairs_lost = p.diff.pairs_lost;
	last->unreachable = p.st.unreachable;
	if (last->links.down)
		snprintf(links, sizeof(links), "links down: %s; ",
			 last->links.down_ids);
	if (last->links.up)
		snprintf(links + strlen(links), sizeof(links) - strlen(links),
			 "links up: %s; ", last->links.up_ids);
	if (!p.cdg.acyclic && !d->cfg.force) {
		r->refusals++;
		snprintf(last->result, sizeof(last->result), "refused");
		snprintf(last->error, sizeof(last->error),
			 "channel dependency cycle: %s", p.cycle);
		last->ms = ms_since(t0);
		rcfd_log(RCFD_ERR,
			 "routing (%s): %s%s set of %zu routes has a channel "
			 "dependency cycle; not installed (routing.force "
			 "installs it): %s",
			 last->trigger, links, rcfd_algo_name(&d->cfg), p.new.n,
			 p.cycle);
		rcf_plan_free(&p);
		return;
	}
	if (!p.cdg.acyclic)
		rcfd_log(RCFD_WARN,
			 "routing: installing a set with a channel dependency "
			 "cycle (routing.force): %s",
			 p.cycle);
	t1 = rcf_mono_s();
	if (rcf_plan_install(&d->nl, &p, NULL, NULL, NULL, err, sizeof(err))) {
		rcf_plan_free(&p);
		goto failed;
	}
	last->install_ms = ms_since(t1);
	last->ms = ms_since(t0);
	rcf_plan_free(&p);
	r->installs++;
	snprintf(last->result, sizeof(last->result), "%s",
		 last->added + last->changed + last->removed ? "installed"
							     : "unchanged");
	rcfd_log(RCFD_INFO,
		 "routing (%s): %s%s: %zu routes, %zu added, %zu changed, "
		 "%zu removed, %zu pairs now unreachable (%zu in all), in "
		 "%u ms (compute %u ms, install %u ms)",
		 last->trigger, links, rcfd_algo_name(&d->cfg), last->routes,
		 last->added, last->changed, last->removed, last->pairs_lost,
		 last->unreachable, last->ms, last->compute_ms,
		 last->install_ms);
	return;
failed:
	rcf_nig_free(&nig);
	r->failures++;
	last->ms = ms_since(t0);
	snprintf(last->result, sizeof(last->result), "failed");
	snprintf(last->error, sizeof(last->error), "%s", err);
	rcfd_log(RCFD_ERR, "routing (%s): %s", last->trigger, err);
}

void rcfd_routing_poll(struct rcfd *d)
{
	const struct rcfd_events *ev = &d->ev;
	struct rcfd_routing *r = &d->routing;

	if (ev->link_changes != r->links_seen ||
	    ev->resyncs != r->resyncs_seen) {
		if (d->cfg.recompute_on_link_change)
			rcfd_routing_kick(d, ev->resyncs != r->resyncs_seen
						     ? "events lost"
						     : "link change");
		r->links_seen = ev->link_changes;
		r->resyncs_seen = ev->resyncs;
	}
	if (d->routing.pending && !d->cfg.manage)
		d->routing.pending = 0;
	if (d->routing.pending && rcfd_routing_timeout(d) == 0)
		run(d);
}

void rcfd_routing_status(const struct rcfd *d, struct out *o)
{
	o_open(o, "routing");
	o_str(o, "algorithm", rcfd_algo_name(&d->cfg));
	if (d->cfg.route.r) {
		char opts[256];

		/* those set away from the router's defaults */
		rcf_route_conf_str(&d->cfg.route, opts, sizeof(opts));
		o_str(o, "options", opts);
	}
	o_bool(o, "manage", d->cfg.manage);
	o_bool(o, "recompute_on_link_change", d->cfg.recompute_on_link_change);
	o_u64(o, "debounce_ms", d->cfg.debounce_ms);
	o_bool(o, "force", d->cfg.force);
	o_bool(o, "active", d->cfg.manage);
	o_bool(o, "pending", d->routing.pending);
	o_u64(o, "runs", d->routing.runs);
	o_u64(o, "installs", d->routing.installs);
	o_u64(o, "refusals", d->routing.refusals);
	o_u64(o, "failures", d->routing.failures);
	if (d->routing.runs) {
		const struct rcfd_route_run *l = &d->routing.last;

		o_last_open(o, l->at, l->trigger, l->result, l->error, l->ms);
		o_u64(o, "compute_ms", l->compute_ms);
		o_u64(o, "install_ms", l->install_ms);
		o_u64(o, "routes", l->routes);
		o_u64(o, "added", l->added);
		o_u64(o, "changed", l->changed);
		o_u64(o, "removed", l->removed);
		o_u64(o, "pairs_lost", l->pairs_lost);
		o_u64(o, "unreachable", l->unreachable);
		o_u64(o, "links_down", l->links.down);
		o_u64(o, "links_up", l->links.up);
		o_close(o);
	}
	o_close(o);
}
