/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel side of rcf_os_trace() (os.h): one function per hook, defined in
 * kmod/trace.c, and the static key that guards it.  The call sites pass
 * the engine's own pointers; the fields are worked out only after the
 * key said the event is on, so a disabled tracepoint costs one patched
 * jump and nothing else.
 */
#ifndef _RCF_CORE_TRACE_HOOKS_H
#define _RCF_CORE_TRACE_HOOKS_H

#ifdef __KERNEL__

#include <linux/types.h>
#include "../rcf_trace.h"

struct rcf_engine;
struct rcf_adapter;
struct eng_hop;
struct eng_elem;

/* A source puts the first byte of h on its first link. */
void rcf_trace_inject(const struct rcf_engine *e, const struct eng_hop *h);
/* The sender of out allocated it, its output, to a packet head. */
void rcf_trace_forward(const struct rcf_engine *e, const struct eng_hop *out);
/* out was given to a head that waited in its queue (after the forward). */
void rcf_trace_grant(const struct rcf_engine *e, const struct eng_hop *out);
/* The head of h at its receiving switch waits for the busy h->ochan. */
void rcf_trace_block(const struct rcf_engine *e, const struct eng_hop *h);
/* n bytes of h went into its receiving switch's central queue. */
void rcf_trace_cq_enqueue(const struct rcf_engine *e, const struct eng_hop *h,
			  u32 n);
/* n bytes of h left its receiving switch's central queue. */
void rcf_trace_cq_dequeue(const struct rcf_engine *e, const struct eng_hop *h,
			  u32 n);
/* Switch x's central queue took or freed chunks. */
void rcf_trace_cq_fill(const struct rcf_engine *e, const struct eng_elem *x);
/* The receiving node of h took in its last byte, a packet for itself. */
void rcf_trace_deliver(const struct rcf_engine *e, const struct eng_hop *h);
/*
 * An engine drop (enum rcf_engine_drop) at dense element el (ENG_NONE:
 * the receiver of ci) of a packet that came in on channel ci (ENG_NONE:
 * none), len bytes with rleft route bytes left.
 */
void rcf_trace_drop(const struct rcf_engine *e, u32 el, u32 ci, u32 len,
		    u32 rleft, u64 cookie, int edrop);
/* h ends: its bytes on its channel are all counted (engine stats). */
void rcf_trace_hop(const struct rcf_engine *e, const struct eng_hop *h);
/* Adapter a sent a message from node src to node dst (model ids). */
void rcf_trace_msg_send(const struct rcf_adapter *a, u32 src, u32 dst,
			u32 len, u64 cookie);
/* Adapter a handed up a message src -> dst, latency cycles after. */
void rcf_trace_msg_recv(const struct rcf_adapter *a, u32 src, u32 dst,
			u32 len, u64 cookie, u64 latency);
/* An adapter drop (enum rcf_adapter_drop) at dense node index node. */
void rcf_trace_adrop(const struct rcf_adapter *a, u32 node, int adrop);
/* A drop in the kernel's data path (enum rcf_drop_reason). */
void rcf_trace_kdrop(int reason);

#define rcf_trace_inject_on()		trace_rcf_inject_enabled()
#define rcf_trace_forward_on()		trace_rcf_forward_enabled()
#define rcf_trace_grant_on()		trace_rcf_grant_enabled()
#define rcf_trace_block_on()		trace_rcf_block_enabled()
#define rcf_trace_cq_enqueue_on()	trace_rcf_cq_enqueue_enabled()
#define rcf_trace_cq_dequeue_on()	trace_rcf_cq_dequeue_enabled()
#define rcf_trace_cq_fill_on()		trace_rcf_cq_fill_enabled()
#define rcf_trace_deliver_on()		trace_rcf_deliver_enabled()
#define rcf_trace_hop_on()		trace_rcf_hop_enabled()
#define rcf_trace_msg_send_on()		trace_rcf_msg_send_enabled()
#define rcf_trace_msg_recv_on()		trace_rcf_msg_recv_enabled()
#define rcf_trace_drop_on()		trace_rcf_drop_enabled()
#define rcf_trace_adrop_on()		trace_rcf_drop_enabled()
#define rcf_trace_kdrop_on()		trace_rcf_drop_enabled()

#endif /* __KERNEL__ */

#endif /* _RCF_CORE_TRACE_HOOKS_H */
