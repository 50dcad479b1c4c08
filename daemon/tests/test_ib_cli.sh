#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl topo import | export: the committed ibnetdiscover and ibsim files
# read as written, round trips that keep links and names, generated fat
# trees through both formats, and what rcf cannot hold refused with
# FILE:LINE, exit 2, no output (TAP 13).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
D=tests/data
. tests/tap.sh

echo "TAP version 13"
echo "1..35"

# the rcf lines of a topology file, without comments
body() {
	grep -v '^#' "$1"
}

$CTL topo import --format ibnetdiscover $D/ib-small.ibnd -o "$T/nd.topo"
rc=$?
grep -q '^switch add id 0 ports 24 desc "spine-1" guid 0x248a070300a1b2c0$' \
	"$T/nd.topo" &&
	grep -q '^node add id 2 ports 2 desc "node-c HCA-1" guid 0x0002c90300001201$' \
		"$T/nd.topo" &&
	grep -q '^link add id 3 switch 0 port 0 switch 1 port 6$' "$T/nd.topo" &&
	[ "$(grep -c '^link add' "$T/nd.topo")" -eq 5 ]
ok $((rc || $?)) "ibnetdiscover: names, GUIDs, ports 1-based to 0-based"

$CTL topo import --format ibsim $D/ib-small.ibsim >"$T/sim.topo"
rc=$?
grep -q '^node add id 1 ports 1 desc "hca-2"$' "$T/sim.topo" &&
	grep -q '^link add id 3 node 2 port 1 switch 0 port 2$' "$T/sim.topo" &&
	grep -q '^link add id 5 switch 0 port 5 switch 1 port 5$' "$T/sim.topo" &&
	[ "$(grep -c '^link add' "$T/sim.topo")" -eq 6 ]
ok $((rc || $?)) "ibsim: one-sided links, a two-port adapter, w= ignored"

$CTL topo load --dry-run "$T/nd.topo" >"$T/again.topo" &&
	[ "$(body "$T/again.topo")" = "$(body "$T/nd.topo")" ]
ok $? "an imported file loads (dry run) and is written back unchanged"

# round trip FORMAT FILE: export then import gives the same fabric
round() {
	$CTL topo export --format "$1" --topo "$2" -o "$T/x.$1" &&
		$CTL topo import --format "$1" "$T/x.$1" -o "$T/y.topo" &&
		[ "$(body "$T/y.topo")" = "$(body "$2")" ]
}
round ibnetdiscover "$T/nd.topo"
ok $? "ibnetdiscover round trip keeps links, descs and GUIDs"
round ibsim "$T/sim.topo"
ok $? "ibsim round trip keeps links and names"

# a generated fabric through FORMAT: the same lines but for the labels
gen_round() {
	$CTL topo export --format "$1" --gen "$2" >"$T/g.$1" &&
		$CTL topo import --format "$1" "$T/g.$1" |
		sed 's/ desc ".*"//; s/ guid 0x[0-9a-f]*//' | grep -v '^#' \
			>"$T/g.topo" &&
		$CTL topo apply "$2" --dry-run | grep -v '^#' |
		cmp -s - "$T/g.topo"
}
for g in fattree:4:3 clos:4:2:4:2:3; do
	for f in ibnetdiscover ibsim; do
		gen_round $f $g
		ok $? "$g through $f and back: same nodes, switches, links"
	done
done
$CTL topo export --format ibnetdiscover --gen fattree:4:2 |
	grep -q '^\[5\]	"S-7263660002000004"\[1\]	*# "rcf switch 4" lid 5 4xSDR$'
ok $? "export names unnamed elements by an rcf GUID and desc"
$CTL topo export --format ibsim --gen fattree:4:2 |
	$CTL topo import --format ibsim - | grep -q '^switch add id 7 ports 4 guid 0x7263660002000007$'
ok $? "ibsim: S-GUID ids give GUIDs, not names"

# refused FILE LINE PATTERN NAME: import exits 2 naming FILE:LINE
refused() {
	$CTL topo import --format "${FMT:-ibsim}" "$T/$1" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$T/out" ] &&
		grep -q "^rcfctl: $T/$1:$2: $3" "$T/err"; then
		ok 0 "$4"
	else
		echo "# exit $rc: $(cat "$T/err")"
		ok 1 "$4"
	fi
}
printf 'Switch 8 "a"\n[1] "b"[1]\n\nSwitch 36 "b"\n[1] "a"[1]\n' >"$T/radix"
refused radix 4 'switch "b" has 36 ports; rcf switches have 2 to 32' \
	"a 36-port switch is refused at its line"
printf 'Switch 8 "a"\n[9] "b"[1]\nHca 1 "b"\n' >"$T/port"
refused port 2 'port 9 beyond "a"' "a port beyond the radix"
printf 'Switch 8 "a"\n[1] "b"[1]\n[2] "zz"[1]\nHca 1 "b"\n' >"$T/unknown"
refused unknown 3 'link to unknown node "zz"' "a link to an unknown node"
printf 'Switch 8 "a"\n[1] "b"[2]\nHca 1 "b"\n' >"$T/peerport"
refused peerport 2 '"b" has no port 2' "a peer port beyond the peer's"
printf 'Switch 8 "a"\n[1] "b"[1]\n[1] "b"[1]\nHca 1 "b"\n' >"$T/twice"
refused twice 3 'port 1 listed twice' "a port listed twice"
printf 'Switch 8 "a"\n[1] "b"[1]\n\nSwitch 8 "c"\n[1] "b"[1]\nHca 1 "b"\n' \
	>"$T/conflict"
refused conflict 5 '"b" port 1 is listed with another peer' \
	"two switches on one adapter port"
printf 'Switch 8 "a"\n[1] "b"[1]\nHca 1 "b"\n[1] "a"[2]\n' >"$T/disagree"
refused disagree 4 'port 1: its peer lists another port' \
	"the two ends of a link disagree"
printf '# x\n[1] "a"[1]\n' >"$T/early"
refused early 2 'port line before any Switch' "a port line before a header"
printf 'Switch 8 "a"\nfoo bar\n' >"$T/junk"
refused junk 2 'unknown line "foo bar"' "an unknown line"
printf 'Switch 8 "a"\n[1] "b"[1] junk\nHca 1 "b"\n' >"$T/tail"
refused tail 2 'want \[PORT\] "PEER"\[PORT\]' "junk after a port line"
printf '\nRt 4 "r"\n' >"$T/router"
refused router 2 'routers (Rt) have no rcf equivalent' "a router"
printf 'include other\n' >"$T/include"
refused include 1 "ibsim's include and do lines" "ibsim's include"
printf 'Hca 1 "a\n' >"$T/quote"
refused quote 1 'want a quoted node id' "an unclosed quote"
printf 'Hca 40 "a"\n' >"$T/hca"
refused hca 1 'adapter "a" has 40 ports' "an adapter of 40 ports"
printf 'Hca 1 "a"\n\nHca 1 "a"\n' >"$T/dup"
refused dup 3 'node id "a" given twice (line 1)' "a node id given twice"
printf 'switchguid=0xzz\nSwitch 8 "a"\n' >"$T/guid"
FMT=ibnetdiscover refused guid 1 'bad GUID' "a bad GUID"
# found by fuzz_ib: a tab in a description was imported into a file
# that topo load then refused
printf 'Switch 8 "S-01"\t\t# "leaf\tone"\n' >"$T/tab"
FMT=ibnetdiscover refused tab 1 'the node description has a control' \
	"a description with a tab is refused at its line"
# found by fuzz_ib: an ibsim export named an element by its desc and
# dropped its GUID, and a desc that reads as a GUID id came back as one
printf 'node add id 0 ports 1 desc "H-0000000000000abc" guid 0x0000000000000005\n%s\n%s\n' \
	'switch add id 0 ports 2 desc "leaf" guid 0x000000000000248a' \
	'link add id 0 node 0 port 0 switch 0 port 0' >"$T/lab.topo"
round ibsim "$T/lab.topo"
ok $? "ibsim round trip keeps GUIDs and a desc that looks like a GUID id"

printf 'node add id 0 desc "x"\nnode add id 1 desc "x"\n' >"$T/same.topo"
! $CTL topo export --format ibsim --topo "$T/same.topo" >"$T/out" \
	2>"$T/err" && [ ! -s "$T/out" ] &&
	grep -q 'two elements are named "x"' "$T/err"
ok $? "ibsim export refuses two elements of one name, writing nothing"
$CTL topo export --format ibsim --gen fattree:17:2 >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q '34 ports' "$T/err"
ok $? "export of a spec beyond 32 ports refused"
# labels: quoted words with escapes survive a load and a write
printf 'node add id 0 desc "a \\"b\\" # c\\\\d" guid 0xAB\n' >"$T/q.topo"
$CTL topo load --dry-run "$T/q.topo" >"$T/q2.topo" &&
	grep -qx 'node add id 0 desc "a \\"b\\" # c\\\\d" guid 0x00000000000000ab' \
		"$T/q2.topo" &&
	$CTL topo load --dry-run "$T/q2.topo" | cmp -s - "$T/q2.topo"
ok $? "desc with quotes, # and backslash, guid in hex: written back alike"
printf 'node add id 0\nnode add id 1 desc "open\n' >"$T/q3.topo"
$CTL topo load --dry-run "$T/q3.topo" 2>"$T/err" >/dev/null
[ $? -eq 2 ] && grep -q "q3.topo:2: quoted word not closed" "$T/err"
ok $? "an unclosed quote in a topology file names its line"
$CTL node add id 3 desc x 2>"$T/err"
[ $? -eq 2 ] && grep -q 'unknown keyword "desc"' "$T/err"
ok $? "the command line refuses labels it could not send"
$CTL route compute --topo "$T/nd.topo" --algo shortest >"$T/out" &&
	grep -q '6 routes.*deadlock-free yes' "$T/out"
ok $? "routes on an imported fabric"
