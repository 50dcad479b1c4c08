#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcftop's totals are the kernel's own: a seeded generator run on a 4x4
# mesh with rcftop attached from before the counters were reset to after
# the fabric drained; every channel's bytes and packets, every pair's
# packets, bytes and messages, the drops and the fabric's latency
# histogram must equal rcfctl -j stats exactly.  Its measured NIG must be
# the one rcfctl route compute --measured builds, and a route deleted
# while it runs must reach it as an epoch event, and paths made and
# deleted and a request raised and failed as path events equal to the
# tracepoint's lines in the trace buffer.  `rcfctl topo draw --live-load`
# after a run must carry the kernel's bytes per link and colour loaded
# links unlike idle ones.  Without privileges rcftop must say so.
# Documentation/observability.rst.
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
	# emptied here, not by the redirection below: that runs in the
	# child, which may not have run yet when attached_or_gone reads
	# the file a run before this one left
	: >"$T_TMP/top.err"
	"$RCFTOP" --once -j --until "$T_TMP/stop" --duration 900 "$@" \
		>"$T_TMP/top.json" 2>"$T_TMP/top.err" &
	TOP_PID=$!
	trap 'kill "$TOP_PID" 2>/dev/null || true' EXIT
	wait_for attached_or_gone || fail "rcftop neither attached nor ended"
	grep -q "attached" "$T_TMP/top.err" || {
		local rc=0 how
		wait "$TOP_PID" || rc=$?
		how="exit status $rc"
		[ "$rc" -gt 128 ] && how="killed by SIG$(kill -l $((rc - 128)))"
		t_diag <"$T_TMP/top.err"
		head -c 300 "$T_TMP/top.json" | t_diag
		fail "rcftop did not attach ($how)"
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

# sp1:16 with no routes: paths need switches (the mesh has none, its
# nodes relay) and switch inputs that no route reads.
bare_sp1() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:16 >/dev/null || fail "topo apply refused"
	netdevs_down
}

# Paths made, recalled, returned and deleted and a request raised and
# failed while rcftop runs: its path events must be the tracepoint's own
# lines, as the kernel's trace buffer has them, field for field and in
# order, and show each path's life with the right ids.
path_events() {
	local tr=/sys/kernel/tracing
	have_rcftop
	bare_sp1
	[ -d "$tr/events" ] || mount -t tracefs nodev "$tr" ||
		fail "no tracefs"
	echo 0 >"$tr/tracing_on"
	echo >"$tr/trace"
	echo 1 >"$tr/events/rcf/rcf_path/enable"
	echo 1 >"$tr/tracing_on"
	start_top
	rcfctl fabric set path-timeout 600000 >/dev/null ||
		fail "path-timeout refused"
	rcfctl path add id 5 master 0 dst 9 >/dev/null || fail "path 5 refused"
	rcfctl path add id 9 master 6 dst 12 >/dev/null || fail "path 9 refused"
	rcfctl path request master 1 dst 2 >/dev/null || fail "request refused"
	rcfctl path fail master 1 dst 2 error ETIMEDOUT >/dev/null || fail "fail refused"
	rcfctl path del 5 >/dev/null || fail "path 5 not deleted"
	rcfctl path del 9 >/dev/null || fail "path 9 not deleted"
	stop_top
	echo 0 >"$tr/tracing_on"
	echo 0 >"$tr/events/rcf/rcf_path/enable"
	grep 'rcf_path:' "$tr/trace" >"$T_TMP/path.trace" || true
	python3 - "$T_TMP/top.json" "$T_TMP/path.trace" <<'PY' ||
import json, re, sys
top = json.load(open(sys.argv[1]))
keys = ("event", "cycle", "id", "master", "dst", "waiting", "error")
got = [tuple(e[k] for k in keys) for e in top["events"] if e["type"] == "path"]
want = []
pat = re.compile(r"cycle=(\d+) (\w+) id=(\d+) master=(\d+) dst=(\d+) "
                 r"waiting=(\d+) error=(\d+)")
for line in open(sys.argv[2]):
    m = pat.search(line)
    if m:
        c, ev, *n = m.groups()
        want.append((ev, int(c), *map(int, n)))
for e in got:
    print("# rcftop: %s" % (e,))
bad = []
if got != want:
    bad.append("rcftop's path events differ from the trace buffer's %s" % want)
for pid, m, d in ((5, 0, 9), (9, 6, 12)):
    evs = [e for e in got if e[2] == pid]
    seq = [e[0] for e in evs]
    it = iter(seq)
    if not all(x in it for x in ("made", "recall", "returned", "deleted")):
        bad.append("path %d: %s, want made, recall, returned, deleted" % (pid, seq))
    if any((e[3], e[4]) != (m, d) for e in evs):
        bad.append("path %d: not all %d -> %d" % (pid, m, d))
# ETIMEDOUT, as the test failed it
req = [(e[0], e[3], e[4], e[6]) for e in got if e[2] == 2**32 - 1]
if req != [("request", 1, 2, 0), ("request_failed", 1, 2, 110)]:
    bad.append("requests: %s" % req)
# made 5 and 9, then the request, then 5's end before 9's
order = [(e[0], e[2]) for e in got]
try:
    idx = [order.index(x) for x in (("made", 5), ("made", 9),
                                   ("request", 2**32 - 1),
                                   ("request_failed", 2**32 - 1),
                                   ("deleted", 5), ("deleted", 9))]
    if idx != sorted(idx):
        bad.append("events out of order: %s" % order)
except ValueError:
    bad.append("an event is missing: %s" % order)
for b in bad:
    print("#", b)
sys.exit(1 if bad else 0)
PY
		fail "rcftop's path events are wrong"
}

# Heads that waited for a channel: rcftop's waits and wait-cycles per
# channel must be what the trace buffer's rcf_block and rcf_forward
# lines of the same run add up to, matched the way rcftop matches them
# (Documentation/observability.rst, "Waiting for a channel").
chan_waits() {
	local tr=/sys/kernel/tracing e
	have_rcftop
	bare_sp1
	rcfctl route compute --algo sp1 --install >/dev/null ||
		fail "routes refused"
	[ -d "$tr/events" ] || mount -t tracefs nodev "$tr" ||
		fail "no tracefs"
	echo 0 >"$tr/tracing_on"
	echo >"$tr/trace"
	echo 32768 >"$tr/buffer_size_kb"
	for e in rcf_block rcf_forward; do
		echo 1 >"$tr/events/rcf/$e/enable"
	done
	echo 1 >"$tr/tracing_on"
	start_top
	rcfctl traffic start uniform rate 400 size 128 messages 600 seed 3 ||
		fail "traffic refused"
	timeout 120 rcfctl traffic wait >/dev/null || fail "traffic wait failed"
	wait_for drained || fail "the fabric did not drain"
	stop_top
	echo 0 >"$tr/tracing_on"
	for e in rcf_block rcf_forward; do
		echo 0 >"$tr/events/rcf/$e/enable"
	done
	if grep -q 'overrun: [1-9]' "$tr"/per_cpu/cpu*/stats; then
		fail "the trace buffer overran"
	fi
	grep -E 'rcf_(block|forward):' "$tr/trace" >"$T_TMP/w.trace" || true
	python3 - "$T_TMP/top.json" "$T_TMP/w.trace" <<'PY' ||
import json, re, sys
top = json.load(open(sys.argv[1]))
pat = re.compile(r"(rcf_block|rcf_forward): cycle=(\d+) (switch|node)=(\d+) "
                 r"link=(\d+) dir=(\d+) vc=(\d+) .*cookie=(0x[0-9a-f]+|0)")
wait, want = {}, {}
for line in open(sys.argv[2]):
    m = pat.search(line)
    if not m or m.group(3) != "switch":
        continue
    ev, cyc = m.group(1), int(m.group(2))
    ch = tuple(int(m.group(i)) for i in (5, 6, 7))
    key = (int(m.group(8), 16), int(m.group(4))) + ch
    if ev == "rcf_block":
        s, n = wait.get(key, (0, 0))
        wait[key] = (s + cyc, n + 1)
    elif key in wait:
        s, n = wait[key]
        start = s // n
        if start <= cyc:
            w = want.setdefault(ch, [0, 0])
            w[0] += 1
            w[1] += cyc - start
        wait[key] = (s - start, n - 1)
        if n == 1 or start > cyc:
            del wait[key]
got = {(c["link"], c["dir"], c["vc"]): [c["waits"], c["wait-cycles"]]
       for c in top["channels"] if c["waits"]}
print("# %d channels with waits, %d waits, %d cycles" %
      (len(want), sum(w[0] for w in want.values()),
       sum(w[1] for w in want.values())))
bad = []
if got != want:
    for k in sorted(set(got) | set(want))[:10]:
        if got.get(k) != want.get(k):
            bad.append("channel %s: trace %s rcftop %s" % (k, want.get(k), got.get(k)))
if not want:
    bad.append("no head waited: the run did not contend")
for b in bad:
    print("#", b)
sys.exit(1 if bad else 0)
PY
		fail "rcftop's waits differ from the trace's"
}

# Central queues and contended outputs on sp1:16 at a rate its outputs
# cannot keep up with, its queues deep enough that some peak below their
# size: each switch's queue peak in rcftop must be the kernel's cq-peak,
# every queue empty again once drained, each output's
# blocked heads the channel's waits, none still waiting, and a hot output
# contended for cycles (Documentation/observability.rst, "Switches").
switch_cq() {
	local s
	have_rcftop
	bare_sp1
	# queues deep enough not to fill: a peak at the size proves little
	for s in $(rcfctl -j switch show | python3 -c \
		'import json, sys; print(*(r["id"] for r in json.load(sys.stdin)))'); do
		rcfctl switch set "$s" cq-size 65536 >/dev/null ||
			fail "cq-size refused for switch $s"
	done
	rcfctl route compute --algo sp1 --install >/dev/null ||
		fail "routes refused"
	start_top
	rcfctl stats reset
	rcfctl traffic start uniform rate 800 size 256 messages 800 seed 5 ||
		fail "traffic refused"
	timeout 120 rcfctl traffic wait >/dev/null || fail "traffic wait failed"
	wait_for drained || fail "the fabric did not drain"
	stop_top
	rcfctl -j stats show switches >"$T_TMP/ks.json"
	python3 - "$T_TMP/top.json" "$T_TMP/ks.json" <<'PY' ||
import json, sys
top = json.load(open(sys.argv[1]))
kern = json.load(open(sys.argv[2]))
bad = []
ksw = {r["switch"]: r for r in kern}
tsw = {r["switch"]: r for r in top["switches"]}
kpeak = {s: r["cq-peak"] for s, r in ksw.items() if r["cq-peak"]}
tpeak = {s: r["cq-peak"] for s, r in tsw.items() if r["cq-peak"]}
print("# cq-peak by switch: kernel %s rcftop %s" % (kpeak, tpeak))
if kpeak != tpeak:
    bad.append("queue peaks differ")
if not kpeak:
    bad.append("no central queue was used: the run did not contend")
if not any(0 < p < ksw[s]["cq-size"] for s, p in kpeak.items()):
    bad.append("every used queue filled up: the peaks tell nothing")
for s, r in tsw.items():
    if r["cq-cur"] != ksw.get(s, {}).get("cq-cur", 0):
        bad.append("switch %d: cq-cur %d, kernel %s" %
                   (s, r["cq-cur"], ksw.get(s, {}).get("cq-cur")))
    # --once: one interval, from attaching to the end
    if r["cq-history"] != [r["cq-interval-peak"]] or \
       r["cq-interval-peak"] != r["cq-peak"]:
        bad.append("switch %d: history %s, interval peak %d, peak %d" %
                   (s, r["cq-history"], r["cq-interval-peak"], r["cq-peak"]))
    if kpeak and r["cq-size"] != ksw.get(s, {}).get("cq-size"):
        bad.append("switch %d: cq-size %d, kernel %s" %
                   (s, r["cq-size"], ksw.get(s, {}).get("cq-size")))
waits = {(c["link"], c["dir"], c["vc"]): c["waits"] for c in top["channels"]
         if c["waits"]}
outs = [(s["switch"], o) for s in top["switches"] for o in s["outputs"]]
blocked = {(o["link"], o["dir"], o["vc"]): o["blocked"] for _, o in outs
           if o["blocked"]}
if blocked != waits:
    bad.append("blocked per output %s, waits per channel %s" %
               (sorted(blocked.items())[:5], sorted(waits.items())[:5]))
if any(o["waiting"] for _, o in outs):
    bad.append("heads still waiting after the drain")
hot = max(outs, key=lambda so: so[1]["contended-cycles"], default=None)
if not hot or hot[1]["contended-cycles"] <= 0:
    bad.append("no output contended")
else:
    s, o = hot
    print("# hottest output: switch %d link %d dir %d vc %d, %d blocked, "
          "%d contended cycles, at most %d waiting" %
          (s, o["link"], o["dir"], o["vc"], o["blocked"],
           o["contended-cycles"], o["max-waiting"]))
    if o["blocked"] <= 0 or o["max-waiting"] <= 0:
        bad.append("the hot output has no blocked head")
print("# %d switches, %d outputs with blocked heads, %d heads blocked" %
      (len(tsw), len(blocked), sum(blocked.values())))
for b in bad[:20]:
    print("#", b)
sys.exit(1 if bad else 0)
PY
		fail "rcftop's switches differ from the kernel's"
}

# The live fabric drawn once after a run between nodes 0 and 3 only:
# the SVG must parse, every link's bytes must be the kernel's channel
# counters, and a loaded link must be coloured unlike an idle one.
live_draw() {
	mesh
	rcfctl stats reset
	echo "0 3 1" >"$T_TMP/one.nig"
	rcfctl traffic start nig "$T_TMP/one.nig" messages 200 seed 1 ||
		fail "traffic refused"
	timeout 120 rcfctl traffic wait >/dev/null || fail "traffic wait failed"
	wait_for drained || fail "the fabric did not drain"
	rcfctl topo draw --live-load --shape mesh:4x4 -o "$T_TMP/live.svg" ||
		fail "topo draw --live-load failed"
	rcfctl -j stats show channels >"$T_TMP/kc.json"
	python3 - "$T_TMP/live.svg" "$T_TMP/kc.json" <<'PY' ||
import json, sys
import xml.etree.ElementTree as ET
links = [e for e in ET.parse(sys.argv[1]).iter()
         if e.get("class") == "link"]
kernel = {}
for r in json.load(open(sys.argv[2])):
    kernel[r["link"]] = kernel.get(r["link"], 0) + r["bytes"]
bad = []
svg = {int(e.get("data-link")): int(e.get("data-bytes", "0")) for e in links}
if {k: v for k, v in svg.items() if v} != {k: v for k, v in kernel.items() if v}:
    bad.append("bytes per link: svg %s kernel %s" % (svg, kernel))
busy = {e.get("stroke") for e in links if int(e.get("data-bytes", "0"))}
idle = {e.get("stroke") for e in links if not int(e.get("data-bytes", "0"))}
print("# %d links, %d loaded; loaded colours %s, idle %s" %
      (len(links), sum(1 for v in svg.values() if v), sorted(busy), sorted(idle)))
if not busy or not idle:
    bad.append("want both loaded and idle links")
if busy & idle or len(idle) != 1:
    bad.append("a loaded link is coloured as an idle one")
for b in bad:
    print("#", b)
sys.exit(1 if bad else 0)
PY
		fail "the live picture is wrong"
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

t_plan 7
t_run "rcftop: channel, pair, drop and latency totals equal the kernel's" \
	totals_equal
t_run "rcftop: an epoch reaches the event log" epoch_event
t_run "rcftop: path events as the tracepoint gives them, in order" \
	path_events
t_run "rcftop: each channel's waits as rcf_block/rcf_forward give them" \
	chan_waits
t_run "rcftop: each switch's queue peak the kernel's, outputs contended" \
	switch_cq
t_run "topo draw --live-load: the kernel's bytes, loaded links coloured" \
	live_draw
t_run "rcftop: refused without privileges, saying why" unprivileged
rcfctl traffic stop >/dev/null 2>&1 || true
rcfctl fabric del >/dev/null 2>&1 || true
# the tests turn tracepoints on in tracefs; a failure leaves them so
for e in rcf_path rcf_block rcf_forward; do
	echo 0 >"/sys/kernel/tracing/events/rcf/$e/enable" 2>/dev/null || true
done
t_done
