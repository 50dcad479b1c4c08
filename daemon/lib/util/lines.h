/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Line-by-line reading for the text files rcfctl, rcfd and rcfsim take
 * (NIG and trace files): whole lines of any length, counted, so that a
 * long line is never split into two records and every complaint can say
 * FILE:LINE.  A NUL byte inside a line is refused: C string functions
 * would see the line end there and read the rest as nothing.
 */
#ifndef RCF_LINES_H
#define RCF_LINES_H

#include <stdio.h>

struct rcf_lines {
	FILE *f;
	const char *name;
	char *buf;
	size_t cap;
	unsigned long lineno;
};

void rcf_lines_init(struct rcf_lines *l, FILE *f, const char *name);
void rcf_lines_free(struct rcf_lines *l);
/*
 * The next line without its end ("\n" or "\r\n") in *line: 1; at the
 * end of the file: 0; on a NUL byte or a read error: -1 with "NAME:LINE:
 * reason" (or "NAME: reason") in err.
 */
int rcf_lines_next(struct rcf_lines *l, char **line, char *err, size_t errlen);
/*
 * Splits a line in place into at most max words separated by blanks, a
 * "#" starting a comment to the end of the line: the number of words, or
 * max + 1 when there are more (the rest is not split).
 */
int rcf_lines_words(char *line, char **w, int max);

#endif
