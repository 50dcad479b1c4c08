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

/* what rcf_routes_print() copies in one piece: the longest head, "route
 * add src 4294967295 dst ", fits */
#define PIECE 32

/*
 * What rcf_routes_print() keeps of the line before: its head, its
 * destination, and the text of its hops, where end[h] is the length of
 * the first h hops' text.
 */
struct last_line {
	char head[PIECE];
	size_t hlen;
	char dst[16];
	uint32_t dval, dlen;
	char hop[5 * RCF_ROUTE_MAX_HOPS + PIECE];
	uint16_t end[RCF_ROUTE_MAX_HOPS + 1];
};

/* l's destination as text: one more than the last counts up in place */
static void set_dst(struct last_line *l, uint32_t dst)
{
	uint32_t i = l->dlen;

	if (!l->dlen || dst != l->dval + 1 || !dst) {
		l->dlen = (uint32_t)(put_u32(l->dst, dst) - l->dst);
		l->dval = dst;
		return;
	}
	for (; i > 0 && l->dst[i - 1] == '9'; i--)
		l->dst[i - 1] = '0';
	if (i) {
		l->dst[i - 1]++;
	} else {
		/* 99 + 1: a digit more */
		memmove(l->dst + 1, l->dst, l->dlen++);
		l->dst[0] = '1';
	}
	l->dval = dst;
}

/* the line of route r, its hops' text made new from byte k on */
static char *put_line(char *p, struct last_line *l,
		      const struct rcf_route_rec *r, const uint8_t *hops,
		      unsigned int len, unsigned int k)
{
	for (unsigned int h = k; h < len; h++)
		l->end[h + 1] =
			(uint16_t)(put_hop(l->hop + l->end[h], hops[h]) -
				   l->hop);
	set_dst(l, r->dst);
	memcpy(p, l->head, PIECE);
	p += l->hlen;
	memcpy(p, l->dst, sizeof(l->dst));
	p = put_index(p + l->dlen, r);
	for (size_t at = 0; at < l->end[len]; at += PIECE)
		memcpy(p + at, l->hop + at, PIECE);
	p += l->end[len];
	*p++ = '\n';
	return p;
}

int rcf_routes_print(FILE *f, const struct rcf_routes *s)
{
	/*
	 * Whole lines into a buffer, one fwrite per buffer: stdio's own
	 * buffer costs a call and a copy per field.  Routes come source by
	 * source, each sharing its first bytes with the one before and
	 * mostly going to the next destination, so a line's head is made
	 * once per source, its destination counted on from the last, the
	 * text of its hops made only from where they part, and the three
	 * are copied into place in pieces of PIECE bytes (16 for the
	 * destination), each piece past a text's end written over next.
	 */
	struct last_line l = {.hlen = 0};
	char buf[1 << 16];
	const uint8_t *last = NULL;
	unsigned int lastlen = 0;
	size_t len = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route_rec *r = &s->r[i];
		unsigned int n, k = 0;
		const uint8_t *hops = rcf_route_hops(s, r, &n);

		if (sizeof(buf) - len < RCF_ROUTE_LINE_MAX + 2 * PIECE) {
			if (fwrite(buf, 1, len, f) != len)
				return -1;
			len = 0;
		}
		if (n > RCF_ROUTE_MAX_HOPS)
			n = RCF_ROUTE_MAX_HOPS;
		if (!i || r->src != s->r[i - 1].src)
			l.hlen = (size_t)(put_head(l.head, r->src) - l.head);
		else
			k = rcf_route_same_start(hops, n, last, lastlen);
		len = (size_t)(put_line(buf + len, &l, r, hops, n, k) - buf);
		last = hops;
		lastlen = n;
	}
	if (len && fwrite(buf, 1, len, f) != len)
		return -1;
	return 0;
}
