/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Topology files read a line at a time straight into a struct rcf_topo:
 * a parsed line is about a kilobyte, as is the object made of it, and a
 * fabric of a few thousand lines held both ways cost as much as the
 * million routes read with it.
 */
#ifndef RCF_TOPO_READ_H
#define RCF_TOPO_READ_H

#include <stdio.h>

#include "route/route.h"
#include "topo/topo.h"

/*
 * rcf_topo_read() (batch.h) with route lines appended to s, unsorted,
 * when s is not NULL, as objects of t otherwise.  The refusals and their
 * order are rcf_topo_from_ops()'s on the whole file: a line that does not
 * parse first, then one that is not an add line or fabric set, then
 * topo_check.h's.  On an error t and s are left empty.
 */
int rcf_topo_read_into(FILE *f, const char *name, struct rcf_topo *t,
		       struct rcf_routes *s, char *err, size_t errlen);

#endif
