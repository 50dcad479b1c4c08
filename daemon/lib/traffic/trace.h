/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Message trace files, for rcfctl traffic trace FILE and rcfsim --traffic
 * trace:FILE: one message per line, "CYCLE SRC DST BYTES" in decimal,
 * cycles ascending, node ids below RCF_MAX_NODES; blank lines and "#"
 * comments skipped.
 */
#ifndef RCF_TRACE_H
#define RCF_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct rcf_trace_msg {
	uint64_t cycle;
	uint32_t src, dst, bytes;
};

struct rcf_trace_limits {
	uint32_t max_bytes; /* of one message, from 1 */
	size_t max_msgs;    /* 0: any number */
	int distinct;	    /* refuse SRC = DST */
};

/*
 * Reads every line of f: 0 with a malloc'ed array in *msgs (NULL when
 * there is none) of *n messages, or -1 with "NAME:LINE: reason" in err
 * and nothing kept.
 */
int rcf_trace_read(FILE *f, const char *name,
		   const struct rcf_trace_limits *lim,
		   struct rcf_trace_msg **msgs, size_t *n, char *err,
		   size_t errlen);

#endif
