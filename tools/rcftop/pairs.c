// SPDX-License-Identifier: GPL-2.0
/*
 * A reading's node pairs.  Their counts come in small records (a pair's
 * messages sent, a latency bucket), each from a map entry or a .bss
 * slot; those of one pair or bucket are summed, and the two sorted
 * lists are merged into the pairs' large records in one pass, so that
 * the large records are neither sorted nor searched.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hashread.h"
#include "pairs.h"
#include "slots.h"

struct sent_rec {
	struct rcftop_pair_key k;
	struct rcftop_pair_val v;
};

struct lat_rec {
	struct rcftop_lat_key k;
	struct rcftop_lat_val v;
};

int pair_cmp(const void *x, const void *y)
{
	const struct rcftop_pair_key *a = x, *b = y;

	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	return (a->dst > b->dst) - (a->dst < b->dst);
}

static int lat_cmp(const void *x, const void *y)
{
	const struct rcftop_lat_key *a = x, *b = y;
	int c = pair_cmp(&(struct rcftop_pair_key){a->src, a->dst},
			 &(struct rcftop_pair_key){b->src, b->dst});

	if (c)
		return c;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return (a->bucket > b->bucket) - (a->bucket < b->bucket);
}

/*
 * Room in *a for n records of rec bytes and one more (realloc of zero
 * bytes may give NULL); on failure *a is freed and errno is ENOMEM.
 */
static int grow(void **a, size_t n, size_t rec)
{
	void *b = realloc(*a, (n + 1) * rec);

	if (!b) {
		free(*a);
		*a = NULL;
		errno = ENOMEM;
		return -1;
	}
	*a = b;
	return 0;
}

/*
 * The pairs map's messages sent and pair_tab's, one record a pair in
 * key order: a pair has one slot at a time, and may have an entry
 * beside it.
 */
static int read_sent(int fd, const struct rcftop_bpf__bss *bss,
		     struct sent_rec **out, size_t *n)
{
	uint32_t used = nlisted(&bss->pair_nlist, RCFTOP_PAIR_SLOTS);
	struct sent_rec *a = NULL;
	size_t m, j = 0;

	if (read_hash(fd, sizeof(a->k), sizeof(a->v),
		      offsetof(struct sent_rec, v), sizeof(*a), (void **)&a, n))
		return -1;
	if (grow((void **)&a, *n + used, sizeof(*a)))
		return -1;
	m = *n;
	for (uint32_t l = 0; l < used; l++) {
		int64_t i = listed(bss->pair_list, l, RCFTOP_PAIR_SLOTS);
		const struct rcftop_pair_slot *t;

		if (i < 0 || !bss->pair_tab[i].used)
			continue;
		t = &bss->pair_tab[i];
		a[m++] = (struct sent_rec){
			.k = t->k,
			.v = {.msgs_sent = t->msgs_sent,
			      .msg_bytes_sent = t->msg_bytes_sent},
		};
	}
	if (m)
		qsort(a, m, sizeof(*a), pair_cmp);
	for (size_t i = 0; i < m; i++) {
		if (j && !pair_cmp(&a[j - 1].k, &a[i].k)) {
			a[j - 1].v.msgs_sent += a[i].v.msgs_sent;
			a[j - 1].v.msg_bytes_sent += a[i].v.msg_bytes_sent;
		} else {
			a[j++] = a[i];
		}
	}
	*out = a;
	*n = j;
	return 0;
}

/* a bucket no histogram has: not written by rcftop_bpf */
static int lat_bad(const struct rcftop_lat_key *k)
{
	return k->kind > RCFTOP_LAT_MSG || k->bucket >= RCFTOP_LAT_BUCKETS;
}

/*
 * The lat map's buckets and lat_tab's, one record a bucket in key
 * order, as read_sent() has the pairs.
 */
static int read_buckets(int fd, const struct rcftop_bpf__bss *bss,
			struct lat_rec **out, size_t *n)
{
	uint32_t used = nlisted(&bss->lat_nlist, RCFTOP_LAT_SLOTS);
	struct lat_rec *a = NULL;
	size_t m, j = 0;

	if (read_hash(fd, sizeof(a->k), sizeof(a->v),
		      offsetof(struct lat_rec, v), sizeof(*a), (void **)&a, n))
		return -1;
	if (grow((void **)&a, *n + used, sizeof(*a)))
		return -1;
	m = *n;
	for (uint32_t l = 0; l < used; l++) {
		int64_t i = listed(bss->lat_list, l, RCFTOP_LAT_SLOTS);

		if (i >= 0 && bss->lat_tab[i].used)
			a[m++] = (struct lat_rec){.k = bss->lat_tab[i].k,
						  .v = bss->lat_tab[i].v};
	}
	if (m)
		qsort(a, m, sizeof(*a), lat_cmp);
	for (size_t i = 0; i < m; i++) {
		if (lat_bad(&a[i].k))
			continue;
		if (j && !lat_cmp(&a[j - 1].k, &a[i].k)) {
			a[j - 1].v.n += a[i].v.n;
			a[j - 1].v.bytes += a[i].v.bytes;
			a[j - 1].v.lat_sum += a[i].v.lat_sum;
		} else {
			a[j++] = a[i];
		}
	}
	*out = a;
	*n = j;
	return 0;
}

/* one bucket into its pair's histogram and totals */
static void lat_into(struct top_pair *p, const struct lat_rec *l)
{
	struct rcftop_pair_val *v = &p->v;

	p->hist[l->k.kind][l->k.bucket] = l->v.n;
	if (l->k.kind == RCFTOP_LAT_PKT) {
		v->pkts += l->v.n;
		v->bytes += l->v.bytes;
	} else {
		v->msgs_recv += l->v.n;
		v->msg_bytes_recv += l->v.bytes;
		v->msg_lat_sum += l->v.lat_sum;
	}
}

/*
 * The pairs of both sorted lists, each once, into o (NULL: only
 * counted); a pair with packets delivered but no message sent is known
 * by its buckets alone.
 */
static size_t merge(const struct sent_rec *p, size_t np,
		    const struct lat_rec *l, size_t nl, struct top_pair *o)
{
	size_t i = 0, k = 0, n = 0;

	while (i < np || k < nl) {
		struct rcftop_pair_key lk = {0}, key;
		struct top_pair *t = o ? &o[n] : NULL;
		int c = -1;

		if (k < nl) {
			lk = (struct rcftop_pair_key){l[k].k.src, l[k].k.dst};
			c = i < np ? pair_cmp(&p[i].k, &lk) : 1;
		}
		key = c <= 0 ? p[i].k : lk;
		if (t)
			t->k = key;
		if (c <= 0 && t)
			t->v = p[i].v;
		i += c <= 0;
		for (; k < nl && l[k].k.src == key.src && l[k].k.dst == key.dst;
		     k++)
			if (t)
				lat_into(t, &l[k]);
		n++;
	}
	return n;
}

int read_pairs(int pairs_fd, int lat_fd, const struct rcftop_bpf__bss *bss,
	       struct top_snap *s)
{
	struct sent_rec *p = NULL;
	struct lat_rec *l = NULL;
	size_t np, nl, n;
	int rc = -1;

	if (read_sent(pairs_fd, bss, &p, &np) ||
	    read_buckets(lat_fd, bss, &l, &nl))
		goto out;
	n = merge(p, np, l, nl, NULL);
	s->pair = calloc(n ? n : 1, sizeof(*s->pair));
	if (!s->pair) {
		errno = ENOMEM;
		goto out;
	}
	s->npair = merge(p, np, l, nl, s->pair);
	rc = 0;
out:
	free(p);
	free(l);
	return rc;
}
