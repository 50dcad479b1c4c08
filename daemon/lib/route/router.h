/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The routers: each algorithm that computes a route set is one struct
 * rcf_router in a file of its own, listed once in routers.c.  rcfctl,
 * rcfd and rcfsim know routers only through this interface, so adding a
 * router is adding its file and its registry line (Documentation/
 * routing.rst, "Adding a router").
 */
#ifndef RCF_ROUTER_H
#define RCF_ROUTER_H

#include <stdio.h>

#include "route/route.h"

#define RCF_ROUTER_MAX_OPTS 8

enum rcf_ropt_kind {
	RCF_ROPT_NUM,	 /* decimal, min .. max */
	RCF_ROPT_FLAG,	 /* given or not: 1 or 0, takes no value */
	RCF_ROPT_ROUTER, /* "random" (0) or a router of every pair (1 + i) */
};

/*
 * One option: `key value` in words (rcfd.conf's routing.options),
 * --key value on rcfctl's command line.  Options of the same key mean
 * the same thing in every router that has them.
 */
struct rcf_router_opt {
	const char *key;
	const char *arg; /* the value, for help ("N"); NULL for a flag */
	const char *help;
	enum rcf_ropt_kind kind;
	uint64_t min, max, def;
};

struct rcf_nig;

/* what a router reports when it minimises Eq. 1 over a NIG */
struct rcf_adaptive_result {
	uint64_t cost0, cost; /* Eq. 1 before and after */
	uint32_t flow0, flow; /* the most loaded link, before and after */
	size_t iterations;    /* passes over the NIG */
	size_t candidates;    /* routes considered, all arcs */
};

/* everything a computation reads besides the router's options */
struct rcf_route_in {
	const struct rcf_graph *g;
	const struct rcf_nig *nig; /* traffic, for routers that use it */
	/* the routes of the router being refined, already computed (sorted),
	 * or NULL to compute them; saves work when one graph is routed many
	 * times (the evaluation) */
	const struct rcf_routes *base;
	struct rcf_adaptive_result *result; /* filled in when not NULL */
	/* called now and then with sources done of total; may be NULL */
	void (*progress)(size_t done, size_t total, void *arg);
	void *arg;
	/*
	 * May be NULL.  Routers that compute source by source, in ascending
	 * order, call it with s after each source's routes: it may take
	 * them (rcf_routes_clear()), so that a caller writing them out
	 * need not hold the whole set; non-zero stops the computation,
	 * which then fails with err as emit left it.
	 */
	int (*emit)(struct rcf_routes *s, void *arg, char *err, size_t errlen);
	void *emit_arg;
};

/* the options' values, by index in the router's table */
struct rcf_route_conf {
	const struct rcf_router *r;
	uint64_t v[RCF_ROUTER_MAX_OPTS];
};

enum {
	RCF_ROUTER_NIG = 1,	  /* reads in->nig when given */
	RCF_ROUTER_NEEDS_NIG = 2, /* refuses to run without one */
	RCF_ROUTER_NIG_PAIRS = 4, /* routes only the NIG's pairs */
	RCF_ROUTER_REPORTS = 8,	  /* fills in->result */
};

struct rcf_router {
	const char *name;
	const char *help; /* one line */
	const struct rcf_router_opt *opts;
	unsigned int nopts, flags;
	/* what to suggest when its routes do not walk the fabric */
	const char *walk_hint;
	/*
	 * Appends the routes to s in any order: every pair it can route
	 * (only the NIG's pairs with RCF_ROUTER_NIG_PAIRS), indices from 0,
	 * hops that walk in->g.  0, or -1 with a reason in err.  Must not
	 * keep state between calls: the same inputs give the same routes.
	 */
	int (*compute)(const struct rcf_route_in *in,
		       const struct rcf_route_conf *c, struct rcf_routes *s,
		       char *err, size_t errlen);
};

/* routers.c: the registry, NULL-terminated */
extern const struct rcf_router *const rcf_routers[];

/* router.c */
const struct rcf_router *rcf_router_find(const char *name);
/* "sp1, shortest, ... or adaptive", for messages */
void rcf_router_names(char *buf, size_t len);
/* the router a RCF_ROPT_ROUTER value names, NULL for "random" */
const struct rcf_router *rcf_router_of(uint64_t v);
const struct rcf_router_opt *rcf_router_opt(const struct rcf_router *r,
					    const char *key, int *idx);

void rcf_route_conf_init(struct rcf_route_conf *c, const struct rcf_router *r);
/*
 * Sets option key from val (NULL for a flag); 0, or -1 with why in err
 * (an option r lacks, a value out of range, not a number).
 */
int rcf_route_conf_set(struct rcf_route_conf *c, const char *key,
		       const char *val, char *err, size_t errlen);
/* the same from a number (checked against the option's range) */
int rcf_route_conf_setv(struct rcf_route_conf *c, const char *key, uint64_t v,
			char *err, size_t errlen);
/* `key value` words ("paths 2 relay"), every one checked */
int rcf_route_conf_parse(struct rcf_route_conf *c, const char *words, char *err,
			 size_t errlen);
/* an option's value by key, or def when c's router lacks it */
uint64_t rcf_route_conf_get(const struct rcf_route_conf *c, const char *key,
			    uint64_t def);
/* the options c and base have in common copied into base */
void rcf_route_conf_pass(const struct rcf_route_conf *c,
			 struct rcf_route_conf *base);
/* `key value` words of c's options that differ from the defaults */
void rcf_route_conf_str(const struct rcf_route_conf *c, char *buf, size_t len);
/* r's options, one line each ("  --paths N  ... (default 1)") */
void rcf_router_help(FILE *f, const struct rcf_router *r, const char *dash);

/* Computes c's route set, sorted; 0, or -1 with a reason in err. */
int rcf_route_compute(const struct rcf_route_in *in,
		      const struct rcf_route_conf *c, struct rcf_routes *s,
		      char *err, size_t errlen);

#endif
