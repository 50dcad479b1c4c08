// SPDX-License-Identifier: GPL-2.0
/* A route plan installed over netlink (plan.h). */
#include <errno.h>
#include <stdio.h>

#include "nl/nl.h"
#include "route/plan.h"
#include "topo/topo.h"
#include "util/errf.h"

/*
 * A plan larger than one batch goes in over several, each all or
 * nothing but committed on its own: a refusal after the first would
 * leave the kernel's set part old, part new.  The old set is put back
 * the same way, against what the kernel holds now, so that a refused
 * install changes nothing, as one batch would.  The old set fitted
 * before, so putting it back fails only if the fabric changed since.
 */
static int put_back(struct rcf_nl *nl, const struct rcf_routes *old)
{
	struct rcf_nl_install res;
	struct rcf_routes now;
	struct rcf_topo t;
	int rc;

	rcf_topo_init(&t);
	rcf_routes_init(&now);
	rc = rcf_nl_dump(nl, RCF_K_ROUTE, NULL, rcf_topo_collect, &t);
	if (!rc)
		rc = rcf_routes_from_topo(&now, &t);
	if (!rc)
		rc = rcf_nl_routes_install(nl, &now, old, NULL, NULL, &res);
	rcf_routes_free(&now);
	rcf_topo_free(&t);
	return rc;
}

int rcf_plan_install(struct rcf_nl *nl, const struct rcf_route_plan *p,
		     rcf_nl_install_progress progress, void *arg,
		     struct rcf_nl_install *res, char *err, size_t errlen)
{
	struct rcf_nl_install own;
	char why[512], key[96] = "", back[512];
	int rc;

	if (!res)
		res = &own;
	rc = rcf_nl_routes_install(nl, &p->old, &p->new, progress, arg, res);
	if (!rc)
		return 0;
	if (rc == -ENOMEM)
		return rcf_errf(err, errlen, "out of memory");
	if (rcf_nl_epoch_error(nl, why, sizeof(why)))
		rcf_nl_error_str(&nl->e, why, sizeof(why));
	if (res->has_op)
		rcf_obj_key(&res->op, key, sizeof(key));
	if (!res->done)
		return rcf_errf(err, errlen,
				"install refused%s%s: %s; none of %zu changes "
				"was made, the installed set is as it was",
				*key ? " at " : "", key, why, res->total);
	if (!put_back(nl, &p->old))
		return rcf_errf(err, errlen,
				"install refused%s%s: %s; the %zu of %zu "
				"changes made before it were undone, the "
				"installed set is as it was",
				*key ? " at " : "", key, why, res->done,
				res->total);
	if (rcf_nl_epoch_error(nl, back, sizeof(back)))
		rcf_nl_error_str(&nl->e, back, sizeof(back));
	return rcf_errf(err, errlen,
			"install refused%s%s: %s; %zu of %zu changes had been "
			"made and putting the old set back failed too (%s): "
			"the installed set is part old, part new",
			*key ? " at " : "", key, why, res->done, res->total,
			back);
}
