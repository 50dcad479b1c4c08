// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs without rcf.ko: each is run by BPF_PROG_TEST_RUN with
 * a raw tracepoint's argument array made up here, and the maps must then
 * hold what the events add up to.  Needs root; skipped (TAP) without it.
 */
#include <errno.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../../daemon/tests/tap.h"
#include "hashread.h"
#include "prog_run.h"
#include "rcftop.h"
#include "rcftop.skel.h"
#include "snap.h"

static int quiet(enum libbpf_print_level l, const char *f, va_list ap)
{
	(void)l;
	(void)f;
	(void)ap;
	return 0;
}

/*
 * The heads of main's rcf_block/rcf_grant events at their outputs:
 * switch 1's waited 10 cycles alone, 20 with another and 30 alone (60
 * contended), at most two; switch 2's head is still waiting there (its
 * forward came from an engine gone).
 */
static void outputs(const struct top_snap *s)
{
	const struct top_out *a = &s->out[0], *b = &s->out[1];

	tap_ok(s->nout == 2 && a->k.sw == 1 && a->k.link == 4 &&
		       a->k.dir == 1 && a->k.vc == 2 && a->v.blocked == 2 &&
		       a->v.contended == 60 && !a->v.waiting &&
		       a->v.max_waiting == 2 && b->k.sw == 2 &&
		       b->v.blocked == 1 && b->v.waiting == 1 &&
		       !b->v.contended && s->nsw == 3 && snap_sw(s, 1) &&
		       snap_sw(s, 2),
	       "outputs: heads blocked, cycles contended, most waiting");
}

/* Switch 3's queue over readings; s is the first, of interval 0. */
static void queues(struct rcftop_bpf *skel, struct top_snap *s)
{
	const struct top_sw *w = snap_sw(s, 3);
	uint32_t got[3] = {0};
	int err = 0;

	tap_ok(w && w->v.used == 128 && w->v.peak == 512 && w->ipeak == 512 &&
		       w->v.cap == 1024,
	       "queue: now, peak, the interval's peak");
	/* interval 1: from 128 down to 0, up to 64 */
	err |= FIRE(skel->progs.on_cq_fill, 4, 3, 0, 1024);
	err |= FIRE(skel->progs.on_cq_fill, 5, 3, 64, 1024);
	/* interval 2: nothing; interval 3: down to 0 */
	for (int i = 0; i < 3 && !err; i++) {
		snap_free(s);
		if (i == 2)
			err |= FIRE(skel->progs.on_cq_fill, 6, 3, 0, 1024);
		if (snap_read(skel, s) || !(w = snap_sw(s, 3)))
			err = 1;
		else
			got[i] = w->ipeak;
	}
	if (!tap_ok(!err && got[0] == 128 && got[1] == 64 && got[2] == 64 &&
			    w->v.peak == 512 && !w->v.used,
		    "queue: each interval's peak, a quiet one's level") &&
	    !err)
		printf("# interval peaks %u %u %u\n", got[0], got[1], got[2]);
}

/*
 * Two pairs' packet buckets that meet in one lat_tab slot, each taking
 * it from the other: each pair's totals are its entry's and its slot's.
 */
static void lat_slot_shared(struct rcftop_bpf *skel)
{
	/* pair 40 -> 41, latency 1 (bucket 0), and the first to share */
	__u32 want = rcftop_lat_slot(40, 41, RCFTOP_LAT_PKT, 0), src = 42;
	const struct top_pair *a, *b;
	struct top_snap s;
	int err = 0;

	while (rcftop_lat_slot(src, 41, RCFTOP_LAT_PKT, 0) != want)
		src++;
	err |= FIRE(skel->progs.on_deliver, 30, 41, 40, 4, 1, 2, 11, 1, 0);
	err |= FIRE(skel->progs.on_deliver, 31, 41, src, 4, 1, 2, 22, 1, 0);
	err |= FIRE(skel->progs.on_deliver, 32, 41, 40, 4, 1, 2, 33, 1, 0);
	err |= FIRE(skel->progs.on_deliver, 33, 41, src, 4, 1, 2, 44, 1, 0);
	if (err || snap_read(skel, &s)) {
		tap_ok(0, "latency buckets sharing a slot: run and read");
		return;
	}
	a = snap_pair(&s, &(struct rcftop_pair_key){.src = 40, .dst = 41});
	b = snap_pair(&s, &(struct rcftop_pair_key){.src = src, .dst = 41});
	tap_ok(a && b && a->v.pkts == 2 && a->v.bytes == 44 &&
		       a->hist[RCFTOP_LAT_PKT][0] == 2 && b->v.pkts == 2 &&
		       b->v.bytes == 66 && b->hist[RCFTOP_LAT_PKT][0] == 2,
	       "latency buckets of two pairs sharing a slot add up per pair");
	snap_free(&s);
}

/*
 * Two pairs' messages sent that meet in one pair_tab slot, each taking
 * it from the other: each pair's totals are its entry's and its slot's.
 */
static void pair_slot_shared(struct rcftop_bpf *skel)
{
	__u32 want = rcftop_pair_slot(50, 51), src = 52;
	const struct top_pair *a, *b;
	struct top_snap s;
	int err = 0;

	while (rcftop_pair_slot(src, 51) != want)
		src++;
	/* rcf_msg_send: cycle, src, dst, len, latency, cookie */
	err |= FIRE(skel->progs.on_msg_send, 40, 50, 51, 100, 0, 0);
	err |= FIRE(skel->progs.on_msg_send, 41, src, 51, 7, 0, 0);
	err |= FIRE(skel->progs.on_msg_send, 42, 50, 51, 200, 0, 0);
	err |= FIRE(skel->progs.on_msg_send, 43, src, 51, 8, 0, 0);
	err |= FIRE(skel->progs.on_msg_send, 44, src, 51, 9, 0, 0);
	if (err || snap_read(skel, &s)) {
		tap_ok(0, "messages sent sharing a slot: run and read");
		return;
	}
	a = snap_pair(&s, &(struct rcftop_pair_key){.src = 50, .dst = 51});
	b = snap_pair(&s, &(struct rcftop_pair_key){.src = src, .dst = 51});
	tap_ok(a && b && a->v.msgs_sent == 2 && a->v.msg_bytes_sent == 300 &&
		       b->v.msgs_sent == 3 && b->v.msg_bytes_sent == 24 &&
		       !a->v.pkts && !s.misc[RCFTOP_TABLE_FULL],
	       "messages sent by two pairs sharing a slot add up per pair");
	snap_free(&s);
}

/* s read again key by key, as on a kernel without batched lookups */
static void walked(struct rcftop_bpf *skel, const struct top_snap *s)
{
	struct top_snap w;
	int rc;

	hash_walk_only = 1;
	rc = snap_read(skel, &w);
	hash_walk_only = 0;
	if (!tap_ok(!rc && w.nchan == s->nchan && w.npair == s->npair &&
			    w.nout == s->nout &&
			    !memcmp(w.chan, s->chan,
				    s->nchan * sizeof(*s->chan)) &&
			    !memcmp(w.pair, s->pair,
				    s->npair * sizeof(*s->pair)) &&
			    !memcmp(w.out, s->out, s->nout * sizeof(*s->out)),
		    "maps walked key by key read as batches do") ||
	    rc)
		return;
	snap_free(&w);
}

int main(void)
{
	struct rcftop_bpf *skel;
	struct top_snap s;
	struct rcftop_chan_key ck = {.link = 4, .dir = 1, .vc = 2};
	struct rcftop_pair_key pk = {.src = 3, .dst = 7};
	const struct top_chan *c;
	const struct top_pair *p;
	int err = 0;

	tap_plan(12);
	libbpf_set_print(quiet);
	skel = rcftop_bpf__open_and_load();
	if (!skel) {
		for (int i = 0; i < 12; i++)
			printf("ok %d # SKIP cannot load BPF here: %s\n", i + 1,
			       strerror(errno));
		return 0;
	}
	/*
	 * rcf_hop: cycle, link, dir, vc, bytes, src, cookie.  Link 8196's
	 * channel b>a vc 2 has link 4's slot: each takes it from the other.
	 */
	err |= FIRE(skel->progs.on_hop, 10, 4, 1, 2, 100, 3, 0);
	err |= FIRE(skel->progs.on_hop, 10, 8196, 1, 2, 50, 3, 0);
	err |= FIRE(skel->progs.on_hop, 11, 4, 1, 2, 28, 3, 0);
	/* a packet delivered with no message sent (3 -> 9) */
	err |= FIRE(skel->progs.on_deliver, 12, 9, 3, 4, 1, 2, 40, 3, 0);
	/* rcf_deliver: cycle, node, src, link, dir, vc, len, latency, cookie */
	err |= FIRE(skel->progs.on_deliver, 20, 7, 3, 4, 1, 2, 90, 1, 0);
	err |= FIRE(skel->progs.on_deliver, 21, 7, 3, 4, 1, 2, 10, 1000, 0);
	/* rcf_msg_send/recv: cycle, src, dst, len, latency, cookie */
	err |= FIRE(skel->progs.on_msg_send, 5, 3, 7, 84, 0, 0);
	err |= FIRE(skel->progs.on_msg_recv, 22, 3, 7, 84, 17, 0);
	/* rcf_drop: ..., reason last; out of range counts as unspec */
	err |= FIRE(skel->progs.on_drop, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3);
	err |= FIRE(skel->progs.on_drop, 0, 0, 1, 0, 0, 0, 0, 0, 0, 999);
	/* rcf_epoch: number, mode, error, 4 phases, inflight, drain cycles */
	err |= FIRE(skel->progs.on_epoch, 42, 1, 0, 1, 2, 3, 4, 500, 60);
	/*
	 * rcf_block/rcf_grant: cycle, elem, is_switch, link, dir, vc, len,
	 * rleft, cookie.  Two heads with cookie 5 wait at switch 1 for link
	 * 4 b>a vc 2 from cycles 100 and 110 and get it at 130 and 160: 80
	 * cycles in all.  A head given it without waiting, one given
	 * another channel, a node relaying and an entry from an engine gone
	 * (a start after the forward) add nothing.
	 */
	err |= FIRE(skel->progs.on_block, 100, 1, 1, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_block, 110, 1, 1, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_grant, 105, 1, 1, 4, 1, 2, 50, 1, 6);
	err |= FIRE(skel->progs.on_grant, 106, 1, 1, 4, 0, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_grant, 107, 1, 0, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_grant, 130, 1, 1, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_grant, 160, 1, 1, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_grant, 170, 1, 1, 4, 1, 2, 50, 1, 5);
	err |= FIRE(skel->progs.on_block, 900, 2, 1, 4, 1, 2, 50, 1, 7);
	err |= FIRE(skel->progs.on_grant, 20, 2, 1, 4, 1, 2, 50, 1, 7);
	err |= FIRE(skel->progs.on_grant, 950, 2, 1, 4, 1, 2, 50, 1, 7);
	/*
	 * rcf_cq_fill: cycle, sw, used, cap.  Switch 3's queue up to 512
	 * and back to 128.
	 */
	err |= FIRE(skel->progs.on_cq_fill, 1, 3, 256, 1024);
	err |= FIRE(skel->progs.on_cq_fill, 2, 3, 512, 1024);
	err |= FIRE(skel->progs.on_cq_fill, 3, 3, 128, 1024);
	tap_ok(!err, "every program ran on its argument array");
	if (snap_read(skel, &s)) {
		tap_ok(0, "maps read");
		rcftop_bpf__destroy(skel);
		return tap_done();
	}
	c = snap_chan(&s, &ck);
	ck.link = 8196;
	tap_ok(s.nchan == 2 && c && c->v.bytes == 128 && c->v.packets == 2 &&
		       snap_chan(&s, &ck) &&
		       snap_chan(&s, &ck)->v.bytes == 50 &&
		       snap_chan(&s, &ck)->v.packets == 1,
	       "hops add up per channel, two channels of one slot too");
	ck.link = 4;
	tap_ok(c && c->v.waits == 2 && c->v.wait_cycles == 80,
	       "waits: heads alike, cycles waited, stale entries dropped");
	p = snap_pair(&s, &(struct rcftop_pair_key){.src = 3, .dst = 9});
	tap_ok(s.npair == 2 && p && p->v.pkts == 1 && p->v.bytes == 40 &&
		       !p->v.msgs_sent && !p->v.msgs_recv &&
		       p->hist[RCFTOP_LAT_PKT][1] == 1,
	       "pairs: one with packets and no messages");
	p = snap_pair(&s, &pk);
	tap_ok(p && p->v.pkts == 2 && p->v.bytes == 100 &&
		       p->v.msgs_sent == 1 && p->v.msg_bytes_sent == 84 &&
		       p->v.msgs_recv == 1 && p->v.msg_lat_sum == 17 &&
		       p->hist[RCFTOP_LAT_PKT][0] == 1 &&
		       p->hist[RCFTOP_LAT_PKT][9] == 1 &&
		       p->hist[RCFTOP_LAT_MSG][4] == 1,
	       "pairs: packets, bytes, messages, latency buckets as the "
	       "kernel's");
	tap_ok(s.drops[3] == 1 && s.drops[0] == 1 &&
		       !s.misc[RCFTOP_LOST_EVENTS] &&
		       !s.misc[RCFTOP_TABLE_FULL],
	       "drops by reason, nothing lost");
	outputs(&s);
	walked(skel, &s);
	queues(skel, &s);
	snap_free(&s);
	lat_slot_shared(skel);
	pair_slot_shared(skel);
	rcftop_bpf__destroy(skel);
	return tap_done();
}
