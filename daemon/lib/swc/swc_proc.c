// SPDX-License-Identifier: GPL-2.0
/*
 * The processors and their data links.  A processor talks to its
 * controller only when polled (§II B 1): it then takes a granted
 * mastership, hears that its mastership is wanted back, passes it back
 * once no message of its own is under way (§II A rule 2), or asks for a
 * path.  Data moves one byte per tick over whatever the data crossbars
 * connect, from the master's port to wherever the circuits lead, so a
 * circuit changed under a message would lose or misdeliver bytes; the
 * receiver checks every message whole, in order and once.
 */
#include <string.h>

#include "swc/swc.h"

static uint8_t payload(int src, int dst, uint32_t seq, uint32_t idx)
{
	uint32_t x = (uint32_t)src * 2654435761u ^ (uint32_t)dst * 40503u ^
		     seq * 97u ^ idx * 2246822519u;

	x ^= x >> 15;
	x *= 2654435761u;
	return (uint8_t)(x >> 24);
}

static uint32_t fnv(uint32_t h, uint8_t b)
{
	return (h ^ b) * 16777619u;
}

#define FNV_INIT 2166136261u

int swc_proc_busy(const struct swc_proc *p)
{
	return p->qlen || p->sending || p->requested || p->grant;
}

/*
 * Its path broke under it: it masters nothing now.  A grant not taken yet
 * is dropped and the wish stands, asked again.  One function for both
 * kinds of processor: an internal one sends a cut message again whole, an
 * external one never sends here (swc_step runs no data side with a host)
 * and only it hears recalls through the host.
 */
void swc_proc_broken(struct swc_net *n, struct swc_proc *p)
{
	p->broken_pending = 0;
	if (p->grant) {
		p->grant = 0;
		p->requested = 0;
	}
	p->path = 0;
	p->recall = p->recall_told = p->returned = 0;
	if (p->sending) {
		/* sent again whole, under the same number */
		p->sending = 0;
		p->aborted++;
		p->seq_to[p->q[p->qhead].dst]--;
	}
	swc_tracef(n, "P%d hears its path is broken", swc_pname(n, p->gid));
}

void swc_proc_poll(struct swc_net *n, int sw, int i)
{
	struct swc_proc *p = &n->sw[sw].proc[i];

	if (n->host) {
		swc_ext_poll(n, sw, i);
		return;
	}
	if (p->failed_pending) {
		p->failed_pending = 0;
		p->requested = 0;
		p->fails++;
		p->retry_at = n->now + 1 + swc_rand(n) % 64;
	}
	if (p->broken_pending)
		swc_proc_broken(n, p);
	if (p->grant) {
		uint64_t w = n->now - p->want_since;

		p->path = p->grant;
		p->path_dst = p->grant_dst;
		p->grant = 0;
		p->requested = 0;
		p->wanting = 0;
		p->grants++;
		p->wait_sum += w;
		if (w > p->wait_max)
			p->wait_max = w;
		n->progress_at = n->now;
		swc_tracef(n, "P%d receives the mastership of path %x",
			   swc_pname(n, p->gid), p->path);
	}
	if (p->recall) {
		if (!p->path) {
			p->recall = 0;
		} else if (!p->sending) {
			uint32_t path = p->path;

			p->path = 0;
			p->recall = 0;
			swc_ctl_returned(n, sw, path);
		}
	}
	if (p->wanting && !p->requested && !p->recall &&
	    n->now >= p->retry_at) {
		p->requested = 1;
		swc_ctl_request(n, sw, i);
	}
}

static void receive(struct swc_net *n, struct swc_proc *d,
		    const struct swc_flit *f)
{
	int s = f->src;

	n->progress_at = n->now;
	if (!f->idx && f->seq == d->rx_seq[s])
		d->rx_idx[s] = 0; /* a message cut by a failed line, again */
	if (f->dst != d->gid || f->seq != d->rx_seq[s] ||
	    f->idx != d->rx_idx[s]) {
		d->rx_bad++;
		swc_tracef(n, "P%d: bad byte from P%d (msg %u byte %u)",
			   swc_pname(n, d->gid), swc_pname(n, s), f->seq,
			   f->idx);
		/* follow the sender, so one fault is counted once */
		d->rx_seq[s] = f->seq;
		d->rx_idx[s] = f->idx;
		if (f->idx)
			return;
	}
	d->rx_sum[s] = fnv(f->idx ? d->rx_sum[s] : FNV_INIT, f->byte);
	d->rx_idx[s]++;
	if (f->idx + 1 < f->len)
		return;
	if (d->rx_sum[s] == f->sum &&
	    f->byte == payload(s, f->dst, f->seq, f->idx))
		d->delivered++;
	else
		d->rx_bad++;
	d->rx_seq[s]++;
	d->rx_idx[s] = 0;
}

/* follow the circuits from processor (sw, i); the end, or NULL */
static struct swc_proc *walk(struct swc_net *n, int sw, int i)
{
	int port = i, hops;

	for (hops = 0; hops <= 2 * SWC_MAX_SW; hops++) {
		int q = n->sw[sw].port[port].conn, l;

		if (q < 0)
			return NULL;
		if (!SWC_IS_LINE(q))
			return &n->sw[sw].proc[q];
		l = SWC_LINE_OF(q);
		if (!n->line[l].up)
			return NULL;
		sw = swc_line_peer(n, sw, l);
		port = SWC_PORT_LINE(l);
	}
	return NULL;
}

static void send_byte(struct swc_net *n, int sw, int i)
{
	struct swc_proc *p = &n->sw[sw].proc[i];
	struct swc_pmsg *m = &p->q[p->qhead];
	struct swc_proc *d;
	struct swc_flit f;

	f.src = p->gid;
	f.dst = m->dst;
	f.seq = p->cur_seq;
	f.idx = p->cur_idx;
	f.len = m->len;
	f.byte = payload(f.src, f.dst, f.seq, f.idx);
	p->cur_sum = fnv(f.idx ? p->cur_sum : FNV_INIT, f.byte);
	f.sum = p->cur_sum;
	d = walk(n, sw, i);
	if (d)
		receive(n, d, &f);
	else
		p->lost_bytes++;
	if (++p->cur_idx < m->len)
		return;
	p->sending = 0;
	p->sent++;
	swc_pq_pop(p);
	swc_tracef(n, "P%d: message %u to P%d has fully arrived",
		   swc_pname(n, p->gid), f.seq, swc_pname(n, f.dst));
}

void swc_proc_data(struct swc_net *n)
{
	int s, i;

	for (s = 0; s < n->nsw; s++) {
		for (i = 0; i < n->sw[s].nproc; i++) {
			struct swc_proc *p = &n->sw[s].proc[i];
			int dst = p->qlen ? p->q[p->qhead].dst : -1;

			if (!p->sending && p->path && !p->recall &&
			    dst == p->path_dst) {
				p->sending = 1;
				p->cur_seq = p->seq_to[dst]++;
				p->cur_idx = 0;
			}
			if (p->sending) {
				send_byte(n, s, i);
				continue;
			}
			if (dst >= 0 && !p->wanting &&
			    (!p->path || p->path_dst != dst)) {
				p->wanting = 1;
				p->want_since = n->now;
			}
		}
	}
}
