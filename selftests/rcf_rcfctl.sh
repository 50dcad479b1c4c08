#!/bin/bash
# rcfctl against the real module: run as root inside the VM with rcf.ko
# loaded and daemon/bin/ on PATH (scripts/vm -- selftests/rcf_rcfctl.sh).
# Each check runs in its own network namespace, so its fabric starts empty.
# Prints TAP 13; exits non-zero if any check failed.
set -u

. "$(dirname "$0")/lib.sh"

tmp=$T_TMP
t_plan 23

# in_ns CMD...: runs CMD in a fresh network namespace
in_ns() {
	unshare -n "$@"
}

# counts GEN NODES SWITCHES LINKS: apply, then compare fabric show
# (plain shell tools: python3 starts slowly over 9p under TCG)
counts() {
	in_ns bash -c "rcfctl topo apply $1 >/dev/null && rcfctl fabric show" \
		>"$tmp/f.txt" 2>"$tmp/err" &&
		grep -q " nodes $2 switches $3 links $4 " "$tmp/f.txt"
}

counts ring:8 8 0 8
t_ok $? "ring:8 gives 8 nodes, 8 links"
counts hypercube:4 16 0 32
t_ok $? "hypercube:4 gives 16 nodes, 32 links"
counts torus:4x4 16 0 32
t_ok $? "torus:4x4 gives 16 nodes, 32 links"
counts sp1:16 16 8 32
t_ok $? "sp1:16 gives 16 nodes, 8 switches, 32 links"
counts sp1:512 512 512 2304
t_ok $? "sp1:512 gives 512 nodes, 512 switches, 2304 links"

# every node of hypercube:4 has degree 4
in_ns bash -c 'rcfctl topo apply hypercube:4 >/dev/null && rcfctl link show' \
	>"$tmp/l.txt" &&
	awk '{ d[$3 " " $4]++; d[$7 " " $8]++ }
	     END { for (k in d) { n++; if (d[k] != 4) bad = 1 }
		   exit !(n == 16 && !bad) }' "$tmp/l.txt"
t_ok $? "hypercube:4: every node has degree 4 in the kernel's dump"

# save, delete, load, save again: byte-identical
in_ns bash -c "rcfctl topo apply sp1:32 >/dev/null &&
	rcfctl route add src 0 dst 1 hops 0 1 &&
	rcfctl link set 5 state down latency 3 &&
	rcfctl topo save $tmp/a && rcfctl fabric del &&
	rcfctl topo load $tmp/a >/dev/null && rcfctl topo save $tmp/b" &&
	cmp -s "$tmp/a" "$tmp/b"
t_ok $? "topo save / load / save round trip is byte-identical"

# a refused batch changes nothing and names its line
printf 'node add id 100\n# comment\nlink add node 100 port 0 node 0 port 0\n' \
	>"$tmp/bad.batch"
in_ns bash -c "rcfctl topo apply sp1:16 >/dev/null && rcfctl topo save $tmp/c &&
	rcfctl -batch $tmp/bad.batch 2>$tmp/batch.err; echo \$? >$tmp/rc;
	rcfctl topo save $tmp/d"
cmp -s "$tmp/c" "$tmp/d" && [ "$(cat "$tmp/rc")" = 1 ] &&
	grep -q "bad.batch:3: link node 100 port 0 - node 0 port 0: .*(" \
		"$tmp/batch.err"
t_ok $? "refused batch: exit 1, FILE:LINE: object, nothing changed"

# a refused request changes nothing; the message names object and reason
in_ns bash -c "rcfctl topo apply ring:4 >/dev/null && rcfctl topo save $tmp/e &&
	rcfctl link set 0 vcs 9 2>$tmp/req.err; echo \$? >$tmp/rc;
	rcfctl topo save $tmp/f"
cmp -s "$tmp/e" "$tmp/f" && [ "$(cat "$tmp/rc")" = 1 ] &&
	grep -q "^rcfctl: link 0: .*vcs.*(Numerical result out of range)" \
		"$tmp/req.err"
t_ok $? "refused set: exit 1, object, attribute and errno named"

in_ns bash -c "rcfctl topo apply ring:3 >/dev/null &&
	rcfctl topo apply ring:3" >/dev/null 2>"$tmp/ne.err"
[ $? -eq 1 ] && grep -q "fabric is not empty; rcfctl fabric del first" \
	"$tmp/ne.err"
t_ok $? "topo apply refuses a non-empty fabric"

# one line more than a batch may hold, every line in range (node ids stop
# at 4095, so the last is a switch)
{
	seq -f 'node add id %.0f' 0 4095
	echo 'switch add id 0'
} >"$tmp/huge"
in_ns rcfctl -batch "$tmp/huge" 2>"$tmp/huge.err"
[ $? -eq 2 ] && grep -q "4096" "$tmp/huge.err"
t_ok $? "-batch over RCF_BATCH_MAX_OPS is refused naming the limit"

in_ns rcfctl --force -batch "$tmp/huge" 2>"$tmp/huge2.err"
[ $? -eq 1 ] && grep -q "(Argument list too long)" "$tmp/huge2.err"
t_ok $? "--force sends it and the kernel refuses with E2BIG"

# monitor sees add, set and del, one JSON object per line.  It has
# joined the events group once it prints an event of node 9 (added and
# deleted until it does), and has printed everything once node 9's last
# addition is there; node 9's lines are left out.  Waits are bounded
# (1200 x 0.1 s), never a sleep that hopes.
cat >"$tmp/mon.sh" <<'MON'
adds() { grep -c '"event":"add".*"id":9[,}]' "$1"; }
rcfctl -j monitor >"$1" &
m=$!
i=0
until grep -q '"id":9[,}]' "$1"; do
	[ $((i += 1)) -le 1200 ] || break
	rcfctl node add id 9 >/dev/null && rcfctl node del 9 >/dev/null
	sleep 0.1
done
rcfctl node add id 3; rcfctl switch add id 0
rcfctl link add id 0 node 3 port 0 switch 0 port 1
rcfctl link set 0 state down; rcfctl link del 0
n9=$(adds "$1")
rcfctl node del 9 2>/dev/null; rcfctl node add id 9
i=0
until [ "$(adds "$1")" -gt "$n9" ]; do
	[ $((i += 1)) -le 1200 ] || break
	sleep 0.1
done
kill $m
MON
in_ns bash "$tmp/mon.sh" "$tmp/mon.raw" >/dev/null
grep -v '"id":9[,}]' "$tmp/mon.raw" >"$tmp/mon"
sed -n 's/^{"event":"\([a-z]*\)","object":"\([a-z]*\)".*/\1 \2/p' \
	"$tmp/mon" | tr '\n' ' ' >"$tmp/mon.seq"
# every change is also an epoch, announced on its own line
[ "$(cat "$tmp/mon.seq")" = "add node add switch add link set link del link " ] &&
	grep '"object"' "$tmp/mon" | sed -n 4p | grep -q '"state":"down"' &&
	[ "$(grep -c '^{"event":"epoch"' "$tmp/mon")" -ge 5 ]
t_ok $? "monitor prints add/set/del and epoch events as JSON lines"

# unprivileged: show works, a change is refused with EPERM
in_ns bash -c "rcfctl topo apply ring:3 >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups rcfctl node show 1 >$tmp/up.out &&
	! setpriv --reuid=65534 --regid=65534 --clear-groups rcfctl node add id 9 2>$tmp/up.err" &&
	grep -q "^node 1 " "$tmp/up.out" &&
	grep -q "Operation not permitted" "$tmp/up.err"
t_ok $? "unprivileged show works, change fails with EPERM"

in_ns bash -c "rcfctl node add id 1 && rcfctl -j node show" >"$tmp/j" &&
	grep -q '^\[{"id":1,"ports":1,"name":"rcf1","ifindex":[0-9]*}\]$' "$tmp/j"
t_ok $? "node show -j is a JSON array with id and name"

# --- data path: node addresses, fabric clock and route policy ---

in_ns bash -c "rcfctl node add id 0 addr 10.0.0.1 addr fd00::1 &&
	rcfctl node add id 1 && rcfctl node set 1 addr 10.0.0.2 &&
	rcfctl node show 0 && rcfctl -j node show 0 &&
	rcfctl node set 0 addr none && rcfctl node show 0" >"$tmp/addr" 2>&1 &&
	sed -n 1p "$tmp/addr" | grep -q "^node 0 .* addr 10.0.0.1 addr fd00::1$" &&
	sed -n 2p "$tmp/addr" | grep -q '"addrs":\["10.0.0.1","fd00::1"\]' &&
	sed -n 3p "$tmp/addr" | grep -vq "addr"
t_ok $? "node addresses: add, show (text, JSON), set none clears"

in_ns bash -c "rcfctl node add id 0 && rcfctl node set 0 addr 10.0.0.300;
	echo \$? >$tmp/rc; rcfctl node show 0" >"$tmp/bad" 2>"$tmp/bad.err"
[ "$(cat "$tmp/rc")" = 2 ] && grep -q 'bad address "10.0.0.300"' \
	"$tmp/bad.err" && ! grep -q addr "$tmp/bad"
t_ok $? "a bad address: usage error before anything is sent"

in_ns bash -c "rcfctl node add id 0 addr 10.0.0.1 &&
	rcfctl node add id 1 addr 10.0.0.1" 2>"$tmp/dup.err"
[ $? -eq 1 ] && grep -q "^rcfctl: node 1: " "$tmp/dup.err"
t_ok $? "an address another node holds is refused by the kernel"

in_ns bash -c "rcfctl fabric set clock 40MHz route-policy least-loaded &&
	rcfctl fabric show && rcfctl -j fabric show &&
	rcfctl fabric set clock free route-policy rr && rcfctl fabric show" \
	>"$tmp/fab" 2>&1 &&
	sed -n 1p "$tmp/fab" | grep -q " clock 40MHz route-policy least-loaded " &&
	sed -n 2p "$tmp/fab" | grep -q '"clock-hz":40000000,"route-policy":"least-loaded"' &&
	sed -n 3p "$tmp/fab" | grep -q " clock free route-policy rr "
t_ok $? "fabric clock and route policy: set, show (text, JSON), back to free"

in_ns bash -c "rcfctl fabric set clock 2GHz" 2>"$tmp/clk.err"
[ $? -eq 1 ] && grep -q "clock" "$tmp/clk.err"
t_ok $? "a clock over RCF_MAX_CLOCK_HZ is refused naming the attribute"

printf '%s\n' 'fabric set clock 1MHz route-policy least-loaded' \
	'node add id 0 addr 10.0.0.1 addr fd00::1' 'node add id 1 addr 10.0.0.2' \
	'switch add id 0 ports 4' 'link add id 0 node 0 port 0 switch 0 port 0' \
	'link add id 1 node 1 port 0 switch 0 port 1' >"$tmp/dp.batch"
in_ns bash -c "rcfctl -batch $tmp/dp.batch && rcfctl topo save $tmp/g &&
	rcfctl fabric del && rcfctl topo load $tmp/g >/dev/null &&
	rcfctl topo save $tmp/h" &&
	cmp -s "$tmp/g" "$tmp/h" &&
	grep -q "^fabric set .*clock 1MHz route-policy least-loaded" "$tmp/g" &&
	grep -q "^node add id 0 .*addr 10.0.0.1 addr fd00::1" "$tmp/g"
t_ok $? "batch, then topo save / load / save keeps addresses and fabric settings"

# --- stats: shape of the JSON; numbers come from the kernel's engine ---
in_ns bash -c "rcfctl -batch $tmp/dp.batch && rcfctl -j stats &&
	rcfctl -j stats channels && rcfctl -j stats switches &&
	rcfctl -j stats nodes && rcfctl -j stats pairs &&
	rcfctl stats channels && rcfctl stats reset" >"$tmp/st" 2>"$tmp/st.err"
rc=$?
[ $rc -eq 0 ] && python3 - "$tmp/st" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split('\n')
fab = json.loads(lines[0])
for k in ('cycle', 'pkts-sent', 'bytes-injected', 'drops', 'latency'):
    assert k in fab, k
assert isinstance(fab['drops'], dict) and 'hist' in fab['latency']
chans = json.loads(lines[1])
# 2 links, 1 VC, 2 directions
assert sorted((c['link'], c['dir'], c['vc']) for c in chans) == \
    [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)], chans
sw = json.loads(lines[2])
assert [s['switch'] for s in sw] == [0] and sw[0]['cq-size'] > 0, sw
nodes = json.loads(lines[3])
assert [n['node'] for n in nodes] == [0, 1], nodes
assert json.loads(lines[4]) == []
assert lines[5].split()[:3] == ['link', 'dir', 'vc'], lines[5]
PY
t_ok $? "stats -j: fabric object, channel/switch/node tables, idle pairs empty"

in_ns bash -c "rcfctl stats bogus" 2>"$tmp/sb.err"
[ $? -eq 2 ] && grep -q 'unknown word "bogus"' "$tmp/sb.err"
t_ok $? "stats with an unknown word is a usage error"

t_done
