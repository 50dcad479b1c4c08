/* SPDX-License-Identifier: GPL-2.0 */
/* Shared fixture and checks for the rcf C selftests. */
#ifndef RCF_TEST_H
#define RCF_TEST_H

#include <stdlib.h>
#include <string.h>

#include "kselftest_harness.h"
#include "rcf_nl.h"

/* Every test starts from an empty fabric in its own netns's fabric. */
#define RCF_FIXTURE(name)                                          \
	FIXTURE(name)                                              \
	{                                                          \
		struct rcf_nl nl;                                  \
	};                                                         \
	FIXTURE_SETUP(name)                                        \
	{                                                          \
		ASSERT_EQ(0, rcf_nl_open(&self->nl))               \
		TH_LOG("rcf family not found: is rcf.ko loaded?"); \
		rcf_fabric_del(&self->nl);                         \
	}                                                          \
	FIXTURE_TEARDOWN(name)                                     \
	{                                                          \
		rcf_fabric_del(&self->nl);                         \
		rcf_nl_close(&self->nl);                           \
	}

/* Assert a call succeeded, showing the kernel's message when it did not. */
#define RCF_OK(call)                                                 \
	do {                                                         \
		struct rcf_err _e = {0};                             \
		struct rcf_err *err = &_e;                           \
		int _r = (call);                                     \
		ASSERT_EQ(0, _r)                                     \
		TH_LOG("%s: %s (%s)", #call, strerror(-_r), _e.msg); \
	} while (0)

#endif /* RCF_TEST_H */
