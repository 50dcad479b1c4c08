#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel's traffic generator: one seeded run in rcf.ko and the same
# run in rcfsim (same fabric and routes, from rcfctl topo save, same spec
# and seed) must give identical results and counters; a bad spec is
# refused with a reason; stop ends a run; a run goes on across epochs
# that rebuild the engine and ends when one of its nodes goes; the
# engine's reference and fast modes give the run the same figures.
# Documentation/datapath.rst, "Traffic generator".
. "$(dirname "$0")/lib.sh"
silent_netdevs || exit 1

SPEC="uniform rate 150 messages 1500 seed 7 size 16-120"
SIMSPEC="--traffic uniform --rate 150 --messages 1500 --seed 7 --size 16-120"

# A 4x4 mesh with dimension-order routes.
fresh() {
	routed_fabric mesh:4x4 dor
}

# compare KERNEL_TRAFFIC KERNEL_FABRIC KERNEL_CHANNELS RCFSIM MIN: exit 1
# and say what differs unless every figure is the same (one printer
# writes both traffic objects, so they have the same keys) and the
# kernel delivered at least MIN messages
compare() {
	python3 - "$@" <<'PY'
import json, sys
kt, kf, kc, sim = (json.load(open(p)) for p in sys.argv[1:5])
least = int(sys.argv[5])
st = sim["traffic"]
bad = []
keys = sorted(set(kt) | set(st))
for k in keys:
    if kt.get(k) != st.get(k):
        bad.append("traffic %s: kernel %s rcfsim %s" % (k, kt.get(k), st.get(k)))
if not kt.get("complete") or kt.get("msgs-delivered", 0) < least:
    bad.append("kernel run not complete: %s" % kt)
def fab(d):
    return d["stats"] if "stats" in d else d
kf, sf = fab(kf), fab(sim)
for k in ["pkts-sent", "pkts-delivered", "pkts-dropped", "bytes-injected",
          "bytes-delivered", "bytes-dropped", "bytes-inflight", "byte-hops",
          "msgs-sent", "msgs-received", "tx-bytes", "rx-bytes", "drops",
          "latency"]:
    if kf.get(k) != sf.get(k):
        bad.append("stats %s: kernel %s rcfsim %s" % (k, kf.get(k), sf.get(k)))
def chans(d):
    if isinstance(d, dict):
        d = d.get("channels", [])
    return {(c["link"], c["dir"], c["vc"]): (c["bytes"], c["packets"], c["blocked"])
            for c in d if c["bytes"] or c["packets"] or c["blocked"]}
kc, sc = chans(kc), chans(sim["channels"])
if not sc:
    bad.append("rcfsim counted no channel traffic")
for key in sorted(set(kc) | set(sc)):
    if kc.get(key) != sc.get(key):
        bad.append("channel %s: kernel %s rcfsim %s" % (key, kc.get(key), sc.get(key)))
for b in bad[:20]:
    print("#", b)
print("# compared %d traffic figures, %d fabric counters, %d channels" %
      (len(keys), 14, len(sc)))
sys.exit(1 if bad else 0)
PY
}

# against KERNEL_SPEC RCFSIM_SPEC MIN: one run each way, compared
against() {
	fresh
	rcfctl topo save "$T_TMP/fabric.topo"
	rcfctl stats reset
	rcfctl traffic start $1 || return 1
	timeout 120 rcfctl -j traffic wait >"$T_TMP/k.json" ||
		fail "traffic wait: $(cat "$T_TMP/k.json")"
	rcfctl -j stats show fabric >"$T_TMP/kf.json"
	rcfctl -j stats show channels >"$T_TMP/kc.json"
	rcfsim --topo "$T_TMP/fabric.topo" $2 --slice 10000 -j \
		--channels >"$T_TMP/sim.json"
	compare "$T_TMP/k.json" "$T_TMP/kf.json" "$T_TMP/kc.json" \
		"$T_TMP/sim.json" "$3"
}

same_as_rcfsim() {
	against "$SPEC" "$SIMSPEC" 1000
}

# A weighted node interaction graph (a few heavy pairs, a hot node),
# periodic arrivals, a size table and a warm-up.
nig_same_as_rcfsim() {
	local f=$T_TMP/graph.nig
	printf '%s\n' "# SRC DST FLOW" "0 15 40" "0 5 10" "3 12 25" "5 10 5" \
		"6 9 30" "9 6 30" "12 0 8" "15 3 60" "1 2 1" "7 8 14" \
		"8 7 14" "10 5 20" "11 5 20" "13 5 20" "14 5 20" >"$f"
	against "nig $f rate 400 messages 800 seed 11 size 16:3,200:1 arrival periodic warmup 2000" \
		"--traffic nig:$f --rate 400 --messages 800 --seed 11 --size 16:3,200:1 --arrival periodic --warmup 2000" \
		700
}

# A message trace: 600 messages at seeded cycles, some in bursts.
trace_same_as_rcfsim() {
	local f=$T_TMP/msgs.trace
	python3 - >"$f" <<'PY'
import random
r = random.Random(5)
c = 0
print("# CYCLE SRC DST BYTES")
for i in range(600):
    c += r.choice([0, 0, 10, 40, 100, 150])
    s = r.randrange(16)
    d = (s + 1 + r.randrange(15)) % 16
    print(c, s, d, r.randint(1, 300))
PY
	against "trace $f warmup 1000 seed 3" \
		"--traffic trace:$f --warmup 1000 --seed 3" 600
}

# Replay lists refused with a reason: unknown nodes (by the kernel),
# a trace out of order and one too long (by rcfctl, reading the file).
bad_lists() {
	local f=$T_TMP/bad
	fresh
	printf '0 99 5\n' >"$f"
	traffic_refused "not a node" nig "$f"
	printf '10 0 1 5\n20 1 77 5\n' >"$f"
	traffic_refused "not a node" trace "$f"
	printf '10 0 1 5\n5 1 0 5\n' >"$f"
	traffic_refused "cycles ascending" trace "$f"
	python3 -c 'print("\n".join("%d 0 1 8" % i for i in range(1537)))' >"$f"
	traffic_refused "over 1536 messages" trace "$f"
}

# A second run of the same spec gives the same results (a fresh engine).
repeatable() {
	rcfctl -j traffic show >"$T_TMP/k1.json"
	rcfctl traffic start $SPEC
	timeout 120 rcfctl -j traffic wait >"$T_TMP/k2.json"
	python3 -c '
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)' "$T_TMP/k1.json" "$T_TMP/k2.json" ||
		fail "runs differ: $(cat "$T_TMP/k1.json") $(cat "$T_TMP/k2.json")"
}

bad_specs() {
	fresh
	# 16 nodes: transpose runs, but exor with a step past them does not
	traffic_refused "cannot run" exor step 16
	traffic_refused "cannot run" ncube step 4
	traffic_refused "not a node" hotspot hotspot 99
	rcfctl fabric del
	traffic_refused "no fabric" uniform
}

stop_and_busy() {
	fresh
	rcfctl traffic start uniform rate 50 cycles 100000000000 seed 3
	traffic_refused "under way" uniform
	rcfctl traffic show | grep -q running || fail "not running"
	rcfctl traffic stop
	timeout 120 rcfctl -j traffic wait >"$T_TMP/s.json" ||
		fail "a stopped run did not deliver what it sent"
	grep -q '"done":true' "$T_TMP/s.json" || fail "$(cat "$T_TMP/s.json")"
	if rcfctl traffic stop 2>/dev/null; then
		fail "stop with no run under way succeeded"
	fi
}

fabric_epoch() {
	rcfctl -j fabric show | python3 -c 'import json, sys; print(json.load(sys.stdin)["epoch"])'
}

# An epoch that rebuilds the engine (switch added and removed, a link's
# latency changed: drains) pauses a run, which goes on and delivers every
# message; one that takes away a node of the run ends it, ECANCELED.
epochs_keep_runs() {
	local e0
	fresh
	e0=$(fabric_epoch)
	rcfctl traffic start uniform rate 60 messages 2500 seed 3 size 16-120
	rcfctl switch add id 99 ports 4 >/dev/null
	rcfctl link set 0 latency 2 >/dev/null
	rcfctl switch del 99 >/dev/null
	rcfctl traffic show >"$T_TMP/e.txt"
	grep -q "cancelled" "$T_TMP/e.txt" && fail "$(cat "$T_TMP/e.txt")"
	timeout 120 rcfctl -j traffic wait >"$T_TMP/e.json" ||
		fail "run did not end well: $(cat "$T_TMP/e.json")"
	python3 - "$T_TMP/e.json" <<'PY' || fail "$(cat "$T_TMP/e.json")"
import json, sys
t = json.load(open(sys.argv[1]))
t = t.get("traffic", t)
ok = (t["complete"] and t["msgs-offered"] == t["msgs-delivered"] == 2500
      and not t.get("error"))
sys.exit(0 if ok else 1)
PY
	expect_eq 3 $(($(fabric_epoch) - e0)) "epochs during the run"
	# a node of the run goes: node 16, with no link, takes part (the
	# run takes every node) and can go in one request
	rcfctl node add id 16 >/dev/null
	ip link set dev rcf16 down 2>/dev/null || true
	rcfctl traffic start uniform rate 50 cycles 100000000000 seed 3
	rcfctl node del 16 >/dev/null
	rcfctl traffic show >"$T_TMP/c.txt"
	grep -q "cancelled by a configuration change" "$T_TMP/c.txt" ||
		fail "$(cat "$T_TMP/c.txt")"
	# IP and the next run go on
	rcfctl traffic start $SPEC
	timeout 120 rcfctl traffic wait >/dev/null
}

# set_engine MODE: one new engine for a new mode, none for the same
# again, and fabric show (text and JSON) says MODE
set_engine() {
	local g want
	g=$(engine_gen)
	want=$((g + 1))
	[ "$(fabric_fig engine)" = "$1" ] && want=$g
	rcfctl fabric set engine "$1" >/dev/null
	expect_eq "$want" "$(engine_gen)" "engines built setting engine $1"
	rcfctl fabric set engine "$1" >/dev/null
	expect_eq "$want" "$(engine_gen)" "engines built setting it again"
	rcfctl fabric show | grep -Eq " engine $1( |\$)" ||
		fail "fabric show: $(rcfctl fabric show)"
	expect_eq "$1" "$(fabric_fig engine)" "JSON engine"
}

# mode_run MODE: SPEC's run on the fabric as it is, its figures saved
# as $T_TMP/MODE.*.json; the fabric stays in MODE
mode_run() {
	local k
	rcfctl stats reset
	rcfctl traffic start $SPEC || return 1
	timeout 120 rcfctl -j traffic wait >"$T_TMP/$1.traffic.json" ||
		fail "traffic wait ($1): $(cat "$T_TMP/$1.traffic.json")"
	for k in fabric channels switches nodes pairs; do
		rcfctl -j stats show $k >"$T_TMP/$1.$k.json"
	done
	expect_eq "$1" "$(fabric_fig engine)" "engine after the run"
}

# The same seeded run on the same fabric, once with the engine in the
# reference mode and once in the fast one: identical traffic results
# (messages, bytes, latencies), fabric counters, and per channel,
# switch, node and pair figures.  A new fabric takes rcf.ko's
# engine_exact; each run comes after a change of mode (an epoch that
# builds a new engine), and the fast engine's tables (its timing wheel
# and event log) show in engine-mem, so the fast run did run fast.
modes_same_results() {
	local dflt=fast exact_mem fast_mem
	[ "$(cat /sys/module/rcf/parameters/engine_exact)" = Y ] && dflt=exact
	fresh
	expect_eq "$dflt" "$(fabric_fig engine)" "a new fabric's engine"
	[ "$dflt" = exact ] && set_engine fast
	set_engine exact
	mode_run exact
	fresh
	set_engine exact
	exact_mem=$(fabric_fig engine-mem)
	set_engine fast
	fast_mem=$(fabric_fig engine-mem)
	[ "$fast_mem" -gt "$exact_mem" ] ||
		fail "engine-mem: exact $exact_mem, fast $fast_mem"
	mode_run fast
	python3 - "$T_TMP" <<'PY'
import json, sys
d = sys.argv[1]
def load(mode, kind):
    return json.load(open("%s/%s.%s.json" % (d, mode, kind)))
bad = []
def same(what, a, b):
    if a != b:
        bad.append("%s: exact %s fast %s" % (what, a, b))
def run(mode):
    t = load(mode, "traffic")
    return t.get("traffic", t)
tx, tf = run("exact"), run("fast")
for k in sorted(set(tx) | set(tf)):
    same("traffic " + k, tx.get(k), tf.get(k))
if not tx.get("complete") or tx.get("msgs-delivered", 0) < 1000:
    bad.append("exact run not complete: %s" % tx)
def fab(x):
    return x.get("stats", x)
fx, ff = fab(load("exact", "fabric")), fab(load("fast", "fabric"))
fkeys = ["pkts-sent", "pkts-delivered", "pkts-dropped", "bytes-injected",
         "bytes-delivered", "bytes-dropped", "bytes-inflight", "byte-hops",
         "msgs-sent", "msgs-received", "tx-bytes", "rx-bytes", "drops",
         "latency"]
for k in fkeys:
    same("fabric " + k, fx.get(k), ff.get(k))
if not fx.get("byte-hops"):
    bad.append("exact run counted no byte-hops: %s" % fx)
# the figures a run sets, by kind: not occupancies or credit, which
# only say what is left in flight when read
rows = {"channels": (("link", "dir", "vc"), ("bytes", "packets", "blocked")),
        "switches": (("switch",), ("cq-peak",)),
        "nodes": (("node",), ("msgs-sent", "msgs-received", "tx-bytes",
                              "rx-bytes")),
        "pairs": (("src", "dst"), ("pkts-sent", "pkts-delivered",
                                   "msgs-sent", "msgs-received", "tx-bytes",
                                   "rx-bytes"))}
n = 0
for kind, (key, figs) in sorted(rows.items()):
    def table(mode):
        t = load(mode, kind)
        if isinstance(t, dict):
            t = t.get(kind, [])
        return {tuple(r[k] for k in key): tuple(r[f] for f in figs)
                for r in t}
    ax, af = table("exact"), table("fast")
    if kind == "channels" and not any(any(v) for v in ax.values()):
        bad.append("channels: the exact run counted nothing")
    for k in sorted(set(ax) | set(af)):
        same("%s %s" % (kind, k), ax.get(k), af.get(k))
    n += len(ax)
for b in bad[:20]:
    print("#", b)
print("# compared %d traffic figures, %d fabric counters, %d rows" %
      (len(tx), len(fkeys), n))
sys.exit(1 if bad else 0)
PY
}

t_plan 9
t_run "kernel run identical to rcfsim" same_as_rcfsim
t_run "the same spec repeats exactly" repeatable
t_run "nig replay identical to rcfsim" nig_same_as_rcfsim
t_run "trace replay identical to rcfsim" trace_same_as_rcfsim
t_run "bad replay lists refused with a reason" bad_lists
t_run "bad specs refused with a reason" bad_specs
t_run "stop, and busy while running" stop_and_busy
t_run "a run goes on across epochs, ends when its node goes" \
	epochs_keep_runs
t_run "engine exact and fast: the same run, the same figures" \
	modes_same_results
rcfctl fabric del >/dev/null 2>&1 || true
t_done
