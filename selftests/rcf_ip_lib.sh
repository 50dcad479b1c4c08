# SPDX-License-Identifier: GPL-2.0
# Fabrics for the IP-over-fabric selftests: node N's netdev rcfN sits in
# namespace rcfipN with 10.9.0.(N+1)/24 and fd09::(N+1)/64, and the same
# addresses in the fabric's address table.  Source after lib.sh.

TOOL="$T_DIR/rcf_stats_tool"
. "$T_DIR/rcf_line_lib.sh"

ip_cleanup() {
	local ns
	for ns in $(ip netns list | awk '/^rcfip/ {print $1}'); do
		ip netns del "$ns"
	done
	rcfctl fabric del >/dev/null 2>&1 || true
}

# Give node N its namespace and addresses (after the fabric has node N).
ip_node() {
	local n=$1 ns=rcfip$1 a4=10.9.0.$(($1 + 1)) a6=fd09::$(($1 + 1))
	ip netns add "$ns"
	ip link set "rcf$n" netns "$ns"
	ip -n "$ns" addr add "$a4/24" dev "rcf$n"
	ip -n "$ns" addr add "$a6/64" dev "rcf$n" nodad
	ip -n "$ns" link set "rcf$n" up
	ip -n "$ns" link set lo up
	"$TOOL" addr "$n" "$a4" "$a6"
	# linkwatch gives the netdev its qdisc a while after it came up;
	# until then what is sent is silently dropped
	wait_for oper_up "$n" || fail "rcf$n never came up in $ns"
}

oper_up() {
	[ "$(ip netns exec "rcfip$1" cat "/sys/class/net/rcf$1/operstate")" = up ]
}

# Nodes 0 and 1 at the ends of a line of S switches (line_batch), each
# in its namespace.
ip_line() {
	local s=$1
	line_batch "$s" >"$T_TMP/line.batch"
	rcfctl -batch "$T_TMP/line.batch" >/dev/null ||
		fail "line fabric of $s switches refused"
	ip_node 0
	ip_node 1
}

# Process starts are dear under TCG: counters are parsed with bash alone.
# val LINE NAME: the value of NAME=V in one line of rcf_stats_tool output.
val() {
	local re="(^| )$2=([0-9]+)"
	if [[ $1 =~ $re ]]; then echo "${BASH_REMATCH[2]}"; else echo 0; fi
}

# stat KIND NAME [MATCH]: NAME in the first object whose line has MATCH.
stat() {
	local l out
	out=$("$TOOL" get "$1")
	while IFS= read -r l; do
		[[ $l == *"${3:-}"* ]] || continue
		val "$l" "$2"
		return
	done <<<"$out"
	echo 0
}

# Drops inside the fabric: every reason the engine and adapter count.
fabric_drops() {
	local r sum=0 line
	line=$("$TOOL" get fabric)
	for r in bad-byte no-port no-link link-down bad-vc hop-limit \
		route-end too-big no-mem reassembly reconfig; do
		sum=$((sum + $(val "$line" "drop_$r")))
	done
	echo "$sum"
}

# Nodes 0 .. N-1 on ports 0 .. N-1 of switch 0, routes between all.
# LINKARGS (optional) go to every link.
ip_star() {
	local n=$1 largs=${2:-} i j
	{
		echo "switch add id 0 ports 8"
		for i in $(seq 0 $((n - 1))); do
			echo "node add id $i ports 1"
			echo "link add id $i node $i port 0 switch 0 port $i $largs"
		done
		for i in $(seq 0 $((n - 1))); do
			for j in $(seq 0 $((n - 1))); do
				[ "$i" = "$j" ] && continue
				echo "route add src $i dst $j hops 0 $j"
			done
		done
	} >"$T_TMP/star.batch"
	rcfctl -batch "$T_TMP/star.batch" >/dev/null ||
		fail "star fabric of $n nodes refused"
	for i in $(seq 0 $((n - 1))); do
		ip_node "$i"
	done
}

# A netdev counter of node N: devstat N tx_dropped
devstat() {
	ip netns exec "rcfip$1" cat "/sys/class/net/rcf$1/statistics/$2"
}
