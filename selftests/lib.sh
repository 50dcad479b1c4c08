# SPDX-License-Identifier: GPL-2.0
# TAP 13 for the shell selftests.  A test is a shell function; it fails by
# returning non-zero (fail() prints why).  Source this, then:
#   t_plan N; t_run NAME FUNC...; t_done
# (or t_ok STATUS NAME for a result a script's own commands gave).

T_N=0
T_FAILED=0
T_PLAN=0
T_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T_TMP=$(mktemp -d "${RCF_TMP:-/tmp}/rcf-selftest.XXXXXX")
trap 'rm -rf "$T_TMP"' EXIT

t_plan() {
	T_PLAN=$1
	echo "TAP version 13"
	echo "1..$1"
}

# Diagnostics go to stdout as TAP comments so they stay with the result.
t_diag() {
	sed 's/^/# /'
}

fail() {
	echo "# $*"
	return 1
}

# t_ok STATUS NAME: one result, test NAME; STATUS 0 passes.
t_ok() {
	T_N=$((T_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $T_N $2"
	else
		echo "not ok $T_N $2"
		T_FAILED=$((T_FAILED + 1))
	fi
}

# Run FUNC ARGS in a subshell with errexit; report it as test NAME.
t_run() {
	local name=$1 out rc t0=$SECONDS
	shift
	out=$( (set -e; "$@") 2>&1)
	rc=$?
	[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^# //' | t_diag
	# how close a test comes to the program's timeout, per test
	echo "# $name: $((SECONDS - t0)) s"
	t_ok $rc "$name"
}

t_done() {
	if [ "$T_N" -ne "$T_PLAN" ]; then
		echo "# planned $T_PLAN tests, ran $T_N"
		exit 1
	fi
	[ "$T_FAILED" -eq 0 ]
	exit $?
}

# Nothing here sleeps and hopes: whatever must have happened is waited
# for by polling, and every poll gives up after T_WAIT_S seconds, a bound
# only a failure ever reaches, so that a loaded machine under TCG is slow
# but never wrong.  RCF_WAIT_S changes it.
T_WAIT_S=${RCF_WAIT_S:-120}

# wait_for CMD [ARGS...]: CMD succeeds within T_WAIT_S seconds (polled
# every 0.1 s); non-zero if it never did.
wait_for() {
	local end=$((SECONDS + T_WAIT_S))
	until "$@"; do
		[ "$SECONDS" -lt "$end" ] || return 1
		sleep 0.1
	done
}

# listening NS tcp|udp PORT: a socket in namespace NS is bound to PORT,
# so what is sent to it now is not refused or lost.
listening() {
	local f=-Hltn
	[ "$2" = udp ] && f=-Hlun
	[ -n "$(ip netns exec "$1" ss "$f" "sport = :$3")" ]
}

# wait_listen NS tcp|udp PORT: wait until listening(), or fail.
wait_listen() {
	wait_for listening "$@" || fail "nothing listens on $2 port $3 in $1"
}

expect_eq() {
	[ "$1" = "$2" ] || fail "$3: want '$1', got '$2'"
}

# json_val KEY: the string or number KEY has in the JSON on stdin (an
# rcfctl object: flat, so the first "KEY": is the one), or a failure
# that names KEY.  Bash alone: starting python3 costs about a second
# under TCG, and some tests read a figure dozens of times.
json_val() {
	local j re
	j=$(cat)
	re="\"$1\"[[:space:]]*:[[:space:]]*(\"([^\"\\\\]*)\"|(-?[0-9][0-9.eE+-]*))"
	if ! [[ $j =~ $re ]]; then
		echo "json_val: no string or number \"$1\" in: ${j:0:300}" >&2
		return 1
	fi
	if [ "${BASH_REMATCH[1]:0:1}" = '"' ]; then
		echo "${BASH_REMATCH[2]}"
	else
		echo "${BASH_REMATCH[3]}"
	fi
}

# fabric_fig KEY: the fabric's figure KEY (rcfctl -j fabric show)
fabric_fig() {
	rcfctl -j fabric show | json_val "$1"
}

# engine_gen: the engines the fabric has built (stats engine-gen)
engine_gen() {
	rcfctl -j stats show fabric | json_val engine-gen
}

# silent_netdevs: node netdevs made from now on send nothing of their
# own.  IPv6 is what would (router solicitation, neighbour discovery and
# MLD as soon as a device is up, before netdevs_down can take it down),
# and what it sent before would still be crossing the fabric when a test
# resets the counters it compares, unless the test waited long enough:
# a test that compares counters calls this before its first fabric.  The
# setting goes back when the program ends.
silent_netdevs() {
	T_V6_DEFAULT=$(sysctl -n net.ipv6.conf.default.disable_ipv6) ||
		fail "cannot read net.ipv6.conf.default.disable_ipv6"
	trap 'sysctl -qw net.ipv6.conf.default.disable_ipv6=$T_V6_DEFAULT; rm -rf "$T_TMP"' EXIT
	sysctl -qw net.ipv6.conf.default.disable_ipv6=1 ||
		fail "cannot turn IPv6 off for new devices"
}

# netdevs_down: every node netdev of the fabric (their default names,
# rcf0 ...) down, so that nothing sends into the counters a test
# compares (with silent_netdevs, nothing has sent before either).
netdevs_down() {
	local d
	for d in $(ip -o link show | awk -F': ' '{ print $2 }' |
		   grep -E '^rcf[0-9]+$'); do
		ip link set dev "$d" down
	done
}

# routed_fabric GEN ALGO: a new fabric GEN with ALGO's routes installed
# and its node netdevs down, for a test that compares counters (which
# also calls silent_netdevs first).
routed_fabric() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply "$1" >/dev/null || fail "topo apply $1 refused"
	rcfctl route compute --algo "$2" --install >/dev/null ||
		fail "$2 routes refused"
	netdevs_down
}

# rmmod_retry TRIES PAUSE WHAT: unload rcf while WHAT (requests in
# flight) holds references.  A dump in progress holds one on the module
# that owns the family and rmmod does not wait for it: it is refused
# with "in use", or with EAGAIN when a reference is taken between its
# refcount check and the unload, so it is tried again after PAUSE
# seconds, TRIES times at most.  Any other refusal fails.
rmmod_retry() {
	local try
	for try in $(seq 1 "$1"); do
		rmmod rcf 2>"$T_TMP/rmmod.err" && break
		grep -Eq "in use|temporarily unavailable" "$T_TMP/rmmod.err" ||
			fail "rmmod under $3 failed: $(cat "$T_TMP/rmmod.err")"
		sleep "$2"
	done
	! grep -q '^rcf ' /proc/modules ||
		fail "rcf still loaded under $3 after $try tries"
	echo "# rmmod under $3 took $try tries"
}

# fabric_empty [PREFIX...]: rcf_tool's snapshot, run under PREFIX (a
# command that enters another namespace, say), is of a fabric holding
# no objects at epoch 0, as a freshly loaded module has.
fabric_empty() {
	"$@" "$T_DIR/rcf_tool" snapshot | head -n1 |
		grep -q '^fabric epoch 0 nodes 0 switches 0 links 0 circuits 0 routes 0 '
}

# unload_cleanup [PID...]: what a program that unloads rcf leaves goes:
# its helper processes PID... are ended and waited for, rcf is loaded
# again if it is not (the next program expects it) and the fabric is
# deleted.
unload_cleanup() {
	[ $# -gt 0 ] && kill "$@" 2>/dev/null
	wait 2>/dev/null
	grep -q '^rcf ' /proc/modules || insmod "$RCF_KO"
	rcfctl fabric del >/dev/null 2>&1 || true
	return 0
}

# traffic_refused WHY ARGS...: rcfctl traffic start ARGS fails, saying WHY
traffic_refused() {
	local why=$1 out
	shift
	if out=$(rcfctl traffic start "$@" 2>&1); then
		rcfctl traffic stop >/dev/null 2>&1 || true
		fail "start $* was accepted"
		return 1
	fi
	echo "$out" | grep -q "$why" || fail "start $*: '$out', want '$why'"
}
