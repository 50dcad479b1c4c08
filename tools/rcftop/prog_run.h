/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running one of rcftop's BPF programs by BPF_PROG_TEST_RUN on a raw
 * tracepoint's argument array made up by the caller, as rcf.ko's
 * tracepoint would pass it: for test_bpf and bench_snap, which need no
 * rcf.ko.  Root only.
 */
#ifndef RCFTOP_PROG_RUN_H
#define RCFTOP_PROG_RUN_H

#include <stddef.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

/* 0, or nonzero when the run failed or the program returned nonzero */
static inline int prog_fire(struct bpf_program *p, const __u64 *args, size_t n)
{
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = args,
		    .ctx_size_in = n * sizeof(*args));

	return bpf_prog_test_run_opts(bpf_program__fd(p), &o) || o.retval;
}

#define FIRE(p, ...)                               \
	prog_fire(p, (const __u64[]){__VA_ARGS__}, \
		  sizeof((const __u64[]){__VA_ARGS__}) / sizeof(__u64))

#endif
