#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim collective end to end: the command line, the text and JSON
# output, and a plan run on the engine against the cost model with the
# fitted parameters, and the static algorithms on hypercube, hcube and
# torus.
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"
echo "1..23"

$SIM collective bcast --nodes 9 --k 2 --size 9 --split 2 --beta-r 100 \
	--tau-r 3 --json >"$T/b.json"
ok $? "bcast on kport:9:2 runs"
# step 3 joins the 6 pairs step 2 had joined again: their 12 circuits stay
json "$T/b.json" 'len(d["steps"]) == 4 and
	[s["circuits_kept"] for s in d["steps"]] == [0, 0, 12, 0] and
	d["circuits_set"] == d["circuits"] - 12 and
	d["reconf_cycles"] == 4 * 100 + 3 * d["circuits_set"] and
	d["model_reconf_cycles"] == 4 * 100 + 3 * d["circuits"]'
ok $? "bcast: kept circuits counted and not paid for"
# 9 bytes in 9 pieces: one packet per transfer, every port at once
json "$T/b.json" 'abs(d["ratio"] - 1) < 0.05 and
	d["bytes_verified"] == sum(s["bytes"] for s in d["steps"])'
ok $? "bcast: one-packet transfers within 5 % of the model"

$SIM collective alltoall --nodes 16 --k 3 --size 2000 --json >"$T/a.json"
ok $? "alltoall on kport:16:3 runs"
# a node's k ports carry its multi-packet transfers at once, each from
# its own send queue: the model holds, and the serial one (a port at a
# time) is k times too slow
json "$T/a.json" 'abs(d["ratio"] - 1) < 0.05 and
	abs(d["serial_ratio"] - 1 / 3) < 0.05 and
	d["fit"]["tau"] > 1 and d["fit"]["beta"] > 0 and
	len(d["fit"]["points"]) == 32'
ok $? "alltoall: within 5 % of the model, every port at once, fit from 32 points"

$SIM collective gossip --nodes 16 --k 3 --size 100 --json >"$T/g3.json"
# 100 then 400 bytes: the fit spans both, not the first transfer only
json "$T/g3.json" 'd["fit"]["points"][-1]["bytes"] == 400 and
	[s["max_bytes"] for s in d["steps"]] == [100, 400] and
	abs(d["ratio"] - 1) < 0.02'
ok $? "gossip: the fit reaches the largest transfer, within 2 % of the model"

$SIM collective scatter --nodes 12 --k 3 >"$T/s.txt"
grep -q "^checked: " "$T/s.txt" && grep -q "^communication: " "$T/s.txt"
ok $? "scatter: text output with the totals"

ok_usage_error "no operation" "an unknown operation is refused" \
	$SIM collective reduce
ok_usage_error "not for gossip" "gossip has no root" \
	$SIM collective gossip --root 1
ok_usage_error "N\*K is past" "a machine past 512 ports is refused" \
	$SIM collective scatter --nodes 200 --k 3
ok_usage_error "given twice" "a repeated option is refused" \
	$SIM collective scatter --k 2 --k 3
$SIM collective gossip --static hypercube --nodes 16 --size 100 --json \
	>"$T/g.json"
ok $? "static gossip on hypercube:4 runs"
# recursive doubling: 4 steps, 100 then 200, 400, 800 bytes to a neighbour
json "$T/g.json" 'd["fabric"] == "hypercube:4" and
	[s["max_bytes"] for s in d["steps"]] == [100, 200, 400, 800] and
	d["circuits"] == 0 and d["reconf_cycles"] == 0 and
	d["bytes_verified"] == 16 * 1500'
ok $? "static gossip: doubling steps, every byte checked, nothing set"
$SIM collective alltoall --static torus --nodes 32 --size 64 >"$T/t.txt"
grep -q "^# alltoall on torus:8x4 (static: pairwise exchange)" "$T/t.txt" &&
	grep -q "^checked: 992 messages" "$T/t.txt"
ok $? "static alltoall on torus:8x4: 31 steps of 32 messages"
$SIM collective alltoall --static hypercube --nodes 8 --size 10 --json \
	>"$T/x.json"
json "$T/x.json" 'len(d["steps"]) == 7 and
	d["closed_form_cycles"] == d["model_cycles"]'
ok $? "static alltoall: 7 steps, the count is its closed form"
ok_usage_error "needs N a power of two" "--static refuses N = 12" \
	$SIM collective scatter --static hypercube --nodes 12
ok_usage_error "16 or more" "--static torus refuses 8 nodes" \
	$SIM collective scatter --static torus --nodes 8
ok_usage_error "--beta-r is the reconfigurable" "--static has no beta_r" \
	$SIM collective scatter --static hypercube --beta-r 5
ok_usage_error "hypercube, hcube or torus, not" \
	"--static refuses other networks" \
	$SIM collective scatter --static mesh
ok_usage_error "needs N a power of two" "--static hcube refuses N = 24" \
	$SIM collective gossip --static hcube --nodes 24

# The pairwise exchange's last step sends every node's block across all
# six dimensions at once: on hypercube:6 relay memory closes a cycle,
# on hcube:6 the switches route e-cube, whose dependencies have none.
$SIM collective alltoall --static hypercube --nodes 64 --size 2048 \
	>/dev/null 2>"$T/dl.err"
test $? = 1 && grep -q "step 63: deadlock at cycle" "$T/dl.err"
ok $? "alltoall of 2048-byte blocks deadlocks on hypercube:6 at step 63"
$SIM collective alltoall --static hcube --nodes 64 --size 2048 --json \
	>"$T/hc.json"
ok $? "the same on hcube:6 runs"
json "$T/hc.json" 'd["fabric"] == "hcube:6" and len(d["steps"]) == 63 and
	d["bytes_verified"] == 64 * 63 * 2048 and d["circuits"] == 0 and
	all(s["messages"] == 64 for s in d["steps"])'
ok $? "hcube:6: 63 steps of 64 messages, every byte checked, nothing set"
exit $failed
