/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the evaluation's tests (included, not linked): one workload
 * of rcfctl route eval run on a generated fabric against its SP1 routes.
 */
#ifndef RCF_TEST_ROUTE_EVAL_UTIL_H
#define RCF_TEST_ROUTE_EVAL_UTIL_H

#include "route/route_eval.h"
#include "route_util.h"

static int run(const char *spec, enum rcf_eval_wl w, struct rcf_eval_opts *o,
	       struct rcf_eval_cell c[RCF_EVAL_NR])
{
	struct rcf_graph *g = graph_of(spec);
	struct rcf_routes sp1;
	char err[256];
	int rc;

	compute(g, algo("sp1"), &sp1);
	rc = rcf_eval_workload(g, &sp1, w, o, c, err, sizeof(err));
	if (rc)
		printf("# %s %s: %s\n", spec, rcf_eval_wl_name(w), err);
	rcf_routes_free(&sp1);
	graph_put(g);
	return rc;
}

#endif
