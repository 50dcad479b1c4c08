/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the printing tests (included, not linked): an object as
 * rcfctl prints it, to compare with the text a test wants.
 */
#ifndef RCF_TEST_OBJ_TEXT_H
#define RCF_TEST_OBJ_TEXT_H

#include <stdio.h>

#include "obj/batch.h"
#include "obj/parse.h"
#include "out/fmt.h"
#include "out/json.h"

/* o as a show line (batch = 0) or batch line (batch = 1); malloc'd */
static char *render(const struct rcf_obj *o, int batch)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (batch)
		rcf_print_batch(f, o);
	else
		rcf_print_show(f, NULL, o);
	fclose(f);
	return buf;
}

/* o as rcfctl -j prints it; malloc'd */
static inline char *render_json(const struct rcf_obj *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct rcf_json j;

	rcf_json_init(&j, f, 0);
	rcf_print_json(&j, NULL, NULL, o);
	rcf_json_end(&j);
	fclose(f);
	return buf;
}

/* one batch-file line as rcfctl parses it into op; err holds 256 */
static inline int parse_op_line(const char *line, struct rcf_op *op, char *err)
{
	char buf[512], *w[RCF_BATCH_MAX_WORDS];
	int n;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, RCF_BATCH_MAX_WORDS);
	return rcf_parse_op(n, w, 1, op, err, 256);
}

#endif
