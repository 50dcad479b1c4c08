// SPDX-License-Identifier: GPL-2.0
/* path show's table, and path requests as rcfctl monitor prints them. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "path/path_cmd.h"

#define NCOL 9
#define CELL 200 /* 64 hops as "31.3," fit */

void rcf_path_wait_str(uint64_t ns, char *buf, size_t len)
{
	if (!ns)
		snprintf(buf, len, "-");
	else if (ns < 1000)
		snprintf(buf, len, "%" PRIu64 "ns", ns);
	else if (ns < 1000000)
		snprintf(buf, len, "%" PRIu64 ".%03" PRIu64 "us", ns / 1000,
			 ns % 1000);
	else if (ns < 1000000000)
		snprintf(buf, len, "%" PRIu64 ".%03" PRIu64 "ms", ns / 1000000,
			 ns / 1000 % 1000);
	else
		snprintf(buf, len, "%" PRIu64 ".%03" PRIu64 "s",
			 ns / 1000000000, ns / 1000000 % 1000);
}

static void num(char *c, const struct rcf_obj *o, int attr)
{
	if (rcf_has(o, attr))
		snprintf(c, CELL, "%" PRIu64, o->v[attr]);
	else
		snprintf(c, CELL, "-");
}

static void row(const struct rcf_obj *o, char c[NCOL][CELL])
{
	char buf[16];
	size_t at = 0;

	num(c[0], o, RCF_A_PATH_ID);
	num(c[1], o, RCF_A_PATH_MASTER);
	num(c[2], o, RCF_A_PATH_DST);
	snprintf(c[3], CELL, "%s",
		 rcf_has(o, RCF_A_PATH_STATE)
			 ? rcf_value_name(RCF_A_PATH_STATE,
					  o->v[RCF_A_PATH_STATE], buf,
					  sizeof(buf))
			 : "-");
	c[4][0] = '\0';
	for (int i = 0; i < o->nhops && at < CELL; i++) {
		rcf_hop_format(o->hops[i], buf, sizeof(buf));
		at += (size_t)snprintf(c[4] + at, CELL - at, "%s%s",
				       i ? "," : "", buf);
	}
	if (!o->nhops)
		snprintf(c[4], CELL, "-");
	num(c[5], o, RCF_A_PATH_CIRCUITS);
	num(c[6], o, RCF_A_PATH_MSGS);
	num(c[7], o, RCF_A_PATH_INFLIGHT);
	rcf_path_wait_str(o->v[RCF_A_PATH_WAIT_NS], c[8], CELL);
}

void rcf_path_table(FILE *f, const struct rcf_obj *paths, size_t n)
{
	static const char *const head[NCOL] = {
		"id",	    "master", "dst",	  "state", "hops",
		"circuits", "msgs",   "inflight", "wait",
	};
	/* hops are words, left-aligned; the others numbers, right */
	static const int left[NCOL] = {[3] = 1, [4] = 1};
	size_t w[NCOL];
	char(*c)[CELL] = malloc(sizeof(char[NCOL][CELL]));

	if (!c)
		return;
	for (int k = 0; k < NCOL; k++)
		w[k] = strlen(head[k]);
	for (size_t i = 0; i < n; i++) {
		row(&paths[i], c);
		for (int k = 0; k < NCOL; k++)
			if (strlen(c[k]) > w[k])
				w[k] = strlen(c[k]);
	}
	for (int k = 0; k < NCOL; k++)
		fprintf(f, "%s%*s", k ? "  " : "",
			left[k] ? -(int)w[k] : (int)w[k], head[k]);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		row(&paths[i], c);
		for (int k = 0; k < NCOL; k++)
			fprintf(f, "%s%*s", k ? "  " : "",
				left[k] ? -(int)w[k] : (int)w[k], c[k]);
		fputc('\n', f);
	}
	free(c);
}

void rcf_path_req_print(FILE *f, uint32_t master, uint32_t dst,
			uint32_t waiting, uint32_t error)
{
	const char *name = rcf_errno_name(error);

	fprintf(f,
		"path %s master %" PRIu32 " dst %" PRIu32 " waiting %" PRIu32,
		error ? "failed" : "request", master, dst, waiting);
	if (error && name)
		fprintf(f, " error %s (%s)", name, strerror((int)error));
	else if (error)
		fprintf(f, " error %" PRIu32 " (%s)", error,
			strerror((int)error));
	fputc('\n', f);
}

void rcf_path_req_json(struct rcf_json *j, uint32_t master, uint32_t dst,
		       uint32_t waiting, uint32_t error)
{
	const char *name = rcf_errno_name(error);

	rcf_json_str(j, "event", error ? "path-failed" : "path-request");
	rcf_json_u64(j, "master", master);
	rcf_json_u64(j, "dst", dst);
	rcf_json_u64(j, "waiting", waiting);
	if (!error)
		return;
	rcf_json_u64(j, "error", error);
	if (name)
		rcf_json_str(j, "error-name", name);
}
