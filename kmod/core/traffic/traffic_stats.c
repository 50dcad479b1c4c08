// SPDX-License-Identifier: GPL-2.0
/*
 * What the traffic got: deliveries checked and counted, latencies in a
 * bounded histogram, throughput over the measured window (traffic.h).
 */
#include "traffic_priv.h"

#ifdef __KERNEL__
#include <linux/math64.h>
#endif

static u64 tr_div(u64 a, u64 b)
{
#ifdef __KERNEL__
	return div64_u64(a, b);
#else
	return a / b;
#endif
}

static int tr_msb(u64 x)
{
	int k = 0;

	while (x >> 1) {
		x >>= 1;
		k++;
	}
	return k;
}

static u32 tr_bucket(u64 lat)
{
	int k;

	if (lat < RCF_TRAFFIC_LAT_EXACT)
		return (u32)lat;
	k = tr_msb(lat);
	return RCF_TRAFFIC_LAT_EXACT + (k - TR_LAT_SHIFT) * RCF_TRAFFIC_LAT_SUB +
	       (u32)((lat >> (k - 7)) & (RCF_TRAFFIC_LAT_SUB - 1));
}

/* the highest latency bucket b holds */
static u64 tr_bucket_top(u32 b)
{
	u32 k, sub;

	if (b < RCF_TRAFFIC_LAT_EXACT)
		return b;
	k = (b - RCF_TRAFFIC_LAT_EXACT) / RCF_TRAFFIC_LAT_SUB + TR_LAT_SHIFT;
	sub = (b - RCF_TRAFFIC_LAT_EXACT) % RCF_TRAFFIC_LAT_SUB;
	return (((u64)RCF_TRAFFIC_LAT_SUB + sub + 1) << (k - 7)) - 1;
}

void tr_lat_add(struct rcf_traffic *t, u64 lat)
{
	struct rcf_traffic_results *r = &t->r;

	t->lat[tr_bucket(lat)]++;
	r->lat_count++;
	r->lat_avg += lat;	/* the sum until rcf_traffic_results */
	if (lat < r->lat_min)
		r->lat_min = lat;
	if (lat > r->lat_max)
		r->lat_max = lat;
}

/* in the window: from warmup to the end of generation (open while on) */
static bool tr_in_window(const struct rcf_traffic *t, u64 c)
{
	return c >= t->spec.warmup && (t->end == TR_NEVER || c < t->end);
}

void rcf_traffic_deliver(struct rcf_traffic *t, u32 dst, u32 src,
			 const u8 *msg, u32 len, u64 cookie, u64 latency)
{
	struct rcf_traffic_results *r = &t->r;
	u32 k;

	r->msgs_delivered++;
	r->bytes_delivered += len;
	for (k = 0; k < len; k++)
		if (msg[k] != tr_byte(cookie, src, dst, k)) {
			r->msgs_corrupt++;
			break;
		}
	if (tr_in_window(t, rcf_traffic_now(t)))
		r->win_bytes_accepted += len;
	/* the cookie is the cycle the message was generated in */
	if (tr_in_window(t, cookie))
		tr_lat_add(t, latency);
}

static u64 tr_percentile(const struct rcf_traffic *t, u64 pct)
{
	u64 want = tr_div(t->r.lat_count * pct + 99, 100), seen = 0, top;
	u32 b;

	for (b = 0; b < TR_LAT_BUCKETS; b++) {
		seen += t->lat[b];
		if (seen >= want && t->lat[b]) {
			top = tr_bucket_top(b);
			return top < t->r.lat_max ? top : t->r.lat_max;
		}
	}
	return t->r.lat_max;
}

void rcf_traffic_results(const struct rcf_traffic *t,
			 struct rcf_traffic_results *r)
{
	u64 end, per;

	*r = t->r;
	r->cycles = rcf_traffic_now(t);
	end = t->end == TR_NEVER ? r->cycles : t->end;
	r->window = end > t->spec.warmup ? end - t->spec.warmup : 0;
	per = r->window * t->spec.nodes;
	if (per) {
		r->offered_milli = tr_div(r->win_bytes_offered * 1000, per);
		r->accepted_milli = tr_div(r->win_bytes_accepted * 1000, per);
	}
	if (r->lat_count) {
		r->lat_avg = tr_div(t->r.lat_avg, r->lat_count);
		r->lat_p50 = tr_percentile(t, 50);
		r->lat_p99 = tr_percentile(t, 99);
	} else {
		r->lat_min = 0;
	}
	r->done = t->done;
	r->complete = t->done && !r->error && !t->spec.no_drain &&
		      !r->msgs_refused && r->msgs_delivered == r->msgs_sent;
}
