// SPDX-License-Identifier: GPL-2.0
/*
 * The one-to-all operations on the RCP tree (§4): at step l every rank i
 * already reached joins ranks (k+1)^l + ik + j, j < k; ranks past N are
 * left out, which is all a number of nodes that is not a power of k + 1
 * changes in the tree.  Scatter (§5.1) sends each child the blocks of its
 * subtree; broadcast (§5.2) splits the message for h' steps, sends it
 * whole after, and undoes the splits in cliques of complementary nodes.
 */
#include <stdlib.h>
#include <string.h>

#include "coll/coll_build.h"
#include "util/errf.h"

struct tree {
	int *reach;	/* step at which each rank joins, -1 for 0 */
	uint32_t *par;	/* the rank that joins it */
	uint32_t *anc;	/* at level l: the ancestor that joined by step l */
	uint32_t *head; /* at level l: first rank under each ancestor */
	uint32_t *next;
};

static void tree_free(struct tree *t)
{
	free(t->reach);
	free(t->par);
	free(t->anc);
	free(t->head);
	free(t->next);
}

static int tree_init(struct coll_bld *b, struct tree *t)
{
	uint32_t n = b->p->nodes;

	t->reach = calloc(n, sizeof(*t->reach));
	t->par = calloc(n, sizeof(*t->par));
	t->anc = calloc(n, sizeof(*t->anc));
	t->head = calloc(n, sizeof(*t->head));
	t->next = calloc(n, sizeof(*t->next));
	if (!t->reach || !t->par || !t->anc || !t->head || !t->next)
		return rcf_errf(b->err, b->len, "out of memory");
	t->reach[0] = -1;
	for (uint32_t r = 1; r < n; r++) {
		t->reach[r] = rcf_coll_rcp_reached(r, b->p->k);
		t->par[r] = rcf_coll_rcp_parent(r, b->p->k);
	}
	return 0;
}

/*
 * Each rank's ancestor among the ranks reached by step l, and the ranks
 * under each such ancestor as lists (head, next; UINT32_MAX ends them).
 */
static void tree_level(struct tree *t, uint32_t n, uint32_t l)
{
	for (uint32_t r = 0; r < n; r++) {
		t->anc[r] = t->reach[r] <= (int)l ? r : t->anc[t->par[r]];
		t->head[r] = UINT32_MAX;
	}
	for (uint32_t r = n; r-- > 0;) {
		t->next[r] = t->head[t->anc[r]];
		t->head[t->anc[r]] = r;
	}
}

/* the children rank i joins at step l: first one and how many */
static uint32_t children(const struct rcf_coll_plan *p, uint32_t i, uint32_t l,
			 uint64_t *first)
{
	*first = rcf_coll_pow(p->k, l) + (uint64_t)i * p->k;
	if (*first >= p->nodes)
		return 0;
	return p->nodes - *first < p->k ? (uint32_t)(p->nodes - *first) : p->k;
}

/* ranks below min((k+1)^l, N): the ones reached before step l */
static uint32_t reached_before(const struct rcf_coll_plan *p, uint32_t l)
{
	uint64_t a = rcf_coll_pow(p->k, l);

	return a < p->nodes ? (uint32_t)a : p->nodes;
}

/* rank i joins its child c and sends it the scratch set */
static int tree_send(struct coll_bld *b, uint32_t i, uint32_t c)
{
	uint32_t x = coll_node(b->p, i), y = coll_node(b->p, c);
	int64_t ci = coll_bld_circ(b, x, y);

	return ci < 0 ? -1 : coll_bld_send(b, (uint64_t)ci, x, y, b->tmp);
}

int coll_plan_scatter(struct coll_bld *b)
{
	struct rcf_coll_plan *p = b->p;
	struct tree t = {0};
	int rc = tree_init(b, &t);

	for (uint32_t l = 0; !rc && l < p->h; l++) {
		rc = coll_bld_step(b, RCF_COLL_PH_RCP, l, l + 1);
		tree_level(&t, p->nodes, l);
		for (uint32_t i = 0; !rc && i < reached_before(p, l); i++) {
			uint64_t c0;
			uint32_t nc = children(p, i, l, &c0);

			for (uint32_t j = 0; !rc && j < nc; j++) {
				uint32_t c = (uint32_t)c0 + j;

				memset(b->tmp, 0, b->words * 8);
				for (uint32_t r = t.head[c]; r != UINT32_MAX;
				     r = t.next[r])
					bit_set(b->tmp, coll_node(p, r));
				rc = tree_send(b, i, c);
			}
		}
	}
	tree_free(&t);
	return rc;
}

/* the pieces [lo, hi) as a set */
static void range_set(uint64_t *s, uint64_t words, uint64_t lo, uint64_t hi)
{
	memset(s, 0, words * 8);
	for (uint64_t i = lo; i < hi; i++)
		bit_set(s, i);
}

struct bcast {
	uint64_t *lo, *hi;   /* pieces each rank answers for */
	uint64_t *plo, *phi; /* [l * N + r]: r's part after the split at l */
};

static int bcast_tree(struct coll_bld *b, struct bcast *m)
{
	struct rcf_coll_plan *p = b->p;
	int rc = 0;

	m->hi[0] = p->nitems;
	for (uint32_t l = 0; !rc && l < p->h; l++) {
		int split = l < p->split;

		rc = coll_bld_step(b,
				   split ? RCF_COLL_PH_SPLIT : RCF_COLL_PH_RCP,
				   l, l + 1);
		for (uint32_t i = 0; !rc && i < reached_before(p, l); i++) {
			uint64_t c0, len = m->hi[i] - m->lo[i], off = m->lo[i];
			uint32_t nc = children(p, i, l, &c0);

			/* i keeps part 0, child j gets part j + 1 */
			for (uint32_t v = 0; !rc && split && v <= nc; v++) {
				uint64_t sz =
					len / (nc + 1) + (v < len % (nc + 1));
				uint32_t r = v ? (uint32_t)c0 + v - 1 : i;

				m->lo[r] = off;
				m->hi[r] = off + sz;
				m->plo[(uint64_t)l * p->nodes + r] = off;
				m->phi[(uint64_t)l * p->nodes + r] = off + sz;
				off += sz;
			}
			for (uint32_t j = 0; !rc && j < nc; j++) {
				uint32_t c = (uint32_t)c0 + j;

				if (!split) {
					m->lo[c] = m->lo[i];
					m->hi[c] = m->hi[i];
				}
				range_set(b->tmp, b->words, m->lo[c], m->hi[c]);
				rc = tree_send(b, i, c);
			}
		}
	}
	return rc;
}

/*
 * The rank at x's place in the subtree of m, for x under m0 (steps after
 * l only): the same children taken at the same steps; N or more when the
 * place is past the last node.
 */
static uint64_t same_place(const struct rcf_coll_plan *p, const struct tree *t,
			   uint32_t x, uint32_t m0, uint64_t m)
{
	uint32_t path[64], steps[64], n = 0;

	for (uint32_t y = x; y != m0; y = t->par[y], n++) {
		steps[n] = (uint32_t)t->reach[y];
		path[n] = y - (uint32_t)rcf_coll_pow(p->k, steps[n]) -
			  t->par[y] * p->k;
	}
	while (n-- > 0 && m < p->nodes)
		m = rcf_coll_pow(p->k, steps[n]) + m * p->k + path[n];
	return m;
}

/*
 * Clique members send each other their parts, q[u] the pieces [lo[u],
 * hi[u]): what the member of the split it descends from was given.
 */
static int exchange(struct coll_bld *b, const uint32_t *q, const uint64_t *lo,
		    const uint64_t *hi, uint32_t nq)
{
	struct rcf_coll_plan *p = b->p;
	int rc = 0;

	for (uint32_t u = 0; !rc && u < nq; u++)
		for (uint32_t v = u + 1; !rc && v < nq; v++) {
			uint32_t x = coll_node(p, q[u]), y = coll_node(p, q[v]);
			int64_t ci = coll_bld_circ(b, x, y);

			for (int d = 0; !rc && d < 2 && ci >= 0; d++) {
				uint32_t s = d ? y : x, r = d ? x : y,
					 from = d ? v : u;
				const uint64_t *hs = bset(b, b->held, s),
					       *hr = bset(b, b->held, r);

				range_set(b->tmp, b->words, lo[from], hi[from]);
				for (uint64_t w = 0; w < b->words; w++)
					b->tmp[w] &= hs[w] & ~hr[w];
				rc = coll_bld_send(b, (uint64_t)ci, s, r,
						   b->tmp);
			}
			if (ci < 0)
				rc = -1;
		}
	return rc;
}

/*
 * Undoing the split of step l: the ranks at one place in the subtrees
 * (steps after l) of a splitting rank m0 and of the children it joined at
 * l held complementary parts, and form a clique.  m0's subtree is the
 * largest (a child's number grows with its parent's), so every clique
 * has its member there.
 */
static int bcast_cliques(struct coll_bld *b, struct tree *t,
			 const struct bcast *m)
{
	struct rcf_coll_plan *p = b->p;
	uint64_t qlo[RCF_COLL_MAX_K + 1], qhi[RCF_COLL_MAX_K + 1];
	uint32_t q[RCF_COLL_MAX_K + 1];
	int rc = 0;

	for (uint32_t l = p->split; !rc && l-- > 0;) {
		rc = coll_bld_step(b, RCF_COLL_PH_CLIQUE, l, l + 1);
		tree_level(t, p->nodes, l);
		for (uint32_t x = 0; !rc && x < p->nodes; x++) {
			uint32_t m0 = t->anc[x], nq = 1, nc;
			uint64_t c0, g = (uint64_t)l * p->nodes;

			if (t->reach[m0] >= (int)l)
				continue; /* under a child: m0's member asks */
			nc = children(p, m0, l, &c0);
			q[0] = x;
			qlo[0] = m->plo[g + m0];
			qhi[0] = m->phi[g + m0];
			for (uint32_t j = 0; j < nc; j++) {
				uint64_t y = same_place(p, t, x, m0, c0 + j);

				if (y >= p->nodes)
					continue;
				qlo[nq] = m->plo[g + c0 + j];
				qhi[nq] = m->phi[g + c0 + j];
				q[nq++] = (uint32_t)y;
			}
			if (nq > 1)
				rc = exchange(b, q, qlo, qhi, nq);
		}
	}
	return rc;
}

int coll_plan_bcast(struct coll_bld *b)
{
	struct rcf_coll_plan *p = b->p;
	uint64_t ng = (uint64_t)(p->split ? p->split : 1) * p->nodes;
	struct bcast m = {
		.lo = calloc(p->nodes, sizeof(uint64_t)),
		.hi = calloc(p->nodes, sizeof(uint64_t)),
		.plo = calloc(ng, sizeof(uint64_t)),
		.phi = calloc(ng, sizeof(uint64_t)),
	};
	struct tree t = {0};
	int rc;

	if (!m.lo || !m.hi || !m.plo || !m.phi)
		rc = rcf_errf(b->err, b->len, "out of memory");
	else
		rc = tree_init(b, &t);
	if (!rc)
		rc = bcast_tree(b, &m);
	if (!rc)
		rc = bcast_cliques(b, &t, &m);
	tree_free(&t);
	free(m.lo);
	free(m.hi);
	free(m.plo);
	free(m.phi);
	return rc;
}
