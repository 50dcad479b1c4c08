// SPDX-License-Identifier: GPL-2.0
/* rcfctl traffic's grammar and printing (lib/traffic_req.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "traffic_req.h"

static const char *const words[] = {
	[RCF_TRAFFIC_UNIFORM] = "uniform",
	[RCF_TRAFFIC_DOLOOP] = "doloop",
	[RCF_TRAFFIC_EXOR] = "exor",
	[RCF_TRAFFIC_NCUBE] = "ncube",
	[RCF_TRAFFIC_BITREV] = "bitrev",
	[RCF_TRAFFIC_TRANSPOSE] = "transpose",
	[RCF_TRAFFIC_HOTSPOT] = "hotspot",
};

const char *rcf_traffic_pattern_word(unsigned int pattern)
{
	return pattern < sizeof(words) / sizeof(*words) ? words[pattern] : NULL;
}

static int bad(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

static int num(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *end || *v < min || *v > max ? -1 : 0;
}

static int num32(const char *s, uint32_t min, uint32_t max, uint32_t *v)
{
	uint64_t x;

	if (num(s, min, max, &x))
		return -1;
	*v = (uint32_t)x;
	return 0;
}

static int size_arg(const char *a, struct rcf_traffic_req *r)
{
	char buf[64], *dash;

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

int rcf_traffic_parse_args(int argc, char **argv, struct rcf_traffic_req *r,
			   char *err, size_t errlen)
{
	int i, have_step = 0, have_hot = 0;

	memset(r, 0, sizeof(*r));
	r->rate = 100;
	r->size_min = r->size_max = 64;
	r->seed = 1;
	r->hot_permille = 200;
	if (argc < 1)
		return bad(err, errlen, "traffic start needs a pattern");
	for (i = 0; rcf_traffic_pattern_word(i); i++)
		if (!strcmp(argv[0], words[i]))
			break;
	if (!rcf_traffic_pattern_word(i))
		return bad(err, errlen, "unknown traffic pattern '%s'",
			   argv[0]);
	r->pattern = (uint8_t)i;
	for (i = 1; i < argc; i += 2) {
		const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int rc;

		if (!v)
			return bad(err, errlen, "'%s' needs a value", k);
		if (!strcmp(k, "step")) {
			rc = num32(v, 0, UINT32_MAX, &r->param);
			have_step = 1;
		} else if (!strcmp(k, "rate")) {
			rc = num32(v, 1, RCF_TRAFFIC_MAX_RATE, &r->rate);
			r->has_rate = 1;
		} else if (!strcmp(k, "size")) {
			rc = size_arg(v, r);
		} else if (!strcmp(k, "cycles")) {
			rc = r->messages ? -1
					 : num(v, 1, UINT64_MAX, &r->cycles);
		} else if (!strcmp(k, "messages")) {
			rc = r->cycles ? -1
				       : num(v, 1, UINT64_MAX, &r->messages);
		} else if (!strcmp(k, "seed")) {
			rc = num(v, 0, UINT64_MAX, &r->seed);
			r->has_seed = 1;
		} else if (!strcmp(k, "hotspot")) {
			rc = num32(v, 0, RCF_MAX_NODES - 1, &r->hot_node);
			have_hot = 1;
		} else if (!strcmp(k, "share")) {
			rc = num32(v, 0, 1000, &r->hot_permille);
		} else {
			return bad(err, errlen, "unknown word '%s'", k);
		}
		if (rc)
			return bad(err, errlen, "bad %s '%s'", k, v);
	}
	if ((r->pattern == RCF_TRAFFIC_DOLOOP ||
	     r->pattern == RCF_TRAFFIC_EXOR ||
	     r->pattern == RCF_TRAFFIC_NCUBE) &&
	    !have_step)
		return bad(err, errlen, "%s needs a step: step I",
			   words[r->pattern]);
	if (r->pattern == RCF_TRAFFIC_HOTSPOT && !have_hot)
		return bad(err, errlen, "hotspot needs a node: hotspot N");
	if (r->pattern != RCF_TRAFFIC_HOTSPOT && have_hot)
		return bad(err, errlen, "hotspot N goes with pattern hotspot");
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

void rcf_traffic_print(FILE *f, const struct rcf_traffic_res *r)
{
	const struct rcf_traffic_req *s = &r->spec;
	const char *w = rcf_traffic_pattern_word(s->pattern);

	fprintf(f, "traffic: %s", w ? w : "?");
	if (s->pattern == RCF_TRAFFIC_HOTSPOT)
		fprintf(f, " node %u share %u/1000", s->hot_node,
			s->hot_permille);
	else if (s->pattern >= RCF_TRAFFIC_DOLOOP &&
		 s->pattern <= RCF_TRAFFIC_NCUBE)
		fprintf(f, " step %u", s->param);
	fprintf(f, ", size %u", s->size_min);
	if (s->size_max != s->size_min)
		fprintf(f, "-%u", s->size_max);
	fprintf(f, ", rate %u bytes/kcycle/node, seed %" PRIu64 ", ", s->rate,
		s->seed);
	if (s->messages)
		fprintf(f, "%" PRIu64 " messages\n", s->messages);
	else
		fprintf(f, "%" PRIu64 " cycles\n", s->cycles);
	fprintf(f,
		"run: %u nodes, %" PRIu64 " cycles, window %" PRIu64
		" cycles, %s\n",
		r->nodes, r->now, r->window, rcf_traffic_state(r));
	fprintf(f,
		"messages: offered %" PRIu64 " sent %" PRIu64
		" refused %" PRIu64 " delivered %" PRIu64 " corrupt %" PRIu64
		"\n",
		r->msgs_offered, r->msgs_sent, r->msgs_refused,
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

void rcf_traffic_json(struct rcf_json *j, const struct rcf_traffic_res *r)
{
	const char *w = rcf_traffic_pattern_word(r->spec.pattern);

	rcf_json_obj_open(j, NULL);
	rcf_json_str(j, "pattern", w ? w : "?");
	if (r->spec.pattern == RCF_TRAFFIC_HOTSPOT) {
		rcf_json_u64(j, "hot-node", r->spec.hot_node);
		rcf_json_u64(j, "hot-permille", r->spec.hot_permille);
	} else {
		rcf_json_u64(j, "step", r->spec.param);
	}
	rcf_json_u64(j, "size-min", r->spec.size_min);
	rcf_json_u64(j, "size-max", r->spec.size_max);
	rcf_json_u64(j, "rate", r->spec.rate);
	rcf_json_u64(j, "seed", r->spec.seed);
	if (r->spec.messages)
		rcf_json_u64(j, "messages", r->spec.messages);
	else
		rcf_json_u64(j, "generate-cycles", r->spec.cycles);
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
	rcf_json_obj_close(j);
	rcf_json_end(j);
}
