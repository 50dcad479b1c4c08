# SPDX-License-Identifier: GPL-2.0
# What the VM benchmarks that move IP through a fabric share (sourced by
# scripts/bench/dataplane, rcftop-cost and ping-path): two nodes in
# namespaces dpa and dpb, 10.77.0.1 and 10.77.0.2, on a line of switches
# or a veth pair; ping and iperf3 between them; the engine's counters and
# its kthread's CPU time.  The caller sets tmp (a scratch directory),
# secs (iperf3 seconds), pings (round trips) and largs (link arguments).

. "$(dirname "${BASH_SOURCE[0]}")/../../selftests/rcf_line_lib.sh"

clear_all() {
	local ns
	for ns in dpa dpb; do ip netns del "$ns" 2>/dev/null || true; done
	rcfctl fabric del >/dev/null 2>&1 || true
}

# Namespaces dpa and dpb with 10.77.0.1 and 10.77.0.2 on DEV_A and DEV_B.
place() {
	local dev=$1 ns=$2 a=$3
	ip netns add "$ns" 2>/dev/null || true
	ip link set "$dev" netns "$ns"
	ip -n "$ns" addr add "$a/24" dev "$dev"
	[ -z "${BENCH_MTU:-}" ] || ip -n "$ns" link set "$dev" mtu "$BENCH_MTU"
	ip -n "$ns" link set "$dev" up
	ip -n "$ns" link set lo up
}

# Nodes 0 and 1 at the ends of a line of S 4-port switches, routes both
# ways: the fabric of the IP selftests' ip_line, from the same batch.
fabric_line() {
	line_batch "$1" "$largs" rcfb0 rcfb1 >"$tmp/line.batch"
	rcfctl -batch "$tmp/line.batch" >/dev/null
	rcfctl node set 0 addr 10.77.0.1 >/dev/null
	rcfctl node set 1 addr 10.77.0.2 >/dev/null
	rcfctl fabric set clock free >/dev/null
	place rcfb0 dpa 10.77.0.1
	place rcfb1 dpb 10.77.0.2
}

veth_pair() {
	ip netns add dpa
	ip netns add dpb
	ip link add vb0 netns dpa type veth peer name vb1 netns dpb
	ip -n dpa addr add 10.77.0.1/24 dev vb0
	ip -n dpb addr add 10.77.0.2/24 dev vb1
	ip -n dpa link set vb0 up
	ip -n dpb link set vb1 up
	ip -n dpa link set lo up
	ip -n dpb link set lo up
}

teardown() {
	ip netns del dpa
	ip netns del dpb
	rcfctl fabric del >/dev/null 2>&1 || true
}

# CPU seconds (user + system) the data-path kthreads have used so far.
dp_cpu() {
	local p t=0 hz
	hz=$(getconf CLK_TCK)
	for p in $(pgrep -x rcf-dp || true); do
		# fields 14 and 15 of /proc/PID/stat, after the comm in parens
		t=$((t + $(awk '{ sub(/.*\) /, ""); print $12 + $13 }' \
			"/proc/$p/stat")))
	done
	echo "$t / $hz" | bc -l
}

# WHO NAME VALUE [NAME VALUE...]: exits 2, naming BENCH_NAME, unless
# every VALUE is a whole number (WHO: the script, for the message).
bench_whole() {
	local who=$1
	shift
	while [ $# -ge 2 ]; do
		case $2 in
		'' | *[!0-9]*)
			echo "$who: BENCH_$1='$2' is not a whole number" >&2
			exit 2
			;;
		esac
		shift 2
	done
}

# Three round trips from dpa to dpb whose times are not kept: the first
# ones pay for neighbour resolution and cold caches.
ping_warm() {
	ip netns exec dpa ping -n -q -c 3 -i 0.2 10.77.0.2 >/dev/null
}

# The times of $pings round trips from dpa to dpb, in ms, one a line.
ping_times() {
	ip netns exec dpa ping -n -c "$pings" -i 0.2 10.77.0.2 |
		sed -n 's/.*time=\([0-9.]*\) ms.*/\1/p'
}

# "avg p50 max" of ping round trips, in ms.
ping_stats() {
	ping_warm
	ping_times | sort -n |
		awk '{ v[NR] = $1; s += $1 }
		     END { if (!NR) { print "- - -"; exit }
			   printf "%.3f %.3f %.3f\n", s / NR,
				  v[int((NR + 1) / 2)], v[NR] }'
}

# TCP goodput in Mbit/s the receiver saw.
iperf_mbps() {
	ip netns exec dpb iperf3 -s -1 -D -B 10.77.0.2 \
		--logfile "$tmp/iperf-s.log"
	sleep 0.5
	ip netns exec dpa iperf3 -c 10.77.0.2 -t "$secs" -f m \
		>"$tmp/iperf.log" 2>&1 || { echo 0; return; }
	awk '/receiver/ { for (i = 1; i < NF; i++)
				  if ($(i + 1) == "Mbits/sec") r = $i }
	     END { print r ? r : 0 }' "$tmp/iperf.log"
}

# A field of the fabric's counters (rcfctl -j stats).
fstat() {
	rcfctl -j stats fabric | tr ',{}' '\n\n\n' |
		sed -n "s/^ *\"$1\": *\([0-9]*\).*/\1/p" | head -n1
}

# UDP goodput in Mbit/s the receiver saw, and its loss in %: "MBPS LOSS".
# The sender is not limited (-b 0), so the figure is what the path
# carries, not what was asked of it.
iperf_udp() {
	ip netns exec dpb iperf3 -s -1 -D -B 10.77.0.2 \
		--logfile "$tmp/iperf-us.log"
	sleep 0.5
	ip netns exec dpa iperf3 -c 10.77.0.2 -u -b 0 -l 1400 -t "$secs" -f m \
		>"$tmp/iperf-u.log" 2>&1 || { echo "0 100"; return; }
	awk '/receiver/ { for (i = 1; i < NF; i++) {
				  if ($(i + 1) == "Mbits/sec") r = $i
				  if ($i ~ /^\(.*%\)$/) { l = $i; gsub(/[()%]/, "", l) } } }
	     END { print (r ? r : 0), (l != "" ? l : "-") }' "$tmp/iperf-u.log"
}
