// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl: script an rcf fabric over generic netlink, in iproute2's
 * habits (rcfctl [OPTIONS] OBJECT COMMAND ARGS).  Documentation/rcfctl.8.
 */
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/help_arg.h"

#include "rcfctl.h"

int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("rcfctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return RCFCTL_USAGE;
}

int nomem_error(void)
{
	fputs("rcfctl: out of memory\n", stderr);
	return RCFCTL_NOMEM;
}

int kernel_error(const struct ctl *c, const char *where,
		 const struct rcf_obj *o)
{
	char key[96], why[512];

	rcf_obj_key(o, key, sizeof(key));
	if (rcf_nl_epoch_error(&c->nl, why, sizeof(why)))
		rcf_nl_error_str(&c->nl.e, why, sizeof(why));
	if (where)
		fprintf(stderr, "rcfctl: %s: %s: %s\n", where, key, why);
	else
		fprintf(stderr, "rcfctl: %s: %s\n", key, why);
	return RCFCTL_ERR;
}

int ctl_connect(struct ctl *c)
{
	char err[256];

	if (c->connected)
		return 0;
	if (rcf_nl_open(&c->nl, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: %s\n", err);
		return -1;
	}
	c->connected = 1;
	/* every change sent on this handle is an epoch of this kind */
	c->nl.epoch = c->epoch;
	return 0;
}

/* "-j", "-json" and "--json" all name the option "json" */
static int opt_is(const char *arg, const char *shrt, const char *lng)
{
	if (!strcmp(arg, shrt))
		return 1;
	if (arg[0] == '-' && arg[1] == '-')
		arg++;
	return arg[0] == '-' && !strcmp(arg + 1, lng);
}

/* the objects beside the kernel's kinds: how each is named, run, shown */
static const struct command {
	const char *name;
	const char *alias; /* another full name, or NULL */
	int prefix;	   /* any prefix of name names it too */
	int (*run)(struct ctl *c, int argc, char **argv);
	void (*help)(FILE *f);
} commands[] = {
	{"stats", "statistics", 0, cmd_stats, help_stats},
	{"epoch", NULL, 0, cmd_epoch, help_epoch},
	{"traffic", NULL, 0, cmd_traffic, help_traffic},
	{"relation", NULL, 0, cmd_relation, help_relation},
	{"collective", NULL, 0, cmd_collective, help_collective},
	{"daemon", NULL, 0, cmd_daemon, help_daemon},
	{"capture", NULL, 0, cmd_capture, help_capture},
	/* monitor before topo: both take any prefix */
	{"monitor", NULL, 1, cmd_monitor, help_monitor},
	{"topo", NULL, 1, cmd_topo, help_topo},
};

static const struct command *command_lookup(const char *w)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		const struct command *m = &commands[i];

		if (!strcmp(w, m->name) || (m->alias && !strcmp(w, m->alias)) ||
		    (m->prefix && !strncmp(w, m->name, strlen(w))))
			return m;
	}
	return NULL;
}

/* obj's usage on stdout; 0, or -1 when obj names no object */
static int object_help(const char *obj)
{
	const struct command *m = command_lookup(obj);
	enum rcf_kind kind;

	/* route compute, check and eval: route's usage has them */
	if (!rcf_kind_lookup(obj, &kind))
		help_object(stdout, kind);
	else if (m)
		m->help(stdout);
	else
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct ctl c = {0};
	const char *batch = NULL;
	enum rcf_kind kind;
	int i, rc;

	/*
	 * glibc raises its mmap threshold to the largest block freed, up to
	 * 32 MB; blocks below it then come from the heap, where a route set
	 * growing by doubling leaves each old copy resident.  A fixed
	 * threshold (its default) keeps big blocks in mappings of their own,
	 * grown in place and given back when freed.
	 */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];

		if (opt_is(a, "-j", "json")) {
			c.json = 1;
		} else if (opt_is(a, "-p", "pretty")) {
			c.pretty = 1;
		} else if (opt_is(a, "-f", "force")) {
			c.force = 1;
		} else if (opt_is(a, "-b", "batch")) {
			if (++i == argc)
				return usage_error("-batch needs a FILE");
			batch = argv[i];
		} else if (opt_is(a, "--epoch-mode", "epoch-mode") ||
			   opt_is(a, "--epoch-timeout", "epoch-timeout")) {
			if (++i == argc)
				return usage_error("%s needs a value", a);
			rc = parse_epoch_opt(&c, a, argv[i]);
			if (rc)
				return rc;
		} else if (opt_is(a, "-h", "help")) {
			help_main(stdout);
			return RCFCTL_OK;
		} else {
			return usage_error("unknown option \"%s\"; "
					   "try rcfctl --help",
					   a);
		}
	}
	argc -= i;
	argv += i;
	if (batch) {
		if (argc)
			return usage_error("-batch takes no OBJECT; "
					   "\"%s\" is extra",
					   argv[0]);
		rc = cmd_batch(&c, batch);
	} else if (!argc) {
		help_main(stderr);
		rc = RCFCTL_USAGE;
	} else if (!strcmp(argv[0], "help")) {
		help_main(stdout);
		rc = RCFCTL_OK;
	} else if (rcf_help_asked(argc, argv) && !object_help(argv[0])) {
		rc = RCFCTL_OK;
	} else if (!rcf_kind_lookup(argv[0], &kind) && kind == RCF_K_PATH) {
		rc = cmd_path(&c, argc - 1, argv + 1);
	} else if (is_route_policy(argc, argv)) {
		rc = cmd_route_policy(&c, argc, argv);
	} else if (!rcf_kind_lookup(argv[0], &kind)) {
		rc = cmd_object(&c, argc, argv);
	} else if (command_lookup(argv[0])) {
		rc = command_lookup(argv[0])->run(&c, argc - 1, argv + 1);
	} else {
		rc = usage_error("unknown object \"%s\"; try rcfctl help",
				 argv[0]);
	}
	if (c.connected)
		rcf_nl_close(&c.nl);
	if (fflush(stdout) && rc == RCFCTL_OK)
		rc = RCFCTL_ERR;
	return rc;
}
