/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Strict numbers for files and command lines: the whole string is the
 * number, or it is refused.  strtoull and strtod alone accept leading
 * blanks, signs ("-5" is 2^64 - 5), trailing junk, and clamp what
 * overflows; a value a user did not write must never reach the kernel.
 */
#ifndef RCF_NUM_H
#define RCF_NUM_H

#include <stdint.h>

enum rcf_num_err {
	RCF_NUM_OK = 0,
	RCF_NUM_SYNTAX = -1, /* not a number, or junk after it */
	RCF_NUM_RANGE = -2,  /* a number, but outside [min, max] */
};

/* Decimal digits only: no sign, blank, or base prefix. */
int rcf_num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *v);
/* The same, or "0x" and hex digits (never octal: "010" is ten). */
int rcf_num_u64x(const char *s, uint64_t min, uint64_t max, uint64_t *v);
int rcf_num_u32(const char *s, uint32_t min, uint32_t max, uint32_t *v);
int rcf_num_u32x(const char *s, uint32_t min, uint32_t max, uint32_t *v);
/* A finite decimal fraction in [min, max]: no nan, inf, hex or blanks. */
int rcf_num_double(const char *s, double min, double max, double *v);
/* "not a number" or "out of range", for a message */
const char *rcf_num_why(int rc);

#endif
