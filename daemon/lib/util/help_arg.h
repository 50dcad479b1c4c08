/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -h or --help anywhere among a command's arguments asks for its usage,
 * whatever comes before: rcfctl, rcfd and rcfsim look for it before they
 * parse anything, so that no parser takes it for a value it refuses and
 * nothing is done before the usage is printed.
 */
#ifndef RCF_HELP_ARG_H
#define RCF_HELP_ARG_H

#include <string.h>

/* whether argv[1..argc-1] holds -h, -help or --help */
static inline int rcf_help_asked(int argc, char *const *argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "-help") ||
		    !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

#endif
