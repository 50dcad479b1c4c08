#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An unprivileged user owns fabrics in user namespaces of their own, and
# what those fabrics hold is theirs: each fabric's kthread joins its
# creator's cgroups, and no user owns more than rcf.ko's max_user_fabrics.
# Runs as nobody inside `unshare -Urn`, in a cgroup of its own (the test
# itself stays outside it, so that memory.max holds only what nobody makes).
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
	# some may be gone already (a holder whose fabric was refused)
	if [ -s "$WORK/holders" ]; then
		kill $(cat "$WORK/holders") 2>/dev/null || true
	fi
	: >"$WORK/holders"
}

cleanup() {
	kill_holders
	wait 2>/dev/null
	[ -z "$OLD_MAX" ] || echo "$OLD_MAX" >"$PARAM" 2>/dev/null
	[ -d "$GRP" ] && rmdir "$GRP" 2>/dev/null
	rm -rf "$WORK" "$T_TMP"
}
trap cleanup EXIT

# Nobody, in a new user and network namespace, in the test's group: a
# simple command whose every step execs the next, so that $! of one put
# in the background is the pid of what it runs last.
OWNER=(sh -c 'echo $$ >"$0" && exec "$@"' "$GRP/cgroup.procs"
	setpriv --reuid=65534 --regid=65534 --clear-groups unshare -Urn)

dp_threads() {
	pgrep -x rcf-dp | sort -n
}

count_threads() {
	pgrep -c -x rcf-dp || true
}

# verdict TAG SECS: 0 once TAG's holder has its fabric, 1 if it was
# refused (or never said which within SECS)
verdict() {
	for _ in $(seq $(($2 * 10))); do
		[ -e "$WORK/$1.ok" ] && return 0
		[ -e "$WORK/$1.refused" ] && return 1
		sleep 0.1
	done
	fail "the namespace '$1' never said whether it got its fabric"
}

# A namespace of nobody's holding a fabric, kept alive in the background;
# its holder writes a file once the fabric exists or the refusal.
hold_fabric() {
	local tag=$1
	# $! becomes the sleep that holds the namespace
	"${OWNER[@]}" sh -c "
		if rcfctl fabric new >'$WORK/$tag.out' 2>&1; then
			touch '$WORK/$tag.ok'
			exec sleep 600
		fi
		touch '$WORK/$tag.refused'" </dev/null >/dev/null 2>&1 &
	echo $! >>"$WORK/holders"
	verdict "$tag" 60
}

setup_cgroup() {
	grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none "$CG" ||
		fail "cannot mount cgroup2 on $CG"
	echo "+pids +cpu +memory" >"$CG/cgroup.subtree_control" ||
		fail "cannot enable pids, cpu and memory controllers"
	mkdir "$GRP" || fail "cannot create $GRP"
	count_threads >"$WORK/base"
}

unprivileged_fabric() {
	"${OWNER[@]}" rcfctl fabric show >/dev/null 2>&1 ||
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
threads_at_most() {
	[ "$(count_threads)" -le "$1" ]
}

wait_threads() {
	wait_for threads_at_most "$1" ||
		fail "rcf-dp threads: want at most $1, have $(count_threads)"
}

# cg_at_most FILE MAX: the group's FILE (a bare number) is at most MAX
cg_at_most() {
	[ "$(cat "$GRP/$1")" -le "$2" ]
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

# A script for nobody's namespace: build sp1:GEN with its routes, write
# the fabric's own count of its memory, and hold the namespace.
build_and_hold() {
	local tag=$1 gen=$2
	"${OWNER[@]}" sh -c "
		if rcfctl topo apply $gen >'$WORK/$tag.out' 2>&1 &&
		   rcfctl route compute --algo sp1 --install \
			>>'$WORK/$tag.out' 2>&1; then
			rcfctl fabric show | sed -n 's/.* mem \([0-9]*\).*/\1/p' \
				>'$WORK/$tag.mem'
			touch '$WORK/$tag.ok'
			exec sleep 600
		fi
		touch '$WORK/$tag.refused'" </dev/null >/dev/null 2>&1 &
	echo $! >>"$WORK/holders"
	verdict "$tag" 300
}

memory_charged() {
	local before after mem
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	before=$(cat "$GRP/memory.current")
	build_and_hold charged sp1:32 ||
		fail "sp1:32 with routes refused: $(cat "$WORK/charged.out")"
	after=$(cat "$GRP/memory.current")
	mem=$(cat "$WORK/charged.mem")
	[ -n "$mem" ] && [ "$mem" -gt 0 ] || fail "no fabric mem figure"
	echo "# fabric mem $mem B; group memory.current $before -> $after B"
	# the model is only part of it (netdevs, engine): at least that much
	[ $((after - before)) -ge "$mem" ] ||
		fail "the group was charged $((after - before)) B for a fabric of $mem B"
	echo $((after - before)) >"$WORK/charge"
}

memory_bounded() {
	local base charge events0 events1 left
	charge=$(cat "$WORK/charge") || fail "no charge measured"
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	base=$(cat "$GRP/memory.current")
	# half of what the same fabric was charged: it cannot fit
	echo $((base + charge / 2)) >"$GRP/memory.max" ||
		fail "cannot set memory.max"
	events0=$(awk '$1 == "max" { print $2 }' "$GRP/memory.events")
	if build_and_hold bounded sp1:32; then
		fail "sp1:32 with its routes fit in half its charge"
	fi
	events1=$(awk '$1 == "max" { print $2 }' "$GRP/memory.events")
	echo "# memory.max $((base + charge / 2)) B; memory.events max $events0 -> $events1; $(tail -n1 "$WORK/bounded.out")"
	[ "$events1" -gt "$events0" ] || fail "the group never reached memory.max"
	echo max >"$GRP/memory.max"
	# nothing held: what the refused namespace had is given back, and
	# the machine goes on, root's fabric included
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	T_WAIT_S=60 wait_for cg_at_most memory.current $((base + charge / 4)) || true
	left=$(cat "$GRP/memory.current")
	[ "$left" -le $((base + charge / 4)) ] ||
		fail "memory.current $left B, $base B before the refused fabric"
	rcfctl fabric new || fail "root's fabric refused afterwards"
	rcfctl fabric del || fail "root's fabric delete"
}

# The fabric's own limit, set by nobody below the module's: a change past
# it is refused naming it and changes nothing; the module's value caps
# it; raised, the same change goes in.  The steps run in one namespace of
# nobody's and leave their output and exit codes in files.
own_mem_limit() {
	local param=/sys/module/rcf/parameters/fabric_mem_limit max
	max=$(cat $param) || fail "no $param"
	[ "$max" -gt 0 ] || fail "fabric_mem_limit is 0 (no limit)"
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	"${OWNER[@]}" sh -c '
		w=$0 max=$1
		fig() { rcfctl fabric show | sed -n "s/.* $1 \([0-9]*\).*/\1/p"; }
		step() { n=$1; shift; "$@" >"$w/own.$n" 2>&1; echo $? >"$w/own.$n.rc"; }
		step apply rcfctl topo apply sp1:32
		m=$(fig mem) e=$(fig engine-mem)
		rcfctl fabric show >"$w/own.start"
		# room for the model, not for the engine tables beside it
		step tables rcfctl fabric set mem-limit $((m + 4096))
		rcfctl fabric show >"$w/own.tables.show"
		# room for the topology and its engine, not for its routes
		step set rcfctl fabric set mem-limit $((m + e + 16384))
		rcfctl fabric show >"$w/own.before"
		rcfctl topo save "$w/own.topo"
		step routes rcfctl route compute --algo sp1 --install
		rcfctl fabric show >"$w/own.after"
		step above rcfctl fabric set mem-limit $((max + 1))
		step below rcfctl fabric set mem-limit $((m / 2))
		rcfctl fabric show >"$w/own.after2"
		step raise rcfctl fabric set mem-limit "$max"
		step again rcfctl route compute --algo sp1 --install
		rcfctl fabric show >"$w/own.final"
		step zero rcfctl fabric set mem-limit 0
		rcfctl fabric show >"$w/own.zero"
		rcfctl topo save "$w/own.topo2"' "$WORK" "$max" </dev/null
	for st in apply set raise again zero; do
		expect_eq 0 "$(cat "$WORK/own.$st.rc")" \
			"$st: $(cat "$WORK/own.$st")"
	done
	sed "s/^/# refused: /" "$WORK/own.tables"
	[ "$(cat "$WORK/own.tables.rc")" != 0 ] ||
		fail "a limit with no room for the engine's tables was taken"
	grep -q "tables for this change do not fit in the fabric's mem-limit" \
		"$WORK/own.tables" ||
		fail "the refusal does not name the tables: $(cat "$WORK/own.tables")"
	expect_eq "$(cat "$WORK/own.start")" "$(cat "$WORK/own.tables.show")" \
		"the fabric after the refused limit"
	echo "# $(cat "$WORK/own.before")"
	sed "s/^/# refused: /" "$WORK/own.routes"
	[ "$(cat "$WORK/own.routes.rc")" != 0 ] ||
		fail "routes past the fabric's own limit were installed"
	grep -q "its own mem-limit" "$WORK/own.routes" ||
		fail "the refusal does not name the fabric's limit: $(cat "$WORK/own.routes")"
	expect_eq "$(cat "$WORK/own.before")" "$(cat "$WORK/own.after")" \
		"the fabric after the refused routes"
	[ "$(cat "$WORK/own.above.rc")" != 0 ] ||
		fail "a limit above fabric_mem_limit was taken"
	grep -q "above rcf.ko fabric_mem_limit" "$WORK/own.above" ||
		fail "refusal above the module's: $(cat "$WORK/own.above")"
	[ "$(cat "$WORK/own.below.rc")" != 0 ] ||
		fail "a limit below what the fabric holds was taken"
	grep -q "below what the fabric already holds" "$WORK/own.below" ||
		fail "refusal below the fabric's mem: $(cat "$WORK/own.below")"
	expect_eq "$(cat "$WORK/own.before")" "$(cat "$WORK/own.after2")" \
		"the fabric after the refused limits"
	grep -q " routes [1-9][0-9]* .* mem-limit $max\b" "$WORK/own.final" ||
		fail "after raising the limit: $(cat "$WORK/own.final")"
	echo "# $(cat "$WORK/own.final")"
	# a topology keeps the fabric's own limit, not the module's, as
	# the kernel tells them apart
	grep -q " mem-limit-own 1\b" "$WORK/own.final" ||
		fail "the limit set is not the fabric's own: $(cat "$WORK/own.final")"
	grep -q " mem-limit $max .*mem-limit-own 0\b" "$WORK/own.zero" ||
		fail "0 did not take the module's limit again: $(cat "$WORK/own.zero")"
	grep -q "^fabric set .* mem-limit [0-9]" "$WORK/own.topo" ||
		fail "topo save without the own limit: $(head -n1 "$WORK/own.topo")"
	! grep -q "mem-limit" "$WORK/own.topo2" ||
		fail "topo save wrote the module's limit: $(head -n1 "$WORK/own.topo2")"
}

# fabric show's figure NAME, from file FILE
fig() {
	sed -n "s/.* $1 \([0-9]*\).*/\1/p" "$2"
}

# json FILE KEY: a number of rcfctl's JSON
json() {
	sed -n "s/.*\"$2\":\([0-9]*\).*/\1/p" "$1"
}

# The engine's packet pool is held to what the fabric's mem-limit leaves
# it.  Nobody's hotspot run into 1 MiB central queues, at the top rate
# for small messages and with the largest backlog, would fill hundreds of
# MiB of pool; under a mem-limit leaving 2 MiB the pool stays within its
# budget, the group's memory stays flat, the budget's refusals are
# counted (as skips: offered load held back, not lost) and every message
# sent arrives intact.
pool_budget() {
	local d b n peak sent m1 m2 pid
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	rm -f "$WORK"/pool.*
	"${OWNER[@]}" sh -c '
		w=$0
		fig() { rcfctl fabric show | sed -n "s/.* $1 \([0-9]*\).*/\1/p"; }
		step() { n=$1; shift; "$@" >"$w/pool.$n" 2>&1 || echo "$n: $(cat "$w/pool.$n")" >>"$w/pool.err"; }
		step apply rcfctl topo apply sp1:16
		for s in $(seq 0 63); do
			rcfctl switch set $s cq-size 1048576 >/dev/null 2>&1
		done
		step routes rcfctl route compute --algo sp1 --install
		step limit rcfctl fabric set mem-limit \
			$(($(fig mem) + $(fig engine-mem) + 2097152))
		rcfctl fabric show >"$w/pool.show0"
		rcfctl topo save - >"$w/pool.topo"
		step start rcfctl traffic start hotspot hotspot 0 share 1000 \
			rate 40000 size 16-64 cycles 100000000000 seed 9 \
			backlog 16777216
		: >"$w/pool.started"
		for i in $(seq 15); do
			sleep 1
			rcfctl fabric show >"$w/pool.show$i"
		done
		step stop rcfctl traffic stop
		timeout 300 rcfctl -j traffic wait >"$w/pool.json" 2>&1 ||
			echo "the stopped run did not drain" >>"$w/pool.err"
		rcfctl fabric show >"$w/pool.end"
		: >"$w/pool.over"' "$WORK" </dev/null >/dev/null 2>&1 &
	pid=$!
	T_WAIT_S=300 wait_for test -e "$WORK/pool.started" ||
		fail "no run started: $(cat "$WORK/pool.err" 2>/dev/null)"
	sleep 5
	m1=$(cat "$GRP/memory.current")
	sleep 9
	m2=$(cat "$GRP/memory.current")
	wait "$pid"
	[ -e "$WORK/pool.over" ] || fail "nobody's script did not finish"
	[ ! -s "$WORK/pool.err" ] || fail "$(cat "$WORK/pool.err")"
	grep -q "cq-size 1048576" "$WORK/pool.topo" ||
		fail "no switch took a 1 MiB central queue"
	echo "# before: $(cat "$WORK/pool.show0")"
	echo "# after: $(cat "$WORK/pool.end")"
	echo "# group memory.current $m1 B at 5 s, $m2 B at 14 s"
	# the new engine's tables may differ a little from the old one's
	b=$(fig pool-budget "$WORK/pool.show0")
	[ -n "$b" ] && [ "$b" -gt 1048576 ] && [ "$b" -le 2162688 ] ||
		fail "pool-budget '$b', want about 2 MiB"
	for d in "$WORK"/pool.show[0-9]* "$WORK/pool.end"; do
		n=$(fig pool-mem "$d")
		[ "$n" -le "$b" ] || fail "pool-mem $n over the budget $b: $(cat "$d")"
	done
	peak=$(fig pool-peak "$WORK/pool.end")
	[ "$peak" -gt 0 ] && [ "$peak" -le "$b" ] ||
		fail "pool-peak $peak, budget $b"
	[ "$(fig pool-refused "$WORK/pool.end")" -gt 0 ] ||
		fail "the budget never refused a send"
	# flat: no more than twice the budget added in 9 s of the run
	[ $((m2 - m1)) -le $((2 * b)) ] ||
		fail "the group's memory grew $((m2 - m1)) B in 9 s, budget $b B"
	cat "$WORK/pool.json"
	grep -q '"done":true' "$WORK/pool.json" || fail "the run did not drain"
	sent=$(json "$WORK/pool.json" msgs-sent)
	[ "$(json "$WORK/pool.json" msgs-skipped)" -gt 0 ] ||
		fail "no message skipped"
	[ "$sent" -gt 0 ] || fail "no message sent"
	expect_eq "$sent" "$(json "$WORK/pool.json" msgs-delivered)" \
		"messages delivered of those sent"
	expect_eq 0 "$(json "$WORK/pool.json" msgs-refused)" \
		"messages refused (the budget skips, it does not refuse)"
	expect_eq 0 "$(json "$WORK/pool.json" msgs-corrupt)" "corrupt messages"
	kill_holders
}

cpu_stat() {
	awk -v k="$1" '$1 == k { print $2 }' "$GRP/cpu.stat"
}

throttled_past() {
	[ "$(cpu_stat nr_throttled)" -gt "$1" ]
}

# The data path's CPU is its owner's: under a small cpu.max a traffic run
# in nobody's fabric is what the group's usage and throttling count (the
# rest of the group sleeps).
cpu_throttled() {
	local u0 u1 t0 t1
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	"${OWNER[@]}" sh -c "
		if rcfctl topo apply sp1:16 >'$WORK/cpu.out' 2>&1 &&
		   rcfctl route compute --algo sp1 --install \
			>>'$WORK/cpu.out' 2>&1 &&
		   rcfctl traffic start uniform rate 300 messages 10000000 \
			seed 5 size 16-400 >>'$WORK/cpu.out' 2>&1; then
			touch '$WORK/cpu.ok'
			exec sleep 600
		fi
		touch '$WORK/cpu.refused'" </dev/null >/dev/null 2>&1 &
	echo $! >>"$WORK/holders"
	verdict cpu 300 || fail "traffic in nobody's fabric: $(cat "$WORK/cpu.out")"
	# taken before the limit: nothing can be throttled without one
	u0=$(cpu_stat usage_usec)
	t0=$(cpu_stat nr_throttled)
	echo "10000 100000" >"$GRP/cpu.max" || fail "cannot set cpu.max"
	wait_for throttled_past "$t0" || true
	u1=$(cpu_stat usage_usec)
	t1=$(cpu_stat nr_throttled)
	echo max >"$GRP/cpu.max"
	kill_holders
	echo "# cpu.max 10000 100000: usage_usec $u0 -> $u1, nr_throttled $t0 -> $t1"
	[ "$t1" -gt "$t0" ] || fail "the group was never throttled"
	[ "$u1" -gt "$u0" ] || fail "the group's CPU usage did not grow"
}

pids_current() {
	cat "$GRP/pids.current"
}

pids_are() {
	[ "$(pids_current)" = "$1" ]
}

# The kthread is one of the owner's pids, but the pids controller does
# not refuse a task moved in (pids_can_attach only charges): a group at
# pids.max still gets fabrics, and their threads, while its own tasks can
# no longer fork.  max_user_fabrics, not pids.max, bounds the threads.
pids_counted() {
	local ev0 ev1 n
	kill_holders
	wait_threads "$(cat "$WORK/base")"
	T_WAIT_S=60 wait_for pids_are 0 || true
	expect_eq 0 "$(pids_current)" "pids.current with nothing held"
	hold_fabric pids || fail "fabric refused: $(cat "$WORK/pids.out")"
	# the holder's last helper may still be exiting
	T_WAIT_S=60 wait_for pids_are 2 || true
	expect_eq 2 "$(pids_current)" "pids.current: the holder and its kthread"
	echo 2 >"$GRP/pids.max" || fail "cannot set pids.max"
	ev0=$(awk '$1 == "max" { print $2 }' "$GRP/pids.events")
	# rcfctl execs into the group past pids.max, its fabric's kthread too
	if ! "${OWNER[@]}" rcfctl fabric new >"$WORK/pids.new" 2>&1; then
		echo max >"$GRP/pids.max"
		fail "a fabric was refused at pids.max: $(cat "$WORK/pids.new")"
	fi
	# a shell moved in past pids.max reads the count, then cannot fork
	"${OWNER[@]}" sh -c 'read n <"$1/pids.current"; echo "$n" >"$2/pids.in"
		/bin/true && : >"$2/pids.forked"' sh "$GRP" "$WORK" \
		</dev/null >"$WORK/pids.fork" 2>&1 || true
	ev1=$(awk '$1 == "max" { print $2 }' "$GRP/pids.events")
	echo max >"$GRP/pids.max"
	n=$(cat "$WORK/pids.in")
	echo "# pids.max 2: a shell moved in saw pids.current $n; pids.events max $ev0 -> $ev1; $(head -n1 "$WORK/pids.fork")"
	[ "$n" -gt 2 ] || fail "pids.current $n: the move was not past pids.max"
	[ ! -e "$WORK/pids.forked" ] || fail "the owner forked at pids.max"
	[ "$ev1" -gt "$ev0" ] || fail "pids.events max did not count the refusal"
	kill_holders
}

t_plan 10
t_run "cgroup v2 with pids, cpu and memory for the test" setup_cgroup
t_run "nobody owns the fabric of an own user namespace only" unprivileged_fabric
t_run "a fabric's kthread joins its creator's cgroups" thread_joins_cgroup
t_run "max_user_fabrics bounds one user's fabrics" per_user_cap
t_run "a fabric's memory is charged to its owner's cgroup" memory_charged
t_run "a small memory.max bounds what an owner's fabric holds" memory_bounded
t_run "a fabric's own mem-limit refuses, names itself, is capped" own_mem_limit
t_run "the engine's pool stays under a small mem-limit" pool_budget
t_run "the data path's CPU is throttled by its owner's cpu.max" cpu_throttled
t_run "the kthread counts in pids.current; pids.max does not bound fabrics" \
	pids_counted
t_done
