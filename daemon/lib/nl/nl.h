/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tools' generic netlink client for the rcf family (libnl-genl-3):
 * rcf's objects, batches, epochs, paths and events over the family's
 * socket of nl_sock.h.
 */
#ifndef RCF_NL_H
#define RCF_NL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nl/nl_sock.h"
#include "obj/rcf_obj.h"
#include "traffic/traffic_req.h"

struct nl_sock;
struct nl_msg;
struct nlattr;
struct nlmsghdr;

/* Called for every object in a reply, dump or event. */
typedef int (*rcf_nl_cb)(uint8_t cmd, const struct rcf_obj *o, void *arg);

/* One request (NEW/DEL/SET/GET with the op's attributes); replies go to cb. */
int rcf_nl_do(struct rcf_nl *nl, const struct rcf_op *op, rcf_nl_cb cb,
	      void *arg);
/*
 * Dump every object of a kind; filter's attributes go along (routes).
 * The objects reach cb once the whole dump is in and was not interrupted
 * by a change (NLM_F_DUMP_INTR); an interrupted dump is retried up to
 * RCF_NL_DUMP_TRIES times, then fails with EAGAIN.  Raw dumps
 * (rcf_nl_transact_raw) are not retried: they fail with EAGAIN at once;
 * rcf_nl_stats_get keeps its rows and retries as this does.
 */
#define RCF_NL_DUMP_TRIES 4
int rcf_nl_dump(struct rcf_nl *nl, enum rcf_kind kind,
		const struct rcf_obj *filter, rcf_nl_cb cb, void *arg);
/* ops[0..n-1] as one RCF_CMD_BATCH; all or nothing. */
int rcf_nl_batch(struct rcf_nl *nl, const struct rcf_op *ops, size_t n);
/*
 * The same in two steps, for a caller that builds in one thread and sends
 * in another: build reads nl only (NULL when out of memory); send
 * consumes msg and waits for the kernel's answer, as rcf_nl_batch.
 */
struct nl_msg *rcf_nl_batch_build(const struct rcf_nl *nl,
				  const struct rcf_op *ops, size_t n);
int rcf_nl_send_batch(struct rcf_nl *nl, struct nl_msg *msg);
/*
 * How many of ops[0..n-1], from the first, fit in one RCF_A_BATCH nest
 * (64 KiB); a batch larger than that is carried in several nests.
 */
size_t rcf_nl_batch_fit(const struct rcf_op *ops, size_t n);
/* RCF_CMD_BATCH message carrying ops, in as many RCF_A_BATCH as needed */
struct nl_msg *rcf_nl_batch_msg(int family, const struct rcf_op *ops, size_t n);
/*
 * An attribute's length is 16 bits: a nest past RCF_NL_NEST_MAX bytes
 * cannot be sent, and libnl's nla_nest_end() then cancels the nest and
 * everything in it.
 */
#define RCF_NL_NEST_MAX 65535
/*
 * Before an op of need bytes (its own nest header included) goes into
 * the RCF_A_BATCH nest *batch of msg: closes the nest and opens another
 * when the op would take it past RCF_NL_NEST_MAX; the kernel takes the
 * ops of every RCF_A_BATCH in order.  -1 when libnl cannot.
 */
int rcf_nl_batch_room(struct nl_msg *msg, struct nlattr **batch, size_t need);
/* a genetlink request of the rcf family; size 0: libnl's default */
struct nl_msg *rcf_nl_new_msg(int family, uint8_t cmd, int flags, size_t size);
/*
 * Sends msg (consumed) and reads until its ack, error or dump end, giving
 * every reply of the family to cb as it is (replies that are not objects,
 * such as statistics).  0, or a negative errno with nl->e filled.
 */
int rcf_nl_transact_raw(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_raw_cb cb,
			void *arg);

/* epochs, in nl_epoch.c */
struct rcf_json;

/* One RCF_A_EPOCH record; has: bit n set, enum rcf_epoch_attr n present. */
struct rcf_epoch_info {
	uint64_t has;
	uint64_t number;
	uint8_t mode;
	uint32_t error;
	uint64_t suspend_ns, drain_ns, apply_ns, resume_ns;
	uint64_t inflight, drain_cycles, held;
	uint64_t applied, rolled_back;
};

/* An RCF_CMD_NODE_THRESHOLD event. */
struct rcf_thresh_info {
	uint32_t node;
	uint64_t sent, received;
};

/*
 * Adds nl->epoch to a request of command cmd when it changes the fabric
 * (a NEW, DEL or SET, or BATCH); GETs go out unchanged.  0 or -1.
 */
int rcf_nl_put_epoch(const struct rcf_nl *nl, struct nl_msg *msg, uint8_t cmd);
/* "auto", "drain", "freeze"; 0 or -1 */
int rcf_epoch_mode_parse(const char *word, uint8_t *mode);
const char *rcf_epoch_mode_name(unsigned int mode);
/* RCF_A_EPOCH's contents; 0 or -1 */
int rcf_epoch_parse_nest(struct nlattr *nest, struct rcf_epoch_info *e);
/* an RCF_CMD_NODE_THRESHOLD message's attributes; 0 or -1 */
int rcf_thresh_parse(struct nlattr *head, int len, struct rcf_thresh_info *t);
/* EPOCH_GET: the last epoch tried; -ENOENT when the reply has none */
int rcf_nl_epoch_get(struct rcf_nl *nl, struct rcf_epoch_info *e);
void rcf_epoch_print(FILE *f, const struct rcf_epoch_info *e);
void rcf_epoch_json(struct rcf_json *j, const struct rcf_epoch_info *e);
/* paths, in nl_path.c (Documentation/paths.rst) */

/*
 * An RCF_CMD_PATH_REQUEST event: node master holds waiting messages for
 * dst; error, when not 0, is the positive errno that failed the request
 * (its messages were dropped as no-path).
 */
struct rcf_path_req_info {
	uint32_t master, dst, waiting, error;
};

/* rcf_nl_path_new without an id: the kernel takes the lowest free one */
#define RCF_PATH_ANY_ID UINT32_MAX

/*
 * PATH_NEW from master to dst over hops (the master's port and VC, then
 * each switch's output port); *id_out gets the id made.
 */
int rcf_nl_path_new(struct rcf_nl *nl, uint32_t id, uint32_t master,
		    uint32_t dst, const uint8_t *hops, unsigned int nhops,
		    uint32_t *id_out);
/* PATH_SET: RCF_PATH_HELD or RCF_PATH_RECALL */
int rcf_nl_path_set_state(struct rcf_nl *nl, uint32_t id, uint8_t state);
/* PATH_DEL: the kernel refuses a path whose mastership is not back */
int rcf_nl_path_del(struct rcf_nl *nl, uint32_t id);
/*
 * PATH_REQUEST: error 0 raises a request for (master, dst) as if the
 * master had a message waiting; otherwise fails the outstanding one.
 */
int rcf_nl_path_request(struct rcf_nl *nl, uint32_t master, uint32_t dst,
			uint32_t error);
/* FABRIC_SET RCF_A_FABRIC_PATH_TIMEOUT_MS; 0 turns requests off */
int rcf_nl_path_timeout(struct rcf_nl *nl, uint32_t ms);
/* PATH_GET of one path into o (a path object) */
int rcf_nl_path_get(struct rcf_nl *nl, uint32_t id, struct rcf_obj *o);
/*
 * The requests rcf_nl_path_new and rcf_nl_path_request send (NULL when
 * out of memory): PATH_NEW of path o with NLM_F_ECHO and nl's epoch
 * options, PATH_REQUEST with RCF_A_PATH_ERROR when error is not 0.
 */
struct nl_msg *rcf_nl_path_new_msg(const struct rcf_nl *nl,
				   const struct rcf_obj *o);
struct nl_msg *rcf_nl_path_request_msg(int family, uint32_t master,
				       uint32_t dst, uint32_t error);
/* a PATH_REQUEST message's attributes; 0 or -1 (no master or dst) */
int rcf_path_req_parse(struct nlattr *head, int len,
		       struct rcf_path_req_info *r);

/* What one message of the events group is. */
enum rcf_nl_event_type {
	RCF_EV_OTHER,	      /* not ours, or not understood */
	RCF_EV_OBJECT,	      /* an object added, changed or removed: o */
	RCF_EV_EPOCH,	      /* an epoch applied or rolled back: epoch */
	RCF_EV_THRESH,	      /* a node passed the message threshold: th */
	RCF_EV_TRAFFIC,	      /* a generator run ended: traffic */
	RCF_EV_PATH_REQUEST,  /* a path request raised or failed: preq */
	RCF_EV_PATH_RETURNED, /* a path's mastership came back: o */
	RCF_EV_RELATION,      /* a switch's relation set or removed: rel_sw */
};

/*
 * cmd is the request command the event reports (RCF_CMD_NODE_NEW for an
 * RCF_CMD_NODE_NEW_NTF, RCF_CMD_EPOCH_GET for RCF_CMD_EPOCH_NTF ...), so
 * that an object event and the request that made it read alike.
 */
struct rcf_nl_event {
	enum rcf_nl_event_type type;
	uint8_t cmd;
	struct rcf_obj o;
	struct rcf_epoch_info epoch;
	struct rcf_thresh_info th;
	struct rcf_traffic_res traffic;
	struct rcf_path_req_info preq;
	uint32_t rel_sw; /* RCF_EV_RELATION: the switch (cmd REL_SET, DEL) */
};

/* The request command notification ntf reports; 0: ntf is none. */
uint8_t rcf_ntf_request(uint8_t ntf);

/* Decodes one message (nlh) of family; returns ev->type. */
int rcf_nl_event_decode(const struct nlmsghdr *nlh, int family,
			struct rcf_nl_event *ev);

/*
 * Waits up to timeout_ms (-1: for ever) on a handle that joined the events
 * group and gives fn every event that arrived, decoded.  Returns how many
 * messages were read (0: the time ran out), -ENOBUFS when the socket
 * overran and events were lost (the caller asks the kernel again), or
 * another negative errno.
 */
typedef void (*rcf_nl_event_fn)(const struct rcf_nl_event *ev, void *arg);
int rcf_nl_event_poll(struct rcf_nl *nl, int timeout_ms, rcf_nl_event_fn fn,
		      void *arg);

/*
 * The sentence for a refusal the epoch machinery caused (a drain that timed
 * out); 0 with buf filled, or -1 when nl->e is some other error.
 */
int rcf_nl_epoch_error(const struct rcf_nl *nl, char *buf, size_t len);

/* attribute packing, in nl_obj.c */
int rcf_nl_put_obj(struct nl_msg *msg, const struct rcf_obj *o);
int rcf_nl_parse_obj(struct nlattr *head, int len, enum rcf_kind kind,
		     struct rcf_obj *o);
/* names the attribute that starts at byte off of msg, for error reports */
void rcf_nl_name_attr(struct nl_msg *msg, uint32_t off, char *buf, size_t len);

#endif
