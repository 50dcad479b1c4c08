#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim --relation: destination-routed traffic on the base torus of a
# PRDT, routed by the switches' relations (Documentation/adaptive.rst):
# Duato's relation saturated over several seeds and every selection with
# no deadlock, dimension order with escapes only, the reference mode
# alike to the byte, and refusals (TAP 13).
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"
echo "1..8"

# 1: saturation (each node offers a byte per cycle and gets less, small
# buffers) on a 4x4 torus of switches, Duato over three seeds and every
# selection: every message arrives, nothing deadlocks, both classes are
# taken, the per-switch counts add up
bad=0
for seed in 1 2 3; do
	for sel in first least random; do
		$SIM --gen prdt:4:2:1 --relation duato --select $sel \
			--rate 1000 --cycles 3000 --buf 8 --size 16-200 \
			--seed $seed -j --switches >"$T/s.json" 2>"$T/s.err"
		rc=$?
		if [ $rc -ne 0 ] || grep -q deadlock "$T/s.err" ||
			! json "$T/s.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 400 and
d["traffic"]["accepted-milli"] < d["traffic"]["offered-milli"] and
d["stats"]["pkts-dropped"] == 0 and
d["relation"]["adaptive"] > 0 and d["relation"]["escape"] > 0 and
d["relation"]["select"] == "'$sel'" and len(d["relation"]["switches"]) == 16 and
sum(s["adaptive"] for s in d["relation"]["switches"]) == d["relation"]["adaptive"] and
sum(s["escape"] for s in d["relation"]["switches"]) == d["relation"]["escape"]'; then
			echo "# seed $seed select $sel: exit $rc: $(cat "$T/s.err")"
			bad=1
		fi
	done
done
ok $bad "duato saturated, 3 seeds x 3 selections: complete, no deadlock"

# 2: an 8x8 base torus with rank-1 links too (the relation uses rank 0),
# and more VCs than the relation needs (the routes' router takes 2 at
# most: with a relation, --vcs is the relation's)
$SIM --gen prdt:8:2:1 --relation duato --select least --rate 600 \
	--cycles 3000 --seed 4 --vcs 4 -j --channels >"$T/b.json" 2>"$T/b.err"
rc=$?
json "$T/b.json" 'd["traffic"]["complete"] and d["relation"]["adaptive"] > 0 and
max(c["vc"] for c in d["channels"]) == 3'
ok $((rc + $?)) "duato on prdt:8:2:1, --vcs 4: complete"

# 3: dimension order as a relation: escapes only
$SIM --gen prdt:4:2:1 --relation dor --rate 1000 --cycles 3000 --buf 8 \
	--size 16-200 -j >"$T/d.json" 2>"$T/d.err"
rc=$?
json "$T/d.json" '
d["traffic"]["complete"] and d["relation"]["adaptive"] == 0 and
d["relation"]["escape"] > d["traffic"]["msgs-delivered"]'
ok $((rc + $?)) "dor relation: complete, escape candidates only"

# 4: the reference mode gives the same report to the byte
for m in "" --exact; do
	# shellcheck disable=SC2086
	$SIM --gen prdt:4:2:1 --relation duato --select random --rate 1000 \
		--cycles 2000 --buf 8 --size 16-200 --seed 5 -j --all $m \
		>"$T/m$m.json" 2>/dev/null
done
cmp -s "$T/m.json" "$T/m--exact.json"
ok $? "duato, random selection: --exact gives the same JSON"

# 5: the selection follows the seed
$SIM --gen prdt:4:2:1 --relation duato --select random --rate 1000 \
	--cycles 2000 --buf 8 --size 16-200 --seed 5 -j --all \
	>"$T/r.json" 2>/dev/null
cmp -s "$T/m.json" "$T/r.json"
rc=$?
$SIM --gen prdt:4:2:1 --relation duato --select random --rate 1000 \
	--cycles 2000 --buf 8 --size 16-200 --seed 6 -j --all \
	>"$T/r.json" 2>/dev/null
! cmp -s "$T/m.json" "$T/r.json"
ok $((rc + $?)) "random selection: same seed same run, another seed another"

# 6: the text report names the relation and counts per switch
$SIM --gen prdt:4:2:1 --relation duato --cycles 500 --switches \
	>"$T/t.txt" 2>&1
grep -q "^relation: duato, select first: [0-9]* adaptive, [0-9]* escape" \
	"$T/t.txt" && grep -q "^relation by switch:" "$T/t.txt" &&
	grep -q "^relation size: 16 lists at most a switch, 0 switches indexing by two bytes; [1-9][0-9]* bytes in the model, [1-9][0-9]* in the engine$" "$T/t.txt"
ok $? "text report: relation line, its size and per-switch table"

# 7: north-last on prdt:32:2:2 has more than 255 distinct lists at some
# switches, which name them by two bytes: installed whole and run, every
# message delivered, the sizes adding up
$SIM --gen prdt:32:2:2 --relation north-last --select random --rate 300 \
	--cycles 300 -j >"$T/w.json" 2>"$T/w.err"
rc=$?
json "$T/w.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 1000 and
d["stats"]["pkts-dropped"] == 0 and d["relation"]["lists-max"] > 255 and
0 < d["relation"]["wide-switches"] < 1024 and
d["relation"]["engine-bytes"] > 1024 * 1024 and
d["relation"]["model-bytes"] > d["relation"]["engine-bytes"]'
ok $((rc + $?)) "north-last on prdt:32:2:2: lists past a byte, complete"

# 8: refusals: exit 2, the reason on standard error, nothing printed
refused() {
	pat=$1
	shift
	usage_error "$pat" $SIM "$@"
}
refused "is not dor, duato, rdt-vector, da, db, north-last or north-last-wrap" --gen prdt:4:2:1 \
	--relation west-first &&
	refused "needs a --gen prdt:S:n:R" --gen rdt:16:2:2:1 \
		--relation north-last &&
	refused "needs --relation" --gen prdt:4:2:1 --select least &&
	refused "is not first, least or random" --gen prdt:4:2:1 \
		--relation duato --select most &&
	refused "needs 3 VCs on a torus" --gen prdt:4:2:1 --relation duato \
		--vcs 2 &&
	refused "torus of switches" --gen torus:4x4 --relation dor
ok $? "bad --relation, --select, VCs and fabrics refused"

exit $failed
