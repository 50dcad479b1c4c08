#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A dump read while the fabric changes under it is never taken for a
# whole one: the kernel marks the parts after a change NLM_F_DUMP_INTR and
# rcfctl starts over (a few times) or fails saying so.  Route dumps of an
# SP1 fabric (thousands of routes, many messages; the route set's
# deadlock freedom does not matter here, hence --force) race node changes
# and fabric deletion; each must list every route or fail with the reason.
# Documentation/security.rst, "Consistent reads".
. "$(dirname "$0")/lib.sh"

fresh() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:64 >/dev/null
	rcfctl route compute --algo sp1 --install --force >/dev/null
}

# race CHANGER: route dumps while CHANGER runs in a loop; whole or refused
race() {
	local n i got whole=0 refused=0 pid
	fresh
	n=$(rcfctl route show | grep -c '^route')
	[ "$n" -gt 1000 ] || fail "only $n routes"
	(while :; do "$@" >/dev/null 2>&1 || true; done) &
	pid=$!
	for i in $(seq 1 15); do
		if rcfctl route show >"$T_TMP/r" 2>"$T_TMP/e"; then
			got=$(grep -c '^route' "$T_TMP/r" || true)
			if [ "$got" -ne "$n" ] && [ "$got" -ne 0 ]; then
				kill "$pid"
				fail "dump $i: $got of $n routes, and no error"
				return 1
			fi
			whole=$((whole + 1))
		else
			grep -q "changed during" "$T_TMP/e" ||
				{ kill "$pid"; fail "dump $i: $(cat "$T_TMP/e")"; return 1; }
			refused=$((refused + 1))
		fi
	done
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	echo "# $whole whole dumps, $refused refused as changing"
}

node_churn() {
	rcfctl node add id 200 >/dev/null 2>&1
	rcfctl node del 200
}

# a large dump with the fabric deleted part way: all of it, none, or
# refused; never part of it with a clean end
dump_across_del() {
	local n got d
	for d in 0.2 0.5 1; do
		rcfctl fabric del >/dev/null 2>&1 || true
		rcfctl topo apply sp1:128 >/dev/null
		rcfctl route compute --algo sp1 --install --force >/dev/null
		n=$(rcfctl route show | grep -c '^route')
		rcfctl route show >"$T_TMP/r" 2>"$T_TMP/e" &
		sleep "$d"
		rcfctl fabric del
		if wait $!; then
			got=$(grep -c '^route' "$T_TMP/r" || true)
			echo "# deleted after $d s: $got of $n routes"
			[ "$got" -eq "$n" ] || [ "$got" -eq 0 ] ||
				fail "$got of $n routes, and no error"
		else
			echo "# deleted after $d s: $(cat "$T_TMP/e")"
			grep -q "changed during" "$T_TMP/e" ||
				fail "$(cat "$T_TMP/e")"
		fi
	done
}

t_plan 2
t_run "route dumps across node changes are whole or refused" race node_churn
t_run "a route dump across fabric del is whole, empty or refused" \
	dump_across_del
rcfctl fabric del >/dev/null 2>&1 || true
t_done
