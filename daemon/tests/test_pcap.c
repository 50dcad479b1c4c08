// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl capture's pcap files: the file header says LINKTYPE_USER0 and
 * nanoseconds, each record is the rcf capture header (big-endian, as
 * Documentation/observability.rst lays it out) and the packet byte for
 * byte.  With a file name it also writes the sample the dissector's
 * test (test_capture_cli.sh) reads: two packets of one IPv4 message,
 * sent by node 0 to node 5 over route 3.1 0.0, and one arriving.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cap/pcap.h"
#include "tap.h"

/* IPv4 10.0.0.1 -> 10.0.0.2, UDP, 300 bytes: more than one packet */
#define MSG 300
static uint8_t msg[MSG];

static void make_msg(void)
{
	static const uint8_t ip[20] = {
		0x45, 0, MSG >> 8, MSG & 0xff, 0, 1, 0,	 0, 64, 17,
		0,    0, 10,	   0,	       0, 1, 10, 0, 0,	2,
	};
	uint32_t sum = 0;
	int i;

	memcpy(msg, ip, sizeof(ip));
	for (i = 0; i < 20; i += 2)
		sum += (uint32_t)(msg[i] << 8 | msg[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	msg[10] = (uint8_t)(~sum >> 8);
	msg[11] = (uint8_t)~sum;
	/* UDP 4000 -> 5000, no checksum */
	msg[20] = 4000 >> 8;
	msg[21] = 4000 & 0xff;
	msg[22] = 5000 >> 8;
	msg[23] = 5000 & 0xff;
	msg[24] = (MSG - 20) >> 8;
	msg[25] = (MSG - 20) & 0xff;
	for (i = 28; i < MSG; i++)
		msg[i] = (uint8_t)i;
}

/* One packet of msg from off, as the adapter cuts it; its length. */
static uint32_t packet(uint8_t *p, const uint8_t *route, uint32_t nroute,
		       uint32_t off)
{
	uint32_t room = 255 - 1 - nroute - 8, n = MSG - off;

	if (n > room)
		n = room;
	p[0] = (uint8_t)(1 + nroute + 8 + n);
	if (nroute)
		memcpy(p + 1, route, nroute);
	p += 1 + nroute;
	memset(p, 0, 4); /* message id 0 */
	p[4] = MSG >> 8;
	p[5] = MSG & 0xff;
	p[6] = (uint8_t)(off >> 8);
	p[7] = (uint8_t)off;
	memcpy(p + 8, msg + off, n);
	return 1 + nroute + 8 + n;
}

static uint32_t get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

int main(int argc, char **argv)
{
	static const uint8_t route[2] = {0x23, 0x00}; /* port 3 vc 1, 0 vc 0 */
	uint8_t pkt[3][256], buf[4096];
	uint32_t len[3], off2;
	struct rcf_cap_rec r[3];
	FILE *f;
	size_t n;
	int i;

	make_msg();
	len[0] = packet(pkt[0], route, 2, 0);
	off2 = len[0] - 1 - 2 - 8;
	len[1] = packet(pkt[1], route, 2, off2);
	/* at the destination: the route bytes were read on the way */
	len[2] = packet(pkt[2], NULL, 0, 0);
	for (i = 0; i < 3; i++) {
		memset(&r[i], 0, sizeof(r[i]));
		r[i].time_ns = 1700000000ULL * 1000000000ULL + 123456789ULL + i;
		r[i].cycle = 0x0102030405ULL + (uint64_t)i;
		r[i].node = i < 2 ? 0 : 5;
		r[i].peer = i < 2 ? 5 : 0;
		r[i].dir = i < 2 ? 1 : 2;
		r[i].nroute = i < 2 ? 2 : 0;
		r[i].hdr = 8;
		r[i].pkt = pkt[i];
		r[i].len = len[i];
	}
	f = tmpfile();
	if (!f)
		return 1;
	tap_plan(9);
	tap_ok(!rcf_pcap_begin(f), "file header written");
	for (i = 0; i < 3; i++)
		if (rcf_pcap_write(f, &r[i]))
			break;
	tap_ok(i == 3, "three records written");
	rewind(f);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	tap_ok(n == 24 + 3 * (16 + 20) + len[0] + len[1] + len[2],
	       "file size: header, three records");
	tap_ok(get32(buf) == 0xa1b23c4dU && get32(buf + 20) == 147,
	       "nanosecond magic, LINKTYPE_USER0");
	tap_ok(get32(buf + 24) == 1700000000U && get32(buf + 28) == 123456789U,
	       "timestamp: seconds and nanoseconds");
	tap_ok(get32(buf + 32) == 20 + len[0] && get32(buf + 36) == 20 + len[0],
	       "record length: capture header and packet");
	{
		static const uint8_t want[20] = {1, 1, 2, 8, 0, 0, 0, 0, 0, 0,
						 0, 5, 0, 0, 0, 1, 2, 3, 4, 5};

		tap_ok(!memcmp(buf + 40, want, 20),
		       "capture header: version, tx, 2 route bytes, 8, node 0, "
		       "peer 5, cycle big-endian");
	}
	tap_ok(!memcmp(buf + 60, pkt[0], len[0]) && buf[60] == 255,
	       "the packet byte for byte, length byte 255");
	{
		struct rcf_cap_rec big = r[0];
		FILE *g = tmpfile();

		big.len = RCF_PCAP_SNAPLEN;
		tap_ok(g && rcf_pcap_write(g, &big) == -1,
		       "a record over the snap length is refused");
		if (g)
			fclose(g);
	}
	if (argc > 1) {
		f = fopen(argv[1], "wb");
		if (!f || rcf_pcap_begin(f))
			return 1;
		for (i = 0; i < 3; i++)
			if (rcf_pcap_write(f, &r[i]))
				return 1;
		if (fclose(f))
			return 1;
	}
	return tap_done();
}
