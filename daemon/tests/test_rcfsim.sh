#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim end to end: runs on small fabrics, checks the JSON, the delivery
# counts, reproducibility, route files, traces and usage errors (TAP 13).
cd "$(dirname "$0")/.." || exit 1
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"
echo "1..17"

# 1: a 4x4 mesh, uniform traffic: everything sent arrives, nothing drops
$SIM --gen mesh:4x4 --cycles 20000 --rate 150 --seed 7 -j --all \
	>"$T/a.json" 2>"$T/a.err"
rc=$?
json "$T/a.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-sent"] > 100 and
d["traffic"]["msgs-delivered"] == d["traffic"]["msgs-sent"] ==
d["traffic"]["msgs-offered"] and d["traffic"]["msgs-corrupt"] == 0 and
d["stats"]["drops"] == {} and d["stats"]["pkts-dropped"] == 0 and
d["stats"]["msgs-received"] == d["traffic"]["msgs-delivered"] and
d["stats"]["bytes-inflight"] == 0 and
len(d["channels"]) == 48 and len(d["nodes"]) == 16 and
sum(p["msgs-received"] for p in d["pairs"]) == d["traffic"]["msgs-delivered"]
'
ok $((rc + $?)) "4x4 mesh: exit 0, JSON parses, all delivered, no drops"

# 2: same seed, same output, byte for byte; another seed, another run
$SIM --gen mesh:4x4 --cycles 20000 --rate 150 --seed 7 -j --all \
	>"$T/b.json" 2>/dev/null
cmp -s "$T/a.json" "$T/b.json"
ok $? "same seed: byte-identical JSON"
$SIM --gen mesh:4x4 --cycles 20000 --rate 150 --seed 8 -j --all \
	>"$T/c.json" 2>/dev/null
! cmp -s "$T/a.json" "$T/c.json"
ok $? "another seed: another run"

# 2b: the engine's reference mode gives the same output to the byte, on
# a run where the fast mode fast-forwards over streaming too
$SIM --gen mesh:4x4 --cycles 20000 --rate 150 --seed 7 -j --all --exact \
	>"$T/b.json" 2>/dev/null
cmp -s "$T/a.json" "$T/b.json"
rc=$?
$SIM --gen sp1:16 --latency 8 --load 0.05 --size 2000-6000 --cycles 30000 \
	-j --all --progress >"$T/f.json" 2>"$T/f.err"
rc=$((rc + $?))
$SIM --gen sp1:16 --latency 8 --load 0.05 --size 2000-6000 --cycles 30000 \
	-j --all --exact >"$T/x.json" 2>/dev/null
rc=$((rc + $?))
cmp -s "$T/f.json" "$T/x.json" &&
	grep -Eq "fast-forwarded [1-9][0-9]{3,} cycles" "$T/f.err" &&
	grep -Eq ", [1-9][0-9]{3,} replayed" "$T/f.err"
rc=$((rc + $?))
# wide links shared by two VCs (the torus's dateline): one transfer per
# VC in the fast mode
$SIM --gen torus:4x4 --bandwidth 3 --load 1 --cycles 5000 -j --all \
	>"$T/f.json" 2>/dev/null
rc=$((rc + $?))
$SIM --gen torus:4x4 --bandwidth 3 --load 1 --cycles 5000 -j --all --exact \
	>"$T/x.json" 2>/dev/null
rc=$((rc + $?))
cmp -s "$T/f.json" "$T/x.json"
ok $((rc + $?)) "--exact: byte-identical JSON, also fast-forwarded, replayed and wide shared links"

# 3: below saturation accepted equals offered (within 5%)
$SIM --gen torus:4x4 --cycles 50000 --warmup 5000 --load 0.2 -j \
	>"$T/d.json" 2>/dev/null
rc=$?
json "$T/d.json" '
abs(d["traffic"]["accepted-milli"] - d["traffic"]["offered-milli"]) * 20 <=
d["traffic"]["offered-milli"] and 180 <= d["traffic"]["offered-milli"] <= 220'
ok $((rc + $?)) "torus 4x4 at 0.2 load: accepted = offered"

# 4: routes from a file as rcfctl writes them run the same as computed
if [ -x ./bin/rcfctl ]; then
	./bin/rcfctl route compute --gen mesh:4x4 --algo dor >"$T/routes" &&
	$SIM --gen mesh:4x4 --routes "$T/routes" --messages 300 -j \
		>"$T/e.json" &&
	$SIM --gen mesh:4x4 --routes dor --messages 300 -j >"$T/f.json" &&
	python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if a["stats"] == b["stats"] and
         a["fabric"]["route-source"] == "file" else 1)' "$T/e.json" "$T/f.json"
	ok $? "route file gives the computed routes' run"
else
	echo "not ok $((n = n + 1)) route file (rcfctl not built)"
	failed=1
fi

# 5: a trace replays exactly
cat >"$T/trace" <<EOF
# cycle src dst bytes
0 0 15 100
0 15 0 100
40 5 6 3000
1000 3 12 1
EOF
$SIM --gen mesh:4x4 --traffic "trace:$T/trace" -j --pairs >"$T/g.json"
rc=$?
json "$T/g.json" '
d["traffic"]["msgs-delivered"] == 4 and d["traffic"]["bytes-delivered"] ==
3201 and {(p["src"], p["dst"]): p["rx-bytes"] for p in d["pairs"]} ==
{(0, 15): 100, (15, 0): 100, (5, 6): 3000, (3, 12): 1}'
ok $((rc + $?)) "trace replay"

# 6: an SP1 fabric with switches and a permutation
$SIM --gen sp1:32 --traffic exor --step 5 --size 1-500 --messages 500 -j \
	>"$T/h.json" 2>/dev/null
rc=$?
json "$T/h.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-delivered"] == 500 and
d["fabric"]["switches"] > 0'
ok $((rc + $?)) "sp1:32 exor permutation"

# 7: the text report carries the same counters
$SIM --gen mesh:4x4 --cycles 20000 --rate 150 --seed 7 >"$T/a.txt"
rc=$?
grep -q "^run: .*complete$" "$T/a.txt" &&
	grep -q "^drops *none" "$T/a.txt"
ok $((rc + $?)) "text report"

# 8: usage errors exit 2 with a message
$SIM --gen mesh:4x4 --traffic bitrev:3 >/dev/null 2>"$T/u.err"
rc1=$?
$SIM --cycles 10 >/dev/null 2>>"$T/u.err"
rc2=$?
$SIM --gen mesh:3x3 --traffic bitrev >/dev/null 2>>"$T/u.err"
rc3=$?
[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ $rc3 -eq 2 ] &&
	[ "$(grep -c rcfsim: "$T/u.err")" -ge 3 ]
ok $? "usage errors"

# 9: a pair without a route is a refused message and a failed run
: >"$T/none"
$SIM --gen mesh:4x4 --routes "$T/none" --messages 50 -j >"$T/i.json" \
	2>/dev/null
rc=$?
json "$T/i.json" '
d["traffic"]["msgs-refused"] == 50 and not d["traffic"]["complete"] and
d["stats"]["drops"] == {"no-route": 50}'
j=$?
[ $rc -eq 1 ]
ok $(($? + j)) "no routes: refused, counted, exit 1"

# 10: a ring of switches whose routes all turn one way, tiny queues:
# the engine finds the deadlock and rcfsim says so
{
	for s in 0 1 2 3; do echo "node add id $s ports 1"; done
	for s in 0 1 2 3; do echo "switch add id $s ports 3 cq-size 64"; done
	for s in 0 1 2 3; do
		echo "link add id $s node $s port 0 switch $s port 0 buffer 8"
		echo "link add id $((s + 4)) switch $s port 1" \
			"switch $(((s + 1) % 4)) port 2 buffer 8"
	done
	for s in 0 1 2 3; do
		for k in 1 2 3; do
			hops="0"
			for _ in $(seq $k); do hops="$hops 1"; done
			echo "route add src $s dst $(((s + k) % 4)) index 0" \
				"hops $hops 0"
		done
	done
} >"$T/ring.topo"
$SIM --topo "$T/ring.topo" --traffic doloop:3 --size 200 --load 1 \
	--messages 400 >"$T/j.txt" 2>"$T/j.err"
rc=$?
[ $rc -eq 1 ] && grep -q "^run: .*deadlock$" "$T/j.txt" &&
	grep -q "dependency graph has a cycle" "$T/j.err" &&
	grep -q "rcfsim: deadlock at cycle" "$T/j.err"
ok $? "cyclic routes: deadlock detected and reported"

# a PRDT runs with vector routing and its dateline by default
$SIM --gen prdt:8:2:1 --cycles 20000 --rate 150 -j >"$T/p.json" \
	2>"$T/p.err" &&
	json "$T/p.json" '
d["traffic"]["complete"] and d["traffic"]["msgs-sent"] > 100 and
d["traffic"]["msgs-delivered"] == d["traffic"]["msgs-sent"] and
d["stats"]["pkts-dropped"] == 0
' && grep -q "rdt-vector" "$T/p.json"
ok $? "prdt:8:2:1: rdt-vector routes by default, all delivered"

# model settings: each bad value refused with its reason, exit 2
for a in "--cq 5:0 or 64" "--route-delay 1001:0 to 1000" \
	"--alloc fifo:oldest, rr or islip" "--packet-rate 1.5:at most 1" \
	"--packet-rate 0.1 --size 8-16:needs --size N" \
	"--self -T bitrev:for uniform" "--tie-seed 3 -r shortest:tie-seed"; do
	# shellcheck disable=SC2086
	$SIM --gen torus:4x4 ${a%%:*} -c 10 >/dev/null 2>"$T/k.err"
	[ $? -eq 2 ] && grep -q "${a#*:}" "$T/k.err" || break
	a=
done
[ -z "$a" ]
ok $? "model settings: bad values refused"

# switches of one node each, 8-byte raw packets: the zero settings give
# the default run, and each setting moves the zero-load latency
python3 bench/grid_switches.py mesh 3 3 >"$T/g.topo"
k() {
	$SIM --topo "$T/g.topo" --size 8 --packet-rate 0.01 -c 5000 -j "$@" |
		python3 -c 'import json,sys; d=json.load(sys.stdin)["traffic"]
print(d["complete"], d["msgs-delivered"], d["latency"]["avg"])'
}
base=$(k) && zero=$(k --route-delay 0 --alloc oldest) &&
	raw=$(k --raw) && d2=$(k --raw --route-delay 2) &&
	echo "# default $base, raw $raw, raw delay 2 $d2" &&
	[ "$base" = "$zero" ] && [ "${raw%% *}" = True ] &&
	[ "${raw##* }" -lt "${base##* }" ] && [ "${d2##* }" -gt "${raw##* }" ]
ok $? "model settings: zero is the default; raw and route delay move latency"

# the step as rcfctl traffic spells it (--step I), and PATTERN:I as well
$SIM --gen sp1:32 --traffic exor:5 --size 1-500 --messages 500 -j \
	>"$T/h5.json" 2>/dev/null
rc=$?
# ARGS|REASON: the colons belong to the patterns
for a in "-T doloop|needs a step: --step I" \
	"-T doloop:3 --step 3|give the step once" \
	"--step 2|--step I goes with doloop" "-T ncube --step x|--step: 'x'" \
	"-T exor:-1|the step is not"; do
	# shellcheck disable=SC2086
	$SIM --gen mesh:4x4 ${a%%|*} -c 10 >/dev/null 2>"$T/s.err"
	[ $? -eq 2 ] && grep -q -- "${a#*|}" "$T/s.err" || break
	a=
done
[ $rc -eq 0 ] && cmp -s "$T/h.json" "$T/h5.json" && [ -z "$a" ]
ok $? "--step I and PATTERN:I run alike; a step missing, twice or \
misplaced is refused"

# 11: --help
$SIM --help | grep -q "^usage: rcfsim"
ok $? "--help"

exit $failed
