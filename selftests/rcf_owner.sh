#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An unprivileged user owns fabrics in user namespaces of their own, and
# what those fabrics hold is theirs: each fabric's kthread joins its
# creator's cgroups, and no user owns more than rcf.ko's max_user_fabrics.
# Runs as nobody inside `unshare -Urn`, in a cgroup of its own.
. "$(dirname "$0")/lib.sh"

CG=/sys/fs/cgroup
GRP=$CG/rcf-owner-test.$$
PARAM=/sys/module/rcf/parameters/max_user_fabrics
WORK=$(mktemp -d /tmp/rcf-owner.XXXXXX)
chmod 777 "$WORK"
OLD_MAX=$(cat "$PARAM" 2>/dev/null)

# Holders outlive the subshell of the test that started them: their pids
# are kept in a file.
kill_holders() {
	[ -s "$WORK/holders" ] && kill $(cat "$WORK/holders") 2>/dev/null
	: >"$WORK/holders"
}

cleanup() {
	kill_holders
	wait 2>/dev/null
	[ -z "$OLD_MAX" ] || echo "$OLD_MAX" >"$PARAM" 2>/dev/null
	if [ -d "$GRP" ]; then
		echo $$ >"$CG/cgroup.procs" 2>/dev/null
		rmdir "$GRP" 2>/dev/null
	fi
	rm -rf "$WORK" "$T_TMP"
}
trap cleanup EXIT

# as nobody, in a new user and network namespace
as_owner() {
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		unshare -Urn "$@"
}

dp_threads() {
	pgrep -x rcf-dp | sort -n
}

count_threads() {
	pgrep -c -x rcf-dp || true
}

# A namespace of nobody's holding a fabric, kept alive in the background;
# its holder writes a file once the fabric exists or the refusal.
hold_fabric() {
	local tag=$1
	# a simple command, so that $! becomes the sleep that holds the
	# namespace (setpriv and unshare exec what follows)
	setpriv --reuid=65534 --regid=65534 --clear-groups unshare -Urn sh -c "
		if rcfctl fabric new >'$WORK/$tag.out' 2>&1; then
			touch '$WORK/$tag.ok'
			exec sleep 600
		fi
		touch '$WORK/$tag.refused'" </dev/null >/dev/null 2>&1 &
	echo $! >>"$WORK/holders"
	for _ in $(seq 600); do
		[ -e "$WORK/$tag.ok" ] && return 0
		[ -e "$WORK/$tag.refused" ] && return 1
		sleep 0.1
	done
	fail "the namespace '$tag' never said whether it got its fabric"
}

setup_cgroup() {
	grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none "$CG" ||
		fail "cannot mount cgroup2 on $CG"
	echo "+pids +cpu +memory" >"$CG/cgroup.subtree_control" ||
		fail "cannot enable pids, cpu and memory controllers"
	mkdir "$GRP" || fail "cannot create $GRP"
	echo $$ >"$GRP/cgroup.procs" || fail "cannot join $GRP"
	count_threads >"$WORK/base"
}

unprivileged_fabric() {
	as_owner rcfctl fabric show >/dev/null 2>&1 ||
		fail "nobody in an own user namespace cannot read its fabric"
	if setpriv --reuid=65534 --regid=65534 --clear-groups \
		rcfctl fabric new 2>"$WORK/init.err"; then
		fail "nobody changed the initial namespace's fabric"
	fi
	grep -qi "not permitted\|permission" "$WORK/init.err" ||
		fail "refusal in the initial namespace: $(cat "$WORK/init.err")"
}

thread_joins_cgroup() {
	local new
	dp_threads >"$WORK/before"
	hold_fabric cg || fail "fabric refused: $(cat "$WORK/cg.out")"
	dp_threads >"$WORK/after"
	new=$(comm -13 "$WORK/before" "$WORK/after")
	[ "$(echo "$new" | grep -c .)" = 1 ] ||
		fail "want one new rcf-dp thread, got '$new'"
	expect_eq "0::/${GRP#"$CG"/}" "$(cat "/proc/$new/cgroup")" \
		"the fabric's kthread's cgroup"
	grep -qx "$new" "$GRP/cgroup.threads" ||
		fail "kthread $new not among $GRP's threads"
}

# Threads of fabrics whose namespaces are gone go away (namespace cleanup
# is asynchronous: wait for it, with a generous bound).
wait_threads() {
	local want=$1
	for _ in $(seq 1200); do
		[ "$(count_threads)" -le "$want" ] && return 0
		sleep 0.1
	done
	fail "rcf-dp threads: want at most $want, have $(count_threads)"
}

per_user_cap() {
	local base first
	base=$(cat "$WORK/base")
	kill_holders
	wait_threads "$base"
	[ -n "$OLD_MAX" ] || fail "no $PARAM"
	echo 3 >"$PARAM" || fail "cannot set max_user_fabrics"
	for i in 1 2 3; do
		hold_fabric "cap$i" || fail "fabric $i of 3 refused: $(cat "$WORK/cap$i.out")"
	done
	if hold_fabric cap4; then
		fail "a fourth fabric was allowed"
	fi
	grep -q "max_user_fabrics" "$WORK/cap4.out" ||
		fail "refusal does not name the limit: $(cat "$WORK/cap4.out")"
	expect_eq $((base + 3)) "$(count_threads)" "rcf-dp threads"
	# root in the initial namespace is not counted
	rcfctl fabric new || fail "root's own fabric refused"
	rcfctl fabric del || fail "root's fabric delete"
	# one namespace gone frees its place
	first=$(head -n1 "$WORK/holders")
	kill "$first"
	wait_threads $((base + 2))
	hold_fabric cap5 || fail "a freed place was refused: $(cat "$WORK/cap5.out")"
}

t_plan 4
t_run "cgroup v2 with pids, cpu and memory for the test" setup_cgroup
t_run "nobody owns the fabric of an own user namespace only" unprivileged_fabric
t_run "a fabric's kthread joins its creator's cgroups" thread_joins_cgroup
t_run "max_user_fabrics bounds one user's fabrics" per_user_cap
t_done
