// SPDX-License-Identifier: GPL-2.0
/* rcfctl traffic: the kernel's traffic generator (Documentation/rcfctl.8). */
#include <errno.h>
#include <string.h>

#include "out/json.h"
#include "traffic/traffic_req.h"
#include "rcfctl.h"

static int fail(struct rcf_nl *nl, const char *what)
{
	char why[512];

	rcf_nl_error_str(&nl->e, why, sizeof(why));
	fprintf(stderr, "rcfctl: traffic %s: %s\n", what, why);
	return RCFCTL_ERR;
}

static int show(struct ctl *c, const struct rcf_traffic_res *r)
{
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_traffic_json(&j, r);
	} else {
		rcf_traffic_print(stdout, r);
	}
	/* a run that did not deliver everything is a failure to wait for */
	return r->running || r->complete ? RCFCTL_OK : RCFCTL_ERR;
}

static int wait_done(struct ctl *c)
{
	struct rcf_traffic_res r;
	char err[512];

	if (rcf_nl_traffic_run(&c->nl, NULL, &r, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: traffic wait: %s\n", err);
		return RCFCTL_ERR;
	}
	return show(c, &r);
}

int cmd_traffic(struct ctl *c, int argc, char **argv)
{
	struct rcf_traffic_req req;
	struct rcf_traffic_res r;
	const char *verb = argc ? argv[0] : "show";
	char err[512];
	int rc;

	if (!strcmp(verb, "help")) {
		help_traffic(stdout);
		return RCFCTL_OK;
	}
	if (!strcmp(verb, "start")) {
		if (rcf_traffic_parse_args(argc - 1, argv + 1, &req, err,
					   sizeof(err)))
			return usage_error("%s", err);
		if (ctl_connect(c)) {
			rcf_traffic_req_free(&req);
			return RCFCTL_ERR;
		}
		rc = rcf_nl_traffic_start(&c->nl, &req) ? fail(&c->nl, "start")
							: RCFCTL_OK;
		rcf_traffic_req_free(&req);
		return rc;
	}
	if (argc > 1 && !strcmp(argv[argc - 1], "-j")) {
		c->json = 1;
		argc--;
	}
	if (argc > 1)
		return usage_error("traffic %s: \"%s\" is extra", verb,
				   argv[1]);
	if (strcmp(verb, "stop") && strcmp(verb, "show") &&
	    strcmp(verb, "wait"))
		return usage_error(
			"traffic: unknown command \"%s\"; try rcfctl "
			"traffic help",
			verb);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	if (!strcmp(verb, "stop"))
		return rcf_nl_traffic_stop(&c->nl) ? fail(&c->nl, "stop")
						   : RCFCTL_OK;
	if (!strcmp(verb, "wait"))
		return wait_done(c);
	if (rcf_nl_traffic_get(&c->nl, &r))
		return fail(&c->nl, "show");
	show(c, &r);
	return RCFCTL_OK;
}
