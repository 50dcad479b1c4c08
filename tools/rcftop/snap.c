// SPDX-License-Identifier: GPL-2.0
/* Reading rcftop's maps into a struct top_snap. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "hashread.h"
#include "rcftop.h"
#include "rcftop.skel.h"
#include "snap.h"
#include "util/grow.h"

static int cmp_chan(const void *x, const void *y)
{
	const struct rcftop_chan_key *a = x, *b = y;

	if (a->link != b->link)
		return a->link < b->link ? -1 : 1;
	if (a->dir != b->dir)
		return a->dir < b->dir ? -1 : 1;
	return (a->vc > b->vc) - (a->vc < b->vc);
}

static int cmp_sw(const void *x, const void *y)
{
	const struct top_sw *a = x, *b = y;

	return (a->id > b->id) - (a->id < b->id);
}

static int cmp_out(const void *x, const void *y)
{
	const struct rcftop_out_key *a = x, *b = y;

	if (a->sw != b->sw)
		return a->sw < b->sw ? -1 : 1;
	return cmp_chan(&(struct rcftop_chan_key){a->link, a->dir, a->vc, 0},
			&(struct rcftop_chan_key){b->link, b->dir, b->vc, 0});
}

static int cmp_pair(const void *x, const void *y)
{
	const struct rcftop_pair_key *a = x, *b = y;

	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	return (a->dst > b->dst) - (a->dst < b->dst);
}

/*
 * Slot j of a table's list of slots in use (rcftop.h), or -1 if it is
 * not written yet.  The count is read first: every entry below it is
 * then written or about to be.
 */
static int64_t listed(const uint32_t *list, uint32_t j, uint32_t slots)
{
	uint32_t e = __atomic_load_n(&list[j], __ATOMIC_RELAXED);

	return e && e <= slots ? (int64_t)e - 1 : -1;
}

static uint32_t nlisted(const uint32_t *n, uint32_t slots)
{
	uint32_t v = __atomic_load_n(n, __ATOMIC_ACQUIRE);

	return v < slots ? v : slots;
}

/* n counters of .bss, each read whole while the programs add to it */
static void read_counts(const __u64 *from, uint64_t *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		v[i] = __atomic_load_n(&from[i], __ATOMIC_RELAXED);
}

/*
 * Adds what a hop_tab slot holds to its channel's entry: the records of
 * every slot in use go after the chans map's, and those of one channel
 * are then summed into one.  A channel has one slot at a time.
 */
static int read_hops(const struct rcftop_bpf__bss *bss, struct top_snap *s)
{
	uint32_t used = nlisted(&bss->hop_nlist, RCFTOP_HOP_SLOTS);
	size_t n = s->nchan, j;
	struct top_chan *c;

	c = realloc(s->chan, (n + used + 1) * sizeof(*c));
	if (!c) {
		errno = ENOMEM;
		return -1;
	}
	s->chan = c;
	for (uint32_t l = 0; l < used; l++) {
		int64_t i = listed(bss->hop_list, l, RCFTOP_HOP_SLOTS);
		const struct rcftop_hop_slot *t;
		uint32_t code;

		if (i < 0 || !bss->hop_tab[i].code)
			continue;
		t = &bss->hop_tab[i];
		code = t->code - 1;
		c[n] = (struct top_chan){
			.k = {code >> 3, code >> 2 & 1, code & 3, 0},
			.v = {.bytes = t->bytes, .packets = t->packets},
		};
		n++;
	}
	if (n)
		qsort(c, n, sizeof(*c), cmp_chan);
	for (size_t i = j = 0; i < n; i++) {
		if (j && !cmp_chan(&c[j - 1].k, &c[i].k)) {
			c[j - 1].v.bytes += c[i].v.bytes;
			c[j - 1].v.packets += c[i].v.packets;
			c[j - 1].v.waits += c[i].v.waits;
			c[j - 1].v.wait_cycles += c[i].v.wait_cycles;
		} else {
			c[j++] = c[i];
		}
	}
	s->nchan = j;
	return 0;
}

/*
 * Adds the messages sent that pair_tab holds to the pairs' records, as
 * read_hops() does for channels: a pair has one slot at a time, and may
 * have an entry beside it.  Leaves the pairs in key order.
 */
static int read_pair_slots(const struct rcftop_bpf__bss *bss,
			   struct top_snap *s)
{
	uint32_t used = nlisted(&bss->pair_nlist, RCFTOP_PAIR_SLOTS);
	size_t n = s->npair, j = 0;
	struct top_pair *p;

	p = realloc(s->pair, (n + used + 1) * sizeof(*p));
	if (!p) {
		errno = ENOMEM;
		return -1;
	}
	s->pair = p;
	for (uint32_t l = 0; l < used; l++) {
		int64_t i = listed(bss->pair_list, l, RCFTOP_PAIR_SLOTS);
		const struct rcftop_pair_slot *t;

		if (i < 0 || !bss->pair_tab[i].used)
			continue;
		t = &bss->pair_tab[i];
		memset(&p[n], 0, sizeof(p[n]));
		p[n].k = t->k;
		p[n].v.msgs_sent = t->msgs_sent;
		p[n].v.msg_bytes_sent = t->msg_bytes_sent;
		n++;
	}
	if (n)
		qsort(p, n, sizeof(*p), cmp_pair);
	for (size_t i = 0; i < n; i++) {
		if (j && !cmp_pair(&p[j - 1].k, &p[i].k)) {
			p[j - 1].v.msgs_sent += p[i].v.msgs_sent;
			p[j - 1].v.msg_bytes_sent += p[i].v.msg_bytes_sent;
		} else {
			p[j++] = p[i];
		}
	}
	s->npair = j;
	return 0;
}

struct lat_rec {
	struct rcftop_lat_key k;
	struct rcftop_lat_val v;
};

static int cmp_lat(const void *x, const void *y)
{
	const struct rcftop_lat_key *a = x, *b = y;
	int c = cmp_pair(&(struct rcftop_pair_key){a->src, a->dst},
			 &(struct rcftop_pair_key){b->src, b->dst});

	if (c)
		return c;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return (a->bucket > b->bucket) - (a->bucket < b->bucket);
}

/*
 * Adds the buckets held in lat_tab to the n records of the lat map in
 * *l, one record a bucket: a bucket has one slot at a time, and may
 * have an entry beside it.
 */
static int lat_slots(const struct rcftop_bpf__bss *bss, struct lat_rec **l,
		     size_t *n)
{
	uint32_t used = nlisted(&bss->lat_nlist, RCFTOP_LAT_SLOTS);
	size_t m = *n, j = 0;
	struct lat_rec *a;

	a = realloc(*l, (m + used + 1) * sizeof(*a));
	if (!a) {
		errno = ENOMEM;
		return -1;
	}
	*l = a;
	for (uint32_t k = 0; k < used; k++) {
		int64_t i = listed(bss->lat_list, k, RCFTOP_LAT_SLOTS);

		if (i >= 0 && bss->lat_tab[i].used)
			a[m++] = (struct lat_rec){.k = bss->lat_tab[i].k,
						  .v = bss->lat_tab[i].v};
	}
	if (m)
		qsort(a, m, sizeof(*a), cmp_lat);
	for (size_t i = 0; i < m; i++) {
		if (j && !cmp_lat(&a[j - 1].k, &a[i].k)) {
			a[j - 1].v.n += a[i].v.n;
			a[j - 1].v.bytes += a[i].v.bytes;
			a[j - 1].v.lat_sum += a[i].v.lat_sum;
		} else {
			a[j++] = a[i];
		}
	}
	*n = j;
	return 0;
}

/* a pair that only its latency buckets know of */
static int lat_new_pair(struct top_snap *s, const struct rcftop_pair_key *k,
			size_t *cap)
{
	struct top_pair *p = rcf_grow(s->pair, s->npair, cap, sizeof(*p), 64);

	if (!p) {
		errno = ENOMEM;
		return -1;
	}
	s->pair = p;
	memset(&p[s->npair], 0, sizeof(*p));
	p[s->npair++].k = *k;
	return 0;
}

/* whether k is among the first had pairs of s, those of the pairs map */
static int had_pair(const struct top_snap *s, size_t had,
		    const struct rcftop_pair_key *k)
{
	struct top_snap read = {.pair = s->pair, .npair = had};

	return snap_pair(&read, k) != NULL;
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
 * The latency buckets into their pairs' histograms and totals; a pair
 * with packets delivered but no message sent has no entry in the pairs
 * map, so it is added here.
 */
static int read_lat(int fd, const struct rcftop_bpf__bss *bss,
		    struct top_snap *s)
{
	struct lat_rec *l = NULL;
	size_t n, j = 0, cap = s->npair, had = s->npair;
	int rc = -1;

	if (read_hash(fd, sizeof(l->k), sizeof(l->v),
		      offsetof(struct lat_rec, v), sizeof(*l), (void **)&l,
		      &n) ||
	    lat_slots(bss, &l, &n))
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct rcftop_pair_key pk = {l[i].k.src, l[i].k.dst};

		if (l[i].k.kind > RCFTOP_LAT_MSG ||
		    l[i].k.bucket >= RCFTOP_LAT_BUCKETS)
			continue;
		if (!had_pair(s, had, &pk) && lat_new_pair(s, &pk, &cap))
			goto out;
	}
	if (s->npair)
		qsort(s->pair, s->npair, sizeof(*s->pair), cmp_pair);
	/* a new pair with several buckets was added once for each */
	for (size_t i = 0; i < s->npair; i++)
		if (!j || cmp_pair(&s->pair[j - 1].k, &s->pair[i].k))
			s->pair[j++] = s->pair[i];
	s->npair = j;
	for (size_t i = 0; i < n; i++) {
		struct rcftop_pair_key pk = {l[i].k.src, l[i].k.dst};
		struct top_pair *p = (struct top_pair *)snap_pair(s, &pk);

		if (p && l[i].k.kind <= RCFTOP_LAT_MSG &&
		    l[i].k.bucket < RCFTOP_LAT_BUCKETS)
			lat_into(p, &l[i]);
	}
	rc = 0;
out:
	free(l);
	return rc;
}

uint32_t cq_interval_peak(const struct rcftop_cq_val *v, uint64_t g)
{
	/* events in g: its slot, untouched by g + 1 */
	if (v->gen == g || (v->gen == g + 1 && v->pgen == g))
		return v->ipeak[g & 1];
	/* none in g: the queue stayed as g + 1's first event found it */
	if (v->gen == g + 1)
		return v->base;
	return v->used;
}

/* Every switch with a queue event, and those with only output events. */
static int read_switches(struct rcftop_bpf *skel, struct top_snap *s)
{
	const struct rcftop_bpf__bss *bss = skel->bss;
	uint32_t used = nlisted(&bss->cq_nlist, RCFTOP_MAX_SWITCHES);
	uint64_t g = bss->cq_gen;
	size_t n = 0, cap = used + s->nout;

	/* the interval ends here; events from now on are the next one's */
	skel->bss->cq_gen = g + 1;
	s->sw = calloc(cap ? cap : 1, sizeof(*s->sw));
	if (!s->sw) {
		errno = ENOMEM;
		return -1;
	}
	for (uint32_t l = 0; l < used; l++) {
		int64_t i = listed(bss->cq_list, l, RCFTOP_MAX_SWITCHES);

		if (i < 0 || !bss->cq_tab[i].seen)
			continue;
		s->sw[n].id = i;
		s->sw[n].v = bss->cq_tab[i];
		s->sw[n].ipeak = cq_interval_peak(&bss->cq_tab[i], g);
		n++;
	}
	/* listed as first seen; snap_sw() below wants them by id */
	if (n)
		qsort(s->sw, n, sizeof(*s->sw), cmp_sw);
	s->nsw = n;
	/* outputs come by switch: a new one is new or the last added */
	for (size_t i = 0; i < s->nout; i++) {
		struct top_snap queues = {.sw = s->sw, .nsw = n};
		uint32_t id = s->out[i].k.sw;

		if (snap_sw(&queues, id) ||
		    (s->nsw > n && s->sw[s->nsw - 1].id == id))
			continue;
		s->sw[s->nsw++].id = id;
	}
	if (s->nsw)
		qsort(s->sw, s->nsw, sizeof(*s->sw), cmp_sw);
	return 0;
}

int snap_read(struct rcftop_bpf *skel, struct top_snap *s)
{
	memset(s, 0, sizeof(*s));
	if (read_hash(bpf_map__fd(skel->maps.chans), sizeof(s->chan->k),
		      sizeof(s->chan->v), offsetof(struct top_chan, v),
		      sizeof(*s->chan), (void **)&s->chan, &s->nchan) ||
	    read_hash(bpf_map__fd(skel->maps.pairs), sizeof(s->pair->k),
		      sizeof(s->pair->v), offsetof(struct top_pair, v),
		      sizeof(*s->pair), (void **)&s->pair, &s->npair))
		goto fail;
	if (read_hops(skel->bss, s) || read_pair_slots(skel->bss, s))
		goto fail;
	if (read_hash(bpf_map__fd(skel->maps.outs), sizeof(s->out->k),
		      sizeof(s->out->v), offsetof(struct top_out, v),
		      sizeof(*s->out), (void **)&s->out, &s->nout))
		goto fail;
	if (s->nout)
		qsort(s->out, s->nout, sizeof(*s->out), cmp_out);
	if (read_switches(skel, s) ||
	    read_lat(bpf_map__fd(skel->maps.lat), skel->bss, s))
		goto fail;
	read_counts(skel->bss->drop_tab, s->drops, RCFTOP_DROP_SLOTS);
	read_counts(skel->bss->misc_tab, s->misc, RCFTOP_NMISC);
	return 0;
fail:
	snap_free(s);
	return -1;
}

void snap_free(struct top_snap *s)
{
	free(s->chan);
	free(s->pair);
	free(s->sw);
	free(s->out);
	memset(s, 0, sizeof(*s));
}

const struct top_chan *snap_chan(const struct top_snap *s,
				 const struct rcftop_chan_key *k)
{
	return s->nchan ? bsearch(k, s->chan, s->nchan, sizeof(*s->chan),
				  cmp_chan)
			: NULL;
}

const struct top_sw *snap_sw(const struct top_snap *s, uint32_t id)
{
	struct top_sw k = {.id = id};

	return s->nsw ? bsearch(&k, s->sw, s->nsw, sizeof(*s->sw), cmp_sw)
		      : NULL;
}

void snap_history(struct top_snap *cur, const struct top_snap *prev)
{
	for (size_t i = 0; i < cur->nsw; i++) {
		struct top_sw *w = &cur->sw[i];
		const struct top_sw *p = snap_sw(prev, w->id);
		uint32_t n = p ? p->nhist : 0, skip = n == TOP_HIST;

		if (p)
			memcpy(w->hist, p->hist + skip,
			       (n - skip) * sizeof(*w->hist));
		w->nhist = n - skip + 1;
		w->hist[w->nhist - 1] = w->ipeak;
	}
}

const struct top_pair *snap_pair(const struct top_snap *s,
				 const struct rcftop_pair_key *k)
{
	return s->npair ? bsearch(k, s->pair, s->npair, sizeof(*s->pair),
				  cmp_pair)
			: NULL;
}

uint64_t hist_total(const uint64_t *h)
{
	uint64_t n = 0;

	for (int k = 0; k < RCFTOP_LAT_BUCKETS; k++)
		n += h[k];
	return n;
}

int hist_quantile(const uint64_t *h, double q)
{
	uint64_t n = hist_total(h), want, acc = 0;

	if (!n)
		return -1;
	want = (uint64_t)(q * (double)n + 0.999999);
	if (want < 1)
		want = 1;
	for (int k = 0; k < RCFTOP_LAT_BUCKETS; k++) {
		acc += h[k];
		if (acc >= want)
			return k;
	}
	return RCFTOP_LAT_BUCKETS - 1;
}
