// SPDX-License-Identifier: GPL-2.0
/*
 * Destinations of the traffic patterns.  The permutations are the
 * workloads of the SP1 routing paper (§4.1: DOLOOP, EXOR, NCUBE) and the
 * classic bit reversal and transpose of the interconnect literature.
 */
#include "traffic.h"

/* log2(n) when n is a power of two, else -1 */
static int tp_log2(u32 n)
{
	int k = 0;

	if (!n || (n & (n - 1)))
		return -1;
	while ((1u << k) != n)
		k++;
	return k;
}

/* the side of an n-node square, or 0 */
static u32 tp_side(u32 n)
{
	u32 s = 0;

	while ((u64)(s + 1) * (s + 1) <= n)
		s++;
	return s * s == n ? s : 0;
}

int rcf_traffic_check(u32 pattern, u32 param, u32 n)
{
	int k = tp_log2(n);

	if (n < 2 || pattern >= RCF_TRAFFIC_NR_PATTERNS)
		return -EINVAL;
	switch (pattern) {
	case RCF_TRAFFIC_EXOR:
		return k >= 0 && param < n ? 0 : -EINVAL;
	case RCF_TRAFFIC_NCUBE:
		return k >= 0 && param < (u32)k ? 0 : -EINVAL;
	case RCF_TRAFFIC_BITREV:
		return k >= 0 ? 0 : -EINVAL;
	case RCF_TRAFFIC_TRANSPOSE:
		return tp_side(n) ? 0 : -EINVAL;
	case RCF_TRAFFIC_HOTSPOT:
		return param < n ? 0 : -EINVAL;
	default:
		return 0;
	}
}

long long rcf_traffic_perm(u32 pattern, u32 param, u32 n, u32 j)
{
	u64 d;
	u32 s, b;
	int k;

	if (j >= n || rcf_traffic_check(pattern, param, n))
		return -1;
	switch (pattern) {
	case RCF_TRAFFIC_DOLOOP:
		d = ((u64)param + j) % n;
		break;
	case RCF_TRAFFIC_EXOR:
		d = param ^ j;
		break;
	case RCF_TRAFFIC_NCUBE:
		d = j ^ (1u << param);
		break;
	case RCF_TRAFFIC_BITREV:
		k = tp_log2(n);
		d = 0;
		for (b = 0; b < (u32)k; b++)
			if (j & (1u << b))
				d |= 1u << (k - 1 - b);
		break;
	case RCF_TRAFFIC_TRANSPOSE:
		s = tp_side(n);
		d = (u64)(j % s) * s + j / s;
		break;
	default:
		return -1;
	}
	return d == j || d >= n ? -1 : (long long)d;
}
