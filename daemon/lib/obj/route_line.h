/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Route lines read without the general parser.  A route file of a fat
 * tree has millions of lines "route add src S dst D index I hops H...",
 * and the general one (parse.c) spent thousands of instructions on each:
 * splitting words, looking keywords up, strtoull(), clearing a kilobyte
 * object.  This reads the same line in one pass over its bytes.
 */
#ifndef RCF_ROUTE_LINE_H
#define RCF_ROUTE_LINE_H

#include <stdint.h>
#include <linux/rcf.h>

/*
 * The largest src and dst, and index, that rcf_op_check_limits() lets
 * through (rcf_attr_range(); tests/test_route_line.c holds them equal).
 */
#define RCF_ROUTE_LINE_MAX_NODE	 (RCF_MAX_NODES - 1)
#define RCF_ROUTE_LINE_MAX_INDEX (RCF_ROUTES_PER_PAIR - 1)

struct rcf_route_line {
	uint32_t src, dst;
	uint8_t index; /* 0 when the line gives none */
	uint8_t nhops;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
};

/*
 * 1 with *r when line (NUL-terminated, not changed) is a "route add" line
 * that rcf_parse_op() and rcf_op_check_limits() accept, written with the
 * whole words "route", "add", "src", "dst", "index" and "hops", unquoted;
 * 0 for any other line, which the general parser then reads, and refuses
 * with its reason when it must.  A line taken here is one the general
 * parser takes, with the same route.
 */
int rcf_route_line_parse(const char *line, struct rcf_route_line *r);

#endif
