/* SPDX-License-Identifier: GPL-2.0 */
/* Data-path statistics over netlink: RCF_CMD_STATS_GET and _RESET. */
#ifndef RCF_NL_STATS_H
#define RCF_NL_STATS_H

#include "nl/nl.h"
#include "stats/stats.h"

/*
 * Adds what one STATS_GET reply holds (its attributes: RCF_A_STATS_KIND
 * and RCF_A_STATS) to s.  Counters may come as u8, u16, u32 or u64.
 * 0, or -1 for a reply that is not statistics or lacks its keys.
 */
int rcf_stats_parse_reply(struct nlattr *head, int len, struct rcf_stats *s);

/* Dumps one kind (enum rcf_stats_kind) into s; 0 or a negative errno. */
int rcf_nl_stats_get(struct rcf_nl *nl, int kind, struct rcf_stats *s);
int rcf_nl_stats_reset(struct rcf_nl *nl);

#endif
