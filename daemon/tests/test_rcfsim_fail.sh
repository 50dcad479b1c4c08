#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim --fail (Documentation/rdt.rst, "Failed links"): links between
# switches taken out by a seeded choice; vector routing's source routes
# repaired over up-down and still deadlock free; rdt-vector, D-B and
# D-A as up-down relations saturated over several failure sets with
# every message delivered and no deadlock; bad values refused (TAP 13).
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

# sat FAIL SEED ARGS...: prdt:8:2:1 with FAIL per mille failed by SEED,
# every node offering a byte a cycle into 8-byte buffers: every message
# arrives, no deadlock, the links failed as asked
sat() {
	f=$1
	s=$2
	shift 2
	$SIM --gen prdt:8:2:1 --fail "$f" --fail-seed "$s" --rate 1000 \
		--cycles 1500 --buf 8 --size 16-200 --seed "$s" -j "$@" \
		>"$T/s.json" 2>"$T/s.err"
	rc=$?
	if [ $rc -ne 0 ] || grep -q deadlock "$T/s.err" || ! json "$T/s.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] > 300 and
d["traffic"]["accepted-milli"] < d["traffic"]["offered-milli"] and
d["stats"]["pkts-dropped"] == 0 and d["fabric"]["deadlock-free"] and
d["fabric"]["failed"]["links"] == int(256 * '"$f"' / 1000 + 0.5) and
d["fabric"]["links"] == 320 - int(256 * '"$f"' / 1000 + 0.5)'; then
		echo "# fail $f seed $s $*: exit $rc: $(cat "$T/s.err")"
		return 1
	fi
}

echo "TAP version 13"
echo "1..5"

# 1: source routes: those crossing a failed link move, the rest stay
bad=0
for f in 10 50 150; do
	for seed in 1 2 3; do
		sat $f $seed || bad=1
		json "$T/s.json" 'd["fabric"]["failed"]["routes-moved"] > 0 and
d["fabric"]["route-source"] == "rdt-vector"' || bad=1
	done
done
ok $bad "source routes repaired: 1, 5 and 15 % failed, 3 seeds, saturated"

# 2: the relations over up-down, saturated, adaptive and escape both used
bad=0
for rel in rdt-vector db da; do
	for f in 0 50 150; do
		for seed in 1 2; do
			sat $f $seed --relation $rel --select random || bad=1
			json "$T/s.json" 'd["relation"]["adaptive"] > 0 and
d["relation"]["escape"] > 0' || bad=1
		done
	done
done
ok $bad "rdt-vector, db, da over up-down: 0, 5, 15 % failed, 2 seeds, saturated"

# 3: the same seed fails the same links: identical runs
$SIM --gen prdt:8:2:1 --fail 50 --fail-seed 9 --relation db -c 500 -j \
	>"$T/a" 2>&1 &&
	$SIM --gen prdt:8:2:1 --fail 50 --fail-seed 9 --relation db -c 500 \
		-j >"$T/b" 2>&1 && cmp -s "$T/a" "$T/b" &&
	$SIM --gen prdt:8:2:1 --fail 50 --fail-seed 10 --relation db -c 500 \
		-j >"$T/c" 2>&1 && ! cmp -s "$T/a" "$T/c"
ok $? "a failure set is the seed's"

# 4: the text report names what failed
$SIM --gen prdt:8:2:1 --fail 50 -c 200 >"$T/out" 2>&1 &&
	grep -q "^failed: 13 links (seed 1), [1-9][0-9]* routes moved to up-down$" "$T/out"
ok $? "text report: failed links and moved routes"

# 5: refused
usage_error "--fail: '1001' is not 0 to 1000" $SIM --gen prdt:8:2:1 \
	--fail 1001 &&
	usage_error "--fail-seed: 'x' is not a number" $SIM --gen prdt:8:2:1 \
		--fail 10 --fail-seed x &&
	usage_error "only .* links can fail without splitting" $SIM \
		--gen prdt:4:2:1 --fail 1000
ok $? "bad --fail values and too many failures refused"

exit $failed
