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

t_plan 1
t_run "a change past the memory limit is refused, and changes nothing" \
	limit_refuses
rcfctl fabric del >/dev/null 2>&1 || true
t_done
