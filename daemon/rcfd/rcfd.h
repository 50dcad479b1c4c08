/* SPDX-License-Identifier: GPL-2.0 */
/* rcfd's pieces: options, config, log, control server, kernel events. */
#ifndef RCFD_H
#define RCFD_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <time.h>

#include "nl/nl.h"
#include "obj/rcf_obj.h"
#include "route/router.h"
#include "paths.h"
#include "reconf.h"

#define RCFD_VERSION	 "0.1"
#define RCFD_DEF_CONFIG	 "/etc/rcf/rcfd.conf"
#define RCFD_DEF_PIDFILE "/run/rcfd.pid"
#define RCFD_SOCK_MAX	 108 /* sizeof(sun_path) */

/* log.c */
enum rcfd_level { RCFD_ERR, RCFD_WARN, RCFD_INFO, RCFD_DEBUG };

int rcfd_level_parse(const char *s, enum rcfd_level *out);
const char *rcfd_level_name(enum rcfd_level l);
void rcfd_log_set_level(enum rcfd_level l);
enum rcfd_level rcfd_log_level(void);
/* 0: stderr, 1: syslog (daemon facility) */
void rcfd_log_to_syslog(int on);
void rcfd_log(enum rcfd_level l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* config.c */
struct rcfd_config {
	enum rcfd_level log_level;
	char socket[RCFD_SOCK_MAX];
	char pidfile[PATH_MAX];
	/* routing policy (routing.c) */
	struct rcf_route_conf route; /* route.r NULL: no algorithm */
	char route_opts[256];	     /* routing.options, as written */
	int manage;		     /* compute and install routes at all */
	int recompute_on_link_change;
	unsigned int debounce_ms; /* events closer than this are one change */
	int force;		  /* install a cyclic set */
	/* relation policy (relation.c); relation "": none */
	char relation[16];     /* routing.relation */
	char relation_gen[64]; /* routing.relation_gen */
	int relation_select;   /* routing.relation_select; -1: unchanged */
	struct rcfd_reconf_conf reconf; /* [reconfig] (reconf*.c) */
	struct rcfd_paths_conf paths;	/* [paths] (paths*.c) */
};

#define RCFD_DEF_DEBOUNCE_MS 50
#define RCFD_MAX_DEBOUNCE_MS 10000

void rcfd_config_defaults(struct rcfd_config *c);
/* routing.algorithm's router, or "none" */
const char *rcfd_algo_name(const struct rcfd_config *c);
/*
 * Parses text (len bytes) read from name into *c, which must hold the
 * defaults first.  0, or -1 with "name:line: why" in err.  *c is written
 * only on success.
 */
int rcfd_config_parse(const char *name, const char *text, size_t len,
		      struct rcfd_config *c, char *err, size_t errlen);
/*
 * Reads path into *c (defaults first).  0: read; 1: the file does not
 * exist, *c holds the defaults; -1: unreadable or bad, err says where,
 * and *c is left as it was, which is how a reload keeps the old config.
 */
int rcfd_config_load(const char *path, struct rcfd_config *c, char *err,
		     size_t errlen);

/* relation_conf.c: the relation policy's keys */
/* routing.relation_select's word, or "unchanged" (-1: left as it is) */
const char *rcfd_select_name(int select);
/* key is one of the three routing.relation* keys; 0, or -1 with why */
int rcfd_relation_conf_set(struct rcfd_config *c, const char *key,
			   const char *v, char *why, size_t whylen);
/* the lines the keys were first given on, for their errors */
struct rcfd_rel_lines {
	unsigned int relation, gen, select;
};

/* called after each line: notes the keys c has gained by lineno */
void rcfd_relation_conf_lines(struct rcfd_rel_lines *rl,
			      const struct rcfd_config *c, unsigned int lineno);
/* the keys together, once the file is read: 0, or -1 "name:line: why" */
int rcfd_relation_conf_check(const char *name, const struct rcfd_config *c,
			     const struct rcfd_rel_lines *rl, char *err,
			     size_t errlen);

/* opts.c */
struct rcfd_opts {
	int foreground;
	int check_config;
	int log_target; /* -1: by foreground, 0: stderr, 1: syslog */
	const char *config;
	const char *pidfile; /* NULL: from the config */
	const char *socket;
	int has_level;
	enum rcfd_level level;
};

/* 0: run; 1: done (help or version printed), exit 0; -1: err, exit 1 */
int rcfd_parse_args(int argc, char **argv, struct rcfd_opts *o, char *err,
		    size_t errlen);
void rcfd_usage(FILE *f);
/* the config with the command line's overrides applied */
void rcfd_apply_opts(const struct rcfd_opts *o, struct rcfd_config *c);

/* events.c: the kernel's events group and what was seen on it */
struct rcfd_events {
	struct rcf_nl nl; /* its own socket: requests never see events */
	int fd;
	uint64_t total;
	uint64_t lost;
	uint64_t link_state_changes;
	uint64_t by_type[RCF_K_NR][4]; /* [kind][verb] */
	uint8_t *link_state;	       /* RCF_MAX_LINKS: 0 unknown, 1 + state */
	/*
	 * for the routing and relation policies, each of which keeps the
	 * counts it has answered: links changed, times events were lost
	 */
	uint64_t link_changes, resyncs;
	/* for the reconfig policy: the daemon, or NULL (tests) */
	struct rcfd *d;
	uint64_t thresholds, epochs;
	uint64_t path_requests, path_returns;
};

int rcfd_events_open(struct rcfd_events *ev, char *err, size_t errlen);
/* reads what is queued; never blocks */
void rcfd_events_read(struct rcfd_events *ev);
void rcfd_events_close(struct rcfd_events *ev);

/* policy.c: one recompute, without netlink (tested natively) */
struct rcf_topo;
struct rcf_route_plan;

/*
 * Builds the routing graph of t (only its up links), and makes the plan
 * of c's router against t's routes (lib/route/plan.h).  0, or -1 with the
 * reason in err (p then holds nothing to free).
 */
int rcfd_plan_make(const struct rcfd_config *c, const struct rcf_topo *t,
		   struct rcf_route_plan *p, char *err, size_t errlen);
/*
 * The same with the NIG a router that reads one gets (the kernel's
 * measured C_ij, sorted by (src, dst), rcf_nig_sort); for sp1-adaptive
 * that is SP1 routes for every pair, then the pairs of nig re-routed from
 * them.  nig NULL or empty: no traffic.
 */
struct rcf_nig;
int rcfd_plan_make_nig(const struct rcfd_config *c, const struct rcf_topo *t,
		       const struct rcf_nig *nig, struct rcf_route_plan *p,
		       char *err, size_t errlen);

/*
 * The links of t whose state differs from prev (RCF_MAX_LINKS entries,
 * 0 absent, 1 + state), named into down/up/gone/added ("3 7"), counted,
 * and prev updated to t.
 */
struct rcfd_link_delta {
	size_t down, up, gone, added;
	char down_ids[128], up_ids[128];
};
void rcfd_link_delta(uint8_t *prev, const struct rcf_topo *t,
		     struct rcfd_link_delta *ld);
/* id appended to buf's list ("3 7"), cut with "..." when full */
void rcfd_add_id(char *buf, size_t len, uint32_t id);

/* routing.c: the routing policy in the daemon */
struct rcfd_route_run {
	time_t at;
	char trigger[160];
	char result[32]; /* installed, unchanged, refused, failed */
	char error[1200];
	unsigned int ms, compute_ms, install_ms;
	size_t routes, added, changed, removed, pairs_lost, unreachable;
	struct rcfd_link_delta links;
};

struct rcfd_routing {
	int pending;
	uint64_t links_seen, resyncs_seen; /* the events' counts answered */
	double due;			   /* CLOCK_MONOTONIC seconds */
	char trigger[160];
	uint8_t *state; /* link states at the last run */
	uint64_t runs, installs, refusals, failures;
	struct rcfd_route_run last;
};

struct rcfd;
int rcfd_routing_init(struct rcfd *d);
void rcfd_routing_free(struct rcfd *d);
/*
 * debounce.c: a run is due debounce_ms from the first ask (*pending set,
 * *due its time); every why that asked is added to trigger, once
 */
void rcfd_debounce(int *pending, double *due, char *trigger, size_t len,
		   int debounce_ms, const char *why);

/* a recompute is due after the debounce; why goes to the log */
void rcfd_routing_kick(struct rcfd *d, const char *why);
/* poll timeout in ms until the pending run, -1 when none */
int rcfd_routing_timeout(const struct rcfd *d);
/* runs the pending recompute when its time has come */
void rcfd_routing_poll(struct rcfd *d);
/* its block of status: settings, counts and the last run */
struct out;
void rcfd_routing_status(const struct rcfd *d, struct out *o);

/* relation.c: the relation kept round the links that are down */
struct rcfd_rel_run {
	time_t at;
	char trigger[160];
	char result[16]; /* installed, unchanged, failed */
	char error[1200];
	size_t down; /* links between switches down */
	char down_ids[128];
	size_t entries;
	long switches;
	int vcs;
	unsigned int ms;
};

struct rcfd_relation {
	int pending;
	double due; /* CLOCK_MONOTONIC seconds */
	char trigger[160];
	uint64_t links_seen, resyncs_seen; /* the events' counts answered */
	/* what the kernel holds since the last start: round down[] */
	int installed;
	uint32_t *down;
	size_t ndown, nlinks, entries;
	uint64_t runs, installs, unchanged, failures;
	struct rcfd_rel_run last;
};

/* an install is due after the debounce (none without routing.relation) */
void rcfd_relation_start(struct rcfd *d, const char *why);
long rcfd_relation_timeout_us(const struct rcfd *d);
/* answers link changes; installs when the time has come */
void rcfd_relation_run(struct rcfd *d);
void rcfd_relation_free(struct rcfd *d);
/* its block of status: keys, counts, what the kernel holds, last run */
void rcfd_relation_status(const struct rcfd *d, struct out *o);

/* reconf.c: the García-Duato reconfig policy */
#define RCFD_RECONF_LOG 32 /* decisions kept for reconfig show */

struct rcfd_reconf_dec {
	time_t at;
	uint32_t node, a, b, ties;
	uint64_t before, after, epoch_ns;
	char result[16]; /* swapped, refused */
};

struct rcfd_reconf {
	int running;
	char why[1024]; /* why not running */
	char path[256]; /* the mapping's state file */
	struct rcf_sn_state sn;
	struct gd_state gd;
	uint32_t n;
	/* the system controller's queue of nodes to evaluate (§2.2) */
	uint32_t *queue, qhead, qlen;
	uint8_t *queued;
	uint64_t *sent, *recv; /* scratch: one node's counters */
	uint64_t events, evaluations, changes, refusals, epochs;
	uint64_t last_epoch_ns;
	struct rcfd_reconf_dec log[RCFD_RECONF_LOG];
	uint64_t nlog;
};

/* (re)starts from the config: reads and checks the stored mapping */
void rcfd_reconf_start(struct rcfd *d);
void rcfd_reconf_free(struct rcfd *d);
/* events: queue node; note an epoch's total time */
void rcfd_reconf_threshold(struct rcfd *d, uint32_t node, uint64_t sent,
			   uint64_t recv);
void rcfd_reconf_epoch(struct rcfd *d, uint64_t ns, uint32_t error);
/* evaluates the queued nodes, one epoch at a time */
void rcfd_reconf_run(struct rcfd *d);
/* reconf_show.c: status reconfig */
struct out;
void rcfd_reconf_show(const struct rcfd *d, struct out *o);

/*
 * policies.c: what the main loop does with each policy.  start runs at
 * startup and again at every reload (why goes to the log); timeout_us
 * is how long until it wants to run, -1 for never; run does what is
 * due; stop at shutdown, in reverse order.  event gets every event the
 * reader decoded (events.c) and takes those it acts on; status writes
 * the policy's block of rcfctl daemon status, show the whole report of
 * status NAME (ctl.c); either may be NULL.
 */
struct out;
struct rcfd_policy {
	const char *name;
	void (*start)(struct rcfd *d, const char *why);
	long (*timeout_us)(const struct rcfd *d);
	void (*run)(struct rcfd *d);
	void (*stop)(struct rcfd *d);
	void (*event)(struct rcfd *d, const struct rcf_nl_event *e);
	void (*status)(const struct rcfd *d, struct out *o);
	void (*show)(const struct rcfd *d, struct out *o);
};

extern const struct rcfd_policy rcfd_policies[];
extern const size_t rcfd_npolicies;

/* main.c: the daemon's state, shared with the control server */
struct rcfd {
	struct rcfd_opts opts;
	struct rcfd_config cfg;
	int cfg_missing;
	time_t started;
	uint64_t reloads, reload_failures;
	char last_reload_err[512];
	struct rcf_nl nl; /* requests: fabric counts for status */
	unsigned int family_version;
	struct rcfd_events ev;
	struct rcfd_routing routing;
	struct rcfd_relation rel;
	struct rcfd_reconf reconf;
	struct rcfd_paths paths;
	int stop;
};

/* re-reads the config; a bad one is logged and the old one kept */
int rcfd_reload(struct rcfd *d, char *err, size_t errlen);

/* ctl.c: the control socket */
int rcfd_ctl_listen(const char *path, char *err, size_t errlen);
/* handles one packet from a client; -1 when the client should go */
int rcfd_ctl_serve(struct rcfd *d, int fd);

/* proc.c: privilege, pidfile, detaching */
int rcfd_check_privilege(char *err, size_t errlen);
/* opens and locks path; fd or -1 (err names the holder's pid) */
int rcfd_pidfile_lock(const char *path, char *err, size_t errlen);
int rcfd_pidfile_write(int fd);
/* forks into the background; returns in the daemon, with the write end
 * of a pipe in *notify that rcfd_detach_done() closes to release the
 * waiting parent, which exits 0 or with the status written
 */
int rcfd_detach(int keep_stderr, int *notify);
void rcfd_detach_done(int notify, int status);

#endif
