#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl topo draw and rcfsim --draw from the command line: pictures the
# same byte for byte run after run and between the two tools for the same
# counters, a bad --load line refused with FILE:LINE, exit 2 and no file
# written, Graphviz's absence said plainly (TAP 13).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
SIM=./bin/rcfsim
. tests/tap.sh

echo "TAP version 13"

# the XML parser a browser would use, when this host has it
wf() {
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout "$1"
	else
		grep -q '^</svg>$' "$1"
	fi
}

$CTL topo draw sp1:64 -o "$T/a.svg" && $CTL topo draw sp1:64 >"$T/b.svg"
ok $? "topo draw sp1:64 to -o FILE and to stdout"
cmp -s "$T/a.svg" "$T/b.svg"
ok $? "the same picture twice"
wf "$T/a.svg"
ok $? "well-formed"

# rcfsim's picture is rcfctl's from the same run's channel table
$SIM --gen torus:4x4 --cycles 2000 --draw "$T/sim.svg" >/dev/null &&
	$SIM --gen torus:4x4 --cycles 2000 --channels >"$T/run.txt" &&
	$SIM --gen torus:4x4 --cycles 2000 --channels -j >"$T/run.json"
ok $? "rcfsim --draw, --channels and -j --channels"
$CTL topo draw torus:4x4 --load "$T/run.txt" -o "$T/txt.svg" &&
	$CTL topo draw torus:4x4 --load "$T/run.json" -o "$T/json.svg" &&
	cmp -s "$T/sim.svg" "$T/txt.svg" && cmp -s "$T/sim.svg" "$T/json.svg"
ok $? "rcfsim --draw equals topo draw --load of its text or JSON counters"
loaded=$(grep -c 'data-bytes="[1-9]' "$T/sim.svg")
[ "$loaded" -gt 0 ] && grep -q 'class="legend"' "$T/sim.svg"
ok $? "the run's loaded links ($loaded) and a legend"

# a bad line: FILE:LINE, exit 2, and no picture
printf 'link dir vc bytes packets blocked credit occupancy\n' >"$T/bad"
printf '0 a>b 0 10 1 0 64 0\n1 a>b 0 1O 1 0 64 0\n' >>"$T/bad"
$CTL topo draw torus:4x4 --load "$T/bad" -o "$T/bad.svg" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^rcfctl: $T/bad:3: bytes: '1O'" "$T/err" &&
	[ ! -e "$T/bad.svg" ]
ok $? "a bad --load line: FILE:LINE, exit 2 ($rc), no file written"
printf '[{"link":0,"bytes":5},\n{"link":77,"bytes":3}]\n' >"$T/bad.json"
$CTL topo draw torus:4x4 --load "$T/bad.json" -o "$T/bad.svg" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && grep -q "bad.json:2: link 77 is not in the fabric" \
	"$T/err" && [ ! -e "$T/bad.svg" ]
ok $? "a link the fabric lacks: FILE:LINE, exit 2 ($rc), no file written"
$CTL topo draw torus:5x5 --shape sp1:16 -o "$T/bad.svg" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q "node 16 has no place in the sp1 layout" \
	"$T/err" && [ ! -e "$T/bad.svg" ]
ok $? "a --shape that does not fit: exit 1 ($rc), no file written"

# a file with a link down: its generator's shape, the link dashed red
$CTL topo apply torus:4x4 --dry-run |
	sed 's/^\(link add id 5 .*\)$/\1 state down/' >"$T/down.topo"
$CTL topo draw --topo "$T/down.topo" --shape torus:4x4 -o "$T/down.svg" &&
	[ "$(grep -c 'data-state="down"' "$T/down.svg")" -eq 1 ] &&
	grep -q 'data-link="5" stroke="#d00000"' "$T/down.svg"
ok $? "topo draw --topo --shape: a link down dashed red"

# no shape: Graphviz, or a plain word that it is missing
$CTL topo draw --topo "$T/down.topo" -o "$T/gv.svg" 2>"$T/err"
rc=$?
if command -v neato >/dev/null 2>&1; then
	[ $rc -eq 0 ] && wf "$T/gv.svg"
	ok $? "no shape: neato lays it out"
else
	[ $rc -eq 1 ] && grep -q "neato.*is not installed" "$T/err" &&
		[ ! -e "$T/gv.svg" ]
	ok $? "no shape and no Graphviz: said so, exit 1 ($rc)"
fi
# the Graphviz pipe, through a stand-in that puts the graph's elements on
# a grid as -Tplain would, and one that fails
mkdir "$T/gv"
cat >"$T/gv/neato" <<'GV'
#!/bin/sh
[ "$1" = -Tplain ] || exit 3
echo "graph 1 5 5"
sed -n 's/^  \([ns][0-9]*\)[ ;].*/\1/p' "$2" |
	awk '{ printf "node %s %d.5 %d.25 0.35 0.35 %s solid circle black lightgrey\n", $1, NR % 5, NR / 5, $1 }'
echo stop
GV
printf '#!/bin/sh\nexit 1\n' >"$T/gv/sfdp"
chmod +x "$T/gv/neato" "$T/gv/sfdp"
PATH="$T/gv:$PATH" $CTL topo draw sp1:16 --layout neato -o "$T/n.svg" &&
	[ "$(grep -c 'class="node"' "$T/n.svg")" -eq 16 ] &&
	[ "$(grep -c 'class="switch"' "$T/n.svg")" -eq 8 ] &&
	grep -q 'neato layout' "$T/n.svg" && wf "$T/n.svg"
ok $? "--layout neato: the positions Graphviz gives"
PATH="$T/gv:$PATH" $CTL topo draw sp1:16 --layout sfdp -o "$T/f.svg" \
	2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q "sfdp failed" "$T/err" && [ ! -e "$T/f.svg" ]
ok $? "Graphviz failing: exit 1 ($rc), no file written"

$CTL topo draw --topo "$T/down.topo" --layout circle -o "$T/c.svg" &&
	[ "$(grep -c 'class="node"' "$T/c.svg")" -eq 16 ]
ok $? "--layout circle needs nothing outside"

$CTL topo draw torus:4x4 --load 2>/dev/null
[ $? -eq 2 ]
ok $? "--load without a file: usage, exit 2"
$SIM --gen torus:4x4 --cycles 100 --draw "$T/no/such/dir.svg" \
	>/dev/null 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && grep -q "rcfsim: --draw: $T/no/such/dir.svg" "$T/err"
ok $? "rcfsim --draw to a file it cannot write: exit 2 ($rc)"

echo "1..$n"
exit $failed
