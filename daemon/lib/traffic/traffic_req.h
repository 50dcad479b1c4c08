/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfctl traffic: the spec of a generator run as the command line gives
 * it, its results as TRAFFIC_GET returns them, and their printing.
 * Defaults are rcfsim's, so one spec means one run in both.
 */
#ifndef RCF_TRAFFIC_REQ_H
#define RCF_TRAFFIC_REQ_H

#include <stdint.h>
#include <stdio.h>

#include <linux/rcf.h>

#include "out/json.h"

struct rcf_traffic_size_ent {
	uint32_t bytes, weight;
};

struct rcf_traffic_arc_ent {
	uint32_t src, dst, weight; /* node ids */
};

struct rcf_traffic_msg_ent {
	uint64_t cycle;
	uint32_t src, dst, bytes; /* node ids */
};

struct rcf_traffic_req {
	uint8_t pattern; /* enum rcf_traffic_pattern_kind */
	uint32_t param;
	uint32_t rate; /* bytes per 1000 cycles per node */
	uint32_t size_min, size_max;
	uint64_t cycles, messages; /* 0: not given */
	uint64_t seed;
	uint32_t hot_node, hot_permille;
	int has_seed, has_rate, has_size;
	uint8_t arrival;  /* enum rcf_traffic_arrival_kind */
	uint64_t warmup;  /* cycles */
	uint32_t backlog; /* bytes a source may hold unsent; 0: the kernel's */
	int self;	  /* uniform: a node may pick itself (1 in n) */
	/* message sizes by weight, in place of size_min .. size_max */
	struct rcf_traffic_size_ent sizes[RCF_TRAFFIC_MAX_SIZES];
	uint32_t nsizes;
	/* RCF_TRAFFIC_NIG, RCF_TRAFFIC_TRACE: from a file, malloc'ed */
	struct rcf_traffic_arc_ent *arcs;
	struct rcf_traffic_msg_ent *msgs;
	uint32_t narcs, nmsgs;
	uint32_t entries; /* arcs or messages, as TRAFFIC_GET tells */
};

/*
 * The figures of a run, whoever ran it: the kernel (TRAFFIC_GET) or
 * rcfsim (from struct rcf_traffic_results); one text and one JSON
 * printer over it, so the two can be compared key by key.
 */
struct rcf_traffic_res {
	struct rcf_traffic_req spec;
	int running, done, complete;
	uint32_t error; /* positive errno */
	uint32_t nodes;
	uint64_t now, window;
	uint64_t msgs_offered, msgs_sent, msgs_refused, msgs_delivered;
	uint64_t msgs_corrupt, bytes_offered, bytes_delivered;
	uint64_t msgs_skipped; /* backlog at its bound (rcfsim --src-limit) */
	uint64_t offered_milli, accepted_milli;
	uint64_t lat_count, lat_avg, lat_min, lat_p50, lat_p99, lat_max;
};

/* The pattern's word (uniform, doloop, ...), or NULL. */
const char *rcf_traffic_pattern_word(unsigned int pattern);
/*
 * "PATTERN [FILE] [step I] [rate R] [size S|MIN-MAX|S:W,S:W...]
 * [cycles N|messages N] [seed S] [hotspot N [share P]]
 * [arrival bernoulli|periodic] [warmup N] [self on|off]": 0, or -1 with
 * a reason in
 * err.  PATTERN nig and trace take a FILE (rcf_traffic_read_nig,
 * rcf_traffic_read_trace).  Call rcf_traffic_req_free after either.
 */
int rcf_traffic_parse_args(int argc, char **argv, struct rcf_traffic_req *r,
			   char *err, size_t errlen);
void rcf_traffic_req_free(struct rcf_traffic_req *r);
/*
 * A node interaction graph file (lib/route/nig.h: "SRC DST [FLOW]" lines):
 * pairs merged, self arcs and flow 0 left out (they send nothing).
 */
int rcf_traffic_read_nig(FILE *f, const char *name, struct rcf_traffic_req *r,
			 char *err, size_t errlen);
/*
 * A message trace file: "CYCLE SRC DST BYTES" lines (node ids), cycles
 * ascending, "#" comments and blank lines skipped.
 */
int rcf_traffic_read_trace(FILE *f, const char *name, struct rcf_traffic_req *r,
			   char *err, size_t errlen);
/* Whether the pattern takes a step: doloop, exor and ncube. */
int rcf_traffic_pattern_stepped(unsigned int pattern);
/*
 * A stepped pattern's step I, as rcfctl traffic's "step I" and rcfsim's
 * "--step I" (or its old spelling PATTERN:I) give it: a whole decimal or
 * 0x number, 0 to 2^32 - 1.  0, or -1.
 */
int rcf_traffic_step_parse(const char *s, uint32_t *step);
/*
 * 0 when a step is given (given) exactly to a stepped pattern, or -1
 * with the reason in err, naming the step as word ("step", "--step").
 */
int rcf_traffic_step_check(unsigned int pattern, int given, const char *word,
			   char *err, size_t errlen);
/* The pattern whose word is the len bytes at s, or -1. */
int rcf_traffic_pattern_find(const char *s, size_t len);
/*
 * A message size, as rcfctl traffic's size and rcfsim's --size take it:
 * N or MIN-MAX bytes into size_min and size_max, or N:W,N:W,... sizes by
 * weight into sizes (at most RCF_TRAFFIC_MAX_SIZES, the kernel's).  0,
 * or -1 when it is none of those.
 */
int rcf_traffic_size_parse(const char *a, struct rcf_traffic_req *r);
/* "bernoulli" or "periodic" */
const char *rcf_traffic_arrival_word(unsigned int arrival);
/* "run", "complete", ... for a result */
const char *rcf_traffic_state(const struct rcf_traffic_res *r);
void rcf_traffic_print(FILE *f, const struct rcf_traffic_res *r);
/* the members of one JSON object, into an object j has open */
void rcf_traffic_json_members(struct rcf_json *j,
			      const struct rcf_traffic_res *r);
/* a whole document: one object of those members */
void rcf_traffic_json(struct rcf_json *j, const struct rcf_traffic_res *r);

/* nl_traffic.c */
struct rcf_nl;
struct nlattr;
int rcf_nl_traffic_start(struct rcf_nl *nl, const struct rcf_traffic_req *r);
int rcf_nl_traffic_stop(struct rcf_nl *nl);
int rcf_nl_traffic_get(struct rcf_nl *nl, struct rcf_traffic_res *r);
/*
 * Joins the events group first (call before starting or checking), then
 * rcf_nl_traffic_wait blocks until a completion event and fills r.
 */
int rcf_nl_traffic_listen(struct rcf_nl *nl, char *err, size_t errlen);
int rcf_nl_traffic_wait(struct rcf_nl *nl, struct rcf_traffic_res *r);
/*
 * Starts q (NULL: the run already going) and waits for the run's end on
 * an events socket of its own, joined before the start or the first
 * question, so that an end in between is not missed.  0 with r the
 * run's figures when it has ended; -1 with err saying which step failed
 * and why (a refusal's own message from the kernel included).
 */
int rcf_nl_traffic_run(struct rcf_nl *nl, const struct rcf_traffic_req *q,
		       struct rcf_traffic_res *r, char *err, size_t errlen);
/* RCF_A_TRAFFIC's contents into r; 0 or -1 */
int rcf_traffic_parse_nest(struct nlattr *nest, struct rcf_traffic_res *r);

#endif
