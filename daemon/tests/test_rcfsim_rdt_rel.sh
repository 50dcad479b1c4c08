#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim --relation on a whole PRDT (Documentation/rdt.rst): vector
# routing as a table and D-B saturated over several seeds and every
# selection with no deadlock, on prdt:8:2:1 and prdt:16:2:2, D-A
# likewise; north-last (§4, a turn model without escape) saturated
# likewise, without the wrap links and over them (north-last-wrap: its
# candidates keep the VC a packet came in on, VC 1 after its wrap); on
# an RDT with m < R, vector routing's table and D-A and D-B over an
# up-down escape.
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

# sat GEN REL SEL SEED CYCLES: every node offers a byte a cycle, small
# buffers; every message arrives, nothing deadlocks, the classes taken
# are the relation's
sat() {
	$SIM --gen "$1" --relation "$2" --select "$3" --rate 1000 \
		--cycles "$5" --buf 8 --size 16-200 --seed "$4" -j \
		>"$T/s.json" 2>"$T/s.err"
	rc=$?
	if [ "$2" = rdt-vector ]; then
		cls='d["relation"]["adaptive"] == 0'
	elif [ "$2" = north-last ] || [ "$2" = north-last-wrap ]; then
		cls='d["relation"]["adaptive"] > 0 and d["relation"]["escape"] == 0'
	else
		cls='d["relation"]["adaptive"] > 0 and d["relation"]["escape"] > 0'
	fi
	if [ $rc -ne 0 ] || grep -q deadlock "$T/s.err" || ! json "$T/s.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 300 and
d["traffic"]["accepted-milli"] < d["traffic"]["offered-milli"] and
d["stats"]["pkts-dropped"] == 0 and d["relation"]["name"] == "'"$2"'" and
'"$cls"; then
		echo "# $1 $2 $3 seed $4: exit $rc: $(cat "$T/s.err")"
		return 1
	fi
}

echo "TAP version 13"
echo "1..12"

# 1: prdt:8:2:1, three seeds, every relation that passes and selection
bad=0
for rel in rdt-vector db; do
	for seed in 1 2 3; do
		for sel in first least random; do
			sat prdt:8:2:1 $rel $sel $seed 2000 || bad=1
		done
	done
done
ok $bad "prdt:8:2:1: rdt-vector and db saturated, 3 seeds x 3 selections"

# 2: prdt:16:2:2 (rank 2 too), two seeds a relation
bad=0
for rel in rdt-vector db; do
	for seed in 1 2; do
		sat prdt:16:2:2 $rel random $seed 1500 || bad=1
	done
done
ok $bad "prdt:16:2:2: rdt-vector and db saturated, 2 seeds each"

# 3: D-A, whose escape order holds on the larger PRDTs too: three seeds
# and every selection on prdt:8:2:1, where the paper's D-A failed
# Duato's condition, then prdt:16:2:2
bad=0
for seed in 1 2 3; do
	for sel in first least random; do
		sat prdt:8:2:1 da $sel $seed 2000 || bad=1
	done
done
for seed in 1 2; do
	sat prdt:16:2:2 da random $seed 1500 || bad=1
done
ok $bad "da saturated: prdt:8:2:1 3 seeds x 3 selections, prdt:16:2:2 2 seeds"

# 4: fabrics and VCs the PRDT relations cannot use
refused() {
	pat=$1
	shift
	usage_error "$pat" $SIM "$@"
}
refused "needs a --gen prdt:S:n:R" --gen rdt:16:2:2:1 --relation north-last &&
	refused "needs a --gen prdt:S:n:R" --gen torus:4x4 --relation rdt-vector &&
	refused "needs 3 VCs on a PRDT" --gen prdt:8:2:1 --relation db --vcs 2 &&
	refused "needs 2 VCs on a PRDT" --gen prdt:8:2:1 --relation rdt-vector \
		--vcs 1
ok $? "rdt:16:2:2:1, a torus and too few VCs refused"

# 5: north-last: every candidate adaptive, the turns alone keep it
# deadlock free; three seeds and every selection, then prdt:16:2:2
bad=0
for seed in 1 2 3; do
	for sel in first least random; do
		sat prdt:8:2:1 north-last $sel $seed 2000 || bad=1
	done
done
for seed in 1 2; do
	sat prdt:16:2:2 north-last random $seed 1500 || bad=1
done
ok $bad "north-last saturated: prdt:8:2:1 3 seeds x 3 selections, prdt:16:2:2 2 seeds"

# 6: an RDT with m < R: vector routing's source routes (3 VCs by
# default) and its table saturated, two seeds each
bad=0
for seed in 1 2; do
	sat rdt:16:2:2:1 rdt-vector random $seed 1500 || bad=1
	$SIM --gen rdt:16:2:2:1 --rate 1000 --cycles 1500 --buf 8 \
		--size 16-200 --seed $seed -j >"$T/s.json" 2>"$T/s.err"
	rc=$?
	if [ $rc -ne 0 ] || grep -q deadlock "$T/s.err" || ! json "$T/s.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 300 and
d["stats"]["pkts-dropped"] == 0 and
d["fabric"]["route-source"] == "rdt-vector" and d["fabric"]["deadlock-free"]'
	then
		echo "# rdt:16:2:2:1 source routes seed $seed: exit $rc: $(cat "$T/s.err")"
		bad=1
	fi
done
ok $bad "rdt:16:2:2:1: rdt-vector source routes and table saturated, 2 seeds"

# 7: D-A and D-B on an RDT with m < R, over an up-down escape (the
# walk is no escape there): three seeds and two selections each
bad=0
for rel in da db; do
	for seed in 1 2 3; do
		for sel in first random; do
			sat rdt:16:2:2:1 $rel $sel $seed 1500 || bad=1
		done
	done
done
ok $bad "rdt:16:2:2:1: da and db saturated, 3 seeds x 2 selections"

# 8: the same round 5 % of the links between switches failed, whose
# up-down form is built on what survives
bad=0
for rel in da db; do
	$SIM --gen rdt:16:2:2:1 --relation $rel --fail 50 --select random \
		--rate 1000 --cycles 1500 --buf 8 --size 16-200 --seed 3 -j \
		>"$T/s.json" 2>"$T/s.err"
	rc=$?
	if [ $rc -ne 0 ] || grep -q deadlock "$T/s.err" || ! json "$T/s.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 300 and
d["stats"]["pkts-dropped"] == 0 and d["fabric"]["failed"]["links"] == 51 and
d["relation"]["adaptive"] > 0 and d["relation"]["escape"] > 0'
	then
		echo "# rdt:16:2:2:1 $rel --fail 50: exit $rc: $(cat "$T/s.err")"
		bad=1
	fi
done
ok $bad "rdt:16:2:2:1: da and db round 51 failed links saturated"

# 9: where the check finds a cycle (rdt.rst), the table is refused
$SIM --gen rdt:32:2:3:1 --relation rdt-vector >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] &&
	grep -q "relation rdt-vector is not deadlock free here: relation check: a cycle of" "$T/err"
ok $? "rdt:32:2:3:1: the rdt-vector table refused, the cycle named"

# 9b: there the walk's source routes have a cycle, which rcfsim reports
# when they route the packets, not when D-B does, destination-routed
# over routes it never takes
$SIM --gen rdt:32:2:3:1 -c 1 -j >"$T/w.json" 2>"$T/w.err"
rc=$?
$SIM --gen rdt:32:2:3:1 --relation db -c 1 -j >"$T/s.json" 2>"$T/s.err"
rc2=$?
[ $rc -eq 0 ] && grep -q "dependency graph has a cycle" "$T/w.err" &&
	json "$T/w.json" 'not d["fabric"]["deadlock-free"]' &&
	[ $rc2 -eq 0 ] && [ ! -s "$T/s.err" ] &&
	json "$T/s.json" 'd["fabric"]["deadlock-free"]'
ok $? "rdt:32:2:3:1: the walk's cycle reported for its routes, not for db"

# 10: north-last over the wrap links, the VC class by the input VC:
# three seeds and every selection on prdt:8:2:1, then two seeds on
# prdt:16:2:1 and prdt:16:2:2
bad=0
for seed in 1 2 3; do
	for sel in first least random; do
		sat prdt:8:2:1 north-last-wrap $sel $seed 2000 || bad=1
	done
done
for gen in prdt:16:2:1 prdt:16:2:2; do
	for seed in 1 2; do
		sat $gen north-last-wrap random $seed 1500 || bad=1
	done
done
ok $bad "north-last-wrap saturated: prdt:8:2:1 3 seeds x 3 selections, prdt:16:2:1 and prdt:16:2:2 2 seeds"

# 11: its dateline needs the second VC
usage_error "needs 2 VCs on a PRDT, not --vcs 1" $SIM --gen prdt:8:2:1 \
	--relation north-last-wrap --vcs 1
ok $? "north-last-wrap with one VC refused"

exit $failed
