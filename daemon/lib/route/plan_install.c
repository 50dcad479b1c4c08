// SPDX-License-Identifier: GPL-2.0
/* A route plan installed over netlink (plan.h). */
#include <errno.h>
#include <stdio.h>

#include "nl/nl.h"
#include "route/plan.h"
#include "util/errf.h"

int rcf_plan_install(struct rcf_nl *nl, const struct rcf_route_plan *p,
		     rcf_nl_install_progress progress, void *arg,
		     struct rcf_nl_install *res, char *err, size_t errlen)
{
	struct rcf_nl_install own;
	char why[512], key[96] = "";
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
	return rcf_errf(err, errlen,
			"install refused%s%s: %s; %zu of %zu changes had been "
			"made, the installed set is part old, part new",
			*key ? " at " : "", key, why, res->done, res->total);
}
