// SPDX-License-Identifier: GPL-2.0
/* IPv4 UDP packets handed to a node's netdev (AF_PACKET); see rcf_nl.h. */
#include "rcf_nl.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <netinet/in.h>

int rcf_packet_socket(void)
{
	int fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	return fd < 0 ? -errno : fd;
}

static uint16_t ip_csum(const uint8_t *p, size_t n)
{
	uint32_t s = 0;

	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

int rcf_send_udp4(int fd, int ifindex, uint32_t src, uint32_t dst,
		  size_t payload)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_IP),
		.sll_ifindex = ifindex,
	};
	uint8_t pkt[1500];
	size_t len = 28 + payload;
	uint16_t v;

	if (len > sizeof(pkt))
		len = sizeof(pkt);
	memset(pkt, 0, len);
	pkt[0] = 0x45;
	v = htons((uint16_t)len);
	memcpy(pkt + 2, &v, 2);
	pkt[8] = 64;
	pkt[9] = IPPROTO_UDP;
	src = htonl(src);
	dst = htonl(dst);
	memcpy(pkt + 12, &src, 4);
	memcpy(pkt + 16, &dst, 4);
	v = htons(ip_csum(pkt, 20));
	memcpy(pkt + 10, &v, 2);
	v = htons(9);
	memcpy(pkt + 20, &v, 2); /* discard */
	memcpy(pkt + 22, &v, 2);
	v = htons((uint16_t)(len - 20));
	memcpy(pkt + 24, &v, 2);
	for (size_t i = 28; i < len; i++)
		pkt[i] = (uint8_t)i;
	if (sendto(fd, pkt, len, 0, (struct sockaddr *)&sll, sizeof(sll)) < 0)
		return -errno;
	return 0;
}
