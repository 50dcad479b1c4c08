/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The executor's tests: a plan made and run on the engine, and the bytes
 * its transfers carry, which a run that checked every byte verified.
 */
#ifndef TESTS_COLL_EXEC_UTIL_H
#define TESTS_COLL_EXEC_UTIL_H

#include <stdio.h>

#include "../rcfsim/coll_exec.h"

/* 0 with the plan, the run and its bytes, or -1 after printing why */
static inline int coll_exec_run(const struct rcf_coll_args *a,
				const struct sim_coll_cfg *c,
				struct rcf_coll_plan *p, struct sim_coll_res *r,
				uint64_t *bytes)
{
	char err[1024];
	int rc = rcf_coll_plan(a, p, err, sizeof(err));

	if (!rc)
		rc = sim_coll_exec(p, c, r, err, sizeof(err));
	*bytes = 0;
	for (uint64_t i = 0; !rc && i < p->nxfers; i++)
		*bytes += p->xfers[i].bytes;
	if (rc)
		printf("# %s\n", err);
	return rc;
}

#endif
