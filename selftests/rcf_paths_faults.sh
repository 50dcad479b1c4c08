#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcfd's switch controllers over rcf.ko's paths through faults and growth
# (Wijnen §II C, §IV): a line failing under a path and under a set-up,
# and sinktrees converging through failures, a cut and a new switch with
# no loop at any step.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"
. "$(dirname "$0")/rcf_paths_lib.sh"

# A line under a path fails while the master streams over it (§IV,
# fault tolerance): the messages on it arrive (the link goes down in an
# epoch that drains first), the path is broken and deleted, and the
# master's next messages ask again and go round the other side of the
# ring.  The stream comes in two batches, labelled 0 and 100 in the
# messages, so that it cannot end before the line fails however slow
# the set-up: the second starts only once the kernel has broken the path.
line_under_path() {
	cleanup
	ring4 1
	ns_nodes 1500 0 4
	rcfd_start
	trace_on
	# only the path events are read; packets would crowd them out
	echo 0 >"$TR/events/rcf/rcf_deliver/enable"
	ip netns exec rcfip4 "$MSG" recv 7003 300 0:100 100:100 >"$T_TMP/rx" &
	local rx=$!
	wait_listen rcfip4 udp 7003
	# 100 messages over about five seconds
	ip netns exec rcfip0 "$MSG" send 0 100 800 2:100000 10.9.0.5:7003 \
		>/dev/null &
	local tx=$! tx2 got='' link
	wait_for traced 'rcf_path: .* made id=[0-9]* master=0 dst=4' || true
	got=$(paths_now)
	[[ $got == *"0:4:held:"* ]] || fail "node 0 never held a path to 4"
	# out of switch 0 by port 2 is link 8 (to S1), by port 3 link 11 (S3)
	case "$got" in
	*"0:4:held:0,2,"*) link=8 ;;
	*"0:4:held:0,3,"*) link=11 ;;
	*) fail "path 0->4 neither way round the ring: $got" ;;
	esac
	rcfctl link set "$link" state down >/dev/null
	wait_for traced 'rcf_path: .* broken id=[0-9]* master=0 dst=4' || true
	traced 'rcf_path: .* broken id=[0-9]* master=0 dst=4' ||
		fail "the path over link $link was not broken"
	# from here on node 0's messages need a new path
	ip netns exec rcfip0 "$MSG" send 100 100 800 2:50000 10.9.0.5:7003 \
		>/dev/null &
	tx2=$!
	wait "$tx" || fail "sender failed"
	wait "$tx2" || fail "second sender failed"
	wait "$rx" || fail "messages lost across the failure: $(cat "$T_TMP/rx")"
	trace_off
	sed -n '/rcf_path: .* broken id=[0-9]* master=0 dst=4/,$p' "$TR/trace" |
		grep -q 'rcf_path: .* made id=[0-9]* master=0 dst=4' ||
		fail "no path 0->4 was made after the break"
	expect_eq 0 "$(fabric_drops)" "drops inside the fabric"
	[ "$(pfield kernel.broken)" -ge 1 ] || fail "no path was broken"
	got=$(paths_now)
	echo "line $link failed; paths now: $got"
	case "$link" in
	8) [[ $got == *"0:4:held:0,3,"* ]] ;;
	11) [[ $got == *"0:4:held:0,2,"* ]] ;;
	esac || fail "the new path does not avoid link $link: $got"
	rcfd_stop
}

# A line fails while a set-up crosses it (§II B 2 case 2): the request
# fails cleanly -- in the kernel, with its error -- and nothing is left
# behind: no path, no circuit, and no reservation in the controllers, for
# the same request succeeds on the same rcfd (reloaded to tick at full
# speed) once the line is back.  Only rcfd ends a set-up (PATH_NEW, or
# the request failed back to the kernel), so the test stops it with
# SIGSTOP as soon as it has read that the controllers, slowed to a tick
# every two seconds, started one: if the kernel then shows neither end,
# the set-up is under way and stays so while the line goes down, however
# long that takes.  The kernel's own timeout is a minute, so that it
# cannot end the request first.

# stop_if_started: read the controllers and stop rcfd ($pid) at once,
# before anything slower runs; keep it stopped if they had tried a
# set-up.  snap is "attempts paths busy" as they were then.
stop_if_started() {
	local j
	j=$(rcfctl -j daemon paths) || return 1
	kill -STOP "$pid"
	snap=$(python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d["controllers"]["setup_attempts"], d["kernel"]["setups"],
      str(d["controllers"]["busy"]).lower())' <<<"$j")
	[ "${snap%% *}" -ge 1 ] && return 0
	kill -CONT "$pid"
	return 1
}

# stopped PID: the process is in the stopped state, out of any syscall
stopped() {
	[ "$(sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f1)" = T ]
}

# what ended the request 0->4 in the kernel, if anything did
setup_ended() {
	if traced 'rcf_path: .* made id=[0-9]* master=0 dst=4'; then
		echo "a path was made"
	elif traced 'rcf_path: .* request_failed id=[0-9]* master=0 dst=4'; then
		echo "the request failed"
	fi
}

line_in_setup() {
	cleanup
	ring4 1
	rcfctl link del 10 >/dev/null
	rcfctl link del 11 >/dev/null
	PATHS_TIMEOUT=60000 rcfd_start "tick_us = 0"
	local snap='' pid ended=''
	pid=$(cat "$PIDF")
	wait_converged
	sed -i 's/^tick_us = .*/tick_us = 2000000/' "$CONF"
	kill -HUP "$pid"
	wait_pfield tick_us 2000000
	wait_converged
	trace_on
	rcfctl path request master 0 dst 4 >/dev/null
	if ! wait_for stop_if_started; then
		ended="the controllers never tried a set-up"
	elif ! wait_for stopped "$pid"; then
		ended="rcfd did not stop"
	else
		ended=$(setup_ended)
		# no errexit here: rcfd must not be left stopped
		[ -n "$ended" ] || rcfctl link set 9 state down >/dev/null ||
			ended="line 9 did not go down"
	fi
	kill -CONT "$pid"
	[ -z "$ended" ] || fail "set-up not under way at the failure: $ended"
	expect_eq "1 0 true" "$snap" "set-up attempts, paths made, busy before the failure"
	# the controllers give up, or the kernel's timeout ends it
	wait_for traced \
		'rcf_path: .* request_failed id=[0-9]* master=0 dst=4 .* error=[1-9]' ||
		true
	trace_off
	grep 'rcf_path: .* request_failed id=[0-9]* master=0 dst=4' "$TR/trace" |
		sed 's/.*rcf_path: /kernel: /' | head -n 1
	grep -q 'rcf_path: .* request_failed id=[0-9]* master=0 dst=4 .* error=[1-9]' \
		"$TR/trace" || fail "the request did not fail in the kernel"
	if grep -q 'rcf_path: .* made id=' "$TR/trace"; then
		fail "a path was made"
	fi
	expect_eq "[]" "$(rcfctl -j path show)" "paths left"
	expect_eq "[]" "$(rcfctl -j circuit show)" "circuits left"
	sed -i 's/^tick_us = .*/tick_us = 0/' "$CONF"
	kill -HUP "$pid"
	rcfctl link set 9 state up >/dev/null
	wait_pfield tick_us 0
	wait_converged
	rcfctl path request master 0 dst 4 >/dev/null
	wait_held 0 4
	rcfd_stop
}

# Sinktrees (§II C) through failures and growth: after each change every
# controller's sinktree agrees with the live lines, and the loop check
# run at every tick that could change a routing table found no loop.
sinktrees() {
	cleanup
	ring4 1
	rcfd_start
	wait_converged
	local l
	for l in 8 10; do
		rcfctl link set "$l" state down >/dev/null
		wait_converged
	done
	# the ring is cut in two: 0 cannot reach 2
	rcfctl path request master 0 dst 2 >/dev/null
	wait_converged
	expect_eq "" "$(paths_now)" "a path across the cut"
	rcfctl link set 8 state up >/dev/null
	wait_converged
	rcfctl path request master 0 dst 2 >/dev/null
	wait_held 0 2
	# growth: switch 4 with node 8 on a new line to switch 2
	printf '%s\n' "switch add id 4 ports 4" "node add id 8 ports 1" \
		"link add id 12 node 8 port 0 switch 4 port 0" \
		"link add id 13 switch 4 port 2 switch 2 port 1" \
		>"$T_TMP/grow.batch"
	rcfctl -batch "$T_TMP/grow.batch" >/dev/null || fail "growth refused"
	wait_converged
	rcfctl path request master 8 dst 6 >/dev/null
	wait_held 8 6
	expect_eq 0 "$(pfield routing.loop_violations)" "loops seen"
	echo "loop checks: $(pfield routing.loop_checks), violations 0;" \
		"plain next-hop tables would have looped" \
		"$(pfield routing.next_hop_loops) times"
	rcfd_stop
}

# A request raised by hand on an idle fabric, nobody answering: it fails
# with ETIMEDOUT once the timeout has passed, though no packet moves to
# wake the data path.
idle_timeout() {
	cleanup
	ring4 1
	rcfctl fabric set path-timeout 1000 >/dev/null
	trace_on
	rcfctl path request master 0 dst 4 >/dev/null
	wait_for traced \
		'rcf_path: .* request_failed .* master=0 dst=4 .* error=110' ||
		true
	trace_off
	grep -q 'rcf_path: .* request_failed .* master=0 dst=4 .* error=110' \
		"$TR/trace" || fail "the request never timed out"
}

t_plan 4
t_run "a request nobody answers times out on an idle fabric" idle_timeout
t_run "a line failing under a path: rerouted, nothing lost" line_under_path
t_run "a line failing in a set-up: clean error, nothing left" line_in_setup
t_run "sinktrees converge through failures and growth, no loop" sinktrees
cleanup
t_done
