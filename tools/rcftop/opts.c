// SPDX-License-Identifier: GPL-2.0
/* rcftop's options: strict numbers, a reason for every refusal. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"

void rcftop_usage(FILE *f)
{
	fputs("Usage: rcftop [OPTIONS]\n"
	      "Live traffic of rcf.ko's fabric from its tracepoints: busiest\n"
	      "channels, node pairs with latency percentiles, drops, path and\n"
	      "epoch events.  Needs root (CAP_BPF and CAP_PERFMON) and "
	      "rcf.ko.\n"
	      "  -i, --interval S    refresh every S seconds (default 1; 0.1 "
	      "to 3600)\n"
	      "  -j, --json          a JSON line per interval instead of the "
	      "screen\n"
	      "      --once          collect, then print once and exit\n"
	      "  -d, --duration S    stop after S seconds (0.1 to 86400)\n"
	      "      --until FILE    stop once FILE exists\n"
	      "      --nig FILE      at the end, write the measured node "
	      "interaction\n"
	      "                      graph (the format of rcfctl route compute "
	      "--nig)\n"
	      "      --nig-unit U    weigh it by bytes (default) or msgs\n"
	      "  -n, --rows N        rows per table on the screen (default "
	      "10)\n"
	      "  -h, --help          this text\n"
	      "Totals count from the moment rcftop attached.  SIGINT or "
	      "SIGTERM\n"
	      "end it like --duration does.  See rcftop(8).\n",
	      f);
}

/* seconds with at most 3 decimals, in [lo, hi] ms */
static int seconds(const char *s, unsigned lo, unsigned hi, unsigned *ms)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v * 1000 >= lo) || !(v * 1000 <= hi))
		return -1;
	*ms = (unsigned)(v * 1000 + 0.5);
	return 0;
}

static int count(const char *s, unsigned lo, unsigned hi, unsigned *n)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return -1;
	*n = (unsigned)v;
	return 0;
}

enum { OPT_ONCE = 256, OPT_UNTIL, OPT_NIG, OPT_NIG_UNIT };

static const struct option longs[] = {
	{"interval", required_argument, NULL, 'i'},
	{"json", no_argument, NULL, 'j'},
	{"once", no_argument, NULL, OPT_ONCE},
	{"duration", required_argument, NULL, 'd'},
	{"until", required_argument, NULL, OPT_UNTIL},
	{"nig", required_argument, NULL, OPT_NIG},
	{"nig-unit", required_argument, NULL, OPT_NIG_UNIT},
	{"rows", required_argument, NULL, 'n'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

/* the option c by its long name, whichever way it was written */
static const char *name_of(int c)
{
	for (const struct option *l = longs; l->name; l++)
		if (l->val == c)
			return l->name;
	return "?";
}

int rcftop_parse(int argc, char **argv, struct rcftop_opts *o, char *err,
		 size_t errlen)
{
	int c, last = 0;

	memset(o, 0, sizeof(*o));
	o->interval_ms = 1000;
	o->rows = 10;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":i:jd:n:h", longs, NULL)) != -1) {
		last = c;
		switch (c) {
		case 'i':
			if (seconds(optarg, 100, 3600000, &o->interval_ms))
				goto bad;
			break;
		case 'j':
			o->json = 1;
			break;
		case OPT_ONCE:
			o->once = 1;
			break;
		case 'd':
			if (seconds(optarg, 100, 86400000, &o->duration_ms))
				goto bad;
			break;
		case OPT_UNTIL:
			o->until = optarg;
			break;
		case OPT_NIG:
			o->nig = optarg;
			break;
		case OPT_NIG_UNIT:
			if (!strcmp(optarg, "bytes"))
				o->nig_msgs = 0;
			else if (!strcmp(optarg, "msgs"))
				o->nig_msgs = 1;
			else
				goto bad;
			break;
		case 'n':
			if (count(optarg, 1, 1000, &o->rows))
				goto bad;
			break;
		case 'h':
			return 1;
		case ':':
			snprintf(err, errlen, "option --%s needs a value",
				 name_of(optopt));
			return -1;
		default:
			snprintf(err, errlen, "unknown option %s",
				 argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
		return -1;
	}
	return 0;
bad:
	snprintf(err, errlen, "bad value '%s' for --%s", optarg, name_of(last));
	return -1;
}
