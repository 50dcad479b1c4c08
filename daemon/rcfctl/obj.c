// SPDX-License-Identifier: GPL-2.0
/* rcfctl OBJECT COMMAND ARGS, and -batch FILE. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "obj/batch.h"
#include "out/fmt.h"
#include "out/json.h"
#include "obj/parse.h"
#include "rcfctl.h"

struct show {
	struct ctl *c;
	struct rcf_json j;
	const struct rcf_obj *filter; /* attributes every shown object has */
	int count;
};

static int matches_filter(const struct rcf_obj *o, const struct rcf_obj *f)
{
	/* "node show addr A": the nodes holding every address given */
	for (int i = 0; i < f->naddrs; i++)
		if (!rcf_obj_has_addr(o, &f->addrs[i]))
			return 0;
	for (int a = 1; a < __RCF_A_MAX; a++)
		if (rcf_has(f, a) && rcf_attrs[a].type != RCF_T_HOPS &&
		    rcf_attrs[a].type != RCF_T_STR &&
		    rcf_attrs[a].type != RCF_T_END &&
		    rcf_attrs[a].type != RCF_T_ADDRS &&
		    (!rcf_has(o, a) || o->v[a] != f->v[a]))
			return 0;
	return 1;
}

static int show_one(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct show *s = arg;

	(void)cmd;
	if (s->filter && !matches_filter(o, s->filter))
		return 0;
	s->count++;
	if (s->c->json)
		rcf_print_json(&s->j, NULL, NULL, o);
	else
		rcf_print_show(stdout, NULL, o);
	return 0;
}

static int do_show(struct ctl *c, const struct rcf_op *op)
{
	struct show s = {.c = c};
	const struct rcf_obj *o = &op->o;
	int single, rc;

	rcf_json_init(&s.j, stdout, c->pretty);
	switch (o->kind) {
	case RCF_K_FABRIC:
		rc = rcf_nl_do(&c->nl, op, show_one, &s);
		if (!rc && c->json)
			rcf_json_end(&s.j);
		return rc ? kernel_error(c, NULL, o) : RCFCTL_OK;
	case RCF_K_CIRCUIT:
		single = rcf_has(o, RCF_A_CIRCUIT_SWITCH) &&
			 rcf_has(o, RCF_A_CIRCUIT_IN_PORT);
		break;
	case RCF_K_ROUTE:
		single = rcf_has(o, RCF_A_ROUTE_SRC) &&
			 rcf_has(o, RCF_A_ROUTE_DST) &&
			 rcf_has(o, RCF_A_ROUTE_INDEX);
		break;
	case RCF_K_NODE:
		single = rcf_has(o, RCF_A_NODE_ID);
		break;
	case RCF_K_SWITCH:
		single = rcf_has(o, RCF_A_SWITCH_ID);
		break;
	default:
		single = rcf_has(o, RCF_A_LINK_ID);
	}
	if (c->json)
		rcf_json_arr_open(&s.j, NULL);
	if (single) {
		rc = rcf_nl_do(&c->nl, op, show_one, &s);
	} else {
		struct rcf_obj filter = *o;

		s.filter = &filter;
		/* the kernel filters routes itself; others are filtered here */
		rc = rcf_nl_dump(&c->nl, o->kind,
				 o->kind == RCF_K_ROUTE ? o : NULL, show_one,
				 &s);
	}
	if (c->json) {
		rcf_json_arr_close(&s.j);
		rcf_json_end(&s.j);
	}
	return rc ? kernel_error(c, NULL, o) : RCFCTL_OK;
}

int cmd_object(struct ctl *c, int argc, char **argv)
{
	struct rcf_op op;
	enum rcf_verb verb;
	enum rcf_kind kind;
	char err[256];
	int rc = rcf_parse_op(argc, argv, 1, &op, err, sizeof(err));

	if (rc > 0) {
		help_object(stdout, op.o.kind);
		return RCFCTL_OK;
	}
	if (rc < 0)
		return usage_error("%s; try rcfctl %s help", err,
				   rcf_kind_names[op.o.kind]);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	rcf_cmd_split(op.cmd, &kind, &verb);
	if (verb == RCF_V_GET)
		return do_show(c, &op);
	if (rcf_nl_do(&c->nl, &op, NULL, NULL))
		return kernel_error(c, NULL, &op.o);
	return RCFCTL_OK;
}

int read_ops_file(const char *file, const char **name, struct rcf_op **ops,
		  size_t *n)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	char err[512];
	int rc;

	*name = f == stdin ? "-" : file;
	if (!f) {
		fprintf(stderr, "rcfctl: %s: %s\n", file, strerror(errno));
		return RCFCTL_USAGE;
	}
	rc = rcf_batch_read(f, *name, ops, n, err, sizeof(err));
	if (f != stdin)
		fclose(f);
	if (rc == -ENOMEM)
		return nomem_error();
	return rc ? usage_error("%s", err) : RCFCTL_OK;
}

int cmd_batch(struct ctl *c, const char *file)
{
	const char *name;
	struct rcf_op *ops;
	char where[600];
	size_t n;
	int rc;

	rc = read_ops_file(file, &name, &ops, &n);
	if (rc)
		return rc;
	if (n > RCF_BATCH_MAX_OPS && !c->force) {
		free(ops);
		return usage_error("%s: %zu operations, more than one batch "
				   "holds (RCF_BATCH_MAX_OPS = %d)",
				   name, n, RCF_BATCH_MAX_OPS);
	}
	rc = RCFCTL_OK;
	if (n && ctl_connect(c)) {
		rc = RCFCTL_ERR;
	} else if (n && rcf_nl_batch(&c->nl, ops, n)) {
		const struct rcf_nl_err *e = &c->nl.e;

		if (e->has_cookie && e->cookie < n) {
			snprintf(where, sizeof(where), "%s:%d", name,
				 ops[e->cookie].line);
			rc = kernel_error(c, where, &ops[e->cookie].o);
		} else {
			char why[512];

			if (rcf_nl_epoch_error(&c->nl, why, sizeof(why)))
				rcf_nl_error_str(e, why, sizeof(why));
			fprintf(stderr, "rcfctl: %s: %s\n", name, why);
			rc = RCFCTL_ERR;
		}
	}
	free(ops);
	return rc;
}
