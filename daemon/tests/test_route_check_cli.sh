#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl route check walks a file's routes as it reads them, or reads the
# file whole when it cannot (standard input, elements after the routes,
# routes out of order, a route that does not walk): either way the same
# output, exit status and refusal.  route compute prints sp1's routes as
# it makes them: the same lines as held and printed at the end (TAP 13).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
. tests/tap.sh

# same FILE NAME: route check of FILE (read as it goes, or again whole)
# and of its text on standard input (read whole) agree, text and JSON
same() {
	good=0
	for j in "" -j; do
		# shellcheck disable=SC2086
		$CTL $j route check --topo "$1" >"$T/a" 2>"$T/ae"
		ra=$?
		# shellcheck disable=SC2086
		$CTL $j route check --topo - <"$1" >"$T/b" 2>"$T/be"
		rb=$?
		sed "s|^rcfctl: -:|rcfctl: $1:|" "$T/be" >"$T/be2"
		if [ $ra -ne $rb ] || ! cmp -s "$T/a" "$T/b" ||
			! cmp -s "$T/ae" "$T/be2"; then
			echo "# $1 $j: exit $ra/$rb: $(cat "$T/ae" "$T/be")"
			good=1
		fi
	done
	ok $good "$2"
}

# 65280 routes, 16 pieces of whole sources
$CTL topo apply fattree:16:2 --dry-run >"$T/topo"
$CTL route compute --topo "$T/topo" --algo sp1 >"$T/routes"
grep -v '^route' "$T/topo" >"$T/fab"
grep '^route' "$T/routes" >"$T/r"
cat "$T/fab" "$T/r" >"$T/ok"
same "$T/ok" "routes read as they come: the figures of the whole set"
$CTL route check --topo "$T/ok" | grep -q ': 65280 routes, 65280 pairs'
ok $? "the whole set's 65280 pairs counted"
{ cat "$T/fab"; tac "$T/r"; } >"$T/rev"
same "$T/rev" "routes in reverse: read again whole, the same figures"
{ head -5 "$T/fab"; cat "$T/r"; tail -n +6 "$T/fab"; } >"$T/late"
same "$T/late" "elements after the routes: the same figures"
{ cat "$T/fab"; sed '30000s/hops .*$/hops 0 0 0/' "$T/r"; } >"$T/bad"
same "$T/bad" "a route that does not walk, late in the file: its refusal"
{ cat "$T/fab"; sed '30000s/hops .*$/hops 0 0 0/; 50000s/index 0/index x/' \
	"$T/r"; } >"$T/badparse"
same "$T/badparse" "a line that does not parse after it: FILE:LINE first"
{ cat "$T/fab"; sed '40000s/src [0-9]*/src 0/' "$T/r"; } >"$T/ooo"
same "$T/ooo" "a route of an earlier source late in the file"
{ cat "$T/fab"; head -100 "$T/r"; cat "$T/r"; } >"$T/dup"
same "$T/dup" "routes given twice"

# route compute: printed as made, the same lines as the whole set's
for algo in sp1 shortest; do
	$CTL route compute --topo "$T/topo" --algo $algo >"$T/c1"
	$CTL -j route compute --topo "$T/topo" --algo $algo >"$T/c2"
	python3 - "$T/c1" "$T/c2" <<'PY'
import json, sys
lines = [l.split() for l in open(sys.argv[1]) if l.startswith("route add")]
j = json.load(open(sys.argv[2]))
want = [["route", "add", "src", str(r["src"]), "dst", str(r["dst"]),
         "index", str(r["index"]), "hops"] + r["hops"]
        for r in j["route_list"]]
sys.exit(0 if lines == want and len(want) == j["routes"] else 1)
PY
	ok $? "route compute --algo $algo prints the routes its JSON holds"
done
exit $failed
