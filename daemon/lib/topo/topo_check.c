// SPDX-License-Identifier: GPL-2.0
/*
 * A topology checked by the kernel's model itself: its lines applied to
 * a scratch model (kmod/core/model) through the one loader,
 * topo_model.c, so that the rules live once and the tools refuse what
 * rcf.ko refuses.  Only the numbers' ranges are checked here first:
 * rcf.ko's attribute policy (kmod/genl_policy.c) refuses those before
 * its model sees them, and the model's configurations hold 32 bits where
 * a line holds 64.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "obj/rcf_limits.h"
#include "topo/topo_check.h"
#include "util/errf.h"

static int check_limits(const struct rcf_topo_line *l, size_t n,
			const char *name, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		char why[256];

		if (!rcf_obj_check_limits(l[i].o, why, sizeof(why)))
			continue;
		if (l[i].line)
			return rcf_errf(err, errlen, "%s:%d: %s", name,
					l[i].line, why);
		return rcf_errf(err, errlen, "%s: %s", name, why);
	}
	return 0;
}

int rcf_topo_check_lines(struct rcf_topo_line *l, size_t n, const char *name,
			 char *err, size_t errlen)
{
	struct rcf_err e = {0};
	struct rcf_fabric *m;
	int rc = check_limits(l, n, name, err, errlen);

	if (rc)
		return rc;
	m = rcf_fabric_new(NULL, NULL);
	if (!m) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	rcf_txn_begin(m);
	rc = rcf_topo_model_lines(m, l, n, 0, name, err, errlen);
	if (rc)
		rcf_txn_abort(m);
	else
		rcf_txn_commit(m, &e);
	rcf_fabric_free(m);
	return rc;
}

int rcf_topo_check_ops(struct rcf_op *ops, size_t n, const char *name,
		       char *err, size_t errlen)
{
	struct rcf_topo_line *l = rcf_topo_lines_of(ops, n, name, err, errlen);
	int rc;

	if (!l)
		return -ENOMEM;
	rc = rcf_topo_check_lines(l, n, name, err, errlen);
	free(l);
	return rc;
}
