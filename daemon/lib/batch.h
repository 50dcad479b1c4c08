/* SPDX-License-Identifier: GPL-2.0 */
/* Batch files: one rcfctl command per line, read into operations. */
#ifndef RCF_BATCH_H
#define RCF_BATCH_H

#include <stdio.h>

#include "rcf_obj.h"
#include "topo.h"

#define RCF_BATCH_MAX_WORDS (RCF_ROUTE_MAX_HOPS + 16)

/*
 * Reads every line of f (name is used in messages).  On success *ops is a
 * malloc'd array of *n operations, each with its line number.  On a
 * syntax error writes "NAME:LINE: reason" into err and returns -1.
 */
int rcf_batch_read(FILE *f, const char *name, struct rcf_op **ops, size_t *n,
		   char *err, size_t errlen);

/*
 * Reads a topology file (a batch made only of "add" lines and "fabric
 * set") into t.
 */
int rcf_topo_read(FILE *f, const char *name, struct rcf_topo *t, char *err,
		  size_t errlen);

#endif
