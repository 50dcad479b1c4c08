// SPDX-License-Identifier: GPL-2.0
/* Strict number parsing (num.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "util/num.h"

static int digits(const char *s, int hex)
{
	int n = 0;

	for (; *s; s++, n++)
		if (!(*s >= '0' && *s <= '9') &&
		    !(hex &&
		      ((*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F'))))
			return 0;
	return n;
}

static int parse(const char *s, int base, uint64_t min, uint64_t max,
		 uint64_t *v)
{
	unsigned long long n;
	char *end;

	if (!s || !digits(s, base == 16))
		return RCF_NUM_SYNTAX;
	errno = 0;
	n = strtoull(s, &end, base);
	if (*end)
		return RCF_NUM_SYNTAX;
	if (errno == ERANGE || n < min || n > max)
		return RCF_NUM_RANGE;
	*v = n;
	return RCF_NUM_OK;
}

int rcf_num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	return parse(s, 10, min, max, v);
}

int rcf_num_u64x(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
	if (s && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return parse(s + 2, 16, min, max, v);
	return parse(s, 10, min, max, v);
}

int rcf_num_u32(const char *s, uint32_t min, uint32_t max, uint32_t *v)
{
	uint64_t x;
	int rc = rcf_num_u64(s, min, max, &x);

	if (!rc)
		*v = (uint32_t)x;
	return rc;
}

int rcf_num_u32x(const char *s, uint32_t min, uint32_t max, uint32_t *v)
{
	uint64_t x;
	int rc = rcf_num_u64x(s, min, max, &x);

	if (!rc)
		*v = (uint32_t)x;
	return rc;
}

int rcf_num_double(const char *s, double min, double max, double *v)
{
	const char *p = s;
	char *end;
	double d;
	int dig = 0, dot = 0;

	/* what strtod would read besides: signs, hex, exponents, nan, inf */
	if (!s)
		return RCF_NUM_SYNTAX;
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9')
			dig++;
		else if (*p == '.' && !dot)
			dot = 1;
		else
			return RCF_NUM_SYNTAX;
	}
	if (!dig)
		return RCF_NUM_SYNTAX;
	errno = 0;
	d = strtod(s, &end);
	if (*end)
		return RCF_NUM_SYNTAX;
	if (errno == ERANGE || !isfinite(d) || d < min || d > max)
		return RCF_NUM_RANGE;
	*v = d;
	return RCF_NUM_OK;
}

const char *rcf_num_why(int rc)
{
	return rc == RCF_NUM_RANGE ? "out of range" : "not a number";
}
