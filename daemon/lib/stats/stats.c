// SPDX-License-Identifier: GPL-2.0
/* Statistics tables: growing, sorting, filtering, and the drop names. */
#include <stdlib.h>
#include <string.h>

#include <linux/rcf_drop.h>

#include "util/errf.h"
#include "util/grow.h"
#include "obj/parse.h"
#include "stats/stats.h"

/* uapi/linux/rcf_drop.h's names, by reason: rcfctl's, rcfsim's, rcftop's */
#define DROP_NAME(r, name) [r] = name
static const char *const drop_names[__RCF_DROP_MAX] = {
	RCF_DROP_REASONS(DROP_NAME, RCF_DROP_COMMA),
};

/* with -Woverride-init, no reason named twice: so every one is named */
#define DROP_ONE(r, name) 1
_Static_assert(RCF_DROP_REASONS(DROP_ONE, +) == __RCF_DROP_MAX,
	       "uapi/linux/rcf_drop.h names every drop reason");

const char *rcf_drop_name(int reason)
{
	if (reason < 0 || reason > RCF_DROP_MAX)
		return NULL;
	return drop_names[reason];
}

int rcf_drop_lookup(const char *name)
{
	for (int i = 0; i <= RCF_DROP_MAX; i++)
		if (drop_names[i] && !strcmp(drop_names[i], name))
			return i;
	return -1;
}

void rcf_stats_init(struct rcf_stats *s)
{
	memset(s, 0, sizeof(*s));
}

void rcf_stats_free(struct rcf_stats *s)
{
	free(s->chan);
	free(s->sw);
	free(s->node);
	free(s->pair);
	rcf_stats_init(s);
}

/* Appends elem (size bytes) to *v holding *n of cap[which]. */
static int append(void **v, size_t *n, size_t *cap, const void *elem,
		  size_t size)
{
	void *p = rcf_grow(*v, *n, cap, size, 64);

	if (!p)
		return -1;
	*v = p;
	memcpy((char *)*v + *n * size, elem, size);
	(*n)++;
	return 0;
}

int rcf_stats_add_channel(struct rcf_stats *s,
			  const struct rcf_stats_channel *c)
{
	return append((void **)&s->chan, &s->nchan, &s->cap[0], c, sizeof(*c));
}

int rcf_stats_add_switch(struct rcf_stats *s, const struct rcf_stats_switch *w)
{
	return append((void **)&s->sw, &s->nsw, &s->cap[1], w, sizeof(*w));
}

int rcf_stats_add_node(struct rcf_stats *s, const struct rcf_stats_node *n)
{
	return append((void **)&s->node, &s->nnode, &s->cap[2], n, sizeof(*n));
}

int rcf_stats_add_pair(struct rcf_stats *s, const struct rcf_stats_pair *p)
{
	return append((void **)&s->pair, &s->npair, &s->cap[3], p, sizeof(*p));
}

static int cmp3(uint64_t a0, uint64_t b0, uint64_t a1, uint64_t b1, uint64_t a2,
		uint64_t b2)
{
	if (a0 != b0)
		return a0 < b0 ? -1 : 1;
	if (a1 != b1)
		return a1 < b1 ? -1 : 1;
	return a2 < b2 ? -1 : a2 > b2;
}

static int cmp_chan(const void *a, const void *b)
{
	const struct rcf_stats_channel *x = a, *y = b;

	return cmp3(x->link, y->link, x->dir, y->dir, x->vc, y->vc);
}

static int cmp_sw(const void *a, const void *b)
{
	const struct rcf_stats_switch *x = a, *y = b;

	return cmp3(x->id, y->id, 0, 0, 0, 0);
}

static int cmp_node(const void *a, const void *b)
{
	const struct rcf_stats_node *x = a, *y = b;

	return cmp3(x->id, y->id, 0, 0, 0, 0);
}

static int cmp_pair(const void *a, const void *b)
{
	const struct rcf_stats_pair *x = a, *y = b;

	return cmp3(x->src, y->src, x->dst, y->dst, 0, 0);
}

void rcf_stats_sort(struct rcf_stats *s)
{
	if (s->nchan)
		qsort(s->chan, s->nchan, sizeof(*s->chan), cmp_chan);
	if (s->nsw)
		qsort(s->sw, s->nsw, sizeof(*s->sw), cmp_sw);
	if (s->nnode)
		qsort(s->node, s->nnode, sizeof(*s->node), cmp_node);
	if (s->npair)
		qsort(s->pair, s->npair, sizeof(*s->pair), cmp_pair);
}

static const struct {
	const char *word;
	int kind;
} kind_words[] = {
	{"fabric", RCF_STATS_KIND_FABRIC},
	{"channels", RCF_STATS_KIND_CHANNEL},
	{"channel", RCF_STATS_KIND_CHANNEL},
	{"links", RCF_STATS_KIND_CHANNEL},
	{"switches", RCF_STATS_KIND_SWITCH},
	{"nodes", RCF_STATS_KIND_NODE},
	{"pairs", RCF_STATS_KIND_PAIR},
	{"pair", RCF_STATS_KIND_PAIR},
};

static const struct {
	const char *word;
	int kind;
	size_t has, val;
} filters[] = {
	{"link", RCF_STATS_KIND_CHANNEL,
	 offsetof(struct rcf_stats_query, has_link),
	 offsetof(struct rcf_stats_query, link)},
	{"vc", RCF_STATS_KIND_CHANNEL, offsetof(struct rcf_stats_query, has_vc),
	 offsetof(struct rcf_stats_query, vc)},
	{"switch", RCF_STATS_KIND_SWITCH,
	 offsetof(struct rcf_stats_query, has_switch),
	 offsetof(struct rcf_stats_query, sw)},
	{"node", RCF_STATS_KIND_NODE,
	 offsetof(struct rcf_stats_query, has_node),
	 offsetof(struct rcf_stats_query, node)},
	{"src", RCF_STATS_KIND_PAIR, offsetof(struct rcf_stats_query, has_src),
	 offsetof(struct rcf_stats_query, src)},
	{"dst", RCF_STATS_KIND_PAIR, offsetof(struct rcf_stats_query, has_dst),
	 offsetof(struct rcf_stats_query, dst)},
};

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

int rcf_stats_parse_args(int argc, char **argv, struct rcf_stats_query *q,
			 char *err, size_t errlen)
{
	int i = 0, named = 0;

	memset(q, 0, sizeof(*q));
	if (i < argc && (!strcmp(argv[i], "show") || !strcmp(argv[i], "list")))
		i++;
	if (i < argc && (!strcmp(argv[i], "help") || !strcmp(argv[i], "-h") ||
			 !strcmp(argv[i], "--help")))
		return 1;
	if (i < argc && !strcmp(argv[i], "reset")) {
		if (i + 1 < argc)
			return rcf_errf(
				err, errlen,
				"stats reset: unexpected \"%s\"; it resets "
				"every counter",
				argv[i + 1]);
		q->reset = 1;
		return 0;
	}
	for (; i < argc; i++) {
		const char *w = argv[i];
		size_t k;
		uint64_t v;

		int kind = 0;

		for (k = 0; k < N_ELEMS(kind_words); k++)
			if (!strcmp(w, kind_words[k].word))
				kind = kind_words[k].kind;
		/* "switch" and "node" name a kind alone, a filter with an id */
		if ((!strcmp(w, "switch") || !strcmp(w, "node")) &&
		    (i + 1 == argc || *argv[i + 1] < '0' || *argv[i + 1] > '9'))
			kind = w[0] == 's' ? RCF_STATS_KIND_SWITCH
					   : RCF_STATS_KIND_NODE;
		if (kind) {
			if (named && q->kind != kind)
				return rcf_errf(err, errlen,
						"stats: one kind at a time; "
						"\"%s\" after another",
						w);
			q->kind = kind;
			named = 1;
			continue;
		}
		if (!strcmp(w, "matrix")) {
			if (named && q->kind != RCF_STATS_KIND_PAIR)
				return rcf_errf(
					err, errlen,
					"stats: \"matrix\" is for pairs");
			q->kind = RCF_STATS_KIND_PAIR;
			q->matrix = named = 1;
			for (int u = 0; u < 3 && i + 1 < argc; u++) {
				static const char *const units[] = {
					[RCF_STATS_BYTES_UNIT] = "bytes",
					[RCF_STATS_MSGS_UNIT] = "msgs",
					[RCF_STATS_PKTS_UNIT] = "pkts",
				};

				if (!strcmp(argv[i + 1], units[u])) {
					q->matrix_unit = u;
					i++;
				}
			}
			continue;
		}
		for (k = 0; k < N_ELEMS(filters); k++)
			if (!strcmp(w, filters[k].word))
				break;
		if (k == N_ELEMS(filters))
			return rcf_errf(
				err, errlen,
				"stats: unknown word \"%s\"; try rcfctl "
				"stats help",
				w);
		if (named && q->kind != filters[k].kind)
			return rcf_errf(
				err, errlen,
				"stats: \"%s\" does not filter that kind", w);
		if (i + 1 == argc || rcf_parse_num(argv[i + 1], UINT32_MAX, &v))
			return rcf_errf(err, errlen,
					"stats: \"%s\" needs a number", w);
		q->kind = filters[k].kind;
		named = 1;
		*(int *)((char *)q + filters[k].has) = 1;
		*(uint32_t *)((char *)q + filters[k].val) = (uint32_t)v;
		i++;
	}
	if (!named)
		q->kind = RCF_STATS_KIND_FABRIC;
	return 0;
}

static int keep(int has, uint32_t want, uint32_t v)
{
	return !has || want == v;
}

void rcf_stats_filter(struct rcf_stats *s, const struct rcf_stats_query *q)
{
	size_t i, n;

	for (i = n = 0; i < s->nchan; i++)
		if (keep(q->has_link, q->link, s->chan[i].link) &&
		    keep(q->has_vc, q->vc, s->chan[i].vc))
			s->chan[n++] = s->chan[i];
	s->nchan = n;
	for (i = n = 0; i < s->nsw; i++)
		if (keep(q->has_switch, q->sw, s->sw[i].id))
			s->sw[n++] = s->sw[i];
	s->nsw = n;
	for (i = n = 0; i < s->nnode; i++)
		if (keep(q->has_node, q->node, s->node[i].id))
			s->node[n++] = s->node[i];
	s->nnode = n;
	for (i = n = 0; i < s->npair; i++)
		if (keep(q->has_src, q->src, s->pair[i].src) &&
		    keep(q->has_dst, q->dst, s->pair[i].dst))
			s->pair[n++] = s->pair[i];
	s->npair = n;
}
