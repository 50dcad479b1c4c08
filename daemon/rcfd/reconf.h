/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfd's García-Duato reconfiguration policy: its settings and its
 * decision, over the supernode state of lib/reconf/sn_state.h.
 */
#ifndef RCFD_RECONF_H
#define RCFD_RECONF_H

#include <stddef.h>
#include <stdint.h>

#include "reconf/gd.h"
#include "reconf/sn_state.h"

/* rcfd's reconfig policy settings (rcfd.conf [reconfig]) */
struct rcfd_reconf_conf {
	int enable;
	char topology[RCF_SN_SPEC_MAX]; /* "": whatever the state file says */
	char state[256];		/* "": rcf_sn_state_path(NULL) */
	uint64_t threshold1;
	uint32_t threshold2;
	int large;
	int round_robin;
	uint32_t change_limit; /* 0: no limit */
	int use_epoch_cost;
	uint32_t epoch_cost_per_ms; /* cost units per ms of epoch */
};

void rcfd_reconf_conf_defaults(struct rcfd_reconf_conf *c);
/* key without "reconfig."; 1 unknown key, -1 bad value (why), 0 set */
/* Index of a [reconfig] key (0 .. 15), -1 when there is no such key. */
int rcfd_reconf_conf_key(const char *key);
int rcfd_reconf_conf_set(struct rcfd_reconf_conf *c, const char *key,
			 const char *v, char *why, size_t whylen);

/*
 * The decision (tested natively): node i's counters (local information,
 * §3.1.3) into s->c's row i, C_ij = sent_i[j] + recv_i[j]; the change
 * cost from the last epoch (ns) when asked for; then gd_evaluate.
 * Returns gd_evaluate's answer; 0 also when the change limit is reached.
 */
uint64_t rcfd_reconf_change_cost(const struct rcfd_reconf_conf *c,
				 uint64_t epoch_ns);
int rcfd_reconf_decide(struct gd_state *s, const struct rcfd_reconf_conf *c,
		       uint32_t i, const uint64_t *sent_i,
		       const uint64_t *recv_i, uint64_t epoch_ns,
		       struct gd_change *ch);

#endif
