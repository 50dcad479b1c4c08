/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's attribute ranges (kmod/genl_policy.c), so that the offline
 * tools refuse what rcf.ko would refuse, before anything is computed from
 * a value the kernel could never hold.
 */
#ifndef RCF_LIMITS_H
#define RCF_LIMITS_H

#include <stddef.h>
#include <stdint.h>

struct rcf_range {
	uint64_t min, max;
};

/*
 * The values attribute attr may take, from the kernel's policy; an
 * attribute without one gets its type's whole range.
 */
struct rcf_range rcf_attr_range(int attr);

/* A link end's id and port (rcf_end_policy). */
#define RCF_END_ID_MAX	 (RCF_MAX_NODES - 1)
#define RCF_END_PORT_MAX (RCF_SWITCH_MAX_PORTS - 1)

struct rcf_op;
struct rcf_obj;

/*
 * Every number op carries against the kernel's ranges; 0, or -1 with
 * "KEYWORD V is out of range MIN-MAX" in err.
 */
int rcf_op_check_limits(const struct rcf_op *op, char *err, size_t errlen);
/* the same for an object without its operation */
int rcf_obj_check_limits(const struct rcf_obj *o, char *err, size_t errlen);

#endif
