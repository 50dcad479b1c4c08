// SPDX-License-Identifier: GPL-2.0
/*
 * Text and JSON renderings of data-path statistics.  The output is a
 * function of the counters alone (no times, no host names), so rcfctl on
 * the kernel's counters and rcfsim on its own can be compared with cmp.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"

#define MAX_COLS 8
#define CELL	 24

typedef void (*row_fn)(const struct rcf_stats *s, size_t row,
		       char cells[MAX_COLS][CELL]);

struct table {
	int ncol;
	const char *head[MAX_COLS];
	size_t (*rows)(const struct rcf_stats *s);
	row_fn row;
};

static void u64cell(char *c, uint64_t v)
{
	snprintf(c, CELL, "%" PRIu64, v);
}

static size_t chan_rows(const struct rcf_stats *s)
{
	return s->nchan;
}

static void chan_row(const struct rcf_stats *s, size_t i,
		     char c[MAX_COLS][CELL])
{
	const struct rcf_stats_channel *r = &s->chan[i];

	u64cell(c[0], r->link);
	snprintf(c[1], CELL, "%s", r->dir ? "b>a" : "a>b");
	u64cell(c[2], r->vc);
	u64cell(c[3], r->bytes);
	u64cell(c[4], r->packets);
	u64cell(c[5], r->blocked);
	u64cell(c[6], r->credit);
	u64cell(c[7], r->occupancy);
}

static size_t sw_rows(const struct rcf_stats *s)
{
	return s->nsw;
}

static void sw_row(const struct rcf_stats *s, size_t i, char c[MAX_COLS][CELL])
{
	const struct rcf_stats_switch *r = &s->sw[i];

	u64cell(c[0], r->id);
	u64cell(c[1], r->cq_size);
	u64cell(c[2], r->cq_cur);
	u64cell(c[3], r->cq_peak);
}

static size_t node_rows(const struct rcf_stats *s)
{
	return s->nnode;
}

static void node_row(const struct rcf_stats *s, size_t i,
		     char c[MAX_COLS][CELL])
{
	const struct rcf_stats_node *r = &s->node[i];

	u64cell(c[0], r->id);
	u64cell(c[1], r->msgs_sent);
	u64cell(c[2], r->msgs_received);
	u64cell(c[3], r->tx_bytes);
	u64cell(c[4], r->rx_bytes);
	u64cell(c[5], r->backlog);
	u64cell(c[6], r->path_waiting);
	u64cell(c[7], r->path_requests);
}

static size_t pair_rows(const struct rcf_stats *s)
{
	return s->npair;
}

static void pair_row(const struct rcf_stats *s, size_t i,
		     char c[MAX_COLS][CELL])
{
	const struct rcf_stats_pair *r = &s->pair[i];

	u64cell(c[0], r->src);
	u64cell(c[1], r->dst);
	u64cell(c[2], r->pkts_sent);
	u64cell(c[3], r->pkts_delivered);
	u64cell(c[4], r->msgs_sent);
	u64cell(c[5], r->msgs_received);
	u64cell(c[6], r->tx_bytes);
	u64cell(c[7], r->rx_bytes);
}

/* header names double as JSON keys */
static const struct table tables[] = {
	[RCF_STATS_KIND_CHANNEL] = {8,
				    {"link", "dir", "vc", "bytes", "packets",
				     "blocked", "credit", "occupancy"},
				    chan_rows,
				    chan_row},
	[RCF_STATS_KIND_SWITCH] = {4,
				   {"switch", "cq-size", "cq-cur", "cq-peak"},
				   sw_rows,
				   sw_row},
	[RCF_STATS_KIND_NODE] = {8,
				 {"node", "msgs-sent", "msgs-received",
				  "tx-bytes", "rx-bytes", "backlog",
				  "path-waiting", "path-requests"},
				 node_rows,
				 node_row},
	[RCF_STATS_KIND_PAIR] = {8,
				 {"src", "dst", "pkts-sent", "pkts-delivered",
				  "msgs-sent", "msgs-received", "tx-bytes",
				  "rx-bytes"},
				 pair_rows,
				 pair_row},
};

/* Two passes: column widths first, then right-aligned rows. */
static void print_table(FILE *f, const struct rcf_stats *s,
			const struct table *t)
{
	size_t w[MAX_COLS], n = t->rows(s);
	char c[MAX_COLS][CELL];

	for (int k = 0; k < t->ncol; k++)
		w[k] = strlen(t->head[k]);
	for (size_t i = 0; i < n; i++) {
		t->row(s, i, c);
		for (int k = 0; k < t->ncol; k++)
			if (strlen(c[k]) > w[k])
				w[k] = strlen(c[k]);
	}
	for (int k = 0; k < t->ncol; k++)
		fprintf(f, "%s%*s", k ? "  " : "", (int)w[k], t->head[k]);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		t->row(s, i, c);
		for (int k = 0; k < t->ncol; k++)
			fprintf(f, "%s%*s", k ? "  " : "", (int)w[k], c[k]);
		fputc('\n', f);
	}
}

static void json_table(struct rcf_json *j, const char *key,
		       const struct rcf_stats *s, const struct table *t)
{
	size_t n = t->rows(s);
	char c[MAX_COLS][CELL];

	rcf_json_arr_open(j, key);
	for (size_t i = 0; i < n; i++) {
		t->row(s, i, c);
		rcf_json_obj_open(j, NULL);
		for (int k = 0; k < t->ncol; k++) {
			/* numbers stay numbers; dir is 0 or 1 as in the uapi */
			if (t == &tables[RCF_STATS_KIND_CHANNEL] && k == 1)
				rcf_json_u64(j, t->head[k], s->chan[i].dir);
			else
				rcf_json_u64(j, t->head[k],
					     strtoull(c[k], NULL, 10));
		}
		rcf_json_obj_close(j);
	}
	rcf_json_arr_close(j);
}

/* The C_ij matrix: nodes that sent or received, in id order. */
static size_t matrix_nodes(const struct rcf_stats *s, uint32_t **out)
{
	uint32_t *ids = malloc((2 * s->npair + 1) * sizeof(*ids));
	size_t n = 0;

	*out = ids;
	if (!ids)
		return 0;
	for (size_t i = 0; i < s->npair; i++) {
		ids[n++] = s->pair[i].src;
		ids[n++] = s->pair[i].dst;
	}
	for (size_t i = 1; i < n; i++) /* insertion sort, then unique */
		for (size_t k = i; k && ids[k - 1] > ids[k]; k--) {
			uint32_t t = ids[k];

			ids[k] = ids[k - 1];
			ids[k - 1] = t;
		}
	size_t u = 0;

	for (size_t i = 0; i < n; i++)
		if (!u || ids[u - 1] != ids[i])
			ids[u++] = ids[i];
	return u;
}

static const char *const unit_names[] = {
	[RCF_STATS_BYTES_UNIT] = "bytes",
	[RCF_STATS_MSGS_UNIT] = "messages",
	[RCF_STATS_PKTS_UNIT] = "packets",
};

static int pair_key(const void *key, const void *elem)
{
	const struct rcf_stats_pair *k = key, *e = elem;

	if (k->src != e->src)
		return k->src < e->src ? -1 : 1;
	return k->dst < e->dst ? -1 : k->dst > e->dst;
}

/* pairs are in key order (rcf_stats_sort), so a lookup is a bsearch */
static uint64_t matrix_cell(const struct rcf_stats *s, uint32_t src,
			    uint32_t dst, int unit)
{
	struct rcf_stats_pair k = {.src = src, .dst = dst};
	const struct rcf_stats_pair *p =
		s->npair ? bsearch(&k, s->pair, s->npair, sizeof(k), pair_key)
			 : NULL;

	if (!p)
		return 0;
	return unit == RCF_STATS_MSGS_UNIT   ? p->msgs_sent
	       : unit == RCF_STATS_PKTS_UNIT ? p->pkts_sent
					     : p->tx_bytes;
}

static void print_matrix(FILE *f, const struct rcf_stats *s, int unit)
{
	uint32_t *ids;
	size_t n = matrix_nodes(s, &ids), w = 7;
	char c[CELL];

	for (size_t a = 0; a < n; a++)
		for (size_t b = 0; b < n; b++) {
			u64cell(c, matrix_cell(s, ids[a], ids[b], unit));
			if (strlen(c) > w)
				w = strlen(c);
		}
	fprintf(f, "# C_ij: %s sent from row i to column j\n",
		unit_names[unit]);
	fprintf(f, "%*s", (int)w, "src\\dst");
	for (size_t b = 0; b < n; b++)
		fprintf(f, "  %*" PRIu32, (int)w, ids[b]);
	fputc('\n', f);
	for (size_t a = 0; a < n; a++) {
		fprintf(f, "%*" PRIu32, (int)w, ids[a]);
		for (size_t b = 0; b < n; b++)
			fprintf(f, "  %*" PRIu64, (int)w,
				matrix_cell(s, ids[a], ids[b], unit));
		fputc('\n', f);
	}
	free(ids);
}

static void json_matrix(struct rcf_json *j, const char *key,
			const struct rcf_stats *s, int unit)
{
	uint32_t *ids;
	size_t n = matrix_nodes(s, &ids);

	rcf_json_obj_open(j, key);
	rcf_json_str(j, "unit", unit_names[unit]);
	rcf_json_arr_open(j, "nodes");
	for (size_t a = 0; a < n; a++)
		rcf_json_u64(j, NULL, ids[a]);
	rcf_json_arr_close(j);
	rcf_json_arr_open(j, "rows");
	for (size_t a = 0; a < n; a++) {
		rcf_json_arr_open(j, NULL);
		for (size_t b = 0; b < n; b++)
			rcf_json_u64(j, NULL,
				     matrix_cell(s, ids[a], ids[b], unit));
		rcf_json_arr_close(j);
	}
	rcf_json_arr_close(j);
	rcf_json_obj_close(j);
	free(ids);
}

static uint64_t lat_packets(const struct rcf_stats_fabric *f)
{
	uint64_t n = 0;

	for (int k = 0; k < RCF_STATS_LAT_BUCKETS; k++)
		n += f->lat_hist[k];
	return n;
}

static void bucket_range(int k, char *buf, size_t len)
{
	if (k == RCF_STATS_LAT_BUCKETS - 1)
		snprintf(buf, len, "%" PRIu64 "-", (uint64_t)1 << k);
	else
		snprintf(buf, len, "%" PRIu64 "-%" PRIu64, (uint64_t)1 << k,
			 ((uint64_t)1 << (k + 1)) - 1);
}

static void print_fabric(FILE *f, const struct rcf_stats_fabric *s)
{
	uint64_t n = lat_packets(s);
	int any = 0, lo = -1, hi = -1;
	size_t wr = 0, wc = 0;
	char r[48], c[CELL];

	fprintf(f, "%-10s cycle %" PRIu64 "  engines %" PRIu64 "\n", "fabric",
		s->cycle, s->engine_gen);
	fprintf(f,
		"%-10s sent %" PRIu64 "  delivered %" PRIu64
		"  dropped %" PRIu64 "\n",
		"packets", s->pkts_sent, s->pkts_delivered, s->pkts_dropped);
	fprintf(f,
		"%-10s injected %" PRIu64 "  delivered %" PRIu64
		"  dropped %" PRIu64 "  in-flight %" PRIu64
		"  byte-hops %" PRIu64 "\n",
		"bytes", s->bytes_injected, s->bytes_delivered,
		s->bytes_dropped, s->bytes_inflight, s->byte_hops);
	fprintf(f,
		"%-10s sent %" PRIu64 "  received %" PRIu64
		"  tx-bytes %" PRIu64 "  rx-bytes %" PRIu64 "\n",
		"messages", s->msgs_sent, s->msgs_received, s->tx_bytes,
		s->rx_bytes);
	/* only a fabric that routes by relations has these */
	if (s->rel_adaptive || s->rel_escape)
		fprintf(f, "%-10s adaptive %" PRIu64 "  escape %" PRIu64 "\n",
			"relation", s->rel_adaptive, s->rel_escape);
	/* nor these any allocation but islip */
	if (s->islip_grants)
		fprintf(f, "%-10s grants %" PRIu64 "  accepted %" PRIu64 "\n",
			"islip", s->islip_grants, s->islip_accepts);
	fprintf(f, "%-10s", "drops");
	for (int i = 0; i <= RCF_DROP_MAX; i++) {
		if (!s->drops[i])
			continue;
		fprintf(f, "%s%s %" PRIu64, any ? "  " : " ", rcf_drop_name(i),
			s->drops[i]);
		any = 1;
	}
	fputs(any ? "\n" : " none\n", f);
	if (!n) {
		fprintf(f, "%-10s none\n", "latency");
		return;
	}
	/* average to one decimal, rounded, in integers only */
	uint64_t avg10 = (s->lat_sum * 10 + n / 2) / n;

	fprintf(f,
		"%-10s packets %" PRIu64 "  avg %" PRIu64 ".%" PRIu64
		"  min %" PRIu64 "  max %" PRIu64 "  (cycles)\n",
		"latency", n, avg10 / 10, avg10 % 10, s->lat_min, s->lat_max);
	for (int k = 0; k < RCF_STATS_LAT_BUCKETS; k++) {
		if (!s->lat_hist[k])
			continue;
		if (lo < 0)
			lo = k;
		hi = k;
	}
	/* every bucket from the first to the last used, so gaps show */
	for (int k = lo; k <= hi; k++) {
		bucket_range(k, r, sizeof(r));
		u64cell(c, s->lat_hist[k]);
		if (strlen(r) > wr)
			wr = strlen(r);
		if (strlen(c) > wc)
			wc = strlen(c);
	}
	for (int k = lo; k <= hi; k++) {
		int bar = (int)((s->lat_hist[k] * 40 + n - 1) / n);

		bucket_range(k, r, sizeof(r));
		fprintf(f, "  %*s  %*" PRIu64 "%s", (int)wr, r, (int)wc,
			s->lat_hist[k], bar ? "  " : "");
		for (int b = 0; b < bar; b++)
			fputc('#', f);
		fputc('\n', f);
	}
}

static void json_fabric(struct rcf_json *j, const char *key,
			const struct rcf_stats_fabric *s)
{
	uint64_t n = lat_packets(s);

	rcf_json_obj_open(j, key);
	rcf_json_u64(j, "cycle", s->cycle);
	rcf_json_u64(j, "engine-gen", s->engine_gen);
	rcf_json_u64(j, "pkts-sent", s->pkts_sent);
	rcf_json_u64(j, "pkts-delivered", s->pkts_delivered);
	rcf_json_u64(j, "pkts-dropped", s->pkts_dropped);
	rcf_json_u64(j, "bytes-injected", s->bytes_injected);
	rcf_json_u64(j, "bytes-delivered", s->bytes_delivered);
	rcf_json_u64(j, "bytes-dropped", s->bytes_dropped);
	rcf_json_u64(j, "bytes-inflight", s->bytes_inflight);
	rcf_json_u64(j, "byte-hops", s->byte_hops);
	if (s->rel_adaptive || s->rel_escape) {
		rcf_json_u64(j, "rel-adaptive", s->rel_adaptive);
		rcf_json_u64(j, "rel-escape", s->rel_escape);
	}
	if (s->islip_grants) {
		rcf_json_u64(j, "islip-grants", s->islip_grants);
		rcf_json_u64(j, "islip-accepts", s->islip_accepts);
	}
	rcf_json_u64(j, "msgs-sent", s->msgs_sent);
	rcf_json_u64(j, "msgs-received", s->msgs_received);
	rcf_json_u64(j, "tx-bytes", s->tx_bytes);
	rcf_json_u64(j, "rx-bytes", s->rx_bytes);
	rcf_json_obj_open(j, "drops");
	for (int i = 0; i <= RCF_DROP_MAX; i++)
		if (s->drops[i])
			rcf_json_u64(j, rcf_drop_name(i), s->drops[i]);
	rcf_json_obj_close(j);
	rcf_json_obj_open(j, "latency");
	rcf_json_u64(j, "packets", n);
	rcf_json_u64(j, "sum", s->lat_sum);
	if (n) {
		rcf_json_u64(j, "min", s->lat_min);
		rcf_json_u64(j, "max", s->lat_max);
	}
	rcf_json_arr_open(j, "hist");
	for (int k = 0; k < RCF_STATS_LAT_BUCKETS; k++) {
		if (!s->lat_hist[k])
			continue;
		rcf_json_obj_open(j, NULL);
		rcf_json_u64(j, "lo", (uint64_t)1 << k);
		if (k < RCF_STATS_LAT_BUCKETS - 1)
			rcf_json_u64(j, "hi", ((uint64_t)1 << (k + 1)) - 1);
		rcf_json_u64(j, "count", s->lat_hist[k]);
		rcf_json_obj_close(j);
	}
	rcf_json_arr_close(j);
	rcf_json_obj_close(j);
	rcf_json_obj_close(j);
}

void rcf_stats_print(FILE *f, const struct rcf_stats *s,
		     const struct rcf_stats_query *q)
{
	switch (q->kind) {
	case RCF_STATS_KIND_FABRIC:
		print_fabric(f, &s->fabric);
		break;
	case RCF_STATS_KIND_PAIR:
		if (q->matrix) {
			print_matrix(f, s, q->matrix_unit);
			break;
		}
		/* fall through */
	case RCF_STATS_KIND_CHANNEL:
	case RCF_STATS_KIND_SWITCH:
	case RCF_STATS_KIND_NODE:
		print_table(f, s, &tables[q->kind]);
		break;
	default:
		break;
	}
}

void rcf_stats_json_member(struct rcf_json *j, const char *key,
			   const struct rcf_stats *s,
			   const struct rcf_stats_query *q)
{
	switch (q->kind) {
	case RCF_STATS_KIND_FABRIC:
		json_fabric(j, key, &s->fabric);
		break;
	case RCF_STATS_KIND_PAIR:
		if (q->matrix) {
			json_matrix(j, key, s, q->matrix_unit);
			break;
		}
		/* fall through */
	case RCF_STATS_KIND_CHANNEL:
	case RCF_STATS_KIND_SWITCH:
	case RCF_STATS_KIND_NODE:
		json_table(j, key, s, &tables[q->kind]);
		break;
	default:
		break;
	}
}

void rcf_stats_json(struct rcf_json *j, const struct rcf_stats *s,
		    const struct rcf_stats_query *q)
{
	rcf_stats_json_member(j, NULL, s, q);
	rcf_json_end(j);
}
