#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Dynamic reconfiguration end to end: a supernode hypercube (García-Duato
# §2), topo swap as one epoch, and rcfd's reconfig policy on case 1 of
# §4.1 (nodes 0 and 8 send 100 messages each to node 15, threshold1 10,
# threshold2 5) with UDP datagrams over the nodes' netdevs.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

export RCF_SUPERNODE_STATE=$T_TMP/supernode
RUN=$(mktemp -d /run/rcfd-reconf.XXXXXX)
export RCFD_SOCKET=$RUN/rcfd.sock
CONF=$T_TMP/rcfd.conf
LOG=$T_TMP/rcfd.log

stop_rcfd() {
	local pid
	pid=$(cat "$RUN/rcfd.pid" 2>/dev/null) || return 0
	kill "$pid" 2>/dev/null || true
	wait_for not_alive "$pid" || fail "rcfd $pid did not stop"
}

not_alive() { ! kill -0 "$1" 2>/dev/null; }

cleanup() {
	stop_rcfd
	ip_cleanup
	rm -rf "$RUN" "$T_TMP"
}
trap cleanup EXIT

circuits() {
	rcfctl -j circuit show | tr '{' '\n' | grep -o '"switch":[0-9]*,"in":[0-9]*,"out":[0-9]*' | sort
}

hypercube() {
	ip_cleanup
	rcfctl topo apply supernode:hypercube:4 >/dev/null ||
		fail "supernode:hypercube:4 refused"
	[ -s "$RCF_SUPERNODE_STATE" ] || fail "no mapping stored"
}

swap_twice() {
	local before after mid
	hypercube
	before=$(circuits)
	[ -n "$before" ] || fail "no circuits"
	rcfctl topo swap 0 5 || fail "swap 0 5 refused"
	mid=$(circuits)
	[ "$before" != "$mid" ] || fail "the swap changed no circuit"
	grep -q '^pos 5 1 2 3 4 0 ' "$RCF_SUPERNODE_STATE" ||
		fail "mapping after the swap: $(cat "$RCF_SUPERNODE_STATE")"
	rcfctl route check >/dev/null || fail "routes do not walk after a swap"
	rcfctl topo swap 3 9 >/dev/null || fail "swap 3 9 refused"
	rcfctl topo swap 3 9 >/dev/null || fail "swap 3 9 back refused"
	rcfctl topo swap 5 0 >/dev/null || fail "swap back refused"
	after=$(circuits)
	expect_eq "$before" "$after" "circuits after swapping twice"
	rcfctl route check >/dev/null || fail "routes do not walk at the end"
}

swap_refused() {
	local before after rc=0 epoch0 epoch1
	hypercube
	before=$(circuits)
	epoch0=$(rcfctl -j fabric show | grep -o '"epoch":[0-9]*')
	rcfctl topo swap 0 16 2>"$T_TMP/err" || rc=$?
	[ $rc -ne 0 ] || fail "a swap with node 16 was accepted"
	cat "$T_TMP/err"
	grep -q "node 16 does not exist" "$T_TMP/err" ||
		fail "unclear refusal: $(cat "$T_TMP/err")"
	after=$(circuits)
	epoch1=$(rcfctl -j fabric show | grep -o '"epoch":[0-9]*')
	expect_eq "$before" "$after" "circuits after a refused swap"
	expect_eq "$epoch0" "$epoch1" "fabric epoch after a refused swap"
	grep -q '^pos 0 1 2 3 4 5 ' "$RCF_SUPERNODE_STATE" ||
		fail "mapping changed by a refused swap"
}

# start_rcfd [THRESHOLD1 THRESHOLD2]: the reconfig policy on the 4-cube
start_rcfd() {
	stop_rcfd
	printf '%s\n' "log_level = info" "socket = $RCFD_SOCKET" \
		"pidfile = $RUN/rcfd.pid" "[reconfig]" "enable = yes" \
		"topology = hypercube:4" "threshold1 = ${1:-10}" \
		"threshold2 = ${2:-5}" \
		"state = $RCF_SUPERNODE_STATE" >"$CONF"
	rcfd -c "$CONF" --stderr 2>"$LOG" || fail "rcfd: $(cat "$LOG")"
	rcfctl daemon reconfig show >"$T_TMP/show" || fail "reconfig show"
	grep -q "running: yes" "$T_TMP/show" ||
		fail "policy not running: $(cat "$T_TMP/show")"
}

# field NAME: a top-level number from reconfig show -j
field() {
	rcfctl -j daemon reconfig show | grep -o "\"$1\":[0-9]*" | head -1 |
		cut -d: -f2
}

# send FROM TO N: N UDP datagrams, one socket each time
send() {
	ip netns exec "rcfip$1" bash -c \
		"for i in \$(seq $3); do echo m\$i >/dev/udp/10.9.0.$(($2 + 1))/9; done"
}

# position P: the position node P sits at in the stored mapping
position() {
	local pos
	pos=$(grep '^pos' "$RCF_SUPERNODE_STATE")
	set -- $((2 + $1)) $pos
	shift "$1"
	echo "$1"
}

# adjacent: rcfd has made a change and nodes 0 and 8 sit next to 15
adjacent() {
	local p p15 sum
	[ "$(field changes)" -gt 0 ] || return 1
	p15=$(position 15)
	for p in $(position 0) $(position 8); do
		sum=$((p ^ p15))
		[ $((sum & (sum - 1))) -eq 0 ] && [ $sum -ne 0 ] || return 1
	done
}

made_changes() { [ "$(field changes)" -gt 0 ]; }

case1() {
	local pos p0 p8 p15 changes sum rc
	hypercube
	for n in 0 8 15; do ip_node $n; done
	start_rcfd
	# a listener, so no ICMP goes back: the paper's traffic is one way
	ip netns exec rcfip15 python3 -c 'import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("0.0.0.0", 9))
s.settimeout(30)
n = 0
try:
    while n < 200:
        s.recv(100)
        n += 1
finally:
    print("node 15 received", n)
exit(n != 200)' &
	local rx=$!
	wait_listen rcfip15 udp 9
	send 0 15 100 &
	local s0=$!
	send 8 15 100
	wait $s0 || fail "node 0's datagrams"
	rc=0
	wait $rx || rc=$?
	# rcfd serves its queue between events, after the last datagram
	wait_for adjacent || true
	rcfctl daemon reconfig show
	grep "reconfig:" "$LOG" | sed 's/^/rcfd: /'
	"$TOOL" get node | grep -E "node=(0|8|15) "
	"$TOOL" get fabric
	[ $rc -eq 0 ] || fail "node 15 did not receive all 200 datagrams"
	changes=$(field changes)
	echo "case 1: $changes changes (the paper: three)"
	[ "$changes" -gt 0 ] || fail "no change was made"
	pos=$(grep '^pos' "$RCF_SUPERNODE_STATE")
	read -r _ p0 _ _ _ _ _ _ _ p8 _ _ _ _ _ _ p15 <<<"$pos"
	echo "positions: 0 at $p0, 8 at $p8, 15 at $p15"
	for p in $p0 $p8; do
		sum=$((p ^ p15))
		[ $((sum & (sum - 1))) -eq 0 ] && [ $sum -ne 0 ] ||
			fail "position $p is not adjacent to $p15"
	done
	rcfctl route check >/dev/null || fail "routes do not walk"
	# a checksummed transfer over the reconfigured fabric
	head -c $((64 << 10)) /dev/urandom >"$T_TMP/in"
	ip netns exec rcfip15 timeout 120 nc -l 5001 >"$T_TMP/out" &
	rx=$!
	wait_listen rcfip15 tcp 5001
	ip netns exec rcfip0 timeout 120 nc -N 10.9.0.16 5001 <"$T_TMP/in" ||
		fail "nc sender failed"
	wait $rx || fail "nc receiver failed"
	expect_eq "$(sha256sum <"$T_TMP/in")" "$(sha256sum <"$T_TMP/out")" \
		"sha256 after the swaps"
	stop_rcfd
}

# rcfd restarted after swaps: the stored mapping matches the circuits;
# a mapping that does not is refused, by rcfd and by topo swap alike
restart() {
	local st=$RCF_SUPERNODE_STATE rc=0
	rcfctl topo swap 1 2 >/dev/null || fail "swap 1 2 refused"
	start_rcfd
	stop_rcfd
	awk '/^pos/ {t = $2; $2 = $3; $3 = t} {print}' "$st" >"$st.new"
	mv "$st.new" "$st"
	rcfctl topo swap 1 2 2>"$T_TMP/err" || rc=$?
	[ $rc -ne 0 ] || fail "a swap on a stale mapping was accepted"
	grep -q "circuits are not those of" "$T_TMP/err" ||
		fail "unclear refusal: $(cat "$T_TMP/err")"
}

# crossings: messages through intermediate nodes, from the kernel's
# counters (each Givens message is one packet; a packet leaving a node
# is one node-to-node hop, so relays = packets out - packets sent); prints
# "crossings MAX_NODE_RELAYS NODE"
crossings() {
	rcfctl topo save - >"$T_TMP/topo"
	rcfctl -j stats channels >"$T_TMP/chan.json"
	rcfctl -j stats nodes >"$T_TMP/nodes.json"
	python3 - "$T_TMP/topo" "$T_TMP/chan.json" "$T_TMP/nodes.json" <<'PY'
import json, sys
out = {}
for line in open(sys.argv[1]):
    w = line.split()
    if w[:2] != ["link", "add"]:
        continue
    # link add id L KIND ID port P KIND ID port P ...
    if w[4] == "node":
        out[(int(w[3]), 0)] = int(w[5])
    if w[8] == "node":
        out[(int(w[3]), 1)] = int(w[9])
def rows(p, key):
    d = json.load(open(p))
    return d[key] if isinstance(d, dict) else d
relay = {}
for c in rows(sys.argv[2], "channels"):
    n = out.get((c["link"], c["dir"]))
    if n is not None:
        relay[n] = relay.get(n, 0) + c["packets"]
for n in rows(sys.argv[3], "nodes"):
    relay[n["node"]] = relay.get(n["node"], 0) - n["msgs-sent"]
top = max(relay, key=lambda n: (relay[n], -n))
print(sum(relay.values()), relay[top], top)
PY
}

# §4.2's Givens 150x75 (seed 1) from rcfsim gd, replayed through the
# kernel by the traffic generator (a message every 500 cycles), static
# and then with rcfd's policy at the paper's thresholds (16, 64)
givens() {
	local st dy changes
	hypercube
	netdevs_down
	rcfsim gd -w givens:150x75 --trace-out "$T_TMP/givens.trace" ||
		fail "rcfsim gd --trace-out"
	rcfctl stats reset
	rcfctl traffic start trace "$T_TMP/givens.trace"
	timeout 300 rcfctl -j traffic wait >"$T_TMP/g0.json" ||
		fail "static run: $(cat "$T_TMP/g0.json")"
	grep -q '"complete":true' "$T_TMP/g0.json" ||
		fail "static run incomplete: $(cat "$T_TMP/g0.json")"
	st=$(crossings)
	start_rcfd 16 64
	rcfctl stats reset
	rcfctl traffic start trace "$T_TMP/givens.trace"
	timeout 600 rcfctl -j traffic wait >"$T_TMP/g1.json" ||
		fail "dynamic run: $(cat "$T_TMP/g1.json")"
	wait_for made_changes || true
	dy=$(crossings)
	changes=$(field changes)
	grep "reconfig:" "$LOG" | tail -3 | sed 's/^/rcfd: /'
	echo "givens 150x75 seed 1 in the VM: static hypercube crossings, most" \
		"loaded node's relays, node: $st; dynamic: $dy, $changes changes"
	echo "(rcfsim gd, same workload: static 1093 crossings, node 0 248;" \
		"dynamic 711, node 0 124, 20 changes)"
	grep -q '"complete":true' "$T_TMP/g1.json" ||
		fail "dynamic run incomplete: $(cat "$T_TMP/g1.json")"
	grep -q '"msgs-delivered":1196' "$T_TMP/g1.json" ||
		fail "not 1196 delivered: $(cat "$T_TMP/g1.json")"
	[ "$changes" -gt 0 ] || fail "rcfd made no change"
	rcfctl route check >/dev/null || fail "routes do not walk"
	stop_rcfd
}

t_plan 5
t_run "topo swap twice restores the circuits; routes walk" swap_twice
t_run "a swap with a node that does not exist is refused, nothing changes" swap_refused
t_run "case 1 (§4.1): 0 and 8 end next to 15, sha256 transfer after" case1
t_run "rcfd restarted after swaps picks up the stored mapping" restart
t_run "Givens 150x75 (§4.2) through the kernel, static and dynamic" givens
t_done
