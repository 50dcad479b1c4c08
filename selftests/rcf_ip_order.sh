#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A pair's IP packets reach the receiving stack in the order the fabric
# delivered them, even when the kernel's receive softirq falls behind and
# the fabric's kthread moves between CPUs.  The fabric keeps a pair's
# messages in order; a hand-off to the stack that queued them on the
# backlog of whichever CPU the kthread ran on would let two CPUs' backlogs
# drain independently, and a later message overtake an earlier one.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

MSG="$T_DIR/rcf_msg_tool"
SYS=/proc/sys/net/core

KNOBS="netdev_budget dev_weight netdev_max_backlog rmem_default"
declare -A old
for k in $KNOBS; do
	old[$k]=$(cat "$SYS/$k")
done

# The receive path's knobs: a softirq that yields after every packet, and
# a backlog and socket buffer deep enough that none is dropped meanwhile.
# The case runs in a subshell that may stop anywhere; the program puts
# them back after it.
knobs_set() {
	echo 1 >"$SYS/netdev_budget"
	echo 1 >"$SYS/dev_weight"
	echo 100000 >"$SYS/netdev_max_backlog"
	echo 16777216 >"$SYS/rmem_default"
}

restore() {
	local k
	for k in $KNOBS; do
		echo "${old[$k]}" >"$SYS/$k"
	done
}

# Three senders stream to node 0 while the kthread is moved from CPU to
# CPU.  The receive softirq is also made to yield after every packet, so
# that a hand-off through a CPU's backlog would defer to ksoftirqd and let
# two CPUs' backlogs hold packets of one pair at once.  With the kthread
# handing messages to the stack itself (kmod/dp.c) no backlog is used and
# the softirq never runs out of budget here (softnet_stat's third column
# stays put): what this checks is the order while the kthread moves.
order() {
	[ "$(nproc)" -ge 2 ] || fail "needs two CPUs, the VM has $(nproc)"
	ip_cleanup
	ip_star 4
	local pid n rx tx=() moves
	pid=$(pgrep -x rcf-dp | head -n 1)
	[ -n "$pid" ] || fail "no rcf-dp kthread"
	knobs_set
	ip netns exec rcfip0 "$MSG" recv 7003 60 1:1500 2:1500 3:1500 \
		>"$T_TMP/rx" &
	rx=$!
	wait_listen rcfip0 udp 7003
	# fq_codel, the default, drops what waits past its target when it
	# dequeues, unseen by the sender; pfifo refuses at the door, which
	# the sender sees (RECVERR) and retries
	for n in 1 2 3; do
		ip -n "rcfip$n" link set "rcf$n" txqueuelen 100
		tc -n "rcfip$n" qdisc replace dev "rcf$n" root pfifo ||
			fail "no pfifo qdisc on rcf$n"
	done
	for n in 1 2 3; do
		ip netns exec "rcfip$n" "$MSG" send "$n" 1500 200 1500 \
			10.9.0.1:7003 >"$T_TMP/tx$n" &
		tx+=($!)
	done
	# move the kthread from CPU to CPU while any sender is still sending
	python3 - "$pid" "${tx[@]}" >"$T_TMP/moves" <<-'PY' &
		import os, sys, time
		pid, senders = int(sys.argv[1]), [int(a) for a in sys.argv[2:]]
		def running(p):
		    try:
		        return open("/proc/%d/stat" % p).read().rsplit(")", 1)[1].split()[0] != "Z"
		    except OSError:
		        return False
		def alive():
		    return any(running(s) for s in senders)
		moves = 0
		while alive():
		    for cpu in (0, 1):
		        os.sched_setaffinity(pid, {cpu})
		        moves += 1
		        time.sleep(0.0005)
		os.sched_setaffinity(pid, set(range(os.cpu_count())))
		print(moves)
	PY
	local mover=$!
	for n in "${tx[@]}"; do
		wait "$n" || fail "a sender failed"
	done
	if ! wait "$rx"; then
		cat "$T_TMP/rx" "$T_TMP"/tx*
		for n in 0 1 2 3; do
			echo "node $n: tx_dropped $(devstat $n tx_dropped) rx_dropped $(devstat $n rx_dropped) tx $(devstat $n tx_packets) rx $(devstat $n rx_packets)"
		done
		echo "fabric drops $(fabric_drops)"
		"$TOOL" get fabric
		cat /proc/net/softnet_stat
		ip netns exec rcfip0 grep Udp: /proc/net/snmp
		ip netns exec rcfip1 tc -s qdisc show dev rcf1
		fail "messages reordered, lost or cut"
	fi
	wait "$mover" || fail "could not move the kthread"
	moves=$(cat "$T_TMP/moves")
	cat "$T_TMP/rx"
	echo "kthread moved $moves times"
	[ "$moves" -ge 2 ] || fail "the kthread was never moved"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
}

t_plan 1
t_run "a pair's packets in order while the kthread moves between CPUs" order
restore
ip_cleanup
t_done
