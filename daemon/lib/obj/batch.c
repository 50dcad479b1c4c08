// SPDX-License-Identifier: GPL-2.0
/* Batch and topology file reading, with file:line in every complaint. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "obj/batch.h"
#include "util/errf.h"
#include "util/grow.h"
#include "obj/parse.h"
#include "obj/rcf_limits.h"
#include "obj/route_line.h"
#include "topo/topo_check.h"
#include "topo/topo_read.h"

int rcf_batch_each_route(FILE *f, const char *name, rcf_batch_line_fn fn,
			 rcf_batch_route_fn route, void *ctx, char *err,
			 size_t errlen)
{
	char *line = NULL, *words[RCF_BATCH_MAX_WORDS], why[256];
	struct rcf_op *op = malloc(sizeof(*op));
	struct rcf_route_line rl;
	size_t lcap = 0;
	int lineno = 0, rc = -1;
	ssize_t len;

	if (!op) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	/* errno tells a getline() out of memory from the end of the file */
	for (errno = 0; (len = getline(&line, &lcap, f)) >= 0; errno = 0) {
		int nw, r;

		lineno++;
		/* the words would end at the NUL, silently dropping the rest */
		if (memchr(line, '\0', (size_t)len)) {
			snprintf(err, errlen, "%s:%d: NUL byte in the line",
				 name, lineno);
			goto out;
		}
		if (route && rcf_route_line_parse(line, &rl)) {
			r = route(&rl, ctx);
			if (r) {
				snprintf(err, errlen, "%s: out of memory",
					 name);
				rc = r;
				goto out;
			}
			continue;
		}
		nw = rcf_split_words(line, words, RCF_BATCH_MAX_WORDS);
		if (nw == 0)
			continue;
		if (nw < 0) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno,
				 nw == -1   ? "line too long"
				 : nw == -2 ? "quoted word not closed"
					    : "blank needed after a closing "
					      "quote");
			goto out;
		}
		r = rcf_parse_op(nw, words, 0, op, why, sizeof(why));
		if (!r)
			r = rcf_op_check_limits(op, why, sizeof(why));
		if (r) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno,
				 r > 0 ? "help is not a batch command" : why);
			goto out;
		}
		/*
		 * The path finder reads the fabric as it is, which inside a
		 * batch is not yet what the lines before have made it.
		 */
		if (op->cmd == RCF_CMD_PATH_NEW &&
		    !rcf_has(&op->o, RCF_A_PATH_HOPS)) {
			snprintf(err, errlen,
				 "%s:%d: path add in a batch needs \"hops\"; "
				 "only the command line finds them",
				 name, lineno);
			goto out;
		}
		op->line = lineno;
		r = fn(op, ctx);
		if (r) {
			snprintf(err, errlen, "%s: out of memory", name);
			rc = r;
			goto out;
		}
	}
	if (errno == ENOMEM) {
		snprintf(err, errlen, "%s: out of memory", name);
		rc = -ENOMEM;
		goto out;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", name);
		goto out;
	}
	rc = 0;
out:
	free(line);
	free(op);
	return rc;
}

int rcf_batch_each(FILE *f, const char *name, rcf_batch_line_fn fn, void *ctx,
		   char *err, size_t errlen)
{
	return rcf_batch_each_route(f, name, fn, NULL, ctx, err, errlen);
}

int rcf_ops_push(struct rcf_ops *v, const struct rcf_op *op)
{
	struct rcf_op *p = rcf_grow(v->v, v->n, &v->cap, sizeof(*p), 256);

	if (!p)
		return -ENOMEM;
	v->v = p;
	v->v[v->n++] = *op;
	return 0;
}

static int push_op(const struct rcf_op *op, void *ops)
{
	return rcf_ops_push(ops, op);
}

int rcf_batch_read(FILE *f, const char *name, struct rcf_op **ops, size_t *n,
		   char *err, size_t errlen)
{
	struct rcf_ops v = {0};
	int rc = rcf_batch_each(f, name, push_op, &v, err, errlen);

	if (rc) {
		free(v.v);
		v.v = NULL;
		v.n = 0;
	}
	*ops = v.v;
	*n = v.n;
	return rc;
}

int rcf_topo_from_ops(struct rcf_op *ops, size_t n, const char *name,
		      struct rcf_topo *t, char *err, size_t errlen)
{
	int rc;

	rcf_topo_init(t);
	for (size_t i = 0; i < n; i++) {
		enum rcf_kind k;
		enum rcf_verb verb;

		rcf_cmd_split(ops[i].cmd, &k, &verb);
		/* paths live only as long as their masters need them */
		if (k == RCF_K_PATH)
			return rcf_errf(
				err, errlen,
				"%s:%d: a topology file holds no paths; "
				"make them with rcfctl path add or "
				"-batch",
				name, ops[i].line);
		if (!(k == RCF_K_FABRIC && verb == RCF_V_SET) &&
		    !(k != RCF_K_FABRIC && verb == RCF_V_NEW))
			return rcf_errf(err, errlen,
					"%s:%d: a topology file holds only add "
					"lines and fabric set",
					name, ops[i].line);
	}
	rc = rcf_topo_check_ops(ops, n, name, err, errlen);
	if (rc)
		return rc;
	for (size_t i = 0; i < n; i++) {
		if (ops[i].cmd == RCF_CMD_FABRIC_SET) {
			/* as the kernel applies them: each line over the last */
			for (int a = 1; a < __RCF_A_MAX; a++)
				if (rcf_has(&ops[i].o, a))
					rcf_set(&t->fabric, a, ops[i].o.v[a]);
		} else if (!rcf_topo_add(t, &ops[i].o)) {
			rcf_topo_free(t);
			rcf_errf(err, errlen, "%s: out of memory", name);
			return -ENOMEM;
		}
	}
	return 0;
}

int rcf_topo_read(FILE *f, const char *name, struct rcf_topo *t, char *err,
		  size_t errlen)
{
	return rcf_topo_read_into(f, name, t, NULL, err, errlen);
}

int rcf_topo_read_path(const char *path, struct rcf_topo *t, char *err,
		       size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	int rc;

	if (!f) {
		rcf_topo_init(t);
		return rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
	}
	rc = rcf_topo_read(f, path, t, err, errlen);
	if (f != stdin)
		fclose(f);
	return rc;
}
