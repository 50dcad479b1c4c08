#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcfd's switch controllers over rcf.ko's paths (Wijnen §II): IP traffic
# between nodes with no routes asks for paths, rcfd's controllers set
# them up and break them only through their mastership.  §II D as the
# kernel's own trace shows it, and checksummed streams between several
# pairs whose paths are broken and made again many times, every message
# whole, in order, once, with the processors' waits and Jain's index.
# The faults are in rcf_paths_faults.sh.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"
. "$(dirname "$0")/rcf_paths_lib.sh"

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
	wait_listen rcfip2 udp 7001
	wait_listen rcfip1 udp 7001
	ip netns exec rcfip0 "$MSG" send 0 1 60000 1 10.9.0.3:7001 >/dev/null ||
		fail "P1's send failed"
	# P1 holds the P1-P3 path, and its message starts on it at once
	wait_for traced 'rcf_path: .* made id=[0-9]* master=0 dst=2' || true
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
		# node n hears from the two nodes of the opposite switch; a
		# sender may wait as long as the path timeout for its path, so
		# the receiver waits as long for the next message
		ip netns exec "rcfip$n" "$MSG" recv 7002 300 "$d1:30" "$d2:30" \
			>"$T_TMP/rx$n" &
		rx+=($!)
	done
	for n in 0 1 2 3 4 5 6 7; do
		wait_listen "rcfip$n" udp 7002
	done
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
	# each sender's port served its two destinations in turn, which only
	# a break through the mastership allows; how often is up to timing
	[ "$breaks" -ge 8 ] || fail "only $breaks breaks: paths were not changing"
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

t_plan 2
t_run "§II D: a path breaks only after the master's message arrived" ii_d
t_run "streams over paths broken and made again: whole, in order, once" stream
cleanup
t_done
