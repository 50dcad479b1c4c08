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

refusals() {
	fresh
	traffic_refused "bad backlog" uniform backlog 0
	traffic_refused "bad backlog" uniform backlog 16777217
	traffic_refused "one message per node and cycle" uniform rate 64001
	traffic_refused "one message per node and cycle" uniform rate 1000000 size 999
	rcfctl traffic start uniform rate 64000 messages 10 backlog 1 ||
		fail "the top rate and backlog 1 were refused"
	timeout 60 rcfctl -j traffic wait >"$T_TMP/b.json" || fail "no end"
	grep -q '"done":true' "$T_TMP/b.json" || fail "$(cat "$T_TMP/b.json")"
}

# run BACKLOG: MemAvailable before, 5 s and 15 s into a top-rate run, and
# after it is stopped and drained, in KiB, into m0 .. m3
run() {
	m0=$(kmem)
	rcfctl traffic start uniform rate 64000 cycles 100000000000 seed 3 \
		backlog "$1"
	sleep 5
	m1=$(kmem)
	sleep 10
	m2=$(kmem)
	rcfctl traffic show | grep -q running || fail "not running"
	rcfctl traffic stop
	timeout 200 rcfctl -j traffic wait >"$T_TMP/s.json" ||
		fail "the stopped run did not drain"
	grep -q '"msgs-skipped":[1-9]' "$T_TMP/s.json" ||
		fail "no message skipped: $(cat "$T_TMP/s.json")"
	sleep 1
	m3=$(kmem)
	echo "# backlog $1: MemAvailable $m0 KiB before, $m1 at 5 s," \
		"$m2 at 15 s, $m3 after stop"
}

# The default bound: flat (unbounded, this fell by ~100 MiB a second).
flat() {
	fresh
	run 65536
	[ $(((m1 - m2) / 1024)) -lt 8 ] ||
		fail "memory fell by $(((m1 - m2) / 1024)) MiB in 10 s"
}

# A large bound, so that the pool dwarfs the page allocator's per-cpu
# caches, which keep freed pages out of MemAvailable: stop gives at least
# half of what the run took back without deleting the fabric.
freed() {
	local used back
	fresh
	run 262144
	used=$(((m0 - m2) / 1024))
	back=$(((m3 - m2) / 1024))
	[ $(((m1 - m2) / 1024)) -lt 8 ] ||
		fail "memory fell by $(((m1 - m2) / 1024)) MiB in 10 s"
	[ "$used" -ge 16 ] || fail "the run took only $used MiB"
	[ "$back" -ge $((used / 2)) ] ||
		fail "the run took $used MiB, stop gave $back MiB back"
	rcfctl fabric del >/dev/null
}

t_plan 3
t_run "backlog 0 and unrepresentable rates refused" refusals
t_run "memory flat at the top rate" flat
t_run "a large backlog's memory given back at stop" freed
rcfctl fabric del >/dev/null 2>&1 || true
t_done
