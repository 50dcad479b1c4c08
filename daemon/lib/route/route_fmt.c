// SPDX-License-Identifier: GPL-2.0
/* Route lines for batch files and route compute's output (route_fmt.h). */
#include <string.h>

#include "route/route_fmt.h"

static char *put_str(char *p, const char *s, size_t len)
{
	memcpy(p, s, len);
	return p + len;
}

static char *put_u32(char *p, uint32_t v)
{
	char tmp[10];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

size_t rcf_route_line(const struct rcf_routes *s, const struct rcf_route *r,
		      char *buf)
{
	unsigned int len;
	const uint8_t *hops = rcf_route_hops(s, r, &len);
	char *p = buf;

	p = put_str(p, "route add src ", 14);
	p = put_u32(p, r->src);
	p = put_str(p, " dst ", 5);
	p = put_u32(p, r->dst);
	p = put_str(p, " index ", 7);
	p = put_u32(p, r->index);
	p = put_str(p, " hops", 5);
	for (unsigned int h = 0; h < len && h < RCF_ROUTE_MAX_HOPS; h++) {
		uint8_t b = hops[h];

		*p++ = ' ';
		p = put_u32(p, RCF_HOP_PORT(b));
		if (RCF_HOP_VC(b)) {
			*p++ = '.';
			*p++ = (char)('0' + RCF_HOP_VC(b));
		}
	}
	*p++ = '\n';
	return (size_t)(p - buf);
}

int rcf_routes_print(FILE *f, const struct rcf_routes *s)
{
	/* whole lines into a buffer, one fwrite per buffer: stdio's own
	 * buffer costs a call and a copy per field */
	char buf[1 << 16];
	size_t len = 0;

	for (size_t i = 0; i < s->n; i++) {
		if (sizeof(buf) - len < RCF_ROUTE_LINE_MAX) {
			if (fwrite(buf, 1, len, f) != len)
				return -1;
			len = 0;
		}
		len += rcf_route_line(s, &s->r[i], buf + len);
	}
	if (len && fwrite(buf, 1, len, f) != len)
		return -1;
	return 0;
}
