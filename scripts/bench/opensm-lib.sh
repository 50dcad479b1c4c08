# SPDX-License-Identifier: GPL-2.0
# OpenSM on a fabric simulated by ibsim, for scripts/bench/opensm and
# scripts/bench/opensm-instructions.  The caller sets sim_so (the
# umad2sim library) and has `trap stop_sim EXIT` where ibsim may be left.

simpid=

stop_sim() {
	if [ -n "$simpid" ]; then
		kill "$simpid" 2>/dev/null || true
		wait "$simpid" 2>/dev/null || true
		simpid=
	fi
}

# umad2sim's library, or nothing when ibsim-utils is not installed
find_sim_so() {
	local d
	for d in /usr/lib/*/umad2sim /usr/lib/umad2sim /usr/local/lib/umad2sim; do
		[ -f "$d/libumad2sim.so" ] && echo "$d/libumad2sim.so" && return
	done
}

# osm_sim NET ENGINE DIR [WRAPPER...]: ibsim on net file NET, then one
# sweep of OpenSM with routing engine ENGINE through it, run under
# WRAPPER (e.g. /usr/bin/time or valgrind), its log in DIR/osm.log and
# its tables in DIR/opensm-lfts.dump; ibsim is stopped again.  1 and a
# message when either fails.
osm_sim() {
	local net=$1 eng=$2 dir=$3 host
	shift 3
	# ibsim attaches the SM to the first element unless told; OpenSM
	# needs a host's port
	host=$(sed -n 's/^\(Hca\|Ca\)[[:space:]]*[0-9]* "\([^"]*\)".*/\2/p;T;q' \
		"$net")
	nice ibsim -s -n -N 16384 -S 4096 -P 131072 "$net" \
		>"$dir/ibsim.log" 2>&1 &
	simpid=$!
	for _ in $(seq 600); do
		grep -qs 'simulator ready' "$dir/ibsim.log" && break
		kill -0 "$simpid" 2>/dev/null || break
		sleep 0.1
	done
	if ! grep -q 'simulator ready' "$dir/ibsim.log"; then
		tail -5 "$dir/ibsim.log" >&2
		echo "opensm: ibsim did not start on $net" >&2
		stop_sim
		return 1
	fi
	if ! (cd "$dir" && SIM_HOST=$host OSM_TMP_DIR=$dir \
		OSM_CACHE_DIR=$dir LD_PRELOAD=$sim_so \
		nice "$@" opensm -o -s 0 -R "$eng" -f "$dir/osm.log" \
		-D 0x47 >"$dir/out" 2>&1); then
		tail -5 "$dir/out" >&2
		echo "opensm: opensm -R $eng failed on $net" >&2
		stop_sim
		return 1
	fi
	stop_sim
	if ! grep -q 'tables configured on all switches' "$dir/osm.log"; then
		echo "opensm: no routing step in $eng's log on $net" >&2
		return 1
	fi
}
