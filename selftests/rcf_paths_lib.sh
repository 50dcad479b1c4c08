# SPDX-License-Identifier: GPL-2.0
# Shared by the selftests of rcfd's switch controllers over rcf.ko's
# paths: rcfd with path management on, nodes in namespaces, fabrics, the
# path tracepoint and `rcfctl daemon paths`.  Source after lib.sh and
# rcf_ip_lib.sh.

RUN=$(mktemp -d /run/rcfd-paths.XXXXXX)
SOCK=$RUN/rcfd.sock
PIDF=$RUN/rcfd.pid
CONF=$T_TMP/rcfd.conf
LOG=$T_TMP/rcfd.log
MSG="$T_DIR/rcf_msg_tool"
TR=/sys/kernel/tracing
export RCFD_SOCKET=$SOCK

# rcfd with path management on; extra "key = value" lines for [paths].
# Its timeout_ms becomes the fabric's path-timeout, and a request that
# runs out drops every message held for it (NO_PATH): under TCG on a
# loaded machine eight masters' set-ups have taken more than 20 s, so
# the default is five minutes, which costs time only when nothing would
# ever answer.  A test of the timeout itself sets PATHS_TIMEOUT.
rcfd_start() {
	printf '%s\n' "log_level = debug" "socket = $SOCK" "pidfile = $PIDF" \
		"[routing]" "manage = no" "algorithm = none" \
		"[paths]" "manage = yes" "timeout_ms = ${PATHS_TIMEOUT:-300000}" \
		"$@" >"$CONF"
	rcfd -c "$CONF" --stderr 2>>"$LOG" ||
		fail "rcfd did not start: $(tail -n 5 "$LOG")"
	pfield running >/dev/null
	wait_pfield running true
}

rcfd_stop() {
	local pid
	[ -s "$PIDF" ] || return 0
	pid=$(cat "$PIDF")
	kill "$pid" 2>/dev/null || return 0
	wait_for gone "$pid" || fail "rcfd did not stop"
}

gone() { ! kill -0 "$1" 2>/dev/null; }

cleanup() {
	rcfd_stop || true
	ip_cleanup
}

# a field of `rcfctl -j daemon paths`, by dotted path
pfield() {
	rcfctl -j daemon paths | python3 -c '
import json, sys
v = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v = v[int(k)] if isinstance(v, list) else v[k]
print(str(v).lower() if isinstance(v, bool) else v)' "$1"
}

pfield_is() {
	local got
	got=$(pfield "$1" 2>/dev/null) && [ "$got" = "$2" ]
}

wait_pfield() {
	wait_for pfield_is "$1" "$2" ||
		fail "rcfd paths $1: want $2, got $(pfield "$1" 2>&1)"
}

# nodes N.. in their namespaces with addresses, MTU m
ns_nodes() {
	local mtu=$1 n
	shift
	for n in "$@"; do
		ip_node "$n"
		ip -n "rcfip$n" link set "rcf$n" mtu "$mtu"
		# the senders block on a full queue instead of losing datagrams
		tc -n "rcfip$n" qdisc replace dev "rcf$n" root pfifo limit 10000
	done
}

trace_on() {
	[ -d "$TR/events" ] || mount -t tracefs nodev "$TR" ||
		fail "no tracefs"
	echo 0 >"$TR/tracing_on"
	echo >"$TR/trace"
	echo 8192 >"$TR/buffer_size_kb"
	echo 1 >"$TR/events/rcf/rcf_path/enable"
	echo 1 >"$TR/events/rcf/rcf_deliver/enable"
	echo 1 >"$TR/tracing_on"
}

trace_off() {
	echo 0 >"$TR/tracing_on"
	echo 0 >"$TR/events/rcf/rcf_path/enable"
	echo 0 >"$TR/events/rcf/rcf_deliver/enable"
}

# wait until MASTER holds a path to DST
held() {
	[ "$(rcfctl -j path show | python3 -c '
import json, sys
print(any(p["master"] == int(sys.argv[1]) and p["dst"] == int(sys.argv[2])
          and p["state"] == "held" for p in json.load(sys.stdin)))' "$1" "$2")" = True ]
}

wait_held() {
	wait_for held "$1" "$2" || fail "node $1 never held a path to node $2"
}

# traced PATTERN: the trace buffer has a line matching PATTERN (grep)
traced() { grep -q "$1" "$TR/trace"; }

# Four switches in a ring, switch s with nodes 2s and 2s+1 on ports 0 and
# 1 and the ring on ports 2 (to s+1) and 3 (from s-1): link 8+s joins
# switch s port 2 to switch s+1 port 3.  $1 nodes per switch (1 or 2).
ring4() {
	local per=$1 s n
	{
		for s in 0 1 2 3; do
			echo "switch add id $s ports 4"
			for n in $(seq 0 $((per - 1))); do
				echo "node add id $((2 * s + n)) ports 1"
				echo "link add id $((2 * s + n)) node $((2 * s + n)) port 0 switch $s port $n"
			done
		done
		for s in 0 1 2 3; do
			echo "link add id $((8 + s)) switch $s port 2 switch $(((s + 1) % 4)) port 3"
		done
	} >"$T_TMP/ring.batch"
	rcfctl -batch "$T_TMP/ring.batch" >/dev/null || fail "ring refused"
}

# the paths as "master:dst:state:hops" words
paths_now() {
	rcfctl -j path show | python3 -c '
import json, sys
print(" ".join("%d:%d:%s:%s" % (p["master"], p["dst"], p["state"],
               ",".join(str(h["port"]) for h in p["hops"]))
               for p in json.load(sys.stdin)))'
}

wait_converged() {
	wait_pfield routing.converged true
	wait_pfield controllers.busy false
}

