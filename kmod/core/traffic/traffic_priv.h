/* SPDX-License-Identifier: GPL-2.0 */
/* State of one traffic run, shared by traffic.c and traffic_stats.c. */
#ifndef _RCF_CORE_TRAFFIC_PRIV_H
#define _RCF_CORE_TRAFFIC_PRIV_H

#include "traffic.h"

#define TR_NEVER	(~0ULL)
/* exact buckets, then RCF_TRAFFIC_LAT_SUB per power of two up to 2^64 */
#define TR_LAT_SHIFT	8	/* log2(RCF_TRAFFIC_LAT_EXACT) */
#define TR_LAT_BUCKETS	(RCF_TRAFFIC_LAT_EXACT + \
			 (64 - TR_LAT_SHIFT) * RCF_TRAFFIC_LAT_SUB)

struct tr_node {
	u64 next;	/* cycle of its next message, TR_NEVER: none */
	u64 credit;	/* periodic: milli-bytes saved up */
	u32 rate;	/* its load, bytes per 1000 cycles */
	u32 size;	/* bytes of its next message */
	u32 arc0, narcs;	/* RCF_TRAFFIC_NIG: its arcs */
	u64 wsum;	/* RCF_TRAFFIC_NIG: their weights */
};

struct rcf_traffic {
	struct rcf_traffic_spec spec;	/* arrays point at our copies */
	struct rcf_adapter *a;
	struct rcf_engine *e;
	u64 rng[4];
	u64 t0;		/* engine cycle at which we started */
	u64 skew;	/* idle cycles the engine did not run */
	struct tr_node *node;
	u32 *ids;
	struct rcf_traffic_arc *arcs;
	struct rcf_traffic_size *sizes;
	struct rcf_traffic_msg *trace;
	u32 trace_pos;
	/* message size mean as sum_w / sum_bytes: p = rate * w / (1000 b) */
	u64 size_w, size_b;
	u64 next_due;
	bool stopped, done;
	u64 end;	/* end of generation: the window's end */
	u8 *buf;
	u32 buf_len;
	u64 *lat;	/* TR_LAT_BUCKETS */
	struct rcf_traffic_results r;
};

u64 tr_rand(struct rcf_traffic *t);
void tr_lat_add(struct rcf_traffic *t, u64 lat);
/* payload byte k of a message (sender fills, receiver checks) */
static inline u8 tr_byte(u64 cookie, u32 src, u32 dst, u32 k)
{
	u64 h = cookie * 0x9e3779b97f4a7c15ULL + src * 0x85ebca6bULL +
		dst * 0xc2b2ae35ULL;

	return (u8)((h >> 32) + k * 0x3b);
}

#endif /* _RCF_CORE_TRAFFIC_PRIV_H */
