// SPDX-License-Identifier: GPL-2.0
/*
 * status reconfig: the reconfig policy's settings, the supernode mapping
 * it keeps, each node's cost and its last decisions.
 */
#include <stdio.h>

#include "rcfd.h"
#include "out.h"

static void o_pos(struct out *o, const char *key, const struct sn_map *m)
{
	if (!o->text) {
		rcf_json_arr_open(&o->j, key);
		for (uint32_t i = 0; i < m->n; i++)
			rcf_json_u64(&o->j, NULL, m->pos[i]);
		rcf_json_arr_close(&o->j);
		return;
	}
	fprintf(o->f, "%*s%s:", 2 * o->depth, "", key);
	for (uint32_t i = 0; i < m->n; i++)
		fprintf(o->f, " %u", m->pos[i]);
	fputc('\n', o->f);
}

void rcfd_reconf_show(const struct rcfd *d, struct out *o)
{
	const struct rcfd_reconf_conf *c = &d->cfg.reconf;
	const struct rcfd_reconf *r = &d->reconf;
	char key[32];

	o_open(o, NULL);
	o_bool(o, "enable", c->enable);
	o_bool(o, "running", r->running);
	if (!r->running)
		o_str(o, "why", r->why);
	o_u64(o, "threshold1", c->threshold1);
	o_u64(o, "threshold2", c->threshold2);
	o_str(o, "alteration", c->large ? "large" : "small");
	o_bool(o, "round_robin", c->round_robin);
	o_u64(o, "change_limit", c->change_limit);
	o_bool(o, "use_epoch_cost", c->use_epoch_cost);
	o_u64(o, "epoch_cost_per_ms", c->epoch_cost_per_ms);
	o_u64(o, "events", r->events);
	o_u64(o, "evaluations", r->evaluations);
	o_u64(o, "changes", r->changes);
	o_u64(o, "refusals", r->refusals);
	o_u64(o, "epochs", r->epochs);
	o_u64(o, "last_epoch_ns", r->last_epoch_ns);
	if (r->running) {
		o_str(o, "topology", r->sn.spec);
		o_str(o, "state", r->path);
		/* pos[node]: the position each node sits at */
		o_pos(o, "position", &r->sn.m);
		o_open(o, "cost");
		for (uint32_t i = 0; i < r->n; i++) {
			snprintf(key, sizeof(key), "%u", i);
			o_u64(o, key, gd_cost(&r->gd, i));
		}
		o_close(o);
	}
	if (!o->text)
		rcf_json_arr_open(&o->j, "decisions");
	else
		o_open(o, "decisions");
	for (uint64_t k = r->nlog > RCFD_RECONF_LOG ? r->nlog - RCFD_RECONF_LOG
						    : 0;
	     k < r->nlog; k++) {
		const struct rcfd_reconf_dec *x = &r->log[k % RCFD_RECONF_LOG];

		snprintf(key, sizeof(key), "%llu", (unsigned long long)k);
		o_open(o, o->text ? key : NULL);
		o_u64(o, "at", (uint64_t)x->at);
		o_u64(o, "node", x->node);
		o_u64(o, "a", x->a);
		o_u64(o, "b", x->b);
		o_u64(o, "cost_before", x->before);
		o_u64(o, "cost_after", x->after);
		o_u64(o, "ties", x->ties);
		o_u64(o, "epoch_ns", x->epoch_ns);
		o_str(o, "result", x->result);
		o_close(o);
	}
	if (!o->text)
		rcf_json_arr_close(&o->j);
	else
		o_close(o);
	o_close(o);
}
