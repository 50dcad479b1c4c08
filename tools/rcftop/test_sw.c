// SPDX-License-Identifier: GPL-2.0
/*
 * The switches' part of rcftop without BPF: interval peaks from a queue
 * record, histories carried from reading to reading, the sparkline, and
 * what the screen and the JSON line make of made-up readings.
 */
#include <stdlib.h>
#include <string.h>

#include "../../daemon/tests/tap.h"
#include "out.h"
#include "out_sw.h"
#include "test_text.h"

static void interval_peaks(void)
{
	/* interval 4 read: events in 4 only, or in 4 and then in 5 */
	struct rcftop_cq_val in4 = {.gen = 4, .used = 64, .ipeak = {512, 9}};
	struct rcftop_cq_val on5 = {.gen = 5,
				    .pgen = 4,
				    .base = 64,
				    .used = 128,
				    .ipeak = {512, 128}};
	/* none in 4: as 5's first event found it, or as it still is */
	struct rcftop_cq_val quiet5 = {.gen = 5,
				       .pgen = 2,
				       .base = 256,
				       .used = 0,
				       .ipeak = {999, 256}};
	struct rcftop_cq_val quiet = {
		.gen = 2, .used = 320, .ipeak = {999, 999}};

	tap_ok(cq_interval_peak(&in4, 4) == 512 &&
		       cq_interval_peak(&on5, 4) == 512 &&
		       cq_interval_peak(&quiet5, 4) == 256 &&
		       cq_interval_peak(&quiet, 4) == 320,
	       "interval peak: its slot, or the level held all through");
}

static void history(void)
{
	struct top_sw a[2] = {{.id = 3, .ipeak = 7}, {.id = 5, .ipeak = 1}};
	struct top_sw b[1] = {{.id = 3}};
	struct top_snap prev = {.sw = a, .nsw = 2}, cur = {.sw = b, .nsw = 1};
	int ok = 1;

	snap_history(&prev, &(struct top_snap){0});
	ok &= a[0].nhist == 1 && a[0].hist[0] == 7;
	/* TOP_HIST + 3 readings: the last TOP_HIST, oldest first */
	for (uint32_t i = 0; i < TOP_HIST + 2; i++) {
		b[0].ipeak = 100 + i;
		snap_history(&cur, &prev);
		a[0] = b[0];
		prev.nsw = 1;
	}
	ok &= b[0].nhist == TOP_HIST && b[0].hist[0] == 100 + 2 &&
	      b[0].hist[TOP_HIST - 1] == 100 + TOP_HIST + 1;
	tap_ok(ok, "history: each reading's peak, the last TOP_HIST kept");
}

static void spark(void)
{
	uint32_t h[5] = {0, 1, 512, 1024, 300};
	char buf[6];

	sparkline(h, 5, 1024, buf);
	tap_ok(!strcmp(buf, " .=@-"), "sparkline: scaled to the top given");
	sparkline(h, 5, 2048, buf);
	tap_ok(!strcmp(buf, " .:=:"), "sparkline: half the size, half up");
	sparkline(h, 5, 0, buf);
	tap_ok(!strcmp(buf, " .=@-"), "sparkline: no size, to the highest");
}

/* switch 2: a queue and two outputs; switch 9: a contended output only */
static struct top_snap made_up(struct top_sw *w, struct top_out *o)
{
	memset(w, 0, 2 * sizeof(*w));
	memset(o, 0, 3 * sizeof(*o));
	w[0].id = 2;
	w[0].v = (struct rcftop_cq_val){.used = 64, .peak = 2048, .cap = 4096};
	w[0].ipeak = 512;
	w[0].nhist = 2;
	w[0].hist[0] = 1024;
	w[0].hist[1] = 512;
	w[1].id = 9;
	o[0].k = (struct rcftop_out_key){.sw = 2, .link = 4, .dir = 1};
	o[0].v = (struct rcftop_out_val){
		.blocked = 3, .contended = 40, .max_waiting = 2};
	o[1].k = (struct rcftop_out_key){.sw = 2, .link = 6, .vc = 1};
	o[1].v = (struct rcftop_out_val){
		.blocked = 5, .contended = 90, .waiting = 1, .max_waiting = 3};
	o[2].k = (struct rcftop_out_key){.sw = 9, .link = 11};
	o[2].v = (struct rcftop_out_val){
		.blocked = 1, .contended = 7, .max_waiting = 1};
	return (struct top_snap){.sw = w, .out = o, .nsw = 2, .nout = 3};
}

static void json(void)
{
	struct top_sw w[2];
	struct top_out o[3];
	struct top_snap s = made_up(w, o);
	struct ev_log l = {0};
	FILE *f = tmpfile();
	char *t;

	out_json(f, &s, &l, 1.0);
	t = text_of(f);
	if (!tap_ok(t &&
			    strstr(t,
				   "\"switches\":[{\"switch\":2,\"cq-cur\":64,"
				   "\"cq-peak\":2048,\"cq-interval-peak\":512,"
				   "\"cq-size\":4096,\"cq-history\":[1024,512],"
				   "\"blocked\":8,\"outputs\":[{\"link\":4,"
				   "\"dir\":1,\"vc\":0,\"blocked\":3,"
				   "\"contended-cycles\":40,\"waiting\":0,"
				   "\"max-waiting\":2},{\"link\":6,") &&
			    strstr(t,
				   "{\"switch\":9,\"cq-cur\":0,\"cq-peak\":0,"
				   "\"cq-interval-peak\":0,\"cq-size\":0,"
				   "\"cq-history\":[],\"blocked\":1,"
				   "\"outputs\":[{\"link\":11,"),
		    "json: each switch's queue, history and outputs") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
}

static void screen(void)
{
	struct top_sw w[2];
	struct top_out o[3];
	struct top_snap s = made_up(w, o), none = {0};
	struct ev_log l = {0};
	FILE *f = tmpfile();
	char *t;

	/*
	 * over 2 s from nothing: 8 heads blocked is 4 a second; the history
	 * scaled to the peak since attaching, not the size
	 */
	out_screen(f, &none, &s, &l, 2000, 2.0, 1);
	t = text_of(f);
	if (!tap_ok(t && strstr(t, "\nSWITCH  ") &&
			    strstr(t, "\n2             64      512     2048"
				      "     4096 =:               ") &&
			    strstr(t, "  8         4 link 6 a>b vc 1") &&
			    strstr(t, "90\n") && !strstr(t, "\n9 "),
		    "screen: queue now, peak, max, history, hottest output") &&
	    t)
		printf("# %s", t);
	free(t);
	fclose(f);
}

int main(void)
{
	tap_plan(7);
	interval_peaks();
	history();
	spark();
	json();
	screen();
	return tap_done();
}
