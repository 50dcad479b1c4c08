/* SPDX-License-Identifier: GPL-2.0 */
/* Shared fixture and checks for the rcf C selftests. */
#ifndef RCF_TEST_H
#define RCF_TEST_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rcf_nl.h"

/*
 * The harness gives each test 30 s, which a test that makes and tears
 * down namespaces outgrows under TCG on a busy machine (rcf_netns's eight
 * rounds did).  A hang is still caught: by this bound and by the VM's
 * per-program limit (selftests/budget).
 */
#undef TEST_TIMEOUT_DEFAULT
#define TEST_TIMEOUT_DEFAULT 300

/* Every test starts from an empty fabric in its own netns's fabric. */
#define RCF_FIXTURE(name)                                          \
	FIXTURE(name)                                              \
	{                                                          \
		struct rcf_nl nl;                                  \
	};                                                         \
	FIXTURE_SETUP(name)                                        \
	{                                                          \
		ASSERT_EQ(0, rcf_nl_open(&self->nl, NULL, 0))      \
		TH_LOG("rcf family not found: is rcf.ko loaded?"); \
		req_fabric_del(&self->nl);                         \
	}                                                          \
	FIXTURE_TEARDOWN(name)                                     \
	{                                                          \
		req_fabric_del(&self->nl);                         \
		rcf_nl_close(&self->nl);                           \
	}

/* Assert a call succeeded, showing the kernel's message when it did not. */
#define RCF_OK(call)                                                 \
	do {                                                         \
		struct rcf_nl_err _e = {0};                          \
		struct rcf_nl_err *err = &_e;                        \
		int _r = (call);                                     \
		ASSERT_EQ(0, _r)                                     \
		TH_LOG("%s: %s (%s)", #call, strerror(-_r), _e.msg); \
	} while (0)

/* For rcf_expect_refusal(): no attribute offset to check. */
#define RCF_NO_OFFS SIZE_MAX

/*
 * r and e, what rcf_xfer() said, are refusal eno with a message and the
 * attribute at offset bad (RCF_NO_OFFS: not checked) blamed.  what names
 * the request in the log, where the kernel's message is shown too.
 */
static inline void rcf_expect_refusal(struct __test_metadata *_metadata, int r,
				      const struct rcf_nl_err *e, int eno,
				      size_t bad, const char *what)
{
	EXPECT_EQ(-eno, r)
	TH_LOG("%s: want %s, got %s: '%s'", what, strerror(eno), strerror(-r),
	       e->msg);
	EXPECT_NE(0, strlen(e->msg))
	TH_LOG("%s: refused without an extack message", what);
	if (bad != RCF_NO_OFFS) {
		EXPECT_TRUE(e->has_offs)
		TH_LOG("%s: no bad attribute offset", what);
		if (e->has_offs)
			EXPECT_EQ(bad, e->offs)
		TH_LOG("%s: blamed offset %u, want %zu", what, e->offs, bad);
	}
	TH_LOG("%s: %s", what, e->msg);
}

/*
 * Send m (consumed) and expect it refused as rcf_expect_refusal() says,
 * with the fabric dump for dump what it was: bad input changes nothing.
 */
static inline void rcf_refused(struct __test_metadata *_metadata,
			       struct rcf_nl *nl, struct rcf_msg *m, int eno,
			       size_t bad, const char *what)
{
	char *before = rcf_snapshot(nl);
	struct rcf_nl_err e = {0};
	char *after;
	int r;

	ASSERT_NE(NULL, before);
	r = rcf_xfer(nl, m, NULL, &e);
	after = rcf_snapshot(nl);
	rcf_expect_refusal(_metadata, r, &e, eno, bad, what);
	ASSERT_NE(NULL, after);
	EXPECT_STREQ(before, after) TH_LOG("%s changed the fabric", what);
	free(before);
	free(after);
}

#endif /* RCF_TEST_H */
