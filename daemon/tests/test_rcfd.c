// SPDX-License-Identifier: GPL-2.0
/* rcfd's config parser, reload semantics and command line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rcfd/rcfd.h"
#include "rcfd_conf_util.h"
#include "tap.h"

static void defaults(void)
{
	struct rcfd_config c;
	char err[512];

	tap_ok(!parse("", &c, err) && c.log_level == RCFD_INFO &&
		       !strcmp(c.socket, "/run/rcf/rcfd.sock") &&
		       !strcmp(c.pidfile, "/run/rcfd.pid") && !c.route.r &&
		       !c.manage && c.recompute_on_link_change &&
		       c.debounce_ms == RCFD_DEF_DEBOUNCE_MS && !c.force,
	       "empty config gives every default");
	tap_ok(!parse("# only a comment\n\n   \t\n", &c, err) &&
		       c.log_level == RCFD_INFO,
	       "comments and blank lines");
}

static void every_key(void)
{
	struct rcfd_config c;
	char err[512];
	int rc;

	rc = parse("log_level = debug # trailing comment\n"
		   "socket=/tmp/x.sock\n"
		   "  pidfile =  /tmp/x.pid  \n"
		   "routing.algorithm = sp1\n"
		   "routing.recompute_on_link_change = yes\n"
		   "routing.force = no",
		   &c, err);
	tap_ok(!rc && c.log_level == RCFD_DEBUG &&
		       !strcmp(c.socket, "/tmp/x.sock") &&
		       !strcmp(c.pidfile, "/tmp/x.pid") &&
		       !strcmp(rcfd_algo_name(&c), "sp1") &&
		       c.recompute_on_link_change && !c.force,
	       "every key, spacing, trailing comment, no final newline");
	rc = parse("[routing]\nalgorithm = dor\nforce = true\n", &c, err);
	tap_ok(!rc && !strcmp(rcfd_algo_name(&c), "dor") && c.force,
	       "[routing] section prefixes its keys");
	rc = parse("[routing]\nalgorithm=ecube\n[ ]\n", &c, err);
	tap_ok(rc == -1 && strstr(err, "t.conf:3:"), "empty section name");
	rc = parse("[routing]\noptions = seed 3  relay\nalgorithm = "
		   "adaptive\n",
		   &c, err);
	tap_ok(!rc && !strcmp(rcfd_algo_name(&c), "sp1-adaptive") &&
		       rcf_route_conf_get(&c.route, "seed", 0) == 3 &&
		       rcf_route_conf_get(&c.route, "relay", 0) == 1 &&
		       rcf_route_conf_get(&c.route, "ntry", 0) == 2,
	       "adaptive is read as sp1-adaptive; routing.options before "
	       "routing.algorithm, the rest at their defaults");
	tap_ok(!parse("routing.algorithm = shortest\n", &c, err) &&
		       !strcmp(rcfd_algo_name(&c), "shortest") &&
		       !parse("routing.algorithm = none\n", &c, err) &&
		       !c.route.r,
	       "shortest and none");
}

static void errors(void)
{
	refuse("log_level = loud\n", "t.conf:1: log_level \"loud\"");
	refuse("\n\nfoo = 1\n", "t.conf:3: unknown key \"foo\"");
	refuse("log_level = info\nlog_level = warn\n",
	       "t.conf:2: log_level given twice");
	refuse("socket = relative.sock\n", "t.conf:1: \"relative.sock\" is "
					   "not an absolute path");
	refuse("just words\n", "t.conf:1: expected \"key = value\"");
	refuse("pidfile =\n", "t.conf:1: pidfile has no value");
	refuse("[routing\n", "t.conf:1: section header without ']'");
	refuse("routing.algorithm = fast\n", "t.conf:1: routing.algorithm");
	refuse("[routing]\nforce = maybe\n", "t.conf:2: routing.force "
					     "\"maybe\": want yes or no");
	refuse("[other]\nlog_level = info\n", "t.conf:2: unknown key "
					      "\"other.log_level\"");
	refuse("b@d = 1\n", "t.conf:1: bad key");
	refuse("[routing]\nalgorithm = sp1\noptions = paths 2\n",
	       "t.conf:3: routing.options: sp1 takes no option paths");
	refuse("[routing]\noptions = vcs 3\nalgorithm = dor\n",
	       "t.conf:2: routing.options: vcs wants 1 to 2");
	refuse("[routing]\nalgorithm = shortest\noptions = paths\n",
	       "t.conf:3: routing.options: paths wants N");
	refuse("\nrouting.options = relay\n",
	       "t.conf:2: routing.options needs a routing.algorithm");
	refuse("[reconfig]\nthreshold1 = 4\nenable = yes\nthreshold1 = 8\n",
	       "t.conf:4: reconfig.threshold1 given twice");
}

static void long_and_binary(void)
{
	char *big = malloc(3000), err[512];
	struct rcfd_config c;
	const char nul[] = "log_level = info\nsock\0et = /x\n";
	int rc;

	memset(big, 'a', 2999);
	big[2999] = '\0';
	refuse(big, "t.conf:1: line longer than");
	free(big);
	rcfd_config_defaults(&c);
	rc = rcfd_config_parse("t.conf", nul, sizeof(nul) - 1, &c, err,
			       sizeof(err));
	tap_ok(rc == -1 && strstr(err, "t.conf:2: NUL byte"),
	       "refused: NUL byte names its line");
}

/* the config is written only when the whole file is good */
static void reload_semantics(void)
{
	char path[] = "/tmp/rcfd-test-XXXXXX", err[512];
	struct rcfd_config c;
	FILE *f;
	int fd = mkstemp(path), rc;

	f = fdopen(fd, "w");
	fputs("log_level = warn\nrouting.algorithm = sp1\n", f);
	fclose(f);
	rcfd_config_defaults(&c);
	rc = rcfd_config_load(path, &c, err, sizeof(err));
	tap_ok(rc == 0 && c.log_level == RCFD_WARN &&
		       !strcmp(rcfd_algo_name(&c), "sp1"),
	       "load reads the file");
	f = fopen(path, "w");
	fputs("log_level = debug\nrouting.algorithm = bogus\n", f);
	fclose(f);
	rc = rcfd_config_load(path, &c, err, sizeof(err));
	tap_ok(rc == -1 && c.log_level == RCFD_WARN &&
		       !strcmp(rcfd_algo_name(&c), "sp1") &&
		       strstr(err, ":2:") && strstr(err, path),
	       "a bad reload keeps the old config and names file:line");
	f = fopen(path, "w");
	fputs("routing.force = yes\n", f);
	fclose(f);
	rc = rcfd_config_load(path, &c, err, sizeof(err));
	tap_ok(rc == 0 && c.log_level == RCFD_INFO && !c.route.r && c.force,
	       "a good reload starts from the defaults, not the old config");
	unlink(path);
	rc = rcfd_config_load(path, &c, err, sizeof(err));
	tap_ok(rc == 1 && !c.force && c.log_level == RCFD_INFO,
	       "a missing file means the defaults");
	rc = rcfd_config_load("/", &c, err, sizeof(err));
	tap_ok(rc == -1 && !strncmp(err, "/: ", 3),
	       "an unreadable file is an error naming it");
}

/* a relation the reload cannot use leaves the running one */
static void relation_reload(void)
{
	char path[] = "/tmp/rcfd-test-XXXXXX", err[512];
	struct rcfd_config c;
	FILE *f;
	int fd = mkstemp(path), rc1, rc2;

	f = fdopen(fd, "w");
	fputs("routing.relation = db\nrouting.relation_gen = prdt:4:2:1\n", f);
	fclose(f);
	rcfd_config_defaults(&c);
	rc1 = rcfd_config_load(path, &c, err, sizeof(err));
	f = fopen(path, "w");
	fputs("routing.relation = db\nrouting.relation_gen = torus:8x8\n", f);
	fclose(f);
	rc2 = rcfd_config_load(path, &c, err, sizeof(err));
	unlink(path);
	tap_ok(!rc1 && rc2 == -1 && strstr(err, ":2: routing.relation_gen") &&
		       !strcmp(c.relation, "db") &&
		       !strcmp(c.relation_gen, "prdt:4:2:1"),
	       "a reload with a generator db cannot use keeps the old one");
}

/* routing.relation and its generator and selection */
static void relation(void)
{
	struct rcfd_config c;
	char err[512];
	int rc;

	tap_ok(!parse("", &c, err) && !*c.relation && !*c.relation_gen &&
		       c.relation_select == -1 &&
		       !strcmp(rcfd_select_name(c.relation_select),
			       "unchanged"),
	       "no relation by default, the selection left as it is");
	rc = parse("[routing]\nrelation = db\nrelation_gen = prdt:4:2:1\n"
		   "relation_select = least\nrecompute_on_link_change = no\n",
		   &c, err);
	tap_ok(!rc && !strcmp(c.relation, "db") &&
		       !strcmp(c.relation_gen, "prdt:4:2:1") &&
		       c.relation_select == 1 &&
		       !strcmp(rcfd_select_name(c.relation_select), "least") &&
		       !c.recompute_on_link_change && !c.manage,
	       "relation, generator and selection under [routing]");
	rc = parse("routing.relation = duato\nrouting.relation_gen = "
		   "rdt:16:2:2:1\n",
		   &c, err);
	tap_ok(!rc && !strcmp(c.relation, "duato") && c.relation_select == -1,
	       "duato on an rdt: fabric's base torus");
	rc = parse("routing.relation = none\n", &c, err);
	tap_ok(!rc && !*c.relation, "relation none");
	refuse("routing.relation = west-first\n",
	       "t.conf:1: routing.relation \"west-first\": want none, dor, "
	       "duato, rdt-vector, da, db, north-last or north-last-wrap");
	refuse("\n[routing]\nrelation = db\n",
	       "t.conf:3: routing.relation needs a routing.relation_gen");
	refuse("\nrouting.relation_gen = prdt:4:2:1\n",
	       "t.conf:2: routing.relation_gen needs a routing.relation");
	refuse("routing.relation = none\nrouting.relation_select = least\n",
	       "t.conf:2: routing.relation_select needs a routing.relation");
	refuse("routing.relation = db\nrouting.relation_gen = torus:4x4\n",
	       "t.conf:2: routing.relation_gen \"torus:4x4\": relation db "
	       "needs a prdt:S:n:R fabric");
	refuse("routing.relation = north-last\nrouting.relation_gen = "
	       "rdt:16:2:2:1\n",
	       "t.conf:2: routing.relation_gen \"rdt:16:2:2:1\": relation "
	       "north-last needs a prdt:S:n:R fabric");
	refuse("routing.relation_gen = sp1:16\nrouting.relation = duato\n",
	       "t.conf:1: routing.relation_gen \"sp1:16\": relations need a "
	       "torus of switches");
	refuse("routing.relation = da\nrouting.relation_gen = prdt:3\n",
	       "t.conf:2: routing.relation_gen \"prdt:3\": prdt");
	refuse("routing.relation = db\nrouting.relation_gen = prdt:4:2:1\n"
	       "routing.relation_select = fast\n",
	       "t.conf:3: routing.relation_select \"fast\": want first, "
	       "least or random");
	refuse("routing.relation = db\nrouting.relation = da\n",
	       "t.conf:2: routing.relation given twice");
	refuse("routing.relation_gen = prdt:4:2:1:"
	       "11111111111111111111111111111111111111111111111111111111\n",
	       "t.conf:1: routing.relation_gen: longer than 63 bytes");
	refuse("[routing]\nmanage = yes\nalgorithm = sp1\nrelation = db\n"
	       "relation_gen = prdt:4:2:1\n",
	       "t.conf:4: routing.relation needs routing.manage = no");
	refuse("routing.relation = db\nrouting.relation_gen = prdt:4:2:1\n"
	       "paths.manage = yes\n",
	       "t.conf:1: routing.relation needs paths.manage = no");
	rc = parse("routing.relation = db\nrouting.relation_gen = prdt:4:2:1\n"
		   "routing.algorithm = sp1\n",
		   &c, err);
	tap_ok(!rc && !c.manage && c.route.r,
	       "an algorithm beside the relation, not managed: allowed");
	relation_reload();
}

static int args(struct rcfd_opts *o, char *err, const char *a0, ...)
{
	char *argv[16] = {"rcfd"};
	int argc = 1, rc;
	va_list ap;
	const char *a;

	va_start(ap, a0);
	for (a = a0; a && argc < 15; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	err[0] = '\0';
	fflush(stdout);
	rc = rcfd_parse_args(argc, argv, o, err, 512);
	return rc;
}

static void options(void)
{
	struct rcfd_opts o;
	struct rcfd_config c;
	char err[512];
	int rc;

	rc = args(&o, err, NULL);
	tap_ok(!rc && !o.foreground && o.log_target == -1 &&
		       !strcmp(o.config, "/etc/rcf/rcfd.conf") && !o.pidfile &&
		       !o.socket && !o.has_level,
	       "no options: defaults");
	rc = args(&o, err, "-f", "-c", "/a.conf", "-p", "/a.pid", "-s",
		  "/a.sock", "-l", "debug", "--stderr", NULL);
	tap_ok(!rc && o.foreground && !strcmp(o.config, "/a.conf") &&
		       !strcmp(o.pidfile, "/a.pid") &&
		       !strcmp(o.socket, "/a.sock") && o.has_level &&
		       o.level == RCFD_DEBUG && o.log_target == 0,
	       "short options");
	rc = args(&o, err, "--foreground", "--config=/b.conf", "--syslog",
		  "--log-level", "err", "--check-config", NULL);
	tap_ok(!rc && o.foreground && !strcmp(o.config, "/b.conf") &&
		       o.log_target == 1 && o.level == RCFD_ERR &&
		       o.check_config,
	       "long options");
	rcfd_config_defaults(&c);
	args(&o, err, "-s", "/o.sock", "-l", "warn", NULL);
	rcfd_apply_opts(&o, &c);
	tap_ok(!strcmp(c.socket, "/o.sock") &&
		       !strcmp(c.pidfile, "/run/rcfd.pid") &&
		       c.log_level == RCFD_WARN,
	       "the command line overrides the config");
	tap_ok(args(&o, err, "-l", "loud", NULL) == -1 &&
		       strstr(err, "\"loud\""),
	       "bad level refused");
	tap_ok(args(&o, err, "-c", NULL) == -1 && strstr(err, "needs a value"),
	       "missing value refused");
	tap_ok(args(&o, err, "--bogus", NULL) == -1 && strstr(err, "--bogus"),
	       "unknown long option refused");
	tap_ok(args(&o, err, "-q", NULL) == -1 && strstr(err, "-q"),
	       "unknown short option refused");
	tap_ok(args(&o, err, "--syslog", "--stderr", NULL) == -1,
	       "--syslog with --stderr refused");
	tap_ok(args(&o, err, "-p", "rel.pid", NULL) == -1 &&
		       strstr(err, "absolute"),
	       "relative pidfile refused");
	tap_ok(args(&o, err, "extra", NULL) == -1 && strstr(err, "extra"),
	       "stray argument refused");
	tap_ok(args(&o, err, "-s",
		    "/a/very/long/socket/path/that/does/not/fit/in/sun_path/"
		    "of/one/hundred/and/eight/bytes/xxxxxxxxxxxxxxxxxxxxxxx",
		    NULL) == -1 &&
		       strstr(err, "longer"),
	       "socket path over sun_path refused");
}

int main(void)
{
	tap_plan(61);
	defaults();
	every_key();
	errors();
	long_and_binary();
	reload_semantics();
	options();
	relation();
	return tap_done();
}
