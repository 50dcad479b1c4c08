#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The topology generators and topology files through rcfctl: element,
# link and port counts, degrees and connectivity of what the kernel holds
# afterwards (read back with rcfctl -j), and save/load round trips.
. "$(dirname "$0")/lib.sh"

TOOL=$T_DIR/rcf_tool
CHECK=$T_DIR/rcf_topo_check.py

# Apply GEN to an empty fabric, dump it, check it against KEY=VALUE...
# and, saved as a topology file, against the model's rules offline.
apply_check() {
	local gen=$1 dir=$T_TMP/${1//[:x]/_}
	shift
	mkdir -p "$dir"
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply "$gen" || fail "rcfctl topo apply $gen failed"
	rcfctl topo save "$dir/saved.rcf" || fail "rcfctl topo save failed"
	rcfctl topo load "$dir/saved.rcf" --dry-run >/dev/null ||
		fail "the model refuses the $gen the kernel holds"
	for obj in node switch link; do
		rcfctl -j "$obj" show >"$dir/$obj.json" ||
			fail "rcfctl -j $obj show failed"
	done
	python3 "$CHECK" "$dir" "$@"
}

netdevs() {
	ip -o link show | grep -c ': rcf[0-9]*[:@]' || true
}

ring() {
	apply_check ring:8 nodes=8 switches=0 links=8 node_degree=2 connected=1
}

mesh() {
	apply_check mesh:4x4 nodes=16 switches=0 links=24 \
		node_degrees=2:4,3:8,4:4 connected=1
}

torus() {
	apply_check torus:4x4 nodes=16 switches=0 links=32 node_degree=4 \
		connected=1
}

hypercube() {
	apply_check hypercube:4 nodes=16 switches=0 links=32 node_degree=4 \
		hypercube=1 connected=1
	expect_eq 16 "$(netdevs)" "node netdevs"
}

sp1_16() {
	apply_check sp1:16 nodes=16 switches=8 links=32 node_degree=1 \
		free_switch_ports=16 connected=1
}

sp1_32() {
	apply_check sp1:32 nodes=32 switches=16 links=80 node_degree=1 \
		free_switch_ports=0 connected=1
}

sp1_64() {
	apply_check sp1:64 nodes=64 switches=48 links=224 node_degree=1 \
		free_switch_ports=0 connected=1
}

sp1_512() {
	apply_check sp1:512 nodes=512 switches=512 links=2304 node_degree=1 \
		free_switch_ports=0 connected=1
	expect_eq 512 "$(netdevs)" "node netdevs"
	rcfctl fabric del || fail "fabric del of sp1:512 failed"
	"$TOOL" snapshot | head -n1 |
		grep -q "nodes 0 switches 0 links 0 circuits 0 routes 0" ||
		fail "fabric not empty after del"
	expect_eq 0 "$(netdevs)" "node netdevs after fabric del"
}

# save -> fabric del -> load -> save gives the same file, with circuits,
# routes, a down link and non-default settings in it.
save_load() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:16 >/dev/null
	rcfctl fabric set cq-size 2048
	rcfctl link set 0 state down bandwidth 3
	rcfctl switch set 7 cq-size 512
	rcfctl node add id 100 ports 2 name fabx
	rcfctl switch add id 100 ports 4
	rcfctl link add node 100 port 0 switch 100 port 0 vcs 2
	rcfctl link add node 100 port 1 switch 100 port 1
	rcfctl node add id 101
	rcfctl link add node 101 port 0 switch 100 port 2
	rcfctl circuit add switch 100 in 3 out 1
	rcfctl route add src 100 dst 101 hops 0.1 2
	rcfctl route add src 100 dst 101 index 3 hops 0 2
	rcfctl topo save - >"$T_TMP/a.rcf" || fail "topo save failed"
	grep -q '^circuit' "$T_TMP/a.rcf" || fail "saved file has no circuit"
	grep -q '^route' "$T_TMP/a.rcf" || fail "saved file has no route"
	rcfctl fabric del
	rcfctl topo load "$T_TMP/a.rcf" || fail "topo load failed"
	rcfctl topo save - >"$T_TMP/b.rcf"
	diff -u "$T_TMP/a.rcf" "$T_TMP/b.rcf" | head -20
	cmp -s "$T_TMP/a.rcf" "$T_TMP/b.rcf" || fail "round trip differs"
}

# topo apply into a fabric that is not empty is refused, changing nothing.
apply_refuses_nonempty() {
	local before after rc=0
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl node add id 3
	before=$("$TOOL" snapshot)
	rcfctl topo apply ring:4 2>"$T_TMP/err" || rc=$?
	after=$("$TOOL" snapshot)
	expect_eq 1 "$rc" "exit status"
	grep -q "not empty" "$T_TMP/err" || fail "message: $(cat "$T_TMP/err")"
	[ "$before" = "$after" ] || fail "the fabric changed"
}

# A refused batch changes nothing and names its line.
batch_refused() {
	local before after rc=0
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl node add id 0
	printf '%s\n' "node add id 1" "# a comment" "switch add id 0" \
		"link add node 1 port 0 switch 0 port 9" >"$T_TMP/b.batch"
	before=$("$TOOL" snapshot)
	rcfctl -batch "$T_TMP/b.batch" 2>"$T_TMP/err" || rc=$?
	after=$("$TOOL" snapshot)
	expect_eq 1 "$rc" "exit status"
	grep -q "b.batch:4" "$T_TMP/err" ||
		fail "error does not name line 4: $(cat "$T_TMP/err")"
	[ "$before" = "$after" ] || fail "the fabric changed"
}

t_plan 11
t_run "ring:8" ring
t_run "mesh:4x4" mesh
t_run "torus:4x4" torus
t_run "hypercube:4 is 16 nodes of degree 4" hypercube
t_run "sp1:16 is 16 nodes and 8 switches" sp1_16
t_run "sp1:32" sp1_32
t_run "sp1:64" sp1_64
t_run "sp1:512 builds and tears down" sp1_512
t_run "topo save, load, save round trip" save_load
t_run "topo apply refuses a non-empty fabric" apply_refuses_nonempty
t_run "refused batch names its line, changes nothing" batch_refused
rcfctl fabric del >/dev/null 2>&1 || true
t_done
