#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcf.ko is removed while rcf_stress churns, dumps and listens in the
# initial namespace and in another one: rmmod may be refused while a dump
# holds the module, but must succeed within 20 s of trying; the
# stress processes must see only expected errors and the family going;
# the module must load again with empty fabrics.
. "$(dirname "$0")/lib.sh"

STRESS=$T_DIR/rcf_stress
TOOL=$T_DIR/rcf_tool
PIDS=()

# started FILE...: each stress process printed its plan
started() {
	local f
	for f; do grep -q '^1\.\.' "$f" || return 1; done
}

churned() { ! fabric_empty; }

unload_under_stress() {
	[ -n "$RCF_KO" ] && [ -f "$RCF_KO" ] || fail "RCF_KO is not set"
	grep -q '^rcf ' /proc/modules || fail "rcf is not loaded"
	"$STRESS" --unload --time 40 >"$T_TMP/s1" 2>&1 &
	PIDS+=($!)
	unshare --net "$STRESS" --unload --time 40 >"$T_TMP/s2" 2>&1 &
	PIDS+=($!)
	# under way: both printed their plan, and the churn changed the fabric
	wait_for started "$T_TMP/s1" "$T_TMP/s2" ||
		fail "the stress processes did not start"
	wait_for churned || fail "no change from the stress processes"
	local i rc=0
	rmmod_retry 100 0.2 stress
	for i in "${!PIDS[@]}"; do
		wait "${PIDS[$i]}" || rc=1
		sed 's/^/# stress '"$i"': /' "$T_TMP/s$((i + 1))"
	done
	PIDS=()
	[ $rc -eq 0 ] || fail "a stress process saw unexpected errors"
}

reload_empty() {
	grep -q '^rcf ' /proc/modules || insmod "$RCF_KO" ||
		fail "insmod $RCF_KO failed"
	fabric_empty ||
		fail "fabric not empty after reload: $("$TOOL" snapshot)"
	[ "$(ip -o link show | grep -c ': rcf[0-9]*[:@]')" = 0 ] ||
		fail "rcf netdevs left after reload"
}

t_plan 2
rcfctl fabric del >/dev/null 2>&1 || true
t_run "unload while threads and processes stress the family" \
	unload_under_stress
t_run "reload gives an empty fabric" reload_empty
unload_cleanup "${PIDS[@]}"
t_done
