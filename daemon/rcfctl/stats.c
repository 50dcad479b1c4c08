// SPDX-License-Identifier: GPL-2.0
/* rcfctl stats: the data path's counters, and resetting them. */
#include <stdio.h>

#include "out/json.h"
#include "nl/nl_stats.h"
#include "stats/stats.h"
#include "rcfctl.h"

void help_stats(FILE *f)
{
	fputs("Usage: rcfctl stats [show] [KIND] [FILTER...]\n"
	      "       rcfctl stats pairs matrix [bytes | msgs | pkts]\n"
	      "       rcfctl stats reset\n"
	      "KIND := fabric (default) | channels | switches | nodes | "
	      "pairs\n"
	      "FILTER := link L | vc V        (channels)\n"
	      "          switch S             (switches)\n"
	      "          node N               (nodes)\n"
	      "          src S | dst D        (pairs)\n"
	      "A filter alone picks its kind: rcfctl stats link 3.\n"
	      "matrix prints C_ij: bytes (messages, packets) node i sent to "
	      "node j.\n",
	      f);
}

static int kernel_fail(struct ctl *c, const char *what)
{
	char why[512];

	rcf_nl_error_str(&c->nl.e, why, sizeof(why));
	fprintf(stderr, "rcfctl: %s: %s\n", what, why);
	return RCFCTL_ERR;
}

int cmd_stats(struct ctl *c, int argc, char **argv)
{
	struct rcf_stats_query q;
	struct rcf_stats s;
	char err[256];
	int rc = rcf_stats_parse_args(argc, argv, &q, err, sizeof(err));

	if (rc > 0) {
		help_stats(stdout);
		return RCFCTL_OK;
	}
	if (rc < 0)
		return usage_error("%s", err);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	if (q.reset)
		return rcf_nl_stats_reset(&c->nl)
			       ? kernel_fail(c, "stats reset")
			       : RCFCTL_OK;
	rcf_stats_init(&s);
	if (rcf_nl_stats_get(&c->nl, q.kind, &s)) {
		rcf_stats_free(&s);
		return kernel_fail(c, "stats");
	}
	rcf_stats_filter(&s, &q);
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_stats_json(&j, &s, &q);
	} else {
		rcf_stats_print(stdout, &s, &q);
	}
	rcf_stats_free(&s);
	return RCFCTL_OK;
}
