// SPDX-License-Identifier: GPL-2.0
/*
 * A plan's parameters as JSON members, the same in every document that
 * describes a plan (rcfctl collective plan and cost, rcfsim collective).
 */
#include "out/json.h"
#include "coll.h"

void rcf_coll_json_params(struct rcf_json *j, const struct rcf_coll_plan *p)
{
	rcf_json_str(j, "op", rcf_coll_op_name(p->op));
	rcf_json_u64(j, "nodes", p->nodes);
	rcf_json_u64(j, "k", p->k);
	rcf_json_u64(j, "root", p->root);
	rcf_json_u64(j, "size", p->size);
	rcf_json_u64(j, "h", p->h);
	rcf_json_u64(j, "split", p->split);
}
