#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl collective: bad command lines exit 2 with a reason and print
# nothing on stdout; good ones print a checked plan, its cost beside the
# model, and JSON that a parser takes (TAP 13).  No module needed.
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
. tests/tap.sh

# refuses PATTERN ARGS...: exit 2, PATTERN on stderr, stdout empty
refuses() {
	pat=$1
	shift
	ok_usage_error "$pat" "refuses $*" $CTL collective "$@"
}

echo "TAP version 13"
echo "1..28"
refuses "OP missing" plan
refuses 'no operation "reduce"' plan reduce
refuses 'unknown command "exec"' exec bcast
refuses 'unexpected "--step"' run gossip --step 1
refuses "the kernel's trace takes 1536" run scatter --nodes 16 --k 1 --size 20000000
refuses '--nodes "1": out of range' plan bcast --nodes 1
refuses '--nodes "12x": not a number' plan bcast --nodes 12x
refuses '--k "0": out of range' plan scatter --k 0
refuses "--k needs a value" plan scatter --k
refuses "--nodes given twice" plan scatter --nodes 4 --nodes 5
refuses "split is bcast's" plan gossip --split 1
refuses "alltoall has no root" plan alltoall --root 1
refuses "--root 9 is not one of the 9 nodes" plan scatter --nodes 9 --root 9
refuses "--split 3 is past h = 2" plan bcast --nodes 9 --k 2 --split 3
refuses 'unexpected "--beta"' plan bcast --beta 1
refuses '--tau "-1": not a number' cost bcast --tau -1
refuses "take fewer nodes" plan alltoall --nodes 60000
refuses "N\*K = 600 node ports, at most 512" circuits gossip --nodes 200 --k 3
refuses "--step 3 is past the plan's 2 steps" circuits gossip --nodes 9 --k 2 --step 3
refuses 'unexpected "--beta"' circuits gossip --beta 3

$CTL collective plan bcast --nodes 9 --k 2 --size 9 --split 2 >"$T/out"
rc=$?
grep -q "^step 4 (clique l=0 i=1): 9 circuits, 16 transfers" "$T/out" &&
	grep -q "^checked: every node ends with what bcast defines" "$T/out"
ok $((rc | $?)) "plan bcast 9/2 h'=2: four steps, checked"

$CTL collective plan alltoall --nodes 10 --k 2 --json >"$T/json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["op"] == "alltoall" and d["nodes"] == 10
assert all(len(s["circuits"]) > 0 for s in d["steps"])
assert sum(len(t["items"]) for s in d["steps"] for t in s["transfers"]) > 90
' "$T/json"
ok $? "plan --json parses, every step has circuits"

$CTL collective cost scatter --nodes 27 --k 2 --size 10 >"$T/out"
grep -q "^model (eqs. 2, 3): 448.900 us" "$T/out" &&
	grep -q "^count: 448.900 us" "$T/out"
ok $? "cost scatter 27/2: model and count 448.9 us"

$CTL collective cost bcast --nodes 3125 --k 4 --size 1000 --split all >"$T/out"
grep -q "^h' = 2: 7 steps, model 1308.500 us, count 1308.500 us  (the model's best)" "$T/out"
ok $? "cost bcast --split all: figure 4's machine, 1000 bytes, h' = 2"
$CTL collective circuits alltoall --nodes 64 --k 4 >"$T/out"
rc=$?
grep -q "^# machine kport:64:4: three-stage Clos, edge switches 0-15 of 16 node ports and 16 uplinks, middle switches 16-31 of 16 ports" "$T/out" &&
	grep -q "^# realised: every connection routed and walked" "$T/out"
ok $((rc | $?)) "circuits alltoall 64/4: every step realised on the Clos"

# the same circuits as JSON: step 1 of scatter 12/3 routed as in text
$CTL collective circuits scatter --nodes 12 --k 3 --json >"$T/c.json" &&
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["steps"][0]
assert d["machine"]["kind"] == "clos" and d["machine"]["edge_switches"] == 6
assert d["realised"] and len(d["steps"]) == 2 and s["connections"] == 3
assert len(s["circuits"]) == 14
assert s["circuits"][0] == {"switch": 0, "in": 0, "out": 3}
' "$T/c.json"
ok $? "circuits --json: the machine and step 1's 14 circuits"

# one step's circuits on the generated machine: the model takes them
$CTL topo apply kport:16:3 --dry-run >"$T/m.topo" &&
	$CTL collective circuits gossip --nodes 16 --k 3 --step 2 >>"$T/m.topo" &&
	$CTL topo load --dry-run "$T/m.topo" >"$T/out"
rc=$?
[ "$(grep -c '^circuit add' "$T/out")" -eq 144 ]
ok $((rc | $?)) "step 2 of gossip 16/3 after kport:16:3: topo load --dry-run takes 144 circuits"

# two steps at once reuse ports: the model refuses them
$CTL topo apply kport:9:2 --dry-run >"$T/m.topo" &&
	$CTL collective circuits gossip --nodes 9 --k 2 >>"$T/m.topo"
$CTL topo load --dry-run "$T/m.topo" >/dev/null 2>"$T/err"
rc=$?
[ $rc -ne 0 ] && grep -q "circuit" "$T/err"
ok $? "all steps in one file: the model refuses a port used twice"
exit $failed
