// SPDX-License-Identifier: GPL-2.0
/*
 * Route lines (route/route_fmt.h) against printf and rcf_hop_format(),
 * the formatting route compute used before them: every hop byte, the
 * widest numbers, empty and longest routes, output beyond one buffer, and
 * a write error.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/rcf_obj.h"
#include "route/route_fmt.h"

/* a route as the test writes it, before it goes into a set */
struct lr {
	uint32_t src, dst;
	uint8_t index;
	unsigned int nhops;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
};

/* the line as printf would write it */
static size_t ref_line(const struct lr *r, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len,
				    "route add src %u dst %u index %u hops",
				    r->src, r->dst, r->index);

	for (unsigned int h = 0; h < r->nhops; h++) {
		char hop[16];

		rcf_hop_format(r->hops[h], hop, sizeof(hop));
		n += (size_t)snprintf(buf + n, len - n, " %s", hop);
	}
	n += (size_t)snprintf(buf + n, len - n, "\n");
	return n;
}

static int same_line(const struct lr *r)
{
	char got[RCF_ROUTE_LINE_MAX + 16], want[RCF_ROUTE_LINE_MAX + 16];
	struct rcf_routes s;
	size_t n, m;

	rcf_routes_init(&s);
	if (rcf_routes_push(&s, r->src, r->dst, r->index, r->hops, r->nhops))
		return 0;
	memset(got, 'x', sizeof(got));
	n = rcf_route_line(&s, &s.r[0], got);
	rcf_routes_free(&s);
	m = ref_line(r, want, sizeof(want));
	if (n > RCF_ROUTE_LINE_MAX || got[RCF_ROUTE_LINE_MAX] != 'x') {
		printf("# line of %zu bytes, room for %zu\n", n,
		       (size_t)RCF_ROUTE_LINE_MAX);
		return 0;
	}
	if (n != m || memcmp(got, want, n)) {
		printf("# got  %.*s# want %s", (int)n, got, want);
		return 0;
	}
	return 1;
}

/* four routes of 64 hops cover every hop byte, reserved bit included */
static void test_hop_bytes(void)
{
	struct lr r = {.src = 1, .dst = 2, .nhops = RCF_ROUTE_MAX_HOPS};
	int ok = 1;

	for (int part = 0; part < 4 && ok; part++) {
		for (int h = 0; h < RCF_ROUTE_MAX_HOPS; h++)
			r.hops[h] = (uint8_t)(part * RCF_ROUTE_MAX_HOPS + h);
		ok = same_line(&r);
	}
	tap_ok(ok, "every hop byte as rcf_hop_format writes it");
}

static void test_numbers(void)
{
	static const uint32_t v[] = {0,	  1,	 9,	     10,	 99,
				     100, 65535, 1000000000, 4294967295u};
	struct lr r = {.nhops = RCF_ROUTE_MAX_HOPS};
	int ok = 1;

	/* the widest line: largest numbers, a PORT.VC every hop */
	for (int h = 0; h < RCF_ROUTE_MAX_HOPS; h++)
		r.hops[h] = 31 | 3 << RCF_HOP_VC_SHIFT;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]) && ok; i++) {
		r.src = v[i];
		r.dst = v[sizeof(v) / sizeof(v[0]) - 1 - i];
		r.index = (uint8_t)(v[i] & 0xff);
		ok = same_line(&r);
	}
	r.src = r.dst = 4294967295u;
	r.index = 255;
	ok = ok && same_line(&r);
	r.nhops = 0;
	ok = ok && same_line(&r);
	tap_ok(ok, "src, dst and index from 0 to their largest, 0 to 64 hops");
}

/*
 * far more than one buffer of lines, in runs of one source (a line's head
 * is made once per run) and of destinations one past the last (counted
 * on in place): the file is the lines in order
 */
static void test_print(void)
{
	struct rcf_routes s;
	char line[RCF_ROUTE_LINE_MAX + 16];
	char *want = NULL, *got = NULL;
	size_t wlen = 0, glen = 0;
	FILE *w = open_memstream(&want, &wlen);
	FILE *f = tmpfile();
	int ok = w && f;

	rcf_routes_init(&s);
	for (uint32_t i = 0; i < 3000 && ok; i++) {
		/* runs of one source, as routers emit them, of 1 to 9 digits */
		struct lr r = {.src = i / 5 * 104729u % 1000000007u,
			       /* mostly one past the last (9 to 10, 99 to
				* 100...), every third elsewhere */
			       .dst = i % 3 == 2 ? i * 7919u : i,
			       .index = (uint8_t)i,
			       .nhops = i % (RCF_ROUTE_MAX_HOPS + 1)};

		/* a source's routes share their first bytes, as a tree's */
		for (unsigned int h = 0; h < r.nhops; h++)
			r.hops[h] = (uint8_t)(h < r.nhops / 2 ? i / 5 + h
							      : i + h * 37);
		if (rcf_routes_push(&s, r.src, r.dst, r.index, r.hops,
				    r.nhops)) {
			ok = 0;
			break;
		}
		ref_line(&r, line, sizeof(line));
		fputs(line, w);
	}
	if (ok) {
		fclose(w);
		w = NULL;
		ok = !rcf_routes_print(f, &s) && !fflush(f);
	}
	if (ok) {
		glen = (size_t)ftell(f);
		got = malloc(glen + 1);
		rewind(f);
		ok = got && fread(got, 1, glen, f) == glen;
	}
	tap_ok(ok && wlen > 4 * 65536 && glen == wlen &&
		       !memcmp(got, want, wlen),
	       "3000 routes of 0 to 64 hops print as their printf lines");
	if (w)
		fclose(w);
	if (f)
		fclose(f);
	free(want);
	free(got);
	rcf_routes_free(&s);
}

/* the routes of rs, printed, against their printf lines */
static int prints_as_printf(const struct lr *rs, size_t n)
{
	char line[RCF_ROUTE_LINE_MAX + 16], *want = NULL, *got = NULL;
	size_t wlen = 0, glen = 0;
	FILE *w = open_memstream(&want, &wlen), *f = tmpfile();
	struct rcf_routes s;
	int ok = w && f;

	rcf_routes_init(&s);
	for (size_t i = 0; i < n && ok; i++) {
		ok = !rcf_routes_push(&s, rs[i].src, rs[i].dst, rs[i].index,
				      rs[i].hops, rs[i].nhops);
		ref_line(&rs[i], line, sizeof(line));
		fputs(line, w);
	}
	if (w)
		fclose(w);
	ok = ok && !rcf_routes_print(f, &s) && !fflush(f);
	if (ok) {
		glen = (size_t)ftell(f);
		got = malloc(glen + 1);
		rewind(f);
		ok = got && fread(got, 1, glen, f) == glen;
	}
	ok = ok && glen == wlen && !memcmp(got, want, wlen);
	if (f)
		fclose(f);
	free(want);
	free(got);
	rcf_routes_free(&s);
	return ok;
}

/*
 * Runs of routes that differ from the one before in their last byte and
 * go to the next destination, a line made from the one before by its
 * last hop: across 9 to 10, 99 to 100 and 4294967295 to 0, the index or
 * the length changing within a run, a byte before the last changing,
 * routes of 1 to 7 bytes (7: in the set's arena).
 */
static void test_print_runs(void)
{
	static const uint32_t first[] = {0, 5, 95, 990, 4294967290u};
	enum { RUN = 12, NR = 7 * 5 * RUN };
	struct lr *rs = calloc(NR, sizeof(*rs));
	size_t n = 0;

	for (unsigned int len = 1; rs && len <= 7; len++)
		for (size_t f = 0; f < sizeof(first) / sizeof(first[0]); f++)
			for (uint32_t j = 0; j < RUN; j++) {
				struct lr *r = &rs[n++];

				r->src = len * 10 + (uint32_t)f;
				r->dst = first[f] + j;
				/* the index changes once in the run */
				r->index = j > RUN / 2 && f == 2;
				r->nhops = len;
				for (unsigned int h = 0; h < len; h++)
					r->hops[h] = (uint8_t)(h * 3 + f);
				/* the last byte, a VC on some; a byte
				 * before it changing once */
				r->hops[len - 1] =
					(uint8_t)(j % 32 | j % 3 << 5);
				if (len > 1 && j == RUN - 2 && f == 1)
					r->hops[0] ^= 1;
				/* the length changing once */
				if (len < 7 && j == RUN - 3 && f == 3)
					r->nhops++;
			}
	tap_ok(rs && prints_as_printf(rs, n),
	       "runs parting at their last byte print as their printf lines");
	free(rs);
}

static void test_write_error(void)
{
	struct rcf_routes s;
	FILE *f = fopen("/dev/full", "w");
	int ok = 1;

	rcf_routes_init(&s);
	for (uint32_t i = 0; i < 3000 && ok; i++) {
		uint8_t *h = rcf_routes_add(&s, i, i + 1, 0, 6);

		ok = h != NULL;
		if (h)
			memset(h, 0, 6);
	}
	if (!f) {
		tap_ok(1, "a write error is reported # SKIP no /dev/full");
	} else {
		tap_ok(ok && rcf_routes_print(f, &s) == -1,
		       "a write error is reported");
		fclose(f);
	}
	rcf_routes_free(&s);
}

int main(void)
{
	tap_plan(5);
	test_hop_bytes();
	test_numbers();
	test_print();
	test_print_runs();
	test_write_error();
	return tap_done();
}
