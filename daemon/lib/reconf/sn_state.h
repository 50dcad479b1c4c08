/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Supernode machines' node-to-position mapping, as rcfctl (topo apply
 * supernode:..., topo swap) and rcfd (the reconfig policy) share it.
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
#ifndef RCF_SN_STATE_H
#define RCF_SN_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "nl/nl.h"
#include "reconf/supernode.h"

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

#endif
