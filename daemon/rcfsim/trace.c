// SPDX-License-Identifier: GPL-2.0
/*
 * Message trace files for rcfsim --traffic trace:FILE: one message per
 * line, read by lib/traffic/trace.c (the format is there).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rcfsim.h"
#include "traffic/trace.h"

int sim_trace_load(const char *path, struct rcf_traffic_msg **msgs, size_t *n,
		   char *err, size_t errlen)
{
	/* rcfsim replays any number of messages, to itself too */
	static const struct rcf_trace_limits lim = {
		.max_bytes = RCF_ADAPTER_MAX_MSG,
	};
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct rcf_trace_msg *t;
	struct rcf_traffic_msg *v;
	size_t cnt;
	int rc;

	*n = 0;
	*msgs = NULL;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = rcf_trace_read(f, path, &lim, &t, &cnt, err, errlen);
	if (f != stdin)
		fclose(f);
	if (rc)
		return -1;
	v = calloc(cnt + 1, sizeof(*v));
	if (!v) {
		free(t);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < cnt; i++)
		v[i] = (struct rcf_traffic_msg){t[i].cycle, t[i].src, t[i].dst,
						t[i].bytes};
	free(t);
	*msgs = v;
	*n = cnt;
	return 0;
}
