#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Topology files the kernel refuses, through the tools that never ask it:
# rcfctl route compute/check --topo, topo load --dry-run and rcfsim must
# all refuse them with FILE:LINE, exit 2 (rcfsim: non-zero), never crash;
# rcfctl's own numbers are decimal; out of memory is exit 3 (TAP 13).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
SIM=./bin/rcfsim
. tests/tap.sh

# refuses FILE PATTERN NAME: every offline reader refuses FILE, exit 2
# for rcfctl and 1 or 2 for rcfsim (no signal), with PATTERN on stderr
refuses() {
	f=$1
	pat=$2
	good=0
	for cmd in "route compute --algo sp1 --topo" \
		"route compute --algo shortest --topo" \
		"route check --topo" "topo load --dry-run"; do
		# shellcheck disable=SC2086
		$CTL $cmd "$f" >"$T/out" 2>"$T/err"
		rc=$?
		if [ $rc -ne 2 ] || ! grep -q "$pat" "$T/err"; then
			echo "# rcfctl $cmd: exit $rc: $(cat "$T/err")"
			good=1
		fi
	done
	$SIM --topo "$f" --cycles 10 >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ne 1 ] && [ $rc -ne 2 ]; then
		echo "# rcfsim: exit $rc: $(cat "$T/err")"
		good=1
	fi
	ok $good "$3"
}

echo "TAP version 13"
echo "1..17"

two='node add id 0
node add id 1'

printf '%s\n' "$two" "switch add id 0 ports 33" \
	"link add id 0 node 0 port 0 switch 0 port 0" \
	"link add id 1 node 1 port 0 switch 0 port 32" >"$T/sw33.rcf"
refuses "$T/sw33.rcf" "sw33.rcf:3: switch: ports 33 is out of range 2-32" \
	"33-port switch: refused at its line by every reader"

printf '%s\n' "$two" "switch add id 0 ports 64" \
	"link add id 0 node 0 port 0 switch 0 port 0" >"$T/sw64.rcf"
refuses "$T/sw64.rcf" "sw64.rcf:3:.*out of range 2-32" "64-port switch"

printf '%s\n' "node add id 0 ports 64" "node add id 1" \
	"link add node 0 port 40 node 1 port 0" >"$T/n64.rcf"
refuses "$T/n64.rcf" "n64.rcf:1: node: ports 64 is out of range 1-32" \
	"64-port node with a link on port 40"

printf '%s\n' "$two" "switch add id 0 ports 300" \
	"link add node 0 port 0 switch 0 port 290" >"$T/sw300.rcf"
refuses "$T/sw300.rcf" "sw300.rcf:3:" "300-port switch, link on port 290"

printf '%s\n' "switch add id 0 ports 4294967295" >"$T/huge.rcf"
refuses "$T/huge.rcf" "huge.rcf:1:.*4294967295 is out of range" \
	"ports 4294967295: refused, nothing allocated"

printf '%s\n' "$two" "node add id 2" "switch add id 0" \
	"link add node 0 port 0 switch 0 port 0" \
	"link add node 1 port 0 switch 0 port 1" \
	"link add node 2 port 0 switch 0 port 1" >"$T/twice.rcf"
refuses "$T/twice.rcf" \
	"twice.rcf:7: link node 2 port 0 - switch 0 port 1: .*(end B, switch 0 port 1: link 1" \
	"two links on one port"

printf '%s\n' "$two" "link add node 0 port 0 node 1 port 0 vcs 256" \
	>"$T/vcs.rcf"
refuses "$T/vcs.rcf" "vcs.rcf:3: link: vcs 256 is out of range 1-4" \
	"vcs 256 is refused, not read as 0 VCs"

printf '%s\n' "node add" "node add id 0" >"$T/noid.rcf"
refuses "$T/noid.rcf" "noid.rcf:2: node 0: node already exists (line 1)" \
	"a node without id is node 0, as in the kernel"

printf 'node add id 0\nnode add id 1\0 ports 9\n' >"$T/nul.rcf"
refuses "$T/nul.rcf" "nul.rcf:2: NUL byte" "a NUL byte is refused"

# the same limits on a batch, before any netlink socket is opened
printf '%s\n' "node add id 0" "switch add id 0 ports 33" >"$T/b.batch"
$CTL -batch "$T/b.batch" 2>"$T/err"
[ $? -eq 2 ] && grep -q "b.batch:2: switch: ports 33 is out of range" "$T/err"
ok $? "-batch: a number beyond the kernel's range is refused at its line"

# command-line numbers are decimal, without sign or 0x
good=0
for bad in "node add id 0x10" "node add id -1" "node show 99999999999" \
	"link add node 0 port 1x node 1 port 0"; do
	# shellcheck disable=SC2086
	$CTL $bad 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] || {
		echo "# rcfctl $bad: exit $rc"
		good=1
	}
done
$CTL topo swap -1 2 2>"$T/err"
[ $? -eq 2 ] || good=1
ok $good "command-line numbers: 0x, signs and overflow are usage errors"

# option numbers too: a blank, a sign, overflow or junk is refused with
# the reason, never read as the number strtoul would make of it
good=0
for bad in "route compute --gen sp1:16 --k| 5|not a number" \
	"route compute --gen sp1:16 --seed|+1|not a number" \
	"route compute --gen sp1:16 --seed|18446744073709551616|out of range" \
	"route compute --gen sp1:16 --ntry|0|out of range" \
	"route compute --gen sp1:16 --paths| 2|wants 1 to 4" \
	"route eval --gen sp1:16 --candidates|4x|not a number" \
	"route eval --gen sp1:16 --seed|1,+2|--seed wants a list" \
	"route eval --gen sp1:16 --seed|1,|--seed wants a list" \
	"route eval --gen sp1:16 --seed|3-1|--seed wants a list" \
	"--epoch-timeout| 5|not a number of milliseconds" \
	"--epoch-timeout|5ms|not a number of milliseconds"; do
	args=${bad%%|*}
	rest=${bad#*|}
	val=${rest%%|*}
	want=${rest#*|}
	# shellcheck disable=SC2086
	if [ "${args#--}" != "$args" ]; then
		$CTL $args "$val" node add id 0 2>"$T/err"
	else
		$CTL $args "$val" 2>"$T/err"
	fi
	rc=$?
	[ $rc -eq 2 ] && grep -qF -- "$want" "$T/err" || {
		echo "# rcfctl $args '$val': exit $rc: $(cat "$T/err")"
		good=1
	}
done
ok $good "option numbers: blanks, signs, overflow and junk refused, with why"

printf '%s\n' "node add id 010" "node add id 09" >"$T/oct.rcf"
$CTL topo load --dry-run "$T/oct.rcf" >"$T/out" 2>"$T/err"
[ $? -eq 0 ] && grep -q "^node add id 10$" "$T/out" &&
	grep -q "^node add id 9$" "$T/out"
ok $? "a leading 0 is decimal: 010 is 10, 09 is 9"

# generators beyond the kernel's limits: apply refuses, topo stats measures
$CTL topo apply rdt:128:2:4:1 --dry-run >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "at most 4096" "$T/err" && [ ! -s "$T/out" ] &&
	$CTL topo stats rdt:128:2:4:1 -j >"$T/st.json" &&
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(not (d["nodes"] == 16384 and d["router_links"] == 65536 and
	d["diameter"] == 10 and d["searches"] == 16 and
	[r["x"] * r["y"] for r in d["ranks"]] == [16384, 2048, 256, 32, 4]))
' "$T/st.json"
ok $? "rdt:128:2:4:1: apply refuses 16384 nodes, topo stats measures it"

$CTL topo stats prdt:16:2:3 >"$T/out" 2>"$T/err"
rc=$?
$CTL topo stats >/dev/null 2>&1
rc2=$?
[ $rc -eq 2 ] && [ $rc2 -eq 2 ] && grep -q "upper ranks 1 to 2" "$T/err" &&
	$CTL topo stats prdt:16:2:2 | grep -q "diameter 5, average"
ok $? "topo stats: a rank the base lacks and no spec are usage errors"

# the hypercube of switches: apply builds it, ecube routes it, the
# limit is the kernel's 4096 nodes
$CTL topo apply hcube:4 --dry-run >"$T/hc.topo" 2>"$T/err" &&
	[ "$(grep -c '^switch add .* ports 5$' "$T/hc.topo")" -eq 16 ] &&
	[ "$(grep -c '^link add' "$T/hc.topo")" -eq 48 ] &&
	$CTL route compute --algo ecube --topo "$T/hc.topo" >"$T/out" &&
	[ "$(grep -c '^route add' "$T/out")" -eq 240 ] &&
	grep -q "deadlock-free yes" "$T/out" &&
	! $CTL topo apply hcube:13 --dry-run >/dev/null 2>"$T/err" &&
	grep -q "at most 4096" "$T/err"
ok $? "hcube:4: apply --dry-run, 240 ecube routes deadlock-free; hcube:13 refused"

# out of memory is its own exit status: 100000 operations of about
# 0.7 KiB each do not fit in 64 MiB of address space
yes "link set 0 vcs 1" | head -n 100000 >"$T/big.batch"
# shellcheck disable=SC3045 # dash and bash have ulimit -v; others skip
(ulimit -v 65536 2>/dev/null || exit 99; exec $CTL -batch "$T/big.batch") \
	2>"$T/err"
rc=$?
if [ $rc -eq 99 ]; then
	n=$((n + 1))
	echo "ok $n # SKIP this shell cannot limit the address space"
else
	[ $rc -eq 3 ] && grep -q "out of memory" "$T/err"
	ok $? "out of memory: exit 3 and says so (got $rc: $(head -c 200 "$T/err"))"
fi

exit $failed
