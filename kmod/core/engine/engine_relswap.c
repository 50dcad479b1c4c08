// SPDX-License-Identifier: GPL-2.0
/*
 * New routing relations for a live engine: an epoch that changes
 * relations (and perhaps routes) keeps its engine, as one that changes
 * routes does (engine_reroute.c), instead of building a new one
 * (Documentation/datapath.rst, "Configuration changes").  The relations
 * are built from the model before the swap, which cannot fail; the
 * engine's counters, clock, pools, arbitration and selection state stay
 * where they are.
 *
 * Unlike a route, a relation is read on the way: each switch a
 * destination-routed head reaches reads its own.  A packet that has left
 * its node under the old relations would finish its way under the new
 * ones, and the dependencies of two deadlock-free relations together
 * may close a cycle that neither has alone (Pinkston, Pang and Duato,
 * "Deadlock-free dynamic reconfiguration schemes for increased network
 * dependability", 2003, section 2).  So the swap is safe while no such
 * packet is out (rcf_engine_dest_out); packets still in their node's
 * send queue and source-routed ones read no relation on the way.
 */
#include "engine_priv.h"

struct rcf_relswap {
	struct eng_rel **rel;	/* as e->rel; NULL: no switch has one */
	u32 nrel, nsw;
};

struct rcf_relswap *rcf_relswap_prepare(const struct rcf_engine *e,
					const struct rcf_fabric *f)
{
	struct rcf_relswap *rs = rcf_os_zalloc(sizeof(*rs));

	if (!rs)
		return NULL;
	rs->nsw = e->nelem - e->nnodes;
	if (eng_rel_table(e, f, &rs->rel, &rs->nrel)) {
		rcf_os_free(rs);
		return NULL;
	}
	return rs;
}

u64 rcf_relswap_table_bytes(const struct rcf_engine *e,
			    const struct rcf_relswap *rs, u64 tables)
{
	return tables - eng_rel_bytes(e) + eng_rel_table_bytes(e, rs->rel);
}

void rcf_relswap_install(struct rcf_engine *e, struct rcf_relswap *rs)
{
	eng_rel_free(e);
	e->rel = rs->rel;
	e->nrel = rs->nrel;
	rcf_os_free(rs);
}

void rcf_relswap_free(struct rcf_relswap *rs)
{
	if (!rs)
		return;
	eng_rel_table_free(rs->rel, rs->nsw);
	rcf_os_free(rs);
}

u64 rcf_engine_dest_out(const struct rcf_engine *e)
{
	return e->dest_out;
}
