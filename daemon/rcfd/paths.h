/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfd's path management: Wijnen's switch controllers (lib/swc/swc_*.c), one
 * per switch of the kernel's fabric, with rcf.ko as the processors' data
 * side (Documentation/switch-controllers.rst, "rcfd and rcf.ko").
 *
 * paths_conf.c   the [paths] section of rcfd.conf
 * paths_mirror.c the kernel's fabric as the model's switches,
 *                processors and lines, and back to fabric ports
 * paths_host.c   the model's hooks as kernel requests, kernel
 *                events into the model, the tick (no netlink:
 *                tested natively against a fake kernel)
 * paths.c        the daemon's side: netlink, events, the loop
 * paths_show.c   status over the control socket
 */
#ifndef RCFD_PATHS_H
#define RCFD_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "swc/swc.h"

/* rcfd.conf [paths] */
struct rcfd_paths_conf {
	int manage;	     /* run the controllers at all */
	uint32_t timeout_ms; /* the kernel's path request timeout, set */
	int erl;	     /* the controllers' external request link */
	uint32_t tick_us;    /* pause between ticks while work is pending */
};

#define RCFD_PATHS_DEF_TIMEOUT_MS 5000
#define RCFD_PATHS_MAX_TICK_US	  10000000

void rcfd_paths_conf_defaults(struct rcfd_paths_conf *c);
/* index of a [paths] key (0 .. 15), -1 when there is no such key */
int rcfd_paths_conf_key(const char *key);
/* key without "paths."; 1 unknown key, -1 bad value (why), 0 set */
int rcfd_paths_conf_set(struct rcfd_paths_conf *c, const char *key,
			const char *v, char *why, size_t whylen);

/* paths_mirror.c: the model's numbers and the fabric's */
struct rcf_topo;

#define RCFD_NO_ID UINT32_MAX

struct rcfd_pmap {
	uint32_t sw_id[SWC_MAX_SW];	     /* controller -> switch id */
	uint8_t port[SWC_MAX_SW][SWC_NPORT]; /* model port -> switch port */
	uint32_t node[SWC_MAX_SW * SWC_MAX_PROC];  /* gid -> node id */
	uint32_t plink[SWC_MAX_SW * SWC_MAX_PROC]; /* gid -> its link */
	uint32_t link[SWC_MAX_LINE];		   /* line -> link id */
};

/*
 * Builds n (swc_init'ed by the caller) from t: switches sorted by id are
 * the controllers, nodes whose port 0 links to a switch are its
 * processors (by node id), links between two switches are the lines (by
 * link id), those down already failed.  0, or -1 with why in err when
 * the model cannot hold the fabric (n and m are then unusable).
 */
int rcfd_pmap_build(struct swc_net *n, struct rcfd_pmap *m,
		    const struct rcf_topo *t, char *err, size_t errlen);
int rcfd_pmap_gid(const struct swc_net *n, const struct rcfd_pmap *m,
		  uint32_t node); /* -1: not a processor */
int rcfd_pmap_sw(const struct swc_net *n, const struct rcfd_pmap *m,
		 uint32_t id); /* -1: not a controller */
int rcfd_pmap_line(const struct swc_net *n, const struct rcfd_pmap *m,
		   uint32_t link); /* -1: not a line */
/*
 * The route bytes of a path from the model's parts: the master's port 0
 * (VC 0), then the switch port each part leaves by.  Returns the count.
 */
unsigned int rcfd_pmap_hops(const struct rcfd_pmap *m,
			    const struct swc_hop *hop, int nhop, uint8_t *hops);
/*
 * Growth (§II C): a switch, a line between two controllers, a processor
 * (node port 0 on a controller's port).  0 added, 1 not the model's
 * business, -1 the model is full (err says so).
 */
int rcfd_pmap_add_switch(struct swc_net *n, struct rcfd_pmap *m, uint32_t id,
			 char *err, size_t errlen);
struct rcf_obj;
int rcfd_pmap_add_link(struct swc_net *n, struct rcfd_pmap *m,
		       const struct rcf_obj *link, char *err, size_t errlen);

/* paths_host.c: what the host asks of rcf.ko (0 or -errno) */
struct rcfd_pkernel {
	void *arg;
	int (*path_new)(void *arg, uint32_t master, uint32_t dst,
			const uint8_t *hops, unsigned int nhops, uint32_t *id);
	int (*path_recall)(void *arg, uint32_t id);
	int (*path_del)(void *arg, uint32_t id);
	int (*request_fail)(void *arg, uint32_t master, uint32_t dst,
			    uint32_t err);
	uint64_t (*now_us)(void *arg);
};

/* a kernel path the model holds: one per master processor at most */
struct rcfd_kpath {
	uint32_t kid;  /* RCFD_NO_ID: none */
	uint32_t path; /* the model's */
	uint32_t dst;  /* node */
	int recalled, returned, broken;
};

struct rcfd_pstats {
	uint64_t requests, duplicates, unknown, kernel_failed, retries;
	uint64_t setups, setup_errors, failures[SWC_E_HOST + 1];
	uint64_t recalls, recall_errors, returns, breaks, broken;
	uint64_t del_errors, orphans, orphans_deleted;
	uint64_t loop_checks, loop_violations, remirrors;
	uint64_t stalls;
};

struct rcfd_phost {
	struct swc_net *net; /* large: allocated */
	struct swc_host hooks;
	const struct rcfd_pkernel *k;
	struct rcfd_pmap map;
	int erl;
	uint32_t seed;
	struct rcfd_kpath kp[SWC_MAX_SW * SWC_MAX_PROC]; /* by master gid */
	uint8_t *orphan;  /* RCF_MAX_PATHS: 1 recall sent, 2 delete on sight */
	int last_new_err; /* positive errno of the last refused PATH_NEW */
	uint64_t checked_gen;	 /* route_gen at the last loop check */
	uint64_t changed_at;	 /* tick of the last routing change */
	uint64_t converge_ticks; /* last change to convergence */
	int converged;
	uint64_t stalled_since; /* tick; 0: making progress */
	struct rcfd_pstats st;
};

int rcfd_phost_init(struct rcfd_phost *h, const struct rcfd_pkernel *k, int erl,
		    uint32_t seed);
void rcfd_phost_free(struct rcfd_phost *h);
/*
 * (Re)builds the model from t.  The kernel paths the old model held are
 * handed back (recalled, deleted once returned); waiting requests carry
 * over to the new model by node.  0, or -1 with err: the model is then
 * empty and every request is failed.
 */
int rcfd_phost_mirror(struct rcfd_phost *h, const struct rcf_topo *t, char *err,
		      size_t errlen);
/* the fabric went away: forget the kernel paths, they went with it */
void rcfd_phost_forget(struct rcfd_phost *h);
/* kernel events */
void rcfd_phost_request(struct rcfd_phost *h, uint32_t master, uint32_t dst);
void rcfd_phost_request_failed(struct rcfd_phost *h, uint32_t master,
			       uint32_t dst);
void rcfd_phost_returned(struct rcfd_phost *h, uint32_t kid);
void rcfd_phost_broken(struct rcfd_phost *h, uint32_t kid);
/* a path found in the kernel that the model does not hold */
void rcfd_phost_adopt(struct rcfd_phost *h, uint32_t kid, uint8_t state);
/*
 * A switch or link added (§II C growth): 0 added to the model, 1 not
 * the model's business, -1 the model is full (err).
 */
int rcfd_phost_grow(struct rcfd_phost *h, const struct rcf_obj *o, char *err,
		    size_t errlen);
/* link state: 1 when it is a line of the model */
int rcfd_phost_link_state(struct rcfd_phost *h, uint32_t link, int up);
/* is there work for ticks; has nothing moved for a while */
int rcfd_phost_busy(const struct rcfd_phost *h);
int rcfd_phost_stalled(const struct rcfd_phost *h);
/* one tick, and the routing checks when a table may have changed */
void rcfd_phost_tick(struct rcfd_phost *h);
/* is o (a switch, node or link) part of the model */
int rcfd_phost_mirrors(const struct rcfd_phost *h, const struct rcf_obj *o);
/* kernel paths held now */
unsigned int rcfd_phost_paths(const struct rcfd_phost *h);

/* paths.c: the daemon's side */
struct rcfd_paths {
	int running;
	char why[512]; /* why not running */
	struct rcfd_phost host;
	struct rcfd_pkernel kops;
	int remirror;	    /* a change only a rebuild of the model follows */
	double remirror_at; /* CLOCK_MONOTONIC seconds: after a burst */
	double next_tick;   /* CLOCK_MONOTONIC seconds, paths.tick_us apart */
	uint64_t events;    /* path events seen */
};

struct rcfd;
/* (re)starts from the config: mirrors the fabric, adopts its paths */
void rcfd_paths_start(struct rcfd *d);
void rcfd_paths_stop(struct rcfd *d);
/* poll timeout in microseconds until the next tick, -1: none due */
long rcfd_paths_timeout(const struct rcfd *d);
/* runs the ticks that are due, a bounded number */
void rcfd_paths_run(struct rcfd *d);
/* kernel events (events.c) */
struct rcf_path_req_info;
void rcfd_paths_request_event(struct rcfd *d,
			      const struct rcf_path_req_info *r);
void rcfd_paths_obj_event(struct rcfd *d, uint8_t cmd, const struct rcf_obj *o);
void rcfd_paths_lost_events(struct rcfd *d);

/* paths_show.c: status paths (out.h's struct out) */
struct out;
void rcfd_paths_show(const struct rcfd_paths_conf *c,
		     const struct rcfd_paths *p, struct out *o);
/* its block of status: managed, running, paths held */
void rcfd_paths_status(const struct rcfd_paths_conf *c,
		       const struct rcfd_paths *p, struct out *o);

#endif
