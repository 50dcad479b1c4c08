// SPDX-License-Identifier: GPL-2.0
/*
 * rcftop's userspace parts without a kernel: the options, the latency
 * percentiles, and what the JSON line and the NIG say for a reading made
 * up here (tools/rcftop: make check).
 */
#include <stdlib.h>
#include <string.h>

#include "../../daemon/tests/tap.h"
#include "out.h"
#include "opts.h"
#include "test_text.h"
#include "snap.h"

static int parse(const char *line, struct rcftop_opts *o, char *err, size_t n)
{
	char buf[256], *argv[16];
	int argc = 0;

	snprintf(buf, sizeof(buf), "rcftop %s", line);
	for (char *t = strtok(buf, " "); t && argc < 15; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	return rcftop_parse(argc, argv, o, err, n);
}

static void options(void)
{
	static const char *const bad[][2] = {
		{"-i 0", "bad value '0' for --interval"},
		{"-i 0.05", "bad value '0.05' for --interval"},
		{"--interval=1x", "bad value '1x' for --interval"},
		{"-d -1", "bad value '-1' for --duration"},
		{"-n 1001", "bad value '1001' for --rows"},
		{"--nig-unit pkts", "bad value 'pkts' for --nig-unit"},
		{"--nig", "option --nig needs a value"},
		{"-x", "unknown option -x"},
		{"-j stray", "unexpected argument 'stray'"},
	};
	struct rcftop_opts o;
	char err[128];
	int good = 1;

	tap_ok(!parse("", &o, err, sizeof(err)) && o.interval_ms == 1000 &&
		       o.rows == 10 && !o.json && !o.once,
	       "options: defaults");
	tap_ok(!parse("-i 0.25 -j --once -d 2.5 --until /s --nig /g "
		      "--nig-unit msgs -n 3",
		      &o, err, sizeof(err)) &&
		       o.interval_ms == 250 && o.json && o.once &&
		       o.duration_ms == 2500 && !strcmp(o.until, "/s") &&
		       !strcmp(o.nig, "/g") && o.nig_msgs && o.rows == 3,
	       "options: every one read");
	tap_ok(parse("--help", &o, err, sizeof(err)) == 1, "options: --help");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (parse(bad[i][0], &o, err, sizeof(err)) != -1 ||
		    strcmp(err, bad[i][1])) {
			printf("# '%s': got '%s'\n", bad[i][0], err);
			good = 0;
		}
	}
	tap_ok(good, "options: each refusal names the option and value");
}

static void quantiles(void)
{
	uint64_t h[RCFTOP_LAT_BUCKETS] = {0};

	tap_ok(hist_quantile(h, 0.5) == -1, "quantile: none of nothing");
	h[3] = 50; /* 8..15 */
	h[5] = 40; /* 32..63 */
	h[10] = 10;
	tap_ok(hist_quantile(h, 0.5) == 3 && hist_quantile(h, 0.51) == 5 &&
		       hist_quantile(h, 0.9) == 5 &&
		       hist_quantile(h, 0.91) == 10 &&
		       hist_quantile(h, 1.0) == 10 && hist_total(h) == 100,
	       "quantile: the bucket that reaches the fraction");
}

static struct top_snap made_up(struct top_chan *c, struct top_pair *p)
{
	struct top_snap s = {.chan = c, .pair = p, .nchan = 2, .npair = 3};

	memset(c, 0, 2 * sizeof(*c));
	memset(p, 0, 3 * sizeof(*p));
	c[0].k = (struct rcftop_chan_key){.link = 1, .dir = 0, .vc = 0};
	c[0].v = (struct rcftop_chan_val){.bytes = 700, .packets = 7};
	c[1].k = (struct rcftop_chan_key){.link = 1, .dir = 1, .vc = 2};
	c[1].v = (struct rcftop_chan_val){
		.bytes = 9, .packets = 1, .waits = 2, .wait_cycles = 37};
	p[0].k = (struct rcftop_pair_key){0, 1};
	p[0].v.pkts = 4;
	p[0].v.bytes = 200000;
	p[0].v.msgs_sent = p[0].v.msgs_recv = 2;
	p[0].hist[RCFTOP_LAT_PKT][4] = 4;
	p[1].k = (struct rcftop_pair_key){1, 0};
	p[1].v.pkts = 1;
	p[1].v.bytes = 10;
	p[1].hist[RCFTOP_LAT_PKT][4] = 1;
	p[2].k = (struct rcftop_pair_key){2, 2}; /* to itself: no arc */
	p[2].v.pkts = 1;
	p[2].v.bytes = 5;
	p[2].hist[RCFTOP_LAT_PKT][0] = 1;
	s.drops[3] = 2;
	return s;
}

static void json_line(void)
{
	struct top_chan c[2];
	struct top_pair p[3];
	struct top_snap s = made_up(c, p);
	struct ev_log l = {0};
	struct rcftop_event e = {.type = RCFTOP_EV_EPOCH, .what = 1, .when = 9};
	FILE *f = tmpfile();
	char *t;

	int ok;

	ev_add(&l, &e, sizeof(e));
	out_json(f, &s, &l, 1.5);
	t = text_of(f);
	ok = t &&
	     strstr(t, "{\"link\":1,\"dir\":1,\"vc\":2,\"bytes\":9,"
		       "\"packets\":1,\"waits\":2,\"wait-cycles\":37}") &&
	     strstr(t, "\"src\":0,\"dst\":1,\"pkts\":4,\"bytes\":"
		       "200000,\"msgs-sent\":2") &&
	     strstr(t, "\"pkt-latency\":{\"p50\":31,\"p90\":31,"
		       "\"p99\":31}") &&
	     strstr(t, "\"drops\":{\"no-link\":2}") &&
	     strstr(t, "\"latency\":{\"count\":6,\"hist\":[{\"lo\":1,"
		       "\"hi\":1,\"count\":1},{\"lo\":16,\"hi\":31,"
		       "\"count\":5}]}") &&
	     strstr(t, "\"type\":\"epoch\",\"number\":9,\"mode\":1") &&
	     t[strlen(t) - 1] == '\n' && !strchr(t, '\n')[1];
	if (!tap_ok(ok, "json: totals, percentiles, drops, histogram, "
			"events, one line") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
	ev_free(&l);
}

static void nig(void)
{
	struct top_chan c[2];
	struct top_pair p[3];
	struct top_snap s = made_up(c, p);
	FILE *f = tmpfile();
	char *t = NULL;

	/* 200000 bytes is over 65536: flows divided by 4, rounded */
	if (!tap_ok(!out_nig(f, &s, 0) && (t = text_of(f)) &&
			    strstr(t, "\n0 1 50000\n1 0 3\n") &&
			    !strstr(t, "2 2"),
		    "nig: scaled as --measured, no arc to itself") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
}

static void screen(void)
{
	struct top_chan c[2];
	struct top_pair p[3];
	struct top_snap s = made_up(c, p), none = {0};
	struct ev_log l = {0};
	struct rcftop_event e = {.type = RCFTOP_EV_PATH, .what = 1, .when = 5};
	FILE *f = tmpfile();
	char *t;

	ev_add(&l, &e, sizeof(e));
	/* over 2 s from nothing: rates are half the totals */
	out_screen(f, &none, &s, &l, 2000, 2.0, 1);
	t = text_of(f);
	if (!tap_ok(t && strstr(t, "link 1 a>b vc 0") &&
			    !strstr(t, "link 1 b>a vc 2") &&
			    strstr(t, "0 -> 1") && strstr(t, "100000") &&
			    strstr(t, "no-link 2") &&
			    strstr(t, "path recall id 0"),
		    "screen: busiest first, rows limited, drops, events") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
	/* the second row: the channel that waited, its waits and cycles */
	f = tmpfile();
	out_screen(f, &none, &s, &l, 2000, 2.0, 2);
	t = text_of(f);
	if (!tap_ok(t && strstr(t, "WAITS") && strstr(t, "WAIT CYC") &&
			    strstr(t, "link 1 b>a vc 2") &&
			    strstr(t, "        2           37\n"),
		    "screen: a channel's waits and cycles waited") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
	ev_free(&l);
}

int main(void)
{
	tap_plan(10);
	options();
	quantiles();
	json_line();
	screen();
	nig();
	return tap_done();
}
