#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Lossless epochs: a TCP transfer and a generator run across many epochs
# lose nothing; a refused batch changes nothing and stops nothing; a drain
# that times out rolls back; a freeze is refused where it could strand a
# packet and applies at once where it cannot; the epoch event and
# EPOCH_GET report the phases, and changes stay privileged.
#
# The fabric: node 0 on switch 0, node 1 on switch 1, and two parallel
# links between the switches (link 2 on ports 1, link 3 on ports 2), so
# routes can move between them and the unused one can go down and up.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

EPT="$T_DIR/rcf_epoch_tool"
trap 'ip_cleanup; rm -rf "$T_TMP"' EXIT

# two_links [LINKARGS]
two_links() {
	ip_cleanup
	{
		echo "node add id 0 ports 1"
		echo "node add id 1 ports 1"
		echo "switch add id 0 ports 4"
		echo "switch add id 1 ports 4"
		echo "link add id 0 node 0 port 0 switch 0 port 0 ${1:-}"
		echo "link add id 1 node 1 port 0 switch 1 port 0 ${1:-}"
		echo "link add id 2 switch 0 port 1 switch 1 port 1 ${1:-}"
		echo "link add id 3 switch 0 port 2 switch 1 port 2 ${1:-}"
		echo "route add src 0 dst 1 hops 0 1 0"
		echo "route add src 1 dst 0 hops 0 1 0"
	} >"$T_TMP/two.batch"
	rcfctl -batch "$T_TMP/two.batch" >/dev/null ||
		fail "two-link fabric refused"
	ip_node 0
	ip_node 1
	tc -n rcfip0 qdisc replace dev rcf0 root pfifo limit 1000
	tc -n rcfip1 qdisc replace dev rcf1 root pfifo limit 1000
}

epoch() {
	rcfctl -j fabric show | sed -n 's/.*"epoch": *\([0-9]*\).*/\1/p'
}

# field NAME LINE
field() { val "$2" "$1"; }

# The sender's second half waits for 24 epochs, so that they come during
# the transfer however fast the machine moves bytes or makes epochs.
tcp_across_epochs() {
	two_links "bandwidth 4 buffer 256"
	head -c $((8 << 20)) /dev/urandom >"$T_TMP/in"
	head -c $((4 << 20)) "$T_TMP/in" >"$T_TMP/in.0"
	tail -c +$(((4 << 20) + 1)) "$T_TMP/in" >"$T_TMP/in.1"
	ip netns exec rcfip1 timeout 600 nc -l 5001 >"$T_TMP/out" &
	local rx=$!
	wait_listen rcfip1 tcp 5001
	{
		cat "$T_TMP/in.0"
		wait_for test -e "$T_TMP/go" || true
		cat "$T_TMP/in.1"
	} | ip netns exec rcfip0 timeout 600 nc -N 10.9.0.2 5001 &
	local tx=$!
	local e0 during=0 out
	e0=$(epoch)
	# routes move between the parallel links, and the one left idle
	# goes down and up: route-only and link epochs, six a round
	while kill -0 "$tx" 2>/dev/null; do
		out=$("$EPT" flip)
		[ "$out" = "err=0" ] || { touch "$T_TMP/go"; fail "epochs refused: $out"; }
		kill -0 "$tx" 2>/dev/null && during=$((during + 6))
		[ "$during" -lt 24 ] || touch "$T_TMP/go"
	done
	wait "$tx" || fail "nc sender failed"
	wait "$rx" || fail "nc receiver failed"
	local a b
	a=$(sha256sum <"$T_TMP/in")
	b=$(sha256sum <"$T_TMP/out")
	expect_eq "$a" "$b" "sha256 of the 8 MiB received"
	echo "epochs during the transfer: $during, fabric epoch $e0 -> $(epoch)"
	"$EPT" get
	[ "$during" -ge 20 ] || fail "only $during epochs during the transfer"
	[ $(($(epoch) - e0)) -ge 20 ] || fail "epoch advanced by less than 20"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric (reconfig too)"
	expect_eq 0 "$(stat fabric drop_reconfig)" "reconfig drops"
}

# A run long enough to outlast the epochs, stopped after them; it then
# drains, so everything it offered must arrive.
traffic_across_epochs() {
	two_links
	local e0 n=0 p=1 mode out idle
	e0=$(epoch)
	rcfctl traffic start uniform rate 300 messages 10000000 seed 5 \
		size 16-400 >/dev/null || fail "traffic start refused"
	# both routes moved to the other link (route-only epochs, drained
	# and frozen alternately), then the idle link down and up: epochs
	# that build a new engine after a drain, which the run survives too
	while [ $n -lt 24 ]; do
		if [ $p = 1 ]; then p=2; idle=2; else p=1; idle=3; fi
		if [ $((n % 2)) = 0 ]; then mode=drain; else mode=auto; fi
		out=$("$EPT" route $mode 0 0 1 0 0 $p 0)
		[ "$(field err "$out")" = 0 ] || fail "epoch $n: $out"
		out=$("$EPT" route $mode 0 1 0 0 0 $p 0)
		[ "$(field err "$out")" = 0 ] || fail "epoch $n, 1 to 0: $out"
		for st in down up; do
			out=$("$EPT" link auto 0 $idle $st)
			[ "$(field err "$out")" = 0 ] ||
				fail "epoch $n link $idle $st: $out"
		done
		n=$((n + 4))
	done
	rcfctl -j traffic show >"$T_TMP/mid.json"
	rcfctl traffic stop >/dev/null
	timeout 300 rcfctl -j traffic wait >"$T_TMP/t.json" ||
		fail "traffic wait: $(cat "$T_TMP/t.json")"
	cat "$T_TMP/t.json"
	echo "fabric epoch $e0 -> $(epoch)"
	grep -q '"done": *false' "$T_TMP/mid.json" ||
		fail "the run was over before the epochs ended"
	python3 - "$T_TMP/t.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
bad = []
if t["error"] != 0: bad.append("error %d" % t["error"])
if t["msgs-offered"] < 1000: bad.append("only %d offered" % t["msgs-offered"])
if t["msgs-sent"] != t["msgs-delivered"]: bad.append("sent != delivered")
if t["msgs-offered"] != t["msgs-sent"]: bad.append("offered != sent")
if t["msgs-corrupt"]: bad.append("corrupt")
for b in bad: print("#", b)
sys.exit(1 if bad else 0)
PY
	[ $(($(epoch) - e0)) -ge 24 ] || fail "epoch advanced by less than 24"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
}

refused_batch() {
	two_links
	local e0 out before after
	e0=$(epoch)
	before=$(rcfctl route show)
	out=$("$EPT" badbatch 0 1 0)
	echo "$out"
	[ "$(field err "$out")" != 0 ] || fail "the bad batch was applied"
	expect_eq "$e0" "$(epoch)" "epoch after a refused batch"
	after=$(rcfctl route show)
	expect_eq "$before" "$after" "routes after a refused batch"
	ip netns exec rcfip0 ping -c 2 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping after a refused batch"
}

in_flight() { [ "$(stat fabric bytes_inflight)" -gt 0 ]; }

# all_received BASE N: node 1 has received N messages more than BASE
all_received() {
	[ $(($(stat node msgs_received "node=1 ") - $1)) -ge "$2" ]
}

# Bytes in flight on a slow paced clock: a 1 ms drain cannot finish and
# rolls back; a link change cannot freeze; a route change freezes.  The
# flood of 300 KB at 3000 bytes a second keeps them there for 100 s once
# it has started.
timeout_and_freeze() {
	two_links "bandwidth 1"
	rcfctl fabric set clock 3000 >/dev/null
	local base e0 out got
	base=$(stat node msgs_received "node=1 ")
	ip netns exec rcfip0 "$TOOL" flood 10.9.0.2 5003 300 1000 \
		>"$T_TMP/f0" &
	local fl=$!
	wait_for in_flight || fail "the flood never reached the fabric"
	e0=$(epoch)
	out=$("$EPT" link drain 1 3 down)
	echo "drain 1 ms: $out"
	expect_eq 110 "$(field err "$out")" "errno of a drain that timed out"
	expect_eq "$e0" "$(epoch)" "epoch after a rolled-back drain"
	rcfctl -j link show 3 | grep -q '"state": *"up"' ||
		fail "link 3 changed by a rolled-back epoch"
	out=$("$EPT" get)
	echo "get: $out"
	expect_eq 110 "$(field error "$out")" "EPOCH_GET error"
	[ "$(field inflight "$out")" -gt 0 ] || fail "no bytes were in flight"
	out=$("$EPT" link freeze 0 3 down)
	echo "freeze link: $out"
	expect_eq 16 "$(field err "$out")" "errno of a freeze that could strand"
	expect_eq "$e0" "$(epoch)" "epoch after a refused freeze"
	out=$("$EPT" route freeze 0 0 1 0 0 2 0)
	echo "freeze route: $out"
	expect_eq 0 "$(field err "$out")" "errno of a route-only freeze"
	out=$("$EPT" get)
	echo "get: $out"
	expect_eq 2 "$(field mode "$out")" "mode used"
	expect_eq 0 "$(field drain_ns "$out")" "drain time of a freeze"
	[ "$(field inflight "$out")" -gt 0 ] || fail "froze an empty fabric"
	expect_eq $((e0 + 1)) "$(epoch)" "epoch after the freeze"
	rcfctl fabric set clock free >/dev/null
	wait "$fl" || fail "flood failed"
	wait_for all_received "$base" 300 || true
	got=$(($(stat node msgs_received "node=1 ") - base))
	expect_eq 300 "$got" "datagrams received"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
}

event_and_perms() {
	two_links
	local e0 out
	e0=$(epoch)
	out=$("$EPT" watch 0 1 0 0 2 0)
	echo "event: $out"
	expect_eq 0 "$(field error "$out")" "event error"
	expect_eq $((e0 + 1)) "$(field number "$out")" "event epoch number"
	[[ $out == *suspend_ns=*drain_ns=*apply_ns=*resume_ns=* ]] ||
		fail "phase times missing"
	[[ $out != *"?"* ]] || fail "an attribute is missing"
	[ "$(field apply_ns "$out")" -gt 0 ] || fail "no apply time"
	[ "$(field applied "$out")" -gt 0 ] || fail "no applied total"
	local nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
	out=$($nobody "$EPT" get)
	echo "unprivileged get: $out"
	expect_eq $((e0 + 1)) "$(field number "$out")" "unprivileged EPOCH_GET"
	out=$($nobody "$EPT" route drain 100 0 1 0 0 1 0)
	echo "unprivileged change: $out"
	expect_eq 1 "$(field err "$out")" "errno of an unprivileged change"
	expect_eq $((e0 + 1)) "$(epoch)" "epoch after the refused change"
}

t_plan 5
t_run "epoch: an 8 MiB TCP transfer across 20+ epochs loses nothing" \
	tcp_across_epochs
t_run "epoch: a generator run across 24 epochs (12 new engines) delivers all" \
	traffic_across_epochs
t_run "epoch: a refused batch changes and stops nothing" refused_batch
t_run "epoch: a drain timeout rolls back, freeze refused or instant" \
	timeout_and_freeze
t_run "epoch: the event, EPOCH_GET and permissions" event_and_perms
t_done
