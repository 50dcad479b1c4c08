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

/* "D index I hops H H...", the newline */
static char *put_tail(char *p, const struct rcf_routes *s,
		      const struct rcf_route *r)
{
	unsigned int len;
	const uint8_t *hops = rcf_route_hops(s, r, &len);

	p = put_u32(p, r->dst);
	if (!r->index) {
		p = put_str(p, " index 0 hops", 13);
	} else {
		p = put_str(p, " index ", 7);
		p = put_u32(p, r->index);
		p = put_str(p, " hops", 5);
	}
	if (len > RCF_ROUTE_MAX_HOPS)
		len = RCF_ROUTE_MAX_HOPS;
	for (unsigned int h = 0; h < len; h++) {
		unsigned int port = RCF_HOP_PORT(hops[h]);
		unsigned int vc = RCF_HOP_VC(hops[h]);

		/* all 4 bytes, within the 5 a hop has in RCF_ROUTE_LINE_MAX */
		memcpy(p, port_str[port], 4);
		p += port < 10 ? 2 : 3;
		if (vc) {
			*p++ = '.';
			*p++ = (char)('0' + vc);
		}
	}
	*p++ = '\n';
	return p;
}

size_t rcf_route_line(const struct rcf_routes *s, const struct rcf_route *r,
		      char *buf)
{
	return (size_t)(put_tail(put_head(buf, r->src), s, r) - buf);
}

/* the longest head, "route add src 4294967295 dst ", and room to copy it
 * whole */
#define HEAD_ROOM 32

int rcf_routes_print(FILE *f, const struct rcf_routes *s)
{
	/*
	 * Whole lines into a buffer, one fwrite per buffer: stdio's own
	 * buffer costs a call and a copy per field.  Routes come source by
	 * source, so a line's head is formatted once per source and copied
	 * in one piece of HEAD_ROOM bytes, its tail past the head's end
	 * writing over the rest.
	 */
	char buf[1 << 16], head[HEAD_ROOM] = "";
	size_t len = 0, hlen = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct rcf_route *r = &s->r[i];
		char *p;

		if (sizeof(buf) - len < RCF_ROUTE_LINE_MAX + HEAD_ROOM) {
			if (fwrite(buf, 1, len, f) != len)
				return -1;
			len = 0;
		}
		if (!i || r->src != s->r[i - 1].src)
			hlen = (size_t)(put_head(head, r->src) - head);
		p = buf + len;
		memcpy(p, head, HEAD_ROOM);
		len = (size_t)(put_tail(p + hlen, s, r) - buf);
	}
	if (len && fwrite(buf, 1, len, f) != len)
		return -1;
	return 0;
}
