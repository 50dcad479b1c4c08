// SPDX-License-Identifier: GPL-2.0
/*
 * What every router shares: lookup in the registry, its options parsed
 * and checked one way for rcfctl's command line and rcfd.conf, and the
 * computation's entry point.
 */
#include <stdio.h>
#include <string.h>

#include "route/router.h"
#include "util/errf.h"
#include "util/num.h"

const struct rcf_router *rcf_router_find(const char *name)
{
	for (size_t i = 0; rcf_routers[i]; i++)
		if (!strcmp(rcf_routers[i]->name, name))
			return rcf_routers[i];
	return NULL;
}

void rcf_router_names(char *buf, size_t len)
{
	size_t at = 0, n = 0;

	while (rcf_routers[n])
		n++;
	buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += snprintf(buf + at, len - at, "%s%s",
			       !i	    ? ""
			       : i + 1 == n ? " or "
					    : ", ",
			       rcf_routers[i]->name);
}

const struct rcf_router *rcf_router_of(uint64_t v)
{
	size_t n = 0;

	while (rcf_routers[n])
		n++;
	return v && v <= n ? rcf_routers[v - 1] : NULL;
}

const struct rcf_router_opt *rcf_router_opt(const struct rcf_router *r,
					    const char *key, int *idx)
{
	for (unsigned int i = 0; r && i < r->nopts; i++)
		if (!strcmp(r->opts[i].key, key)) {
			if (idx)
				*idx = (int)i;
			return &r->opts[i];
		}
	return NULL;
}

void rcf_route_conf_init(struct rcf_route_conf *c, const struct rcf_router *r)
{
	memset(c, 0, sizeof(*c));
	c->r = r;
	for (unsigned int i = 0; r && i < r->nopts; i++)
		c->v[i] = r->opts[i].def;
}

/* the value an option's text means, checked */
static int opt_value(const struct rcf_route_conf *c,
		     const struct rcf_router_opt *o, const char *val,
		     uint64_t *v, char *err, size_t errlen)
{
	const struct rcf_router *b;
	int rc;

	if (o->kind == RCF_ROPT_FLAG) {
		*v = 1;
		return 0;
	}
	if (!val)
		return rcf_errf(err, errlen, "%s wants %s", o->key, o->arg);
	if (o->kind == RCF_ROPT_ROUTER) {
		if (!strcmp(val, "random")) {
			*v = 0;
			return 0;
		}
		b = rcf_router_find(val);
		if (!b || b == c->r || (b->flags & RCF_ROUTER_NEEDS_NIG))
			return rcf_errf(err, errlen,
					"%s wants random or a router of every "
					"pair (not %s), not \"%s\"",
					o->key, c->r->name, val);
		for (*v = 1; rcf_routers[*v - 1] != b; (*v)++)
			;
		return 0;
	}
	rc = rcf_num_u64(val, o->min, o->max, v);
	if (rc)
		return rcf_errf(
			err, errlen, "%s wants %llu to %llu, not \"%s\": %s",
			o->key, (unsigned long long)o->min,
			(unsigned long long)o->max, val, rcf_num_why(rc));
	return 0;
}

static int no_such(const struct rcf_route_conf *c, const char *key, char *err,
		   size_t errlen)
{
	size_t at;

	at = snprintf(err, errlen, "%s takes no option %s (", c->r->name, key);
	for (unsigned int i = 0; at < errlen && i < c->r->nopts; i++)
		at += snprintf(err + at, errlen - at, "%s%s",
			       i ? ", " : "its options: ", c->r->opts[i].key);
	if (at < errlen)
		snprintf(err + at, errlen - at, "%s)",
			 c->r->nopts ? "" : "it has none");
	return -1;
}

int rcf_route_conf_set(struct rcf_route_conf *c, const char *key,
		       const char *val, char *err, size_t errlen)
{
	int i;
	const struct rcf_router_opt *o = rcf_router_opt(c->r, key, &i);

	if (!o)
		return no_such(c, key, err, errlen);
	return opt_value(c, o, val, &c->v[i], err, errlen);
}

int rcf_route_conf_setv(struct rcf_route_conf *c, const char *key, uint64_t v,
			char *err, size_t errlen)
{
	int i;
	const struct rcf_router_opt *o = rcf_router_opt(c->r, key, &i);

	if (!o)
		return no_such(c, key, err, errlen);
	if (v < o->min || v > o->max)
		return rcf_errf(err, errlen, "%s wants %llu to %llu", key,
				(unsigned long long)o->min,
				(unsigned long long)o->max);
	c->v[i] = v;
	return 0;
}

int rcf_route_conf_parse(struct rcf_route_conf *c, const char *words, char *err,
			 size_t errlen)
{
	char key[64], val[64];
	const char *p = words;

	for (;;) {
		const struct rcf_router_opt *o;
		size_t n;

		p += strspn(p, " \t");
		if (!*p)
			return 0;
		n = strcspn(p, " \t");
		if (n >= sizeof(key))
			return rcf_errf(err, errlen, "\"%.20s...\": too long",
					p);
		memcpy(key, p, n);
		key[n] = '\0';
		p += n;
		o = rcf_router_opt(c->r, key, NULL);
		if (!o)
			return no_such(c, key, err, errlen);
		if (o->kind == RCF_ROPT_FLAG) {
			if (rcf_route_conf_set(c, key, NULL, err, errlen))
				return -1;
			continue;
		}
		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (!n)
			return rcf_errf(err, errlen, "%s wants %s", key,
					o->arg);
		if (n >= sizeof(val))
			return rcf_errf(err, errlen, "%s: value too long", key);
		memcpy(val, p, n);
		val[n] = '\0';
		p += n;
		if (rcf_route_conf_set(c, key, val, err, errlen))
			return -1;
	}
}

uint64_t rcf_route_conf_get(const struct rcf_route_conf *c, const char *key,
			    uint64_t def)
{
	int i;

	return rcf_router_opt(c->r, key, &i) ? c->v[i] : def;
}

void rcf_route_conf_pass(const struct rcf_route_conf *c,
			 struct rcf_route_conf *base)
{
	for (unsigned int i = 0; i < base->r->nopts; i++) {
		int j;

		if (rcf_router_opt(c->r, base->r->opts[i].key, &j))
			base->v[i] = c->v[j];
	}
}

void rcf_route_conf_str(const struct rcf_route_conf *c, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < c->r->nopts && at < len; i++) {
		const struct rcf_router_opt *o = &c->r->opts[i];
		const struct rcf_router *b = rcf_router_of(c->v[i]);

		if (c->v[i] == o->def)
			continue;
		if (o->kind == RCF_ROPT_FLAG)
			at += snprintf(buf + at, len - at, "%s%s",
				       at ? " " : "", o->key);
		else if (o->kind == RCF_ROPT_ROUTER)
			at += snprintf(buf + at, len - at, "%s%s %s",
				       at ? " " : "", o->key,
				       b ? b->name : "random");
		else
			at += snprintf(buf + at, len - at, "%s%s %llu",
				       at ? " " : "", o->key,
				       (unsigned long long)c->v[i]);
	}
}

void rcf_router_help(FILE *f, const struct rcf_router *r, const char *dash)
{
	for (unsigned int i = 0; i < r->nopts; i++) {
		const struct rcf_router_opt *o = &r->opts[i];
		const struct rcf_router *b = rcf_router_of(o->def);
		char opt[48];

		snprintf(opt, sizeof(opt), "%s%s%s%s", dash, o->key,
			 o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(f, "    %-22s %s", opt, o->help);
		if (o->kind == RCF_ROPT_NUM && o->max == UINT64_MAX)
			fprintf(f, " (%llu)", (unsigned long long)o->def);
		else if (o->kind == RCF_ROPT_NUM)
			fprintf(f, ", %llu to %llu (%llu)",
				(unsigned long long)o->min,
				(unsigned long long)o->max,
				(unsigned long long)o->def);
		else if (o->kind == RCF_ROPT_ROUTER)
			fprintf(f, " (%s)", b ? b->name : "random");
		fputc('\n', f);
	}
}

int rcf_route_compute(const struct rcf_route_in *in,
		      const struct rcf_route_conf *c, struct rcf_routes *s,
		      char *err, size_t errlen)
{
	if (c->r->compute(in, c, s, err, errlen))
		return -1;
	if (rcf_routes_sort(s)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}
