// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl path's grammar.  add, set, del and show are the object
 * commands every kind has (parse.c), so that a batch line and the command
 * line mean the same; recall, request and fail, and del's waiting, are
 * the path's own.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/errf.h"
#include "obj/parse.h"
#include "path/path_cmd.h"

/* errnos a path request plausibly fails with, by name */
static const struct {
	const char *name;
	uint32_t e;
} errnos[] = {
	{"EHOSTUNREACH", EHOSTUNREACH},
	{"ENETUNREACH", ENETUNREACH},
	{"ETIMEDOUT", ETIMEDOUT},
	{"ECONNREFUSED", ECONNREFUSED},
	{"EBUSY", EBUSY},
	{"ENOSPC", ENOSPC},
	{"ENOENT", ENOENT},
	{"EAGAIN", EAGAIN},
	{"ENOMEM", ENOMEM},
	{"EPERM", EPERM},
	{"EACCES", EACCES},
	{"ECANCELED", ECANCELED},
	{"ENETDOWN", ENETDOWN},
	{"ENOLINK", ENOLINK},
	{"EINVAL", EINVAL},
	{"ELOOP", ELOOP},
};

#define N_ERRNOS (sizeof(errnos) / sizeof(errnos[0]))

/* the kernel's errnos end below 4096 (MAX_ERRNO) */
#define RCF_MAX_ERRNO 4095

int rcf_errno_parse(const char *word, uint32_t *e)
{
	uint64_t v;

	for (size_t i = 0; i < N_ERRNOS; i++) {
		if (!strcmp(word, errnos[i].name)) {
			*e = errnos[i].e;
			return 0;
		}
	}
	if (rcf_parse_num(word, RCF_MAX_ERRNO, &v) || !v)
		return -1;
	*e = (uint32_t)v;
	return 0;
}

const char *rcf_errno_name(uint32_t e)
{
	for (size_t i = 0; i < N_ERRNOS; i++)
		if (errnos[i].e == e)
			return errnos[i].name;
	return NULL;
}

/* iproute2 habit: any prefix of a word names it */
static int matches(const char *arg, const char *word)
{
	size_t n = strlen(arg);

	return n && n <= strlen(word) && !strncmp(arg, word, n);
}

/* "path VERB ARGS" through the object parser */
static int object_op(const char *verb, int argc, char **argv, struct rcf_op *op,
		     char *err, size_t errlen)
{
	char *words[RCF_ROUTE_MAX_HOPS + 16];
	int n = 0;

	if (argc + 2 > (int)(sizeof(words) / sizeof(words[0])))
		return rcf_errf(err, errlen, "path %s: too many words", verb);
	words[n++] = (char *)"path";
	words[n++] = (char *)verb;
	for (int i = 0; i < argc; i++)
		words[n++] = argv[i];
	return rcf_parse_op(n, words, 1, op, err, errlen) ? -1 : 0;
}

/* "master N dst N" in either order, each once, and fail's "error E" */
static int parse_pair(const char *verb, int argc, char **argv,
		      struct rcf_path_cmd *c, char *err, size_t errlen)
{
	int has_m = 0, has_d = 0, has_e = 0;

	for (int i = 0; i < argc; i += 2) {
		const char *w = argv[i];
		uint64_t v;
		int *has;

		if (!strcmp(w, "master"))
			has = &has_m;
		else if (!strcmp(w, "dst"))
			has = &has_d;
		else if (c->verb == RCF_PV_FAIL && !strcmp(w, "error"))
			has = &has_e;
		else
			return rcf_errf(err, errlen,
					"path %s: unknown keyword \"%s\"", verb,
					w);
		if (*has)
			return rcf_errf(err, errlen,
					"path %s: \"%s\" given twice", verb, w);
		*has = 1;
		if (i + 1 >= argc)
			return rcf_errf(err, errlen,
					"path %s: \"%s\" needs a value", verb,
					w);
		if (has == &has_e) {
			if (rcf_errno_parse(argv[i + 1], &c->error))
				return rcf_errf(
					err, errlen,
					"path fail: error \"%s\" is not an "
					"errno name (EHOSTUNREACH, "
					"ETIMEDOUT ...) or a number "
					"1..%d",
					argv[i + 1], RCF_MAX_ERRNO);
			continue;
		}
		if (rcf_parse_num(argv[i + 1], UINT32_MAX, &v))
			return rcf_errf(err, errlen,
					"path %s: %s: bad number \"%s\"", verb,
					w, argv[i + 1]);
		if (has == &has_m)
			c->master = (uint32_t)v;
		else
			c->dst = (uint32_t)v;
	}
	if (!has_m || !has_d)
		return rcf_errf(err, errlen, "path %s needs \"master N dst N\"",
				verb);
	return 0;
}

/* del's own options, taken out of argv; the rest is the object's */
static int del_options(int *argc, char **argv, struct rcf_path_cmd *c,
		       char *err, size_t errlen)
{
	int n = 0, has_timeout = 0;

	for (int i = 0; i < *argc; i++) {
		uint64_t v;

		if (!strcmp(argv[i], "--no-wait")) {
			c->no_wait = 1;
			continue;
		}
		if (strcmp(argv[i], "--wait-timeout")) {
			argv[n++] = argv[i];
			continue;
		}
		if (i + 1 >= *argc ||
		    rcf_parse_num(argv[i + 1], UINT32_MAX, &v) || !v)
			return rcf_errf(err, errlen,
					"path del: --wait-timeout needs "
					"milliseconds, 1 or more");
		c->wait_ms = (uint32_t)v;
		has_timeout = 1;
		i++;
	}
	if (c->no_wait && has_timeout)
		return rcf_errf(err, errlen,
				"path del: --no-wait does not wait; "
				"--wait-timeout is for the wait");
	*argc = n;
	return 0;
}

int rcf_path_parse_args(int argc, char **argv, struct rcf_path_cmd *c,
			char *err, size_t errlen)
{
	const char *w = argc ? argv[0] : "show";
	char *rest[RCF_ROUTE_MAX_HOPS + 16];
	int nrest = argc ? argc - 1 : 0;
	uint64_t id;

	memset(c, 0, sizeof(*c));
	c->wait_ms = RCF_PATH_WAIT_DEF_MS;
	if (nrest > (int)(sizeof(rest) / sizeof(rest[0])))
		return rcf_errf(err, errlen, "path: too many words");
	for (int i = 0; i < nrest; i++)
		rest[i] = argv[i + 1];
	if (!strcmp(w, "--help") || !strcmp(w, "-h") || matches(w, "help")) {
		c->verb = RCF_PV_HELP;
		return 1;
	}
	/* help at every level: "path del --help", "path add help" */
	for (int i = 0; i < nrest; i++) {
		if (!strcmp(rest[i], "--help") || !strcmp(rest[i], "-h") ||
		    (!i && !strcmp(rest[i], "help"))) {
			c->verb = RCF_PV_HELP;
			return 1;
		}
	}
	if (matches(w, "show") || matches(w, "list") || matches(w, "get")) {
		c->verb = RCF_PV_SHOW;
		return object_op("show", nrest, rest, &c->op, err, errlen);
	}
	if (matches(w, "add") || matches(w, "new")) {
		c->verb = RCF_PV_ADD;
		return object_op("add", nrest, rest, &c->op, err, errlen);
	}
	if (matches(w, "set")) {
		c->verb = RCF_PV_SET;
		return object_op("set", nrest, rest, &c->op, err, errlen);
	}
	if (matches(w, "delete") || matches(w, "del")) {
		c->verb = RCF_PV_DEL;
		if (del_options(&nrest, rest, c, err, errlen))
			return -1;
		return object_op("del", nrest, rest, &c->op, err, errlen);
	}
	if (matches(w, "recall")) {
		c->verb = RCF_PV_RECALL;
		if (nrest != 1 || rcf_parse_num(rest[0], UINT32_MAX, &id))
			return rcf_errf(err, errlen,
					"path recall needs an id, "
					"alone");
		c->op.cmd = RCF_CMD_PATH_SET;
		rcf_obj_init(&c->op.o, RCF_K_PATH);
		rcf_set(&c->op.o, RCF_A_PATH_ID, id);
		rcf_set(&c->op.o, RCF_A_PATH_STATE, RCF_PATH_RECALL);
		return 0;
	}
	if (matches(w, "request")) {
		c->verb = RCF_PV_REQUEST;
		return parse_pair("request", nrest, rest, c, err, errlen);
	}
	if (matches(w, "fail")) {
		c->verb = RCF_PV_FAIL;
		c->error = RCF_PATH_FAIL_DEF_ERRNO;
		return parse_pair("fail", nrest, rest, c, err, errlen);
	}
	return rcf_errf(err, errlen, "path: unknown command \"%s\"", w);
}
