// SPDX-License-Identifier: GPL-2.0
/*
 * The text readers refuse what they cannot represent: NIG and trace
 * files (lines of any length, numbers that overflow, negatives, junk,
 * NUL bytes, flows that add up past their limit), rcfd.conf numbers out
 * of range, and the strict number parser they share.  Each refusal names
 * FILE:LINE.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/lines.h"
#include "route/nig.h"
#include "util/num.h"
#include "traffic/trace.h"
#include "traffic/traffic_req.h"
#include "../rcfd/rcfd.h"

static FILE *text(const char *s, size_t len)
{
	FILE *f = fmemopen((void *)s, len, "r");

	if (!f)
		abort();
	return f;
}

/* err starts with want (a FILE:LINE:) and holds why */
static int says(const char *err, const char *want, const char *why)
{
	int ok = !strncmp(err, want, strlen(want)) && strstr(err, why);

	if (!ok)
		printf("# got '%s', want '%s...%s'\n", err, want, why);
	return ok;
}

static int nig_refused(const char *s, size_t len, const char *want,
		       const char *why)
{
	struct rcf_nig g;
	char err[256] = "";
	FILE *f = text(s, len);
	int rc = rcf_nig_read(f, "n.nig", &g, err, sizeof(err));

	fclose(f);
	return rc == -1 && g.n == 0 && says(err, want, why);
}

static int trace_refused(const char *s, size_t len, const char *want,
			 const char *why)
{
	struct rcf_trace_limits lim = {.max_bytes = 65535};
	struct rcf_trace_msg *m = (void *)1;
	char err[256] = "";
	size_t n = 1;
	FILE *f = text(s, len);
	int rc = rcf_trace_read(f, "t.trace", &lim, &m, &n, err, sizeof(err));

	fclose(f);
	return rc == -1 && !m && !n && says(err, want, why);
}

static void test_num(void)
{
	uint64_t v = 7;
	double d = 7;

	tap_ok(!rcf_num_u64("18446744073709551615", 0, UINT64_MAX, &v) &&
		       v == UINT64_MAX,
	       "num: 2^64 - 1 is read");
	tap_ok(rcf_num_u64("18446744073709551616", 0, UINT64_MAX, &v) ==
			       RCF_NUM_RANGE &&
		       v == UINT64_MAX,
	       "num: 2^64 is out of range, not clamped");
	tap_ok(rcf_num_u64("-5", 0, UINT64_MAX, &v) == RCF_NUM_SYNTAX &&
		       rcf_num_u64("+5", 0, 9, &v) == RCF_NUM_SYNTAX &&
		       rcf_num_u64(" 5", 0, 9, &v) == RCF_NUM_SYNTAX &&
		       rcf_num_u64("5x", 0, 9, &v) == RCF_NUM_SYNTAX &&
		       rcf_num_u64("", 0, 9, &v) == RCF_NUM_SYNTAX &&
		       rcf_num_u64("0x5", 0, 9, &v) == RCF_NUM_SYNTAX,
	       "num: signs, blanks, junk, empty and hex are not decimal");
	tap_ok(!rcf_num_u64x("0x10", 0, 99, &v) && v == 16 &&
		       !rcf_num_u64x("010", 0, 99, &v) && v == 10 &&
		       rcf_num_u64x("0x", 0, 99, &v) == RCF_NUM_SYNTAX,
	       "num: 0x is hex, a leading 0 is still decimal");
	tap_ok(!rcf_num_double("0.25", 0, 1, &d) && d == 0.25 &&
		       rcf_num_double("nan", 0, 1e9, &d) == RCF_NUM_SYNTAX &&
		       rcf_num_double("inf", 0, 1e9, &d) == RCF_NUM_SYNTAX &&
		       rcf_num_double("-1", -9, 9, &d) == RCF_NUM_SYNTAX &&
		       rcf_num_double("1e3", 0, 1e9, &d) == RCF_NUM_SYNTAX &&
		       rcf_num_double(".", 0, 1, &d) == RCF_NUM_SYNTAX &&
		       rcf_num_double("2", 0, 1, &d) == RCF_NUM_RANGE &&
		       d == 0.25,
	       "num: a fraction is read; nan, inf, signs, exponents refused");
}

static void test_nig(void)
{
	static const char nul[] = "0 1 2\n1 0\0 5\n";
	char *big = malloc(8192);
	struct rcf_nig g;
	char err[256] = "";
	FILE *f;
	int rc;

	/* a comment past the old 256-byte buffer was read as a second arc */
	memset(big, ' ', 8192);
	memcpy(big, "0 1 3 #", 7);
	memcpy(big + 400, "1 2 9\n2 3\n", 10);
	f = text(big, 410);
	rc = rcf_nig_read(f, "n.nig", &g, err, sizeof(err));
	fclose(f);
	tap_ok(!rc && g.n == 2 && g.a[0].src == 0 && g.a[0].flow == 3 &&
		       g.a[1].src == 2 && g.a[1].dst == 3,
	       "nig: a line of 400 bytes is one line");
	rcf_nig_free(&g);
	free(big);
	tap_ok(nig_refused("0 1\n4294967296 1\n", 17, "n.nig:2: ", "SRC"),
	       "nig: source 2^32 refused (it wrapped to node 0)");
	tap_ok(nig_refused("4096 1\n", 7, "n.nig:1: ", "0 to 4095"),
	       "nig: node 4096 is past the kernel's limit");
	tap_ok(nig_refused("0 -1 3\n", 7, "n.nig:1: ", "DST"),
	       "nig: a negative node refused");
	tap_ok(nig_refused("0 1 3x\n", 7, "n.nig:1: ", "FLOW"),
	       "nig: trailing junk refused");
	tap_ok(nig_refused(nul, sizeof(nul) - 1, "n.nig:2: ", "NUL"),
	       "nig: a NUL byte refused");
	/* 4096 * 2^20 = 2^32: the 32-bit sum wrapped to 0, dropping the arc */
	big = malloc(4096 * 16);
	for (int i = 0; i < 4096; i++)
		memcpy(big + 16 * i, "5 6 1048576    \n", 16);
	tap_ok(nig_refused(big, 4096 * 16,
			   "n.nig:2: ", "add up to 2097152, over 1048576"),
	       "nig: flows summed past 2^20 refused on the line that does it");
	free(big);
	f = text("1 2 524288\n3 4\n1 2 524288\n", 26);
	rc = rcf_nig_read(f, "n.nig", &g, err, sizeof(err));
	fclose(f);
	tap_ok(!rc && g.n == 2 && g.a[0].flow == 1u << 20,
	       "nig: flows adding up to exactly 2^20 are read");
	rcf_nig_free(&g);
}

static void test_trace(void)
{
	static const char nul[] = "0 1 2 3\n\0\n";
	struct rcf_trace_limits lim = {.max_bytes = 65535};
	struct rcf_traffic_req r;
	struct rcf_trace_msg *m;
	char *big = malloc(1024), err[256] = "";
	size_t n;
	FILE *f;
	int rc;

	memset(big, ' ', 1024);
	memcpy(big, "5 0 1 8 # a long comment", 24);
	memcpy(big + 300, "2 0 1 8\n", 8);
	f = text(big, 308);
	rc = rcf_trace_read(f, "t.trace", &lim, &m, &n, err, sizeof(err));
	fclose(f);
	tap_ok(!rc && n == 1 && m[0].cycle == 5 && m[0].bytes == 8,
	       "trace: a line of 300 bytes is one message");
	free(m);
	free(big);
	tap_ok(trace_refused("0 4294967296 1 8\n", 17, "t.trace:1: ", "SRC"),
	       "trace: source 2^32 refused (it wrapped to node 0)");
	tap_ok(trace_refused("0 0 4096 8\n", 11, "t.trace:1: ", "0 to 4095"),
	       "trace: node 4096 is past the kernel's limit");
	tap_ok(trace_refused("\n-5 0 1 8\n", 10, "t.trace:2: ", "cycle"),
	       "trace: cycle -5 refused (it was 2^64 - 5)");
	tap_ok(trace_refused("18446744073709551616 0 1 8\n", 27,
			     "t.trace:1: ", "out of range"),
	       "trace: cycle 2^64 refused");
	tap_ok(trace_refused("1 0 1 8 9\n", 10, "t.trace:1: ", "more words"),
	       "trace: trailing junk refused");
	tap_ok(trace_refused("1 0 1 0\n", 8, "t.trace:1: ", "BYTES"),
	       "trace: 0 bytes refused");
	tap_ok(trace_refused("9 0 1 8\n3 0 1 8\n", 16,
			     "t.trace:2: ", "ascending"),
	       "trace: cycles going back refused");
	tap_ok(trace_refused(nul, sizeof(nul) - 1, "t.trace:2: ", "NUL"),
	       "trace: a NUL byte refused");
	memset(&r, 0, sizeof(r));
	f = text("0 3 3 8\n", 8);
	rc = rcf_traffic_read_trace(f, "t.trace", &r, err, sizeof(err));
	fclose(f);
	tap_ok(rc == -1 && !r.nmsgs && says(err, "t.trace:1: ", "itself"),
	       "trace: rcfctl refuses a node sending to itself");
	rcf_traffic_req_free(&r);
}

static int conf_refused(const char *text, const char *why)
{
	struct rcfd_config c;
	char err[256] = "";
	int rc;

	rcfd_config_defaults(&c);
	rc = rcfd_config_parse("rcfd.conf", text, strlen(text), &c, err,
			       sizeof(err));
	return rc == -1 && says(err, "rcfd.conf:2: ", why) &&
	       c.reconf.threshold1 == 10;
}

static void test_conf(void)
{
	tap_ok(conf_refused("[reconfig]\nthreshold1 = 99999999999999999999\n",
			    "out of range"),
	       "rcfd.conf: threshold1 past 2^64 refused, not clamped");
	tap_ok(conf_refused("[reconfig]\nthreshold2 = 4294967296\n",
			    "threshold2"),
	       "rcfd.conf: threshold2 past 2^32 refused");
	tap_ok(conf_refused("[routing]\ndebounce_ms = 99999999999999999999\n",
			    "debounce_ms"),
	       "rcfd.conf: debounce_ms past 2^64 refused");
	tap_ok(conf_refused("[routing]\ndebounce_ms = +5\n", "debounce_ms"),
	       "rcfd.conf: a signed number refused");
	tap_ok(conf_refused("[paths]\ntimeout_ms = 18446744073709551617\n",
			    "timeout_ms"),
	       "rcfd.conf: timeout_ms past 2^64 refused");
}

static int args_refused(const char *line)
{
	struct rcf_traffic_req r;
	char buf[256], *w[16], err[256] = "";
	int n, rc;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_lines_words(buf, w, 16);
	rc = rcf_traffic_parse_args(n, w, &r, err, sizeof(err));
	rcf_traffic_req_free(&r);
	if (rc != -1)
		printf("# '%s' was taken\n", line);
	return rc == -1;
}

static void test_args(void)
{
	tap_ok(args_refused("uniform seed 18446744073709551616") &&
		       args_refused("uniform cycles -5") &&
		       args_refused("uniform rate 010x") &&
		       args_refused("hotspot hotspot 4096"),
	       "traffic args: overflow, signs, junk, node ids refused");
	tap_ok(args_refused("uniform size 64:1,,8:1") &&
		       args_refused("uniform size 64:1,") &&
		       args_refused("uniform size ,64:1"),
	       "traffic args: an empty size table entry refused");
}

int main(void)
{
	tap_plan(5 + 8 + 10 + 5 + 2);
	test_num();
	test_nig();
	test_trace();
	test_conf();
	test_args();
	return tap_done();
}
