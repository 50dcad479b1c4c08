/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the BPF side (rcftop.bpf.c) and the program share: the maps' keys
 * and values and the ring buffer's records.  Plain __u types only, so the
 * same header builds for -target bpf and for the host.
 */
#ifndef RCFTOP_H
#define RCFTOP_H

#include <linux/types.h>

/* as the kernel's fabric histogram: bucket k holds [2^k, 2^(k+1)) */
#define RCFTOP_LAT_BUCKETS 64
/* enum rcf_drop_reason fits; a reason beyond counts as slot 0 (unspec) */
#define RCFTOP_DROP_SLOTS   64
#define RCFTOP_MAX_CHANS    65536
#define RCFTOP_MAX_PAIRS    65536
#define RCFTOP_MAX_LAT	    131072
#define RCFTOP_MAX_WAITS    65536
#define RCFTOP_MAX_SWITCHES 4096
#define RCFTOP_MAX_OUTS	    65536
/* rcftop_bpf's hop_tab: every channel of links 0 to 8191 has its own */
#define RCFTOP_HOP_SLOTS 65536
/* rcftop_bpf's lat_tab: 16384 latency buckets without a map update */
#define RCFTOP_LAT_SLOTS 16384
/* rcftop_bpf's pair_tab: the messages sent by 16384 pairs, likewise */
#define RCFTOP_PAIR_SLOTS 16384

/*
 * Each .bss table T (hop_tab, lat_tab, pair_tab, cq_tab) has a list,
 * T_list, of the slots taken so far: slot i as i + 1, once, when it is
 * first taken (a slot never becomes free again), and T_nlist entries
 * written.  A reading visits those instead of every slot, so its cost
 * follows the slots in use.  An entry still 0 is being written: its
 * slot waits for the next reading.
 */

/* a channel: link, direction (0: end a to end b), virtual channel */
struct rcftop_chan_key {
	__u32 link;
	__u8 dir, vc;
	__u16 pad;
};

/*
 * waits: packet heads that found the channel owned or queued for at a
 * switch (rcf_block) and were later given it (rcf_grant);
 * wait_cycles: the cycles they waited, added up.
 */
struct rcftop_chan_val {
	__u64 bytes, packets;
	__u64 waits, wait_cycles;
};

/*
 * A channel's hops as rcf_hop adds them up, in rcftop_bpf's hop_tab:
 * slot (link << 3 | dir << 2 | vc) mod RCFTOP_HOP_SLOTS, code that plus
 * one (0: never used).  A channel whose slot another holds moves the
 * other's counts into the chans map first, so each channel's totals are
 * its slot's and its entry's together (snap.c).
 */
struct rcftop_hop_slot {
	__u32 code, pad;
	__u64 bytes, packets;
};

/*
 * Heads waiting at switch sw for an output channel.  Cookies are not
 * unique (the traffic generator's are send cycles), so heads alike share
 * an entry: the sum of the cycles they began waiting and how many there
 * are.  Explicit padding: the whole key is hashed.
 */
struct rcftop_wait_key {
	__u64 cookie;
	__u32 sw, link;
	__u8 dir, vc;
	__u16 pad;
	__u32 pad2;
};

struct rcftop_wait_val {
	__u64 start_sum, pending;
};

/*
 * A switch's central queue, from rcf_cq_fill: each gives the queue's
 * bytes after its chunks changed, so used is exact from the switch's
 * last event on.  peak is the most seen since attaching.  The
 * interval peaks: the program advances gen (rcftop_bpf's cq_gen) at
 * each reading; the first event of interval g starts ipeak[g & 1] at the
 * occupancy it found (base) and remembers the interval before (pgen), so
 * the reading of g still finds g's peak in its slot once g + 1 began.
 */
struct rcftop_cq_val {
	__u64 gen, pgen;
	__u32 used, cap, peak, base;
	__u32 ipeak[2];
	__u32 seen, pad; /* seen: the switch has had an event */
};

/* An output channel of switch sw (the channel's link, dir and vc). */
struct rcftop_out_key {
	__u32 sw, link;
	__u8 dir, vc;
	__u16 pad;
};

/*
 * blocked: heads that found the output owned or queued for (rcf_block);
 * waiting: heads waiting now (blocked, not yet given it by rcf_grant);
 * contended: cycles in which at least one head waited for the output,
 * so at least two inputs wanted it, up to the output's last event;
 * last: the cycle of that event.
 */
struct rcftop_out_val {
	__u64 blocked, contended, last;
	__u32 waiting, max_waiting;
};

struct rcftop_pair_key {
	__u32 src, dst;
};

/*
 * msgs_sent, msg_bytes_sent: the adapter's messages sent (rcf_msg_send),
 * all the pairs map holds, and only for pairs that lost their pair_tab
 * slot (struct rcftop_pair_slot).  The rest rcftop adds up from the
 * pair's latency buckets (struct rcftop_lat_val), which the delivery and
 * message events count: pkts/bytes, engine packets src -> dst delivered
 * and their payload (the kernel's pair pkts-sent/tx-bytes, which it
 * counts on delivery too); msgs_recv ..., the messages put together.
 */
struct rcftop_pair_val {
	__u64 msgs_sent, msg_bytes_sent;
	__u64 pkts, bytes;
	__u64 msgs_recv, msg_bytes_recv, msg_lat_sum;
};

enum rcftop_lat_kind {
	RCFTOP_LAT_PKT,
	RCFTOP_LAT_MSG,
};

/* one latency histogram bucket of a pair, kept only once it counts */
struct rcftop_lat_key {
	__u32 src, dst;
	__u16 kind; /* enum rcftop_lat_kind */
	__u16 bucket;
};

/* the bucket's packets or messages, their bytes and their latencies */
struct rcftop_lat_val {
	__u64 n, bytes, lat_sum;
};

/*
 * A bucket's counts as deliveries and messages add them up, in
 * rcftop_bpf's lat_tab, at slot rcftop_lat_slot() of its key; used is
 * 0 until a bucket takes the slot.  As with hop_tab, a bucket whose
 * slot another holds moves the other's counts into the lat map first,
 * so a bucket's totals are its slot's and its entry's together.
 */
struct rcftop_lat_slot {
	struct rcftop_lat_key k;
	__u32 used;
	struct rcftop_lat_val v;
};

/*
 * The pair picks the slot's run and the bucket its place in it: a
 * pair's few buckets in use sit side by side, and pairs spread by a
 * multiplicative hash.  Shared with the tests, which make two buckets
 * meet in one slot.
 */
static inline __u32 rcftop_lat_slot(__u32 src, __u32 dst, __u16 kind,
				    __u16 bucket)
{
	__u32 h = (src * 0x9e3779b1u + dst) * 0x9e3779b1u;

	return (h >> 16 ^ (__u32)kind << 6 ^ bucket) & (RCFTOP_LAT_SLOTS - 1);
}

/*
 * A pair's messages sent, in rcftop_bpf's pair_tab at slot
 * rcftop_pair_slot() of its key; used is 0 until a pair takes the slot.
 * As with lat_tab, a pair that finds its slot held moves the holder's
 * counts into the pairs map first, so a pair's totals are its slot's
 * and its entry's together.
 */
struct rcftop_pair_slot {
	struct rcftop_pair_key k;
	__u32 used, pad;
	__u64 msgs_sent, msg_bytes_sent;
};

/* the multiplicative hash's top bits; shared with the tests */
static inline __u32 rcftop_pair_slot(__u32 src, __u32 dst)
{
	return (src * 0x9e3779b1u + dst) * 0x9e3779b1u >> 18 &
	       (RCFTOP_PAIR_SLOTS - 1);
}

/* slots of rcftop_bpf's misc_tab */
enum rcftop_misc {
	RCFTOP_LOST_EVENTS, /* ring buffer full */
	RCFTOP_TABLE_FULL,  /* a map had no room for a new key */
	RCFTOP_NMISC,
};

enum rcftop_ev_type {
	RCFTOP_EV_PATH = 1,
	RCFTOP_EV_EPOCH,
};

/*
 * A ring buffer record.  path: a[] = id, master, dst, waiting, error and
 * what = enum rcf_trace_path_ev; epoch: when is the epoch number, what its
 * mode, a[0] its error, ns[] the phases, n[] inflight and drain cycles.
 */
struct rcftop_event {
	__u32 type;
	__u32 what;
	__u64 when;
	__u32 a[6];
	__u64 ns[4];
	__u64 n[2];
};

#endif
