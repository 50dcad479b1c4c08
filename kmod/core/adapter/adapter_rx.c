// SPDX-License-Identifier: GPL-2.0
/*
 * The node adapter's receive side: packets of one message may arrive in
 * any order (they may take different routes), so each carries its
 * message id, the message length and its own offset.  A message that fits
 * one packet is handed up straight from the engine's buffer; a longer one
 * is put together in a partial message, bounded per destination and per
 * adapter, the oldest evicted first.
 */
#include "adapter_priv.h"

static u32 ad_get16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

void ad_part_free(struct rcf_adapter *a, struct ad_part *p)
{
	struct ad_node *n = &a->nodes[p->dst];

	ad_list_del(&p->dl);
	ad_list_del(&p->gl);
	n->nparts--;
	n->st.partial--;
	a->st.partial--;
	a->part_bytes -= p->size;
	rcf_os_free(p);
}

static void ad_evict(struct rcf_adapter *a, struct ad_part *p)
{
	ad_drop(a, p->dst, RCF_ADROP_REASSEMBLY);
	ad_part_free(a, p);
}

static struct ad_part *ad_part_find(struct rcf_adapter *a, u32 dst, u32 src,
				    u32 id)
{
	struct ad_list *h = &a->nodes[dst].parts, *l;

	for (l = h->next; l != h; l = l->next) {
		struct ad_part *p = ad_part_of(l, dl);

		if (p->src == src && p->id == id)
			return p;
	}
	return NULL;
}

static struct ad_part *ad_part_new(struct rcf_adapter *a, u32 dst, u32 src,
				   u32 id, u32 total)
{
	u32 size = sizeof(struct ad_part) + total + (total + 7) / 8;
	struct ad_node *n = &a->nodes[dst];
	struct ad_part *p;

	while (n->nparts >= a->max_partial)
		ad_evict(a, ad_part_of(n->parts.next, dl));
	while (a->part_bytes + size > a->max_bytes &&
	       a->parts.next != &a->parts)
		ad_evict(a, ad_part_of(a->parts.next, gl));
	if (a->part_bytes + size > a->max_bytes) {
		/* bigger than the whole budget: this message cannot be kept */
		ad_drop(a, dst, RCF_ADROP_REASSEMBLY);
		return NULL;
	}
	p = rcf_os_zalloc(size);
	if (!p) {
		ad_drop(a, dst, RCF_ADROP_NO_MEM);
		return NULL;
	}
	p->dst = dst;
	p->src = src;
	p->id = id;
	p->total = total;
	p->size = size;
	p->map = p->data + total;
	ad_list_add_tail(&p->dl, &n->parts);
	ad_list_add_tail(&p->gl, &a->parts);
	n->nparts++;
	n->st.partial++;
	a->st.partial++;
	a->part_bytes += size;
	return p;
}

/*
 * True when none of bytes off .. off + len - 1 arrived before.  A whole
 * map byte at a time where it can: a packet's bits are mostly whole
 * bytes, and these run once per packet of every message.
 */
static bool ad_range_new(const u8 *map, u32 off, u32 len)
{
	u32 i = off, end = off + len;

	while (i < end) {
		if (!(i % 8) && end - i >= 8) {
			if (map[i / 8])
				return false;
			i += 8;
		} else {
			if (map[i / 8] & (1u << (i % 8)))
				return false;
			i++;
		}
	}
	return true;
}

static void ad_range_set(u8 *map, u32 off, u32 len)
{
	u32 i = off, end = off + len;

	while (i < end) {
		if (!(i % 8) && end - i >= 8) {
			map[i / 8] = 0xff;
			i += 8;
		} else {
			map[i / 8] |= 1u << (i % 8);
			i++;
		}
	}
}

/* dst: dense index; the ids are what the user knows the nodes by. */
static void ad_up(struct rcf_adapter *a, u32 dst, u32 dst_id, u32 src_id,
		  const u8 *msg, u32 len, u64 cookie, u64 latency)
{
	struct rcf_adapter_stats *s[2] = {&a->st, &a->nodes[dst].st};
	u32 first;
	int i;

	for (i = 0; i < 2; i++) {
		s[i]->msgs_received++;
		s[i]->rx_bytes += len;
		s[i]->lat_sum += latency;
		if (latency > s[i]->lat_max)
			s[i]->lat_max = latency;
	}
	/* the engine is a snapshot: a packet's pair still has its routes */
	if (rcf_engine_pair_routes(a->e, src_id, dst_id, &first))
		rcf_engine_pair_state(a->e, first)->received++;
	ad_moved(a, dst, dst_id, false);
	rcf_os_trace(msg_recv, a, src_id, dst_id, len, cookie, latency);
	if (a->ops && a->ops->deliver)
		a->ops->deliver(a->priv, dst_id, src_id, msg, len, cookie,
				latency);
}

/* Puts a packet's data into its message; hands up a message made whole. */
static void ad_rx_data(struct rcf_adapter *a, u32 dst, u32 dst_id, u32 src,
		       u32 src_id, u32 id, u32 total, u32 off, const u8 *pl,
		       u32 dlen, u64 cookie, u64 latency)
{
	struct ad_part *p;
	u64 now;

	if (!off && dlen == total) {
		ad_up(a, dst, dst_id, src_id, pl, dlen, cookie, latency);
		return;
	}
	p = ad_part_find(a, dst, src, id);
	if (!p) {
		p = ad_part_new(a, dst, src, id, total);
		if (!p)
			return;
		p->born = rcf_engine_now(a->e) - latency;
		p->cookie = cookie;
	} else if (p->total != total || !ad_range_new(p->map, off, dlen)) {
		ad_drop(a, dst, RCF_ADROP_BAD_HEADER);
		return;
	}
	if (off < p->hi) {
		a->st.reordered++;
		a->nodes[dst].st.reordered++;
	}
	memcpy(p->data + off, pl, dlen);
	ad_range_set(p->map, off, dlen);
	p->got += dlen;
	if (off + dlen > p->hi)
		p->hi = off + dlen;
	if (p->got < p->total)
		return;
	now = rcf_engine_now(a->e);
	/* off the lists first: the user may send from its deliver op */
	ad_list_del(&p->dl);
	ad_list_del(&p->gl);
	ad_up(a, dst, dst_id, src_id, p->data, p->total, p->cookie,
	      now - p->born);
	ad_part_free(a, p);
}

/*
 * A path's packets cross one chain of channels and arrive in the order
 * they were sent, so a message on it has fully arrived when its last
 * packet has, whatever became of its reassembly; the path hears of it
 * after the message was handed up (Wijnen §II D: the mastership comes
 * back after the message).
 */
void ad_rx(void *priv, u32 dst_id, u32 src_id, const u8 *pl, u32 len,
	   u64 cookie, u64 latency)
{
	struct rcf_adapter *a = priv;
	int dst = rcf_engine_node_index(a->e, dst_id);
	int src = rcf_engine_node_index(a->e, src_id);
	u32 id, total, off, dlen;

	if (dst < 0 || src < 0)
		return;
	if (a->cap_dirs & RCF_CAPTURE_RX && dst_id == a->cap_node)
		ad_capture(a, dst_id, src_id, RCF_CAPTURE_RX, NULL, 0, pl, len);
	if (a->raw) {
		ad_up(a, dst, dst_id, src_id, pl, len, cookie, latency);
		return;
	}
	if (len < RCF_ADAPTER_HDR) {
		ad_drop(a, dst, RCF_ADROP_BAD_HEADER);
		return;
	}
	id = ad_get16(pl) << 16 | ad_get16(pl + 2);
	total = ad_get16(pl + 4);
	off = ad_get16(pl + 6);
	dlen = len - RCF_ADAPTER_HDR;
	pl += RCF_ADAPTER_HDR;
	if (off + dlen > total || (!dlen && total)) {
		ad_drop(a, dst, RCF_ADROP_BAD_HEADER);
		return;
	}
	ad_rx_data(a, dst, dst_id, src, src_id, id, total, off, pl, dlen,
		   cookie, latency);
	if (a->pt->n && off + dlen == total)
		ad_path_arrived(a, src, dst_id, id);
}
