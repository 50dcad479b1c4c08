// SPDX-License-Identifier: GPL-2.0
/* rcfctl traffic's grammar and printing (lib/traffic/traffic_req.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/errf.h"
#include "route/nig.h"
#include "util/num.h"
#include "traffic/trace.h"
#include "traffic/traffic_req.h"

static const char *const words[] = {
	[RCF_TRAFFIC_UNIFORM] = "uniform",
	[RCF_TRAFFIC_DOLOOP] = "doloop",
	[RCF_TRAFFIC_EXOR] = "exor",
	[RCF_TRAFFIC_NCUBE] = "ncube",
	[RCF_TRAFFIC_BITREV] = "bitrev",
	[RCF_TRAFFIC_TRANSPOSE] = "transpose",
	[RCF_TRAFFIC_HOTSPOT] = "hotspot",
	[RCF_TRAFFIC_NIG] = "nig",
	[RCF_TRAFFIC_TRACE] = "trace",
};

static const char *const arrivals[] = {
	[RCF_TRAFFIC_BERNOULLI] = "bernoulli",
	[RCF_TRAFFIC_PERIODIC] = "periodic",
};

const char *rcf_traffic_arrival_word(unsigned int arrival)
{
	return arrival < sizeof(arrivals) / sizeof(*arrivals)
		       ? arrivals[arrival]
		       : NULL;
}

const char *rcf_traffic_pattern_word(unsigned int pattern)
{
	return pattern < sizeof(words) / sizeof(*words) ? words[pattern] : NULL;
}

int rcf_traffic_pattern_find(const char *s, size_t len)
{
	for (unsigned int i = 0; rcf_traffic_pattern_word(i); i++)
		if (strlen(words[i]) == len && !strncmp(s, words[i], len))
			return (int)i;
	return -1;
}

/*
 * strtoull would take " -5" as 2^64 - 5 and "010" as 8: numbers are
 * decimal or 0x hex, whole, in range
 */
static int num(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	/* -1 for every failure: -2 means an unknown word to the caller */
	return rcf_num_u64x(s, min, max, v) ? -1 : 0;
}

static int num32(const char *s, uint32_t min, uint32_t max, uint32_t *v)
{
	return rcf_num_u32x(s, min, max, v) ? -1 : 0;
}

int rcf_traffic_pattern_stepped(unsigned int pattern)
{
	return pattern == RCF_TRAFFIC_DOLOOP || pattern == RCF_TRAFFIC_EXOR ||
	       pattern == RCF_TRAFFIC_NCUBE;
}

int rcf_traffic_step_parse(const char *s, uint32_t *step)
{
	return num32(s, 0, UINT32_MAX, step);
}

int rcf_traffic_step_check(unsigned int pattern, int given, const char *word,
			   char *err, size_t errlen)
{
	if (rcf_traffic_pattern_stepped(pattern) && !given)
		return rcf_errf(err, errlen, "%s needs a step: %s I",
				rcf_traffic_pattern_word(pattern), word);
	if (!rcf_traffic_pattern_stepped(pattern) && given)
		return rcf_errf(err, errlen,
				"%s I goes with doloop, exor and ncube", word);
	return 0;
}

/* "S:W,S:W,...": sizes by weight */
static int size_table(const char *a, struct rcf_traffic_req *r)
{
	char buf[1024], *tok, *save, *colon;

	/* strtok_r skips empty fields: "64:1,,8:1" would read as two */
	if (strlen(a) >= sizeof(buf) || *a == ',' || a[strlen(a) - 1] == ',' ||
	    strstr(a, ",,"))
		return -1;
	strcpy(buf, a);
	r->nsizes = 0;
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		struct rcf_traffic_size_ent *e = &r->sizes[r->nsizes];

		colon = strchr(tok, ':');
		if (!colon || r->nsizes == RCF_TRAFFIC_MAX_SIZES)
			return -1;
		*colon = 0;
		if (num32(tok, 1, RCF_TRAFFIC_MAX_SIZE, &e->bytes) ||
		    num32(colon + 1, 1, RCF_TRAFFIC_MAX_SWEIGHT, &e->weight))
			return -1;
		r->nsizes++;
	}
	r->has_size = 1;
	return r->nsizes ? 0 : -1;
}

int rcf_traffic_size_parse(const char *a, struct rcf_traffic_req *r)
{
	char buf[64], *dash;

	if (strchr(a, ':'))
		return size_table(a, r);
	if (strlen(a) >= sizeof(buf))
		return -1;
	strcpy(buf, a);
	dash = strchr(buf, '-');
	if (dash)
		*dash = 0;
	if (num32(buf, 1, 65535, &r->size_min))
		return -1;
	r->size_max = r->size_min;
	if (dash && num32(dash + 1, r->size_min, 65535, &r->size_max))
		return -1;
	r->has_size = 1;
	return 0;
}

void rcf_traffic_req_free(struct rcf_traffic_req *r)
{
	free(r->arcs);
	free(r->msgs);
	r->arcs = NULL;
	r->msgs = NULL;
	r->narcs = r->nmsgs = 0;
}

int rcf_traffic_read_nig(FILE *f, const char *name, struct rcf_traffic_req *r,
			 char *err, size_t errlen)
{
	struct rcf_nig g;
	size_t i;

	rcf_nig_init(&g);
	if (rcf_nig_read(f, name, &g, err, errlen))
		return -1;
	/* rcf_nig_read sorted it and merged each pair's arcs */
	free(r->arcs);
	r->arcs = calloc(g.n + 1, sizeof(*r->arcs));
	r->narcs = 0;
	if (!r->arcs) {
		rcf_nig_free(&g);
		return rcf_errf(err, errlen, "out of memory");
	}
	for (i = 0; i < g.n; i++) {
		const struct rcf_nig_arc *a = &g.a[i];

		if (a->src == a->dst || !a->flow)
			continue;
		if (a->flow > RCF_TRAFFIC_MAX_WEIGHT) {
			rcf_nig_free(&g);
			return rcf_errf(err, errlen,
					"%s: flow %u -> %u is %u, over %u",
					name, a->src, a->dst, a->flow,
					RCF_TRAFFIC_MAX_WEIGHT);
		}
		r->arcs[r->narcs++] =
			(struct rcf_traffic_arc_ent){a->src, a->dst, a->flow};
	}
	rcf_nig_free(&g);
	if (!r->narcs)
		return rcf_errf(err, errlen, "%s: no arc between two nodes",
				name);
	if (r->narcs > RCF_TRAFFIC_MAX_ARCS)
		return rcf_errf(err, errlen, "%s: %u arcs, the kernel takes %u",
				name, r->narcs, RCF_TRAFFIC_MAX_ARCS);
	return 0;
}

int rcf_traffic_read_trace(FILE *f, const char *name, struct rcf_traffic_req *r,
			   char *err, size_t errlen)
{
	static const struct rcf_trace_limits lim = {
		.max_bytes = RCF_TRAFFIC_MAX_SIZE,
		.max_msgs = RCF_TRAFFIC_MAX_MSGS,
		.distinct = 1,
	};
	struct rcf_trace_msg *t;
	size_t n;

	free(r->msgs);
	r->msgs = NULL;
	r->nmsgs = 0;
	if (rcf_trace_read(f, name, &lim, &t, &n, err, errlen))
		return -1;
	if (!n)
		return rcf_errf(err, errlen, "%s: no messages", name);
	r->msgs = calloc(n, sizeof(*r->msgs));
	if (!r->msgs) {
		free(t);
		return rcf_errf(err, errlen, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		r->msgs[i] = (struct rcf_traffic_msg_ent){t[i].cycle, t[i].src,
							  t[i].dst, t[i].bytes};
	r->nmsgs = (uint32_t)n;
	free(t);
	return 0;
}

static int read_file(const char *path, struct rcf_traffic_req *r, char *err,
		     size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	int rc;

	if (!f)
		return rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
	rc = r->pattern == RCF_TRAFFIC_NIG
		     ? rcf_traffic_read_nig(f, path, r, err, errlen)
		     : rcf_traffic_read_trace(f, path, r, err, errlen);
	if (f != stdin)
		fclose(f);
	return rc;
}

int rcf_traffic_parse_args(int argc, char **argv, struct rcf_traffic_req *r,
			   char *err, size_t errlen)
{
	int i, first = 1, have_step = 0, have_hot = 0;

	memset(r, 0, sizeof(*r));
	r->rate = RCF_TRAFFIC_RATE_DEFAULT;
	r->size_min = r->size_max = RCF_TRAFFIC_SIZE_DEFAULT;
	r->seed = RCF_TRAFFIC_SEED_DEFAULT;
	r->hot_permille = RCF_TRAFFIC_HOT_PERMILLE_DEFAULT;
	if (argc < 1)
		return rcf_errf(err, errlen, "traffic start needs a pattern");
	i = rcf_traffic_pattern_find(argv[0], strlen(argv[0]));
	if (i < 0)
		return rcf_errf(err, errlen, "unknown traffic pattern '%s'",
				argv[0]);
	r->pattern = (uint8_t)i;
	if (r->pattern == RCF_TRAFFIC_NIG || r->pattern == RCF_TRAFFIC_TRACE) {
		if (argc < 2)
			return rcf_errf(err, errlen, "%s needs a file: %s FILE",
					words[r->pattern], words[r->pattern]);
		if (read_file(argv[1], r, err, errlen)) {
			rcf_traffic_req_free(r);
			return -1;
		}
		first = 2;
	}
	for (i = first; i < argc; i += 2) {
		const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int rc;

		if (!v)
			return rcf_errf(err, errlen, "'%s' needs a value", k);
		if (!strcmp(k, "step")) {
			rc = rcf_traffic_step_parse(v, &r->param);
			have_step = 1;
		} else if (!strcmp(k, "rate")) {
			rc = num32(v, 1, RCF_TRAFFIC_MAX_RATE, &r->rate);
			r->has_rate = 1;
		} else if (!strcmp(k, "size")) {
			rc = rcf_traffic_size_parse(v, r);
		} else if (!strcmp(k, "cycles")) {
			rc = r->messages ? -1
					 : num(v, 1, UINT64_MAX, &r->cycles);
		} else if (!strcmp(k, "messages")) {
			rc = r->cycles ? -1
				       : num(v, 1, UINT64_MAX, &r->messages);
		} else if (!strcmp(k, "arrival")) {
			rc = -1;
			for (unsigned int a = 0; rcf_traffic_arrival_word(a);
			     a++)
				if (!strcmp(v, arrivals[a])) {
					r->arrival = (uint8_t)a;
					rc = 0;
				}
		} else if (!strcmp(k, "warmup")) {
			rc = num(v, 0, UINT64_MAX, &r->warmup);
		} else if (!strcmp(k, "backlog")) {
			rc = num32(v, 1, RCF_TRAFFIC_BACKLOG_MAX, &r->backlog);
		} else if (!strcmp(k, "self")) {
			r->self = !strcmp(v, "on");
			rc = r->self || !strcmp(v, "off") ? 0 : -1;
		} else if (!strcmp(k, "seed")) {
			rc = num(v, 0, UINT64_MAX, &r->seed);
			r->has_seed = 1;
		} else if (!strcmp(k, "hotspot")) {
			rc = num32(v, 0, RCF_MAX_NODES - 1, &r->hot_node);
			have_hot = 1;
		} else if (!strcmp(k, "share")) {
			rc = num32(v, 0, 1000, &r->hot_permille);
		} else {
			rc = -2;
		}
		if (rc) {
			rcf_traffic_req_free(r);
			return rc == -2 ? rcf_errf(err, errlen,
						   "unknown word '%s'", k)
					: rcf_errf(err, errlen, "bad %s '%s'",
						   k, v);
		}
	}
	if (r->pattern == RCF_TRAFFIC_TRACE && r->nsizes) {
		rcf_traffic_req_free(r);
		return rcf_errf(err, errlen, "a trace has its own sizes");
	}
	if (rcf_traffic_step_check(r->pattern, have_step, "step", err,
				   errlen)) {
		rcf_traffic_req_free(r);
		return -1;
	}
	if (r->self && r->pattern != RCF_TRAFFIC_UNIFORM)
		return rcf_errf(err, errlen, "self on is for uniform traffic");
	if (r->pattern == RCF_TRAFFIC_HOTSPOT && !have_hot)
		return rcf_errf(err, errlen, "hotspot needs a node: hotspot N");
	if (r->pattern != RCF_TRAFFIC_HOTSPOT && have_hot)
		return rcf_errf(err, errlen,
				"hotspot N goes with pattern hotspot");
	return 0;
}

const char *rcf_traffic_state(const struct rcf_traffic_res *r)
{
	if (r->running)
		return "running";
	if (r->error == EDEADLK)
		return "deadlock";
	if (r->error == ECANCELED)
		return "cancelled by a configuration change";
	if (r->error)
		return "engine error";
	if (r->complete)
		return "complete";
	return "done, not every message delivered";
}

static void milli(FILE *f, uint64_t v)
{
	fprintf(f, "%" PRIu64 ".%03" PRIu64, v / 1000, v % 1000);
}

static void print_spec(FILE *f, const struct rcf_traffic_req *s)
{
	const char *w = rcf_traffic_pattern_word(s->pattern);
	const char *a = rcf_traffic_arrival_word(s->arrival);

	fprintf(f, "traffic: %s", w ? w : "?");
	if (s->pattern == RCF_TRAFFIC_HOTSPOT)
		fprintf(f, " node %u share %u/1000", s->hot_node,
			s->hot_permille);
	else if (rcf_traffic_pattern_stepped(s->pattern))
		fprintf(f, " step %u", s->param);
	else if (s->pattern == RCF_TRAFFIC_NIG)
		fprintf(f, " %u arcs", s->entries);
	if (s->pattern == RCF_TRAFFIC_TRACE) {
		fprintf(f, " %u messages\n", s->entries);
		return;
	}
	if (s->nsizes) {
		fprintf(f, ", size");
		for (uint32_t i = 0; i < s->nsizes; i++)
			fprintf(f, "%s%u:%u", i ? "," : " ", s->sizes[i].bytes,
				s->sizes[i].weight);
	} else {
		fprintf(f, ", size %u", s->size_min);
		if (s->size_max != s->size_min)
			fprintf(f, "-%u", s->size_max);
	}
	fprintf(f, ", rate %u bytes/kcycle/node, %s, seed %" PRIu64 ", ",
		s->rate, a ? a : "?", s->seed);
	if (s->messages)
		fprintf(f, "%" PRIu64 " messages", s->messages);
	else
		fprintf(f, "%" PRIu64 " cycles", s->cycles);
	if (s->warmup)
		fprintf(f, ", warm-up %" PRIu64 " cycles", s->warmup);
	if (s->self)
		fprintf(f, ", to itself too");
	fputc('\n', f);
}

void rcf_traffic_print(FILE *f, const struct rcf_traffic_res *r)
{
	print_spec(f, &r->spec);
	fprintf(f,
		"run: %u nodes, %" PRIu64 " cycles, window %" PRIu64
		" cycles, %s\n",
		r->nodes, r->now, r->window, rcf_traffic_state(r));
	fprintf(f,
		"messages: offered %" PRIu64 " sent %" PRIu64
		" refused %" PRIu64 " skipped %" PRIu64 " delivered %" PRIu64
		" corrupt %" PRIu64 "\n",
		r->msgs_offered, r->msgs_sent, r->msgs_refused, r->msgs_skipped,
		r->msgs_delivered, r->msgs_corrupt);
	fprintf(f, "bytes: offered %" PRIu64 " delivered %" PRIu64 "\n",
		r->bytes_offered, r->bytes_delivered);
	fprintf(f, "throughput: offered ");
	milli(f, r->offered_milli);
	fprintf(f, " accepted ");
	milli(f, r->accepted_milli);
	fprintf(f, " bytes/cycle/node\n");
	fprintf(f,
		"latency: avg %" PRIu64 " min %" PRIu64 " p50 %" PRIu64
		" p99 %" PRIu64 " max %" PRIu64 " cycles (%" PRIu64
		" messages)\n",
		r->lat_avg, r->lat_min, r->lat_p50, r->lat_p99, r->lat_max,
		r->lat_count);
}

static void json_spec(struct rcf_json *j, const struct rcf_traffic_req *s)
{
	const char *w = rcf_traffic_pattern_word(s->pattern);
	const char *a = rcf_traffic_arrival_word(s->arrival);

	rcf_json_str(j, "pattern", w ? w : "?");
	if (s->pattern == RCF_TRAFFIC_HOTSPOT) {
		rcf_json_u64(j, "hot-node", s->hot_node);
		rcf_json_u64(j, "hot-permille", s->hot_permille);
	} else {
		rcf_json_u64(j, "step", s->param);
	}
	if (s->pattern == RCF_TRAFFIC_NIG || s->pattern == RCF_TRAFFIC_TRACE)
		rcf_json_u64(j, "entries", s->entries);
	rcf_json_u64(j, "size-min", s->size_min);
	rcf_json_u64(j, "size-max", s->size_max);
	if (s->nsizes) {
		rcf_json_arr_open(j, "sizes");
		for (uint32_t i = 0; i < s->nsizes; i++) {
			rcf_json_obj_open(j, NULL);
			rcf_json_u64(j, "bytes", s->sizes[i].bytes);
			rcf_json_u64(j, "weight", s->sizes[i].weight);
			rcf_json_obj_close(j);
		}
		rcf_json_arr_close(j);
	}
	rcf_json_u64(j, "rate", s->rate);
	rcf_json_str(j, "arrival", a ? a : "?");
	rcf_json_u64(j, "warmup", s->warmup);
	rcf_json_u64(j, "seed", s->seed);
	/* only when on, so that a run without it reads as before */
	if (s->self)
		rcf_json_bool(j, "self", 1);
	if (s->messages)
		rcf_json_u64(j, "messages", s->messages);
	else
		rcf_json_u64(j, "generate-cycles", s->cycles);
}

void rcf_traffic_json_members(struct rcf_json *j,
			      const struct rcf_traffic_res *r)
{
	json_spec(j, &r->spec);
	rcf_json_u64(j, "nodes", r->nodes);
	rcf_json_u64(j, "cycles", r->now);
	rcf_json_u64(j, "window", r->window);
	rcf_json_str(j, "state", rcf_traffic_state(r));
	rcf_json_bool(j, "running", r->running);
	rcf_json_bool(j, "done", r->done);
	rcf_json_bool(j, "complete", r->complete);
	rcf_json_u64(j, "error", r->error);
	rcf_json_u64(j, "msgs-offered", r->msgs_offered);
	rcf_json_u64(j, "msgs-sent", r->msgs_sent);
	rcf_json_u64(j, "msgs-refused", r->msgs_refused);
	rcf_json_u64(j, "msgs-skipped", r->msgs_skipped);
	rcf_json_u64(j, "msgs-delivered", r->msgs_delivered);
	rcf_json_u64(j, "msgs-corrupt", r->msgs_corrupt);
	rcf_json_u64(j, "bytes-offered", r->bytes_offered);
	rcf_json_u64(j, "bytes-delivered", r->bytes_delivered);
	rcf_json_u64(j, "offered-milli", r->offered_milli);
	rcf_json_u64(j, "accepted-milli", r->accepted_milli);
	rcf_json_obj_open(j, "latency");
	rcf_json_u64(j, "messages", r->lat_count);
	rcf_json_u64(j, "avg", r->lat_avg);
	rcf_json_u64(j, "min", r->lat_min);
	rcf_json_u64(j, "p50", r->lat_p50);
	rcf_json_u64(j, "p99", r->lat_p99);
	rcf_json_u64(j, "max", r->lat_max);
	rcf_json_obj_close(j);
}

void rcf_traffic_json(struct rcf_json *j, const struct rcf_traffic_res *r)
{
	rcf_json_obj_open(j, NULL);
	rcf_traffic_json_members(j, r);
	rcf_json_obj_close(j);
	rcf_json_end(j);
}
