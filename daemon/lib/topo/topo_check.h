/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel's model (kmod/core) refuses when a topology is built,
 * checked offline so that the tools that never ask the kernel (route
 * compute, topo load --dry-run, rcfsim) refuse the same files.
 */
#ifndef RCF_TOPO_CHECK_H
#define RCF_TOPO_CHECK_H

#include <stddef.h>

#include "obj/rcf_obj.h"
#include "topo/topo_model.h" /* struct rcf_topo_line */

/*
 * ops are the "add" lines of a topology (fabric set, node, switch, link,
 * circuit and route add), as rcf_batch_read() returns them.  Refuses, with
 * "NAME:LINE: reason" in err, a number beyond the kernel's ranges, then
 * whatever the kernel's model refuses as the lines build a scratch model
 * of it (rcf_topo_model_lines(), routes left out); every node, switch and
 * link added without an id gets the one the model gave it (the lowest
 * free one, in file order).  Returns 0, -1 on a refusal, -ENOMEM when out
 * of memory.
 */
int rcf_topo_check_ops(struct rcf_op *ops, size_t n, const char *name,
		       char *err, size_t errlen);

/* rcf_topo_check_ops() over lines in file order, ids written to their o */
int rcf_topo_check_lines(struct rcf_topo_line *l, size_t n, const char *name,
			 char *err, size_t errlen);

#endif
