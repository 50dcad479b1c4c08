/* SPDX-License-Identifier: GPL-2.0 */
/* Printing rcf objects: show lines, batch lines and JSON. */
#ifndef RCF_FMT_H
#define RCF_FMT_H

#include <stdio.h>

#include "out/json.h"
#include "obj/rcf_obj.h"

/* "link 3 node 0 port 1 switch 2 port 0 bandwidth 1 ..." with read-only
 * attributes; prefix, when not NULL, comes first (monitor's event verb).
 */
void rcf_print_show(FILE *f, const char *prefix, const struct rcf_obj *o);
/* One batch line that recreates o: "link add id 3 node 0 port 1 ..."
 * ("fabric set cq-size N" for the fabric); read-only attributes are left
 * out.
 */
void rcf_print_batch(FILE *f, const struct rcf_obj *o);
/* o as a JSON object (key may be NULL); extra, when not NULL, is added as
 * "event": extra.
 */
void rcf_print_json(struct rcf_json *j, const char *key, const char *event,
		    const struct rcf_obj *o);

#endif
