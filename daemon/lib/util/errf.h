/* SPDX-License-Identifier: GPL-2.0 */
/* Saying why: the library's parsers and builders report into a buffer. */
#ifndef RCF_ERRF_H
#define RCF_ERRF_H

#include <stddef.h>

/* Formats the reason into err (len bytes); returns -1, to return at once. */
int rcf_errf(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
