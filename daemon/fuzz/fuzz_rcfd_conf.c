// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd.conf (rcfd_config_parse): any bytes are taken or refused with
 * "FILE:LINE: reason" (or "FILE: reason" for what spans lines); a refusal
 * leaves the configuration as it was, and one taken stays within the
 * limits rcfd.conf(5) gives.
 */
#include "fuzz_file.h"
#include "rcfd/rcfd.h"
#include "rcfd/paths.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcfd_config c, before;
	char err[512] = "";
	int rc;

	rcfd_config_defaults(&c);
	before = c;
	rc = rcfd_config_parse(FZ_NAME, (const char *)data, size, &c, err,
			       sizeof(err));
	if (rc) {
		fz_check_err(err);
		FZ_ASSERT(!memcmp(&c, &before, sizeof(c)),
			  "a refused config changed the settings");
		return 0;
	}
	FZ_ASSERT(c.debounce_ms <= RCFD_MAX_DEBOUNCE_MS, "debounce %u",
		  c.debounce_ms);
	FZ_ASSERT(c.reconf.threshold2 >= 1, "threshold2 0");
	FZ_ASSERT(c.paths.timeout_ms >= 1 &&
			  c.paths.timeout_ms <= RCF_PATH_MAX_TIMEOUT_MS,
		  "timeout %u", c.paths.timeout_ms);
	FZ_ASSERT(c.paths.tick_us <= RCFD_PATHS_MAX_TICK_US, "tick %u",
		  c.paths.tick_us);
	FZ_ASSERT(c.socket[0] == '/' && c.pidfile[0] == '/',
		  "a relative path was taken");
	FZ_ASSERT(!(c.manage && c.paths.manage), "both managers on");
	return 0;
}
