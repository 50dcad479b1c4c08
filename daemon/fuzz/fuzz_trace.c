// SPDX-License-Identifier: GPL-2.0
/*
 * Message trace files (lib/traffic/trace.h rcf_trace_read) with rcfsim's
 * limits and with rcfctl traffic's: any bytes are read or refused with
 * "FILE:LINE: reason".  What is read has node ids the kernel takes,
 * sizes within the limit, cycles ascending, and as many messages as the
 * input has lines that are not blank or comments.
 */
#include <linux/rcf.h>

#include "fuzz_file.h"
#include "traffic/trace.h"
#include "traffic/traffic_req.h"

static const struct rcf_trace_limits sim = {.max_bytes = 65535};
static const struct rcf_trace_limits ctl = {
	.max_bytes = RCF_TRAFFIC_MAX_SIZE,
	.max_msgs = RCF_TRAFFIC_MAX_MSGS,
	.distinct = 1,
};

static int read_one(const uint8_t *data, size_t size,
		    const struct rcf_trace_limits *lim)
{
	struct rcf_trace_msg *m = NULL;
	char err[512] = "";
	size_t n = 0, lines = 1;
	FILE *f = fz_open(data, size);
	int rc = rcf_trace_read(f, FZ_NAME, lim, &m, &n, err, sizeof(err));

	fclose(f);
	if (rc) {
		fz_check_err(err);
		FZ_ASSERT(!m && !n, "a refused trace kept messages");
		return rc;
	}
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	FZ_ASSERT(n <= lines, "%zu messages from %zu lines", n, lines);
	FZ_ASSERT(!lim->max_msgs || n <= lim->max_msgs, "%zu messages", n);
	for (size_t i = 0; i < n; i++) {
		FZ_ASSERT(m[i].src < RCF_MAX_NODES && m[i].dst < RCF_MAX_NODES,
			  "message %zu: %u -> %u", i, m[i].src, m[i].dst);
		FZ_ASSERT(!lim->distinct || m[i].src != m[i].dst,
			  "message %zu to itself", i);
		FZ_ASSERT(m[i].bytes >= 1 && m[i].bytes <= lim->max_bytes,
			  "message %zu of %u bytes", i, m[i].bytes);
		FZ_ASSERT(!i || m[i].cycle >= m[i - 1].cycle,
			  "message %zu goes back in time", i);
	}
	free(m);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcf_traffic_req r;
	char err[512] = "";
	FILE *f;
	int rc, rc2;

	read_one(data, size, &sim);
	rc = read_one(data, size, &ctl);
	memset(&r, 0, sizeof(r));
	f = fz_open(data, size);
	rc2 = rcf_traffic_read_trace(f, FZ_NAME, &r, err, sizeof(err));
	fclose(f);
	FZ_ASSERT(!rc2 == (!rc && r.nmsgs),
		  "rcfctl traffic and its limits disagree: %s", err);
	if (rc2)
		fz_check_err(err);
	rcf_traffic_req_free(&r);
	return 0;
}
