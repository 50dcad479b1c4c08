#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The engine's model settings through the tools that need no kernel:
# rcfctl fabric set refuses bad words (exit 2) before it asks rcf.ko, the
# offline readers refuse a topology file's bad keys with FILE:LINE, and
# rcfsim runs a file's settings as it runs the same flags (TAP 13).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"
echo "1..10"

ok_usage_error 'alloc: "wfa" is not oldest, rr or islip' \
	"fabric set alloc wfa: a usage error" $CTL fabric set alloc wfa
ok_usage_error 'central-queue: "0" is not on or off' \
	"fabric set central-queue 0: a usage error" \
	$CTL fabric set central-queue 0
ok_usage_error '"raw" needs a value' "fabric set raw: a usage error" \
	$CTL fabric set raw
ok_usage_error 'route-delay: bad number "x"' \
	"fabric set route-delay x: a usage error" \
	$CTL fabric set route-delay x

$CTL topo apply sp1:16 --dry-run >"$T/sp.rcf" 2>"$T/err"
ok $? "sp1:16 as a topology file"

# bad FILE PATTERN NAME: topo load --dry-run and rcfsim refuse FILE
bad() {
	good=0
	$CTL topo load --dry-run "$1" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q -- "$2" "$T/err"; then
		echo "# rcfctl topo load: exit $rc: $(cat "$T/err")"
		good=1
	fi
	$SIM --topo "$1" --cycles 10 >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q -- "$2" "$T/err"; then
		echo "# rcfsim: exit $rc: $(cat "$T/err")"
		good=1
	fi
	ok $good "$3"
}

{ cat "$T/sp.rcf"; echo "fabric set route-delay 1001"; } >"$T/d.rcf"
line=$(wc -l <"$T/d.rcf")
bad "$T/d.rcf" "d.rcf:$line: .*route-delay 1001 is out of range 0-1000" \
	"route-delay 1001 in a file: refused at its line by both readers"
{ echo "fabric set alloc fifo"; cat "$T/sp.rcf"; } >"$T/a.rcf"
bad "$T/a.rcf" 'a.rcf:1: alloc: "fifo" is not oldest, rr or islip' \
	"alloc fifo in a file: refused at its line by both readers"

# the same seeded run from the file's settings and from the flags
run="--load 0.3 --cycles 3000 --seed 5 --json"
{ echo "fabric set central-queue off route-delay 3 alloc rr"
  cat "$T/sp.rcf"; } >"$T/m.rcf"
# shellcheck disable=SC2086
$SIM --topo "$T/m.rcf" $run | sed 's/"name":"[^"]*"//' >"$T/file.json"
# shellcheck disable=SC2086
$SIM --topo "$T/sp.rcf" --cq 0 --route-delay 3 --alloc rr $run |
	sed 's/"name":"[^"]*"//' >"$T/flags.json"
# shellcheck disable=SC2086
$SIM --topo "$T/sp.rcf" $run | sed 's/"name":"[^"]*"//' >"$T/plain.json"
good=1
if [ -s "$T/file.json" ] && cmp -s "$T/file.json" "$T/flags.json" &&
	! cmp -s "$T/file.json" "$T/plain.json"; then
	good=0
fi
ok $good "rcfsim: a file's model settings run as the same flags"

# a flag wins over the file's setting
# shellcheck disable=SC2086
$SIM --topo "$T/m.rcf" --route-delay 0 $run |
	sed 's/"name":"[^"]*"//' >"$T/over.json"
# shellcheck disable=SC2086
$SIM --topo "$T/sp.rcf" --cq 0 --alloc rr $run |
	sed 's/"name":"[^"]*"//' >"$T/over2.json"
good=1
if [ -s "$T/over.json" ] && cmp -s "$T/over.json" "$T/over2.json" &&
	! cmp -s "$T/over.json" "$T/file.json"; then
	good=0
fi
ok $good "rcfsim: a flag overrides the file's setting"

# alloc islip: the file's word runs as the flag, its matches are not
# rr's, and the load is carried
{ echo "fabric set alloc islip"; cat "$T/sp.rcf"; } >"$T/i.rcf"
# shellcheck disable=SC2086
$SIM --topo "$T/i.rcf" $run | sed 's/"name":"[^"]*"/"name":""/' >"$T/islip.json"
# shellcheck disable=SC2086
$SIM --topo "$T/sp.rcf" --alloc islip $run |
	sed 's/"name":"[^"]*"/"name":""/' >"$T/islip2.json"
# shellcheck disable=SC2086
$SIM --topo "$T/sp.rcf" --alloc rr $run |
	sed 's/"name":"[^"]*"/"name":""/' >"$T/rr.json"
good=1
if [ -s "$T/islip.json" ] && cmp -s "$T/islip.json" "$T/islip2.json" &&
	! cmp -s "$T/islip.json" "$T/rr.json" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["traffic"]
sys.exit(not (d["complete"] and d["msgs-delivered"] == d["msgs-sent"] > 100))' \
		"$T/islip.json"; then
	good=0
fi
ok $good "rcfsim: alloc islip from a file or --alloc, not rr's run"

exit $failed
