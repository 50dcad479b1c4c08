// SPDX-License-Identifier: GPL-2.0
/* Message trace files (trace.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "util/errf.h"
#include "util/lines.h"
#include "util/num.h"
#include "util/grow.h"
#include "traffic/trace.h"

/* one line's message, or -1 with the reason in why */
static int parse_msg(char **w, const struct rcf_trace_limits *lim,
		     struct rcf_trace_msg *m, char *why, size_t whylen)
{
	uint64_t c;
	int rc;

	rc = rcf_num_u64(w[0], 0, UINT64_MAX, &c);
	if (rc)
		return rcf_errf(why, whylen, "cycle \"%.40s\": %s", w[0],
				rcf_num_why(rc));
	m->cycle = c;
	rc = rcf_num_u32(w[1], 0, RCF_MAX_NODES - 1, &m->src);
	if (!rc)
		rc = rcf_num_u32(w[2], 0, RCF_MAX_NODES - 1, &m->dst);
	if (rc)
		return rcf_errf(why, whylen,
				"SRC and DST are node ids, 0 to %d",
				RCF_MAX_NODES - 1);
	if (rcf_num_u32(w[3], 1, lim->max_bytes, &m->bytes))
		return rcf_errf(why, whylen, "BYTES \"%.40s\": want 1 to %u",
				w[3], lim->max_bytes);
	if (lim->distinct && m->src == m->dst)
		return rcf_errf(why, whylen, "node %u sends to itself", m->src);
	return 0;
}

int rcf_trace_read(FILE *f, const char *name,
		   const struct rcf_trace_limits *lim,
		   struct rcf_trace_msg **msgs, size_t *n, char *err,
		   size_t errlen)
{
	struct rcf_trace_msg *v = NULL, *nv, m;
	struct rcf_lines l;
	size_t cnt = 0, cap = 0;
	char *line, *w[4], why[160];
	int rc, nw;

	rcf_lines_init(&l, f, name);
	while ((rc = rcf_lines_next(&l, &line, err, errlen)) > 0) {
		nw = rcf_lines_words(line, w, 4);
		if (!nw)
			continue;
		if (nw != 4) {
			snprintf(why, sizeof(why), "%s words",
				 nw > 4 ? "more" : "fewer");
			goto bad;
		}
		if (parse_msg(w, lim, &m, why, sizeof(why)))
			goto bad;
		if (cnt && m.cycle < v[cnt - 1].cycle) {
			snprintf(why, sizeof(why),
				 "cycle %" PRIu64 " after %" PRIu64
				 " (cycles ascending)",
				 m.cycle, v[cnt - 1].cycle);
			goto bad;
		}
		if (lim->max_msgs && cnt == lim->max_msgs) {
			snprintf(why, sizeof(why),
				 "over %zu messages, the most one run takes",
				 lim->max_msgs);
			goto bad;
		}
		nv = rcf_grow(v, cnt, &cap, sizeof(*v), 64);
		if (!nv) {
			snprintf(err, errlen, "%s: out of memory", name);
			rc = -1;
			break;
		}
		v = nv;
		v[cnt++] = m;
	}
	rcf_lines_free(&l);
	if (rc < 0) {
		free(v);
		*msgs = NULL;
		*n = 0;
		return -1;
	}
	*msgs = v;
	*n = cnt;
	return 0;
bad:
	/* the format in every complaint: a trace is written by hand */
	snprintf(err, errlen, "%s:%lu: want CYCLE SRC DST BYTES: %s", name,
		 l.lineno, why);
	rcf_lines_free(&l);
	free(v);
	*msgs = NULL;
	*n = 0;
	return -1;
}
