/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A generated fabric (gen_fabric.h) into the core's model: the one way
 * the engine tests that use the generators build their fabrics, inside
 * a transaction the caller opens (util.h's op_txn).
 */
#ifndef RCF_GEN_MODEL_H
#define RCF_GEN_MODEL_H

#include "gen_fabric.h"
#include "model/model.h"

/* what every link and switch of a generated fabric gets */
struct gen_params {
	u32 bw, lat, vcs, buf;
	u32 cq; /* a switch's central queue; 0: the model's default */
};

/* g's nodes, switches and links, then its routes; 0 or the model's error */
int gen_model_fabric(struct rcf_fabric *f, const struct gen_fabric *g,
		     const struct gen_params *p, struct rcf_err *e);
int gen_model_routes(struct rcf_fabric *f, const struct gen_fabric *g,
		     struct rcf_err *e);

/*
 * The n entries of r (by switch, then destination) as each switch's
 * relation, at most nodes destinations a switch.
 */
int gen_model_rels(struct rcf_fabric *f, const struct gen_rel *r, size_t n,
		   u32 nodes, struct rcf_err *e);

#endif
