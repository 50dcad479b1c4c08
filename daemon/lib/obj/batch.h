/* SPDX-License-Identifier: GPL-2.0 */
/* Batch files: one rcfctl command per line, read into operations. */
#ifndef RCF_BATCH_H
#define RCF_BATCH_H

#include <stdio.h>

#include "obj/rcf_obj.h"
#include "topo/topo.h"

#define RCF_BATCH_MAX_WORDS (RCF_ROUTE_MAX_HOPS + 16)

/*
 * Reads every line of f (name is used in messages).  On success *ops is a
 * malloc'd array of *n operations, each with its line number.  A line
 * that does not parse, holds a NUL byte or a number beyond the kernel's
 * ranges (rcf_limits.h) writes "NAME:LINE: reason" into err and returns
 * -1; running out of memory returns -ENOMEM ("NAME: out of memory").
 */
/*
 * Called with each line's operation, parsed and checked against the
 * kernel's limits, its line number in op->line; op is reused for the next
 * line.  0 goes on; a negative errno (-ENOMEM) stops the reading.
 */
typedef int (*rcf_batch_line_fn)(const struct rcf_op *op, void *ctx);

/*
 * Reads a batch or topology file a line at a time.  0, or a negative
 * value with err saying "NAME:LINE: reason" (-ENOMEM when out of memory).
 */
int rcf_batch_each(FILE *f, const char *name, rcf_batch_line_fn fn, void *ctx,
		   char *err, size_t errlen);

struct rcf_route_line;
/* Called instead of the line's function with a route line (route_line.h). */
typedef int (*rcf_batch_route_fn)(const struct rcf_route_line *r, void *ctx);

/*
 * rcf_batch_each() with the route lines rcf_route_line_parse() reads given to
 * route, without an operation; the other lines, and all of them when
 * route is NULL, go to fn.  What is read and refused is the same.
 */
int rcf_batch_each_route(FILE *f, const char *name, rcf_batch_line_fn fn,
			 rcf_batch_route_fn route, void *ctx, char *err,
			 size_t errlen);

/* A growing array of operations. */
struct rcf_ops {
	struct rcf_op *v;
	size_t n, cap;
};

/* Appends a copy of op; -ENOMEM when out of memory. */
int rcf_ops_push(struct rcf_ops *v, const struct rcf_op *op);

int rcf_batch_read(FILE *f, const char *name, struct rcf_op **ops, size_t *n,
		   char *err, size_t errlen);

/*
 * Reads a topology file (a batch made only of "add" lines and "fabric
 * set") into t, refusing what the kernel's model would (topo_check.h).
 * Returns 0, -1 with "NAME:LINE: reason" in err, or -ENOMEM.
 */
int rcf_topo_read(FILE *f, const char *name, struct rcf_topo *t, char *err,
		  size_t errlen);
/* the same from the file at path ("-": stdin); "PATH: why" when unopened */
int rcf_topo_read_path(const char *path, struct rcf_topo *t, char *err,
		       size_t errlen);

/*
 * The same from lines already read: ops get the ids the kernel would give
 * (topo_check.h); t is initialised, and filled on success only.
 */
int rcf_topo_from_ops(struct rcf_op *ops, size_t n, const char *name,
		      struct rcf_topo *t, char *err, size_t errlen);

#endif
