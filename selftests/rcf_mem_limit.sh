#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A fabric's memory limit (rcf.ko fabric_mem_limit, read when a fabric is
# created): a change that needs more than it is refused with a reason
# naming the limit and leaves the fabric as it was.
# Documentation/security.rst.
. "$(dirname "$0")/lib.sh"

P=/sys/module/rcf/parameters/fabric_mem_limit

field() {
	rcfctl -j fabric show |
		python3 -c "import json, sys; print(json.load(sys.stdin)['$1'])"
}

limit_refuses() {
	local out mem eng old
	old=$(cat $P)
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:64 >/dev/null
	mem=$(field mem) eng=$(field engine-mem)
	rcfctl fabric del >/dev/null
	# room for the topology and its engine's tables, not for its routes
	echo $((mem + eng + 65536)) >$P
	rcfctl topo apply sp1:64 >/dev/null
	echo "# sp1:64 holds $mem bytes, its engine $eng, limit $((mem + eng + 65536))"
	if out=$(rcfctl route compute --algo sp1 --install --force 2>&1); then
		echo "$old" >$P
		fail "routes past the limit were installed ($(field mem) bytes)"
		return 1
	fi
	echo "$old" >$P
	echo "$out" | grep -q "memory limit is reached" || fail "$out"
	expect_eq 0 "$(field routes)" "routes after the refusal"
	expect_eq "$mem" "$(field mem)" "bytes after the refusal"
	# a fabric made under the default takes them
	rcfctl fabric del >/dev/null
	rcfctl topo apply sp1:64 >/dev/null
	rcfctl route compute --algo sp1 --install --force >/dev/null
	[ "$(field routes)" -gt 0 ] || fail "no routes under the default"
	rcfctl fabric del >/dev/null
}

# A route set of several batches (sp1:128: 16,256 routes, 4,096 a
# batch) under a limit that holds about half of it: the first batches
# go in, a later one is refused, and rcfctl puts the old (empty) set
# back, so the refused install changes nothing.
partial_install_undone() {
	local out m0 e0 m1 e1 lim
	rcfctl fabric del >/dev/null 2>&1 || true
	rcfctl topo apply sp1:128 >/dev/null || { fail "sp1:128"; return; }
	m0=$(field mem) e0=$(field engine-mem)
	rcfctl route compute --algo sp1 --install --force >/dev/null ||
		{ fail "sp1:128's routes under the default limit"; return; }
	m1=$(field mem) e1=$(field engine-mem)
	rcfctl fabric del >/dev/null
	rcfctl topo apply sp1:128 >/dev/null
	lim=$((m0 + e0 + (m1 - m0 + e1 - e0) / 2))
	rcfctl fabric set mem-limit "$lim" || { fail "mem-limit $lim"; return; }
	echo "# sp1:128: $m0 + $e0 bytes bare, $m1 + $e1 with routes, limit $lim"
	if out=$(rcfctl route compute --algo sp1 --install --force 2>&1); then
		fail "routes past the limit were installed ($(field routes))"
		return
	fi
	echo "$out" | sed 's/^/# /'
	echo "$out" | grep -q "changes made before it were undone" ||
		fail "no partial install was undone: $out"
	expect_eq 0 "$(field routes)" "routes after the undone install"
	rcfctl fabric del >/dev/null
}

t_plan 2
t_run "a change past the memory limit is refused, and changes nothing" \
	limit_refuses
t_run "an install refused part way is undone" partial_install_undone
rcfctl fabric del >/dev/null 2>&1 || true
t_done
