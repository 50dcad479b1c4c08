// SPDX-License-Identifier: GPL-2.0
/* Reading rcftop's maps into a struct top_snap. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "hashread.h"
#include "pairs.h"
#include "rcftop.h"
#include "rcftop.skel.h"
#include "slots.h"
#include "snap.h"

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
	    read_hops(skel->bss, s) ||
	    read_pairs(bpf_map__fd(skel->maps.pairs),
		       bpf_map__fd(skel->maps.lat), skel->bss, s))
		goto fail;
	if (read_hash(bpf_map__fd(skel->maps.outs), sizeof(s->out->k),
		      sizeof(s->out->v), offsetof(struct top_out, v),
		      sizeof(*s->out), (void **)&s->out, &s->nout))
		goto fail;
	if (s->nout)
		qsort(s->out, s->nout, sizeof(*s->out), cmp_out);
	if (read_switches(skel, s))
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
				  pair_cmp)
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
