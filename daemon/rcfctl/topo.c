// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl topo apply | save | load: whole fabrics at once; topo swap: two
 * nodes of a supernode machine change places in one epoch.  (topo draw
 * is topo_draw.c; it dumps the fabric as topo save does.)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "obj/batch.h"
#include "out/fmt.h"
#include "out/json.h"
#include "obj/parse.h"
#include "reconf/sn_state.h"
#include "topo/topo_gen.h"
#include "util/num.h"
#include "rcfctl.h"

static int keep_fabric(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	(void)cmd;
	*(struct rcf_obj *)arg = *o;
	return 0;
}

long fabric_objects(struct ctl *c)
{
	struct rcf_op op = {.cmd = RCF_CMD_FABRIC_GET};
	struct rcf_obj f;
	long n = 0;

	rcf_obj_init(&op.o, RCF_K_FABRIC);
	rcf_obj_init(&f, RCF_K_FABRIC);
	if (rcf_nl_do(&c->nl, &op, keep_fabric, &f)) {
		kernel_error(c, NULL, &op.o);
		return -1;
	}
	for (int a = RCF_A_FABRIC_NODES; a <= RCF_A_FABRIC_ROUTES; a++)
		n += (long)f.v[a];
	return n;
}

int apply_ops(struct ctl *c, const char *where, const struct rcf_op *ops,
	      size_t n, size_t chunk)
{
	for (size_t i = 0, len; i < n; i += len) {
		/* one RCF_A_BATCH nest per message is enough for every kernel */
		len = rcf_nl_batch_fit(ops + i, n - i < chunk ? n - i : chunk);
		const struct rcf_nl_err *e = &c->nl.e;
		const struct rcf_op *bad = NULL;
		char at[600];

		if (!rcf_nl_batch(&c->nl, ops + i, len))
			continue;
		if (e->has_cookie && e->cookie < len)
			bad = &ops[i + e->cookie];
		if (bad && bad->line)
			snprintf(at, sizeof(at), "%s:%d", where, bad->line);
		else
			snprintf(at, sizeof(at), "%s", where);
		if (bad) {
			kernel_error(c, at, &bad->o);
		} else {
			char why[512];

			rcf_nl_error_str(e, why, sizeof(why));
			fprintf(stderr, "rcfctl: %s: %s\n", at, why);
		}
		if (i) {
			struct rcf_op del = {.cmd = RCF_CMD_FABRIC_DEL};

			rcf_obj_init(&del.o, RCF_K_FABRIC);
			if (rcf_nl_do(&c->nl, &del, NULL, NULL))
				kernel_error(c, "removing the partial fabric",
					     &del.o);
			else
				fprintf(stderr,
					"rcfctl: %s: %zu of %zu operations "
					"had been applied; fabric deleted so "
					"no partial topology remains\n",
					where, i, n);
		}
		return RCFCTL_ERR;
	}
	return RCFCTL_OK;
}

static int ensure_empty(struct ctl *c)
{
	long n;

	if (c->force)
		return 0;
	n = fabric_objects(c);
	if (n < 0)
		return RCFCTL_ERR;
	if (n > 0) {
		fprintf(stderr,
			"rcfctl: fabric is not empty; rcfctl fabric del "
			"first\n");
		return RCFCTL_ERR;
	}
	return 0;
}

static void summary(struct ctl *c, const char *what, const char *name,
		    const struct rcf_topo *t)
{
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_json_obj_open(&j, NULL);
		rcf_json_str(&j, what, name);
		rcf_json_u64(&j, "nodes", t->v[RCF_K_NODE].n);
		rcf_json_u64(&j, "switches", t->v[RCF_K_SWITCH].n);
		rcf_json_u64(&j, "links", t->v[RCF_K_LINK].n);
		rcf_json_u64(&j, "circuits", t->v[RCF_K_CIRCUIT].n);
		rcf_json_u64(&j, "routes", t->v[RCF_K_ROUTE].n);
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
		return;
	}
	printf("%s: %zu nodes, %zu switches, %zu links", name,
	       t->v[RCF_K_NODE].n, t->v[RCF_K_SWITCH].n, t->v[RCF_K_LINK].n);
	if (t->v[RCF_K_CIRCUIT].n || t->v[RCF_K_ROUTE].n)
		printf(", %zu circuits, %zu routes", t->v[RCF_K_CIRCUIT].n,
		       t->v[RCF_K_ROUTE].n);
	putchar('\n');
}

/* Applies t to an empty fabric; lines are used when t came from a file. */
static int apply_topo(struct ctl *c, const char *what, const char *name,
		      const struct rcf_topo *t, int dry_run)
{
	struct rcf_op *ops;
	size_t n;
	int rc;

	if (dry_run) {
		rcf_topo_write(stdout, t, name);
		return RCFCTL_OK;
	}
	if (ctl_connect(c))
		return RCFCTL_ERR;
	rc = ensure_empty(c);
	if (rc)
		return rc;
	if (rcf_topo_ops(t, &ops, &n))
		return nomem_error();
	rc = apply_ops(c, name, ops, n, RCFCTL_CHUNK);
	free(ops);
	if (!rc)
		summary(c, what, name, t);
	return rc;
}

static int parse_flags(int argc, char **argv, int *dry_run, const char **arg)
{
	*arg = NULL;
	for (int i = 0; i < argc; i++) {
		if (dry_run &&
		    (!strcmp(argv[i], "--dry-run") || !strcmp(argv[i], "-n") ||
		     !strcmp(argv[i], "dry-run")))
			*dry_run = 1;
		else if (!*arg)
			*arg = argv[i];
		else
			return -1;
	}
	return *arg ? 0 : -1;
}

static int supernode_apply(struct ctl *c, const char *spec, int dry);

static int topo_apply(struct ctl *c, int argc, char **argv)
{
	struct rcf_topo t;
	const char *spec;
	char err[256];
	int dry = 0, rc;

	if (parse_flags(argc, argv, &dry, &spec))
		return usage_error("usage: rcfctl topo apply GEN [--dry-run]");
	if (!strncmp(spec, "supernode:", 10))
		return supernode_apply(c, spec, dry);
	if (rcf_topo_generate(spec, &t, err, sizeof(err)))
		return usage_error("%s", err);
	rc = apply_topo(c, "generator", spec, &t, dry);
	rcf_topo_free(&t);
	return rc;
}

/*
 * supernode:KIND:ARGS under the identity mapping; the mapping goes to the
 * state file (lib/reconf/sn_state.h) for topo swap and rcfd's reconfig policy.
 */
static int supernode_apply(struct ctl *c, const char *spec, int dry)
{
	const char *path = rcf_sn_state_path(NULL);
	struct rcf_sn_state s;
	struct rcf_topo t;
	char err[512];
	int rc;

	if (rcf_sn_state_new(&s, spec + 10, err, sizeof(err)))
		return usage_error("%s", err);
	if (sn_build(&s.t, &s.m, &t, err, sizeof(err))) {
		rcf_sn_state_free(&s);
		return usage_error("%s", err);
	}
	rc = apply_topo(c, "generator", spec, &t, dry);
	rcf_topo_free(&t);
	if (!rc && !dry && rcf_sn_state_save(path, &s, err, sizeof(err))) {
		fprintf(stderr,
			"rcfctl: fabric applied, but the mapping "
			"was not stored, so topo swap will refuse: "
			"%s\n",
			err);
		rc = RCFCTL_ERR;
	}
	rcf_sn_state_free(&s);
	return rc;
}

static int parse_node(const char *v, uint32_t *out)
{
	uint64_t n;

	if (rcf_parse_num(v, RCF_MAX_NODES - 1, &n))
		return -1;
	*out = (uint32_t)n;
	return 0;
}

static int topo_swap(struct ctl *c, int argc, char **argv)
{
	const char *path = rcf_sn_state_path(NULL);
	struct rcf_sn_state s;
	char err[1024];
	uint32_t a, b;
	int rc;

	if (argc != 2)
		return usage_error("usage: rcfctl topo swap NODE NODE");
	if (parse_node(argv[0], &a) || parse_node(argv[1], &b))
		return usage_error("topo swap: nodes are numbers 0-%d",
				   RCF_MAX_NODES - 1);
	rc = rcf_sn_state_load(path, &s, err, sizeof(err));
	if (rc == 1) {
		fprintf(stderr,
			"rcfctl: no supernode mapping at %s: apply a "
			"supernode:... topology first\n",
			path);
		return RCFCTL_ERR;
	}
	if (rc) {
		fprintf(stderr, "rcfctl: %s\n", err);
		return RCFCTL_ERR;
	}
	rc = RCFCTL_ERR;
	if (ctl_connect(c))
		goto out;
	if (rcf_sn_state_check(&c->nl, &s, err, sizeof(err)) ||
	    rcf_sn_swap(&c->nl, &s, a, b, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: topo swap: %s\n", err);
		goto out;
	}
	if (rcf_sn_state_save(path, &s, err, sizeof(err))) {
		fprintf(stderr,
			"rcfctl: swapped, but the mapping was not "
			"stored: %s\n",
			err);
		goto out;
	}
	if (c->json)
		printf("{\"a\":%u,\"b\":%u,\"pos_a\":%u,\"pos_b\":%u}\n", a, b,
		       s.m.pos[a], s.m.pos[b]);
	else
		printf("swapped %u and %u: node %u at position %u, node %u "
		       "at position %u\n",
		       a, b, a, s.m.pos[a], b, s.m.pos[b]);
	rc = RCFCTL_OK;
out:
	rcf_sn_state_free(&s);
	return rc;
}

/*
 * Loading keeps each op's file line, so a refusal names it; the ops go in
 * file order (the file's own order is what the user wrote).
 */
static int topo_load(struct ctl *c, int argc, char **argv)
{
	const char *file, *name;
	struct rcf_op *ops;
	struct rcf_topo t;
	char err[512];
	size_t n;
	int dry = 0, rc;

	if (parse_flags(argc, argv, &dry, &file))
		return usage_error("usage: rcfctl topo load FILE [--dry-run]");
	rc = read_ops_file(file, &name, &ops, &n);
	if (rc)
		return rc;
	/* the kernel's checks, for --dry-run; the summary counts t */
	rc = rcf_topo_from_ops(ops, n, name, &t, err, sizeof(err));
	if (rc) {
		free(ops);
		return rc == -ENOMEM ? nomem_error() : usage_error("%s", err);
	}
	if (dry) {
		rcf_topo_write(stdout, &t, NULL);
		rc = RCFCTL_OK;
	} else if (ctl_connect(c)) {
		rc = RCFCTL_ERR;
	} else if (!(rc = ensure_empty(c))) {
		rc = apply_ops(c, name, ops, n, RCFCTL_CHUNK);
		if (!rc)
			summary(c, "file", name, &t);
	}
	free(ops);
	rcf_topo_free(&t);
	return rc;
}

/*
 * A limit the fabric did not set itself (rcf.ko's fabric_mem_limit, as
 * the kernel says with mem-limit-own) is not written down: that one is
 * the host's, not the fabric's, and in a file it would refuse the file
 * on a host that allows less.
 */
static int is_module_mem_limit(const struct rcf_obj *o)
{
	return rcf_has(o, RCF_A_FABRIC_MEM_LIMIT_OWN) &&
	       !o->v[RCF_A_FABRIC_MEM_LIMIT_OWN];
}

static int collect(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct rcf_topo *t = arg;
	struct rcf_obj copy = *o;
	char dflt[RCF_IFNAMSIZ + 16];

	(void)cmd;
	/*
	 * A path's circuits go with the path, and paths are not part of
	 * a topology: loaded back as plain circuits they would block the
	 * very paths they came from.
	 */
	if (o->kind == RCF_K_CIRCUIT && rcf_has(o, RCF_A_CIRCUIT_PATH))
		return 0;
	/* read-only attributes are not part of the saved fabric */
	for (int a = 1; a < __RCF_A_MAX; a++)
		if (rcf_attrs[a].ro)
			rcf_unset(&copy, a);
	/* the default name comes back by itself; keep only renames */
	if (o->kind == RCF_K_NODE && rcf_has(o, RCF_A_NODE_IFNAME)) {
		snprintf(dflt, sizeof(dflt), "rcf%llu",
			 (unsigned long long)o->v[RCF_A_NODE_ID]);
		if (!strcmp(dflt, o->ifname))
			rcf_unset(&copy, RCF_A_NODE_IFNAME);
	}
	if (o->kind == RCF_K_FABRIC && is_module_mem_limit(o))
		rcf_unset(&copy, RCF_A_FABRIC_MEM_LIMIT);
	if (o->kind == RCF_K_FABRIC)
		t->fabric = copy;
	else if (!rcf_topo_add(t, &copy))
		return -ENOMEM;
	return 0;
}

int topo_dump(struct ctl *c, struct rcf_topo *t)
{
	struct rcf_op get = {.cmd = RCF_CMD_FABRIC_GET};

	if (ctl_connect(c))
		return RCFCTL_ERR;
	rcf_topo_init(t);
	rcf_obj_init(&get.o, RCF_K_FABRIC);
	if (rcf_nl_do(&c->nl, &get, collect, t)) {
		rcf_topo_free(t);
		return kernel_error(c, NULL, &get.o);
	}
	for (int k = RCF_K_NODE; k < RCF_K_NR; k++) {
		struct rcf_obj o;

		if (k == RCF_K_PATH ||
		    !rcf_nl_dump(&c->nl, k, NULL, collect, t))
			continue;
		rcf_obj_init(&o, k);
		rcf_topo_free(t);
		return kernel_error(c, "topo save", &o);
	}
	rcf_topo_sort(t);
	return RCFCTL_OK;
}

static int topo_save(struct ctl *c, int argc, char **argv)
{
	const char *file;
	struct rcf_topo t;
	int rc;
	FILE *f;

	if (parse_flags(argc, argv, NULL, &file))
		return usage_error("usage: rcfctl topo save FILE");
	rc = topo_dump(c, &t);
	if (rc)
		return rc;
	f = strcmp(file, "-") ? fopen(file, "w") : stdout;
	if (!f) {
		fprintf(stderr, "rcfctl: %s: %s\n", file, strerror(errno));
		rc = RCFCTL_ERR;
		goto out;
	}
	rcf_topo_write(f, &t, "rcf topology (rcfctl topo save)");
	if (f != stdout ? fclose(f) : fflush(f)) {
		fprintf(stderr, "rcfctl: %s: %s\n", file, strerror(errno));
		rc = RCFCTL_ERR;
	}
out:
	rcf_topo_free(&t);
	return rc;
}

int cmd_topo(struct ctl *c, int argc, char **argv)
{
	const char *w = argc ? argv[0] : "";
	size_t n = strlen(w);

	if (!n)
		return usage_error("topo: missing command; try rcfctl topo "
				   "help");
	if (!strncmp(w, "apply", n))
		return topo_apply(c, argc - 1, argv + 1);
	if (!strncmp(w, "save", n))
		return topo_save(c, argc - 1, argv + 1);
	if (!strncmp(w, "stats", n) && n > 1)
		return topo_stats(c, argc - 1, argv + 1);
	if (!strncmp(w, "draw", n))
		return topo_draw(c, argc - 1, argv + 1);
	if (!strncmp(w, "swap", n) && n > 1)
		return topo_swap(c, argc - 1, argv + 1);
	if (!strncmp(w, "load", n))
		return topo_load(c, argc - 1, argv + 1);
	if (!strncmp(w, "import", n))
		return topo_import(c, argc - 1, argv + 1);
	if (!strncmp(w, "export", n))
		return topo_export(c, argc - 1, argv + 1);
	if (!strncmp(w, "help", n)) {
		help_topo(stdout);
		return RCFCTL_OK;
	}
	return usage_error("topo: unknown command \"%s\"; try rcfctl topo help",
			   w);
}
