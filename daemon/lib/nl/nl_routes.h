/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Replacing the kernel's installed route set by another, in batches sent
 * through the pipeline of nl_pipe.h (rcfctl route compute --install and
 * rcfd's routing policy).
 */
#ifndef RCF_NL_ROUTES_H
#define RCF_NL_ROUTES_H

#include <stddef.h>

#include "obj/rcf_obj.h"
#include "route/route.h"

struct rcf_nl;

struct rcf_nl_install {
	size_t total;	   /* changes the replacement makes */
	size_t done;	   /* changes the kernel applied */
	int has_op;	   /* a refusal the kernel pinned on one operation */
	struct rcf_obj op; /* that operation */
};

/* Called after each batch is queued: changes queued so far, and all. */
typedef void (*rcf_nl_install_progress)(size_t queued, size_t total, void *arg);

/*
 * Replaces old (what the kernel holds) by new, both sorted by (src, dst,
 * index), in the order rcf_routes_diff gives, RCF_BATCH_MAX_OPS changes
 * per all-or-nothing batch; the replacement as a whole is not.  0; -1
 * when the kernel refused a batch (nl->e says why, res what had been
 * done and, if the kernel named it, the refused operation); -ENOMEM.
 */
int rcf_nl_routes_install(struct rcf_nl *nl, const struct rcf_routes *old,
			  const struct rcf_routes *new,
			  rcf_nl_install_progress progress, void *arg,
			  struct rcf_nl_install *res);

#endif /* RCF_NL_ROUTES_H */
