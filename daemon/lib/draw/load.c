// SPDX-License-Identifier: GPL-2.0
/*
 * Measured load per link, from counters in memory (rcfsim, rcfctl
 * --live-load) or from what rcfctl stats channels printed: its text table
 * or its JSON (-j), in which every object with a "link" member is one
 * channel's row, so rcfsim's -j --channels report reads as well.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "util/errf.h"
#include "util/lines.h"
#include "util/num.h"
#include "util/grow.h"

#define MAX_FILE  (256u << 20)
#define MAX_DEPTH 64

void rcf_loads_init(struct rcf_loads *l)
{
	memset(l, 0, sizeof(*l));
}

void rcf_loads_free(struct rcf_loads *l)
{
	free(l->v);
	rcf_loads_init(l);
}

static struct rcf_link_load *find(const struct rcf_loads *l, uint32_t link)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (l->v[mid].link == link)
			return &l->v[mid];
		if (l->v[mid].link < link)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* kept in link order, so that lookups are a bisection */
int rcf_loads_add(struct rcf_loads *l, uint32_t link, uint64_t bytes,
		  unsigned long line)
{
	struct rcf_link_load *x = find(l, link), *p;
	size_t at = l->n;

	if (x) {
		x->bytes = bytes > UINT64_MAX - x->bytes ? UINT64_MAX
							 : x->bytes + bytes;
		return 0;
	}
	p = rcf_grow(l->v, l->n, &l->cap, sizeof(*p), 64);
	if (!p)
		return -1;
	l->v = p;
	while (at && l->v[at - 1].link > link) {
		l->v[at] = l->v[at - 1];
		at--;
	}
	l->v[at] = (struct rcf_link_load){link, bytes, line};
	l->n++;
	return 0;
}

int rcf_loads_from_stats(struct rcf_loads *l, const struct rcf_stats *s)
{
	for (size_t i = 0; i < s->nchan; i++)
		if (rcf_loads_add(l, s->chan[i].link, s->chan[i].bytes, 0))
			return -1;
	return 0;
}

uint64_t rcf_loads_get(const struct rcf_loads *l, uint32_t link)
{
	const struct rcf_link_load *x = find(l, link);

	return x ? x->bytes : 0;
}

int rcf_loads_check(const struct rcf_loads *l, const struct rcf_topo *t,
		    const char *name, char *err, size_t errlen)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];
	uint8_t *have = calloc(RCF_MAX_LINKS, 1);

	if (!have)
		return rcf_errf(err, errlen, "out of memory");
	for (size_t i = 0; i < lv->n; i++)
		have[lv->o[i].v[RCF_A_LINK_ID] % RCF_MAX_LINKS] = 1;
	for (size_t i = 0; i < l->n; i++) {
		if (have[l->v[i].link])
			continue;
		free(have);
		if (l->v[i].line)
			return rcf_errf(err, errlen,
					"%s:%lu: link %u is not in the fabric",
					name, l->v[i].line, l->v[i].link);
		return rcf_errf(err, errlen, "%s: link %u is not in the fabric",
				name, l->v[i].link);
	}
	free(have);
	return 0;
}

/* ---- text: the table rcfctl stats channels prints, or LINK BYTES ---- */

static int text_row(struct rcf_loads *l, char **w, int n, const char *name,
		    unsigned long line, char *err, size_t errlen)
{
	static const char *const cols[] = {"link",   "dir",	 "vc",
					   "bytes",  "packets",	 "blocked",
					   "credit", "occupancy"};
	int bytes_at = n == 2 ? 1 : 3;
	uint64_t link, bytes, v;
	int rc;

	if (n != 2 && n != 8)
		return rcf_errf(err, errlen,
				"%s:%lu: %d words: want a channel row (link "
				"dir vc bytes packets blocked credit "
				"occupancy) or LINK BYTES",
				name, line, n);
	for (int k = 0; k < n; k++) {
		const char *col = n == 2 ? (k ? "bytes" : "link") : cols[k];

		if (n == 8 && k == 1) {
			if (strcmp(w[k], "a>b") && strcmp(w[k], "b>a"))
				return rcf_errf(err, errlen,
						"%s:%lu: dir: '%s' is not a>b "
						"or b>a",
						name, line, w[k]);
			continue;
		}
		rc = rcf_num_u64(w[k], 0, k ? UINT64_MAX : RCF_MAX_LINKS - 1,
				 &v);
		if (rc)
			return rcf_errf(err, errlen, "%s:%lu: %s: '%s': %s",
					name, line, col, w[k], rcf_num_why(rc));
	}
	rcf_num_u64(w[0], 0, RCF_MAX_LINKS - 1, &link);
	rcf_num_u64(w[bytes_at], 0, UINT64_MAX, &bytes);
	if (rcf_loads_add(l, (uint32_t)link, bytes, line))
		return rcf_errf(err, errlen, "out of memory");
	return 0;
}

/*
 * In rcfsim's report (sectioned) only the rows from "channels:" to the
 * blank line after them count; rcfctl stats channels prints the table
 * alone.
 */
static int read_text(FILE *f, const char *name, int sectioned,
		     struct rcf_loads *l, char *err, size_t errlen)
{
	struct rcf_lines in;
	char *line, *w[9];
	int rc, in_table = !sectioned;

	rcf_lines_init(&in, f, name);
	while ((rc = rcf_lines_next(&in, &line, err, errlen)) > 0) {
		int n = rcf_lines_words(line, w, 8);

		if (n == 1 && !strcmp(w[0], "channels:")) {
			in_table = 1;
			continue;
		}
		if (sectioned && !n)
			in_table = 0;
		/* the table's header */
		if (!in_table || !n ||
		    (n == 8 && !strcmp(w[0], "link") && !strcmp(w[1], "dir")))
			continue;
		rc = text_row(l, w, n, name, in.lineno, err, errlen);
		if (rc)
			break;
	}
	rcf_lines_free(&in);
	return rc < 0 ? -1 : 0;
}

/* ---- JSON ---- */

struct jp {
	const char *p, *end;
	unsigned long line;
	const char *name;
	struct rcf_loads *l;
	char *err;
	size_t errlen;
};

enum { J_OTHER, J_UINT };

static int jerr(struct jp *j, const char *why)
{
	return rcf_errf(j->err, j->errlen, "%s:%lu: %s", j->name, j->line, why);
}

static void skip_ws(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
				 *j->p == '\r' || *j->p == '\n')) {
		if (*j->p == '\n')
			j->line++;
		j->p++;
	}
}

/* a string; its first len - 1 bytes (escapes as they are) into out */
static int jstring(struct jp *j, char *out, size_t len)
{
	size_t n = 0;

	j->p++;
	while (j->p < j->end && *j->p != '"') {
		unsigned char c = (unsigned char)*j->p;

		if (c < 0x20)
			return jerr(j, "control character in a string");
		if (c == '\\') {
			j->p++;
			if (j->p >= j->end || !strchr("\"\\/bfnrtu", *j->p))
				return jerr(j, "bad escape in a string");
		}
		if (n + 1 < len)
			out[n++] = *j->p;
		j->p++;
	}
	if (j->p >= j->end)
		return jerr(j, "unterminated string");
	j->p++;
	out[n] = '\0';
	return 0;
}

static int jnumber(struct jp *j, uint64_t *u)
{
	const char *s = j->p;
	int plain = *s != '-';
	char buf[32];

	if (*j->p == '-')
		j->p++;
	if (j->p >= j->end || *j->p < '0' || *j->p > '9')
		return jerr(j, "bad number");
	while (j->p < j->end &&
	       ((*j->p >= '0' && *j->p <= '9') || strchr(".eE+-", *j->p))) {
		if (strchr(".eE+-", *j->p))
			plain = 0;
		j->p++;
	}
	if (!plain || (size_t)(j->p - s) >= sizeof(buf))
		return J_OTHER;
	memcpy(buf, s, j->p - s);
	buf[j->p - s] = '\0';
	return rcf_num_u64(buf, 0, UINT64_MAX, u) ? J_OTHER : J_UINT;
}

static int jvalue(struct jp *j, int depth, uint64_t *u);

static int jobject(struct jp *j, int depth)
{
	unsigned long at = j->line;
	int has_link = 0, has_bytes = 0, t;
	uint64_t link = 0, bytes = 0, v;
	char key[32];

	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == '}') {
		j->p++;
		return 0;
	}
	for (;;) {
		skip_ws(j);
		if (j->p >= j->end || *j->p != '"')
			return jerr(j, "expected a member name");
		if (jstring(j, key, sizeof(key)))
			return -1;
		skip_ws(j);
		if (j->p >= j->end || *j->p++ != ':')
			return jerr(j, "expected ':'");
		t = jvalue(j, depth + 1, &v);
		if (t < 0)
			return -1;
		if (!strcmp(key, "link")) {
			if (t != J_UINT || v >= RCF_MAX_LINKS)
				return jerr(j, "\"link\" is not a link id");
			has_link = 1;
			link = v;
		} else if (!strcmp(key, "bytes")) {
			if (t != J_UINT)
				return jerr(j, "\"bytes\" is not a count");
			has_bytes = 1;
			bytes = v;
		}
		skip_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == '}') {
			j->p++;
			break;
		}
		return jerr(j, j->p >= j->end ? "unexpected end of file"
					      : "expected ',' or '}'");
	}
	if (!has_link)
		return 0;
	if (!has_bytes) {
		j->line = at;
		return jerr(j, "a channel without \"bytes\"");
	}
	if (rcf_loads_add(j->l, (uint32_t)link, bytes, at))
		return rcf_errf(j->err, j->errlen, "out of memory");
	return 0;
}

static int jarray(struct jp *j, int depth)
{
	uint64_t v;

	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == ']') {
		j->p++;
		return 0;
	}
	for (;;) {
		if (jvalue(j, depth + 1, &v) < 0)
			return -1;
		skip_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == ']') {
			j->p++;
			return 0;
		}
		return jerr(j, j->p >= j->end ? "unexpected end of file"
					      : "expected ',' or ']'");
	}
}

static int jvalue(struct jp *j, int depth, uint64_t *u)
{
	static const char *const words[] = {"true", "false", "null"};
	char s[2];

	if (depth > MAX_DEPTH)
		return jerr(j, "nested too deep");
	skip_ws(j);
	if (j->p >= j->end)
		return jerr(j, "unexpected end of file");
	switch (*j->p) {
	case '{':
		return jobject(j, depth) ? -1 : J_OTHER;
	case '[':
		return jarray(j, depth) ? -1 : J_OTHER;
	case '"':
		return jstring(j, s, sizeof(s)) ? -1 : J_OTHER;
	}
	for (int k = 0; k < 3; k++) {
		size_t n = strlen(words[k]);

		if ((size_t)(j->end - j->p) >= n &&
		    !memcmp(j->p, words[k], n)) {
			j->p += n;
			return J_OTHER;
		}
	}
	return jnumber(j, u);
}

static int read_json(const char *buf, size_t n, const char *name,
		     struct rcf_loads *l, char *err, size_t errlen)
{
	struct jp j = {buf, buf + n, 1, name, l, err, errlen};
	uint64_t v;

	if (jvalue(&j, 0, &v) < 0)
		return -1;
	skip_ws(&j);
	if (j.p != j.end)
		return jerr(&j, "more after the JSON value");
	return 0;
}

static int slurp(FILE *f, const char *name, char **buf, size_t *n, char *err,
		 size_t errlen)
{
	size_t cap = 1 << 16;

	*n = 0;
	*buf = malloc(cap);
	if (!*buf)
		return rcf_errf(err, errlen, "out of memory");
	for (;;) {
		size_t got = fread(*buf + *n, 1, cap - *n, f);

		*n += got;
		if (got == 0)
			break;
		if (*n == cap) {
			char *p =
				cap < MAX_FILE ? realloc(*buf, 2 * cap) : NULL;

			if (!p) {
				free(*buf);
				return rcf_errf(err, errlen,
						"%s: too large or out of "
						"memory",
						name);
			}
			*buf = p;
			cap *= 2;
		}
	}
	if (ferror(f)) {
		free(*buf);
		return rcf_errf(err, errlen, "%s: %s", name, strerror(errno));
	}
	return 0;
}

static int has_section(const char *buf, size_t n)
{
	static const char key[] = "channels:\n";
	size_t k = sizeof(key) - 1;

	for (size_t i = 0; i + k <= n; i++)
		if ((!i || buf[i - 1] == '\n') && !memcmp(buf + i, key, k))
			return 1;
	return 0;
}

int rcf_loads_read(FILE *f, const char *name, struct rcf_loads *l, char *err,
		   size_t errlen)
{
	char *buf;
	size_t n, i = 0;
	FILE *m;
	int rc;

	if (slurp(f, name, &buf, &n, err, errlen))
		return -1;
	if (memchr(buf, '\0', n)) {
		free(buf);
		return rcf_errf(err, errlen, "%s: NUL byte: not text", name);
	}
	while (i < n && strchr(" \t\r\n", buf[i]))
		i++;
	if (i < n && (buf[i] == '[' || buf[i] == '{')) {
		rc = read_json(buf, n, name, l, err, errlen);
	} else {
		m = fmemopen(buf, n ? n : 1, "r");
		if (!m) {
			free(buf);
			return rcf_errf(err, errlen, "out of memory");
		}
		rc = n ? read_text(m, name, has_section(buf, n), l, err, errlen)
		       : 0;
		fclose(m);
	}
	free(buf);
	/*
	 * Every channel has a row, busy or not: none means another table
	 * (rcfctl -j stats alone prints the fabric's totals), and a picture
	 * all grey would hide that.
	 */
	if (!rc && !l->n)
		rc = rcf_errf(err, errlen,
			      "%s: no channel rows: want what rcfctl [-j] "
			      "stats channels prints",
			      name);
	return rc;
}
