#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# IPv4 and IPv6 over the fabric between nodes in their own namespaces:
# ping and ping6 across 1, 3 and 6 switches, counters that follow, and a
# node netdev that goes home when its namespace dies.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

pings() {
	ip_cleanup
	ip_line "$1"
	ip netns exec rcfip0 ping -c 3 -i 0.2 -W 5 10.9.0.2 ||
		fail "ping across $1 switches"
	ip netns exec rcfip1 ping -6 -c 3 -i 0.2 -W 5 fd09::1 ||
		fail "ping6 across $1 switches"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	local d
	d=$(stat fabric pkts_delivered)
	[ "$d" -ge 12 ] || fail "only $d packets delivered"
}

ping1() { pings 1; }
ping3() { pings 3; }
ping6hops() { pings 6; }

# Counters per channel, node and pair, and a reset that zeroes them.
counters() {
	ip_cleanup
	ip_line 1
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 5 10.9.0.2 >/dev/null
	"$TOOL" get channel
	"$TOOL" get node
	"$TOOL" get pair
	"$TOOL" get switch
	local b
	b=$(stat channel bytes "link=0 dir=0")
	[ "$b" -gt 0 ] || fail "no bytes on link 0 from node 0"
	b=$(stat pair pkts_sent "src=0 dst=1")
	[ "$b" -gt 0 ] || fail "no C_01 traffic"
	b=$(stat node msgs_received "node=1")
	[ "$b" -ge 2 ] || fail "node 1 received $b messages"
	"$TOOL" reset
	expect_eq 0 "$(stat fabric pkts_delivered)" "delivered after reset"
	expect_eq 0 "$(stat channel bytes "link=0 dir=0")" "bytes after reset"
}

# Counters survive a configuration change (a new engine).
survive() {
	ip_cleanup
	ip_line 1
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 5 10.9.0.2 >/dev/null
	local before after gen0 gen1
	before=$(stat fabric pkts_delivered)
	gen0=$(stat fabric engine_gen)
	rcfctl switch add id 9 ports 4 >/dev/null
	after=$(stat fabric pkts_delivered)
	gen1=$(stat fabric engine_gen)
	[ "$gen1" -gt "$gen0" ] || fail "no new engine: $gen0 -> $gen1"
	expect_eq "$before" "$after" "delivered across the rebuild"
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping after the rebuild"
}

# The namespace dies first: the device goes back to the fabric's.
netns_dies() {
	ip_cleanup
	ip_line 1
	ip netns del rcfip1
	# the namespace dies in a worker, after the command returned
	wait_for ip link show dev rcf1 >/dev/null 2>&1 ||
		fail "rcf1 did not come home"
	rcfctl node show 1 | grep -q rcf1 || fail "node 1 lost its netdev"
	rcfctl fabric del >/dev/null
	ip link show dev rcf1 >/dev/null 2>&1 && fail "rcf1 outlived its fabric"
	true
}

# The fabric dies first: its devices go wherever they are.
fabric_dies() {
	ip_cleanup
	ip_line 1
	rcfctl fabric del >/dev/null
	ip -n rcfip0 link show dev rcf0 >/dev/null 2>&1 &&
		fail "rcf0 outlived its fabric"
	ip netns del rcfip0
	ip netns del rcfip1
}

# The address table refuses what would make a destination ambiguous.
addrs() {
	ip_cleanup
	ip_line 1
	"$TOOL" addr 1 10.9.0.1 2>"$T_TMP/err" &&
		fail "node 1 took node 0's address"
	grep -q "another node" "$T_TMP/err" || fail "$(cat "$T_TMP/err")"
	"$TOOL" addr 0 10.9.0.7 10.9.0.7 2>/dev/null &&
		fail "an address given twice was accepted"
	"$TOOL" addr 0 $(seq -f "10.9.1.%g" 9) 2>"$T_TMP/err" &&
		fail "9 addresses were accepted"
	grep -q "at most 8" "$T_TMP/err" || fail "$(cat "$T_TMP/err")"
	# a refused change kept the old list: ping still works
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "ping after refusals"
	# an empty list clears it: node 1 is no destination any more
	"$TOOL" addr 1
	ip netns exec rcfip0 ping -c 1 -W 1 10.9.0.2 >/dev/null &&
		fail "ping to a cleared address"
	true
}

# Paced time: cycles follow the wall clock; ping still crosses.
paced() {
	ip_cleanup
	ip_line 3
	"$TOOL" clock 2000000000 2>/dev/null &&
		fail "a clock over RCF_MAX_CLOCK_HZ was accepted"
	"$TOOL" clock 200000
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping at 200 kHz"
	local c
	c=$(stat fabric cycle)
	[ "$c" -gt 0 ] || fail "no cycles ran"
	"$TOOL" clock 0
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping free-running again"
}

t_plan 9
t_run "ping and ping6 across 1 switch" ping1
t_run "ping and ping6 across 3 switches" ping3
t_run "ping and ping6 across 6 switches" ping6hops
t_run "channel, node and pair counters; reset" counters
t_run "counters survive a new engine" survive
t_run "namespace dies before the fabric" netns_dies
t_run "fabric dies before the namespace" fabric_dies
t_run "address table refusals" addrs
t_run "paced clock" paced
ip_cleanup
t_done
