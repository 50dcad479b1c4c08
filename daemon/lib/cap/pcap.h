/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Captured fabric packets as a pcap file (Documentation/observability.rst,
 * "Capturing packets").  The link type is LINKTYPE_USER0 (147, DLT_USER0,
 * one of the types kept for private use); each record is the 20-byte rcf
 * capture header below, then the packet as the node saw it,
 * [length][route bytes][adapter header][data].  scripts/wireshark/rcf.lua
 * decodes it.
 */
#ifndef RCF_CAP_PCAP_H
#define RCF_CAP_PCAP_H

#include <stdint.h>
#include <stdio.h>

#define RCF_PCAP_LINKTYPE 147 /* LINKTYPE_USER0 */
#define RCF_PCAP_SNAPLEN  65535
#define RCF_CAP_VERSION	  1
/*
 * The rcf capture header, big-endian:
 *   0      version (RCF_CAP_VERSION)
 *   1      direction: 1 sent by the node (tx), 2 received by it (rx)
 *   2      route bytes in the packet (0 on rx: read on the way)
 *   3      adapter header bytes after them (8; 0 in raw mode)
 *   4-7    node captured at
 *   8-11   peer: the destination (tx) or the source (rx)
 *   12-19  engine cycle
 */
#define RCF_CAP_HDR 20

/* One captured packet. */
struct rcf_cap_rec {
	uint64_t time_ns; /* CLOCK_REALTIME */
	uint64_t cycle;
	uint32_t node, peer;
	uint8_t dir, nroute, hdr;
	const uint8_t *pkt; /* [length][route bytes][payload] */
	uint32_t len;
};

/* The file header; 0, or -1 with errno set. */
int rcf_pcap_begin(FILE *f);
/* One record; 0, or -1 with errno set. */
int rcf_pcap_write(FILE *f, const struct rcf_cap_rec *r);
/* The rcf capture header of r into out. */
void rcf_cap_hdr(const struct rcf_cap_rec *r, uint8_t out[RCF_CAP_HDR]);

#endif
