// SPDX-License-Identifier: GPL-2.0
/* Counted whole-line reading (lines.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/lines.h"

void rcf_lines_init(struct rcf_lines *l, FILE *f, const char *name)
{
	memset(l, 0, sizeof(*l));
	l->f = f;
	l->name = name;
}

void rcf_lines_free(struct rcf_lines *l)
{
	free(l->buf);
	l->buf = NULL;
	l->cap = 0;
}

int rcf_lines_next(struct rcf_lines *l, char **line, char *err, size_t errlen)
{
	ssize_t n;

	errno = 0;
	n = getline(&l->buf, &l->cap, l->f);
	if (n < 0) {
		if (ferror(l->f) || errno == ENOMEM) {
			snprintf(err, errlen, "%s: %s", l->name,
				 errno ? strerror(errno) : "read error");
			return -1;
		}
		return 0;
	}
	l->lineno++;
	if (strlen(l->buf) != (size_t)n) {
		snprintf(err, errlen, "%s:%lu: NUL byte in line", l->name,
			 l->lineno);
		return -1;
	}
	if (n && l->buf[n - 1] == '\n')
		l->buf[--n] = '\0';
	if (n && l->buf[n - 1] == '\r')
		l->buf[--n] = '\0';
	*line = l->buf;
	return 1;
}

int rcf_lines_words(char *line, char **w, int max)
{
	char *p = line;
	int n = 0;

	for (;;) {
		p += strspn(p, " \t\r\v\f");
		if (!*p || *p == '#')
			return n;
		if (n == max)
			return max + 1;
		w[n++] = p;
		p += strcspn(p, " \t\r\v\f#");
		if (*p == '#') {
			*p = '\0';
			return n;
		}
		if (*p)
			*p++ = '\0';
	}
}
