/* SPDX-License-Identifier: GPL-2.0 */
/* rcfctl's pieces: options, the netlink handle, and the command entries. */
#ifndef RCFCTL_H
#define RCFCTL_H

#include <stdio.h>

#include "nl/nl.h"
#include "obj/rcf_obj.h"

/* exit statuses */
#define RCFCTL_OK    0
#define RCFCTL_ERR   1 /* the kernel refused, or the system failed */
#define RCFCTL_USAGE 2 /* bad command line or input file */
#define RCFCTL_NOMEM 3 /* out of memory; nothing was sent */

/* operations per batch message when rcfctl has to split (topo) */
#define RCFCTL_CHUNK 1024

struct ctl {
	int json;
	int pretty;
	int force;
	struct rcf_nl nl;
	int connected;
	struct rcf_epoch_req epoch; /* --epoch-mode, --epoch-timeout */
};

int ctl_connect(struct ctl *c);
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "rcfctl: out of memory" on stderr; returns RCFCTL_NOMEM */
int nomem_error(void);
/* "rcfctl: [where: ]<key>: <kernel reason>" on stderr; returns RCFCTL_ERR */
int kernel_error(const struct ctl *c, const char *where,
		 const struct rcf_obj *o);

int cmd_object(struct ctl *c, int argc, char **argv);
/*
 * Reads a batch or topology file ("-": stdin) into *ops; *name is how
 * errors name it.  Reports its own errors; RCFCTL_OK or an exit status.
 */
int read_ops_file(const char *file, const char **name, struct rcf_op **ops,
		  size_t *n);
int cmd_batch(struct ctl *c, const char *file);
int cmd_topo(struct ctl *c, int argc, char **argv);
/* the live fabric into t (initialised here), as topo save writes it;
 * RCFCTL_OK or an exit status (message printed) */
struct rcf_topo;
int topo_dump(struct ctl *c, struct rcf_topo *t);
/* rcfctl topo draw (topo_draw.c) */
int topo_draw(struct ctl *c, int argc, char **argv);
/* rcfctl topo stats (topo_stats.c) */
int topo_stats(struct ctl *c, int argc, char **argv);
/* rcfctl topo import | export (topo_ib.c) */
int topo_import(struct ctl *c, int argc, char **argv);
int topo_export(struct ctl *c, int argc, char **argv);
int cmd_monitor(struct ctl *c, int argc, char **argv);
/* rcfctl capture: packet copies as pcap or text (capture.c) */
int cmd_capture(struct ctl *c, int argc, char **argv);
void help_capture(FILE *f);
/* rcfctl daemon: rcfd over its control socket (daemon.c) */
int cmd_daemon(struct ctl *c, int argc, char **argv);
/* "route compute" and "route check" (route.c), before "route" */
int is_route_policy(int argc, char **argv);
int cmd_route_policy(struct ctl *c, int argc, char **argv);

/* rcfctl stats (stats.c) */
int cmd_stats(struct ctl *c, int argc, char **argv);
void help_stats(FILE *f);

/* rcfctl traffic (traffic.c) */
int cmd_traffic(struct ctl *c, int argc, char **argv);
void help_traffic(FILE *f);

/* rcfctl epoch (epoch.c) */
int cmd_epoch(struct ctl *c, int argc, char **argv);
void help_epoch(FILE *f);
/* the epoch options, 0 or an exit status (message printed) */
int parse_epoch_opt(struct ctl *c, const char *opt, const char *val);

/* rcfctl path (path.c) */
int cmd_path(struct ctl *c, int argc, char **argv);
void help_path(FILE *f);

/* rcfctl collective: RCP plans and their cost (collective.c) */
int cmd_relation(struct ctl *c, int argc, char **argv);
void help_relation(FILE *f);

int cmd_collective(struct ctl *c, int argc, char **argv);
void help_collective(FILE *f);
struct rcf_coll_plan;
/* "# OP on N nodes, k = K ...: S steps" without the "# " (collective.c) */
void print_plan_head(const struct rcf_coll_plan *p);
/* collective run: p on the running kport:N:K fabric (coll_run.c) */
int coll_run(struct ctl *c, const struct rcf_coll_plan *p);

/* help texts; to f */
void help_main(FILE *f);
void help_object(FILE *f, enum rcf_kind kind);
void help_topo(FILE *f);
void help_monitor(FILE *f);
void help_daemon(FILE *f);

/* sends ops in chunks of at most chunk; see topo.c */
int apply_ops(struct ctl *c, const char *where, const struct rcf_op *ops,
	      size_t n, size_t chunk);
/* the fabric's object count, or -1 (error already printed) */
long fabric_objects(struct ctl *c);

#endif
