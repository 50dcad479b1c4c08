/* SPDX-License-Identifier: GPL-2.0 */
/* What rcftop's tests read back from the output they had it write. */
#ifndef RCFTOP_TEST_TEXT_H
#define RCFTOP_TEST_TEXT_H

#include <stdio.h>
#include <stdlib.h>

/* the text f was given, NUL-ended; the caller frees it */
static inline char *text_of(FILE *f)
{
	long n = ftell(f);
	char *t = calloc(1, n + 1);

	rewind(f);
	if (t && fread(t, 1, n, f) != (size_t)n)
		t[0] = '\0';
	return t;
}

#endif
