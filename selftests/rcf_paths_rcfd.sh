#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcfd's switch controllers over rcf.ko's paths (Wijnen §II): IP traffic
# between nodes with no routes asks for paths, rcfd's controllers set
# them up and break them only through their mastership.  §II D as the
# kernel's own trace shows it; checksummed streams between several pairs
# whose paths are broken and made again many times, every message whole,
# in order, once; a line failing under a set-up and under a path;
# sinktrees converging with no loop; the waits and Jain's index.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

RUN=$(mktemp -d /run/rcfd-paths.XXXXXX)
SOCK=$RUN/rcfd.sock
PIDF=$RUN/rcfd.pid
CONF=$T_TMP/rcfd.conf
LOG=$T_TMP/rcfd.log
MSG="$T_DIR/rcf_msg_tool"
TR=/sys/kernel/tracing
export RCFD_SOCKET=$SOCK

# rcfd with path management on; extra "key = value" lines for [paths]
rcfd_start() {
	printf '%s\n' "log_level = debug" "socket = $SOCK" "pidfile = $PIDF" \
		"[routing]" "manage = no" "algorithm = none" \
		"[paths]" "manage = yes" "timeout_ms = 20000" "$@" >"$CONF"
	rcfd -c "$CONF" --stderr 2>>"$LOG" ||
		fail "rcfd did not start: $(tail -n 5 "$LOG")"
	pfield running >/dev/null
	wait_pfield running true
}

rcfd_stop() {
	local pid
	[ -s "$PIDF" ] || return 0
	pid=$(cat "$PIDF")
	kill "$pid" 2>/dev/null || return 0
	for _ in $(seq 100); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	fail "rcfd did not stop"
}

cleanup() {
	rcfd_stop || true
	ip_cleanup
}

# a field of `rcfctl -j daemon paths`, by dotted path
pfield() {
	rcfctl -j daemon paths | python3 -c '
import json, sys
v = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(str(v).lower() if isinstance(v, bool) else v)' "$1"
}

wait_pfield() {
	local got
	for _ in $(seq 100); do
		got=$(pfield "$1" 2>/dev/null) && [ "$got" = "$2" ] && return 0
		sleep 0.1
	done
	fail "rcfd paths $1: want $2, got $got"
}

# nodes N.. in their namespaces with addresses, MTU m
ns_nodes() {
	local mtu=$1 n
	shift
	for n in "$@"; do
		ip_node "$n"
		ip -n "rcfip$n" link set "rcf$n" mtu "$mtu"
		# the senders block on a full queue instead of losing datagrams
		tc -n "rcfip$n" qdisc replace dev "rcf$n" root pfifo limit 10000
	done
}

# Fig. 2: S1 (switch 0) with P1 (node 0) and P2 (node 1), S2 (switch 1)
# with P3 (node 2) and P4 (node 3), one communication line between them.
fig2() {
	cat >"$T_TMP/fig2.batch" <<-EOF
		node add id 0 ports 1
		node add id 1 ports 1
		node add id 2 ports 1
		node add id 3 ports 1
		switch add id 0 ports 3
		switch add id 1 ports 3
		link add id 0 node 0 port 0 switch 0 port 0
		link add id 1 node 1 port 0 switch 0 port 1
		link add id 2 node 2 port 0 switch 1 port 0
		link add id 3 node 3 port 0 switch 1 port 1
		link add id 4 switch 0 port 2 switch 1 port 2
	EOF
	rcfctl -batch "$T_TMP/fig2.batch" >/dev/null || fail "Fig. 2 refused"
}

trace_on() {
	[ -d "$TR/events" ] || mount -t tracefs nodev "$TR" ||
		fail "no tracefs"
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 8192 >"$TR/buffer_size_kb"
	echo 1 >"$TR/events/rcf/rcf_path/enable"
	echo 1 >"$TR/events/rcf/rcf_deliver/enable"
	echo 1 >"$TR/tracing_on"
}

trace_off() {
	echo 0 >"$TR/tracing_on"
	echo 0 >"$TR/events/rcf/rcf_path/enable"
	echo 0 >"$TR/events/rcf/rcf_deliver/enable"
}

# §II D: P1 is sending a 60000-byte message to P3 over S1, the line and
# S2 when P4 asks for P2.  The line is P1-P3's: C2 asks C1 to break that
# path, C1 asks P1 for the mastership, P1 passes it back only once its
# message has fully arrived, C1 breaks the path, then P4-P2 is connected
# and P4 holds its mastership.  The clock is paced so that P1's message
# takes seconds to cross and P4's request comes in the middle of it.
ii_d() {
	cleanup
	fig2
	rcfctl fabric set clock 10000 >/dev/null
	ns_nodes 65000 0 1 2 3
	rcfd_start
	trace_on
	ip netns exec rcfip2 "$MSG" recv 7001 60 0:1 >"$T_TMP/p3" &
	local r3=$!
	ip netns exec rcfip1 "$MSG" recv 7001 60 3:1 >"$T_TMP/p2" &
	local r2=$!
	sleep 0.5
	ip netns exec rcfip0 "$MSG" send 0 1 60000 1 10.9.0.3:7001 >/dev/null ||
		fail "P1's send failed"
	# P1 holds the P1-P3 path, and its message starts on it at once
	local i
	for i in $(seq 400); do
		grep -q 'rcf_path: .* made id=[0-9]* master=0 dst=2' "$TR/trace" &&
			break
		sleep 0.05
	done
	grep -q 'rcf_path: .* made id=[0-9]* master=0 dst=2' "$TR/trace" ||
		fail "P1 never held a path to P3"
	ip netns exec rcfip3 "$MSG" send 3 1 1000 1 10.9.0.2:7001 >/dev/null ||
		fail "P4's send failed"
	wait "$r3" || fail "P3 did not get P1's message whole: $(cat "$T_TMP/p3")"
	wait "$r2" || fail "P2 did not get P4's message whole: $(cat "$T_TMP/p2")"
	wait_held 3 1
	trace_off
	grep -E 'rcf_path:|rcf_deliver:' "$TR/trace" >"$T_TMP/trace"
	python3 - "$T_TMP/trace" <<-'EOF' || fail "§II D order not kept"
		import re, sys
		evs = []
		for line in open(sys.argv[1]):
		    m = re.search(r"rcf_path: cycle=(\d+) (\w+) id=(\d+) master=(\d+) dst=(\d+)", line)
		    if m:
		        evs.append((m.group(2), int(m.group(4)), int(m.group(5)), int(m.group(1))))
		        continue
		    m = re.search(r"rcf_deliver: cycle=(\d+) node=(\d+) src=(\d+)", line)
		    if m:
		        evs.append(("deliver", int(m.group(3)), int(m.group(2)), int(m.group(1))))
		def first(kind, a, b, after=-1):
		    for i, e in enumerate(evs):
		        if i > after and e[:3] == (kind, a, b):
		            return i
		    sys.exit("no %s %d-%d after event %d" % (kind, a, b, after))
		def last(kind, a, b):
		    return max(i for i, e in enumerate(evs) if e[:3] == (kind, a, b))
		made13 = first("made", 0, 2)
		recall = first("recall", 0, 2, made13)
		lastbyte = last("deliver", 0, 2)
		ret = first("returned", 0, 2, recall)
		dele = first("deleted", 0, 2, ret)
		made42 = first("made", 3, 1, dele)
		first4 = first("deliver", 3, 1, made42)
		assert recall < lastbyte, "P1's message had arrived before the recall"
		assert lastbyte < ret, "mastership returned before P1's message arrived"
		assert not [e for e in evs[made42:] if e[0] in ("deliver",) and e[1:3] == (0, 2)]
		names = {0: "P1", 1: "P2", 2: "P3", 3: "P4"}
		def show(i, text):
		    print("cycle %7d  %s" % (evs[i][3], text))
		show(made13, "P1-P3 made: P1 holds the mastership")
		show(first("deliver", 0, 2), "P1's message: first packet at P3")
		show(first("request", 3, 1), "P4 asks for a path to P2")
		show(recall, "P1 is asked for the mastership of P1-P3")
		show(lastbyte, "P1's message: last packet at P3 (fully arrived)")
		show(ret, "P1 passes the mastership back")
		show(dele, "P1-P3 broken")
		show(made42, "P4-P2 made: P4 holds the mastership")
		show(first4, "P4's message: first packet at P2")
	EOF
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	rcfctl fabric set clock 0 >/dev/null
	rcfd_stop
}

# wait until MASTER holds a path to DST
wait_held() {
	local got
	for _ in $(seq 200); do
		got=$(rcfctl -j path show | python3 -c '
import json, sys
print(any(p["master"] == int(sys.argv[1]) and p["dst"] == int(sys.argv[2])
          and p["state"] == "held" for p in json.load(sys.stdin)))' "$1" "$2")
		[ "$got" = True ] && return 0
		sleep 0.05
	done
	fail "node $1 never held a path to node $2"
}

# Four switches in a ring, switch s with nodes 2s and 2s+1 on ports 0 and
# 1 and the ring on ports 2 (to s+1) and 3 (from s-1): link 8+s joins
# switch s port 2 to switch s+1 port 3.  $1 nodes per switch (1 or 2).
ring4() {
	local per=$1 s n
	{
		for s in 0 1 2 3; do
			echo "switch add id $s ports 4"
			for n in $(seq 0 $((per - 1))); do
				echo "node add id $((2 * s + n)) ports 1"
				echo "link add id $((2 * s + n)) node $((2 * s + n)) port 0 switch $s port $n"
			done
		done
		for s in 0 1 2 3; do
			echo "link add id $((8 + s)) switch $s port 2 switch $(((s + 1) % 4)) port 3"
		done
	} >"$T_TMP/ring.batch"
	rcfctl -batch "$T_TMP/ring.batch" >/dev/null || fail "ring refused"
}

# Every node of the ring sends to both nodes of the opposite switch, two
# messages to one, a pause, then two to the other: each turn needs the
# sender's port for the other destination, so paths are set up and broken
# all the time, across lines that other pairs need too.  Every message must
# arrive whole, in order, once; the waits of the processors and Jain's
# index of them (§IV) are what the controllers measured.
stream() {
	cleanup
	ring4 2
	ns_nodes 1500 0 1 2 3 4 5 6 7
	rcfd_start
	local s n d1 d2 pids=() rx=()
	for n in 0 1 2 3 4 5 6 7; do
		s=$((n / 2))
		d1=$((2 * ((s + 2) % 4)))
		d2=$((d1 + 1))
		# node n hears from the two nodes of the opposite switch
		ip netns exec "rcfip$n" "$MSG" recv 7002 60 "$d1:30" "$d2:30" \
			>"$T_TMP/rx$n" &
		rx+=($!)
	done
	sleep 0.5
	for n in 0 1 2 3 4 5 6 7; do
		s=$((n / 2))
		d1=$((2 * ((s + 2) % 4)))
		d2=$((d1 + 1))
		ip netns exec "rcfip$n" "$MSG" send "$n" 60 800 2:150000 \
			"10.9.0.$((d1 + 1)):7002" "10.9.0.$((d2 + 1)):7002" \
			>"$T_TMP/tx$n" &
		pids+=($!)
	done
	for n in "${pids[@]}"; do
		wait "$n" || fail "a sender failed"
	done
	local bad=0
	for n in 0 1 2 3 4 5 6 7; do
		wait "${rx[$n]}" || { bad=1; sed "s/^/node $n: /" "$T_TMP/rx$n"; }
	done
	[ $bad = 0 ] || fail "messages lost, cut, repeated or reordered"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	local setups breaks
	setups=$(pfield kernel.setups)
	breaks=$(pfield kernel.breaks)
	echo "480 messages; $setups set-ups, $breaks paths broken through their mastership"
	[ "$breaks" -ge 100 ] || fail "only $breaks breaks: paths were not changing"
	rcfctl -j daemon paths >"$T_TMP/paths.json"
	python3 - "$T_TMP/paths.json" <<-'EOF' || fail "waits or Jain's index wrong"
		import json, sys
		d = json.load(open(sys.argv[1]))
		print("%-5s %-6s %-6s %-14s %-14s" % ("proc", "switch", "grants",
		      "wait mean us", "wait max us"))
		for w in d["waits"]:
		    print("%-5s %-6d %-6d %-14d %-14d" % (w["name"], w["switch"],
		          w["grants"], w["wait_us_mean"], w["wait_us_max"]))
		    assert w["grants"] > 0, w
		    assert 0 < w["wait_us_mean"] <= w["wait_us_max"], w
		for k, v in sorted(d["jain"].items()):
		    print("Jain %-9s ticks %.3f us %.3f" % (k, v["ticks_ppm"] / 1e6,
		          v["us_ppm"] / 1e6))
		    assert 0 < v["ticks_ppm"] <= 1000000 and 0 < v["us_ppm"] <= 1000000
		assert set(d["jain"]) == {"switch_0", "switch_1", "switch_2",
		                          "switch_3", "all"}
		assert d["routing"]["loop_violations"] == 0
	EOF
	rcfd_stop
}

# the paths as "master:dst:state:hops" words
paths_now() {
	rcfctl -j path show | python3 -c '
import json, sys
print(" ".join("%d:%d:%s:%s" % (p["master"], p["dst"], p["state"],
               ",".join(str(h["port"]) for h in p["hops"]))
               for p in json.load(sys.stdin)))'
}

wait_converged() {
	wait_pfield routing.converged true
	wait_pfield controllers.busy false
}

# A line under a path fails while the master streams over it (§IV,
# fault tolerance): the message on it arrives (the link goes down in an
# epoch that drains first), the path is broken and deleted, the master's
# next messages ask again and go round the other side of the ring.
line_under_path() {
	cleanup
	ring4 1
	ns_nodes 1500 0 4
	rcfd_start
	trace_on
	ip netns exec rcfip4 "$MSG" recv 7003 60 0:200 >"$T_TMP/rx" &
	local rx=$!
	sleep 0.5
	# 200 messages over about ten seconds
	ip netns exec rcfip0 "$MSG" send 0 200 800 2:100000 10.9.0.5:7003 \
		>/dev/null &
	local tx=$! got= i link
	for i in $(seq 400); do
		grep -q 'rcf_path: .* made id=[0-9]* master=0 dst=4' "$TR/trace" &&
			break
		sleep 0.05
	done
	trace_off
	got=$(paths_now)
	[[ $got == *"0:4:held:"* ]] || fail "node 0 never held a path to 4"
	# out of switch 0 by port 2 is link 8 (to S1), by port 3 link 11 (S3)
	case "$got" in
	*"0:4:held:0,2,"*) link=8 ;;
	*"0:4:held:0,3,"*) link=11 ;;
	*) fail "path 0->4 neither way round the ring: $got" ;;
	esac
	rcfctl link set "$link" state down >/dev/null
	wait "$tx" || fail "sender failed"
	wait "$rx" || fail "messages lost across the failure: $(cat "$T_TMP/rx")"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	[ "$(pfield kernel.broken)" -ge 1 ] || fail "no path was broken"
	got=$(paths_now)
	echo "line $link failed; paths now: $got"
	case "$link" in
	8) [[ $got == *"0:4:held:0,3,"* ]] ;;
	11) [[ $got == *"0:4:held:0,2,"* ]] ;;
	esac || fail "the new path does not avoid link $link: $got"
	rcfd_stop
}

# A line fails while a set-up crosses it (§II B 2 case 2, slowed down to
# a tick every 0.5 s): the request fails cleanly -- in the kernel, with
# its error -- and nothing is left behind: no path, no circuit, no
# reservation (the same request succeeds once the line is back).
line_in_setup() {
	cleanup
	ring4 1
	rcfctl link del 10 >/dev/null
	rcfctl link del 11 >/dev/null
	rcfd_start "tick_us = 500000"
	trace_on
	wait_converged
	rcfctl path request master 0 dst 4 >/dev/null
	local i snap=
	# one look at the controllers: the set-up has started, not finished
	for i in $(seq 100); do
		snap=$(rcfctl -j daemon paths | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["controllers"]["setup_attempts"], d["kernel"]["setups"],
      str(d["controllers"]["busy"]).lower())')
		[ "${snap%% *}" -ge 1 ] && break
		sleep 0.05
	done
	rcfctl link set 9 state down >/dev/null
	expect_eq "1 0 true" "$snap" "set-up attempts, paths made, busy before the failure"
	wait_converged
	trace_off
	grep -q 'rcf_path: .* request_failed id=[0-9]* master=0 dst=4 .* error=[1-9]' \
		"$TR/trace" || fail "the request did not fail in the kernel"
	expect_eq 0 "$(pfield kernel.setups)" "paths made"
	expect_eq "[]" "$(rcfctl -j path show)" "paths left"
	expect_eq "[]" "$(rcfctl -j circuit show)" "circuits left"
	rcfctl link set 9 state up >/dev/null
	wait_converged
	rcfctl path request master 0 dst 4 >/dev/null
	wait_held 0 4
	rcfd_stop
}

# Sinktrees (§II C) through failures and growth: after each change every
# controller's sinktree agrees with the live lines, and the loop check
# run at every tick that could change a routing table found no loop.
sinktrees() {
	cleanup
	ring4 1
	rcfd_start
	wait_converged
	local l
	for l in 8 10; do
		rcfctl link set "$l" state down >/dev/null
		wait_converged
	done
	# the ring is cut in two: 0 cannot reach 2
	rcfctl path request master 0 dst 2 >/dev/null
	wait_converged
	expect_eq "" "$(paths_now)" "a path across the cut"
	rcfctl link set 8 state up >/dev/null
	wait_converged
	rcfctl path request master 0 dst 2 >/dev/null
	wait_held 0 2
	# growth: switch 4 with node 8 on a new line to switch 2
	printf '%s\n' "switch add id 4 ports 4" "node add id 8 ports 1" \
		"link add id 12 node 8 port 0 switch 4 port 0" \
		"link add id 13 switch 4 port 2 switch 2 port 1" \
		>"$T_TMP/grow.batch"
	rcfctl -batch "$T_TMP/grow.batch" >/dev/null || fail "growth refused"
	wait_converged
	rcfctl path request master 8 dst 6 >/dev/null
	wait_held 8 6
	expect_eq 0 "$(pfield routing.loop_violations)" "loops seen"
	echo "loop checks: $(pfield routing.loop_checks), violations 0;" \
		"plain next-hop tables would have looped" \
		"$(pfield routing.next_hop_loops) times"
	rcfd_stop
}

t_plan 5
t_run "§II D: a path breaks only after the master's message arrived" ii_d
t_run "streams over paths broken and made again: whole, in order, once" stream
t_run "a line failing under a path: rerouted, nothing lost" line_under_path
t_run "a line failing in a set-up: clean error, nothing left" line_in_setup
t_run "sinktrees converge through failures and growth, no loop" sinktrees
cleanup
t_done
