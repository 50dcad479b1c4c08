#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Packets the fabric cannot carry are dropped, counted under their
# reason, and nothing breaks: an address no node holds, a downed link on
# the route, a pair without a route.  Routes with bad route bytes or over
# the hop limit are refused at install, so raw packets carrying them are
# sent through the debugfs fault-injection file instead, and must be
# counted as bad-byte and hop-limit drops with the fabric unharmed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

DBG=/sys/kernel/debug/rcf

# The fault-injection file of this netns's fabric (named for the netns).
inject_path() {
	local ns
	[ -d "$DBG" ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null ||
		true
	ns=$(readlink /proc/self/ns/net)
	echo "$DBG/${ns//[^0-9]/}/inject"
}

# inject SRC HEXROUTE [LEN]: one raw packet through this netns's fabric.
inject() {
	local f
	f=$(inject_path)
	[ -e "$f" ] || fail "no $f"
	echo "$*" >"$f"
}

# wait_drop REASON MIN: the fabric's drop_REASON reaches MIN (the engine
# runs in its kthread, after the write returned).
drop_reached() { [ "$(stat fabric "drop_$1")" -ge "$2" ]; }

wait_drop() {
	wait_for drop_reached "$1" "$2" ||
		fail "drop_$1 is $(stat fabric "drop_$1"), want at least $2"
}

no_dest() {
	ip_cleanup
	ip_line 1
	local before
	before=$(stat fabric drop_no-dest)
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 1 10.9.0.99 &&
		fail "ping to nobody answered"
	wait_drop no-dest $((before + 2))
	[ "$(devstat 0 tx_dropped)" -ge 2 ] || fail "tx_dropped not counted"
}

link_down() {
	ip_cleanup
	ip_line 3
	rcfctl link set 3 state down
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 1 10.9.0.2 &&
		fail "ping over a down link answered"
	wait_drop link-down 2
	rcfctl link set 3 state up
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping once the link is up again"
}

no_route() {
	ip_cleanup
	ip_line 1
	rcfctl route del src 0 dst 1
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 1 10.9.0.2 &&
		fail "ping without a route answered"
	wait_drop no-route 2
}

refused_routes() {
	ip_cleanup
	ip_line 1
	# port 7 does not exist on a 4-port switch
	rcfctl route add src 0 dst 1 index 1 hops 0 7 2>/dev/null &&
		fail "a route byte naming no port was accepted"
	# more route bytes than a route may have
	rcfctl route add src 0 dst 1 index 1 hops 0 \
		$(printf '1 %.0s' $(seq 70)) 2>/dev/null &&
		fail "a route over the hop limit was accepted"
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "the installed route stopped working"
}

bad_byte() {
	ip_cleanup
	ip_line 1
	local b
	b=$(stat fabric drop_bad-byte)
	# reserved bit at the source's own route byte, then at the switch
	inject 0 80 8
	inject 0 0081 8
	wait_drop bad-byte $((b + 2))
	[ "$(stat fabric pkts_dropped)" -ge 2 ] || fail "pkts_dropped not counted"
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping after bad route bytes"
}

# Nodes 0 and 1 joined through switches 0 and 1 whose circuits pass
# bytes both ways: a packet whose route bytes all say "port 0" bounces
# between the nodes, three elements per route byte, so 50 route bytes
# cross 150 elements, over the engine's hop limit.
hop_limit() {
	ip_cleanup
	{
		echo "node add id 0 ports 1"
		echo "node add id 1 ports 1"
		echo "switch add id 0 ports 4"
		echo "switch add id 1 ports 4"
		echo "link add id 0 node 0 port 0 switch 0 port 0"
		echo "link add id 1 switch 0 port 1 switch 1 port 0"
		echo "link add id 2 switch 1 port 1 node 1 port 0"
		echo "circuit add switch 0 in 0 out 1"
		echo "circuit add switch 0 in 1 out 0"
		echo "circuit add switch 1 in 0 out 1"
		echo "circuit add switch 1 in 1 out 0"
		echo "route add src 0 dst 1 hops 0"
		echo "route add src 1 dst 0 hops 0"
	} >"$T_TMP/bounce.batch"
	rcfctl -batch "$T_TMP/bounce.batch" >/dev/null ||
		fail "circuit fabric refused"
	ip_node 0
	ip_node 1
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping over the circuits"
	local h
	h=$(stat fabric drop_hop-limit)
	inject 0 "$(printf '00%.0s' $(seq 50))" 4
	wait_drop hop-limit $((h + 1))
	# more route bytes than a route may have: refused at send, counted
	inject 0 "$(printf '00%.0s' $(seq 70))" 2>/dev/null &&
		fail "a 70-byte route was sent"
	wait_drop hop-limit $((h + 2))
	ip netns exec rcfip0 ping -c 1 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping after the hop limit drops"
}

inject_file() {
	ip_cleanup
	ip_line 1
	local f
	f=$(inject_path)
	inject 0 0001 || fail "a good raw packet was refused"
	inject 0 zz 2>/dev/null && fail "a route that is not hex was taken"
	inject 0 000 2>/dev/null && fail "an odd number of digits was taken"
	inject 9 0001 2>/dev/null && fail "a node that does not exist was taken"
	rcfctl fabric del
	[ ! -e "$f" ] || fail "$f outlived its fabric"
}

t_plan 7
t_run "address of no node: counted no-dest drop" no_dest
t_run "downed link: counted link-down drops, then recovery" link_down
t_run "pair without route: counted no-route drops" no_route
t_run "bad route bytes and over-long routes are refused" refused_routes
t_run "raw bad route bytes: counted bad-byte drops, ping after" bad_byte
t_run "raw route over the hop limit: counted hop-limit drops" hop_limit
t_run "debugfs inject: parsing, removed with its fabric" inject_file
ip_cleanup
t_done
