// SPDX-License-Identifier: GPL-2.0
/* From a spec or fabric to a finished picture file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw/draw.h"
#include "reconf/supernode.h"
#include "topo/topo_gen.h"
#include "util/errf.h"

int rcf_draw_generate(const char *spec, struct rcf_topo *t, char *err,
		      size_t errlen)
{
	struct sn_topo sn;
	struct sn_map m;
	int rc;

	if (strncmp(spec, "supernode:", 10))
		return rcf_topo_generate(spec, t, err, errlen);
	rcf_topo_init(t);
	if (sn_parse(spec + 10, &sn, err, errlen))
		return -1;
	if (sn_map_init(&m, sn.n))
		return rcf_errf(err, errlen, "out of memory");
	/* the identity mapping, as rcfctl topo apply builds it */
	rc = sn_build(&sn, &m, t, err, errlen);
	sn_map_free(&m);
	return rc;
}

int rcf_draw_file(const char *path, const struct rcf_topo *t,
		  const struct rcf_topo_shape *shape, int how,
		  const struct rcf_draw_opts *o, char *err, size_t errlen)
{
	struct rcf_layout L;
	char *buf = NULL;
	size_t len = 0;
	FILE *m, *f;
	int rc = 0;

	if (rcf_layout_make(t, shape, how, &L, err, errlen))
		return -1;
	m = open_memstream(&buf, &len);
	if (!m) {
		rcf_layout_free(&L);
		return rcf_errf(err, errlen, "out of memory");
	}
	rcf_draw_svg(m, t, &L, o);
	rcf_layout_free(&L);
	if (fclose(m)) {
		free(buf);
		return rcf_errf(err, errlen, "out of memory");
	}
	f = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!f) {
		rc = rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
	} else {
		int bad = fwrite(buf, 1, len, f) != len;

		bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
		if (bad) {
			rc = rcf_errf(err, errlen, "%s: %s", path,
				      strerror(errno));
			/* half a picture is no picture */
			if (f != stdout)
				unlink(path);
		}
	}
	free(buf);
	return rc;
}
