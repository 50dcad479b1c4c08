// SPDX-License-Identifier: GPL-2.0
/*
 * The pcap writer.  The file is written in the host's byte order, as
 * pcap allows (readers tell it from the magic); the rcf capture header is
 * big-endian, like the fields of the packet after it.
 */
#include <errno.h>
#include <string.h>

#include "cap/pcap.h"

#define PCAP_MAGIC_NS 0xa1b23c4dU /* timestamps in nanoseconds */

static int put(FILE *f, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, f) != n) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}

int rcf_pcap_begin(FILE *f)
{
	struct {
		uint32_t magic;
		uint16_t major, minor;
		int32_t zone;
		uint32_t sigfigs, snaplen, linktype;
	} h = {PCAP_MAGIC_NS, 2, 4, 0, 0, RCF_PCAP_SNAPLEN, RCF_PCAP_LINKTYPE};

	return put(f, &h, sizeof(h));
}

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

void rcf_cap_hdr(const struct rcf_cap_rec *r, uint8_t out[RCF_CAP_HDR])
{
	out[0] = RCF_CAP_VERSION;
	out[1] = r->dir;
	out[2] = r->nroute;
	out[3] = r->hdr;
	be32(out + 4, r->node);
	be32(out + 8, r->peer);
	be32(out + 12, (uint32_t)(r->cycle >> 32));
	be32(out + 16, (uint32_t)r->cycle);
}

int rcf_pcap_write(FILE *f, const struct rcf_cap_rec *r)
{
	uint8_t h[RCF_CAP_HDR];
	uint32_t rec[4], n = RCF_CAP_HDR + r->len;

	if (n > RCF_PCAP_SNAPLEN) {
		errno = EMSGSIZE;
		return -1;
	}
	rec[0] = (uint32_t)(r->time_ns / 1000000000U);
	rec[1] = (uint32_t)(r->time_ns % 1000000000U);
	rec[2] = n;
	rec[3] = n;
	rcf_cap_hdr(r, h);
	if (put(f, rec, sizeof(rec)) || put(f, h, sizeof(h)) ||
	    put(f, r->pkt, r->len))
		return -1;
	return 0;
}
