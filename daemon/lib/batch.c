// SPDX-License-Identifier: GPL-2.0
/* Batch and topology file reading, with file:line in every complaint. */
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "parse.h"

int rcf_batch_read(FILE *f, const char *name, struct rcf_op **ops, size_t *n,
		   char *err, size_t errlen)
{
	char *line = NULL, *words[RCF_BATCH_MAX_WORDS], why[256];
	size_t cap = 0, lcap = 0, cnt = 0;
	struct rcf_op *v = NULL;
	int lineno = 0, rc = -1;

	while (getline(&line, &lcap, f) >= 0) {
		int nw, r;

		lineno++;
		nw = rcf_split_words(line, words, RCF_BATCH_MAX_WORDS);
		if (nw == 0)
			continue;
		if (nw < 0) {
			snprintf(err, errlen, "%s:%d: line too long", name,
				 lineno);
			goto out;
		}
		if (cnt == cap) {
			size_t nc = cap ? cap * 2 : 256;
			struct rcf_op *p = realloc(v, nc * sizeof(*p));

			if (!p) {
				snprintf(err, errlen, "%s: out of memory",
					 name);
				goto out;
			}
			v = p;
			cap = nc;
		}
		r = rcf_parse_op(nw, words, 0, &v[cnt], why, sizeof(why));
		if (r) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno,
				 r > 0 ? "help is not a batch command" : why);
			goto out;
		}
		/*
		 * The path finder reads the fabric as it is, which inside a
		 * batch is not yet what the lines before have made it.
		 */
		if (v[cnt].cmd == RCF_CMD_PATH_NEW &&
		    !rcf_has(&v[cnt].o, RCF_A_PATH_HOPS)) {
			snprintf(err, errlen,
				 "%s:%d: path add in a batch needs \"hops\"; "
				 "only the command line finds them",
				 name, lineno);
			goto out;
		}
		v[cnt++].line = lineno;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", name);
		goto out;
	}
	rc = 0;
out:
	free(line);
	if (rc) {
		free(v);
		v = NULL;
		cnt = 0;
	}
	*ops = v;
	*n = cnt;
	return rc;
}

int rcf_topo_read(FILE *f, const char *name, struct rcf_topo *t, char *err,
		  size_t errlen)
{
	struct rcf_op *ops;
	size_t n;

	rcf_topo_init(t);
	if (rcf_batch_read(f, name, &ops, &n, err, errlen))
		return -1;
	for (size_t i = 0; i < n; i++) {
		enum rcf_kind k;
		enum rcf_verb verb;

		rcf_cmd_split(ops[i].cmd, &k, &verb);
		/* paths live only as long as their masters need them */
		if (k == RCF_K_PATH) {
			snprintf(err, errlen,
				 "%s:%d: a topology file holds no paths; make "
				 "them with rcfctl path add or -batch",
				 name, ops[i].line);
			goto fail;
		}
		if (k == RCF_K_FABRIC && verb == RCF_V_SET) {
			t->fabric = ops[i].o;
		} else if (k != RCF_K_FABRIC && verb == RCF_V_NEW) {
			if (!rcf_topo_add(t, &ops[i].o)) {
				snprintf(err, errlen, "%s: out of memory",
					 name);
				goto fail;
			}
		} else {
			snprintf(err, errlen,
				 "%s:%d: a topology file holds only add lines "
				 "and fabric set",
				 name, ops[i].line);
			goto fail;
		}
	}
	free(ops);
	return 0;
fail:
	free(ops);
	rcf_topo_free(t);
	return -1;
}
