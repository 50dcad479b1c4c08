/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * rcf: the names of the drop reasons (enum rcf_drop_reason), the one
 * list that rcf.ko's rcf_drop tracepoint, rcfctl, rcfsim, rcftop and the
 * selftests print.  Each name is the reason's entry in the netlink spec
 * (Documentation/netlink/specs/rcf.yaml), so a drop reads the same in
 * every tool and in the trace.
 *
 * RCF_DROP_REASONS(FN, SEP) expands FN(reason, "name") for every reason
 * in enum order with SEP between two, not after the last: ';' between
 * declarations, RCF_DROP_COMMA in a list such as an initializer or the
 * tracepoint's __print_symbolic, which takes no comma at its end.  A new
 * reason goes at the end of both the enum and this list.
 */
#ifndef _UAPI_LINUX_RCF_DROP_H
#define _UAPI_LINUX_RCF_DROP_H

#include <linux/rcf.h>

#define RCF_DROP_COMMA ,

#define RCF_DROP_REASONS(FN, SEP)			\
	FN(RCF_DROP_UNSPEC, "unspec") SEP		\
	FN(RCF_DROP_BAD_BYTE, "bad-byte") SEP		\
	FN(RCF_DROP_NO_PORT, "no-port") SEP		\
	FN(RCF_DROP_NO_LINK, "no-link") SEP		\
	FN(RCF_DROP_LINK_DOWN, "link-down") SEP		\
	FN(RCF_DROP_BAD_VC, "bad-vc") SEP		\
	FN(RCF_DROP_HOP_LIMIT, "hop-limit") SEP		\
	FN(RCF_DROP_ROUTE_END, "route-end") SEP		\
	FN(RCF_DROP_TOO_BIG, "too-big") SEP		\
	FN(RCF_DROP_NO_MEM, "no-mem") SEP		\
	FN(RCF_DROP_NO_DEST, "no-dest") SEP		\
	FN(RCF_DROP_NO_ROUTE, "no-route") SEP		\
	FN(RCF_DROP_MSG_SIZE, "msg-size") SEP		\
	FN(RCF_DROP_REASSEMBLY, "reassembly") SEP	\
	FN(RCF_DROP_RECONFIG, "reconfig") SEP		\
	FN(RCF_DROP_NOT_IP, "not-ip") SEP		\
	FN(RCF_DROP_DOWN, "down") SEP			\
	FN(RCF_DROP_BAD_HEADER, "bad-header") SEP	\
	FN(RCF_DROP_NO_PATH, "no-path")

#endif /* _UAPI_LINUX_RCF_DROP_H */
