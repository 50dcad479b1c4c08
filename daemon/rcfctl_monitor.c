// SPDX-License-Identifier: GPL-2.0
/* rcfctl monitor: one line (or JSON object) per fabric event. */
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"
#include "lib/json.h"
#include "rcfctl.h"

static const char *const verbs[] = {
	[RCF_V_GET] = "get",
	[RCF_V_NEW] = "add",
	[RCF_V_DEL] = "del",
	[RCF_V_SET] = "set",
};

static int print_event(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct ctl *c = arg;
	enum rcf_kind kind;
	enum rcf_verb verb;

	rcf_cmd_split(cmd, &kind, &verb);
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_print_json(&j, NULL, verbs[verb], o);
		rcf_json_end(&j);
	} else {
		rcf_print_show(stdout, verbs[verb], o);
	}
	/* a reader on a pipe sees each event as it happens */
	return fflush(stdout) ? -1 : 0;
}

int cmd_monitor(struct ctl *c, int argc, char **argv)
{
	char err[256];

	if (argc && (!strncmp(argv[0], "help", strlen(argv[0])) ||
		     !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
		help_monitor(stdout);
		return RCFCTL_OK;
	}
	if (argc)
		return usage_error("monitor takes no arguments; try rcfctl "
				   "monitor help");
	if (ctl_connect(c))
		return RCFCTL_ERR;
	if (rcf_nl_monitor(&c->nl, print_event, c, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: monitor: %s\n", err);
		return RCFCTL_ERR;
	}
	return RCFCTL_OK;
}
