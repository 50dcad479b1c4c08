// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl epoch show, and the --epoch-mode / --epoch-timeout options that
 * every change takes (Documentation/epoch.rst).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "out/json.h"
#include "util/num.h"
#include "rcfctl.h"

int parse_epoch_opt(struct ctl *c, const char *opt, const char *val)
{
	uint32_t ms;

	if (strstr(opt, "mode")) {
		if (rcf_epoch_mode_parse(val, &c->epoch.mode))
			return usage_error("%s: \"%s\" is not auto, drain or "
					   "freeze",
					   opt, val);
		c->epoch.has_mode = 1;
		return 0;
	}
	if (rcf_num_u32(val, 1, RCF_EPOCH_MAX_TIMEOUT_MS, &ms))
		return usage_error("%s: \"%s\" is not a number of "
				   "milliseconds in 1..%d",
				   opt, val, RCF_EPOCH_MAX_TIMEOUT_MS);
	c->epoch.timeout_ms = ms;
	return 0;
}

void help_epoch(FILE *f)
{
	fputs("Usage: rcfctl [-j] epoch show\n"
	      "Shows the last epoch the fabric tried: its number, mode,\n"
	      "outcome, the time of each phase (suspend, drain, apply,\n"
	      "resume) in microseconds, bytes in flight at suspension, the\n"
	      "engine cycles the drain took, messages held, and the numbers\n"
	      "of epochs applied and rolled back since rcf.ko was loaded.\n"
	      "Every change is an epoch; these options, before OBJECT, set\n"
	      "how (also for -batch, topo apply/load, route compute "
	      "--install):\n"
	      "  --epoch-mode auto|drain|freeze   (default auto: freeze when\n"
	      "      provably safe, else drain; freeze is refused when the\n"
	      "      change could strand a packet)\n"
	      "  --epoch-timeout MS   drain bound, 1..60000 (default 2000);\n"
	      "      a drain that takes longer rolls the change back\n",
	      f);
}

int cmd_epoch(struct ctl *c, int argc, char **argv)
{
	struct rcf_epoch_info e;
	struct rcf_json j;
	int rc;

	if (argc && !strncmp(argv[0], "help", strlen(argv[0]))) {
		help_epoch(stdout);
		return RCFCTL_OK;
	}
	if (argc && strncmp(argv[0], "show", strlen(argv[0])) &&
	    strncmp(argv[0], "list", strlen(argv[0])))
		return usage_error("epoch: unknown command \"%s\"; try rcfctl "
				   "epoch help",
				   argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "-j") || !strcmp(argv[1], "--json")))
		c->json = 1;
	else if (argc > 1)
		return usage_error("epoch show: \"%s\" is extra", argv[1]);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	rc = rcf_nl_epoch_get(&c->nl, &e);
	if (rc == -ENOENT && !c->nl.e.err) {
		fprintf(stderr, "rcfctl: epoch show: no epoch record in the "
				"reply (none tried yet?)\n");
		return RCFCTL_ERR;
	}
	if (rc) {
		char why[512];

		rcf_nl_error_str(&c->nl.e, why, sizeof(why));
		fprintf(stderr, "rcfctl: epoch show: %s\n", why);
		return RCFCTL_ERR;
	}
	if (!c->json) {
		rcf_epoch_print(stdout, &e);
		return RCFCTL_OK;
	}
	rcf_json_init(&j, stdout, c->pretty);
	rcf_json_obj_open(&j, NULL);
	rcf_epoch_json(&j, &e);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
	return RCFCTL_OK;
}
