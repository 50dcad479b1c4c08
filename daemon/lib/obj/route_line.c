// SPDX-License-Identifier: GPL-2.0
/*
 * Route lines in one pass (route_line.h).  Whatever this does not know
 * for certain the general parser accepts, it leaves to that parser: a
 * line is refused in one place only, with one reason.
 */
#include <stddef.h>

#include "obj/route_line.h"

/*
 * What a byte is to rcf_split_words(): a blank, the NUL that ends the
 * line, a digit, or anything else.
 */
enum { BLANK = 1, NUL = 2, DIGIT = 4 };
static const uint8_t class[256] = {
	[0] = NUL,	[' '] = BLANK, ['\t'] = BLANK, ['\r'] = BLANK,
	['\n'] = BLANK, ['0'] = DIGIT, ['1'] = DIGIT,  ['2'] = DIGIT,
	['3'] = DIGIT,	['4'] = DIGIT, ['5'] = DIGIT,  ['6'] = DIGIT,
	['7'] = DIGIT,	['8'] = DIGIT, ['9'] = DIGIT,
};

/* where a word ends */
static inline int at_end(char c)
{
	return class[(uint8_t)c] & (BLANK | NUL);
}

static inline const char *blanks(const char *p)
{
	while (class[(uint8_t)*p] == BLANK)
		p++;
	return p;
}

/* past the whole word w at p, or NULL */
static inline const char *word(const char *p, const char *w)
{
	while (*w)
		if (*p++ != *w++)
			return NULL;
	return at_end(*p) ? p : NULL;
}

/*
 * Decimal digits up to a value of max, leading zeros and all, as
 * rcf_parse_num() reads them; past them, or NULL.  Refused as soon as it
 * passes max, the value never wraps.
 */
static inline const char *digits(const char *p, uint32_t max, uint32_t *v)
{
	uint32_t x = 0;

	if (class[(uint8_t)*p] != DIGIT)
		return NULL;
	for (; class[(uint8_t)*p] == DIGIT; p++) {
		x = x * 10 + (uint32_t)(*p - '0');
		if (x > max)
			return NULL;
	}
	*v = x;
	return p;
}

/* "PORT" or "PORT.VC" as rcf_hop_parse() takes it; past it, or NULL */
static inline const char *hop(const char *p, uint8_t *b)
{
	const char *start = p;
	uint32_t port, vc = 0;

	p = digits(p, RCF_HOP_PORT_MASK, &port);
	if (p && *p == '.')
		p = digits(p + 1, RCF_LINK_MAX_VCS - 1, &vc);
	/* rcf_hop_parse() refuses a word of 24 bytes or more */
	if (!p || !at_end(*p) || p - start >= 24)
		return NULL;
	*b = RCF_HOP(port, vc);
	return p;
}

/* src, dst and index in a row; the largest value of each */
static const uint32_t key_max[3] = {
	RCF_ROUTE_LINE_MAX_NODE,
	RCF_ROUTE_LINE_MAX_NODE,
	RCF_ROUTE_LINE_MAX_INDEX,
};

/* 0, 1, 2 for src, dst, index, 3 for hops, past the word in *end; or -1 */
static inline int key(const char *p, const char **end)
{
	switch (*p) {
	case 's':
		*end = word(p, "src");
		return *end ? 0 : -1;
	case 'd':
		*end = word(p, "dst");
		return *end ? 1 : -1;
	case 'i':
		*end = word(p, "index");
		return *end ? 2 : -1;
	case 'h':
		*end = word(p, "hops");
		return *end ? 3 : -1;
	default:
		return -1;
	}
}

int rcf_route_line_parse(const char *p, struct rcf_route_line *r)
{
	uint32_t v[3] = {0};
	int seen = 0, k;

	p = word(blanks(p), "route");
	if (p)
		p = word(blanks(p), "add");
	if (!p)
		return 0;
	for (;;) {
		p = blanks(p);
		k = key(p, &p);
		if (k < 0 || (seen & (1 << k)))
			return 0;
		if (k == 3)
			break;
		p = digits(blanks(p), key_max[k], &v[k]);
		if (!p || !at_end(*p))
			return 0;
		seen |= 1 << k;
	}
	if ((seen & 3) != 3)
		return 0;
	/* "hops" takes every word to the end of the line */
	r->nhops = 0;
	for (p = blanks(p); *p && *p != '#'; p = blanks(p)) {
		if (r->nhops == RCF_ROUTE_MAX_HOPS)
			return 0;
		p = hop(p, &r->hops[r->nhops]);
		if (!p)
			return 0;
		r->nhops++;
	}
	if (!r->nhops)
		return 0;
	r->src = v[0];
	r->dst = v[1];
	r->index = (uint8_t)v[2];
	return 1;
}
