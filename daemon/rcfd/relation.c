// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's relation policy: with routing.relation set, the relation for
 * routing.relation_gen is installed at start and on reload, and
 * (routing.recompute_on_link_change) again after the links between
 * switches change, after routing.debounce_ms, round the links that are
 * down then: its up-down form while any is down, the relation itself
 * once all are up (route/relation_plan.h, the computation rcfctl
 * relation install makes).  The fabric is put in relation routing, so
 * every packet is destination-routed and no source route is needed.
 * Documentation/rcfd.8, RELATION.
 */
#include <stdlib.h>
#include <string.h>

#include "nl/nl_rel.h"
#include "route/relation_plan.h"
#include "topo/topo.h"
#include "util/mono.h"
#include "rcfd.h"
#include "out.h"

void rcfd_relation_free(struct rcfd *d)
{
	free(d->rel.down);
	d->rel.down = NULL;
	d->rel.ndown = 0;
	d->rel.installed = 0;
}

static void kick(struct rcfd *d, const char *why)
{
	struct rcfd_relation *r = &d->rel;

	if (!*d->cfg.relation)
		return;
	rcfd_debounce(&r->pending, &r->due, r->trigger, sizeof(r->trigger),
		      d->cfg.debounce_ms, why);
}

void rcfd_relation_start(struct rcfd *d, const char *why)
{
	/* the config may name another relation: install, whatever was there */
	d->rel.installed = 0;
	d->rel.links_seen = d->ev.link_changes;
	d->rel.resyncs_seen = d->ev.resyncs;
	if (!*d->cfg.relation) {
		d->rel.pending = 0;
		return;
	}
	kick(d, why);
}

long rcfd_relation_timeout_us(const struct rcfd *d)
{
	double left;

	if (!d->rel.pending)
		return -1;
	left = d->rel.due - rcf_mono_s();
	return left <= 0 ? 0 : (long)(left * 1e6) + 1;
}

/* The fabric's switches, nodes and the links between switches down. */
struct fabric {
	long nsw, nnodes;
	size_t nlinks, ndown;
	uint32_t *down;
};

static int read_fabric(struct rcfd *d, struct fabric *f, char *err,
		       size_t errlen)
{
	static const int kinds[] = {RCF_K_NODE, RCF_K_SWITCH, RCF_K_LINK};
	struct rcf_topo t;
	int rc = 0;

	rcf_topo_init(&t);
	for (int i = 0; i < 3 && !rc; i++) {
		rc = rcf_nl_dump(&d->nl, kinds[i], NULL, rcf_topo_collect, &t);
		if (rc)
			snprintf(err, errlen, "reading the %ss: %s",
				 rcf_kind_names[kinds[i]], strerror(-rc));
	}
	if (!rc && rcf_relation_downs(&t, &f->down, &f->ndown)) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	f->nsw = (long)t.v[RCF_K_SWITCH].n;
	f->nnodes = (long)t.v[RCF_K_NODE].n;
	f->nlinks = t.v[RCF_K_LINK].n;
	rcf_topo_free(&t);
	return rc ? -1 : 0;
}

/* the installed relation is f's: as many links, the same ones down */
static int same(const struct rcfd_relation *r, const struct fabric *f)
{
	return r->installed && r->nlinks == f->nlinks && r->ndown == f->ndown &&
	       (!f->ndown ||
		!memcmp(r->down, f->down, f->ndown * sizeof(*f->down)));
}

static void run(struct rcfd *d)
{
	const struct rcfd_config *c = &d->cfg;
	struct rcfd_relation *r = &d->rel;
	struct rcfd_rel_run *last = &r->last;
	struct rcf_relation_plan p;
	struct fabric f = {0};
	char err[1024], form[200];
	double t0 = rcf_mono_s();

	memset(last, 0, sizeof(*last));
	last->at = time(NULL);
	snprintf(last->trigger, sizeof(last->trigger), "%s", r->trigger);
	r->pending = 0;
	r->runs++;
	if (read_fabric(d, &f, err, sizeof(err)))
		goto failed;
	last->down = f.ndown;
	for (size_t i = 0; i < f.ndown; i++)
		rcfd_add_id(last->down_ids, sizeof(last->down_ids), f.down[i]);
	/*
	 * Installing makes the kernel send an event per switch, which may
	 * overrun the events socket and bring a run of its own: a relation
	 * already round these very links is left as it is.
	 */
	if (same(r, &f)) {
		free(f.down);
		r->unchanged++;
		snprintf(last->result, sizeof(last->result), "unchanged");
		last->entries = r->entries;
		rcfd_log(RCFD_DEBUG,
			 "relation %s (%s): already round the %zu links down",
			 c->relation, last->trigger, f.ndown);
		return;
	}
	if (rcf_relation_plan_make(c->relation, c->relation_gen, f.down,
				   f.ndown, &p, err, sizeof(err)))
		goto failed;
	if (f.nsw != p.nsw || f.nnodes != p.nnodes) {
		snprintf(err, sizeof(err),
			 "relation: the fabric has %ld switches and %ld "
			 "nodes, %s has %ld and %ld",
			 f.nsw, f.nnodes, c->relation_gen, p.nsw, p.nnodes);
		rcf_relation_plan_free(&p);
		goto failed;
	}
	last->entries = p.r.n;
	last->switches = p.nsw;
	last->vcs = p.r.vcs;
	if (rcf_nl_rel_install(&d->nl, &p.r, c->relation_select,
			       RCF_ROUTING_RELATION)) {
		if (rcf_nl_epoch_error(&d->nl, err, sizeof(err)))
			rcf_nl_error_str(&d->nl.e, err, sizeof(err));
		rcf_relation_plan_free(&p);
		goto failed;
	}
	rcf_relation_plan_free(&p);
	free(r->down);
	r->down = f.down;
	r->ndown = f.ndown;
	r->nlinks = f.nlinks;
	r->entries = last->entries;
	r->installed = 1;
	r->installs++;
	last->ms = (unsigned int)((rcf_mono_s() - t0) * 1000 + 0.5);
	snprintf(last->result, sizeof(last->result), "installed");
	if (f.ndown)
		snprintf(form, sizeof(form),
			 "up-down around %zu links down (%s)", f.ndown,
			 last->down_ids);
	else
		snprintf(form, sizeof(form), "intact");
	rcfd_log(RCFD_INFO,
		 "relation %s: %s: %zu entries on %ld switches, %d VCs, "
		 "select %s (%s, %u ms)",
		 c->relation, form, last->entries, last->switches, last->vcs,
		 rcfd_select_name(c->relation_select), last->trigger, last->ms);
	return;
failed:
	free(f.down);
	r->failures++;
	r->installed = 0;
	last->ms = (unsigned int)((rcf_mono_s() - t0) * 1000 + 0.5);
	snprintf(last->result, sizeof(last->result), "failed");
	snprintf(last->error, sizeof(last->error), "%s", err);
	rcfd_log(RCFD_ERR, "relation %s (%s): %s", c->relation, last->trigger,
		 err);
}

void rcfd_relation_run(struct rcfd *d)
{
	const struct rcfd_events *ev = &d->ev;
	struct rcfd_relation *r = &d->rel;

	if (ev->link_changes != r->links_seen ||
	    ev->resyncs != r->resyncs_seen) {
		if (d->cfg.recompute_on_link_change)
			kick(d, ev->resyncs != r->resyncs_seen ? "events lost"
							       : "link change");
		r->links_seen = ev->link_changes;
		r->resyncs_seen = ev->resyncs;
	}
	if (r->pending && !*d->cfg.relation)
		r->pending = 0;
	if (r->pending && rcfd_relation_timeout_us(d) == 0)
		run(d);
}

void rcfd_relation_status(const struct rcfd *d, struct out *o)
{
	const struct rcfd_relation *r = &d->rel;
	const struct rcfd_rel_run *l = &r->last;

	o_open(o, "relation");
	o_str(o, "relation", *d->cfg.relation ? d->cfg.relation : "none");
	if (*d->cfg.relation) {
		o_str(o, "gen", d->cfg.relation_gen);
		o_str(o, "select", rcfd_select_name(d->cfg.relation_select));
	}
	o_bool(o, "active", !!*d->cfg.relation);
	o_bool(o, "pending", r->pending);
	o_u64(o, "runs", r->runs);
	o_u64(o, "installs", r->installs);
	o_u64(o, "unchanged", r->unchanged);
	o_u64(o, "failures", r->failures);
	if (r->installed) {
		/* what the kernel holds now */
		o_str(o, "form", r->ndown ? "up-down" : "intact");
		o_u64(o, "links_down", r->ndown);
	}
	if (r->runs) {
		o_last_open(o, l->at, l->trigger, l->result, l->error, l->ms);
		o_u64(o, "links_down", l->down);
		o_str(o, "down_ids", l->down_ids);
		o_u64(o, "entries", l->entries);
		o_u64(o, "vcs", (uint64_t)l->vcs);
		o_close(o);
	}
	o_close(o);
}
