/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfsim's fabrics put into the kernel's model (kmod/core): the one
 * loader the run, gd and collective share.
 */
#ifndef RCFSIM_MODEL_LOAD_H
#define RCFSIM_MODEL_LOAD_H

#include "model/model.h"
#include "topo.h"

/*
 * f's elements and links (their parameters and state) and, with
 * circuits, its circuits into m's open transaction: 0 or the model's
 * refusal in e.
 */
int sim_model_add(struct rcf_fabric *m, const struct sim_fabric *f,
		  bool circuits, struct rcf_err *e);
/* f's routes into m's open transaction, the same way */
int sim_model_add_routes(struct rcf_fabric *m, const struct sim_fabric *f,
			 struct rcf_err *e);

#endif
