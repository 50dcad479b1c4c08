/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A topology's lines into the core's object model (kmod/core/model), as
 * rcf.ko builds them from rcfctl's requests: the one place where the
 * tools' objects become the model's, so that the model's rules are the
 * tools' rules too, not a copy of them.
 */
#ifndef RCF_TOPO_MODEL_H
#define RCF_TOPO_MODEL_H

#include <stddef.h>

#include "model/model.h"
#include "obj/rcf_obj.h"

/*
 * A line of a topology whose object is kept elsewhere: a topology file
 * read straight into a struct rcf_topo has no array of operations, a
 * kilobyte each, beside its objects.
 */
struct rcf_topo_line {
	uint8_t cmd; /* enum rcf_cmd */
	int line;    /* in the file, 0: none */
	struct rcf_obj *o;
};

/*
 * The lines of n operations (rcf_batch_read()'s), each pointing at its
 * op's object: malloc'd, or NULL with "NAME: out of memory" in err.
 */
struct rcf_topo_line *rcf_topo_lines_of(struct rcf_op *ops, size_t n,
					const char *name, char *err,
					size_t errlen);

/* rcf_topo_model_lines(): route lines too; without it they are passed over */
#define RCF_TOPO_MODEL_ROUTES 0x1
/* rcf_topo_model_topo(): the fabric's settings, its circuits */
#define RCF_TOPO_MODEL_FABRIC	0x2
#define RCF_TOPO_MODEL_CIRCUITS 0x4

/*
 * One "add" object (cmd a kind's NEW) or fabric setting (RCF_CMD_FABRIC_SET)
 * into m's open transaction.  A node, switch or link without an id gets
 * the one the model gives it, written back to o.  0, or the model's
 * refusal (a negative errno, the reason in e); other commands: -EINVAL.
 */
int rcf_topo_model_add(struct rcf_fabric *m, uint8_t cmd, struct rcf_obj *o,
		       struct rcf_err *e);

/*
 * The lines l (in file order) into m's open transaction in the order
 * rcf_topo_ops() sends them: fabric settings, nodes, switches, links,
 * circuits and, with RCF_TOPO_MODEL_ROUTES, routes, each kind in file
 * order.  0, or the first refusal as "NAME:LINE: KEY: reason (detail)" in
 * err and -1 (-ENOMEM when out of memory); what was added stays in the
 * transaction, for the caller to abort.
 */
int rcf_topo_model_lines(struct rcf_fabric *m, struct rcf_topo_line *l,
			 size_t n, unsigned int flags, const char *name,
			 char *err, size_t errlen);
/* the same over operations (rcf_batch_read()'s) */
int rcf_topo_model_ops(struct rcf_fabric *m, struct rcf_op *ops, size_t n,
		       unsigned int flags, const char *name, char *err,
		       size_t errlen);

struct rcf_topo;
struct rcf_routes;

/*
 * A fabric held in memory (a generator's, a read file's: every node,
 * switch and link has its id, and none is written) into m's open
 * transaction as rcf_topo_model_lines() adds its lines: its nodes,
 * switches and links, with flags its fabric settings and its circuits.
 * A refusal reads "NAME: KEY: reason (detail)".
 */
int rcf_topo_model_topo(struct rcf_fabric *m, const struct rcf_topo *t,
			unsigned int flags, const char *name, char *err,
			size_t errlen);
/*
 * The route set s into m's open transaction, in its order; 0, or -1 with
 * "NAME: route src S dst D index I: reason" (-ENOMEM when out of memory).
 */
int rcf_topo_model_routes(struct rcf_fabric *m, const struct rcf_routes *s,
			  const char *name, char *err, size_t errlen);

#endif
