/* SPDX-License-Identifier: GPL-2.0 */
/* Command words (rcfctl's own syntax, also batch lines) to an rcf_op. */
#ifndef RCF_PARSE_H
#define RCF_PARSE_H

#include "obj/rcf_obj.h"

/*
 * argv[0] is the object, argv[1] the command.  Fills op, or writes a
 * reason into err and returns -1.  A "help" command returns 1.
 * allow_get: accept show/list/get (the command line does, batches do not).
 */
int rcf_parse_op(int argc, char **argv, int allow_get, struct rcf_op *op,
		 char *err, size_t errlen);

/*
 * Parses a decimal number (digits only: no sign, no blanks, no 0x; a
 * leading 0 is still decimal) that must fit in max.
 */
int rcf_parse_num(const char *s, uint64_t max, uint64_t *out);

/*
 * Splits line into words in place (space/tab separated, '#' starts a
 * comment, "a quoted word" keeps blanks, \" and \\ escape).  Returns the
 * word count, -1 if there are more than max, -2 for a quote not closed,
 * -3 for a closing quote not followed by a blank.
 */
int rcf_split_words(char *line, char **words, int max);

#endif
