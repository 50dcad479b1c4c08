// SPDX-License-Identifier: GPL-2.0
/*
 * Batches sent in order by a thread of their own while the caller fills
 * the next one.  The kernel applies a batch inside the sender's sendmsg,
 * so a single thread alternates between packing messages and waiting for
 * the kernel; with two, the packing of batch k+1 overlaps the kernel's
 * work on batch k.  Order is kept (one sender, a FIFO), so a batch that
 * deletes a pair's routes still goes before the one that adds them again.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include <netlink/msg.h>

#include "nl/nl.h"
#include "nl/nl_pipe.h"

/* one filling, one queued, one in the kernel */
#define NBUF 3

struct rcf_nl_pipe {
	struct rcf_nl *nl;
	rcf_nl_pipe_send_fn send;
	size_t cap; /* operations per buffer */
	struct rcf_op *ops[NBUF];
	size_t n[NBUF];
	struct nl_msg *msg[NBUF];
	unsigned int filled, sent; /* batches queued and done, in order */
	int stop, failed;
	size_t done_ops;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t th;
};

static void *sender(void *arg)
{
	struct rcf_nl_pipe *p = arg;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		unsigned int k;
		int rc;

		while (p->sent == p->filled && !p->stop)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->sent == p->filled)
			break;
		k = p->sent % NBUF;
		pthread_mutex_unlock(&p->mu);
		rc = p->send(p->nl, p->msg[k]);
		pthread_mutex_lock(&p->mu);
		p->msg[k] = NULL;
		if (rc) {
			/* the failed batch's ops stay for the report */
			p->failed = 1;
			p->stop = 1;
			pthread_cond_broadcast(&p->cv);
			break;
		}
		p->done_ops += p->n[k];
		p->sent++;
		pthread_cond_broadcast(&p->cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

struct rcf_nl_pipe *rcf_nl_pipe_new(struct rcf_nl *nl, size_t cap,
				    rcf_nl_pipe_send_fn send)
{
	struct rcf_nl_pipe *p = calloc(1, sizeof(*p));
	int k;

	if (!p)
		return NULL;
	p->nl = nl;
	p->send = send ? send : rcf_nl_send_batch;
	p->cap = cap;
	for (k = 0; k < NBUF; k++) {
		p->ops[k] = malloc(cap * sizeof(*p->ops[k]));
		if (!p->ops[k])
			goto fail;
	}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	if (pthread_create(&p->th, NULL, sender, p)) {
		pthread_cond_destroy(&p->cv);
		pthread_mutex_destroy(&p->mu);
		goto fail;
	}
	return p;
fail:
	for (k = 0; k < NBUF; k++)
		free(p->ops[k]);
	free(p);
	return NULL;
}

struct rcf_op *rcf_nl_pipe_buf(struct rcf_nl_pipe *p)
{
	return p->ops[p->filled % NBUF];
}

int rcf_nl_pipe_push(struct rcf_nl_pipe *p, size_t n)
{
	unsigned int k = p->filled % NBUF;
	struct nl_msg *msg;
	int failed;

	if (!n)
		return 0;
	/* built here, beside the sender's work on the batches before it */
	msg = rcf_nl_batch_build(p->nl, p->ops[k], n);
	pthread_mutex_lock(&p->mu);
	if (!msg || p->failed) {
		pthread_mutex_unlock(&p->mu);
		if (msg)
			nlmsg_free(msg);
		return msg ? -1 : -ENOMEM;
	}
	p->msg[k] = msg;
	p->n[k] = n;
	p->filled++;
	pthread_cond_broadcast(&p->cv);
	/* the next buffer must be free: no batch in it waits or flies */
	while (p->filled - p->sent >= NBUF && !p->failed)
		pthread_cond_wait(&p->cv, &p->mu);
	failed = p->failed;
	pthread_mutex_unlock(&p->mu);
	return failed ? -1 : 0;
}

int rcf_nl_pipe_end(struct rcf_nl_pipe *p, struct rcf_nl_pipe_result *res)
{
	int k;

	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->th, NULL);
	res->done_ops = p->done_ops;
	res->failed_ops = NULL;
	res->failed_n = 0;
	if (p->failed) {
		k = p->sent % NBUF;
		res->failed_ops = p->ops[k];
		res->failed_n = p->n[k];
	}
	/* batches queued behind a failure were never sent */
	for (k = 0; k < NBUF; k++)
		if (p->msg[k]) {
			nlmsg_free(p->msg[k]);
			p->msg[k] = NULL;
		}
	return p->failed ? -1 : 0;
}

void rcf_nl_pipe_free(struct rcf_nl_pipe *p)
{
	int k;

	if (!p)
		return;
	pthread_cond_destroy(&p->cv);
	pthread_mutex_destroy(&p->mu);
	for (k = 0; k < NBUF; k++)
		free(p->ops[k]);
	free(p);
}
