// SPDX-License-Identifier: GPL-2.0
/* Route lines for batch files and route compute's output (route_fmt.h). */
#include <string.h>

#include "route/route_fmt.h"

static char *put_str(char *p, const char *s, size_t len)
{
	memcpy(p, s, len);
	return p + len;
}

/* "00" to "99": two digits per division */
static const char two_digits[] = "0001020304050607080910111213141516171819"
				 "2021222324252627282930313233343536373839"
				 "4041424344454647484950515253545556575859"
				 "6061626364656667686970717273747576777879"
				 "8081828384858687888990919293949596979899";

/* digits counted first, then written from the last: no reversal */
static char *put_u32(char *p, uint32_t v)
{
	unsigned int n = 1;
	char *q;

	for (uint32_t big = 10; n < 10 && v >= big; big *= 10)
		n++;
	q = p + n;
	while (v >= 10) {
		q -= 2;
		memcpy(q, &two_digits[v % 100 * 2], 2);
		v /= 100;
	}
	if (q > p)
		*p = (char)('0' + v);
	return p + n;
}

/* " 0" to " 31", a hop's port with its space, in 4 bytes each */
static const char port_str[32][4] = {
	" 0",  " 1",  " 2",  " 3",  " 4",  " 5",  " 6",	 " 7",
	" 8",  " 9",  " 10", " 11", " 12", " 13", " 14", " 15",
	" 16", " 17", " 18", " 19", " 20", " 21", " 22", " 23",
	" 24", " 25", " 26", " 27", " 28", " 29", " 30", " 31",
};

/* "route add src S dst " */
static char *put_head(char *p, uint32_t src)
{
	p = put_str(p, "route add src ", 14);
	p = put_u32(p, src);
	return put_str(p, " dst ", 5);
}

/* " index I hops" */
static char *put_index(char *p, const struct rcf_route_rec *r)
{
	if (!r->index)
		return put_str(p, " index 0 hops", 13);
	p = put_str(p, " index ", 7);
	p = put_u32(p, r->index);
	return put_str(p, " hops", 5);
}

/* " PORT" or " PORT.VC", in up to 5 bytes and writing 4 at least */
static char *put_hop(char *p, uint8_t b)
{
	unsigned int port = RCF_HOP_PORT(b), vc = RCF_HOP_VC(b);

	memcpy(p, port_str[port], 4);
	p += port < 10 ? 2 : 3;
	if (vc) {
		*p++ = '.';
		*p++ = (char)('0' + vc);
	}
	return p;
}

size_t rcf_route_line(const struct rcf_routes *s, const struct rcf_route_rec *r,
		      char *buf)
{
	unsigned int len;
	const uint8_t *hops = rcf_route_hops(s, r, &len);
	char *p = put_index(put_u32(put_head(buf, r->src), r->dst), r);

	/* the 4 bytes a hop writes are within the 5 RCF_ROUTE_LINE_MAX
	 * counts for it */
	for (unsigned int h = 0; h < len && h < RCF_ROUTE_MAX_HOPS; h++)
		p = put_hop(p, hops[h]);
	*p++ = '\n';
	return (size_t)(p - buf);
}

/* what rcf_routes_print() copies in one piece */
#define PIECE 32

/*
 * What rcf_routes_print() keeps of the line before: the line itself, its
 * destination (and where its digits are), its index, and where the text
 * of its hops begins (end[0]) and ends after each hop (end[h]).
 */
struct last_line {
	char text[RCF_ROUTE_LINE_MAX + 2 * PIECE];
	uint32_t dst;
	uint16_t dat, dlen;
	uint8_t index;
	uint16_t end[RCF_ROUTE_MAX_HOPS + 1];
};

/* the line of r up to its hops: head, destination, index */
static void line_new(struct last_line *l, const struct rcf_route_rec *r)
{
	char *p = put_head(l->text, r->src);

	l->dat = (uint16_t)(p - l->text);
	p = put_u32(p, r->dst);
	l->dlen = (uint16_t)(p - l->text - l->dat);
	p = put_index(p, r);
	l->end[0] = (uint16_t)(p - l->text);
	l->dst = r->dst;
	l->index = r->index;
}

/* the destination one more, counted on in place; 0 when it grows a digit */
static int dst_next(struct last_line *l)
{
	char *d = l->text + l->dat;
	unsigned int i = l->dlen;

	if (d[i - 1] != '9') {
		d[i - 1]++;
		l->dst++;
		return 1;
	}
	while (i > 0 && d[i - 1] == '9')
		i--;
	if (!i)
		return 0;
	d[i - 1]++;
	for (; i < l->dlen; i++)
		d[i] = '0';
	l->dst++;
	return 1;
}

/* the destination one more where its last digit is not 9; 0 otherwise */
static int dst_next_fast(struct last_line *l)
{
	char *d = l->text + l->dat + l->dlen - 1;

	if (*d == '9')
		return 0;
	++*d;
	l->dst++;
	return 1;
}

/*
 * The line of r, whose bytes are the line before's but for the last, to
 * out; its length.  The line is the same up to the last hop's text.
 */
static size_t last_hop(struct last_line *l, const struct rcf_route_rec *r,
		       char *out)
{
	uint16_t *e = &l->end[r->len];

	*e = (uint16_t)(put_hop(l->text + e[-1], r->b[r->len - 1]) - l->text);
	l->text[*e] = '\n';
	memcpy(out, l->text, 2 * PIECE);
	for (size_t at = 2 * PIECE; at <= *e; at += PIECE)
		memcpy(out + at, l->text + at, PIECE);
	return *e + 1u;
}

/*
 * Whether route r has the index, length and bytes of the route before it
 * but for its last byte, its bytes in its record: a leaf's nodes, most
 * routes of a source, compared as one word each.
 */
static int same_but_last(const struct rcf_route_rec *r)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* index and length, then the route bytes before the last */
	static const uint64_t mask[RCF_ROUTE_INLINE + 1] = {
		0,
		0xffff,
		0xffffff,
		0xffffffff,
		0xffffffffff,
		0xffffffffffff,
		0xffffffffffffff,
	};

	return r->len && r->len <= RCF_ROUTE_INLINE &&
	       !((rcf_route_word(r) ^ rcf_route_word(r - 1)) & mask[r->len]);
#else
	(void)r;
	return 0;
#endif
}

int rcf_routes_print(FILE *f, const struct rcf_routes *s)
{
	/*
	 * Whole lines into a buffer, one fwrite per buffer: stdio's own
	 * buffer costs a call and a copy per field.  Routes come source by
	 * source, each sharing its first bytes with the one before and
	 * mostly going to the next destination, so the line before is
	 * kept and made into the next in place: its destination counted
	 * on, the text of its hops made again only from where they part.
	 * Anything else (a new source, index, or a destination not one
	 * more or with a digit more) makes the line up to its hops anew.
	 * The line is copied out in pieces of PIECE bytes, each piece past
	 * its end written over next.
	 */
	struct last_line l = {.dst = 0};
	char buf[1 << 16];
	size_t len = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route_rec *r = &s->r[i];
		unsigned int n, k = 0;
		const uint8_t *hops;

		if (sizeof(buf) - len < RCF_ROUTE_LINE_MAX + 2 * PIECE) {
			if (fwrite(buf, 1, len, f) != len)
				return -1;
			len = 0;
		}
		if (i && r->src == r[-1].src && same_but_last(r) &&
		    r->dst == (uint64_t)l.dst + 1 && dst_next_fast(&l)) {
			len += last_hop(&l, r, buf + len);
			continue;
		}
		hops = rcf_route_hops(s, r, &n);
		if (n > RCF_ROUTE_MAX_HOPS)
			n = RCF_ROUTE_MAX_HOPS;
		if (i && r->src == r[-1].src && r->index == l.index &&
		    (r->dst == l.dst ||
		     (r->dst == l.dst + 1 && r->dst && dst_next(&l))))
			k = rcf_routes_same_start(s, r, r - 1);
		else
			line_new(&l, r);
		for (unsigned int h = k; h < n; h++)
			l.end[h + 1] =
				(uint16_t)(put_hop(l.text + l.end[h], hops[h]) -
					   l.text);
		l.text[l.end[n]] = '\n';
		/* most lines fit two pieces */
		memcpy(buf + len, l.text, 2 * PIECE);
		for (size_t at = 2 * PIECE; at <= l.end[n]; at += PIECE)
			memcpy(buf + len + at, l.text + at, PIECE);
		len += l.end[n] + 1u;
	}
	if (len && fwrite(buf, 1, len, f) != len)
		return -1;
	return 0;
}
