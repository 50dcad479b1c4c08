// SPDX-License-Identifier: GPL-2.0
/*
 * rcftop's kernel half: raw tracepoints on rcf.ko's events, added up in
 * maps per channel, per node pair and per drop reason; path and epoch
 * events go to a ring buffer as they happen.  Every argument of rcf's
 * tracepoints is a number, so raw tracepoints read them straight from
 * the argument array: nothing needs the module's BTF, which Debian's
 * out-of-tree build does not produce (Documentation/observability.rst).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "rcftop.h"

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, RCFTOP_MAX_CHANS);
	__type(key, struct rcftop_chan_key);
	__type(value, struct rcftop_chan_val);
} chans SEC(".maps");

/* LRU: a head dropped while it waits is never forwarded; it ages out */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, RCFTOP_MAX_WAITS);
	__type(key, struct rcftop_wait_key);
	__type(value, struct rcftop_wait_val);
} waits SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, RCFTOP_MAX_OUTS);
	__type(key, struct rcftop_out_key);
	__type(value, struct rcftop_out_val);
} outs SEC(".maps");

/* the interval being measured; rcftop advances it at each reading */
volatile __u64 cq_gen;

/*
 * The central queues, indexed by switch id (below RCF_MAX_SWITCHES, as
 * the kernel's policy holds them): a queue event, a chunk taken or
 * freed, is the most frequent of all, and a slot in .bss costs it a
 * bounds check where a hash map cost a helper call and a hash.  rcftop
 * reads the slots through the skeleton's mapping of .bss.
 */
struct rcftop_cq_val cq_tab[RCFTOP_MAX_SWITCHES];
__u32 cq_list[RCFTOP_MAX_SWITCHES], cq_nlist;
_Static_assert(!(RCFTOP_MAX_SWITCHES & (RCFTOP_MAX_SWITCHES - 1)),
	       "cq_now() masks a switch id into cq_tab");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, RCFTOP_MAX_PAIRS);
	__type(key, struct rcftop_pair_key);
	__type(value, struct rcftop_pair_val);
} pairs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, RCFTOP_MAX_LAT);
	__type(key, struct rcftop_lat_key);
	__type(value, struct rcftop_lat_val);
} lat SEC(".maps");

/*
 * Drops by reason and the "misc" counts: in .bss, as the tables, so
 * that a reading finds them in the skeleton's mapping rather than with
 * a system call a slot.  Added to atomically: a drop need not come from
 * the engine's kthread.
 */
__u64 drop_tab[RCFTOP_DROP_SLOTS];
_Static_assert(!(RCFTOP_DROP_SLOTS & (RCFTOP_DROP_SLOTS - 1)),
	       "on_drop masks a reason into drop_tab");
__u64 misc_tab[RCFTOP_NMISC];

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} events SEC(".maps");

/* slot: an enum rcftop_misc constant, so the index is known */
static __always_inline void misc_inc(enum rcftop_misc slot)
{
	__sync_fetch_and_add(&misc_tab[slot], 1);
}

/*
 * Slot i of a .bss table, of mask + 1 slots, taken for the first time:
 * it goes on the table's list, so that a reading visits the slots in
 * use rather than every slot (rcftop.h).  A slot is taken for the first
 * time once, and by the fabric's one kthread, so the list needs no
 * atomics; the entry is written before the count that shows it.
 */
static __always_inline void slot_taken(__u32 *list, __u32 *n, __u32 mask,
				       __u32 i)
{
	__u32 at = *n;

	/* as in cq_now(): a mask the verifier follows to the index */
	barrier_var(at);
	list[at & mask] = i + 1;
	barrier();
	*n = at + 1;
}

/* The value of key, made zero first if it is new; NULL when full. */
static void *get(void *map, const void *key, const void *zero)
{
	void *v = bpf_map_lookup_elem(map, key);

	if (v)
		return v;
	/* another CPU may have made it meanwhile: that is fine */
	bpf_map_update_elem(map, key, zero, BPF_NOEXIST);
	v = bpf_map_lookup_elem(map, key);
	if (!v)
		misc_inc(RCFTOP_TABLE_FULL);
	return v;
}

/* The kernel's bucket: floor(log2(v)), 0 and 1 both in bucket 0. */
static __u16 log2_bucket(__u64 v)
{
	__u16 k = 0;

	if (v >> 32) {
		v >>= 32;
		k += 32;
	}
	if (v >> 16) {
		v >>= 16;
		k += 16;
	}
	if (v >> 8) {
		v >>= 8;
		k += 8;
	}
	if (v >> 4) {
		v >>= 4;
		k += 4;
	}
	if (v >> 2) {
		v >>= 2;
		k += 2;
	}
	if (v >> 1)
		k += 1;
	return k;
}

/* latency buckets by pair; see struct rcftop_lat_slot */
struct rcftop_lat_slot lat_tab[RCFTOP_LAT_SLOTS];
__u32 lat_list[RCFTOP_LAT_SLOTS], lat_nlist;
_Static_assert(!(RCFTOP_LAT_SLOTS & (RCFTOP_LAT_SLOTS - 1)),
	       "rcftop_lat_slot() masks into lat_tab");

/* a slot's counts into its bucket's entry, before another takes it */
static void lat_flush(struct rcftop_lat_slot *s)
{
	struct rcftop_lat_val zero = {}, *v = get(&lat, &s->k, &zero);

	if (v) {
		__sync_fetch_and_add(&v->n, s->v.n);
		__sync_fetch_and_add(&v->bytes, s->v.bytes);
		__sync_fetch_and_add(&v->lat_sum, s->v.lat_sum);
	}
}

/*
 * A packet or message of len bytes from src to dst, cycles on its way.
 * The pair's totals are its buckets' sums, so a bucket is all a
 * delivery counts, and a slot in .bss, as for hops, spares it the hash
 * map's helper calls while its bucket holds the slot.  Deliveries and
 * messages come from the fabric's one kthread (the engine's delivery
 * runs the adapter), so no two write a slot at once.
 */
static void lat_add(__u32 src, __u32 dst, __u16 kind, __u32 len, __u64 cycles)
{
	__u16 bucket = log2_bucket(cycles);
	__u32 i = rcftop_lat_slot(src, dst, kind, bucket);
	struct rcftop_lat_slot *s;

	/* as in cq_now(): a mask the verifier follows to the index */
	barrier_var(i);
	s = &lat_tab[i & (RCFTOP_LAT_SLOTS - 1)];
	if (!s->used || s->k.src != src || s->k.dst != dst ||
	    s->k.kind != kind || s->k.bucket != bucket) {
		if (s->used)
			lat_flush(s);
		else
			slot_taken(lat_list, &lat_nlist, RCFTOP_LAT_SLOTS - 1,
				   i);
		s->k.src = src;
		s->k.dst = dst;
		s->k.kind = kind;
		s->k.bucket = bucket;
		s->v.n = 0;
		s->v.bytes = 0;
		s->v.lat_sum = 0;
		s->used = 1;
	}
	s->v.n++;
	s->v.bytes += len;
	s->v.lat_sum += cycles;
}

/* messages sent by pair; see struct rcftop_pair_slot */
struct rcftop_pair_slot pair_tab[RCFTOP_PAIR_SLOTS];
__u32 pair_list[RCFTOP_PAIR_SLOTS], pair_nlist;
_Static_assert(!(RCFTOP_PAIR_SLOTS & (RCFTOP_PAIR_SLOTS - 1)),
	       "rcftop_pair_slot() masks into pair_tab");

/* a slot's counts into its pair's entry, before another takes it */
static void pair_flush(struct rcftop_pair_slot *s)
{
	struct rcftop_pair_val zero = {}, *v = get(&pairs, &s->k, &zero);

	if (v) {
		__sync_fetch_and_add(&v->msgs_sent, s->msgs_sent);
		__sync_fetch_and_add(&v->msg_bytes_sent, s->msg_bytes_sent);
	}
}

/* hops by channel; see struct rcftop_hop_slot */
struct rcftop_hop_slot hop_tab[RCFTOP_HOP_SLOTS];
__u32 hop_list[RCFTOP_HOP_SLOTS], hop_nlist;
_Static_assert(!(RCFTOP_HOP_SLOTS & (RCFTOP_HOP_SLOTS - 1)),
	       "on_hop masks a channel's code into hop_tab");

static void chan_add(__u32 link, __u8 dir, __u8 vc, __u64 bytes, __u64 packets)
{
	struct rcftop_chan_key k = {.link = link, .dir = dir, .vc = vc};
	struct rcftop_chan_val zero = {}, *v = get(&chans, &k, &zero);

	if (v) {
		__sync_fetch_and_add(&v->bytes, bytes);
		__sync_fetch_and_add(&v->packets, packets);
	}
}

/*
 * Every packet crosses a channel with an rcf_hop, two or more a packet:
 * the most frequent event under IP traffic.  A slot in .bss costs it a
 * mask where the chans map cost a helper call and a hash.  One fabric's
 * engine runs in one kthread, so a slot is not written from two CPUs at
 * once; the counts move into chans before the slot changes hands, so a
 * reading between the two sees them twice or not at all, never at rest.
 */
SEC("raw_tp/rcf_hop")
int BPF_PROG(on_hop, __u64 cycle, __u32 link, __u8 dir, __u8 vc, __u32 bytes,
	     __u32 src, __u64 cookie)
{
	struct rcftop_hop_slot *s;
	__u32 code;

	if (dir > 1 || vc > 3) {
		chan_add(link, dir, vc, bytes, 1);
		return 0;
	}
	code = link << 3 | dir << 2 | vc;
	/* as in cq_now(): a mask the verifier follows to the index */
	barrier_var(code);
	s = &hop_tab[code & (RCFTOP_HOP_SLOTS - 1)];
	if (s->code != code + 1) {
		if (s->code)
			chan_add((s->code - 1) >> 3, (s->code - 1) >> 2 & 1,
				 (s->code - 1) & 3, s->bytes, s->packets);
		else
			slot_taken(hop_list, &hop_nlist, RCFTOP_HOP_SLOTS - 1,
				   code & (RCFTOP_HOP_SLOTS - 1));
		s->code = code + 1;
		s->bytes = 0;
		s->packets = 0;
	}
	s->bytes += bytes;
	s->packets++;
	return 0;
}

/*
 * Output o of a switch at cycle now, its waiting heads about to change:
 * the cycles since its last event had as many waiting as before.  An
 * earlier cycle is an engine built anew: nothing waits there any more.
 */
static void out_at(struct rcftop_out_val *o, __u64 now)
{
	if (now < o->last)
		o->waiting = 0;
	else if (o->waiting)
		o->contended += now - o->last;
	o->last = now;
}

static struct rcftop_out_val *out_of(__u32 sw, __u32 link, __u8 dir, __u8 vc)
{
	struct rcftop_out_key k = {
		.sw = sw, .link = link, .dir = dir, .vc = vc};
	struct rcftop_out_val zero = {};

	return get(&outs, &k, &zero);
}

SEC("raw_tp/rcf_block")
int BPF_PROG(on_block, __u64 cycle, __u32 elem, __u8 is_switch, __u32 link,
	     __u8 dir, __u8 vc, __u32 len, __u32 rleft, __u64 cookie)
{
	struct rcftop_wait_key k = {
		.cookie = cookie,
		.sw = elem,
		.link = link,
		.dir = dir,
		.vc = vc,
	};
	struct rcftop_wait_val one = {.start_sum = cycle, .pending = 1};
	struct rcftop_wait_val *v = bpf_map_lookup_elem(&waits, &k);
	struct rcftop_out_val *o = out_of(elem, link, dir, vc);

	if (o) {
		out_at(o, cycle);
		o->blocked++;
		if (++o->waiting > o->max_waiting)
			o->max_waiting = o->waiting;
	}
	if (v) {
		__sync_fetch_and_add(&v->start_sum, cycle);
		__sync_fetch_and_add(&v->pending, 1);
	} else {
		bpf_map_update_elem(&waits, &k, &one, BPF_NOEXIST);
	}
	return 0;
}

/*
 * A head given its output.  If heads alike wait there, one of them got
 * it; which one is not known, so it is taken to have waited since their
 * mean start.  The channel's total is exact all the same once they have
 * all been given it, and no wait comes out negative: every start summed
 * is at or before this cycle.  One fabric's engine runs in one kthread,
 * so the entry is not updated from two CPUs at once.  rcf_grant fires
 * for the heads that waited in an output's queue, the only ones that can
 * have blocked; rcf_forward, on every packet at every switch, would
 * cost a hash lookup a packet for nothing.
 */
SEC("raw_tp/rcf_grant")
int BPF_PROG(on_grant, __u64 cycle, __u32 elem, __u8 is_switch, __u32 link,
	     __u8 dir, __u8 vc, __u32 len, __u32 rleft, __u64 cookie)
{
	struct rcftop_wait_key k = {
		.cookie = cookie,
		.sw = elem,
		.link = link,
		.dir = dir,
		.vc = vc,
	};
	struct rcftop_chan_key ck = {.link = link, .dir = dir, .vc = vc};
	struct rcftop_chan_val zero = {}, *c;
	struct rcftop_out_val *o;
	struct rcftop_wait_val *v;
	__u64 start;

	if (!is_switch)
		return 0;
	v = bpf_map_lookup_elem(&waits, &k);
	if (!v || !v->pending)
		return 0;
	start = v->start_sum / v->pending;
	/* left by an engine that is gone: its cycles were counted anew */
	if (start > cycle) {
		bpf_map_delete_elem(&waits, &k);
		return 0;
	}
	v->start_sum -= start;
	if (!--v->pending)
		bpf_map_delete_elem(&waits, &k);
	o = out_of(elem, link, dir, vc);
	if (o) {
		out_at(o, cycle);
		if (o->waiting)
			o->waiting--;
	}
	c = get(&chans, &ck, &zero);
	if (c) {
		__sync_fetch_and_add(&c->waits, 1);
		__sync_fetch_and_add(&c->wait_cycles, cycle - start);
	}
	return 0;
}

/*
 * The queue of switch sw holds used bytes after moving bytes in or out.
 * Only the occupancy is kept: a fast-forward moves streaming bytes by
 * arithmetic without events, but the chunks it leaves are an event's.
 */
static void cq_now(__u32 sw, __u32 used, __u32 cap)
{
	struct rcftop_cq_val *v;
	__u64 g = cq_gen;

	if (sw >= RCFTOP_MAX_SWITCHES) {
		misc_inc(RCFTOP_TABLE_FULL);
		return;
	}
	/*
	 * The compiler turns the test above into a mask the verifier does
	 * not follow to the index; this mask, which it cannot drop, it does.
	 */
	barrier_var(sw);
	v = &cq_tab[sw & (RCFTOP_MAX_SWITCHES - 1)];
	if (!v->seen)
		slot_taken(cq_list, &cq_nlist, RCFTOP_MAX_SWITCHES - 1, sw);
	v->seen = 1;
	if (v->gen != g) {
		v->pgen = v->gen;
		v->gen = g;
		v->base = v->used;
		v->ipeak[g & 1] = v->used;
	}
	if (used > v->ipeak[g & 1])
		v->ipeak[g & 1] = used;
	if (used > v->peak)
		v->peak = used;
	v->used = used;
	v->cap = cap;
}

/*
 * rcf_cq_fill fires only when a queue's chunks change, which is all the
 * occupancy needs; the bytes events fire for every transfer, several
 * times as often.  One fabric's engine runs in one kthread: a switch's
 * events never race.
 */
SEC("raw_tp/rcf_cq_fill")
int BPF_PROG(on_cq_fill, __u64 cycle, __u32 sw, __u32 used, __u32 cap)
{
	cq_now(sw, used, cap);
	return 0;
}

SEC("raw_tp/rcf_deliver")
int BPF_PROG(on_deliver, __u64 cycle, __u32 node, __u32 src, __u32 link,
	     __u8 dir, __u8 vc, __u32 len, __u64 latency, __u64 cookie)
{
	lat_add(src, node, RCFTOP_LAT_PKT, len, latency);
	return 0;
}

/*
 * A message handed to the adapter: once a message, as often as a packet
 * under IP traffic, so a slot in .bss as for deliveries (lat_add()),
 * and from the same kthread.
 */
SEC("raw_tp/rcf_msg_send")
int BPF_PROG(on_msg_send, __u64 cycle, __u32 src, __u32 dst, __u32 len,
	     __u64 latency, __u64 cookie)
{
	__u32 i = rcftop_pair_slot(src, dst);
	struct rcftop_pair_slot *s;

	/* as in cq_now(): a mask the verifier follows to the index */
	barrier_var(i);
	s = &pair_tab[i & (RCFTOP_PAIR_SLOTS - 1)];
	if (!s->used || s->k.src != src || s->k.dst != dst) {
		if (s->used)
			pair_flush(s);
		else
			slot_taken(pair_list, &pair_nlist,
				   RCFTOP_PAIR_SLOTS - 1, i);
		s->k.src = src;
		s->k.dst = dst;
		s->msgs_sent = 0;
		s->msg_bytes_sent = 0;
		s->used = 1;
	}
	s->msgs_sent++;
	s->msg_bytes_sent += len;
	return 0;
}

SEC("raw_tp/rcf_msg_recv")
int BPF_PROG(on_msg_recv, __u64 cycle, __u32 src, __u32 dst, __u32 len,
	     __u64 latency, __u64 cookie)
{
	lat_add(src, dst, RCFTOP_LAT_MSG, len, latency);
	return 0;
}

SEC("raw_tp/rcf_drop")
int BPF_PROG(on_drop, __u64 cycle, __u32 elem, __u8 is_switch, __u32 link,
	     __u8 dir, __u8 vc, __u32 len, __u32 rleft, __u64 cookie,
	     int reason)
{
	__u32 slot = reason >= 0 && reason < RCFTOP_DROP_SLOTS ? reason : 0;

	/* as in cq_now(): a mask the verifier follows to the index */
	barrier_var(slot);
	__sync_fetch_and_add(&drop_tab[slot & (RCFTOP_DROP_SLOTS - 1)], 1);
	return 0;
}

static struct rcftop_event *ev_new(__u32 type)
{
	struct rcftop_event *ev = bpf_ringbuf_reserve(&events, sizeof(*ev), 0);

	if (!ev) {
		misc_inc(RCFTOP_LOST_EVENTS);
		return NULL;
	}
	__builtin_memset(ev, 0, sizeof(*ev));
	ev->type = type;
	return ev;
}

SEC("raw_tp/rcf_path")
int BPF_PROG(on_path, __u64 cycle, int what, __u32 id, __u32 master, __u32 dst,
	     __u32 waiting, __u32 error)
{
	struct rcftop_event *ev = ev_new(RCFTOP_EV_PATH);

	if (!ev)
		return 0;
	ev->what = what;
	ev->when = cycle;
	ev->a[0] = id;
	ev->a[1] = master;
	ev->a[2] = dst;
	ev->a[3] = waiting;
	ev->a[4] = error;
	bpf_ringbuf_submit(ev, 0);
	return 0;
}

SEC("raw_tp/rcf_epoch")
int BPF_PROG(on_epoch, __u64 number, __u8 mode, __u32 error, __u64 suspend_ns,
	     __u64 drain_ns, __u64 apply_ns, __u64 resume_ns, __u64 inflight,
	     __u64 drain_cycles)
{
	struct rcftop_event *ev = ev_new(RCFTOP_EV_EPOCH);

	if (!ev)
		return 0;
	ev->what = mode;
	ev->when = number;
	ev->a[0] = error;
	ev->ns[0] = suspend_ns;
	ev->ns[1] = drain_ns;
	ev->ns[2] = apply_ns;
	ev->ns[3] = resume_ns;
	ev->n[0] = inflight;
	ev->n[1] = drain_cycles;
	bpf_ringbuf_submit(ev, 0);
	return 0;
}
