// SPDX-License-Identifier: GPL-2.0
/*
 * rcftop: rcf.ko's fabric traffic, live, from its tracepoints
 * (Documentation/observability.rst).  Loads rcftop.bpf.c, attaches it,
 * and reads its maps every interval; every way this can fail ends in a
 * sentence that says what is missing.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "rcftop.h"
#include "rcftop.skel.h"
#include "events.h"
#include "opts.h"
#include "out.h"
#include "snap.h"

#define MAX_LINKS 16

static volatile sig_atomic_t stop_sig;
static char bpf_said[256];

static void on_signal(int sig)
{
	stop_sig = sig;
}

/* libbpf's last complaint, for the error that follows it */
static int keep_bpf_msg(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	char *nl;

	if (level == LIBBPF_DEBUG)
		return 0;
	vsnprintf(bpf_said, sizeof(bpf_said), fmt, ap);
	nl = strchr(bpf_said, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int load_failed(int err)
{
	err = err < 0 ? -err : err;
	if (err == EPERM || err == EACCES)
		fprintf(stderr,
			"rcftop: the kernel refused to load BPF programs (%s): "
			"run as root, or with CAP_BPF and CAP_PERFMON\n",
			strerror(err));
	else if (err == ENOSYS)
		fprintf(stderr, "rcftop: this kernel has no BPF system call\n");
	else
		fprintf(stderr,
			"rcftop: cannot load the BPF programs: %s%s%s\n",
			strerror(err), *bpf_said ? "; libbpf: " : "", bpf_said);
	return 1;
}

/* Attaches each program by itself, so a failure names its tracepoint. */
static int attach(struct rcftop_bpf *skel, struct bpf_link **links, int *n)
{
	struct bpf_program *p;

	*n = 0;
	bpf_object__for_each_program(p, skel->obj)
	{
		struct bpf_link *l;

		if (*n == MAX_LINKS)
			break;
		l = bpf_program__attach(p);
		if (!l) {
			int err = errno;
			const char *tp =
				strchr(bpf_program__section_name(p), '/');

			tp = tp ? tp + 1 : bpf_program__name(p);
			if (err == ENOENT)
				fprintf(stderr,
					"rcftop: rcf.ko has no tracepoint %s: "
					"a module older than rcftop, or it "
					"went away\n",
					tp);
			else
				fprintf(stderr,
					"rcftop: cannot attach to tracepoint "
					"%s: %s\n",
					tp, strerror(err));
			return -1;
		}
		links[(*n)++] = l;
	}
	return 0;
}

static int should_stop(const struct rcftop_opts *o, double t0)
{
	if (stop_sig)
		return 1;
	if (o->duration_ms && (now_s() - t0) * 1000 >= o->duration_ms)
		return 1;
	return o->until && !access(o->until, F_OK);
}

static int write_nig(const struct rcftop_opts *o, const struct top_snap *s)
{
	FILE *f = fopen(o->nig, "w");
	int bad;

	if (!f) {
		fprintf(stderr, "rcftop: %s: %s\n", o->nig, strerror(errno));
		return 1;
	}
	bad = out_nig(f, s, o->nig_msgs);
	bad |= ferror(f);
	if (fclose(f) || bad) {
		fprintf(stderr, "rcftop: %s: cannot write the graph\n", o->nig);
		return 1;
	}
	return 0;
}

/* What one pass over the maps shows: the screen or a JSON line. */
static int show(const struct rcftop_opts *o, struct rcftop_bpf *skel,
		struct top_snap *prev, struct ev_log *l, double since,
		unsigned ms)
{
	struct top_snap cur;

	if (snap_read(skel, &cur)) {
		fprintf(stderr, "rcftop: cannot read the BPF maps: %s\n",
			strerror(errno));
		return 1;
	}
	snap_history(&cur, prev);
	if (o->json)
		out_json(stdout, &cur, l, since);
	else
		out_screen(stdout, prev, &cur, l, ms, since, o->rows);
	ev_taken(l);
	snap_free(prev);
	*prev = cur;
	return 0;
}

static int run(const struct rcftop_opts *o, struct rcftop_bpf *skel)
{
	struct top_snap prev = {0};
	struct ev_log log = {0};
	struct ring_buffer *rb;
	double t0, next, last;
	int rc = 0;

	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), ev_add, &log,
			      NULL);
	if (!rb) {
		fprintf(stderr, "rcftop: cannot read the event ring: %s\n",
			strerror(errno));
		return 1;
	}
	t0 = last = now_s();
	next = t0 + o->interval_ms / 1000.0;
	while (!rc && !should_stop(o, t0)) {
		double wait = next - now_s();
		int err;

		/* short waits, so a stop file is seen soon enough */
		if (wait > 0.1)
			wait = 0.1;
		err = ring_buffer__poll(rb, wait > 0 ? (int)(wait * 1000) : 0);
		if (err < 0 && err != -EINTR) {
			fprintf(stderr, "rcftop: event ring: %s\n",
				strerror(-err));
			rc = 1;
		}
		if (!rc && !o->once && now_s() >= next) {
			double t = now_s();

			rc = show(o, skel, &prev, &log, t - t0,
				  (unsigned)((t - last) * 1000));
			last = t;
			next += o->interval_ms / 1000.0;
			if (next < t)
				next = t + o->interval_ms / 1000.0;
		}
	}
	ring_buffer__consume(rb);
	if (!rc && o->once)
		rc = show(o, skel, &prev, &log, now_s() - t0,
			  (unsigned)((now_s() - last) * 1000));
	if (!rc && o->nig)
		rc = write_nig(o, &prev);
	snap_free(&prev);
	ev_free(&log);
	ring_buffer__free(rb);
	return rc;
}

int main(int argc, char **argv)
{
	struct bpf_link *links[MAX_LINKS];
	struct sigaction sa = {.sa_handler = on_signal};
	struct rcftop_bpf *skel;
	struct rcftop_opts o;
	char err[256];
	int rc, nlinks = 0;

	rc = rcftop_parse(argc, argv, &o, err, sizeof(err));
	if (rc > 0) {
		rcftop_usage(stdout);
		return 0;
	}
	if (rc < 0) {
		fprintf(stderr, "rcftop: %s (rcftop --help)\n", err);
		return 2;
	}
	if (access("/sys/module/rcf", F_OK)) {
		fprintf(stderr,
			"rcftop: rcf.ko is not loaded: nothing to "
			"watch (modprobe rcf, or insmod kmod/rcf.ko)\n");
		return 1;
	}
	libbpf_set_print(keep_bpf_msg);
	skel = rcftop_bpf__open();
	if (!skel) {
		fprintf(stderr, "rcftop: cannot open the BPF object: %s\n",
			strerror(errno));
		return 1;
	}
	rc = rcftop_bpf__load(skel);
	if (rc) {
		rc = load_failed(rc);
		goto out;
	}
	if (attach(skel, links, &nlinks)) {
		rc = 1;
		goto out;
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	fprintf(stderr, "rcftop: attached to %d tracepoints\n", nlinks);
	rc = run(&o, skel);
out:
	while (nlinks)
		bpf_link__destroy(links[--nlinks]);
	rcftop_bpf__destroy(skel);
	return rc;
}
