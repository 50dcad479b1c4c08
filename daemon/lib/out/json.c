// SPDX-License-Identifier: GPL-2.0
/*
 * JSON output for rcfctl -j.  Callers describe the document as it is
 * written; the writer only tracks commas and indentation.
 */
#include <inttypes.h>

#include "out/json.h"

void rcf_json_init(struct rcf_json *j, FILE *f, int pretty)
{
	j->f = f;
	j->pretty = pretty;
	j->depth = 0;
	j->count[0] = 0;
}

void rcf_json_escape(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\b':
			fputs("\\b", f);
			break;
		case '\f':
			fputs("\\f", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void indent(struct rcf_json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->f);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* Writes the separator and key that come before any value. */
static void member(struct rcf_json *j, const char *key)
{
	if (j->count[j->depth]++)
		fputc(',', j->f);
	if (j->depth)
		indent(j);
	if (key) {
		rcf_json_escape(j->f, key);
		fputs(j->pretty ? ": " : ":", j->f);
	}
}

static void open(struct rcf_json *j, const char *key, char c)
{
	member(j, key);
	fputc(c, j->f);
	if (j->depth + 1 < RCF_JSON_DEPTH)
		j->depth++;
	j->count[j->depth] = 0;
}

static void close_(struct rcf_json *j, char c)
{
	int had = j->count[j->depth];

	if (j->depth)
		j->depth--;
	if (had)
		indent(j);
	fputc(c, j->f);
}

void rcf_json_obj_open(struct rcf_json *j, const char *key)
{
	open(j, key, '{');
}

void rcf_json_obj_close(struct rcf_json *j)
{
	close_(j, '}');
}

void rcf_json_arr_open(struct rcf_json *j, const char *key)
{
	open(j, key, '[');
}

void rcf_json_arr_close(struct rcf_json *j)
{
	close_(j, ']');
}

void rcf_json_str(struct rcf_json *j, const char *key, const char *val)
{
	member(j, key);
	rcf_json_escape(j->f, val);
}

void rcf_json_u64(struct rcf_json *j, const char *key, uint64_t val)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64, val);
}

void rcf_json_fixed(struct rcf_json *j, const char *key, double val,
		    int decimals)
{
	member(j, key);
	fprintf(j->f, "%.*f", decimals, val);
}

void rcf_json_bool(struct rcf_json *j, const char *key, int val)
{
	member(j, key);
	fputs(val ? "true" : "false", j->f);
}

void rcf_json_end(struct rcf_json *j)
{
	fputc('\n', j->f);
	j->count[0] = 0;
}
