#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The fabric under load: an 8 MiB TCP transfer whose sha256 matches while
# a second node floods the same destination link, and a UDP flood of two
# senders into one link that the fabric carries without a drop, the
# senders' sockets seeing backpressure instead.  Links carry 8 bytes per
# cycle: the engine's cost is per cycle and element, and these tests must
# stay within their share of the VM's time under TCG.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

LARGS="bandwidth 8 buffer 256"

# Node 2's link at half the others' rate: the one-link bottleneck.  The
# senders get a plain FIFO qdisc: fq_codel, the usual default, drops what
# waits too long, and these tests are about the fabric not losing any.
bottleneck() {
	ip_cleanup
	ip_star 3 "$LARGS"
	rcfctl link set 2 bandwidth 4 >/dev/null
	tc -n rcfip0 qdisc replace dev rcf0 root pfifo limit 1000
	tc -n rcfip1 qdisc replace dev rcf1 root pfifo limit 1000
}

# Cycles the senders' links (0 and 1, node to switch) waited for credit.
blocked_in() {
	echo $(($(stat channel blocked "link=0 dir=0 ") +
		$(stat channel blocked "link=1 dir=0 ")))
}

tcp_congested() {
	bottleneck
	head -c $((8 << 20)) /dev/urandom >"$T_TMP/in"
	ip netns exec rcfip2 timeout 300 nc -l 5001 >"$T_TMP/out" &
	local rx=$!
	wait_listen rcfip2 tcp 5001
	ip netns exec rcfip1 "$TOOL" flood 10.9.0.3 5002 1000 1400 &
	local flood=$!
	ip netns exec rcfip0 timeout 300 nc -N 10.9.0.3 5001 <"$T_TMP/in" ||
		fail "nc sender failed"
	wait "$rx" || fail "nc receiver failed"
	wait "$flood" || fail "flood failed"
	local a b
	a=$(sha256sum <"$T_TMP/in")
	b=$(sha256sum <"$T_TMP/out")
	expect_eq "$a" "$b" "sha256 of the 8 MiB received"
	"$TOOL" get fabric
	"$TOOL" get switch
	# pressure went back upstream from the bottleneck
	local blk
	blk=$(blocked_in)
	echo "sender links blocked for $blk cycles"
	[ "$blk" -gt 0 ] || fail "the link was never congested"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
}

# received_at_2 BASE N: node 2 has received N messages more than BASE
received_at_2() {
	[ $(($(stat node msgs_received "node=2 ") - $1)) -ge "$2" ]
}

# flood_two PORT: 1000 datagrams of 1400 bytes each from node 0 (IPv4)
# and node 1 (IPv6) to node 2 at once; their reports in $T_TMP/PORT.0
# and $T_TMP/PORT.1
flood_two() {
	ip netns exec rcfip0 "$TOOL" flood 10.9.0.3 "$1" 1000 1400 \
		>"$T_TMP/$1.0" &
	local f0=$!
	ip netns exec rcfip1 "$TOOL" flood fd09::3 "$1" 1000 1400 \
		>"$T_TMP/$1.1"
	wait "$f0"
	cat "$T_TMP/$1.0" "$T_TMP/$1.1"
}

udp_flood() {
	bottleneck
	local base
	base=$(stat node msgs_received "node=2 ")
	flood_two 5003
	local e0 e1 got
	e0=$(sed 's/.*eagain=//' "$T_TMP/5003.0")
	e1=$(sed 's/.*eagain=//' "$T_TMP/5003.1")
	[ $((e0 + e1)) -gt 0 ] || fail "the senders never saw backpressure"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	# every datagram sent arrives, once the fabric has drained (the
	# netdevs' tx_dropped also counts IPv6's own multicast, no-dest)
	wait_for received_at_2 "$base" 2000 || true
	got=$(($(stat node msgs_received "node=2 ") - base))
	[ "$got" = 2000 ] || "$TOOL" get fabric
	expect_eq 2000 "$got" "datagrams node 2 received"
	"$TOOL" get switch
	[ "$(blocked_in)" -gt 0 ] || fail "the bottleneck never pushed back"
}

# fabric show's figure NAME
fig() {
	rcfctl fabric show | sed -n "s/.* $1 \([0-9]*\).*/\1/p"
}

# The same flood with a 1 MiB central queue, which would take the
# senders' bursts, and a mem-limit that leaves the engine's packet pool
# 64 KiB: the budget holds skbs back in their node queues instead, so
# nothing is dropped, every datagram arrives and the pool stays within
# its budget (Documentation/datapath.rst, "The pool's budget").
budget_flood() {
	local base b got peak
	bottleneck
	rcfctl switch set 0 cq-size 1048576 >/dev/null ||
		fail "a 1 MiB central queue refused"
	rcfctl fabric set mem-limit $(($(fig mem) + $(fig engine-mem) + 65536)) \
		>/dev/null || fail "mem-limit refused"
	# the new engine's tables may differ a little from the old one's
	b=$(fig pool-budget)
	[ -n "$b" ] && [ "$b" -gt 32768 ] && [ "$b" -le 98304 ] ||
		fail "pool-budget '$b', want about 64 KiB"
	base=$(stat node msgs_received "node=2 ")
	flood_two 5005
	wait_for received_at_2 "$base" 2000 || true
	got=$(($(stat node msgs_received "node=2 ") - base))
	rcfctl fabric show
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	expect_eq 2000 "$got" "datagrams node 2 received"
	peak=$(fig pool-peak)
	[ "$peak" -gt 0 ] && [ "$peak" -le "$b" ] ||
		fail "pool-peak $peak, budget $b"
	[ "$(fig pool-refused)" -gt 0 ] || fail "the budget never held an skb"
	rcfctl fabric set mem-limit 0 >/dev/null
}

# rcf.ko goes with skbs queued, packets in flight and node netdevs in
# other namespaces, and comes back.
packets_sent() { [ "$(stat fabric pkts_sent)" -gt 0 ]; }

unload_in_flight() {
	[ -n "${RCF_KO:-}" ] && [ -f "$RCF_KO" ] || fail "RCF_KO is not set"
	ip_cleanup
	ip_star 3
	ip netns exec rcfip0 "$TOOL" flood 10.9.0.3 5004 100000 1400 \
		>/dev/null 2>&1 &
	local f0=$!
	ip netns exec rcfip1 "$TOOL" flood 10.9.0.3 5004 100000 1400 \
		>/dev/null 2>&1 &
	local f1=$!
	wait_for packets_sent || fail "no traffic before unload"
	wait_for rmmod rcf 2>/dev/null || true
	! grep -q '^rcf ' /proc/modules || fail "rcf would not unload"
	kill "$f0" "$f1" 2>/dev/null || true
	wait "$f0" "$f1" 2>/dev/null || true
	ip -n rcfip0 link show dev rcf0 >/dev/null 2>&1 &&
		fail "rcf0 outlived the module"
	insmod "$RCF_KO" || fail "insmod $RCF_KO failed"
}

t_plan 4
t_run "8 MiB over TCP through a congested link, sha256 matches" tcp_congested
t_run "UDP flood into one link: no drop, senders pushed back" udp_flood
t_run "UDP flood under a small pool budget: no drop, pool within it" \
	budget_flood
t_run "unload with traffic in flight" unload_in_flight
ip_cleanup
t_done
