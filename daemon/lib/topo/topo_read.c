// SPDX-License-Identifier: GPL-2.0
/*
 * A topology file into a struct rcf_topo without an array of parsed
 * lines: each line's object goes to t as it is read, its command and line
 * number to a small array, and the model's checks run over the objects
 * at the end.
 */
#include <errno.h>
#include <stdlib.h>

#include "obj/batch.h"
#include "obj/route_line.h"
#include "topo/topo_check.h"
#include "topo/topo_read.h"
#include "topo/topo_routes.h"
#include "util/errf.h"

/* a line kept as an object of t: what topo_check.h needs besides it */
struct kept {
	uint8_t cmd;
	int line;
};

struct reader {
	struct rcf_topo *t;
	struct rcf_routes *s;
	struct kept *k;
	size_t n, cap;
	/* the first line a topology cannot hold, reported once all parse */
	int bad_line;
	int bad_path;
	const char *name;
	const struct rcf_topo_sink *sink;
	int started; /* the sink has the fabric */
};

static int keep(struct reader *r, const struct rcf_op *op)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 256;
		struct kept *p = realloc(r->k, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		r->k = p;
		r->cap = cap;
	}
	if (!rcf_topo_add(r->t, &op->o))
		return -ENOMEM;
	r->k[r->n].cmd = op->cmd;
	r->k[r->n++].line = op->line;
	return 0;
}

static int check(struct reader *r, const char *name, char *err, size_t errlen);

/*
 * Before a route of source src goes to the set: at the first, the fabric
 * so far checked and handed to the sink, its objects then dropped; at a
 * new source past RCF_TOPO_PIECE routes, the set handed on as a piece.
 */
static int to_sink(struct reader *r, uint32_t src)
{
	struct rcf_routes *s = r->s;
	char why[256];
	int rc;

	if (!r->started) {
		if (check(r, r->name, why, sizeof(why)))
			return RCF_TOPO_AGAIN;
		rc = r->sink->start(r->t, r->sink->arg);
		if (rc)
			return rc;
		rcf_topo_free(r->t);
		r->n = 0;
		r->started = 1;
	}
	if (s->n >= RCF_TOPO_PIECE && src != s->r[s->n - 1].src)
		return r->sink->piece(s, r->sink->arg);
	return 0;
}

static int take(const struct rcf_op *op, void *arg)
{
	struct reader *r = arg;
	enum rcf_kind k;
	enum rcf_verb verb;

	/* the sink's fabric is what came before the routes */
	if (r->started && op->cmd != RCF_CMD_ROUTE_NEW)
		return RCF_TOPO_AGAIN;
	rcf_cmd_split(op->cmd, &k, &verb);
	/* paths live only as long as their masters need them */
	if (k == RCF_K_PATH || (!(k == RCF_K_FABRIC && verb == RCF_V_SET) &&
				!(k != RCF_K_FABRIC && verb == RCF_V_NEW))) {
		if (!r->bad_line) {
			r->bad_line = op->line;
			r->bad_path = k == RCF_K_PATH;
		}
		return 0;
	}
	if (r->bad_line)
		return 0;
	if (op->cmd == RCF_CMD_FABRIC_SET) {
		/* as the kernel applies them: each line over the last */
		for (int a = 1; a < __RCF_A_MAX; a++)
			if (rcf_has(&op->o, a))
				rcf_set(&r->t->fabric, a, op->o.v[a]);
		return 0;
	}
	if (op->cmd == RCF_CMD_ROUTE_NEW && r->s) {
		int rc = r->sink ? to_sink(r, op->o.v[RCF_A_ROUTE_SRC]) : 0;

		return rc ? rc : rcf_routes_collect(op->cmd, &op->o, r->s);
	}
	return keep(r, op);
}

/* what take() does with a route line, without its kilobyte operation */
static int take_route(const struct rcf_route_line *l, void *arg)
{
	struct reader *r = arg;

	if (r->bad_line)
		return 0;
	/* most routes are neither the first nor past a piece's size */
	if (r->sink && (!r->started || r->s->n >= RCF_TOPO_PIECE)) {
		int rc = to_sink(r, l->src);

		if (rc)
			return rc;
	}
	return rcf_routes_push(r->s, l->src, l->dst, l->index, l->hops,
			       l->nhops)
		       ? -ENOMEM
		       : 0;
}

/* the kept lines with their objects, in file order, and checked */
static int check(struct reader *r, const char *name, char *err, size_t errlen)
{
	struct rcf_topo_line *l = malloc((r->n ? r->n : 1) * sizeof(*l));
	size_t at[RCF_K_NR] = {0};
	int rc;

	if (!l) {
		rcf_errf(err, errlen, "%s: out of memory", name);
		return -ENOMEM;
	}
	for (size_t i = 0; i < r->n; i++) {
		enum rcf_kind k;
		enum rcf_verb verb;

		rcf_cmd_split(r->k[i].cmd, &k, &verb);
		l[i].cmd = r->k[i].cmd;
		l[i].line = r->k[i].line;
		l[i].o = &r->t->v[k].o[at[k]++];
	}
	rc = rcf_topo_check_lines(l, r->n, name, err, errlen);
	free(l);
	return rc;
}

int rcf_topo_read_into(FILE *f, const char *name, struct rcf_topo *t,
		       struct rcf_routes *s, char *err, size_t errlen)
{
	return rcf_topo_read_sink(f, name, t, s, NULL, err, errlen);
}

int rcf_topo_read_sink(FILE *f, const char *name, struct rcf_topo *t,
		       struct rcf_routes *s, const struct rcf_topo_sink *sink,
		       char *err, size_t errlen)
{
	struct reader r = {.t = t, .s = s, .name = name, .sink = sink};
	int rc;

	rcf_topo_init(t);
	if (s)
		rcf_routes_init(s);
	rc = rcf_batch_each_route(f, name, take, s ? take_route : NULL, &r, err,
				  errlen);
	if (!rc && r.bad_line)
		rc = rcf_errf(
			err, errlen,
			r.bad_path ? "%s:%d: a topology file holds no paths; "
				     "make them with rcfctl path add or "
				     "-batch"
				   : "%s:%d: a topology file holds only add "
				     "lines and fabric set",
			name, r.bad_line);
	if (!rc && !r.started)
		rc = check(&r, name, err, errlen);
	free(r.k);
	if (rc) {
		rcf_topo_free(t);
		if (s)
			rcf_routes_free(s);
	}
	return rc;
}
