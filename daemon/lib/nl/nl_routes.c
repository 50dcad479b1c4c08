// SPDX-License-Identifier: GPL-2.0
/*
 * A route set replaced in batches: rcf_routes_diff orders the changes
 * (deletions first, so a pair whose route stays keeps it throughout) and
 * the pipeline of nl_pipe.c sends them while the next batch is packed.
 */
#include <errno.h>
#include <string.h>

#include "nl/nl.h"
#include "nl/nl_pipe.h"
#include "nl/nl_routes.h"

struct filler {
	struct rcf_nl_pipe *p;
	struct rcf_op *ops;
	size_t n, queued, total;
	rcf_nl_install_progress progress;
	void *arg;
};

static int flush(struct filler *f)
{
	int rc;

	if (!f->n)
		return 0;
	rc = rcf_nl_pipe_push(f->p, f->n);
	if (rc)
		return rc;
	f->queued += f->n;
	f->n = 0;
	f->ops = rcf_nl_pipe_buf(f->p);
	if (f->progress)
		f->progress(f->queued, f->total, f->arg);
	return 0;
}

static int add(enum rcf_verb verb, const struct rcf_routes *s,
	       const struct rcf_route_rec *r, void *arg)
{
	struct filler *f = arg;
	struct rcf_op *op = &f->ops[f->n++];

	op->cmd = rcf_cmd(RCF_K_ROUTE, verb);
	op->line = 0;
	rcf_obj_init(&op->o, RCF_K_ROUTE);
	rcf_set(&op->o, RCF_A_ROUTE_SRC, r->src);
	rcf_set(&op->o, RCF_A_ROUTE_DST, r->dst);
	rcf_set(&op->o, RCF_A_ROUTE_INDEX, r->index);
	if (verb != RCF_V_DEL) {
		unsigned int len;
		const uint8_t *hops = rcf_route_hops(s, r, &len);

		rcf_set(&op->o, RCF_A_ROUTE_HOPS, 0);
		op->o.nhops = (uint8_t)len;
		memcpy(op->o.hops, hops, len);
	}
	return f->n == RCF_BATCH_MAX_OPS ? flush(f) : 0;
}

int rcf_nl_routes_install(struct rcf_nl *nl, const struct rcf_routes *old,
			  const struct rcf_routes *new,
			  rcf_nl_install_progress progress, void *arg,
			  struct rcf_nl_install *res)
{
	struct filler f = {.progress = progress, .arg = arg};
	struct rcf_nl_pipe_result pr;
	struct rcf_route_diff d;
	int rc;

	memset(res, 0, sizeof(*res));
	rcf_routes_diff(old, new, NULL, NULL, &d);
	f.total = res->total = d.removed + d.added + d.changed;
	f.p = rcf_nl_pipe_new(nl, RCF_BATCH_MAX_OPS, NULL);
	if (!f.p)
		return -ENOMEM;
	f.ops = rcf_nl_pipe_buf(f.p);
	rc = rcf_routes_diff(old, new, add, &f, NULL);
	if (!rc)
		rc = flush(&f);
	/* a refusal shows here, whichever batch the filler was at */
	if (rcf_nl_pipe_end(f.p, &pr)) {
		rc = -1;
		if (nl->e.has_cookie && nl->e.cookie < pr.failed_n) {
			res->has_op = 1;
			res->op = pr.failed_ops[nl->e.cookie].o;
		}
	}
	res->done = pr.done_ops;
	rcf_nl_pipe_free(f.p);
	return rc;
}
