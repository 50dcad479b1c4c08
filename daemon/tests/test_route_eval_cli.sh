#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl route eval --accounting: a bad value exits 2 with a reason and
# prints nothing; all-links is the default; the paper accounting averages
# 20 seeds by default and gives JSON a parser takes.  No module needed.
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
. tests/tap.sh

echo "TAP version 13"
echo "1..7"
ok_usage_error 'wants paper or all-links, not "links"' "refuses --accounting links" \
	$CTL route eval --gen sp1:16 --accounting links
ok_usage_error 'wants paper or all-links, not ""' "refuses an empty --accounting" \
	$CTL route eval --gen sp1:16 --accounting ''
ok_usage_error 'paper counts K = 0 only' "refuses --accounting paper --k 2" \
	$CTL route eval --gen sp1:16 --accounting paper --k 2

$CTL route eval --gen sp1:16 --workload doloop,exor >"$T/default" 2>/dev/null &&
	$CTL route eval --gen sp1:16 --workload doloop,exor \
		--accounting all-links >"$T/all" 2>/dev/null &&
	grep -q 'worst step' "$T/default" &&
	cmp -s "$T/default" "$T/all"
ok $? "all-links is the default and prints the worst-step table"

$CTL -j route eval --gen sp1:16 --workload ncube,random-f --map both \
	--accounting paper >"$T/json" 2>/dev/null &&
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["accounting"] == "paper", d["accounting"]
rows = d["rows"]
assert len(rows) == 4, len(rows)
for r in rows:
    for a in ("sp1", "adaptive-random", "adaptive-sp1"):
        c = r[a]
        assert c["seeds"] == 20, c
        f = c["flow"]
        assert f["min"] <= f["mean"] <= f["max"] and f["std"] >= 0, c
# sp1:16 NCUBE, identity: steps 2 and 3 of 4, FLOW 1, COST 32 every seed
n = [r for r in rows if r["workload"] == "ncube" and r["mapping"] == "identity"][0]
assert n["sp1"]["switch_steps"] == 40 and n["sp1"]["steps"] == 80, n
assert n["sp1"]["flow"]["mean"] == 1 and n["sp1"]["cost"]["mean"] == 32, n
' "$T/json"
ok $? "paper -j: 20 seeds a row, mean within min and max, NCUBE by hand"

$CTL -j route eval --gen sp1:16 --workload exor >"$T/json" 2>/dev/null &&
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["accounting"] == "all-links" and d["rows"][0]["seed"] == 1, d
' "$T/json"
ok $? "all-links -j names its accounting, a row per seed"

$CTL route eval --gen sp1:16 --workload random-v --accounting paper \
	--seed 3-5 >"$T/out" 2>/dev/null &&
	grep -q '^RANDOM-V .* 16  *3 |' "$T/out" &&
	grep -q 'derangements' "$T/out"
ok $? "paper --seed 3-5: one row of 3 seeds, derangements"
exit $failed
