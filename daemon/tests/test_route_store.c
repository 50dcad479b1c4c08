// SPDX-License-Identifier: GPL-2.0
/*
 * The route set's store (route/route.h): 16-byte records with short
 * routes in place and long ones in the arena; growth by the one rule,
 * routes of 0 to 64 bytes read back as written, the arena growing under
 * them, too long a route refused with nothing changed, a route copied
 * from its own set's arena, and the sort and the difference carrying
 * each route's bytes with it.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "route_view.h"

/* route i's bytes: its length is i % 65, each byte from i and place */
static unsigned int pattern(size_t i, uint8_t *hops)
{
	unsigned int n = (unsigned int)(i % (RCF_ROUTE_MAX_HOPS + 1));

	for (unsigned int h = 0; h < n; h++)
		hops[h] = (uint8_t)(i * 7 + h * 13);
	return n;
}

/* route i of s is (i, i + 1, i % 4) with pattern(i)'s bytes */
static int is_pattern(const struct rcf_routes *s, size_t at, size_t i)
{
	uint8_t want[RCF_ROUTE_MAX_HOPS];
	unsigned int n = pattern(i, want);
	struct rv r = rv(s, at);

	return r.src == i && r.dst == i + 1 && r.index == i % 4 &&
	       r.nhops == n && !memcmp(r.hops, want, n);
}

static int fill(struct rcf_routes *s, size_t n)
{
	uint8_t hops[RCF_ROUTE_MAX_HOPS];

	for (size_t i = 0; i < n; i++) {
		unsigned int len = pattern(i, hops);

		if (rcf_routes_push(s, (uint32_t)i, (uint32_t)i + 1,
				    (uint8_t)(i % 4), hops, len))
			return -1;
	}
	return 0;
}

static void test_record(void)
{
	tap_ok(sizeof(struct rcf_route_rec) == 16 && RCF_ROUTE_INLINE == 6,
	       "a route's record is 16 bytes with 6 route bytes in place");
}

/* one route at a time through three doublings, every route intact */
static void test_growth(void)
{
	struct rcf_routes s;
	size_t caps = 0;
	int ok = 1;

	rcf_routes_init(&s);
	for (size_t i = 0; i < 2049 && ok; i++) {
		size_t cap = s.cap;
		uint8_t hops[RCF_ROUTE_MAX_HOPS];
		unsigned int len = pattern(i, hops);

		ok = !rcf_routes_push(&s, (uint32_t)i, (uint32_t)i + 1,
				      (uint8_t)(i % 4), hops, len);
		ok = ok && s.cap == rcf_routes_grown(cap, i + 1);
		caps += s.cap != cap;
	}
	for (size_t i = 0; i < s.n && ok; i++)
		ok = is_pattern(&s, i, i);
	tap_ok(ok && s.n == 2049 && s.cap == 4096 && caps == 5,
	       "2049 routes grow the set 256, 512 ... 4096, none altered");
	rcf_routes_free(&s);
}

/* every length from 0 to 64, the long ones in the arena and no more */
static void test_lengths(void)
{
	struct rcf_routes s;
	size_t far = 0;
	int ok;

	rcf_routes_init(&s);
	ok = !fill(&s, RCF_ROUTE_MAX_HOPS + 1);
	for (size_t i = 0; i <= RCF_ROUTE_MAX_HOPS && ok; i++) {
		ok = is_pattern(&s, i, i) && s.r[i].len == i;
		far += i > RCF_ROUTE_INLINE ? i : 0;
	}
	tap_ok(ok && s.used == far,
	       "routes of 0 to 64 bytes read back, 7 and over in the arena");
	rcf_routes_free(&s);
}

/* 65 bytes: refused by add and push, the set as it was */
static void test_too_long(void)
{
	uint8_t hops[RCF_ROUTE_MAX_HOPS + 1] = {0};
	struct rcf_routes s;
	size_t used, cap;
	int ok;

	rcf_routes_init(&s);
	/* a full set: a refused route must not grow it either */
	ok = !fill(&s, 256);
	used = s.used;
	cap = s.cap;
	ok = ok && !rcf_routes_add(&s, 1, 2, 0, RCF_ROUTE_MAX_HOPS + 1);
	ok = ok &&
	     rcf_routes_push(&s, 1, 2, 0, hops, RCF_ROUTE_MAX_HOPS + 1) == -1;
	ok = ok && s.n == 256 && s.cap == cap && s.used == used;
	for (size_t i = 0; i < s.n && ok; i++)
		ok = is_pattern(&s, i, i);
	tap_ok(ok, "a route of 65 bytes is refused, the set unchanged");
	rcf_routes_free(&s);
}

/* far more long routes than the arena's first block holds */
static void test_arena_growth(void)
{
	struct rcf_routes s;
	size_t rooms = 0, room = 0;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	int ok = 1;

	rcf_routes_init(&s);
	for (size_t i = 0; i < 3000 && ok; i++) {
		/* lengths 7 to 64 only: every route in the arena */
		size_t k = i % (RCF_ROUTE_MAX_HOPS - RCF_ROUTE_INLINE) +
			   RCF_ROUTE_INLINE + 1;

		pattern(k, hops);
		ok = !rcf_routes_push(&s, (uint32_t)k, (uint32_t)k + 1,
				      (uint8_t)(k % 4), hops, (unsigned int)k);
		rooms += s.room != room;
		room = s.room;
	}
	for (size_t i = 0; i < s.n && ok; i++)
		ok = is_pattern(&s, i,
				i % (RCF_ROUTE_MAX_HOPS - RCF_ROUTE_INLINE) +
					RCF_ROUTE_INLINE + 1);
	printf("# arena: %zu bytes used, room %zu, grew %zu times\n", s.used,
	       s.room, rooms);
	tap_ok(ok && s.used > 100000 && s.room >= s.used && rooms > 5,
	       "3000 long routes: the arena grows, every route intact");
	rcf_routes_free(&s);
}

/* a route appended from the set's own arena as it moves */
static void test_push_own(void)
{
	struct rcf_routes s;
	int ok;

	rcf_routes_init(&s);
	ok = !fill(&s, RCF_ROUTE_MAX_HOPS + 1);
	/* the arena's end, then one route past it */
	while (ok && s.used + RCF_ROUTE_MAX_HOPS <= s.room)
		ok = !rcf_routes_push(&s, 0, 0, 0, s.arena, RCF_ROUTE_MAX_HOPS);
	for (size_t i = 0; i < 2 && ok; i++) {
		unsigned int n;
		const uint8_t *h =
			rcf_route_hops(&s, &s.r[RCF_ROUTE_MAX_HOPS], &n);

		ok = !rcf_routes_push(&s, 9, 10, 1, h, n);
	}
	ok = ok && is_pattern(&s, RCF_ROUTE_MAX_HOPS, RCF_ROUTE_MAX_HOPS);
	ok = ok &&
	     rcf_route_same_hops(&s, &s.r[s.n - 1], &s,
				 &s.r[RCF_ROUTE_MAX_HOPS]) &&
	     rcf_route_same_hops(&s, &s.r[s.n - 2], &s,
				 &s.r[RCF_ROUTE_MAX_HOPS]);
	tap_ok(ok, "a long route copied from its own set as the arena grows");
	rcf_routes_free(&s);
}

/* routes written in place past n, as sp1 writes them, then counted */
static void test_put(void)
{
	struct rcf_routes s, t;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	int ok;

	rcf_routes_init(&s);
	rcf_routes_init(&t);
	ok = !fill(&t, 300) && !rcf_routes_reserve(&s, 300) && s.n == 0 &&
	     s.cap >= 300;
	/* last first: the order of writing does not matter */
	for (size_t i = 300; i-- > 0 && ok;) {
		unsigned int n = pattern(i, hops);
		uint8_t *h =
			rcf_routes_put(&s, &s.r[i], (uint32_t)i,
				       (uint32_t)i + 1, (uint8_t)(i % 4), n);

		ok = h != NULL;
		if (h)
			memcpy(h, hops, n);
	}
	s.n = 300;
	tap_ok(ok && same_set(&s, &t),
	       "routes put in place past n read as the same routes added");
	rcf_routes_free(&s);
	rcf_routes_free(&t);
}

/*
 * Keys (src, dst) from key(i), two routes per key told apart by their
 * bytes (short and long both): sorted, each route's bytes follow it and
 * routes of one key keep the order they came in.
 */
static void test_sort(const char *name, uint32_t (*key)(size_t))
{
	struct rcf_routes s;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	const size_t n = 2000;
	int ok = 1;

	rcf_routes_init(&s);
	for (size_t i = 0; i < n && ok; i++) {
		uint32_t k = key(i % (n / 2));
		/* i as the first two bytes, the rest its pattern */
		unsigned int len = pattern(i, hops);

		len = len < 2 ? 2 : len;
		hops[0] = (uint8_t)i;
		hops[1] = (uint8_t)(i >> 8);
		ok = !rcf_routes_push(&s, k / 32, k % 32, 0, hops, len);
	}
	ok = ok && !rcf_routes_sort(&s);
	for (size_t i = 0; i < s.n && ok; i++) {
		struct rv r = rv(&s, i);
		size_t at = (size_t)r.hops[0] | (size_t)r.hops[1] << 8;
		unsigned int len = pattern(at, hops);

		len = len < 2 ? 2 : len;
		/* the route it was: its key and the rest of its bytes */
		ok = at < n && key(at % (n / 2)) == r.src * 32 + r.dst &&
		     r.nhops == len && !memcmp(r.hops + 2, hops + 2, len - 2);
		if (ok && i) {
			struct rv p = rv(&s, i - 1);
			size_t pat = (size_t)p.hops[0] | (size_t)p.hops[1] << 8;

			ok = p.src < r.src ||
			     (p.src == r.src && p.dst < r.dst) ||
			     (p.src == r.src && p.dst == r.dst && pat < at);
		}
	}
	tap_ok(ok && s.n == n, name);
	rcf_routes_free(&s);
}

/* sources descending: the sort of the whole set */
static uint32_t key_descending(size_t i)
{
	return (uint32_t)(999 - i);
}

/* sources ascending, destinations shuffled: a sort per source */
static uint32_t key_by_source(size_t i)
{
	return (uint32_t)(i / 32 * 32 + i * 17 % 32);
}

/* one source only, destinations shuffled */
static uint32_t key_one_source(size_t i)
{
	return (uint32_t)(i * 17 % 32);
}

/* the one change rcf_routes_diff reports, read through its set */
struct seen {
	size_t calls;
	uint8_t first;
	unsigned int len;
};

static int saw(enum rcf_verb verb, const struct rcf_routes *s,
	       const struct rcf_route_rec *r, void *arg)
{
	struct seen *v = arg;
	const uint8_t *h = rcf_route_hops(s, r, &v->len);

	v->calls++;
	v->first = verb == RCF_V_SET && r->src == 100 ? h[0] : 0;
	return 0;
}

/* equal routes laid out apart in two arenas are the same; a byte is not */
static void test_diff(void)
{
	struct rcf_routes a, b;
	struct rcf_route_diff d;
	struct seen v = {0};
	uint8_t hops[RCF_ROUTE_MAX_HOPS], *h;
	unsigned int n;
	int ok;

	rcf_routes_init(&a);
	rcf_routes_init(&b);
	ok = !fill(&a, 200) && !rcf_routes_reserve(&b, 200);
	/* b: the same routes, the long ones' bytes in the other order */
	for (size_t i = 200; i-- > 0 && ok;) {
		n = pattern(i, hops);
		h = rcf_routes_put(&b, &b.r[i], (uint32_t)i, (uint32_t)i + 1,
				   (uint8_t)(i % 4), n);
		ok = h != NULL;
		if (h)
			memcpy(h, hops, n);
	}
	b.n = 200;
	/* route 190, 60 bytes long, last in a's arena and early in b's */
	ok = ok && rcf_route_off(&a.r[190]) != rcf_route_off(&b.r[190]);
	ok = ok && !rcf_routes_diff(&a, &b, NULL, NULL, &d) && d.same == 200 &&
	     !d.changed && !d.added && !d.removed;
	/* route 100, 35 bytes long, gets another first byte */
	n = pattern(100, hops);
	hops[0] ^= 0xff;
	h = ok ? rcf_routes_put(&b, &b.r[100], 100, 101, 0, n) : NULL;
	if (h)
		memcpy(h, hops, n);
	ok = h && n > RCF_ROUTE_INLINE &&
	     !rcf_routes_diff(&a, &b, saw, &v, &d) && d.same == 199 &&
	     d.changed == 1 && v.calls == 1 && v.first == hops[0] && v.len == n;
	tap_ok(ok, "diff: long routes compare by their bytes, not their "
		   "place in the arena");
	rcf_routes_free(&a);
	rcf_routes_free(&b);
}

/* from nothing installed every route is new, counted or reported alike */
static void test_diff_empty(void)
{
	struct rcf_routes none, b;
	struct rcf_route_diff d, e;
	struct seen v = {0};
	int ok;

	rcf_routes_init(&none);
	rcf_routes_init(&b);
	ok = !fill(&b, 200);
	memset(&d, 0xff, sizeof(d));
	ok = ok && !rcf_routes_diff(&none, &b, NULL, NULL, &d) &&
	     d.added == 200 && !d.same && !d.changed && !d.removed &&
	     !d.pairs_lost;
	ok = ok && !rcf_routes_diff(&none, &b, saw, &v, &e) &&
	     !memcmp(&d, &e, sizeof(d)) && v.calls == 200;
	memset(&d, 0xff, sizeof(d));
	ok = ok && !rcf_routes_diff(&b, &none, NULL, NULL, &d) &&
	     d.removed == 200 && !d.added && d.pairs_lost == 200;
	tap_ok(ok, "diff from an empty set: every route added");
	rcf_routes_free(&b);
}

int main(void)
{
	tap_plan(12);
	test_record();
	test_growth();
	test_lengths();
	test_too_long();
	test_arena_growth();
	test_push_own();
	test_put();
	test_sort("sources out of order: sorted, bytes and order of equals "
		  "kept",
		  key_descending);
	test_sort("sources in order, destinations not: sorted, bytes and "
		  "order of equals kept",
		  key_by_source);
	test_sort("one source: sorted, bytes and order of equals kept",
		  key_one_source);
	test_diff();
	test_diff_empty();
	return tap_done();
}
