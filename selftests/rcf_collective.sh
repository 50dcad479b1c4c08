#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcfctl collective run: the RCP collectives executed on rcf.ko's
# kport:N:K fabric, each step's connections as paths set in one epoch and
# its transfers replayed by the traffic generator.  Every operation must
# succeed with, step by step, the messages, bytes and engine cycles of
# rcfsim collective for the same plan (the pair counters are checked by
# the command itself), and leave the fabric as it found it; a run on a fabric that is
# not the plan's machine is refused and changes nothing.
# Documentation/collectives.rst, "Running a plan on rcf.ko".
. "$(dirname "$0")/lib.sh"
silent_netdevs || exit 1

SIZE=48

# machine N K: a fresh kport:N:K with its node netdevs down, so that
# nothing but the plan's messages crosses the pair counters
machine() {
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply "kport:$1:$2" >/dev/null
	netdevs_down
}

# args OP: the plan options of OP besides nodes and k
args() {
	case $1 in
	bcast) echo "--size $SIZE --root 1 --split 1" ;;
	scatter) echo "--size $SIZE --root 2" ;;
	*) echo "--size $SIZE" ;;
	esac
}

# same KERNEL RCFSIM: the runs have the plan's steps, and each step the
# same connections, circuits, messages, bytes and cycles (printed, with
# the kernel's reconfiguration time, for the log)
same() {
	python3 - "$@" <<'PY'
import json, sys
k, s = (json.load(open(p)) for p in sys.argv[1:3])
bad = []
if not k.get("checked"):
    bad.append("the kernel's run is not checked")
if len(k["steps"]) != len(s["steps"]):
    bad.append("%d steps, rcfsim %d" % (len(k["steps"]), len(s["steps"])))
for a, b in zip(k["steps"], s["steps"]):
    # the same engine: the communication of a step takes the same cycles
    for key in ("connections", "circuits", "messages", "bytes", "cycles"):
        if a[key] != b[key]:
            bad.append("step %d %s: kernel %s rcfsim %s"
                       % (a["step"], key, a[key], b[key]))
    if a["epochs"] < 1 or a["pairs"] < 1:
        bad.append("step %d: %d epochs, %d pairs" % (a["step"], a["epochs"], a["pairs"]))
    print("step %d %s: cycles kernel %d rcfsim %d, reconf %.3f us"
          % (a["step"], a["phase"], a["cycles"], b["cycles"], a["reconf_us"]))
print("total cycles: kernel %d rcfsim %d" % (k["cycles"], s["cycles"]))
if k["cycles"] != s["cycles"]:
    bad.append("total cycles: kernel %d rcfsim %d" % (k["cycles"], s["cycles"]))
for m in bad:
    print(m)
sys.exit(1 if bad else 0)
PY
}

# run_all N K: every operation on kport:N:K
run_all() {
	local n=$1 k=$2 op a
	machine "$n" "$k"
	rcfctl topo save "$T_TMP/before" >/dev/null
	for op in scatter bcast gossip alltoall; do
		a=$(args $op)
		# shellcheck disable=SC2086
		rcfctl collective run $op --nodes "$n" --k "$k" $a --json \
			>"$T_TMP/k.json" || fail "run $op on kport:$n:$k failed"
		# shellcheck disable=SC2086
		rcfsim collective $op --nodes "$n" --k "$k" $a --json \
			>"$T_TMP/s.json" || fail "rcfsim collective $op failed"
		echo "$op on kport:$n:$k:"
		same "$T_TMP/k.json" "$T_TMP/s.json" ||
			fail "$op on kport:$n:$k differs from rcfsim"
		rcfctl topo save "$T_TMP/after" >/dev/null
		cmp -s "$T_TMP/before" "$T_TMP/after" ||
			fail "$op left the fabric changed"
		rcfctl -j path show | python3 -c 'import json, sys
sys.exit(len(json.load(sys.stdin)) != 0)' || fail "$op left paths"
	done
	# the text form says what it checked
	rcfctl collective run bcast --nodes "$n" --k "$k" --size 16 \
		>"$T_TMP/text" || fail "text run failed"
	cat "$T_TMP/text"
	grep -q '^checked: ' "$T_TMP/text" || fail "no checked line"
	grep -q '^total: ' "$T_TMP/text" || fail "no total line"
}

kport_9_2() { run_all 9 2; }
kport_16_3() { run_all 16 3; }

# a plan for kport:16:3 on kport:9:2 is refused, and nothing changes
wrong_fabric() {
	local out e0 e1
	machine 9 2
	rcfctl topo save "$T_TMP/before" >/dev/null
	e0=$(fabric_fig epoch)
	if out=$(rcfctl collective run gossip --nodes 16 --k 3 --size 8 2>&1); then
		fail "a run on the wrong fabric was accepted"
	fi
	echo "$out" | grep -q "is not the machine kport:16:3" ||
		fail "refusal says '$out'"
	rcfctl topo save "$T_TMP/after" >/dev/null
	cmp -s "$T_TMP/before" "$T_TMP/after" || fail "the refusal changed the fabric"
	e1=$(fabric_fig epoch)
	expect_eq "$e0" "$e1" "epoch after the refusal"
}

t_plan 3
t_run "kport:9:2: scatter, bcast, gossip, alltoall" kport_9_2
t_run "kport:16:3: scatter, bcast, gossip, alltoall" kport_16_3
t_run "wrong fabric refused, nothing changed" wrong_fabric
rcfctl fabric del >/dev/null 2>&1 || true
t_done
