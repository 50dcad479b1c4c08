/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Supernode machines and the García-Duato reconfiguration policy, as
 * rcfctl (topo apply supernode:..., topo swap) and rcfd (the reconfig
 * policy) share them.
 *
 * The node-to-position mapping is stored, not recovered: the fabric's
 * circuits fix it only up to the topology's symmetries (every XOR
 * translation of a hypercube wires the same node ports together), so a
 * small state file holds the spec and the mapping.  Before each use it
 * is checked against the fabric: the circuits sn_build makes for the
 * stored mapping must be exactly the fabric's, otherwise the mapping is
 * refused as stale.  Whoever swaps (rcfctl or rcfd) rewrites the file
 * after the epoch commits.
 */
#ifndef RCFD_RECONF_H
#define RCFD_RECONF_H

#include <stddef.h>
#include <stdint.h>

#include "lib/gd.h"
#include "lib/nl.h"
#include "lib/supernode.h"

#define RCF_SN_STATE_DEF "/run/rcf/supernode"
#define RCF_SN_STATE_ENV "RCF_SUPERNODE_STATE"
#define RCF_SN_SPEC_MAX	 64

struct rcf_sn_state {
	char spec[RCF_SN_SPEC_MAX]; /* after "supernode:" */
	struct sn_topo t;
	struct sn_map m;
};

/* path if not NULL or empty, else $RCF_SUPERNODE_STATE, else the default */
const char *rcf_sn_state_path(const char *path);
/* spec ("ring:8" ...) with the identity mapping; -1 + err */
int rcf_sn_state_new(struct rcf_sn_state *s, const char *spec, char *err,
		     size_t errlen);
/* 0 read; 1 no such file; -1 unreadable or bad, err says why */
int rcf_sn_state_load(const char *path, struct rcf_sn_state *s, char *err,
		      size_t errlen);
int rcf_sn_state_save(const char *path, const struct rcf_sn_state *s, char *err,
		      size_t errlen);
void rcf_sn_state_free(struct rcf_sn_state *s);
/* text form, for tests: "spec\npos p0 p1 ...\n" */
int rcf_sn_state_parse(const char *text, struct rcf_sn_state *s, char *err,
		       size_t errlen);

/* 0 when the fabric's circuits are those of s; -1 + err */
int rcf_sn_state_check(struct rcf_nl *nl, const struct rcf_sn_state *s,
		       char *err, size_t errlen);
/*
 * Swaps nodes a and b: sn_swap_ops as one RCF_CMD_BATCH (one epoch);
 * s->m follows only when the kernel took it.  0, or -1 + err.
 */
int rcf_sn_swap(struct rcf_nl *nl, struct rcf_sn_state *s, uint32_t a,
		uint32_t b, char *err, size_t errlen);

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
