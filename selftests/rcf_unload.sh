#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcf.ko unloads at any moment: with populated fabrics in several network
# namespaces, with requests in flight, and loads again with empty fabrics.
. "$(dirname "$0")/lib.sh"

TOOL=$T_DIR/rcf_tool
NS_PIDS=()

# A process holding a fresh network namespace whose fabric has N nodes.
netns_with_fabric() {
	local n=$1 ready=$T_TMP/ready.$RANDOM
	unshare --net sh -c "'$TOOL' populate $n && touch '$ready' &&
		exec sleep 600" &
	NS_PIDS+=($!)
	for _ in $(seq 100); do
		[ -e "$ready" ] && return 0
		sleep 0.1
	done
	fail "namespace with $n nodes did not come up"
}

in_ns() {
	nsenter -t "$1" -n "${@:2}"
}

count_rcf_netdevs() {
	"$@" ip -o link show | grep -c ': rcf[0-9]*[:@]' || true
}

unload_populated() {
	[ -n "$RCF_KO" ] && [ -f "$RCF_KO" ] || fail "RCF_KO is not set"
	grep -q '^rcf ' /proc/modules || fail "rcf is not loaded"
	[ ${#NS_PIDS[@]} -eq 2 ] || fail "namespaces not set up"
	expect_eq 8 "$(count_rcf_netdevs)" "netdevs in the first namespace"
	expect_eq 16 "$(count_rcf_netdevs in_ns "${NS_PIDS[0]}")" \
		"netdevs in the second namespace"
	rmmod rcf || fail "rmmod rcf with populated fabrics failed"
	! grep -q '^rcf ' /proc/modules || fail "rcf still loaded"
	expect_eq 0 "$(count_rcf_netdevs)" "netdevs left after unload"
	expect_eq 0 "$(count_rcf_netdevs in_ns "${NS_PIDS[0]}")" \
		"netdevs left in the second namespace"
	expect_eq 0 "$(count_rcf_netdevs in_ns "${NS_PIDS[1]}")" \
		"netdevs left in the third namespace"
}

reload_empty() {
	insmod "$RCF_KO" || fail "insmod $RCF_KO failed"
	fabric_empty ||
		fail "first namespace's fabric not empty: $("$TOOL" snapshot)"
	fabric_empty in_ns "${NS_PIDS[0]}" ||
		fail "second namespace's fabric not empty"
}

# Requests keep coming while the module goes; it must go cleanly, and
# the requests just stop being answered.
unload_under_load() {
	local pids=() i
	"$TOOL" populate 12
	for i in 1 2; do
		"$TOOL" hammer 120 >"$T_TMP/hammer.$i" 2>&1 &
		pids+=($!)
	done
	sleep 2
	rmmod_retry 50 0.1 load
	for i in "${!pids[@]}"; do
		wait "${pids[$i]}" ||
			fail "request loop $i failed: $(cat "$T_TMP/hammer.$((i + 1))")"
	done
	cat "$T_TMP"/hammer.*
	insmod "$RCF_KO" || fail "insmod $RCF_KO failed"
	expect_eq 0 "$(count_rcf_netdevs)" "netdevs after reload"
}

t_plan 3
# The namespaces outlive single tests, so they are made here, not in one.
rcfctl fabric del >/dev/null 2>&1 || true
"$TOOL" populate 8 >/dev/null 2>&1 || echo "# populating the first fabric failed"
netns_with_fabric 16 || true
netns_with_fabric 4 || true
t_run "unload with populated fabrics in three namespaces" unload_populated
t_run "reload gives empty fabrics" reload_empty
t_run "unload with requests in flight" unload_under_load
unload_cleanup "${NS_PIDS[@]}"
t_done
