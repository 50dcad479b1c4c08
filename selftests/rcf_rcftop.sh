#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcftop's totals are the kernel's own: a seeded generator run on a 4x4
# mesh with rcftop attached from before the counters were reset to after
# the fabric drained; every channel's bytes and packets, every pair's
# packets, bytes and messages, the drops and the fabric's latency
# histogram must equal rcfctl -j stats exactly.  Its measured NIG must be
# the one rcfctl route compute --measured builds, and a route deleted
# while it runs must reach it as an epoch event.  Without privileges it
# must say so.  Documentation/observability.rst.
. "$(dirname "$0")/lib.sh"
silent_netdevs || exit 1

RCFTOP=$(command -v rcftop || echo "$T_DIR/../tools/rcftop/rcftop")
SPEC=(uniform rate 150 messages 1500 seed 7 size 16-120)

have_rcftop() {
	[ -x "$RCFTOP" ] || fail "no rcftop binary at $RCFTOP (make rcftop)"
}

# A 4x4 mesh with dimension-order routes.
mesh() {
	routed_fabric mesh:4x4 dor
}

attached_or_gone() {
	grep -q "attached" "$T_TMP/top.err" || ! kill -0 "$TOP_PID" 2>/dev/null
}

# start_top ARGS...: rcftop --once -j in the background until $T_TMP/stop
# exists, its line in $T_TMP/top.json; returns once it is attached.  It
# is ended when the test's subshell exits however it does, or it would
# hold rcf.ko for the tests after this one (--duration is a last bound).
start_top() {
	rm -f "$T_TMP/stop"
	"$RCFTOP" --once -j --until "$T_TMP/stop" --duration 900 "$@" \
		>"$T_TMP/top.json" 2>"$T_TMP/top.err" &
	TOP_PID=$!
	trap 'kill "$TOP_PID" 2>/dev/null || true' EXIT
	wait_for attached_or_gone || fail "rcftop neither attached nor ended"
	grep -q "attached" "$T_TMP/top.err" || {
		t_diag <"$T_TMP/top.err"
		fail "rcftop did not attach"
	}
}

stop_top() {
	touch "$T_TMP/stop"
	wait "$TOP_PID" || {
		t_diag <"$T_TMP/top.err"
		fail "rcftop failed"
	}
}

drained() {
	[ "$(rcfctl -j stats show fabric | python3 -c \
		'import json, sys; print(json.load(sys.stdin)["bytes-inflight"])')" = 0 ]
}

# compare TOP FABRIC CHANNELS PAIRS MIN: rcftop's totals against the
# kernel's, and at least MIN messages received
compare() {
	python3 - "$@" <<'PY'
import json, sys
top, kf, kc, kp = (json.load(open(p)) for p in sys.argv[1:5])
least = int(sys.argv[5])
bad = []
def nonzero(rows, key, vals):
    return {key(r): vals(r) for r in rows if any(vals(r))}
kch = nonzero(kc, lambda r: (r["link"], r["dir"], r["vc"]),
              lambda r: (r["bytes"], r["packets"]))
tch = nonzero(top["channels"], lambda r: (r["link"], r["dir"], r["vc"]),
              lambda r: (r["bytes"], r["packets"]))
for k in sorted(set(kch) | set(tch)):
    if kch.get(k) != tch.get(k):
        bad.append("channel %s: kernel %s rcftop %s" % (k, kch.get(k), tch.get(k)))
kpr = nonzero(kp, lambda r: (r["src"], r["dst"]),
              lambda r: (r["pkts-sent"], r["pkts-delivered"], r["tx-bytes"],
                         r["rx-bytes"], r["msgs-sent"], r["msgs-received"]))
tpr = nonzero(top["pairs"], lambda r: (r["src"], r["dst"]),
              lambda r: (r["pkts"], r["pkts"], r["bytes"], r["bytes"],
                         r["msgs-sent"], r["msgs-received"]))
for k in sorted(set(kpr) | set(tpr)):
    if kpr.get(k) != tpr.get(k):
        bad.append("pair %s: kernel %s rcftop %s" % (k, kpr.get(k), tpr.get(k)))
if kf["drops"] != top["drops"]:
    bad.append("drops: kernel %s rcftop %s" % (kf["drops"], top["drops"]))
if kf["latency"]["hist"] != top["latency"]["hist"]:
    bad.append("latency histogram: kernel %s rcftop %s" %
               (kf["latency"]["hist"], top["latency"]["hist"]))
msgs = sum(r["msgs-received"] for r in top["pairs"])
if msgs < least:
    bad.append("rcftop saw %d messages, want at least %d" % (msgs, least))
if not tch:
    bad.append("rcftop counted no channel")
if top["lost-events"] or top["table-full"]:
    bad.append("rcftop lost events or found a table full")
for b in bad[:20]:
    print("#", b)
print("# compared %d channels, %d pairs, %d messages" % (len(kch), len(kpr), msgs))
sys.exit(1 if bad else 0)
PY
}

totals_equal() {
	have_rcftop
	mesh
	start_top --nig "$T_TMP/top.nig"
	rcfctl stats reset
	rcfctl traffic start "${SPEC[@]}" || fail "traffic refused"
	timeout 120 rcfctl -j traffic wait >"$T_TMP/k.json" ||
		fail "traffic wait: $(cat "$T_TMP/k.json")"
	wait_for drained || fail "the fabric did not drain"
	stop_top
	rcfctl -j stats show fabric >"$T_TMP/kf.json"
	rcfctl -j stats show channels >"$T_TMP/kc.json"
	rcfctl -j stats show pairs >"$T_TMP/kp.json"
	compare "$T_TMP/top.json" "$T_TMP/kf.json" "$T_TMP/kc.json" \
		"$T_TMP/kp.json" 1000
	# the measured graph: the same routes as from the kernel's counters
	rcfctl route compute --algo sp1-adaptive --nig "$T_TMP/top.nig" \
		>"$T_TMP/r.nig" || fail "rcfctl refused rcftop's NIG"
	rcfctl route compute --algo sp1-adaptive --measured bytes \
		>"$T_TMP/r.measured" || fail "route compute --measured failed"
	python3 - "$T_TMP/kp.json" "$T_TMP/top.nig" <<'PY' ||
import json, sys
# rcf_nig_from_pairs() on the kernel's pairs, by bytes, 16 nodes
pairs = [p for p in json.load(open(sys.argv[1]))
         if p["src"] != p["dst"] and p["tx-bytes"]]
top = max(p["tx-bytes"] for p in pairs)
div = -(-top // 65536) if top > 65536 else 1
want = sorted("%d %d %d" % (p["src"], p["dst"],
                            max(1, (p["tx-bytes"] + div // 2) // div))
              for p in pairs)
got = sorted(l.strip() for l in open(sys.argv[2]) if not l.startswith("#"))
print("# NIG: %d arcs, %d from the kernel's pairs" % (len(got), len(want)))
sys.exit(0 if got == want and len(got) >= 100 else 1)
PY
		fail "rcftop's NIG is not the kernel's pairs' NIG"
	# the routes, not the summary comment, which gives the run's time
	grep -v '^#' "$T_TMP/r.nig" >"$T_TMP/r.nig.routes"
	grep -v '^#' "$T_TMP/r.measured" >"$T_TMP/r.measured.routes"
	[ -s "$T_TMP/r.nig.routes" ] || fail "no routes from rcftop's NIG"
	cmp -s "$T_TMP/r.nig.routes" "$T_TMP/r.measured.routes" ||
		fail "routes from rcftop's NIG differ from --measured: $(diff "$T_TMP/r.nig.routes" "$T_TMP/r.measured.routes" | head -n 4)"
}

epoch_event() {
	local want
	have_rcftop
	mesh
	start_top
	# a change the engine sees, so certainly an epoch of its own
	rcfctl route del src 0 dst 1 >/dev/null || fail "route del refused"
	want=$(rcfctl -j epoch show | python3 -c \
		'import json, sys; print(json.load(sys.stdin)["number"])')
	stop_top
	python3 - "$T_TMP/top.json" "$want" <<'PY' || fail "no epoch event $want"
import json, sys
top = json.load(open(sys.argv[1]))
want = int(sys.argv[2])
ev = [e for e in top["events"] if e["type"] == "epoch"]
print("# epoch events: %s" % [(e["number"], e["error"]) for e in ev])
sys.exit(0 if any(e["number"] == want and e["error"] == 0 for e in ev) else 1)
PY
}

unprivileged() {
	local out
	have_rcftop
	if out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$RCFTOP" --once -d 0.2 2>&1); then
		fail "rcftop ran without privileges"
		return 1
	fi
	echo "$out" | grep -q "CAP_BPF" || fail "no reason given: '$out'"
}

t_plan 3
t_run "rcftop: channel, pair, drop and latency totals equal the kernel's" \
	totals_equal
t_run "rcftop: an epoch reaches the event log" epoch_event
t_run "rcftop: refused without privileges, saying why" unprivileged
rcfctl traffic stop >/dev/null 2>&1 || true
rcfctl fabric del >/dev/null 2>&1 || true
t_done
