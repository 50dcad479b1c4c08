// SPDX-License-Identifier: GPL-2.0
/*
 * Every drop reason has a name everywhere one is printed: rcfctl's
 * (lib/stats/stats.c, rcf_drop_name) and the tracepoints' (kmod/rcf_trace.h:
 * a TRACE_DEFINE_ENUM and an rcf_show_drop entry each).  The enum and
 * the trace header are read from the sources, so a reason added to
 * uapi/linux/rcf.h without both names fails here.  The two spellings
 * differ only in '-' (rcfctl) against '_' (trace).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "stats/stats.h"
#include "tap.h"

#ifndef RCF_SRC
#define RCF_SRC ".."
#endif

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* the enum's constants in order, up to __RCF_DROP_MAX */
static int enum_names(const char *uapi, char names[][64], int max)
{
	const char *p = strstr(uapi, "enum rcf_drop_reason {"), *end;
	int n = 0;

	if (!p)
		return -1;
	end = strchr(p, '}');
	while ((p = strstr(p, "RCF_DROP_")) && p < end && n < max) {
		size_t len = 0;

		while (isalnum((unsigned char)p[len]) || p[len] == '_')
			len++;
		if (p[-1] != '_' && len < 64 &&
		    strncmp(p, "RCF_DROP_MAX", len)) {
			memcpy(names[n], p, len);
			names[n++][len] = 0;
		}
		p += len;
		/* skip the comment after a constant */
		p = strchr(p, '\n');
		if (!p)
			break;
	}
	return n;
}

/* "{ NAME, "text" }" in the trace header: text, or NULL */
static const char *trace_name(const char *hdr, const char *name, char *out,
			      size_t outlen)
{
	char key[96];
	const char *p, *q;

	snprintf(key, sizeof(key), "{ %s, \"", name);
	p = strstr(hdr, key);
	if (!p)
		return NULL;
	p += strlen(key);
	q = strchr(p, '"');
	if (!q || (size_t)(q - p) >= outlen)
		return NULL;
	memcpy(out, p, q - p);
	out[q - p] = 0;
	return out;
}

static int has_define(const char *hdr, const char *name)
{
	char key[96];

	snprintf(key, sizeof(key), "TRACE_DEFINE_ENUM(%s);", name);
	return strstr(hdr, key) != NULL;
}

int main(void)
{
	char *uapi = slurp(RCF_SRC "/uapi/linux/rcf.h");
	char *hdr = slurp(RCF_SRC "/kmod/rcf_trace.h");
	char names[64][64], tname[64], want[64];
	int n, i, defs = 1, traced = 1, named = 1, same = 1;

	tap_plan(5);
	if (!tap_ok(uapi && hdr, "sources read")) {
		printf("# run from daemon/\n");
		return 1;
	}
	n = enum_names(uapi, names, 64);
	tap_ok(n == __RCF_DROP_MAX, "enum read from the source");
	printf("# %d drop reasons\n", n);
	for (i = 0; i < n; i++) {
		const char *s = rcf_drop_name(i);
		const char *t = trace_name(hdr, names[i], tname, sizeof(tname));

		if (!has_define(hdr, names[i])) {
			printf("# no TRACE_DEFINE_ENUM(%s)\n", names[i]);
			defs = 0;
		}
		if (!t) {
			printf("# %s not in rcf_show_drop\n", names[i]);
			traced = 0;
		}
		if (!s) {
			printf("# %s (%d) has no rcf_drop_name\n", names[i], i);
			named = 0;
		}
		if (s && t) {
			snprintf(want, sizeof(want), "%s", s);
			for (char *c = want; *c; c++)
				if (*c == '-')
					*c = '_';
			if (strcmp(want, t)) {
				printf("# %s: rcfctl '%s', trace '%s'\n",
				       names[i], s, t);
				same = 0;
			}
		}
	}
	tap_ok(defs, "every reason has a TRACE_DEFINE_ENUM");
	tap_ok(traced && named,
	       "every reason is named by the trace and rcfctl");
	tap_ok(same, "the names agree");
	free(uapi);
	free(hdr);
	return tap_done();
}
