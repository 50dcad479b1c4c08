/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the engine, the node adapter and the data path
 * (Documentation/datapath.rst, "Tracing").  Element ids are model ids; a
 * channel is (link, dir, vc) with link U32_MAX when there is none.  The
 * engine calls them through rcf_os_trace() (core/os.h), which tests the
 * tracepoint's static key before any field is computed.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rcf

#ifndef _RCF_TRACE_PATH_EV
#define _RCF_TRACE_PATH_EV
/* What happened to a path or a path request (the rcf_path tracepoint). */
enum rcf_trace_path_ev {
	RCF_TRACE_PATH_MADE,		/* circuits set up, mastership granted */
	RCF_TRACE_PATH_RECALL,		/* mastership asked back */
	RCF_TRACE_PATH_HELD,		/* regranted, or a recall cancelled */
	RCF_TRACE_PATH_RETURNED,	/* mastership back: nothing on the path */
	RCF_TRACE_PATH_DELETED,		/* circuits removed */
	RCF_TRACE_PATH_BROKEN,		/* a link under it went down */
	RCF_TRACE_PATH_REQUEST,		/* a node asked for a path */
	RCF_TRACE_PATH_REQUEST_FAILED,	/* timed out or refused */
};
#endif

#if !defined(_RCF_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _RCF_TRACE_H

#include <linux/tracepoint.h>
#include <linux/rcf.h>
#include <linux/rcf_drop.h>

/*
 * The drop reasons by value in the format file, named as every tool
 * names them (uapi/linux/rcf_drop.h, the one list of names).
 */
#define RCF_DROP_TRACE_ENUM(r, name) TRACE_DEFINE_ENUM(r)
RCF_DROP_REASONS(RCF_DROP_TRACE_ENUM, ;);

#define RCF_DROP_SYM(r, name) { r, name }
#define rcf_show_drop(r)						\
	__print_symbolic(r, RCF_DROP_REASONS(RCF_DROP_SYM, RCF_DROP_COMMA))

/* A packet at an element, about one channel. */
DECLARE_EVENT_CLASS(rcf_pkt_class,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, cookie)
		__field(u32, elem)
		__field(u32, link)
		__field(u32, len)
		__field(u32, rleft)
		__field(u8, is_switch)
		__field(u8, dir)
		__field(u8, vc)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->cookie = cookie;
		__entry->elem = elem;
		__entry->link = link;
		__entry->len = len;
		__entry->rleft = rleft;
		__entry->is_switch = is_switch;
		__entry->dir = dir;
		__entry->vc = vc;
	),
	TP_printk("cycle=%llu %s=%u link=%u dir=%u vc=%u len=%u rleft=%u cookie=%#llx",
		  __entry->cycle, __entry->is_switch ? "switch" : "node",
		  __entry->elem, __entry->link, __entry->dir, __entry->vc,
		  __entry->len, __entry->rleft, __entry->cookie)
);

/* A source node put a packet's first byte on its first link. */
DEFINE_EVENT(rcf_pkt_class, rcf_inject,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie));

/* A switch or relaying node gave a packet head this output channel. */
DEFINE_EVENT(rcf_pkt_class, rcf_forward,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie));

/*
 * A head that waited in an output's queue was given it: the forward it
 * also fires, for the one reader that needs only these, a wait's end.
 */
DEFINE_EVENT(rcf_pkt_class, rcf_grant,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie));

/* A packet head at a switch has to wait for this busy output channel. */
DEFINE_EVENT(rcf_pkt_class, rcf_block,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie));

/*
 * Bytes of a packet into or out of a switch's central queue: queued is
 * the packet's bytes left in it, used the queue's bytes in whole chunks
 * after the move, so the last event of a switch gives its occupancy.
 */
DECLARE_EVENT_CLASS(rcf_cq_class,
	TP_PROTO(u64 cycle, u32 sw, u32 link, u8 dir, u8 vc, u32 bytes,
		 u32 queued, u32 used, u32 cap, u64 cookie),
	TP_ARGS(cycle, sw, link, dir, vc, bytes, queued, used, cap, cookie),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, cookie)
		__field(u32, sw)
		__field(u32, link)
		__field(u32, bytes)
		__field(u32, queued)
		__field(u32, used)
		__field(u32, cap)
		__field(u8, dir)
		__field(u8, vc)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->cookie = cookie;
		__entry->sw = sw;
		__entry->link = link;
		__entry->bytes = bytes;
		__entry->queued = queued;
		__entry->used = used;
		__entry->cap = cap;
		__entry->dir = dir;
		__entry->vc = vc;
	),
	TP_printk("cycle=%llu switch=%u link=%u dir=%u vc=%u bytes=%u queued=%u used=%u cap=%u cookie=%#llx",
		  __entry->cycle, __entry->sw, __entry->link, __entry->dir,
		  __entry->vc, __entry->bytes, __entry->queued,
		  __entry->used, __entry->cap, __entry->cookie)
);

/* Bytes of a waiting packet moved from an input buffer to the CQ. */
DEFINE_EVENT(rcf_cq_class, rcf_cq_enqueue,
	TP_PROTO(u64 cycle, u32 sw, u32 link, u8 dir, u8 vc, u32 bytes,
		 u32 queued, u32 used, u32 cap, u64 cookie),
	TP_ARGS(cycle, sw, link, dir, vc, bytes, queued, used, cap, cookie));

/* Bytes of a packet left the CQ for its output (or were discarded). */
DEFINE_EVENT(rcf_cq_class, rcf_cq_dequeue,
	TP_PROTO(u64 cycle, u32 sw, u32 link, u8 dir, u8 vc, u32 bytes,
		 u32 queued, u32 used, u32 cap, u64 cookie),
	TP_ARGS(cycle, sw, link, dir, vc, bytes, queued, used, cap, cookie));

/*
 * A switch's central queue took or freed whole chunks: used is its bytes
 * in chunks after the change.  The bytes events above fire for every
 * transfer, most of which fill or drain a chunk already held; a reader
 * of occupancy needs only this one, which fires several times less.
 */
TRACE_EVENT(rcf_cq_fill,
	TP_PROTO(u64 cycle, u32 sw, u32 used, u32 cap),
	TP_ARGS(cycle, sw, used, cap),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u32, sw)
		__field(u32, used)
		__field(u32, cap)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->sw = sw;
		__entry->used = used;
		__entry->cap = cap;
	),
	TP_printk("cycle=%llu switch=%u used=%u cap=%u", __entry->cycle,
		  __entry->sw, __entry->used, __entry->cap)
);

/* A destination node took a whole packet in from this channel. */
TRACE_EVENT(rcf_deliver,
	TP_PROTO(u64 cycle, u32 node, u32 src, u32 link, u8 dir, u8 vc,
		 u32 len, u64 latency, u64 cookie),
	TP_ARGS(cycle, node, src, link, dir, vc, len, latency, cookie),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, latency)
		__field(u64, cookie)
		__field(u32, node)
		__field(u32, src)
		__field(u32, link)
		__field(u32, len)
		__field(u8, dir)
		__field(u8, vc)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->latency = latency;
		__entry->cookie = cookie;
		__entry->node = node;
		__entry->src = src;
		__entry->link = link;
		__entry->len = len;
		__entry->dir = dir;
		__entry->vc = vc;
	),
	TP_printk("cycle=%llu node=%u src=%u link=%u dir=%u vc=%u len=%u latency=%llu cookie=%#llx",
		  __entry->cycle, __entry->node, __entry->src, __entry->link,
		  __entry->dir, __entry->vc, __entry->len, __entry->latency,
		  __entry->cookie)
);

/*
 * A packet's hop on a channel ended: bytes is what it put on the channel,
 * so the bytes of a channel's hop events add up to its byte counter and
 * their number to its packet counter, once the hops under way have ended.
 * src is the packet's source node.
 */
TRACE_EVENT(rcf_hop,
	TP_PROTO(u64 cycle, u32 link, u8 dir, u8 vc, u32 bytes, u32 src,
		 u64 cookie),
	TP_ARGS(cycle, link, dir, vc, bytes, src, cookie),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, cookie)
		__field(u32, link)
		__field(u32, bytes)
		__field(u32, src)
		__field(u8, dir)
		__field(u8, vc)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->cookie = cookie;
		__entry->link = link;
		__entry->bytes = bytes;
		__entry->src = src;
		__entry->dir = dir;
		__entry->vc = vc;
	),
	TP_printk("cycle=%llu link=%u dir=%u vc=%u bytes=%u src=%u cookie=%#llx",
		  __entry->cycle, __entry->link, __entry->dir, __entry->vc,
		  __entry->bytes, __entry->src, __entry->cookie)
);

/*
 * A node adapter's message: len is its payload, latency the cycles since
 * it was sent (0 when it is sent).
 */
DECLARE_EVENT_CLASS(rcf_msg_class,
	TP_PROTO(u64 cycle, u32 src, u32 dst, u32 len, u64 latency,
		 u64 cookie),
	TP_ARGS(cycle, src, dst, len, latency, cookie),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, latency)
		__field(u64, cookie)
		__field(u32, src)
		__field(u32, dst)
		__field(u32, len)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->latency = latency;
		__entry->cookie = cookie;
		__entry->src = src;
		__entry->dst = dst;
		__entry->len = len;
	),
	TP_printk("cycle=%llu src=%u dst=%u len=%u latency=%llu cookie=%#llx",
		  __entry->cycle, __entry->src, __entry->dst, __entry->len,
		  __entry->latency, __entry->cookie)
);

/* A source's adapter cut a message into packets for the engine. */
DEFINE_EVENT(rcf_msg_class, rcf_msg_send,
	TP_PROTO(u64 cycle, u32 src, u32 dst, u32 len, u64 latency,
		 u64 cookie),
	TP_ARGS(cycle, src, dst, len, latency, cookie));

/* A destination's adapter put a message together and handed it up. */
DEFINE_EVENT(rcf_msg_class, rcf_msg_recv,
	TP_PROTO(u64 cycle, u32 src, u32 dst, u32 len, u64 latency,
		 u64 cookie),
	TP_ARGS(cycle, src, dst, len, latency, cookie));

/*
 * A counted drop.  elem is U32_MAX when no element is involved (the
 * netdev transmit path); rleft is the route bytes the packet still had.
 */
TRACE_EVENT(rcf_drop,
	TP_PROTO(u64 cycle, u32 elem, bool is_switch, u32 link, u8 dir,
		 u8 vc, u32 len, u32 rleft, u64 cookie, int reason),
	TP_ARGS(cycle, elem, is_switch, link, dir, vc, len, rleft, cookie,
		reason),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(u64, cookie)
		__field(u32, elem)
		__field(u32, link)
		__field(u32, len)
		__field(u32, rleft)
		__field(int, reason)
		__field(u8, is_switch)
		__field(u8, dir)
		__field(u8, vc)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->cookie = cookie;
		__entry->elem = elem;
		__entry->link = link;
		__entry->len = len;
		__entry->rleft = rleft;
		__entry->reason = reason;
		__entry->is_switch = is_switch;
		__entry->dir = dir;
		__entry->vc = vc;
	),
	TP_printk("cycle=%llu %s=%u link=%u dir=%u vc=%u len=%u rleft=%u cookie=%#llx reason=%s",
		  __entry->cycle, __entry->is_switch ? "switch" : "node",
		  __entry->elem, __entry->link, __entry->dir, __entry->vc,
		  __entry->len, __entry->rleft, __entry->cookie,
		  rcf_show_drop(__entry->reason))
);

TRACE_DEFINE_ENUM(RCF_TRACE_PATH_MADE);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_RECALL);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_HELD);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_RETURNED);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_DELETED);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_BROKEN);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_REQUEST);
TRACE_DEFINE_ENUM(RCF_TRACE_PATH_REQUEST_FAILED);

#define rcf_show_path_ev(ev)						\
	__print_symbolic(ev,						\
		{ RCF_TRACE_PATH_MADE, "made" },			\
		{ RCF_TRACE_PATH_RECALL, "recall" },			\
		{ RCF_TRACE_PATH_HELD, "held" },			\
		{ RCF_TRACE_PATH_RETURNED, "returned" },		\
		{ RCF_TRACE_PATH_DELETED, "deleted" },			\
		{ RCF_TRACE_PATH_BROKEN, "broken" },			\
		{ RCF_TRACE_PATH_REQUEST, "request" },			\
		{ RCF_TRACE_PATH_REQUEST_FAILED, "request_failed" })

/*
 * A path's mastership changing hands, or a path request (Wijnen §II A,
 * D): cycle is the engine's, so the order against rcf_deliver shows
 * that a mastership comes back only after the master's last message
 * arrived.  id is U32_MAX for a request; waiting is the messages a
 * request holds, error the errno a request failed with.
 */
TRACE_EVENT(rcf_path,
	TP_PROTO(u64 cycle, int ev, u32 id, u32 master, u32 dst, u32 waiting,
		 u32 error),
	TP_ARGS(cycle, ev, id, master, dst, waiting, error),
	TP_STRUCT__entry(
		__field(u64, cycle)
		__field(int, ev)
		__field(u32, id)
		__field(u32, master)
		__field(u32, dst)
		__field(u32, waiting)
		__field(u32, error)
	),
	TP_fast_assign(
		__entry->cycle = cycle;
		__entry->ev = ev;
		__entry->id = id;
		__entry->master = master;
		__entry->dst = dst;
		__entry->waiting = waiting;
		__entry->error = error;
	),
	TP_printk("cycle=%llu %s id=%u master=%u dst=%u waiting=%u error=%u",
		  __entry->cycle, rcf_show_path_ev(__entry->ev), __entry->id,
		  __entry->master, __entry->dst, __entry->waiting,
		  __entry->error)
);

/*
 * An epoch ended (Documentation/epoch.rst): its number, mode, the errno
 * it was rolled back with (0: applied), its phases in nanoseconds, the
 * bytes in flight when it began and the cycles the drain took.
 */
TRACE_EVENT(rcf_epoch,
	TP_PROTO(u64 number, u8 mode, u32 error, u64 suspend_ns, u64 drain_ns,
		 u64 apply_ns, u64 resume_ns, u64 inflight, u64 drain_cycles),
	TP_ARGS(number, mode, error, suspend_ns, drain_ns, apply_ns, resume_ns,
		inflight, drain_cycles),
	TP_STRUCT__entry(
		__field(u64, number)
		__field(u64, suspend_ns)
		__field(u64, drain_ns)
		__field(u64, apply_ns)
		__field(u64, resume_ns)
		__field(u64, inflight)
		__field(u64, drain_cycles)
		__field(u32, error)
		__field(u8, mode)
	),
	TP_fast_assign(
		__entry->number = number;
		__entry->suspend_ns = suspend_ns;
		__entry->drain_ns = drain_ns;
		__entry->apply_ns = apply_ns;
		__entry->resume_ns = resume_ns;
		__entry->inflight = inflight;
		__entry->drain_cycles = drain_cycles;
		__entry->error = error;
		__entry->mode = mode;
	),
	TP_printk("number=%llu mode=%u error=%u suspend_ns=%llu drain_ns=%llu apply_ns=%llu resume_ns=%llu inflight=%llu drain_cycles=%llu",
		  __entry->number, __entry->mode, __entry->error,
		  __entry->suspend_ns, __entry->drain_ns, __entry->apply_ns,
		  __entry->resume_ns, __entry->inflight,
		  __entry->drain_cycles)
);

#endif /* _RCF_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE rcf_trace
#include <trace/define_trace.h>
