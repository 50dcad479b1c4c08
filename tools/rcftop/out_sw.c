// SPDX-License-Identifier: GPL-2.0
/* rcftop's SWITCHES: central queue occupancy and output contention. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "out_sw.h"

static const char levels[] = " .:-=+*#@";

void sparkline(const uint32_t *h, uint32_t n, uint32_t top, char *buf)
{
	const uint32_t nl = sizeof(levels) - 2;

	if (!top)
		for (uint32_t i = 0; i < n; i++)
			top = h[i] > top ? h[i] : top;
	for (uint32_t i = 0; i < n; i++) {
		/* anything at all shows: only an empty queue is blank */
		uint64_t l = top ? ((uint64_t)h[i] * nl + top - 1) / top : 0;

		buf[i] = levels[l > nl ? nl : l];
	}
	buf[n] = '\0';
}

/* The outputs of switch id in cur (sorted by switch): [*first, *end). */
static void outs_of(const struct top_snap *cur, uint32_t id, size_t *first,
		    size_t *end)
{
	size_t lo = 0, hi = cur->nout;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cur->out[mid].k.sw < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo < cur->nout && cur->out[lo].k.sw == id)
		lo++;
	*end = lo;
}

/* A switch's blocked heads, and its output with most contended cycles. */
static const struct top_out *hottest(const struct top_snap *cur, uint32_t id,
				     uint64_t *blocked)
{
	const struct top_out *best = NULL;
	size_t i, end;

	*blocked = 0;
	for (outs_of(cur, id, &i, &end); i < end; i++) {
		const struct top_out *o = &cur->out[i];

		*blocked += o->v.blocked;
		if (!best || o->v.contended > best->v.contended)
			best = o;
	}
	return best;
}

struct sw_rank {
	size_t i;
	uint32_t ipeak;
	uint64_t dblocked;
};

static int by_peak(const void *x, const void *y)
{
	const struct sw_rank *a = x, *b = y;

	if (a->ipeak != b->ipeak)
		return a->ipeak > b->ipeak ? -1 : 1;
	if (a->dblocked != b->dblocked)
		return a->dblocked > b->dblocked ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

void screen_switches(FILE *f, const struct top_snap *prev,
		     const struct top_snap *cur, unsigned ms, unsigned rows)
{
	struct sw_rank *r = calloc(cur->nsw + 1, sizeof(*r));

	if (!r)
		return;
	for (size_t i = 0; i < cur->nsw; i++) {
		uint64_t b, pb = 0;

		hottest(cur, cur->sw[i].id, &b);
		if (snap_sw(prev, cur->sw[i].id))
			hottest(prev, cur->sw[i].id, &pb);
		r[i] = (struct sw_rank){i, cur->sw[i].ipeak, b - pb};
	}
	qsort(r, cur->nsw, sizeof(*r), by_peak);
	fprintf(f, "\n%-7s %8s %8s %8s %8s %-*s %10s %9s %-16s %10s\n",
		"SWITCH", "CQ NOW", "PEAK", "MAX", "CAP", TOP_HIST, "HISTORY",
		"BLOCKED", "BLOCK/S", "HOT OUTPUT", "CONT CYC");
	for (size_t i = 0; i < cur->nsw && i < rows; i++) {
		const struct top_sw *w = &cur->sw[r[i].i];
		const struct top_out *o;
		char spark[TOP_HIST + 1], hot[32] = "-";
		uint64_t blocked, cont = 0;

		/* to its own peak: a deep queue's shape shows, not its size */
		sparkline(w->hist, w->nhist, w->v.peak, spark);
		o = hottest(cur, w->id, &blocked);
		if (o && o->v.contended) {
			snprintf(hot, sizeof(hot), "link %u %s vc %u",
				 o->k.link, o->k.dir ? "b>a" : "a>b", o->k.vc);
			cont = o->v.contended;
		}
		fprintf(f,
			"%-7u %8u %8u %8u %8u %-*s %10" PRIu64 " %9.0f %-16s"
			" %10" PRIu64 "\n",
			w->id, w->v.used, w->ipeak, w->v.peak, w->v.cap,
			TOP_HIST, spark, blocked,
			ms ? (double)r[i].dblocked * 1000.0 / ms : 0, hot,
			cont);
	}
	free(r);
}

void json_switches(struct rcf_json *j, const struct top_snap *cur)
{
	rcf_json_arr_open(j, "switches");
	for (size_t i = 0; i < cur->nsw; i++) {
		const struct top_sw *w = &cur->sw[i];
		uint64_t blocked;
		size_t k, end;

		hottest(cur, w->id, &blocked);
		rcf_json_obj_open(j, NULL);
		rcf_json_u64(j, "switch", w->id);
		rcf_json_u64(j, "cq-cur", w->v.used);
		rcf_json_u64(j, "cq-peak", w->v.peak);
		rcf_json_u64(j, "cq-interval-peak", w->ipeak);
		rcf_json_u64(j, "cq-size", w->v.cap);
		rcf_json_arr_open(j, "cq-history");
		for (uint32_t h = 0; h < w->nhist; h++)
			rcf_json_u64(j, NULL, w->hist[h]);
		rcf_json_arr_close(j);
		rcf_json_u64(j, "blocked", blocked);
		rcf_json_arr_open(j, "outputs");
		for (outs_of(cur, w->id, &k, &end); k < end; k++) {
			const struct top_out *o = &cur->out[k];

			rcf_json_obj_open(j, NULL);
			rcf_json_u64(j, "link", o->k.link);
			rcf_json_u64(j, "dir", o->k.dir);
			rcf_json_u64(j, "vc", o->k.vc);
			rcf_json_u64(j, "blocked", o->v.blocked);
			rcf_json_u64(j, "contended-cycles", o->v.contended);
			rcf_json_u64(j, "waiting", o->v.waiting);
			rcf_json_u64(j, "max-waiting", o->v.max_waiting);
			rcf_json_obj_close(j);
		}
		rcf_json_arr_close(j);
		rcf_json_obj_close(j);
	}
	rcf_json_arr_close(j);
}
