/* SPDX-License-Identifier: GPL-2.0 */
/* rcftop's command line. */
#ifndef RCFTOP_OPTS_H
#define RCFTOP_OPTS_H

#include <stddef.h>
#include <stdio.h>

struct rcftop_opts {
	unsigned interval_ms; /* between screens or JSON lines */
	unsigned duration_ms; /* 0: until a signal or the stop file */
	int json;	      /* -j: JSON lines instead of the screen */
	int once;	      /* print once, at the end */
	unsigned rows;	      /* rows of each table on the screen */
	const char *until;    /* stop once this file exists */
	const char *nig;      /* write the measured NIG here at the end */
	int nig_msgs;	      /* weigh the NIG by messages, not bytes */
};

/* 0, 1 for --help, or -1 with a reason in err */
int rcftop_parse(int argc, char **argv, struct rcftop_opts *o, char *err,
		 size_t errlen);
void rcftop_usage(FILE *f);

#endif
