// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's reconfig policy: García-Duato's algorithm (§3) on a supernode
 * machine.  The kernel announces every threshold_2 messages of a node
 * (RCF_CMD_NODE_THRESHOLD; rcfd sets the fabric's msg-threshold to
 * threshold2 and never polls); the node goes on one queue, which is the
 * single system controller of §2.2: each entry is evaluated on the
 * node's own row and column of the kernel's PAIR counters, and a chosen
 * swap is applied as one RCF_CMD_BATCH, which the kernel carries out as
 * one epoch (suspend, switch update, new routes everywhere, resume)
 * before the next entry is looked at.
 */
#include <stdlib.h>
#include <string.h>

#include "nl/nl_stats.h"
#include "rcfd.h"

static void reconf_stop(struct rcfd_reconf *r)
{
	if (r->running) {
		gd_free(&r->gd);
		rcf_sn_state_free(&r->sn);
	}
	free(r->queue);
	free(r->queued);
	free(r->sent);
	free(r->recv);
	r->queue = NULL;
	r->queued = NULL;
	r->sent = r->recv = NULL;
	r->running = 0;
	r->qlen = r->qhead = 0;
}

/* a fabric setting like any other: FABRIC_SET of the one attribute */
static int set_msg_threshold(struct rcfd *d, uint32_t thr, char *err,
			     size_t errlen)
{
	struct rcf_op op = {.cmd = RCF_CMD_FABRIC_SET};
	char why[256];

	rcf_obj_init(&op.o, RCF_K_FABRIC);
	rcf_set(&op.o, RCF_A_FABRIC_MSG_THRESHOLD, thr);
	if (!rcf_nl_do(&d->nl, &op, NULL, NULL))
		return 0;
	rcf_nl_error_str(&d->nl.e, why, sizeof(why));
	snprintf(err, errlen, "setting the fabric's msg-threshold: %s", why);
	return -1;
}

static void inactive(struct rcfd_reconf *r, const char *why)
{
	snprintf(r->why, sizeof(r->why), "%s", why);
	rcfd_log(RCFD_WARN, "reconfig: not running: %s", why);
}

void rcfd_reconf_start(struct rcfd *d)
{
	const struct rcfd_reconf_conf *c = &d->cfg.reconf;
	struct rcfd_reconf *r = &d->reconf;
	struct gd_opts go;
	char err[1024];
	const char *path;
	int rc;

	reconf_stop(r);
	r->why[0] = '\0';
	if (!c->enable) {
		snprintf(r->why, sizeof(r->why), "reconfig.enable is off");
		return;
	}
	path = rcf_sn_state_path(c->state);
	snprintf(r->path, sizeof(r->path), "%s", path);
	rc = rcf_sn_state_load(path, &r->sn, err, sizeof(err));
	if (rc) {
		if (rc == 1)
			snprintf(err, sizeof(err),
				 "no supernode mapping at %s: rcfctl topo "
				 "apply supernode:... first",
				 path);
		inactive(r, err);
		return;
	}
	if (c->topology[0] && strcmp(c->topology, r->sn.spec)) {
		snprintf(err, sizeof(err),
			 "reconfig.topology is %s but the fabric is "
			 "supernode:%s",
			 c->topology, r->sn.spec);
		rcf_sn_state_free(&r->sn);
		inactive(r, err);
		return;
	}
	if (rcf_sn_state_check(&d->nl, &r->sn, err, sizeof(err))) {
		rcf_sn_state_free(&r->sn);
		inactive(r, err);
		return;
	}
	gd_opts_default(&go);
	go.threshold1 = c->threshold1;
	go.threshold2 = c->threshold2;
	go.large = c->large;
	go.round_robin = c->round_robin;
	if (gd_init(&r->gd, &r->sn.t, &go)) {
		rcf_sn_state_free(&r->sn);
		inactive(r, "out of memory");
		return;
	}
	/* the stored mapping, not the identity */
	for (uint32_t i = 0; i < r->sn.t.n; i++) {
		r->gd.map.pos[i] = r->sn.m.pos[i];
		r->gd.map.at[r->sn.m.pos[i]] = i;
	}
	r->running = 1;
	r->n = r->sn.t.n;
	r->queue = calloc(r->n, sizeof(*r->queue));
	r->queued = calloc(r->n, 1);
	r->sent = calloc(r->n, sizeof(*r->sent));
	r->recv = calloc(r->n, sizeof(*r->recv));
	if (!r->queue || !r->queued || !r->sent || !r->recv) {
		reconf_stop(r);
		inactive(r, "out of memory");
		return;
	}
	if (set_msg_threshold(d, c->threshold2, err, sizeof(err))) {
		reconf_stop(r);
		inactive(r, err);
		return;
	}
	rcfd_log(RCFD_INFO,
		 "reconfig: supernode:%s, threshold1 %llu, threshold2 %u, "
		 "%s alteration, round robin %s, change limit %u%s",
		 r->sn.spec, (unsigned long long)c->threshold1, c->threshold2,
		 c->large ? "large" : "small", c->round_robin ? "on" : "off",
		 c->change_limit, c->use_epoch_cost ? ", epoch cost on" : "");
}

void rcfd_reconf_free(struct rcfd *d)
{
	reconf_stop(&d->reconf);
}

void rcfd_reconf_threshold(struct rcfd *d, uint32_t node, uint64_t sent,
			   uint64_t recv)
{
	struct rcfd_reconf *r = &d->reconf;

	r->events++;
	rcfd_log(RCFD_DEBUG, "reconfig: node %u at %llu sent, %llu received",
		 node, (unsigned long long)sent, (unsigned long long)recv);
	if (!r->running || node >= r->n || r->queued[node])
		return;
	r->queued[node] = 1;
	r->queue[(r->qhead + r->qlen++) % r->n] = node;
}

void rcfd_reconf_epoch(struct rcfd *d, uint64_t ns, uint32_t error)
{
	d->reconf.epochs++;
	if (!error)
		d->reconf.last_epoch_ns = ns;
}

/* node i's row (sent to j) and column (received from j): local only */
static int read_counters(struct rcfd *d, uint32_t i)
{
	struct rcfd_reconf *r = &d->reconf;
	struct rcf_stats st;
	int rc;

	rcf_stats_init(&st);
	memset(r->sent, 0, r->n * sizeof(*r->sent));
	memset(r->recv, 0, r->n * sizeof(*r->recv));
	rc = rcf_nl_stats_get(&d->nl, RCF_STATS_KIND_PAIR, &st);
	if (rc)
		goto out;
	for (size_t k = 0; k < st.npair; k++) {
		const struct rcf_stats_pair *p = &st.pair[k];

		if (p->src == i && p->dst < r->n)
			r->sent[p->dst] += p->msgs_sent;
		if (p->dst == i && p->src < r->n)
			r->recv[p->src] += p->msgs_received;
	}
out:
	rcf_stats_free(&st);
	return rc;
}

static void record(struct rcfd_reconf *r, const struct rcfd_reconf_dec *x)
{
	r->log[r->nlog % RCFD_RECONF_LOG] = *x;
	r->nlog++;
}

static void evaluate(struct rcfd *d, uint32_t i)
{
	const struct rcfd_reconf_conf *c = &d->cfg.reconf;
	struct rcfd_reconf *r = &d->reconf;
	struct rcfd_reconf_dec x = {.at = time(NULL), .node = i};
	struct gd_change ch;
	char err[1024];

	if (read_counters(d, i)) {
		rcfd_log(RCFD_WARN,
			 "reconfig: node %u: reading counters failed", i);
		return;
	}
	r->evaluations++;
	x.epoch_ns = r->last_epoch_ns;
	if (!rcfd_reconf_decide(&r->gd, c, i, r->sent, r->recv,
				r->last_epoch_ns, &ch)) {
		rcfd_log(RCFD_DEBUG, "reconfig: node %u: cost %llu, no change",
			 i, (unsigned long long)gd_cost(&r->gd, i));
		return;
	}
	x.a = ch.a;
	x.b = ch.b;
	x.before = ch.cost_before;
	x.after = ch.cost_after;
	x.ties = ch.ties;
	if (rcf_sn_swap(&d->nl, &r->sn, ch.a, ch.b, err, sizeof(err))) {
		r->refusals++;
		snprintf(x.result, sizeof(x.result), "refused");
		record(r, &x);
		rcfd_log(RCFD_ERR, "reconfig: node %u: %s", i, err);
		return;
	}
	gd_apply(&r->gd, &ch);
	r->changes++;
	snprintf(x.result, sizeof(x.result), "swapped");
	record(r, &x);
	if (rcf_sn_state_save(r->path, &r->sn, err, sizeof(err)))
		rcfd_log(RCFD_ERR, "reconfig: mapping not stored: %s", err);
	rcfd_log(RCFD_INFO,
		 "reconfig: node %u: swap %u (now at %u) and %u (now at %u), "
		 "cost %llu -> %llu, %u equal choices, last epoch %llu ns",
		 i, ch.a, r->sn.m.pos[ch.a], ch.b, r->sn.m.pos[ch.b],
		 (unsigned long long)ch.cost_before,
		 (unsigned long long)ch.cost_after, ch.ties,
		 (unsigned long long)r->last_epoch_ns);
}

void rcfd_reconf_run(struct rcfd *d)
{
	struct rcfd_reconf *r = &d->reconf;

	while (r->running && r->qlen) {
		uint32_t i = r->queue[r->qhead];

		r->qhead = (r->qhead + 1) % r->n;
		r->qlen--;
		r->queued[i] = 0;
		evaluate(d, i);
	}
}
