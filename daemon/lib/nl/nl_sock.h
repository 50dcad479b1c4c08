/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rcf family's socket, for the tools and the selftests alike: open and
 * resolve the family and its events group, send a request and read until
 * its answer with every refusal decoded (errno, extended ack message,
 * offset, cookie, missing attribute), read events.  It knows nothing of
 * rcf's objects: nl.h builds the tools' requests on it, the selftests
 * send what they build byte by byte (malformed requests included).
 */
#ifndef RCF_NL_SOCK_H
#define RCF_NL_SOCK_H

#include <stddef.h>
#include <stdint.h>

struct nl_sock;
struct nl_msg;
struct nlmsghdr;

/* What the kernel's ack (or a dump's end) said about a request. */
struct rcf_nl_err {
	int err;	    /* positive errno, 0 when none */
	char msg[256];	    /* extack message, "" when none */
	int has_offs;	    /* the kernel blamed an attribute: */
	uint32_t offs;	    /* its offset from the request's nlmsghdr */
	int has_cookie;	    /* batch: */
	uint32_t cookie;    /* the index of the failing operation */
	uint32_t miss_type; /* a required attribute missing, 0: none */
	char range[48];	    /* what the blamed attribute's policy allows */
	char attr[96];	    /* its name, when the sender named it (nl.c) */
};

/*
 * How the changes sent on a handle are applied (RCF_A_EPOCH_MODE and
 * RCF_A_EPOCH_TIMEOUT_MS); zero: unset, the kernel's defaults.  The
 * tools' requests carry it (nl.h); raw requests do not.
 */
struct rcf_epoch_req {
	int has_mode;
	uint8_t mode;	     /* enum rcf_epoch_mode */
	uint32_t timeout_ms; /* 0: not sent */
};

struct rcf_nl {
	struct nl_sock *sk;
	int family;
	uint32_t events_grp; /* the events group's id, 0 when none */
	struct rcf_nl_err e; /* the last request's answer */
	int dump_intr;	     /* a part of the last dump said NLM_F_DUMP_INTR */
	struct rcf_epoch_req epoch; /* set after rcf_nl_open */
};

/*
 * Connects and resolves the family and its events group: 0, or a
 * negative errno with a reason in err (when not NULL).
 */
int rcf_nl_open(struct rcf_nl *nl, char *err, size_t errlen);
void rcf_nl_close(struct rcf_nl *nl);
/* the socket's descriptor, for poll and socket options */
int rcf_nl_fd(const struct rcf_nl *nl);
/* Joins the events group: 0, or a negative errno with err filled. */
int rcf_nl_join_events(struct rcf_nl *nl, char *err, size_t errlen);

/*
 * Decodes an NLMSG_ERROR or NLMSG_DONE message into e: the errno and the
 * extended ack's attributes, after the echoed request unless the kernel
 * capped it.
 */
void rcf_nl_err_parse(const struct nlmsghdr *nlh, struct rcf_nl_err *e);
/* "<extack message> (<strerror>)" or "<strerror>", with attr and range */
void rcf_nl_error_str(const struct rcf_nl_err *e, char *buf, size_t len);

/*
 * Sends msg (the caller still owns it: its bytes are what an extack
 * offset points into) and reads until its ack, error or dump end.  Every
 * message answering it (its sequence number) reaches cb as it is;
 * anything else (events, late answers to requests nobody waited for) is
 * skipped.  nl->e gets the answer, nl->dump_intr whether the dump was
 * interrupted by a change.  0, cb's negative return, or a negative errno
 * (nl->e.err).
 */
typedef int (*rcf_nl_raw_cb)(struct nl_msg *msg, void *arg);
int rcf_nl_exchange(struct rcf_nl *nl, struct nl_msg *msg, rcf_nl_raw_cb cb,
		    void *arg);

/*
 * Waits up to timeout_ms (-1: for ever) for the socket to be readable and
 * reads one datagram, giving cb each message of the family that is not
 * an answer (an event).  The number of messages read (events or not), 0
 * when the time ran out, -ENOBUFS when the socket overran and events
 * were lost, or another negative errno.
 */
int rcf_nl_event_read(struct rcf_nl *nl, int timeout_ms, rcf_nl_raw_cb cb,
		      void *arg);

#endif
