# SPDX-License-Identifier: GPL-2.0
# TAP 13 for the shell selftests.  A test is a shell function; it fails by
# returning non-zero (fail() prints why).  Source this, then:
#   t_plan N; t_run NAME FUNC...; t_done

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

# Run FUNC ARGS in a subshell with errexit; report it as test NAME.
t_run() {
	local name=$1 out rc
	shift
	T_N=$((T_N + 1))
	out=$( (set -e; "$@") 2>&1)
	rc=$?
	[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^# //' | t_diag
	if [ $rc -eq 0 ]; then
		echo "ok $T_N $name"
	else
		echo "not ok $T_N $name"
		T_FAILED=$((T_FAILED + 1))
	fi
}

t_done() {
	if [ "$T_N" -ne "$T_PLAN" ]; then
		echo "# planned $T_PLAN tests, ran $T_N"
		exit 1
	fi
	[ "$T_FAILED" -eq 0 ]
	exit $?
}

expect_eq() {
	[ "$1" = "$2" ] || fail "$3: want '$1', got '$2'"
}
