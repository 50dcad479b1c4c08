#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A fabric's memory limit (rcf.ko fabric_mem_limit, read when a fabric is
# created): a change that needs more than it is refused with a reason
# naming the limit and leaves the fabric as it was.
# Documentation/security.rst.
. "$(dirname "$0")/lib.sh"

P=/sys/module/rcf/parameters/fabric_mem_limit

limit_refuses() {
	local out mem eng old
	old=$(cat $P)
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:64 >/dev/null
	mem=$(fabric_fig mem) eng=$(fabric_fig engine-mem)
	rcfctl fabric del >/dev/null
	# room for the topology and its engine's tables, not for its routes
	echo $((mem + eng + 65536)) >$P
	rcfctl topo apply sp1:64 >/dev/null
	echo "# sp1:64 holds $mem bytes, its engine $eng, limit $((mem + eng + 65536))"
	if out=$(rcfctl route compute --algo sp1 --install --force 2>&1); then
		echo "$old" >$P
		fail "routes past the limit were installed ($(fabric_fig mem) bytes)"
		return 1
	fi
	echo "$old" >$P
	echo "$out" | grep -q "memory limit is reached" || fail "$out"
	expect_eq 0 "$(fabric_fig routes)" "routes after the refusal"
	expect_eq "$mem" "$(fabric_fig mem)" "bytes after the refusal"
	# a fabric made under the default takes them
	rcfctl fabric del >/dev/null
	rcfctl topo apply sp1:64 >/dev/null
	rcfctl route compute --algo sp1 --install --force >/dev/null
	[ "$(fabric_fig routes)" -gt 0 ] || fail "no routes under the default"
	rcfctl fabric del >/dev/null
}

# A route set of several batches (sp1:128: 16,256 routes, 4,096 a
# batch) under a limit that holds about half of it: the first batches
# go in, a later one is refused, and rcfctl puts the old (empty) set
# back, so the refused install changes nothing.
partial_install_undone() {
	local out m0 e0 m1 e1 lim
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:128 >/dev/null || { fail "sp1:128"; return; }
	m0=$(fabric_fig mem) e0=$(fabric_fig engine-mem)
	rcfctl route compute --algo sp1 --install --force >/dev/null ||
		{ fail "sp1:128's routes under the default limit"; return; }
	m1=$(fabric_fig mem) e1=$(fabric_fig engine-mem)
	rcfctl fabric del >/dev/null
	rcfctl topo apply sp1:128 >/dev/null
	lim=$((m0 + e0 + (m1 - m0 + e1 - e0) / 2))
	rcfctl fabric set mem-limit "$lim" || { fail "mem-limit $lim"; return; }
	echo "# sp1:128: $m0 + $e0 bytes bare, $m1 + $e1 with routes, limit $lim"
	if out=$(rcfctl route compute --algo sp1 --install --force 2>&1); then
		fail "routes past the limit were installed ($(fabric_fig routes))"
		return
	fi
	echo "$out" | sed 's/^/# /'
	echo "$out" | grep -q "changes made before it were undone" ||
		fail "no partial install was undone: $out"
	expect_eq 0 "$(fabric_fig routes)" "routes after the undone install"
	rcfctl fabric del >/dev/null
}

# A paths-only epoch goes into the running engine and grows only the
# model: under a limit with room for the model and the engine's tables
# but not for both plus the path, it is refused (ENOSPC) and nothing is
# made, rather than leaving the pool a budget of nothing.
paths_epoch_refused() {
	local out m0 m1 e0 lim x
	rcfctl fabric del >/dev/null 2>&1 || true
	# no routes: they would hold the switch inputs a path needs
	rcfctl topo apply sp1:16 >/dev/null || { fail "sp1:16"; return; }
	m0=$(fabric_fig mem)
	rcfctl path add master 0 dst 9 >/dev/null || { fail "path add"; return; }
	m1=$(fabric_fig mem)
	rcfctl fabric del >/dev/null
	rcfctl topo apply sp1:16 >/dev/null
	# each mem-limit change builds a fresh engine: its tables are
	# what the next one's will be
	rcfctl fabric set mem-limit $((64 << 20)) || { fail "mem-limit"; return; }
	m0=$(fabric_fig mem) e0=$(fabric_fig engine-mem)
	# The lowest limit above model and tables that a change takes: its
	# own undo journal counts while it commits.  A path's change
	# journals at least as much, and the path itself (over 16 bytes)
	# comes on top, so it cannot fit.
	x=16
	until rcfctl fabric set mem-limit $((m0 + e0 + x)) 2>/dev/null; do
		x=$((x + 16))
		[ "$x" -le 8192 ] ||
			{ fail "no mem-limit above model and tables took"; return; }
	done
	lim=$((m0 + e0 + x))
	echo "# sp1:16: $m0 + $e0 bytes, a path $((m1 - m0)), limit $lim"
	if out=$(rcfctl path add master 0 dst 9 2>&1); then
		fail "a path past the limit was made"
		return
	fi
	echo "# $out"
	echo "$out" | grep -q "paths of this change do not fit in the fabric's mem-limit" ||
		fail "wrong refusal: $out"
	expect_eq 0 "$(fabric_fig paths)" "paths after the refusal"
	expect_eq "$m0" "$(fabric_fig mem)" "bytes after the refusal"
	rcfctl fabric del >/dev/null
}

# pool-refused and pool-peak are the fabric's: an epoch that builds a
# new engine keeps them.
pool_counts_kept() {
	local m e r0 p0
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:16 >/dev/null || { fail "sp1:16"; return; }
	rcfctl route compute --algo sp1 --install --force >/dev/null
	m=$(fabric_fig mem) e=$(fabric_fig engine-mem)
	rcfctl fabric set mem-limit $((m + e + 65536)) ||
		{ fail "mem-limit"; return; }
	# the top rate against links of 1 byte a cycle: sources outrun
	# the budget at once; the run ends once what it admitted drained
	rcfctl traffic start hotspot hotspot 3 rate 1000000 cycles 20000 \
		size 1024 seed 5 >/dev/null || { fail "traffic start"; return; }
	timeout 300 rcfctl traffic wait >/dev/null
	r0=$(fabric_fig pool-refused) p0=$(fabric_fig pool-peak)
	echo "# pool-refused $r0, pool-peak $p0 under a 64 KiB budget"
	[ "$r0" -gt 0 ] || { fail "the budget never refused a send"; return; }
	[ "$p0" -gt 0 ] || fail "no pool peak"
	rcfctl fabric set engine exact || { fail "engine exact"; return; }
	expect_eq "$r0" "$(fabric_fig pool-refused)" "pool-refused after a new engine"
	expect_eq "$p0" "$(fabric_fig pool-peak)" "pool-peak after a new engine"
	rcfctl fabric del >/dev/null
}

# A link's event queues count in the model (2 x 2 x vcs x min(latency,
# buffer) entries): one with long latency, big buffers and four VCs
# does not fit a small mem-limit and is refused with that reason,
# changing nothing; the same link with a short latency fits, counted.
link_queues_refused() {
	local out m0 m1
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl node add id 0 ports 1 >/dev/null &&
		rcfctl node add id 1 ports 1 >/dev/null || { fail "nodes"; return; }
	rcfctl fabric set mem-limit $((1 << 20)) || { fail "mem-limit"; return; }
	m0=$(fabric_fig mem)
	if out=$(rcfctl link add id 0 node 0 port 0 node 1 port 0 \
		latency 100000 buffer 65536 vcs 4 2>&1); then
		fail "a link whose queues pass the limit was made"
		return
	fi
	echo "# $out"
	echo "$out" | grep -q "event queues" || fail "wrong refusal: $out"
	expect_eq 0 "$(fabric_fig links)" "links after the refusal"
	expect_eq "$m0" "$(fabric_fig mem)" "bytes after the refusal"
	rcfctl link add id 0 node 0 port 0 node 1 port 0 \
		latency 10 buffer 65536 vcs 4 >/dev/null ||
		{ fail "a link whose queues fit"; return; }
	m1=$(fabric_fig mem)
	echo "# the link of latency 10 holds $((m1 - m0)) bytes"
	[ $((m1 - m0)) -ge $((2 * 2 * 4 * 10 * 96)) ] ||
		fail "the link's queues are not counted: $m0 -> $m1"
	rcfctl fabric del >/dev/null
}

# fail_hops N AFTER (debugfs, Documentation/datapath.rst "Fault
# injection"): the next engine built (here the traffic run's) gives
# AFTER worm pieces, then N requests fail as kvzalloc can under a memory
# cgroup.  Under each output allocator, a seeded hotspot run (packets
# wait at the hot node's output, so an output is being handed over when
# the requests fail) then loses exactly N
# packets, counted as no-mem drops, and drains: every other message
# arrives, no -EDEADLK, nothing left in flight; a run after it is whole.
# (Before the engine served the next waiter of an output whose hand-over
# failed, oldest stopped here with -EDEADLK after 13 drops.)
nomem_drains() {
	local f ns a n=40 after=900 tj sj sent got drops rc
	ns=$(readlink /proc/self/ns/net)
	[ -d /sys/kernel/debug/rcf ] ||
		mount -t debugfs none /sys/kernel/debug 2>/dev/null || true
	f=/sys/kernel/debug/rcf/${ns//[^0-9]/}/fail_hops
	for a in oldest rr islip; do
		rcfctl fabric del >/dev/null 2>&1 || true
		rcfctl topo apply sp1:16 >/dev/null || { fail "sp1:16"; return; }
		rcfctl route compute --algo sp1 --install --force >/dev/null
		rcfctl fabric set alloc $a >/dev/null || { fail "alloc $a"; return; }
		[ -e "$f" ] || { fail "no $f"; return; }
		rcfctl stats reset
		echo "$n $after" >"$f" || { fail "write $f"; return; }
		rcfctl traffic start hotspot hotspot 3 rate 400 messages 600 \
			size 64 seed 9 >/dev/null || { fail "traffic start"; return; }
		# a guard against a hang, not a measure: it ends when drained,
		# exit 1 for the messages lost
		rc=0
		tj=$(timeout 300 rcfctl -j traffic wait) || rc=$?
		[ $rc -le 1 ] || { fail "alloc $a: traffic wait $rc: $tj"; return; }
		sj=$(rcfctl -j stats show fabric)
		sent=$(json_val msgs-sent <<<"$tj")
		got=$(json_val msgs-delivered <<<"$tj")
		drops=$(json_val no-mem <<<"$sj") || drops=0
		echo "# alloc $a: $sent sent, $got delivered, $drops no-mem drops"
		expect_eq 0 "$(json_val error <<<"$tj")" "alloc $a: run error"
		grep -Eq '"done": *true' <<<"$tj" || fail "alloc $a: not done: $tj"
		expect_eq $n "$drops" "alloc $a: no-mem drops"
		expect_eq $((sent - n)) "$got" "alloc $a: messages delivered"
		# the next run has every piece it asks for
		rcfctl stats reset
		rcfctl traffic start hotspot hotspot 3 rate 400 messages 600 \
			size 64 seed 9 >/dev/null || { fail "traffic start"; return; }
		tj=$(timeout 300 rcfctl -j traffic wait) ||
			{ fail "alloc $a: second traffic wait: $tj"; return; }
		expect_eq "$(json_val msgs-sent <<<"$tj")" \
			"$(json_val msgs-delivered <<<"$tj")" \
			"alloc $a: delivered in the run after"
	done
	rcfctl fabric del >/dev/null
}

t_plan 6
t_run "a change past the memory limit is refused, and changes nothing" \
	limit_refuses
t_run "an install refused part way is undone" partial_install_undone
t_run "a paths-only epoch past the limit is refused" paths_epoch_refused
t_run "the pool's counters outlive an engine" pool_counts_kept
t_run "a link whose event queues pass the limit is refused" \
	link_queues_refused
t_run "a worm piece with no memory drops its packet; the fabric drains" \
	nomem_drains
rcfctl fabric del >/dev/null 2>&1 || true
t_done
