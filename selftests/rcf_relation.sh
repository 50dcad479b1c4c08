#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Routing relations in rcf.ko: rcfctl relation install computes Duato's
# relation for the fabric's generator and sends it with the selection in
# one epoch; a seeded generator run then goes by destination headers
# alone (no pair has a route), every message sent arrives intact and the
# switches took adaptive candidates.  A relation the links cannot carry,
# one for another fabric, and any change without CAP_NET_ADMIN are
# refused and change nothing.  North-last (a turn model: input masks,
# no escape) installs, its masks come back, and a run by it is intact;
# over the wrap links (north-last-wrap) its VC rule (input VCs, keep)
# comes back too and the run by it is rcfsim's, figure for figure.
# The kernel's figures equal rcfsim's for the same seeded run, also round
# links set down (the up-down form), and IP goes by each relation.
# Relations changed during a run keep its engine and lose nothing.
# Documentation/adaptive.rst, rdt.rst.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

GEN=prdt:4:2:1
SPEC="uniform rate 300 messages 3000 seed 11 size 16-200"
SIMSPEC="--traffic uniform --rate 300 --messages 3000 --seed 11 --size 16-200"
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

# the fabric's settings and relations as one line, to compare
state() {
	rcfctl -j fabric show | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(d["epoch"], d["select"], d["routing"], d["relations"])'
	rcfctl relation show | md5sum
}

# vcs N on every link, in one batch
all_vcs() {
	rcfctl -j link show | python3 -c 'import json, sys
for l in json.load(sys.stdin):
    print("link set id %d vcs %s" % (l["id"], sys.argv[1]))' "$1" \
		>"$T_TMP/vcs.batch"
	rcfctl -batch "$T_TMP/vcs.batch" >/dev/null
}

# refused WHY CMD...: CMD fails, saying WHY, and the state is as it was
refused() {
	local why=$1 before out
	shift
	before=$(state)
	if out=$("$@" 2>&1); then
		fail "$* was accepted"
		return 1
	fi
	echo "$out" | grep -q "$why" || fail "$*: '$out', want '$why'"
	expect_eq "$before" "$(state)" "fabric after the refusal of $*"
}

setup() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply $GEN >/dev/null
	netdevs_down
	expect_eq 0 "$(fabric_fig routes)" "routes of a fresh $GEN"
	expect_eq "first source 0" "$(fabric_fig select) $(fabric_fig routing) $(fabric_fig relations)" \
		"selection, routing, relations of a fresh fabric"
}

# Duato's relation on a torus needs 3 VCs; the links have 1
bad_vc() {
	refused "virtual channel the link does not have" \
		rcfctl relation install --relation duato --gen $GEN \
		--select least
}

# a relation for another fabric: refused before anything is sent
# (rcfctl checks every relation first)
bad_check() {
	refused "has 16 switches and 16 nodes" \
		rcfctl relation install --relation duato --gen prdt:8:2:1
}

no_admin() {
	all_vcs 3
	refused "Operation not permitted" \
		$NOBODY rcfctl relation install --relation duato --gen $GEN
	refused "Operation not permitted" $NOBODY rcfctl relation del
	# reads need nothing
	$NOBODY rcfctl relation show >/dev/null
}

install() {
	local n
	rcfctl relation install --relation duato --gen $GEN --select least
	expect_eq "least relation 16" \
		"$(fabric_fig select) $(fabric_fig routing) $(fabric_fig relations)" \
		"selection, routing, relations after install"
	# every switch has an entry for every node, each with an escape but
	# its own node's
	n=$(rcfctl -j relation show | python3 -c 'import json, sys
r = json.load(sys.stdin)
# the node on the switch itself is taken in at once: one adaptive candidate
for e in r:
    own = e["dst"] == e["switch"]
    assert (len(e["candidates"]) == 1 and not e["candidates"][0]["escape"]
            if own else any(c["escape"] for c in e["candidates"])), e
print(len(r))')
	expect_eq 256 "$n" "relation entries (16 switches x 16 nodes)"
}

run() {
	rcfctl stats reset
	rcfctl traffic start $SPEC
	timeout 300 rcfctl -j traffic wait >"$T_TMP/t.json" ||
		fail "traffic wait: $(cat "$T_TMP/t.json")"
	rcfctl -j stats show fabric >"$T_TMP/f.json"
	python3 - "$T_TMP/t.json" "$T_TMP/f.json" <<'PY'
import json, sys
t, f = (json.load(open(p)) for p in sys.argv[1:3])
f = f.get("stats", f)
print("# %d messages delivered, %d corrupt; relation: %d adaptive, %d escape"
      % (t["msgs-delivered"], t["msgs-corrupt"], f.get("rel-adaptive", 0),
         f.get("rel-escape", 0)))
bad = []
# a message skipped for a full backlog is never sent; every one sent counts
sent = t["msgs-offered"] - t["msgs-skipped"]
if (not t["complete"] or t["msgs-corrupt"] or t["msgs-sent"] != sent or
        t["msgs-delivered"] != sent or sent < 2000):
    bad.append("run not complete and intact: %s" % t)
if t["msgs-refused"]:
    bad.append("%d messages refused" % t["msgs-refused"])
if f.get("rel-adaptive", 0) <= 0:
    bad.append("no header took an adaptive candidate: %s" % f)
if f.get("pkts-dropped"):
    bad.append("%d packets dropped" % f["pkts-dropped"])
for b in bad:
    print("#", b)
sys.exit(1 if bad else 0)
PY
}

# same_as_sim RCFSIM-ARGS...: the last run's figures ($T_TMP/t.json,
# f.json) equal rcfsim's for the same fabric, relation, selection and
# seeded traffic: every traffic figure, the fabric's counters and how
# often each class of candidate was taken
same_as_sim() {
	# shellcheck disable=SC2086
	rcfsim --gen $GEN "$@" $SIMSPEC -j >"$T_TMP/sim.json" ||
		{ fail "rcfsim $*: $(head -c 300 "$T_TMP/sim.json")"; return 1; }
	python3 - "$T_TMP/t.json" "$T_TMP/f.json" "$T_TMP/sim.json" <<'PY'
import json, sys
t, f, sim = (json.load(open(p)) for p in sys.argv[1:4])
t, f = t.get("traffic", t), f.get("stats", f)
st, sf, sr = sim["traffic"], sim["stats"], sim["relation"]
bad = []
for k in sorted(set(t) | set(st)):
    if t.get(k) != st.get(k):
        bad.append("traffic %s: kernel %s rcfsim %s" % (k, t.get(k), st.get(k)))
for k in ("pkts-sent", "pkts-delivered", "pkts-dropped", "bytes-injected",
          "bytes-delivered", "byte-hops", "msgs-sent", "msgs-received",
          "drops", "latency"):
    if f.get(k) != sf.get(k):
        bad.append("stats %s: kernel %s rcfsim %s" % (k, f.get(k), sf.get(k)))
for k, s in (("rel-adaptive", "adaptive"), ("rel-escape", "escape")):
    if f.get(k, 0) != sr.get(s):
        bad.append("%s: kernel %s rcfsim %s" % (k, f.get(k, 0), sr.get(s)))
print("# rcfsim: %s adaptive, %s escape, %s byte-hops; %d differences"
      % (sr.get("adaptive"), sr.get("escape"), sf.get("byte-hops"), len(bad)))
for b in bad[:20]:
    print("#", b)
sys.exit(1 if bad else 0)
PY
}

run_sim() {
	run || return 1
	same_as_sim --relation duato --select least
}

remove() {
	rcfctl relation del
	expect_eq "source 0" "$(fabric_fig routing) $(fabric_fig relations)" \
		"routing and relations after del"
	[ -z "$(rcfctl relation show)" ] || fail "relation show not empty"
}

# north-last on prdt:4:2:1: one VC, every candidate adaptive, some with
# an input mask; rcfctl shows the masks as the model keeps them
north_last() {
	local n
	rcfctl relation install --relation north-last --gen $GEN \
		--select random
	expect_eq "random relation 16" \
		"$(fabric_fig select) $(fabric_fig routing) $(fabric_fig relations)" \
		"selection, routing, relations after the north-last install"
	n=$(rcfctl -j relation show | python3 -c 'import json, sys
r = json.load(sys.stdin)
cands = [c for e in r for c in e["candidates"]]
assert not any(c["escape"] or c["vc"] for c in cands), "escape or VC"
# switch ports 0 to 8: a mask names no port beyond
masks = [c["in"] for c in cands if "in" in c]
assert masks and all(0 < m < 1 << 9 for m in masks), masks
print(len(r))')
	expect_eq 256 "$n" "north-last entries (16 switches x 16 nodes)"
	rcfctl relation show | grep -q "<0x" ||
		fail "relation show prints no input mask"
}

# the run by north-last: intact, never an escape (it has none), and
# rcfsim's run to the figure with the same random selection: the
# selection's generator follows the run's seed in both
north_last_run() {
	run || return 1
	expect_eq 0 "$(rcfctl -j stats show fabric | python3 -c 'import json, sys
f = json.load(sys.stdin)
print(f.get("stats", f).get("rel-escape", 0))')" "escape heads under north-last"
	same_as_sim --relation north-last --select random --vcs 3 || return 1
	rcfctl relation del
}

# north-last over the wrap links: candidates with the VC rule (input
# VCs, keep) come back as rcfctl sent them; a seeded run by it is
# intact, takes no escape, and gives rcfsim's figures on links of the
# kernel's 3 VCs
north_last_wrap() {
	local n
	rcfctl relation install --relation north-last-wrap --gen $GEN \
		--select least || { fail "install north-last-wrap"; return 1; }
	n=$(rcfctl -j relation show | python3 -c 'import json, sys
r = json.load(sys.stdin)
cands = [c for e in r for c in e["candidates"]]
assert not any(c["escape"] for c in cands), "escape"
# a kept VC names VC 0; the input VCs are 0 or 1 (the wraps taken)
assert all(c["vc"] == 0 for c in cands if c.get("keep")), "keep with a VC"
vins = [c["vin"] for c in cands if "vin" in c]
assert vins and set(vins) <= {1, 2}, vins
assert any(c.get("keep") for c in cands), "no keep"
assert any(c["vc"] == 1 and c.get("vin") == 1 for c in cands), "no wrap"
print(len(r))')
	expect_eq 256 "$n" "north-last-wrap entries (16 switches x 16 nodes)"
	rcfctl relation show | grep -q "/=" ||
		fail "relation show prints no kept VC"
	run || return 1
	expect_eq 0 "$(rcfctl -j stats show fabric | python3 -c 'import json, sys
f = json.load(sys.stdin)
print(f.get("stats", f).get("rel-escape", 0))')" "escape heads under north-last-wrap"
	same_as_sim --relation north-last-wrap --select least --vcs 3 ||
		return 1
	rcfctl relation del
}

# Links down between switches: relation install builds D-B's up-down
# form around them (rcfsim --fail's, for the links rcfsim reports it
# took out); the run by it goes round them, every message intact, none
# dropped at a down link, and the figures are rcfsim's for --fail
failed_links() {
	local ids id out
	all_vcs 3
	ids=$(rcfsim --gen $GEN --relation db --fail 100 --fail-seed 2 \
		--messages 1 -j | python3 -c 'import json, sys
print(" ".join(map(str, json.load(sys.stdin)["fabric"]["failed"]["ids"])))')
	[ -n "$ids" ] || { fail "rcfsim failed no link"; return 1; }
	echo "# links down: $ids"
	for id in $ids; do
		rcfctl link set "$id" state down || { fail "link $id down"; return 1; }
	done
	out=$(rcfctl relation install --relation db --gen $GEN --select least) ||
		{ fail "install around the links down: $out"; return 1; }
	echo "# $out"
	echo "$out" | grep -q "up-down around $(wc -w <<<"$ids") links down" ||
		fail "install did not go round the links down: $out"
	# run: nothing dropped, at a down link or anywhere
	run || return 1
	same_as_sim --relation db --select least --fail 100 --fail-seed 2 ||
		return 1
	rcfctl relation del
	for id in $ids; do
		rcfctl link set "$id" state up
	done
}

# delivered_at_least N: waits until the run has delivered N messages
delivered_at_least() {
	local i got
	for i in $(seq 600); do
		got=$(rcfctl -j traffic show | json_val msgs-delivered) || return 1
		[ "$got" -ge "$1" ] && return 0
		sleep 0.1
	done
	fail "the run delivered $got messages, not $1"
	return 1
}

# fabric_stat NAME: one figure of the fabric's counters (0 when absent)
fabric_stat() {
	rcfctl -j stats show fabric | python3 -c 'import json, sys
f = json.load(sys.stdin)
print(f.get("stats", f).get(sys.argv[1], 0))' "$1"
}

# relations_during_run ROUTING [EPOCH-MODE]: eight relation changes
# (D-B and Duato in turn, each one epoch) during a long seeded run that
# goes by ROUTING.  The engine the run started on is the one it ends on
# (engine-gen), the counters run on, the run was still going when the
# changes ended and, stopped then, delivers every message it sent
# intact, nothing dropped anywhere in the fabric.
relations_during_run() {
	local routing=$1 mode=${2:-} g0 d0 a0 n=0 rel out
	rcfctl stats reset
	rcfctl traffic start uniform rate 300 messages 10000000 seed 11 \
		size 16-200 >/dev/null || { fail "traffic start"; return 1; }
	delivered_at_least 500 || return 1
	g0=$(engine_gen)
	d0=$(fabric_stat pkts-delivered)
	a0=$(fabric_stat rel-adaptive)
	while [ $n -lt 8 ]; do
		if [ $((n % 2)) = 0 ]; then rel=db; else rel=duato; fi
		# shellcheck disable=SC2086
		out=$(rcfctl ${mode:+--epoch-mode $mode} relation install \
			--relation $rel --gen $GEN --select least \
			--routing "$routing" 2>&1) ||
			fail "$rel ${mode:-auto} during the run: $out"
		[ -z "$mode" ] || expect_eq "$mode" \
			"$(rcfctl -j epoch show | json_val mode)" \
			"epoch mode of change $n"
		n=$((n + 1))
	done
	rcfctl -j traffic show >"$T_TMP/mid.json"
	expect_eq "$g0" "$(engine_gen)" "engines built by 8 relation changes"
	rcfctl traffic stop >/dev/null
	timeout 300 rcfctl -j traffic wait >"$T_TMP/t.json" ||
		fail "traffic wait: $(cat "$T_TMP/t.json")"
	grep -q '"done": *false' "$T_TMP/mid.json" ||
		fail "the run was over before the changes ended"
	python3 - "$T_TMP/t.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t = t.get("traffic", t)
print("# %d messages sent, %d delivered" % (t["msgs-sent"], t["msgs-delivered"]))
bad = []
if t["error"]: bad.append("error %d" % t["error"])
if t["msgs-sent"] != t["msgs-delivered"]: bad.append("sent != delivered")
if t["msgs-corrupt"]: bad.append("%d corrupt" % t["msgs-corrupt"])
for b in bad: print("#", b)
sys.exit(1 if bad else 0)
PY
	[ "$(fabric_stat pkts-delivered)" -gt "$d0" ] ||
		fail "delivered packets did not run on from $d0"
	expect_eq 0 "$(fabric_stat pkts-dropped)" "packets dropped"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	[ "$routing" = source ] ||
		[ "$(fabric_stat rel-adaptive)" -gt "$a0" ] ||
		fail "adaptive choices did not run on from $a0"
}

# by relation: a change drains while destination-routed packets are
# out, and keeps the engine
swap_by_relation() {
	setup
	all_vcs 3
	rcfctl relation install --relation duato --gen $GEN \
		--select least >/dev/null || { fail "install duato"; return 1; }
	relations_during_run relation
}

# by source routes: no packet reads a relation on its way, so every
# change is frozen in under the traffic in flight
swap_by_source() {
	setup
	all_vcs 3
	rcfctl relation install --relation duato --gen $GEN --select least \
		--routing source >/dev/null || { fail "install duato"; return 1; }
	rcfctl route compute --algo rdt-vector --vcs 2 --install >/dev/null ||
		{ fail "rdt-vector routes"; return 1; }
	relations_during_run source freeze
	setup
}

# A relation past one netlink nest (64 KiB): north-last-wrap on
# prdt:8:2:1, 4096 entries of up to seven candidates on links of 2 VCs.
# rcfctl once let libnl drop the nest that ran over, and with it six
# switches' entries, so most packets found no entry; every entry must
# come back, and a seeded run by random selection be rcfsim's.
big_relation() {
	local big=prdt:8:2:1 n
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply $big >/dev/null || { fail "topo apply $big"; return 1; }
	netdevs_down
	all_vcs 2
	rcfctl relation install --relation north-last-wrap --gen $big \
		--select random >/dev/null ||
		{ fail "install north-last-wrap on $big"; return 1; }
	n=$(rcfctl -j relation show | python3 -c 'import json, sys
r = json.load(sys.stdin)
print(len(r), len({e["switch"] for e in r}))')
	expect_eq "4096 64" "$n" "$big entries and switches read back"
	rcfctl stats reset
	rcfctl traffic start uniform rate 200 size 64 cycles 1000 warmup 300 \
		seed 1 >/dev/null || { fail "traffic start on $big"; return 1; }
	timeout 300 rcfctl -j traffic wait >"$T_TMP/t.json" ||
		fail "traffic wait on $big: $(head -c 300 "$T_TMP/t.json")"
	rcfctl -j stats show fabric >"$T_TMP/f.json"
	GEN=$big SIMSPEC="--traffic uniform --rate 200 --size 64 --cycles 1000 --warmup 300 --seed 1" \
		same_as_sim --relation north-last-wrap --select random --vcs 2
}

# IP over destination headers: pings between nodes in their namespaces
# across prdt:4:2:1 by each relation (every packet, IP alike, carries a
# destination header; no pair has a route), every reply back, the
# switches' choices counted and nothing dropped in the fabric
ip_by_relation() {
	local rel a0 a1 d
	ip_cleanup
	rcfctl topo apply $GEN >/dev/null || { fail "topo apply"; return 1; }
	all_vcs 3
	for d in 0 5 10 15; do
		ip_node $d
	done
	for rel in duato rdt-vector db north-last; do
		rcfctl relation install --relation $rel --gen $GEN \
			--select least >/dev/null ||
			{ fail "install $rel"; continue; }
		a0=$(rcfctl -j stats show fabric | python3 -c 'import json, sys
f = json.load(sys.stdin)
f = f.get("stats", f)
print(f.get("rel-adaptive", 0) + f.get("rel-escape", 0))')
		ip netns exec rcfip0 ping -c 3 -i 0.2 -s 600 -W 10 10.9.0.11 \
			>/dev/null || fail "$rel: ping 0 -> 10 failed"
		ip netns exec rcfip15 ping -c 3 -i 0.2 -s 600 -W 10 10.9.0.6 \
			>/dev/null || fail "$rel: ping 15 -> 5 failed"
		a1=$(rcfctl -j stats show fabric | python3 -c 'import json, sys
f = json.load(sys.stdin)
f = f.get("stats", f)
print(f.get("rel-adaptive", 0) + f.get("rel-escape", 0))')
		echo "# $rel: $((a1 - a0)) switch choices for 12 pings and replies"
		# 12 packets of at least one hop each, and IPv6's own
		[ $((a1 - a0)) -ge 12 ] ||
			fail "$rel: $((a1 - a0)) choices, want 12 at least"
		expect_eq 0 "$(($(fabric_drops) + $(stat fabric drop_bad-header)))" \
			"$rel: packets dropped in the fabric"
	done
	ip_cleanup
}

t_plan 15
t_run "a fresh $GEN has no relation" setup
t_run "a VC the links lack is refused, nothing changes" bad_vc
t_run "a relation for another fabric is refused" bad_check
t_run "nobody without CAP_NET_ADMIN changes relations" no_admin
t_run "duato with least selection installed in one epoch" install
t_run "a seeded run by relation: intact, adaptive taken, rcfsim's figures" \
	run_sim
t_run "relation del goes back to source routes" remove
t_run "north-last installed: masks, one VC, no escape" north_last
t_run "a seeded run by north-last: intact, random selection rcfsim's" north_last_run
t_run "north-last-wrap: its VC rule comes back, a run is rcfsim's" \
	north_last_wrap
t_run "links down: D-B goes round them intact, as in rcfsim" failed_links
t_run "relations changed during a run by them: one engine, nothing lost" \
	swap_by_relation
t_run "relations frozen in under source-routed traffic: nothing lost" \
	swap_by_source
t_run "a relation past one netlink nest arrives whole, runs as rcfsim's" \
	big_relation
t_run "IP by each relation: pings across $GEN, nothing dropped" ip_by_relation
rcfctl fabric del >/dev/null 2>&1 || true
t_done
