#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The rcf tracepoints fire with plausible fields: pings from nodes 0 and 1
# to node 2 through one switch whose output to node 2 is a quarter as fast
# as its inputs.  The fabric is paced at 1 kHz, so one 1 KB ping holds
# that output for a second, and with both nodes pinging once a second the
# heads of one must wait for the other (block) and queue their bytes in
# the central queue.  An address of nobody gives a drop event.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

TR=/sys/kernel/tracing

tr_setup() {
	[ -d "$TR/events" ] || mount -t tracefs nodev "$TR" ||
		fail "no tracefs"
	[ -d "$TR/events/rcf" ] || fail "no rcf events in tracefs"
}

tr_off() {
	echo 0 >"$TR/events/rcf/enable"
}

contended() {
	local i j
	{
		echo "switch add id 0 ports 4"
		for i in 0 1 2; do
			echo "node add id $i ports 1"
		done
		echo "link add id 0 node 0 port 0 switch 0 port 0 bandwidth 4"
		echo "link add id 1 node 1 port 0 switch 0 port 1 bandwidth 4"
		echo "link add id 2 node 2 port 0 switch 0 port 2 bandwidth 1"
		for i in 0 1 2; do
			for j in 0 1 2; do
				[ "$i" = "$j" ] ||
					echo "route add src $i dst $j hops 0 $j"
			done
		done
	} >"$T_TMP/contended.batch"
	rcfctl -batch "$T_TMP/contended.batch" >/dev/null ||
		fail "fabric refused"
	rcfctl fabric set clock 1000 >/dev/null || fail "clock refused"
	for i in 0 1 2; do
		ip_node "$i"
	done
}

# count EVENT [MATCH]: trace lines of EVENT (containing MATCH).
count() {
	grep -c ": rcf_$1: .*${2:-}" "$T_TMP/trace" || true
}

traffic() {
	ip_cleanup
	tr_setup
	contended
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 1 >"$TR/events/rcf/enable"
	echo 1 >"$TR/tracing_on"
	local d0 s0 d1 s1 p0 p1
	d0=$(stat fabric pkts_delivered)
	s0=$(stat fabric pkts_sent)
	# Each pinger sends a message a second and each message holds
	# the output for about a second: the two must meet there.
	ip netns exec rcfip1 ping -c 3 -i 1 -s 1000 -W 10 10.9.0.3 \
		>/dev/null &
	p1=$!
	ip netns exec rcfip0 ping -c 3 -i 1 -s 1000 -W 10 10.9.0.3 \
		>/dev/null &
	p0=$!
	wait "$p0" || fail "ping 0 -> 2 failed"
	wait "$p1" || fail "ping 1 -> 2 failed"
	d1=$(stat fabric pkts_delivered)
	s1=$(stat fabric pkts_sent)
	tr_off
	cat "$TR/trace" >"$T_TMP/trace"
	echo >"$TR/trace"

	local inj fwd blk cq cqd fill dlv
	inj=$(count inject)
	fwd=$(count forward)
	blk=$(count block)
	cq=$(count cq_enqueue)
	cqd=$(count cq_dequeue)
	fill=$(count cq_fill)
	dlv=$(count deliver)
	echo "# events: inject=$inj forward=$fwd block=$blk cq_enqueue=$cq cq_dequeue=$cqd cq_fill=$fill deliver=$dlv; packets sent $((s1 - s0)) delivered $((d1 - d0))"
	[ "$dlv" -gt 0 ] || fail "no deliver events"
	expect_eq "$((d1 - d0))" "$dlv" "deliver events vs delivered packets"
	expect_eq "$((s1 - s0))" "$inj" "inject events vs packets sent"
	# one switch on every route: each packet is forwarded once
	expect_eq "$inj" "$fwd" "forward events vs inject events"
	[ "$blk" -gt 0 ] || fail "no block event on the slow output"
	# default allocation: a head queues only when blocked, and every
	# one of them was handed its output in the end
	expect_eq "$blk" "$(count grant)" "grant events vs block events"
	[ "$cq" -gt 0 ] || fail "no cq_enqueue event"
	# the one switch is where heads wait; node 2's slow link is why
	expect_eq "$blk" "$(count block 'switch=0 link=[012] dir=1 vc=0')" \
		"block events at switch 0 on an output"
	[ "$(count block 'switch=0 link=2 dir=1 vc=0')" -gt 0 ] ||
		fail "no head waited for the output to node 2"
	expect_eq "$cq" "$(count cq_enqueue 'switch=0 link=[012] dir=0 vc=0 bytes=[1-9]')" \
		"cq_enqueue events from the input links"
	# sources read the first route byte: one is left on the wire
	expect_eq "$inj" "$(count inject 'node=[012] link=[012] dir=0 vc=0 len=[0-9]* rleft=1 ')" \
		"inject fields"
	expect_eq "$fwd" "$(count forward 'switch=0 link=[012] dir=1 vc=0 len=[0-9]* rleft=0 ')" \
		"forward fields"
	expect_eq "$dlv" "$(count deliver 'node=[012] src=[012] link=[012] dir=1 vc=0 len=[1-9][0-9]* latency=[1-9]')" \
		"deliver fields"
	[ "$(count deliver 'node=2 src=0')" -ge 15 ] ||
		fail "fewer than 15 packets 0 -> 2 delivered"
	# cq occupancy never over capacity
	awk '/rcf_cq_enqueue:/ {
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			v[kv[1]] = kv[2]
		}
		if (v["used"] + 0 > v["cap"] + 0 || v["queued"] + 0 < v["bytes"] + 0)
			bad++
	} END { exit bad > 0 }' "$T_TMP/trace" ||
		fail "cq_enqueue with used over cap or queued under bytes"
	# rcf_cq_fill fires exactly where the bytes events' used changes:
	# per switch, its used values are theirs with repeats taken out
	[ "$fill" -gt 0 ] || fail "no cq_fill event"
	[ "$fill" -lt "$((cq + cqd))" ] ||
		fail "cq_fill as often as the bytes events ($fill)"
	awk '/: rcf_cq_(enqueue|dequeue|fill):/ {
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			v[kv[1]] = kv[2]
		}
		sw = v["switch"]
		if ($0 ~ /rcf_cq_fill:/) {
			fill[sw] = fill[sw] " " v["used"]
		} else if (!(sw in last) || last[sw] != v["used"]) {
			bytes[sw] = bytes[sw] " " v["used"]
			last[sw] = v["used"]
		}
	} END {
		for (sw in bytes)
			if (fill[sw] != bytes[sw])
				bad++
		for (sw in fill)
			if (!(sw in bytes))
				bad++
		exit bad > 0
	}' "$T_TMP/trace" ||
		fail "cq_fill's occupancies differ from the bytes events'"
}

drop_event() {
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 1 >"$TR/events/rcf/rcf_drop/enable"
	echo 1 >"$TR/tracing_on"
	ip netns exec rcfip0 ping -c 1 -W 1 10.9.0.99 >/dev/null &&
		fail "ping to nobody answered"
	tr_off
	cat "$TR/trace" >"$T_TMP/trace"
	echo >"$TR/trace"
	[ "$(count drop 'reason=no-dest')" -ge 1 ] ||
		fail "no drop event with reason no-dest"
}

# Under alloc islip every head requests through the match, a free
# output too; only one that found its output owned or wanted is blocked.
# One pinger at a time through the switch: replies take another output,
# so no head ever meets another and nothing blocks, while every packet
# is forwarded.
islip_no_block() {
	local fwd blk
	rcfctl fabric set alloc islip >/dev/null || fail "alloc islip refused"
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 1 >"$TR/events/rcf/enable"
	echo 1 >"$TR/tracing_on"
	ip netns exec rcfip0 ping -c 2 -i 1 -W 10 10.9.0.3 >/dev/null ||
		fail "ping 0 -> 2 under islip failed"
	tr_off
	cat "$TR/trace" >"$T_TMP/trace"
	echo >"$TR/trace"
	fwd=$(count forward) blk=$(count block)
	echo "# islip: forward=$fwd block=$blk"
	[ "$fwd" -ge 4 ] || fail "fewer than 4 forwards for 2 pings and replies"
	expect_eq 0 "$blk" "block events with no head in the way"
	rcfctl fabric set alloc oldest >/dev/null
}

t_plan 3
t_run "tracepoints: inject, forward, block, grant, cq_enqueue, cq_fill, deliver" \
	traffic
t_run "tracepoint: drop with its reason" drop_event
t_run "under islip a head that meets a free output is not blocked" \
	islip_no_block
[ -d "$TR/events/rcf" ] && tr_off
ip_cleanup
t_done
