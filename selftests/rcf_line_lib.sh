# SPDX-License-Identifier: GPL-2.0
# The line fabric of the IP selftests (rcf_ip_lib.sh) and of the VM data
# plane benchmarks (scripts/bench/dataplane-lib.sh), one definition for
# both.  Plain bash: sourced with or without lib.sh.

# line_batch S [LINK_ARGS [NAME0 NAME1]]: on stdout, the batch of nodes
# 0 and 1 at the ends of a line of S switches (4 ports each): node 0 on
# switch 0 port 0, node 1 on switch S-1 port 1, switch i port 2 to
# switch i+1 port 3; routes both ways, S + 1 route bytes each.
# LINK_ARGS go on every link; NAME0 and NAME1 name the nodes' netdevs.
line_batch() {
	local s=$1 largs=${2:+ $2} i fwd="0" back="0"
	local n0=${3:+ name $3} n1=${4:+ name $4}
	echo "node add id 0 ports 1$n0"
	echo "node add id 1 ports 1$n1"
	for i in $(seq 0 $((s - 1))); do
		echo "switch add id $i ports 4"
	done
	echo "link add id 0 node 0 port 0 switch 0 port 0$largs"
	echo "link add id 1 node 1 port 0 switch $((s - 1)) port 1$largs"
	for i in $(seq 0 $((s - 2))); do
		echo "link add id $((i + 2)) switch $i port 2 switch $((i + 1)) port 3$largs"
		fwd="$fwd 2"
		back="$back 3"
	done
	echo "route add src 0 dst 1 hops $fwd 1"
	echo "route add src 1 dst 0 hops $back 0"
}
