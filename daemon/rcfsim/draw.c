// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim --draw: the fabric of the run, built again from its spec or
 * file on the library's side (topo.c keeps only the flattened copy), its
 * links coloured by the bytes the run counted on them.
 */
#include <string.h>

#include "draw/draw.h"
#include "obj/batch.h"
#include "util/errf.h"
#include "topo.h"

int sim_draw(const struct sim_topo_opts *o, const struct rcf_stats *st,
	     const char *path, char *err, size_t errlen)
{
	struct rcf_draw_opts d = {0};
	struct rcf_loads l;
	struct rcf_topo t;
	int rc;

	if (o->gen) {
		rc = rcf_draw_generate(o->gen, &t, err, errlen);
	} else if (!strcmp(o->topo, "-")) {
		return rcf_errf(err, errlen,
				"the fabric came from stdin, which cannot be "
				"read twice: give a file");
	} else {
		rc = rcf_topo_read_path(o->topo, &t, err, errlen);
	}
	if (rc)
		return -1;
	rcf_loads_init(&l);
	if (rcf_loads_from_stats(&l, st)) {
		rc = rcf_errf(err, errlen, "out of memory");
	} else {
		d.title = o->gen ? o->gen : o->topo;
		d.loads = &l;
		rc = rcf_draw_file(path, &t, NULL, RCF_LAYOUT_AUTO, &d, err,
				   errlen);
	}
	rcf_loads_free(&l);
	rcf_topo_free(&t);
	return rc;
}
