// SPDX-License-Identifier: GPL-2.0
/*
 * Message trace files for rcfsim --traffic trace:FILE: one message per
 * line, "CYCLE SRC DST BYTES" (node ids), cycles ascending; blank lines
 * and "#" comments are skipped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rcfsim.h"

int sim_trace_load(const char *path, struct rcf_traffic_msg **msgs, size_t *n,
		   char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct rcf_traffic_msg *v = NULL, *nv;
	size_t cap = 0, line = 0;
	char buf[256];

	*n = 0;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		unsigned long long cyc;
		unsigned int src, dst, bytes;
		char *p = buf + strspn(buf, " \t");
		char extra;

		line++;
		if (*p == '#' || *p == '\n' || !*p)
			continue;
		if (sscanf(p, "%llu %u %u %u %c", &cyc, &src, &dst, &bytes,
			   &extra) != 4 ||
		    !bytes || bytes > RCF_ADAPTER_MAX_MSG ||
		    (*n && cyc < v[*n - 1].cycle)) {
			snprintf(err, errlen,
				 "%s:%zu: want CYCLE SRC DST BYTES, cycles "
				 "ascending, 1 to %u bytes",
				 path, line, RCF_ADAPTER_MAX_MSG);
			goto fail;
		}
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
			v = nv;
		}
		v[(*n)++] = (struct rcf_traffic_msg){cyc, src, dst, bytes};
	}
	if (f != stdin)
		fclose(f);
	*msgs = v;
	return 0;
fail:
	if (f != stdin)
		fclose(f);
	free(v);
	*n = 0;
	return -1;
}
