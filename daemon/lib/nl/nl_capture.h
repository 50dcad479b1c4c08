/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Packet capture over the rcf family (RCF_CMD_CAPTURE_*): start one at a
 * node, read the copies the kernel sends this socket, stop it.
 */
#ifndef RCF_NL_CAPTURE_H
#define RCF_NL_CAPTURE_H

#include <stdint.h>

#include "cap/pcap.h"
#include "nl/nl_sock.h"

/*
 * Called for each copy; r is valid during the call only, drops is the
 * kernel's count of copies lost so far.  Non-zero stops the read.
 */
typedef int (*rcf_cap_fn)(const struct rcf_cap_rec *r, uint64_t drops,
			  void *arg);

/*
 * CAPTURE_START at node for dirs (enum rcf_capture_dir bits) and waits
 * for its answer; copies that come before it go to fn.  0, or a
 * negative errno with nl->e filled.
 */
int rcf_nl_capture_start(struct rcf_nl *nl, uint32_t node, uint8_t dirs,
			 rcf_cap_fn fn, void *arg);
/*
 * Waits up to timeout_ms (-1: for ever) and reads one datagram, giving
 * fn the copies in it: the number of messages read, 0 when the time ran
 * out, -ECANCELED when fn asked to stop, or another negative errno.
 */
int rcf_nl_capture_read(struct rcf_nl *nl, int timeout_ms, rcf_cap_fn fn,
			void *arg);
/* CAPTURE_STOP; *drops: copies the capture lost. 0 or a negative errno. */
int rcf_nl_capture_stop(struct rcf_nl *nl, uint64_t *drops);
/* A CAPTURE_PKT message's attributes into r; 0 or -1 (malformed). */
struct nlattr;
int rcf_cap_parse(struct nlattr *head, int len, struct rcf_cap_rec *r,
		  uint64_t *drops);

#endif
