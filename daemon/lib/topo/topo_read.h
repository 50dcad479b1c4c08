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

/*
 * The same for a caller that walks the routes as they are read rather
 * than holding them (rcfctl route check): at the first route line the
 * fabric before it is checked and handed to start, and t's objects are
 * dropped; then s is handed to piece, which empties it, whenever it
 * holds RCF_TOPO_PIECE routes or more and a route of another source
 * comes.  The last routes stay in s.  A fabric refused at the first route
 * line, or a line other than a route after it, stops the reading with
 * RCF_TOPO_AGAIN, as does a callback returning it: the caller then reads
 * the file whole for the refusal or the figures.  Other non-zero returns
 * of the callbacks stop it with "out of memory".
 */
#define RCF_TOPO_AGAIN 1
#define RCF_TOPO_PIECE 4096
struct rcf_topo_sink {
	int (*start)(const struct rcf_topo *t, void *arg);
	int (*piece)(struct rcf_routes *s, void *arg);
	void *arg;
};
int rcf_topo_read_sink(FILE *f, const char *name, struct rcf_topo *t,
		       struct rcf_routes *s, const struct rcf_topo_sink *sink,
		       char *err, size_t errlen);

#endif
