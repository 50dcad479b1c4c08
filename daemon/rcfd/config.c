// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd.conf: "key = value" lines, "#" comments, optional [section]
 * headers that prefix the keys after them ("[routing]" then "algorithm"
 * is "routing.algorithm").  Documentation/rcfd.conf.5.  Anything not
 * understood is an error naming file and line: a daemon that guesses
 * at its config is worse than one that refuses to start.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl/ctl_proto.h"
#include "util/num.h"
#include "rcfd.h"

/* a config larger than this is surely not a config */
#define CONF_MAX_BYTES (1 << 20)
#define CONF_LINE_MAX  1024

void rcfd_config_defaults(struct rcfd_config *c)
{
	memset(c, 0, sizeof(*c));
	c->log_level = RCFD_INFO;
	snprintf(c->socket, sizeof(c->socket), "%s", CTL_DEF_SOCKET);
	snprintf(c->pidfile, sizeof(c->pidfile), "%s", RCFD_DEF_PIDFILE);
	rcf_route_conf_init(&c->route, NULL);
	c->manage = 0;
	c->recompute_on_link_change = 1;
	c->debounce_ms = RCFD_DEF_DEBOUNCE_MS;
	c->force = 0;
	c->relation_select = -1;
	rcfd_reconf_conf_defaults(&c->reconf);
	rcfd_paths_conf_defaults(&c->paths);
}

const char *rcfd_algo_name(const struct rcfd_config *c)
{
	return c->route.r ? c->route.r->name : "none";
}

/*
 * routing.algorithm: a router of the registry that routes every pair, or
 * none.  "adaptive" is read as sp1-adaptive, its name before rcfctl and
 * rcfd shared their routers (rcfctl's adaptive routes a NIG's pairs only).
 */
static int set_router(struct rcfd_config *c, const char *v, char *why,
		      size_t whylen)
{
	const struct rcf_router *r =
		rcf_router_find(strcmp(v, "adaptive") ? v : "sp1-adaptive");
	char names[128];

	if (!strcmp(v, "none") || (r && !(r->flags & RCF_ROUTER_NIG_PAIRS))) {
		rcf_route_conf_init(&c->route, r);
		return 0;
	}
	rcf_router_names(names, sizeof(names));
	snprintf(why, whylen,
		 "routing.algorithm \"%.40s\": want none or a router of "
		 "every pair: %s",
		 v, names);
	return -1;
}

static int parse_bool(const char *v, int *out)
{
	static const char *const yes[] = {"yes", "true", "on", "1"};
	static const char *const no[] = {"no", "false", "off", "0"};
	unsigned int i;

	for (i = 0; i < 4; i++) {
		if (!strcmp(v, yes[i])) {
			*out = 1;
			return 0;
		}
		if (!strcmp(v, no[i])) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

static int parse_path(const char *v, char *out, size_t cap, char *why,
		      size_t whylen)
{
	if (v[0] != '/') {
		snprintf(why, whylen, "\"%s\" is not an absolute path", v);
		return -1;
	}
	if (strlen(v) >= cap) {
		snprintf(why, whylen, "path longer than %zu bytes", cap - 1);
		return -1;
	}
	strcpy(out, v);
	return 0;
}

enum key_id {
	K_LOG_LEVEL,
	K_SOCKET,
	K_PIDFILE,
	K_ALGO,
	K_RECOMPUTE,
	K_FORCE,
	K_MANAGE,
	K_DEBOUNCE,
	K_OPTIONS,
	K_RELATION,
	K_RELATION_GEN,
	K_RELATION_SELECT,
	K_NR
};

/*
 * Bits 0 .. 31 of parse_line's seen; [reconfig]'s keys take 32 .. 47,
 * [paths]' 48 .. 63.
 */
_Static_assert(K_NR <= 32, "too many keys for the seen mask");

static const char *const keys[K_NR] = {
	[K_LOG_LEVEL] = "log_level",
	[K_SOCKET] = "socket",
	[K_PIDFILE] = "pidfile",
	[K_ALGO] = "routing.algorithm",
	[K_RECOMPUTE] = "routing.recompute_on_link_change",
	[K_FORCE] = "routing.force",
	[K_MANAGE] = "routing.manage",
	[K_DEBOUNCE] = "routing.debounce_ms",
	[K_OPTIONS] = "routing.options",
	[K_RELATION] = "routing.relation",
	[K_RELATION_GEN] = "routing.relation_gen",
	[K_RELATION_SELECT] = "routing.relation_select",
};

static int set_key(struct rcfd_config *c, enum key_id k, const char *v,
		   char *why, size_t whylen)
{
	switch (k) {
	case K_LOG_LEVEL:
		if (!rcfd_level_parse(v, &c->log_level))
			return 0;
		snprintf(why, whylen,
			 "log_level \"%s\": want err, warn, info "
			 "or debug",
			 v);
		return -1;
	case K_SOCKET:
		return parse_path(v, c->socket, sizeof(c->socket), why, whylen);
	case K_PIDFILE:
		return parse_path(v, c->pidfile, sizeof(c->pidfile), why,
				  whylen);
	case K_ALGO:
		return set_router(c, v, why, whylen);
	case K_OPTIONS:
		if (strlen(v) >= sizeof(c->route_opts)) {
			snprintf(why, whylen, "routing.options: too long");
			return -1;
		}
		strcpy(c->route_opts, v);
		return 0;
	case K_RELATION:
	case K_RELATION_GEN:
	case K_RELATION_SELECT:
		return rcfd_relation_conf_set(c, keys[k], v, why, whylen);
	case K_RECOMPUTE:
	case K_FORCE:
	case K_MANAGE:
		if (!parse_bool(v, k == K_FORCE ? &c->force
				   : k == K_MANAGE
					   ? &c->manage
					   : &c->recompute_on_link_change))
			return 0;
		snprintf(why, whylen, "%s \"%s\": want yes or no", keys[k], v);
		return -1;
	case K_DEBOUNCE: {
		uint32_t ms;

		if (rcf_num_u32(v, 0, RCFD_MAX_DEBOUNCE_MS, &ms)) {
			snprintf(why, whylen,
				 "routing.debounce_ms \"%.40s\": want 0 to %d",
				 v, RCFD_MAX_DEBOUNCE_MS);
			return -1;
		}
		c->debounce_ms = ms;
		return 0;
	}
	case K_NR:
		break;
	}
	return -1;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.')
			return 0;
	return 1;
}

/* one line, already without its comment; sect is the current section */
static int parse_line(char *line, char *sect, size_t sectlen,
		      struct rcfd_config *c, uint64_t *seen, char *why,
		      size_t whylen)
{
	char *s = trim(line), *eq, *k, *v, full[2 * CONF_LINE_MAX];
	unsigned int i;

	if (!*s)
		return 0;
	if (*s == '[') {
		size_t n = strlen(s);

		if (s[n - 1] != ']') {
			snprintf(why, whylen, "section header without ']'");
			return -1;
		}
		s[n - 1] = '\0';
		s = trim(s + 1);
		if (!valid_name(s) || strlen(s) >= sectlen) {
			snprintf(why, whylen, "bad section name \"%s\"", s);
			return -1;
		}
		strcpy(sect, s);
		return 0;
	}
	eq = strchr(s, '=');
	if (!eq) {
		snprintf(why, whylen, "expected \"key = value\", got \"%.80s\"",
			 s);
		return -1;
	}
	*eq = '\0';
	k = trim(s);
	v = trim(eq + 1);
	if (!valid_name(k)) {
		snprintf(why, whylen, "bad key \"%s\"", k);
		return -1;
	}
	if (!*v) {
		snprintf(why, whylen, "%s has no value", k);
		return -1;
	}
	if (*sect)
		snprintf(full, sizeof(full), "%s.%s", sect, k);
	else
		snprintf(full, sizeof(full), "%s", k);
	for (i = 0; i < K_NR; i++)
		if (!strcmp(full, keys[i]))
			break;
	if (i == K_NR && !strncmp(full, "reconfig.", 9)) {
		/* the section's keys take the bits above the main ones */
		int r = rcfd_reconf_conf_key(full + 9), rc;

		if (r >= 0 && (*seen & (1ULL << (32 + r)))) {
			snprintf(why, whylen, "%.100s given twice", full);
			return -1;
		}
		rc = rcfd_reconf_conf_set(&c->reconf, full + 9, v, why, whylen);
		if (rc <= 0) {
			if (!rc && r >= 0)
				*seen |= 1ULL << (32 + r);
			return rc;
		}
	}
	if (i == K_NR && !strncmp(full, "paths.", 6)) {
		int r = rcfd_paths_conf_key(full + 6), rc;

		if (r >= 0 && (*seen & (1ULL << (48 + r)))) {
			snprintf(why, whylen, "%.100s given twice", full);
			return -1;
		}
		rc = rcfd_paths_conf_set(&c->paths, full + 6, v, why, whylen);
		if (rc <= 0) {
			if (!rc && r >= 0)
				*seen |= 1ULL << (48 + r);
			return rc;
		}
	}
	if (i == K_NR) {
		snprintf(why, whylen, "unknown key \"%.100s\"", full);
		return -1;
	}
	if (*seen & (1ULL << i)) {
		snprintf(why, whylen, "%.100s given twice", full);
		return -1;
	}
	*seen |= 1ULL << i;
	return set_key(c, (enum key_id)i, v, why, whylen);
}

int rcfd_config_parse(const char *name, const char *text, size_t len,
		      struct rcfd_config *c, char *err, size_t errlen)
{
	struct rcfd_config n = *c;
	char line[CONF_LINE_MAX + 1], sect[64] = "", why[256];
	unsigned int lineno = 0, opts_line = 0;
	struct rcfd_rel_lines rl = {0};
	uint64_t seen = 0;
	size_t pos = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - (text + pos)) : len - pos;
		char *hash;

		lineno++;
		if (ll > CONF_LINE_MAX) {
			snprintf(err, errlen,
				 "%s:%u: line longer than %d "
				 "bytes",
				 name, lineno, CONF_LINE_MAX);
			return -1;
		}
		memcpy(line, text + pos, ll);
		line[ll] = '\0';
		pos += ll + 1;
		if (strlen(line) != ll) {
			snprintf(err, errlen, "%s:%u: NUL byte in line", name,
				 lineno);
			return -1;
		}
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		if (parse_line(line, sect, sizeof(sect), &n, &seen, why,
			       sizeof(why))) {
			snprintf(err, errlen, "%s:%u: %s", name, lineno, why);
			return -1;
		}
		if (*n.route_opts && !opts_line)
			opts_line = lineno;
		rcfd_relation_conf_lines(&rl, &n, lineno);
	}
	if (*n.route_opts && !n.route.r) {
		snprintf(err, errlen,
			 "%s:%u: routing.options needs a routing.algorithm",
			 name, opts_line);
		return -1;
	}
	if (n.route.r) {
		/* the options of the algorithm the whole file names */
		rcf_route_conf_init(&n.route, n.route.r);
		if (rcf_route_conf_parse(&n.route, n.route_opts, why,
					 sizeof(why))) {
			snprintf(err, errlen, "%s:%u: routing.options: %s",
				 name, opts_line, why);
			return -1;
		}
	}
	if (n.manage && !n.route.r) {
		snprintf(err, errlen,
			 "%s: routing.manage = yes needs a routing.algorithm",
			 name);
		return -1;
	}
	if (rcfd_relation_conf_check(name, &n, &rl, err, errlen))
		return -1;
	if (n.manage && n.paths.manage) {
		/* a switch input that routes read cannot carry a path */
		snprintf(err, errlen,
			 "%s: paths.manage = yes needs routing.manage = no: "
			 "the routes rcfd installs read route bytes at the "
			 "switch input of every node, which a path needs free",
			 name);
		return -1;
	}
	*c = n;
	return 0;
}

int rcfd_config_load(const char *path, struct rcfd_config *c, char *err,
		     size_t errlen)
{
	struct rcfd_config n;
	FILE *f = fopen(path, "r");
	char *buf;
	size_t len;
	int rc;

	if (!f && errno == ENOENT) {
		rcfd_config_defaults(c);
		return 1;
	}
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(CONF_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	len = fread(buf, 1, CONF_MAX_BYTES + 1, f);
	if (ferror(f) || len > CONF_MAX_BYTES) {
		snprintf(err, errlen, "%s: %s", path,
			 ferror(f) ? strerror(errno) : "larger than 1 MiB");
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	rcfd_config_defaults(&n);
	rc = rcfd_config_parse(path, buf, len, &n, err, errlen);
	free(buf);
	if (!rc)
		*c = n;
	return rc;
}
