#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Packets the fabric cannot carry are dropped, counted under their
# reason, and nothing breaks: an address no node holds, a downed link on
# the route, a pair without a route.  Routes with bad route bytes or over
# the hop limit never reach the data path: the kernel refuses them.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

no_dest() {
	ip_cleanup
	ip_line 1
	local before
	before=$(stat fabric drop_no_dest)
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 1 10.9.0.99 &&
		fail "ping to nobody answered"
	[ "$(stat fabric drop_no_dest)" -ge $((before + 2)) ] ||
		fail "no_dest drops not counted"
	[ "$(devstat 0 tx_dropped)" -ge 2 ] || fail "tx_dropped not counted"
}

link_down() {
	ip_cleanup
	ip_line 3
	rcfctl link set 3 state down
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 1 10.9.0.2 &&
		fail "ping over a down link answered"
	local d
	d=$(stat fabric drop_link_down)
	[ "$d" -ge 2 ] || fail "link_down drops: $d"
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
	[ "$(stat fabric drop_no_route)" -ge 2 ] || fail "no_route not counted"
	true
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

t_plan 4
t_run "address of no node: counted no_dest drop" no_dest
t_run "downed link: counted link_down drops, then recovery" link_down
t_run "pair without route: counted no_route drops" no_route
t_run "bad route bytes and over-long routes are refused" refused_routes
ip_cleanup
t_done
