// SPDX-License-Identifier: GPL-2.0
/*
 * What one reading of rcftop's tables costs its userspace: fills the
 * tables by BPF_PROG_TEST_RUN with the events of PAIRS node pairs over
 * CHANS channels (each pair a message sent and received and deliveries
 * in three latency buckets, each channel a hop), then reads them READS
 * times.  Run it under a counter, e.g.
 *   valgrind --tool=callgrind --toggle-collect=snap_read bench_snap
 * for the instructions of the readings alone, or strace -c -e trace=bpf
 * for their system calls.  Root only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_run.h"
#include "rcftop.h"
#include "rcftop.skel.h"
#include "snap.h"

static int fill(struct rcftop_bpf *skel, __u32 pairs, __u32 chans)
{
	int err = 0;

	for (__u32 i = 0; i < chans && !err; i++)
		err |= FIRE(skel->progs.on_hop, i, i >> 2, i >> 1 & 1, i & 1,
			    100, 0, 0);
	for (__u32 i = 0; i < pairs && !err; i++) {
		__u32 src = i % 64, dst = i / 64 + 64;

		err |= FIRE(skel->progs.on_msg_send, i, src, dst, 84, 0, 0);
		/* rcf_deliver: cycle, node, src, link, dir, vc, len, latency */
		for (__u64 lat = 10; lat <= 1000; lat *= 10)
			err |= FIRE(skel->progs.on_deliver, i, dst, src, 0, 0,
				    0, 1000, lat, 0);
		err |= FIRE(skel->progs.on_msg_recv, i, src, dst, 84, 40, 0);
	}
	return err;
}

int main(int argc, char **argv)
{
	__u32 pairs = argc > 1 ? strtoul(argv[1], NULL, 0) : 256;
	__u32 chans = argc > 2 ? strtoul(argv[2], NULL, 0) : 1024;
	__u32 reads = argc > 3 ? strtoul(argv[3], NULL, 0) : 10;
	struct rcftop_bpf *skel = rcftop_bpf__open_and_load();
	struct top_snap s = {0};

	if (argc > 4) {
		fprintf(stderr, "usage: bench_snap [PAIRS [CHANS [READS]]]\n");
		return 2;
	}
	if (!skel) {
		fprintf(stderr, "bench_snap: cannot load BPF: %s\n",
			strerror(errno));
		return 1;
	}
	if (fill(skel, pairs, chans)) {
		fprintf(stderr, "bench_snap: a program did not run\n");
		rcftop_bpf__destroy(skel);
		return 1;
	}
	for (__u32 i = 0; i < reads; i++) {
		snap_free(&s);
		if (snap_read(skel, &s)) {
			fprintf(stderr, "bench_snap: reading: %s\n",
				strerror(errno));
			rcftop_bpf__destroy(skel);
			return 1;
		}
	}
	printf("%u readings of %zu channels, %zu pairs\n", reads, s.nchan,
	       s.npair);
	snap_free(&s);
	rcftop_bpf__destroy(skel);
	return 0;
}
