#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim gd end to end: García-Duato §4 with every message through the
# kernel's engine and every change an epoch on the kernel's model (an op
# the model refuses, or a message not delivered where it was sent, makes
# rcfsim fail).  TAP 13.
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"
echo "1..10"

$SIM gd -w case1 -j >"$T/c1.json"
ok $? "case 1 runs through the engine"
json "$T/c1.json" 'd["changes"] == 3 and d["engine"]["epochs"] == 3 and
	d["engine"]["delivered"] == 200 and d["engine"]["dropped"] == 0 and
	d["crossings_after_last_change"] == 0'
ok $? "case 1: 3 epochs, all 200 messages delivered, none relayed after"

$SIM gd -w case1 -j --static >"$T/s1.json"
# d(0, 15) = 3 and d(8, 15) = 2 intermediate nodes on the 4-cube
json "$T/s1.json" 'd["changes"] == 0 and d["crossings"] == 100 * 3 + 100 * 2
	and d["engine"]["delivered"] == 200'
ok $? "case 1 static: 100 x 3 + 100 x 2 crossings"

$SIM gd -w case2 --no-rr --max-changes 10 -j >"$T/c2.json"
json "$T/c2.json" 'd["changes"] == 10 and d["limit_hit"] and
	d["engine"]["epochs"] == 10 and d["engine"]["delivered"] == 300'
ok $? "case 2: stops at the change limit, every epoch accepted"

$SIM gd -w givens:60x30 --t1 16 --t2 16 -j >"$T/g.json"
ok $? "givens on the dynamic hypercube"
json "$T/g.json" 'd["engine"]["delivered"] == d["messages"] and
	d["engine"]["epochs"] == d["changes"] and d["engine"]["dropped"] == 0'
ok $? "givens: every message delivered across every epoch"

$SIM gd -w givens:60x30 --t1 16 --t2 16 -j --no-engine >"$T/g2.json"
python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
keys = ("messages", "crossings", "max_node", "changes", "change_log")
sys.exit(0 if all(a[k] == b[k] for k in keys) else 1)' "$T/g.json" "$T/g2.json"
ok $? "the engine changes no decision: --no-engine gives the same run"

$SIM gd -w givens:60x30 --t1 16 --t2 16 -j --exact >"$T/g3.json"
cmp -s "$T/g.json" "$T/g3.json"
ok $? "--exact: the engine's reference mode gives the same output"

for t in ring:16 mesh:4x4 hypercube:4; do
	$SIM gd -w givens:60x30 -t $t --static -j --no-engine || exit 1
done >"$T/st.txt"
[ "$(wc -l <"$T/st.txt")" -eq 3 ]
ok $? "static ring, mesh and hypercube"

# the workload's sizes are strict numbers: no sign, blank or junk
good=0
for w in givens:3x4junk givens:+3x4 "givens: 3x4" givens:3x-4 givens:3 \
	givens:0x4 givens:4x129 givens:99999999999x4; do
	$SIM gd -w "$w" --no-engine >/dev/null 2>"$T/err"
	rc=$?
	[ $rc -ne 0 ] && grep -qF "bad workload \"$w\"" "$T/err" || {
		echo "# rcfsim gd -w '$w': exit $rc: $(cat "$T/err")"
		good=1
	}
done
ok $good "givens:RxC: signs, blanks, junk and out-of-range sizes refused"

exit $failed
