#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The traffic generator's memory is bounded whatever the rate: at the
# highest rate it can offer (a 64-byte message per node and cycle) into
# links that carry a byte a cycle, the kernel's memory stays flat (every
# source's backlog is bounded), and once the run is stopped and drained
# it comes back.  Backlog 0 (no bound) and rates the generator cannot
# offer are refused with a reason.  Documentation/security.rst.
. "$(dirname "$0")/lib.sh"

# kernel memory in use, KiB: what the run's pool can live in
kmem() {
	awk '/^MemAvailable:/ { print $2 }' /proc/meminfo
}

fresh() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:16 >/dev/null
	rcfctl route compute --algo sp1 --install >/dev/null
	sleep 1
}

refused() {
	local why=$1 out
	shift
	if out=$(rcfctl traffic start "$@" 2>&1); then
		rcfctl traffic stop >/dev/null 2>&1 || true
		fail "start $* was accepted"
		return 1
	fi
	echo "$out" | grep -q "$why" || fail "start $*: '$out', want '$why'"
}

refusals() {
	fresh
	refused "bad backlog" uniform backlog 0
	refused "bad backlog" uniform backlog 16777217
	refused "one message per node and cycle" uniform rate 64001
	refused "one message per node and cycle" uniform rate 1000000 size 999
	rcfctl traffic start uniform rate 64000 messages 10 backlog 1 ||
		fail "the top rate and backlog 1 were refused"
	timeout 60 rcfctl -j traffic wait >"$T_TMP/b.json" || fail "no end"
	grep -q '"done":true' "$T_TMP/b.json" || fail "$(cat "$T_TMP/b.json")"
}

flat_then_freed() {
	local m0 m1 m2 m3 grew
	fresh
	m0=$(kmem)
	rcfctl traffic start uniform rate 64000 cycles 100000000000 seed 3
	sleep 5
	m1=$(kmem)
	sleep 10
	m2=$(kmem)
	rcfctl traffic show | grep -q running || fail "not running"
	grew=$(((m1 - m2) / 1024))
	echo "# MemAvailable $m0 KiB before, $m1 after 5 s, $m2 after 15 s"
	# unbounded, this grew by ~100 MiB a second
	[ "$grew" -lt 16 ] || fail "memory fell by $grew MiB in 10 s of a run"
	rcfctl traffic stop
	timeout 300 rcfctl -j traffic wait >"$T_TMP/s.json" ||
		fail "the stopped run did not drain"
	grep -q '"msgs-skipped":[1-9]' "$T_TMP/s.json" ||
		fail "no message skipped: $(cat "$T_TMP/s.json")"
	sleep 1
	m3=$(kmem)
	echo "# MemAvailable $m3 KiB after stop"
	[ $(((m0 - m3) / 1024)) -lt 4 ] ||
		fail "stop gave back $(((m3 - m2) / 1024)) MiB, $(((m0 - m3) / 1024)) MiB short"
	rcfctl fabric del >/dev/null
}

t_plan 2
t_run "backlog 0 and unrepresentable rates refused" refusals
t_run "memory flat at the top rate, given back at stop" flat_then_freed
rcfctl fabric del >/dev/null 2>&1 || true
t_done
