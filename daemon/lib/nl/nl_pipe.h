/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Batches sent in order by a sender thread while the caller fills the
 * next (nl_pipe.c).  Use: p = rcf_nl_pipe_new(nl, cap, NULL); fill up to cap
 * ops in rcf_nl_pipe_buf(p) and hand them over with rcf_nl_pipe_push(p,
 * n), as often as needed; then rcf_nl_pipe_end and rcf_nl_pipe_free.
 * Nothing else may use nl in between.
 */
#ifndef RCF_NL_PIPE_H
#define RCF_NL_PIPE_H

#include <stddef.h>

#include "obj/rcf_obj.h"

struct rcf_nl;
struct rcf_nl_pipe;

struct rcf_nl_pipe_result {
	size_t done_ops;		 /* operations the kernel applied */
	const struct rcf_op *failed_ops; /* the refused batch, or NULL */
	size_t failed_n;
};

struct nl_msg;
/* Sends msg (consumed); 0 or a negative errno with nl->e filled. */
typedef int (*rcf_nl_pipe_send_fn)(struct rcf_nl *nl, struct nl_msg *msg);

/*
 * NULL when out of memory or without a thread.  send: NULL for
 * rcf_nl_send_batch (the kernel); tests give their own.
 */
struct rcf_nl_pipe *rcf_nl_pipe_new(struct rcf_nl *nl, size_t cap,
				    rcf_nl_pipe_send_fn send);
/* The buffer to fill next; valid until the next push. */
struct rcf_op *rcf_nl_pipe_buf(struct rcf_nl_pipe *p);
/*
 * Queues the n ops of the buffer as one batch; waits while every buffer
 * is taken.  -1 once a batch has been refused (nothing more is sent),
 * -ENOMEM when the message could not be built.
 */
int rcf_nl_pipe_push(struct rcf_nl_pipe *p, size_t n);
/*
 * Waits for the queued batches; 0, or -1 when one was refused: nl->e says
 * why and res->failed_ops its operations (valid until rcf_nl_pipe_free).
 */
int rcf_nl_pipe_end(struct rcf_nl_pipe *p, struct rcf_nl_pipe_result *res);
void rcf_nl_pipe_free(struct rcf_nl_pipe *p);

#endif /* RCF_NL_PIPE_H */
