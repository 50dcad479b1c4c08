// SPDX-License-Identifier: GPL-2.0
/*
 * A policy run that link changes ask for waits for the debounce, so a
 * burst of changes (a batch setting several links down) makes one run;
 * the log says every reason that asked.
 */
#include <stdio.h>
#include <string.h>

#include "rcfd.h"
#include "util/mono.h"

void rcfd_debounce(int *pending, double *due, char *trigger, size_t len,
		   int debounce_ms, const char *why)
{
	if (!*pending) {
		*pending = 1;
		*due = rcf_mono_s() + debounce_ms / 1000.0;
		snprintf(trigger, len, "%s", why);
	} else if (!strstr(trigger, why)) {
		size_t at = strlen(trigger);

		snprintf(trigger + at, len - at, ", %s", why);
	}
}
