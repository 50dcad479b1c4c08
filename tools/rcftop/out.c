// SPDX-License-Identifier: GPL-2.0
/* rcftop's printers. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "out.h"
#include "out_sw.h"
#include "route/nig.h"
#include "stats/stats.h"

/* the upper end of latency bucket k, as the kernel's histogram has it */
static uint64_t bucket_hi(int k)
{
	return k >= 63 ? UINT64_MAX : ((uint64_t)1 << (k + 1)) - 1;
}

/* What a row of a table is ranked by, over the interval. */
struct ranked {
	size_t i;
	uint64_t d, dn;
};

static int by_delta(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	if (a->d != b->d)
		return a->d > b->d ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

static double rate(uint64_t d, unsigned ms)
{
	return ms ? (double)d * 1000.0 / ms : 0;
}

static void screen_chans(FILE *f, const struct top_snap *prev,
			 const struct top_snap *cur, unsigned ms, unsigned rows)
{
	struct ranked *r = calloc(cur->nchan + 1, sizeof(*r));

	if (!r)
		return;
	for (size_t i = 0; i < cur->nchan; i++) {
		const struct top_chan *c = &cur->chan[i];
		const struct top_chan *p = snap_chan(prev, &c->k);

		r[i].i = i;
		r[i].d = c->v.bytes - (p ? p->v.bytes : 0);
		r[i].dn = c->v.packets - (p ? p->v.packets : 0);
	}
	qsort(r, cur->nchan, sizeof(*r), by_delta);
	fprintf(f, "\n%-20s %12s %10s %14s %10s %8s %12s\n", "CHANNEL",
		"BYTES/S", "PKTS/S", "BYTES", "PACKETS", "WAITS", "WAIT CYC");
	for (size_t i = 0; i < cur->nchan && i < rows; i++) {
		const struct top_chan *c = &cur->chan[r[i].i];
		char name[48];

		snprintf(name, sizeof(name), "link %u %s vc %u", c->k.link,
			 c->k.dir ? "b>a" : "a>b", c->k.vc);
		fprintf(f,
			"%-20s %12.0f %10.0f %14" PRIu64 " %10" PRIu64
			" %8" PRIu64 " %12" PRIu64 "\n",
			name, rate(r[i].d, ms), rate(r[i].dn, ms),
			(uint64_t)c->v.bytes, (uint64_t)c->v.packets,
			(uint64_t)c->v.waits, (uint64_t)c->v.wait_cycles);
	}
	free(r);
}

/* "p50/p90/p99" of h as bucket upper ends, or "-" */
static void quantiles(const uint64_t *h, char *buf, size_t n)
{
	int a = hist_quantile(h, 0.5), b = hist_quantile(h, 0.9),
	    c = hist_quantile(h, 0.99);

	if (a < 0)
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%" PRIu64 "/%" PRIu64 "/%" PRIu64,
			 bucket_hi(a), bucket_hi(b), bucket_hi(c));
}

static void screen_pairs(FILE *f, const struct top_snap *prev,
			 const struct top_snap *cur, unsigned ms, unsigned rows)
{
	struct ranked *r = calloc(cur->npair + 1, sizeof(*r));

	if (!r)
		return;
	for (size_t i = 0; i < cur->npair; i++) {
		const struct top_pair *c = &cur->pair[i];
		const struct top_pair *p = snap_pair(prev, &c->k);

		r[i].i = i;
		r[i].d = c->v.bytes - (p ? p->v.bytes : 0);
		r[i].dn = c->v.msgs_recv - (p ? p->v.msgs_recv : 0);
	}
	qsort(r, cur->npair, sizeof(*r), by_delta);
	fprintf(f, "\n%-13s %12s %9s %10s %24s %24s\n", "PAIR", "BYTES/S",
		"MSGS/S", "MSGS", "MSG LAT p50/p90/p99", "PKT LAT p50/p90/p99");
	for (size_t i = 0; i < cur->npair && i < rows; i++) {
		const struct top_pair *c = &cur->pair[r[i].i];
		char name[32], qm[64], qp[64];

		snprintf(name, sizeof(name), "%u -> %u", c->k.src, c->k.dst);
		quantiles(c->hist[RCFTOP_LAT_MSG], qm, sizeof(qm));
		quantiles(c->hist[RCFTOP_LAT_PKT], qp, sizeof(qp));
		fprintf(f, "%-13s %12.0f %9.0f %10" PRIu64 " %24s %24s\n", name,
			rate(r[i].d, ms), rate(r[i].dn, ms),
			(uint64_t)c->v.msgs_recv, qm, qp);
	}
	free(r);
}

static void screen_drops(FILE *f, const struct top_snap *cur)
{
	int any = 0;

	fprintf(f, "\nDROPS ");
	for (int i = 0; i < RCFTOP_DROP_SLOTS; i++) {
		const char *name = rcf_drop_name(i);

		if (!cur->drops[i])
			continue;
		fprintf(f, " %s %" PRIu64, name ? name : "unknown",
			cur->drops[i]);
		any = 1;
	}
	fprintf(f, "%s\n", any ? "" : " none");
}

void out_screen(FILE *f, const struct top_snap *prev,
		const struct top_snap *cur, const struct ev_log *l, unsigned ms,
		double since_s, unsigned rows)
{
	uint64_t pkts = 0, bytes = 0, msgs = 0;
	size_t first;

	for (size_t i = 0; i < cur->npair; i++) {
		pkts += cur->pair[i].v.pkts;
		bytes += cur->pair[i].v.bytes;
		msgs += cur->pair[i].v.msgs_recv;
	}
	/* home and clear: the whole screen is written again each time */
	fputs("\033[H\033[2J", f);
	fprintf(f,
		"rcftop  every %.1f s  for %.1f s   delivered %" PRIu64
		" packets, %" PRIu64 " bytes, %" PRIu64 " messages\n",
		ms / 1000.0, since_s, pkts, bytes, msgs);
	if (cur->misc[RCFTOP_LOST_EVENTS] || cur->misc[RCFTOP_TABLE_FULL])
		fprintf(f,
			"warning: %" PRIu64 " events lost, %" PRIu64
			" updates found a table full\n",
			(uint64_t)cur->misc[RCFTOP_LOST_EVENTS],
			(uint64_t)cur->misc[RCFTOP_TABLE_FULL]);
	screen_chans(f, prev, cur, ms, rows);
	screen_pairs(f, prev, cur, ms, rows);
	screen_switches(f, prev, cur, ms, rows);
	screen_drops(f, cur);
	fprintf(f, "\nEVENTS (%zu)\n", l->nrecent);
	first = l->nrecent > EV_RECENT ? l->nrecent - EV_RECENT : 0;
	for (size_t i = first; i < l->nrecent; i++) {
		char line[256];

		ev_text(&l->recent[i % EV_RECENT], line, sizeof(line));
		fprintf(f, "  %s\n", line);
	}
	fflush(f);
}

/* a histogram as the kernel's fabric latency prints it (rcfctl -j) */
static void json_hist(struct rcf_json *j, const char *key, const uint64_t *h)
{
	rcf_json_obj_open(j, key);
	rcf_json_u64(j, "count", hist_total(h));
	rcf_json_arr_open(j, "hist");
	for (int k = 0; k < RCFTOP_LAT_BUCKETS; k++) {
		if (!h[k])
			continue;
		rcf_json_obj_open(j, NULL);
		rcf_json_u64(j, "lo", (uint64_t)1 << k);
		if (k < RCFTOP_LAT_BUCKETS - 1)
			rcf_json_u64(j, "hi", bucket_hi(k));
		rcf_json_u64(j, "count", h[k]);
		rcf_json_obj_close(j);
	}
	rcf_json_arr_close(j);
	rcf_json_obj_close(j);
}

static void json_pair(struct rcf_json *j, const struct top_pair *p)
{
	static const double qs[] = {0.5, 0.9, 0.99};
	static const char *const qn[] = {"p50", "p90", "p99"};
	static const char *const kn[] = {"pkt-latency", "msg-latency"};

	rcf_json_obj_open(j, NULL);
	rcf_json_u64(j, "src", p->k.src);
	rcf_json_u64(j, "dst", p->k.dst);
	rcf_json_u64(j, "pkts", p->v.pkts);
	rcf_json_u64(j, "bytes", p->v.bytes);
	rcf_json_u64(j, "msgs-sent", p->v.msgs_sent);
	rcf_json_u64(j, "msg-bytes-sent", p->v.msg_bytes_sent);
	rcf_json_u64(j, "msgs-received", p->v.msgs_recv);
	rcf_json_u64(j, "msg-bytes-received", p->v.msg_bytes_recv);
	rcf_json_u64(j, "msg-latency-sum", p->v.msg_lat_sum);
	for (int kind = 0; kind < 2; kind++) {
		rcf_json_obj_open(j, kn[kind]);
		for (int q = 0; q < 3; q++) {
			int k = hist_quantile(p->hist[kind], qs[q]);

			if (k >= 0)
				rcf_json_u64(j, qn[q], bucket_hi(k));
		}
		rcf_json_obj_close(j);
	}
	rcf_json_obj_close(j);
}

void out_json(FILE *f, const struct top_snap *cur, const struct ev_log *l,
	      double since_s)
{
	uint64_t all[RCFTOP_LAT_BUCKETS] = {0};
	struct rcf_json j;

	rcf_json_init(&j, f, 0);
	rcf_json_obj_open(&j, NULL);
	rcf_json_fixed(&j, "seconds", since_s, 3);
	rcf_json_arr_open(&j, "channels");
	for (size_t i = 0; i < cur->nchan; i++) {
		const struct top_chan *c = &cur->chan[i];

		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "link", c->k.link);
		rcf_json_u64(&j, "dir", c->k.dir);
		rcf_json_u64(&j, "vc", c->k.vc);
		rcf_json_u64(&j, "bytes", c->v.bytes);
		rcf_json_u64(&j, "packets", c->v.packets);
		rcf_json_u64(&j, "waits", c->v.waits);
		rcf_json_u64(&j, "wait-cycles", c->v.wait_cycles);
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_arr_open(&j, "pairs");
	for (size_t i = 0; i < cur->npair; i++) {
		json_pair(&j, &cur->pair[i]);
		for (int k = 0; k < RCFTOP_LAT_BUCKETS; k++)
			all[k] += cur->pair[i].hist[RCFTOP_LAT_PKT][k];
	}
	rcf_json_arr_close(&j);
	rcf_json_obj_open(&j, "drops");
	for (int i = 0; i < RCFTOP_DROP_SLOTS; i++) {
		const char *name = rcf_drop_name(i);

		if (cur->drops[i])
			rcf_json_u64(&j, name ? name : "unknown",
				     cur->drops[i]);
	}
	rcf_json_obj_close(&j);
	/* every pair's packets: the kernel's fabric histogram, bucket for bucket */
	json_hist(&j, "latency", all);
	json_switches(&j, cur);
	rcf_json_arr_open(&j, "events");
	for (size_t i = 0; i < l->nfresh; i++)
		ev_json(&j, &l->fresh[i]);
	rcf_json_arr_close(&j);
	rcf_json_u64(&j, "lost-events",
		     cur->misc[RCFTOP_LOST_EVENTS] + (uint64_t)l->nomem);
	rcf_json_u64(&j, "table-full", cur->misc[RCFTOP_TABLE_FULL]);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
	fflush(f);
}

int out_nig(FILE *f, const struct top_snap *cur, int msgs)
{
	struct rcf_stats s;
	struct rcf_nig g;
	int rc = -1;

	rcf_stats_init(&s);
	rcf_nig_init(&g);
	for (size_t i = 0; i < cur->npair; i++) {
		const struct top_pair *p = &cur->pair[i];
		struct rcf_stats_pair r = {
			.src = p->k.src,
			.dst = p->k.dst,
			.pkts_sent = p->v.pkts,
			.pkts_delivered = p->v.pkts,
			.msgs_sent = p->v.msgs_sent,
			.msgs_received = p->v.msgs_recv,
			.tx_bytes = p->v.bytes,
			.rx_bytes = p->v.bytes,
		};

		if (rcf_stats_add_pair(&s, &r))
			goto out;
	}
	if (rcf_nig_from_pairs(&s, msgs ? RCF_NIG_MSGS : RCF_NIG_BYTES,
			       RCF_MAX_NODES, &g))
		goto out;
	fprintf(f, "# SRC DST FLOW: measured by rcftop, weighed by %s\n",
		msgs ? "messages" : "bytes");
	rcf_nig_write(f, &g);
	rc = 0;
out:
	rcf_nig_free(&g);
	rcf_stats_free(&s);
	return rc;
}
