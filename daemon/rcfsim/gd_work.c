// SPDX-License-Identifier: GPL-2.0
/*
 * The workloads of García-Duato §4 and the loop that runs the algorithm
 * of §3 over them.  A workload is a logical sequence of messages: the
 * paper's FDP interleaves processes by its own scheduler, which the
 * paper does not describe, so the interleaving here is fixed and stated
 * with each workload.  Each message is delivered before the next is sent
 * (store and forward of whole messages, §2.1), so an epoch always finds
 * the fabric drained.
 */
#include <stdlib.h>
#include <string.h>

#include "util/errf.h"
#include "util/grow.h"
#include "gd.h"

void gd_work_free(struct gd_work *w)
{
	free(w->m);
	memset(w, 0, sizeof(*w));
}

static int add(struct gd_work *w, uint32_t src, uint32_t dst)
{
	struct gd_msg *p;

	if (src == dst) {
		/* §3.1.3: internal communications are not counted */
		w->internal++;
		return 0;
	}
	p = rcf_grow(w->m, w->n, &w->cap, sizeof(*p), 256);
	if (!p)
		return -1;
	w->m = p;
	w->m[w->n++] = (struct gd_msg){src, dst};
	return 0;
}

int gd_work_case1(struct gd_work *w, uint32_t per)
{
	memset(w, 0, sizeof(*w));
	/* the two sources alternate, node 0 first */
	for (uint32_t k = 0; k < per; k++)
		if (add(w, 0, 15) || add(w, 8, 15))
			return -1;
	return 0;
}

int gd_work_case2(struct gd_work *w, uint32_t per)
{
	memset(w, 0, sizeof(*w));
	/* one message of each arc per round, in the order of the cycle */
	for (uint32_t k = 0; k < per; k++)
		if (add(w, 0, 12) || add(w, 12, 3) || add(w, 3, 0))
			return -1;
	return 0;
}

/* splitmix64: a seeded, portable sequence */
static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#define GV_WORDS    2 /* columns <= 128 */
#define GV_MAX_COLS (64 * GV_WORDS)

struct row {
	uint64_t b[GV_WORDS];
};

static int row_type(const struct row *r)
{
	for (int w = 0; w < GV_WORDS; w++)
		if (r->b[w])
			return 64 * w + __builtin_ctzll(r->b[w]);
	return -1;
}

struct rowq {
	struct row *r;
	size_t head, n, cap; /* r[head .. head + n) */
};

static int q_push(struct rowq *q, const struct row *r)
{
	if (q->head + q->n == q->cap) {
		if (q->head) {
			memmove(q->r, q->r + q->head, q->n * sizeof(*q->r));
			q->head = 0;
		} else {
			struct row *p =
				rcf_grow(q->r, q->n, &q->cap, sizeof(*p), 8);

			if (!p)
				return -1;
			q->r = p;
		}
	}
	q->r[q->head + q->n++] = *r;
	return 0;
}

static struct row q_pop(struct rowq *q)
{
	q->n--;
	return q->r[q->head++];
}

struct colcount {
	uint32_t col, nnz;
};

static int cmp_cc(const void *a, const void *b)
{
	const struct colcount *x = a, *y = b;

	if (x->nnz != y->nnz)
		return x->nnz < y->nnz ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

static void set_bit(struct row *r, uint32_t c)
{
	r->b[c / 64] |= 1ULL << (c % 64);
}

/*
 * §4.2.  The matrix: each row gets 1, 2 or 3 non-zeros (two on average)
 * in distinct random columns.  Reordering (the paper reorders "to reduce
 * the number of messages" without saying how): columns by ascending
 * non-zero count, the sparsest first.  Process t holds the rows of type t
 * (leftmost non-zero in column t).  Fill-in is structural: a rotation of
 * rows r1, r2 of type t leaves r1 | r2 in t and sends (r1 | r2) minus
 * column t on to the process of its type; an empty row is discarded and
 * no numerical cancellation is modelled.  Scheduling: the processes take
 * turns in column order, one rotation (of the two oldest rows) per turn,
 * until no process holds two rows; then the termination token goes once
 * through every process, 0 to cols - 1.
 */
int gd_work_givens(struct gd_work *w, uint32_t rows, uint32_t cols,
		   uint64_t seed, int reorder, uint32_t nodes)
{
	struct colcount cc[GV_MAX_COLS];
	uint32_t perm[GV_MAX_COLS];
	struct row *m = NULL;
	struct rowq *q = NULL;
	uint64_t s = seed;
	int rc = -1, busy = 1;

	memset(w, 0, sizeof(*w));
	if (cols < 2 || cols > GV_MAX_COLS || !rows || !nodes)
		return -1;
	m = calloc(rows, sizeof(*m));
	q = calloc(cols, sizeof(*q));
	if (!m || !q)
		goto out;
	for (uint32_t c = 0; c < cols; c++)
		cc[c] = (struct colcount){c, 0};
	for (uint32_t i = 0; i < rows; i++) {
		uint32_t k = 1 + rnd(&s) % 3;

		for (uint32_t j = 0; j < k; j++) {
			uint32_t c;

			do
				c = rnd(&s) % cols;
			while (m[i].b[c / 64] & (1ULL << (c % 64)));
			set_bit(&m[i], c);
			cc[c].nnz++;
		}
	}
	if (reorder)
		qsort(cc, cols, sizeof(*cc), cmp_cc);
	for (uint32_t c = 0; c < cols; c++)
		perm[cc[c].col] = c;
	for (uint32_t i = 0; i < rows; i++) {
		struct row r = {{0}};

		for (uint32_t c = 0; c < cols; c++)
			if (m[i].b[c / 64] & (1ULL << (c % 64)))
				set_bit(&r, perm[c]);
		if (q_push(&q[row_type(&r)], &r))
			goto out;
	}
	while (busy) {
		busy = 0;
		for (uint32_t t = 0; t < cols; t++) {
			struct row r1, r2, u;
			int t2;

			if (q[t].n < 2)
				continue;
			busy = 1;
			r1 = q_pop(&q[t]);
			r2 = q_pop(&q[t]);
			for (int k = 0; k < GV_WORDS; k++)
				u.b[k] = r1.b[k] | r2.b[k];
			if (q_push(&q[t], &u))
				goto out;
			u.b[t / 64] &= ~(1ULL << (t % 64));
			w->rotations++;
			t2 = row_type(&u);
			if (t2 < 0)
				continue;
			if (add(w, t % nodes, t2 % nodes) || q_push(&q[t2], &u))
				goto out;
		}
	}
	for (uint32_t t = 0; t + 1 < cols; t++, w->tokens++)
		if (add(w, t % nodes, (t + 1) % nodes))
			goto out;
	rc = 0;
out:
	for (uint32_t t = 0; q && t < cols; t++)
		free(q[t].r);
	free(q);
	free(m);
	return rc;
}

void gd_sim_result_free(struct gd_sim_result *r)
{
	free(r->log);
	r->log = NULL;
	r->nlog = 0;
}

/*
 * §3.3's per-node loop for one end of a message: record it, count it,
 * evaluate every threshold2 messages, and run a chosen change as an
 * epoch (§2.2: the controller suspends traffic, rewires, broadcasts the
 * new mapping, resumes; here the engine half drains, applies
 * sn_swap_ops and rebuilds).
 */
static int node_event(const struct gd_sim_cfg *c, struct gd_state *s,
		      uint64_t *count, uint32_t i, uint32_t j, int sent,
		      uint64_t msg, struct gd_sim_result *r, char *err,
		      size_t errlen)
{
	int rec = c->opt.count == GD_COUNT_BOTH ||
		  (c->opt.count == GD_COUNT_SENT) == sent;
	struct gd_change ch;

	/* Message_count (§3.3) counts both ways whatever C_ij records */
	if (rec)
		gd_record(s, i, j, 1);
	if (++count[i] % c->opt.threshold2)
		return 0;
	if (!gd_evaluate(s, i, &ch))
		return 0;
	if (c->max_changes && s->changes >= c->max_changes) {
		r->limit_hit = 1;
		return 0;
	}
	if (c->epoch && c->epoch(c->priv, &c->topo, &s->map, ch.a, ch.b))
		return rcf_errf(err, errlen,
				"epoch swapping nodes %u and %u failed", ch.a,
				ch.b);
	if (r->nlog % 64 == 0) {
		struct gd_sim_change *p =
			realloc(r->log, (r->nlog + 64) * sizeof(*p));

		if (!p)
			return rcf_errf(err, errlen, "out of memory");
		r->log = p;
	}
	r->log[r->nlog++] = (struct gd_sim_change){
		.msg = msg,
		.a = ch.a,
		.b = ch.b,
		.pa = s->map.pos[ch.a],
		.pb = s->map.pos[ch.b],
		.cost_before = ch.cost_before,
		.cost_after = ch.cost_after,
		.ties = ch.ties,
	};
	gd_apply(s, &ch);
	r->after_last = 0;
	return 0;
}

int gd_sim_run(const struct gd_sim_cfg *c, const struct gd_work *w,
	       struct gd_sim_result *r, char *err, size_t errlen)
{
	uint32_t path[SN_MAX_NODES];
	uint64_t count[SN_MAX_NODES] = {0};
	struct gd_state s;
	int rc = 0;

	memset(r, 0, sizeof(*r));
	if (c->topo.n > SN_MAX_NODES || !c->opt.threshold2)
		return rcf_errf(err, errlen, "bad topology or threshold2");
	if (gd_init(&s, &c->topo, &c->opt))
		return rcf_errf(err, errlen, "out of memory");
	for (size_t k = 0; k < w->n && !rc; k++) {
		uint32_t a = w->m[k].src, b = w->m[k].dst, np;

		if (a >= c->topo.n || b >= c->topo.n) {
			rc = rcf_errf(err, errlen, "message %zu: no node %u", k,
				      a >= c->topo.n ? a : b);
			break;
		}
		if (c->send && c->send(c->priv, a, b)) {
			rc = rcf_errf(
				err, errlen,
				"message %zu from %u to %u was not delivered "
				"there",
				k, a, b);
			break;
		}
		r->messages++;
		np = sn_path(&c->topo, s.map.pos[a], s.map.pos[b], path);
		r->crossings += np;
		r->after_last += np;
		for (uint32_t h = 0; h < np; h++)
			r->relay[s.map.at[path[h]]]++;
		if (!c->dynamic)
			continue;
		/* the sender counts its message, then the receiver */
		rc = node_event(c, &s, count, a, b, 1, k, r, err, errlen);
		if (!rc)
			rc = node_event(c, &s, count, b, a, 0, k, r, err,
					errlen);
	}
	for (uint32_t i = 0; i < c->topo.n; i++) {
		if (r->relay[i] > r->max_node) {
			r->max_node = r->relay[i];
			r->max_node_id = i;
		}
		r->pos[i] = s.map.pos[i];
	}
	r->changes = s.changes;
	r->evaluations = s.evaluations;
	gd_free(&s);
	return rc;
}
