// SPDX-License-Identifier: GPL-2.0
/*
 * The drop reasons' one list of names (uapi/linux/rcf_drop.h) spells
 * each reason as the netlink spec does: its constant is RCF_DROP_ and
 * the name upper-cased, '-' as '_' (the spec's mangling, which
 * scripts/spec-check holds the enum to).  So what rcfctl, rcftop and the
 * trace print is what a YNL client decodes.  That the list names every
 * reason once is checked where it is compiled (lib/stats/stats.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <linux/rcf_drop.h>

#include "stats/stats.h"
#include "tap.h"

/* the list in its order: each reason, its constant's name, its name */
#define DROP_REASON(r, name)   r
#define DROP_CONSTANT(r, name) #r
#define DROP_NAME(r, name)     name
static const int reasons[] = {
	RCF_DROP_REASONS(DROP_REASON, RCF_DROP_COMMA),
};
static const char *const constants[] = {
	RCF_DROP_REASONS(DROP_CONSTANT, RCF_DROP_COMMA),
};
static const char *const names[] = {
	RCF_DROP_REASONS(DROP_NAME, RCF_DROP_COMMA),
};

/*
 * RCF_DROP_ and name upper-cased, '-' as '_'; a character a spec name
 * does not have ('_', upper case) spoils it.
 */
static void mangle(const char *name, char *out, size_t len)
{
	size_t n = (size_t)snprintf(out, len, "RCF_DROP_");

	for (; *name && n + 1 < len; name++) {
		unsigned char c = *name;

		if (c == '-')
			out[n++] = '_';
		else if (islower(c) || isdigit(c))
			out[n++] = toupper(c);
		else
			out[n++] = '?';
	}
	out[n] = 0;
}

int main(void)
{
	size_t n = sizeof(reasons) / sizeof(reasons[0]);
	int spelled = 1, ordered = 1, used = 1;
	char want[64];

	tap_plan(4);
	for (size_t i = 0; i < n; i++) {
		mangle(names[i], want, sizeof(want));
		if (strcmp(want, constants[i])) {
			printf("# %s named '%s'\n", constants[i], names[i]);
			spelled = 0;
		}
		if (reasons[i] != (int)i) {
			printf("# %s out of enum order\n", constants[i]);
			ordered = 0;
		}
		if (!rcf_drop_name(reasons[i]) ||
		    strcmp(rcf_drop_name(reasons[i]), names[i]))
			used = 0;
	}
	printf("# %zu drop reasons\n", n);
	tap_ok(n == __RCF_DROP_MAX, "the list has every reason");
	tap_ok(spelled, "every name is the spec's spelling of its constant");
	tap_ok(ordered, "the list is in enum order");
	tap_ok(used && !rcf_drop_name(RCF_DROP_MAX + 1) &&
		       rcf_drop_lookup("no-route") == RCF_DROP_NO_ROUTE,
	       "rcfctl names and looks up reasons by the list");
	return tap_done();
}
