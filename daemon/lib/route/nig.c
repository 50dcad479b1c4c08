// SPDX-License-Identifier: GPL-2.0
/* Node interaction graphs: reading, writing and the paper's workloads. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "util/errf.h"
#include "util/lines.h"
#include "route/nig.h"
#include "util/num.h"
#include "util/grow.h"
#include "obj/parse.h"
#include "stats/stats.h"

void rcf_nig_init(struct rcf_nig *g)
{
	memset(g, 0, sizeof(*g));
}

void rcf_nig_free(struct rcf_nig *g)
{
	free(g->a);
	rcf_nig_init(g);
}

int rcf_nig_add(struct rcf_nig *g, uint32_t src, uint32_t dst, uint32_t flow)
{
	struct rcf_nig_arc *a = rcf_grow(g->a, g->n, &g->cap, sizeof(*a), 64);

	if (!a)
		return -1;
	g->a = a;
	g->a[g->n++] = (struct rcf_nig_arc){src, dst, flow, 0};
	return 0;
}

static int cmp_arc(const void *x, const void *y)
{
	const struct rcf_nig_arc *a = x, *b = y;

	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	return a->dst < b->dst ? -1 : a->dst > b->dst;
}

/* pairs in file order, so that a sum's overflow names the line it is on */
static int cmp_arc_line(const void *x, const void *y)
{
	const struct rcf_nig_arc *a = x, *b = y;

	return cmp_arc(x, y) ? cmp_arc(x, y)
			     : (a->line > b->line) - (a->line < b->line);
}

void rcf_nig_sort(struct rcf_nig *g)
{
	size_t k = 0;

	if (!g->n)
		return; /* g->a may be NULL: qsort needs a real array */
	qsort(g->a, g->n, sizeof(*g->a), cmp_arc_line);
	for (size_t i = 0; i < g->n; i++) {
		if (k && !cmp_arc(&g->a[k - 1], &g->a[i])) {
			uint64_t sum =
				(uint64_t)g->a[k - 1].flow + g->a[i].flow;

			g->a[k - 1].flow =
				sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
		} else {
			g->a[k++] = g->a[i];
		}
	}
	g->n = k;
}

/* one "SRC DST [FLOW]" line into v, or -1 with the reason in why */
static int parse_arc(char **w, int n, uint32_t *v, char *why, size_t whylen)
{
	int rc;

	if (n < 2 || n > 3)
		return rcf_errf(why, whylen, "%s words",
				n < 2 ? "fewer" : "more");
	v[2] = 1;
	for (int i = 0; i < n; i++) {
		rc = i < 2 ? rcf_num_u32x(w[i], 0, RCF_MAX_NODES - 1, &v[i])
			   : rcf_num_u32x(w[i], 1, RCF_NIG_MAX_FLOW, &v[i]);
		if (rc && i < 2)
			return rcf_errf(why, whylen,
					"%s \"%.40s\": want a node id, 0 to %d",
					i ? "DST" : "SRC", w[i],
					RCF_MAX_NODES - 1);
		if (rc)
			return rcf_errf(why, whylen,
					"FLOW \"%.40s\": want 1 to %u", w[i],
					RCF_NIG_MAX_FLOW);
	}
	if (v[0] == v[1])
		return rcf_errf(why, whylen, "node %u sends to itself", v[0]);
	return 0;
}

/*
 * The flows of a pair add up in 64 bits; the first line that takes a sum
 * over RCF_NIG_MAX_FLOW is the one named.  g is sorted by pair, then line.
 */
static int check_sums(const struct rcf_nig *g, const char *name, char *err,
		      size_t errlen)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < g->n; i++) {
		const struct rcf_nig_arc *a = &g->a[i];

		if (!i || cmp_arc(&g->a[i - 1], a))
			sum = 0;
		sum += a->flow;
		if (sum > RCF_NIG_MAX_FLOW)
			return rcf_errf(err, errlen,
					"%s:%u: the flows of %u -> %u add up "
					"to %" PRIu64 ", over %u",
					name, a->line, a->src, a->dst, sum,
					RCF_NIG_MAX_FLOW);
	}
	return 0;
}

int rcf_nig_read(FILE *f, const char *name, struct rcf_nig *g, char *err,
		 size_t errlen)
{
	struct rcf_lines l;
	char *line, *w[3], why[160];
	uint32_t v[3];
	int rc, n;

	rcf_nig_init(g);
	rcf_lines_init(&l, f, name);
	while ((rc = rcf_lines_next(&l, &line, err, errlen)) > 0) {
		n = rcf_lines_words(line, w, 3);
		if (!n)
			continue;
		if (parse_arc(w, n, v, why, sizeof(why))) {
			snprintf(err, errlen,
				 "%s:%lu: want \"SRC DST [FLOW]\": %s", name,
				 l.lineno, why);
			rc = -1;
			break;
		}
		if (l.lineno > UINT32_MAX) {
			snprintf(err, errlen, "%s:%lu: too many lines", name,
				 l.lineno);
			rc = -1;
			break;
		}
		if (rcf_nig_add(g, v[0], v[1], v[2])) {
			snprintf(err, errlen, "%s: out of memory", name);
			rc = -1;
			break;
		}
		g->a[g->n - 1].line = (uint32_t)l.lineno;
	}
	rcf_lines_free(&l);
	if (!rc && g->n) {
		qsort(g->a, g->n, sizeof(*g->a), cmp_arc_line);
		rc = check_sums(g, name, err, errlen);
	}
	if (rc) {
		rcf_nig_free(g);
		return -1;
	}
	rcf_nig_sort(g);
	return 0;
}

void rcf_nig_write(FILE *f, const struct rcf_nig *g)
{
	for (size_t i = 0; i < g->n; i++)
		fprintf(f, "%u %u %u\n", g->a[i].src, g->a[i].dst,
			g->a[i].flow);
}

int rcf_nig_from_pairs(const struct rcf_stats *s, enum rcf_nig_unit unit,
		       uint32_t nnodes, struct rcf_nig *g)
{
	uint64_t max = 0, div = 1;

	for (size_t i = 0; i < s->npair; i++) {
		const struct rcf_stats_pair *p = &s->pair[i];
		uint64_t w = unit == RCF_NIG_MSGS ? p->msgs_sent : p->tx_bytes;

		if (p->src != p->dst && p->src < nnodes && p->dst < nnodes &&
		    w > max)
			max = w;
	}
	/* the smallest divisor that brings the largest flow into range */
	if (max > RCF_NIG_MEASURED_MAX)
		div = (max + RCF_NIG_MEASURED_MAX - 1) / RCF_NIG_MEASURED_MAX;
	for (size_t i = 0; i < s->npair; i++) {
		const struct rcf_stats_pair *p = &s->pair[i];
		uint64_t w = unit == RCF_NIG_MSGS ? p->msgs_sent : p->tx_bytes;

		if (p->src == p->dst || p->src >= nnodes || p->dst >= nnodes ||
		    !w)
			continue;
		w = (w + div / 2) / div;
		if (rcf_nig_add(g, p->src, p->dst, w ? (uint32_t)w : 1))
			return -1;
	}
	rcf_nig_sort(g);
	return 0;
}

uint64_t rcf_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* a uniformly random permutation of 0 .. n - 1 (Fisher-Yates) */
static void shuffle(uint32_t *perm, uint32_t n, uint64_t *st)
{
	for (uint32_t i = 0; i < n; i++)
		perm[i] = i;
	for (uint32_t i = n; i > 1; i--) {
		uint32_t j = rcf_rand(st) % i, t = perm[i - 1];

		perm[i - 1] = perm[j];
		perm[j] = t;
	}
}

void rcf_nig_derangement(uint32_t *perm, uint32_t n, uint64_t seed)
{
	/* its own stream, apart from the mapping's and random-f's */
	uint64_t st = seed ^ 0x6465726e67656d74ULL;
	int fixed = 1;

	/*
	 * Rejection: a uniform permutation is kept only when it has no
	 * fixed point, so every derangement is equally likely (a shuffle
	 * that swaps fixed points away would favour some); about 1 in e
	 * permutations is one, so e tries are expected.
	 */
	while (fixed && n >= 2) {
		fixed = 0;
		shuffle(perm, n, &st);
		for (uint32_t i = 0; i < n && !fixed; i++)
			fixed = perm[i] == i;
	}
}

/* node j sends to perm[j]; sizes 1 to 10 drawn after the permutation */
static int derangement_nig(struct rcf_nig *g, uint32_t n, uint64_t seed,
			   int vary)
{
	uint32_t *perm = malloc(n * sizeof(*perm));
	uint64_t st = seed;
	int rc = 0;

	if (!perm)
		return -1;
	rcf_nig_derangement(perm, n, seed);
	for (uint32_t j = 0; j < n && !rc; j++)
		rc = rcf_nig_add(g, j, perm[j],
				 vary ? 1 + rcf_rand(&st) % 10 : 1);
	free(perm);
	return rc;
}

int rcf_nig_workload(const char *spec, uint32_t n, struct rcf_nig *g, char *err,
		     size_t errlen)
{
	const char *arg = strchr(spec, ':');
	size_t len = arg ? (size_t)(arg - spec) : 0;
	uint64_t i;
	int rc = 0;

	rcf_nig_init(g);
	if (!arg || rcf_parse_num(arg + 1, UINT32_MAX, &i) || n < 2)
		goto bad;
	if (len == 6 && !strncmp(spec, "doloop", 6) && i >= 1 && i < n) {
		for (uint32_t j = 0; j < n && !rc; j++)
			rc = rcf_nig_add(g, j, (i + j) % n, 1);
	} else if (len == 4 && !strncmp(spec, "exor", 4) && i >= 1 && i < n &&
		   !(n & (n - 1))) {
		for (uint32_t j = 0; j < n && !rc; j++)
			rc = rcf_nig_add(g, j, i ^ j, 1);
	} else if (len == 5 && !strncmp(spec, "ncube", 5) && (1ull << i) < n &&
		   !(n & (n - 1))) {
		for (uint32_t j = 0; j < n && !rc; j++)
			rc = rcf_nig_add(g, j, j ^ (1u << i), 1);
	} else if (len == 8 && (!strncmp(spec, "random-f", 8) ||
				!strncmp(spec, "random-v", 8))) {
		uint64_t st = i;

		for (uint32_t j = 0; j < n && !rc; j++) {
			uint32_t d = rcf_rand(&st) % (n - 1);
			uint32_t f =
				spec[7] == 'v' ? 1 + rcf_rand(&st) % 10 : 1;

			rc = rcf_nig_add(g, j, d >= j ? d + 1 : d, f);
		}
	} else if (len == 9 && (!strncmp(spec, "derange-f", 9) ||
				!strncmp(spec, "derange-v", 9))) {
		rc = derangement_nig(g, n, i, spec[8] == 'v');
	} else {
		goto bad;
	}
	if (rc) {
		snprintf(err, errlen, "out of memory");
		rcf_nig_free(g);
		return -1;
	}
	rcf_nig_sort(g);
	return 0;
bad:
	snprintf(err, errlen,
		 "workload \"%s\" for %u nodes: want doloop:1..N-1, "
		 "exor:1..N-1, ncube:0..log2(N)-1 (N a power of 2), "
		 "random-f:SEED, random-v:SEED, derange-f:SEED or "
		 "derange-v:SEED",
		 spec, n);
	return -1;
}

void rcf_nig_perm(uint32_t *perm, uint32_t n, uint64_t seed)
{
	/* apart from the workloads' own stream, so a seed maps RANDOM-F
	 * with a permutation unrelated to its destinations */
	uint64_t st = seed ^ 0x6d61702d6e6f6465ULL;

	shuffle(perm, n, &st);
}

int rcf_nig_map(struct rcf_nig *g, uint32_t n, uint64_t seed)
{
	uint32_t *perm = malloc((n + 1) * sizeof(*perm));

	if (!perm)
		return -1;
	rcf_nig_perm(perm, n, seed);
	for (size_t i = 0; i < g->n; i++) {
		struct rcf_nig_arc *a = &g->a[i];

		if (a->src < n && a->dst < n) {
			a->src = perm[a->src];
			a->dst = perm[a->dst];
		}
	}
	free(perm);
	rcf_nig_sort(g);
	return 0;
}
