// SPDX-License-Identifier: GPL-2.0
/*
 * One evaluation of rcfd's reconfig policy for node i, without netlink:
 * what the node knows (its own C_i·, §3.1.3's local information) into
 * the algorithm's state, the measured epoch cost when asked for, and
 * gd_evaluate (García-Duato §3.3 check_possible_changes).
 */
#include "reconf.h"

/*
 * The paper leaves the reconfiguration cost out (§3.3) and names it as
 * future work (§5).  Here an epoch's wall time counts as
 * epoch_cost_per_ms cost units (messages times nominal distance) per
 * millisecond, rounded up, so a swap must save more than that.
 */
uint64_t rcfd_reconf_change_cost(const struct rcfd_reconf_conf *c,
				 uint64_t epoch_ns)
{
	if (!c->use_epoch_cost)
		return 0;
	return (epoch_ns * c->epoch_cost_per_ms + 999999) / 1000000;
}

int rcfd_reconf_decide(struct gd_state *s, const struct rcfd_reconf_conf *c,
		       uint32_t i, const uint64_t *sent_i,
		       const uint64_t *recv_i, uint64_t epoch_ns,
		       struct gd_change *ch)
{
	if (i >= s->n)
		return 0;
	for (uint32_t j = 0; j < s->n; j++)
		s->c[(size_t)i * s->n + j] = i == j ? 0 : sent_i[j] + recv_i[j];
	s->opt.threshold1 = c->threshold1;
	s->opt.threshold2 = c->threshold2;
	s->opt.large = c->large;
	s->opt.round_robin = c->round_robin;
	s->opt.change_cost = rcfd_reconf_change_cost(c, epoch_ns);
	if (c->change_limit && s->changes >= c->change_limit)
		return 0;
	return gd_evaluate(s, i, ch);
}
