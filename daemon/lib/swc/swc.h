/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Distributed switch controllers after Wijnen (1988, TU Eindhoven): a
 * deterministic, tick-driven model of switches, their processors, the
 * lines between switches and the controllers that set up and break data
 * paths with mastership (§II A/B), route by exchanged sinktrees (§II C)
 * and talk over a polling link and, optionally, an external request link
 * (§I B).  rcfd drives rcf.ko with the same controller logic: with a host
 * set (struct swc_host) the processors' data side is outside the model.
 *
 * Numbering follows the paper's figures: switches S1.., processors P1..
 * numbered across switches in the order they were added.  Internally
 * everything is 0-based.
 */
#ifndef RCF_SWC_H
#define RCF_SWC_H

#include <stddef.h>
#include <stdint.h>

#define SWC_MAX_SW    32 /* a uint32_t holds a set of them */
#define SWC_MAX_PROC  8	 /* processors per switch */
#define SWC_MAX_LINE  64
#define SWC_MAX_JOB   32 /* set-ups in progress per controller */
#define SWC_MAX_SEG   48 /* path segments per switch */
#define SWC_MAX_MSGQ  256
#define SWC_MAX_REPLY 8
#define SWC_MAX_PMSG  64 /* queued data messages per processor */
/* a switch's crossbar ports: its processors, then one per line id */
#define SWC_PORT_LINE(l) (SWC_MAX_PROC + (l))
#define SWC_NPORT	 (SWC_MAX_PROC + SWC_MAX_LINE)
#define SWC_IS_LINE(p)	 ((p) >= SWC_MAX_PROC)
#define SWC_LINE_OF(p)	 ((p)-SWC_MAX_PROC)

enum swc_err {
	SWC_OK = 0,
	SWC_E_NOROUTE = 1, /* no route to the destination switch */
	SWC_E_LINE,	   /* a line of the set-up failed */
	SWC_E_BUSY,	   /* a resource was reserved by another set-up */
	SWC_E_HOST,	   /* the host could not make the granted path */
};

enum swc_msg_type {
	SWC_M_SETUP,   /* connect dst to the line the request came on */
	SWC_M_CONFIRM, /* the downstream part is connected */
	SWC_M_NACK,    /* the set-up failed downstream (err) */
	SWC_M_BREAK,   /* break path: travels towards its master switch */
	SWC_M_BROKEN,  /* the path is broken (or already was) */
	SWC_M_FAILED,  /* a line of the path failed: towards the master */
	SWC_M_RELEASE, /* tear down a part nobody confirmed any more */
	SWC_M_TREE,    /* the sender's sinktree */
};

/* a sinktree branch: the switches after the owner, ending at the target */
struct swc_branch {
	uint8_t len; /* 0: unreachable */
	uint8_t hop[SWC_MAX_SW];
};

struct swc_tree {
	struct swc_branch b[SWC_MAX_SW];
};

struct swc_msg {
	enum swc_msg_type type;
	int line; /* the line it crosses */
	uint32_t path;
	int master_sw;
	int dst_sw, dst_proc;
	int err;
	uint32_t visited; /* switches a set-up has crossed */
	struct swc_tree tree;
};

struct swc_port {
	int conn; /* data crossbar: the port this one is connected to */
	int seg;  /* the path segment using it, -1 */
	int job;  /* the set-up that reserved it, -1 */
};

/* one switch's part of a data path */
struct swc_seg {
	int used;
	uint32_t path;
	int master_sw;
	int up;	  /* port towards the master (its processor's at the master) */
	int down; /* port towards the destination */
	int recall;   /* master switch: mastership asked back */
	int breaking; /* BREAK sent towards the master, BROKEN awaited */
	int nreply;   /* lines waiting for BROKEN */
	int reply[SWC_MAX_REPLY];
	int nlocal; /* own set-ups waiting for it to go */
	int host;   /* master switch: the host made the real path */
	int broken; /* torn down because a line failed */
};

enum swc_job_state { SWC_J_WAIT, SWC_J_CONFIRM };

struct swc_job {
	int used;
	enum swc_job_state state;
	int origin; /* a local processor's request, not a transit set-up */
	uint32_t path;
	int in;	  /* requesting processor's port, or the line port it came on */
	int out;  /* destination processor's port or next line's, -1 */
	int proc; /* origin: requesting processor (local index) */
	int master_sw;
	int dst_sw, dst_proc;
	uint32_t visited;
	uint64_t retry_at; /* origin: earliest next try after a NACK */
	uint64_t seq;	   /* age at this controller: older goes first */
	int wait_break;	   /* waits for a path on its ports to be broken */
};

struct swc_flit {
	int src, dst; /* global processor numbers */
	uint32_t seq, idx, len;
	uint8_t byte;
	uint32_t sum; /* last byte: the sender's checksum of the message */
};

struct swc_pmsg {
	int dst; /* global processor number */
	uint32_t len;
	/* external processors: when the wish for a path to dst came */
	uint64_t since, since_us;
	int cancelled; /* given up by the host while its set-up ran */
};

struct swc_proc {
	int gid; /* global number */
	/* what it wants to send */
	struct swc_pmsg q[SWC_MAX_PMSG];
	int qhead, qlen;
	uint32_t seq_to[SWC_MAX_SW * SWC_MAX_PROC];
	/* the message being sent */
	int sending;
	uint32_t cur_seq, cur_idx, cur_sum;
	/* mastership */
	uint32_t path; /* the path it masters, 0: none */
	int path_dst;
	uint32_t grant; /* granted, handed over at the next poll */
	int grant_dst;
	int recall;	     /* mastership asked back */
	int requested;	     /* a request is with the controller */
	int wanting;	     /* needs a path it does not have */
	uint64_t want_since; /* since when it waits for a path */
	uint64_t retry_at;
	int failed_pending; /* a request failed: told at the next poll */
	int broken_pending; /* its path broke under it */
	/* external processors: the recall went to the host; it came back */
	int recall_told, returned;
	/* receiving: per source, the message being assembled */
	uint32_t rx_seq[SWC_MAX_SW * SWC_MAX_PROC];
	uint32_t rx_idx[SWC_MAX_SW * SWC_MAX_PROC];
	uint32_t rx_sum[SWC_MAX_SW * SWC_MAX_PROC];
	/* counters */
	uint64_t sent, delivered, rx_bad, lost_bytes, aborted;
	uint64_t grants, wait_sum, wait_max, fails;
	uint64_t wait_us_sum, wait_us_max; /* external: host clock */
};

/* a processor's k-th waiting message, its queue being a ring */
static inline struct swc_pmsg *swc_pq(struct swc_proc *p, int k)
{
	return &p->q[(p->qhead + k) % SWC_MAX_PMSG];
}

static inline void swc_pq_pop(struct swc_proc *p)
{
	p->qhead = (p->qhead + 1) % SWC_MAX_PMSG;
	p->qlen--;
}

struct swc_line {
	int used, up;
	int sw[2];
};

struct swc_sw {
	int used;
	int nproc;
	struct swc_proc proc[SWC_MAX_PROC];
	struct swc_port port[SWC_NPORT];
	struct swc_seg seg[SWC_MAX_SEG];
	struct swc_job job[SWC_MAX_JOB];
	uint64_t job_seq;
	uint32_t next_path;
	/* polling: the systems (processors, lines) in cyclic order */
	int cursor;
	int poll_at; /* port the polling link is on this tick, -1 */
	int erl_at;  /* port the external request link is on, -1 */
	struct swc_msg outq[SWC_MAX_MSGQ];
	int qhead, qlen;
	/* routing (§II C) */
	struct swc_tree tree;		   /* own sinktree */
	struct swc_tree nbr[SWC_MAX_LINE]; /* neighbours' trees, per line */
	int nbr_valid[SWC_MAX_LINE];
};

/* a switch's part of a path, as a host sees it: model ports */
struct swc_hop {
	int sw, in, out;
};

/*
 * External processors: the processors' data side (their messages, the
 * crossbars' real connections) is the host's, e.g. rcf.ko driven by
 * rcfd.  A processor's wish for a path comes from swc_ext_want.  At its
 * poll the processor takes a granted mastership by calling grant with
 * the switches' parts from its own switch on; grant makes the real path
 * and returns 0, or an error, which undoes the set-up everywhere and
 * fails the request (failed, SWC_E_HOST).  A recall heard at a poll goes
 * to recall; the processor passes the mastership back at a later poll,
 * once swc_ext_returned says it came back, and the master switch's part
 * is then broken: teardown (broken 0).  A path whose line failed (or
 * that the host reports broken, swc_ext_broken) goes the same way with
 * broken 1.  A request that fails goes to failed, which says whether
 * to ask again (after a pause) or to give it up.
 */
struct swc_host {
	void *arg;
	uint64_t (*now_us)(void *arg); /* for the waits; may be NULL */
	int (*grant)(void *arg, uint32_t path, int master, int dst,
		     const struct swc_hop *hop, int nhop);
	void (*recall)(void *arg, uint32_t path);
	void (*teardown)(void *arg, uint32_t path, int broken);
	int (*failed)(void *arg, int master, int dst, int err);
};

struct swc_net {
	int erl; /* controllers have an external request link (§I B) */
	const struct swc_host *host; /* NULL: the model's own processors */
	uint64_t now;
	uint64_t progress_at; /* last tick anything moved */
	uint32_t rng;
	int nsw, nline;
	struct swc_sw sw[SWC_MAX_SW];
	struct swc_line line[SWC_MAX_LINE];
	/* counters */
	uint64_t ctl_msgs, tree_msgs, setups, breaks_sent, already_broken;
	uint64_t loops_seen; /* plain next-hop tables looping (diagnostic) */
	uint64_t route_gen;  /* bumped when a routing table can change */
	void (*trace)(void *arg, const char *text);
	void *trace_arg;
};

/* swc_sim.c: building and running */
void swc_init(struct swc_net *n, int erl, uint32_t seed);
int swc_add_switch(struct swc_net *n, int nproc);  /* switch index */
int swc_add_line(struct swc_net *n, int a, int b); /* line id */
int swc_gid(int sw, int proc);
void swc_fail_line(struct swc_net *n, int l);
int swc_send(struct swc_net *n, int src_gid, int dst_gid, uint32_t len);
void swc_step(struct swc_net *n);
/* run until idle (0), max ticks (1) or no progress for stall ticks (-1) */
int swc_run(struct swc_net *n, uint64_t max, uint64_t stall);
int swc_busy(const struct swc_net *n);
/* Jain's index of the processors' mean waits; sw < 0: all switches */
double swc_jain(const struct swc_net *n, int sw);
/* circuits, reservations, segments and set-ups left anywhere */
int swc_leftovers(const struct swc_net *n);
uint32_t swc_rand(struct swc_net *n);
int swc_pname(const struct swc_net *n, int gid); /* P1, P2, ... */
void swc_tracef(struct swc_net *n, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* a wait-for cycle of parked polling links; returns its length */
int swc_wait_cycle(const struct swc_net *n, int *cyc, int max);
/* a failed line works again; the trees at its ends are exchanged */
void swc_line_up(struct swc_net *n, int l);
/* one more processor on switch sw: its global number, or -1 */
int swc_add_proc(struct swc_net *n, int sw);
/* Jain's index of the mean waits in host microseconds (external) */
double swc_jain_us(const struct swc_net *n, int sw);

/*
 * swc_ext.c: external processors (n->host set).  swc_ext_want: gid
 * wants a path to dst: 0 queued, 1 already queued or held, -1 refused
 * (unknown processor, itself, queue full).  swc_ext_returned and
 * swc_ext_broken: 0, or -1 when no processor masters path.
 */
int swc_ext_want(struct swc_net *n, int gid, int dst);
int swc_ext_returned(struct swc_net *n, uint32_t path);
int swc_ext_broken(struct swc_net *n, uint32_t path);
/* drops gid's wish for dst (once its set-up ends, if one runs): 0 or -1 */
int swc_ext_unwant(struct swc_net *n, int gid, int dst);
/* the processor's poll and whether it has anything to do */
void swc_ext_poll(struct swc_net *n, int sw, int p);
int swc_ext_busy(const struct swc_proc *p);
/* the switch that created path (its master's) */
int swc_path_master_sw(const struct swc_net *n, uint32_t path);

/* swc_bus.c: the polling link and the external request link */
void swc_bus_send(struct swc_net *n, int sw, const struct swc_msg *m);
void swc_bus_tick(struct swc_net *n);
void swc_bus_drop_line(struct swc_net *n, int sw, int l);

/* swc_sinktree.c */
void swc_tree_reset(struct swc_net *n, int sw);
void swc_tree_recompute(struct swc_net *n, int sw);
void swc_tree_recv(struct swc_net *n, int sw, const struct swc_msg *m);
/* line towards dst_sw avoiding the switches in visited, -1: none */
int swc_route(const struct swc_net *n, int sw, int dst_sw, uint32_t visited);
/* every sinktree agrees with the shortest paths of the live lines */
int swc_tree_converged(const struct swc_net *n);
/* no set-up can loop; also counts loops of plain next-hop tables */
int swc_tree_loop_free(struct swc_net *n);
int swc_line_peer(const struct swc_net *n, int sw, int l);
void swc_tree_send(struct swc_net *n, int sw, int l);

/* swc_ctl.c: the controller */
void swc_ctl_request(struct swc_net *n, int sw, int proc);
void swc_ctl_recv(struct swc_net *n, int sw, const struct swc_msg *m);
void swc_ctl_returned(struct swc_net *n, int sw, uint32_t path);
void swc_ctl_line_down(struct swc_net *n, int sw, int l);
void swc_ctl_tick(struct swc_net *n, int sw);

/* swc_path.c: path segments and breaking them */
void swc_ctl_send(struct swc_net *n, int sw, enum swc_msg_type t, int line,
		  uint32_t path, int err);
int swc_seg_find(struct swc_sw *s, uint32_t path);
int swc_seg_new(struct swc_net *n, int sw, uint32_t path, int master_sw, int up,
		int down);
void swc_seg_teardown(struct swc_net *n, int sw, int i);
/* ask for the mastership of segment i; from: line to answer, or -1 */
void swc_seg_break(struct swc_net *n, int sw, int i, int from);
/* segment i lost a line: tell its master, drop it */
void swc_seg_failed(struct swc_net *n, int sw, int i);
void swc_path_recv_break(struct swc_net *n, int sw, const struct swc_msg *m);
void swc_path_recv_broken(struct swc_net *n, int sw, const struct swc_msg *m);

/* swc_proc.c: processors and the data links */
void swc_proc_poll(struct swc_net *n, int sw, int p);
void swc_proc_data(struct swc_net *n);
int swc_proc_busy(const struct swc_proc *p);
/* its path broke: told at its poll, internal or external (swc_ext.c) */
void swc_proc_broken(struct swc_net *n, struct swc_proc *p);

#endif
