#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rcfd as a daemon: detaching, pidfile, control socket and rcfctl daemon,
# kernel events counted, SIGHUP reload keeping a good config over a bad
# one, refusing a second instance, clean SIGTERM, and the refusals without
# the module and without privilege.  Sockets and pidfiles live on the
# guest's own /run, not on the 9p $RCF_TMP.
. "$(dirname "$0")/lib.sh"

RUN=$(mktemp -d /run/rcfd-test.XXXXXX)
SOCK=$RUN/sub/rcfd.sock
PID=$RUN/rcfd.pid
CONF=$T_TMP/rcfd.conf
LOG=$T_TMP/rcfd.log
export RCFD_SOCKET=$SOCK

write_conf() {
	printf '%s\n' "# rcfd selftest" "log_level = ${1:-debug}" \
		"socket = $SOCK" "pidfile = $PID" "[routing]" \
		"algorithm = none" >"$CONF"
}

# status field by python dotted path, e.g. events.node_add
field() {
	rcfctl -j daemon status | python3 -c '
import json, sys
v = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v = v[k]
print(str(v).lower() if isinstance(v, bool) else v)' "$1"
}

# wait until field $1 equals $2 (events arrive asynchronously)
field_is() {
	local got
	got=$(field "$1") && [ "$got" = "$2" ]
}

wait_field() {
	wait_for field_is "$1" "$2" ||
		fail "$1: want $2, got $(field "$1" 2>&1)"
}

not_alive() { ! kill -0 "$1" 2>/dev/null; }

gone() { wait_for not_alive "$1"; }

# the foreground rcfd has its socket and pidfile
fg_up() { [ -S "$SOCK" ] && [ -s "$PID" ]; }

start_detached() {
	write_conf debug
	rcfd -c "$CONF" --stderr 2>"$LOG" || fail "rcfd did not start: $(cat "$LOG")"
	[ -s "$PID" ] || fail "no pidfile at $PID"
	local pid
	pid=$(cat "$PID")
	kill -0 "$pid" || fail "pid $pid from the pidfile is not alive"
	expect_eq rcfd "$(cat /proc/"$pid"/comm)" "process name"
	expect_eq / "$(readlink /proc/"$pid"/cwd)" "daemon's working directory"
	expect_eq 660 "$(stat -c %a "$SOCK")" "socket mode"
	expect_eq 755 "$(stat -c %a "$RUN/sub")" "socket directory mode"
	[ "$(awk '{print $6}' /proc/"$pid"/stat)" != "$$" ] ||
		fail "daemon still in the test's session"
}

status_works() {
	local pid
	pid=$(cat "$PID")
	rcfctl daemon ping | grep -q "running (pid $pid)" || fail "ping"
	rcfctl daemon status >"$T_TMP/st.txt" || fail "status failed"
	grep -q "^pid: $pid$" "$T_TMP/st.txt" || fail "text status: $(cat "$T_TMP/st.txt")"
	expect_eq "$pid" "$(field pid)" "pid in JSON status"
	expect_eq 1 "$(field kernel.family_version)" "family version"
	expect_eq "$CONF" "$(field config)" "config in status"
	expect_eq debug "$(field log_level)" "log level"
	expect_eq none "$(field routing.algorithm)" "routing.algorithm"
	rcfctl -j -p daemon status | python3 -m json.tool >/dev/null ||
		fail "pretty JSON does not parse"
}

events_counted() {
	rcfctl fabric del >/dev/null 2>&1 || true
	local nodes links changes
	nodes=$(field events.node_add)
	links=$(field events.link_add)
	changes=$(field events.link_state_changes)
	rcfctl node add id 0
	rcfctl node add id 1
	rcfctl switch add id 0 ports 4
	rcfctl link add id 0 node 0 port 0 switch 0 port 0
	rcfctl link add id 1 node 1 port 0 switch 0 port 1
	rcfctl link set 0 state down
	wait_field events.node_add $((nodes + 2))
	wait_field events.link_add $((links + 2))
	wait_field events.link_state_changes $((changes + 1))
	expect_eq 2 "$(field fabric.nodes)" "fabric nodes"
	expect_eq 2 "$(field fabric.links)" "fabric links"
	grep -q "info: link 0 is down" "$LOG" || fail "link state not logged"
	grep -q "debug: event: add node 1" "$LOG" ||
		fail "event not logged at debug"
	rcfctl fabric del
}

sighup_bad_config() {
	local pid
	pid=$(cat "$PID")
	printf '%s\n' "log_level = warn" "routing.algorithm = fastest" >"$CONF"
	kill -HUP "$pid"
	wait_field reload.failed 1
	kill -0 "$pid" || fail "rcfd died on a bad config"
	expect_eq debug "$(field log_level)" "old log level kept"
	field reload.last_error | grep -q "rcfd.conf:2: routing.algorithm" ||
		fail "last_error: $(field reload.last_error)"
	grep -q "reload failed, keeping the old config: .*rcfd.conf:2:" "$LOG" ||
		fail "not logged: $(cat "$LOG")"
	write_conf info
	rcfctl daemon reload | grep -q reloaded || fail "reload over the socket"
	expect_eq info "$(field log_level)" "new log level"
	expect_eq 2 "$(field reload.count)" "reloads"
}

log_level_cmd() {
	rcfctl daemon log-level warn | grep -q "log level warn" || fail "set"
	expect_eq warn "$(field log_level)" "log level after log-level"
	! rcfctl daemon log-level loud 2>"$T_TMP/err" || fail "loud accepted"
	grep -q 'log level "loud"' "$T_TMP/err" || fail "$(cat "$T_TMP/err")"
	rcfctl daemon log-level debug >/dev/null
}

# hostile packets on the control socket: answered with EPROTO and why,
# and the daemon goes on serving
garbage_refused() {
	python3 - "$SOCK" <<'PY' || fail "garbage not refused as expected"
import socket, struct, sys
def ask(pkt):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    s.connect(sys.argv[1])
    s.send(pkt)
    r = s.recv(70000)
    status = struct.unpack_from("=i", r, 8)[0]
    print("# %d: %s" % (status, r[20:].decode().strip()))
    return status, r[20:].decode()
hdr = lambda ver, cmd, ln: struct.pack("=IHHiHHI", 0x44464352, ver, cmd, 0, 0, 0, ln)
for pkt, want in ((b"garbage", "truncated"),
                  (hdr(9, 1, 0), "unsupported protocol version 9"),
                  (hdr(1, 42, 0), "unknown command 42"),
                  (hdr(1, 1, 5) + b"ab", "length mismatch"),
                  (hdr(1, 2, 0) + b"x" * 70000, "oversized")):
    st, body = ask(pkt)
    assert st == -71 and want in body, (st, body)
PY
	rcfctl daemon ping >/dev/null || fail "rcfd stopped answering"
}

second_refused() {
	local pid rc=0
	pid=$(cat "$PID")
	rcfd -c "$CONF" 2>"$T_TMP/err" || rc=$?
	[ $rc -ne 0 ] || fail "second rcfd started"
	grep -q "another rcfd (pid $pid) is running" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
	rc=0
	rcfd -f -c "$CONF" -p "$RUN/other.pid" 2>"$T_TMP/err" || rc=$?
	[ $rc -ne 0 ] || fail "rcfd on a live socket started"
	grep -q "in use by a live rcfd" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
	[ ! -e "$RUN/other.pid" ] || fail "the refused rcfd left its pidfile"
	expect_eq "$pid" "$(field pid)" "the first still answers"
}

sigterm_cleans_up() {
	local pid
	pid=$(cat "$PID")
	kill -TERM "$pid"
	gone "$pid" || fail "rcfd did not exit on SIGTERM"
	[ ! -e "$SOCK" ] || fail "socket left behind"
	[ ! -e "$PID" ] || fail "pidfile left behind"
	grep -q "SIGTERM: shutting down" "$LOG" || fail "shutdown not logged"
	rcfctl daemon status 2>"$T_TMP/err" && fail "status with no rcfd"
	grep -q "rcfd is not running (no socket at $SOCK)" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
	# exit status, from a foreground rcfd that is our child
	rcfd -f -c "$CONF" 2>"$T_TMP/fg.log" &
	local fg=$! rc=0
	wait_for fg_up || true
	rcfctl daemon ping >/dev/null || fail "foreground rcfd not up"
	kill -TERM $fg
	wait $fg || rc=$?
	expect_eq 0 "$rc" "exit status after SIGTERM"
	[ ! -e "$SOCK" ] && [ ! -e "$PID" ] || fail "foreground left files"
}

no_module() {
	[ -n "$RCF_KO" ] && [ -f "$RCF_KO" ] || fail "RCF_KO is not set"
	local rc=0
	rmmod rcf || fail "rmmod rcf failed"
	rcfd -f -c "$CONF" 2>"$T_TMP/err" || rc=$?
	insmod "$RCF_KO" || fail "insmod $RCF_KO failed"
	[ $rc -ne 0 ] || fail "rcfd started without the module"
	grep -q "is rcf.ko loaded?" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
	[ ! -e "$SOCK" ] || fail "socket created anyway"
}

unprivileged() {
	local rc=0
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		rcfd -f -c /nonexistent/rcfd.conf -s /tmp/nobody.sock \
		-p /tmp/nobody.pid 2>"$T_TMP/err" || rc=$?
	[ $rc -ne 0 ] || fail "rcfd ran as nobody"
	grep -q "needs CAP_NET_ADMIN" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
	[ ! -e /tmp/nobody.sock ] || fail "socket created anyway"
}

bad_config_refused() {
	local rc=0
	printf '%s\n' "log_level = info" "" "sockett = /x" >"$T_TMP/bad.conf"
	rcfd -f -c "$T_TMP/bad.conf" 2>"$T_TMP/err" || rc=$?
	expect_eq 1 "$rc" "exit status"
	grep -q "bad.conf:3: unknown key \"sockett\"" "$T_TMP/err" ||
		fail "message: $(cat "$T_TMP/err")"
}

# rcfd managing routes: installs at start, reroutes around a link taken
# down, restores on up, and refuses a cyclic set
routing_conf() {
	printf '%s\n' "log_level = info" "socket = $SOCK" "pidfile = $PID" \
		"[routing]" "manage = yes" "algorithm = $1" \
		"debounce_ms = 20" >"$CONF"
}

routes_now() {
	rcfctl route show | grep -c '^route' || true
}

routing_follows_links() {
	rcfctl fabric del 2>/dev/null || true
	rcfctl topo apply sp1:16 >/dev/null
	routing_conf sp1
	rcfd -c "$CONF" --stderr 2>"$T_TMP/routing.log" ||
		fail "rcfd did not start: $(cat "$T_TMP/routing.log")"
	wait_field routing.installs 1
	expect_eq 240 "$(routes_now)" "routes after start"
	rcfctl route check >/dev/null || fail "route check after start"
	rcfctl route show >"$T_TMP/before"
	# link 0 joins two switches and carries routes: route check on the
	# old set fails once it is down, so the check below means rerouted
	rcfctl link set 0 state down
	wait_field routing.installs 2
	expect_eq 240 "$(routes_now)" "routes with link 0 down"
	rcfctl route check >/dev/null || fail "installed routes cross link 0"
	rcfctl route show >"$T_TMP/down"
	cmp -s "$T_TMP/before" "$T_TMP/down" && fail "nothing was rerouted"
	grep -q "links down: 0; sp1: 240 routes, 0 added, [1-9][0-9]* changed, 0 removed, 0 pairs now unreachable .* in [0-9]* ms" \
		"$T_TMP/routing.log" || fail "log: $(cat "$T_TMP/routing.log")"
	expect_eq installed "$(field routing.last.result)" "last result"
	expect_eq 1 "$(field routing.last.links_down)" "status: links down"
	rcfctl link set 0 state up
	wait_field routing.installs 3
	rcfctl route show >"$T_TMP/up"
	cmp -s "$T_TMP/before" "$T_TMP/up" || fail "link up: not the first set"
	grep -q "links up: 0; sp1: 240 routes" "$T_TMP/routing.log" ||
		fail "log: $(cat "$T_TMP/routing.log")"
}

# routing.algorithm = sp1-adaptive: SP1 for all, the measured pairs
# re-routed
routing_adaptive() {
	rcfctl stats reset
	printf '%s\n' "0 9 3" "1 9 3" "2 9 3" "4 13 1" >"$T_TMP/a.nig"
	rcfctl traffic start nig "$T_TMP/a.nig" messages 300 seed 2
	timeout 120 rcfctl traffic wait >/dev/null || fail "traffic run failed"
	rcfctl -j stats pairs | grep -q '"src":0,"dst":9' ||
		fail "no measured 0 -> 9 traffic: $(rcfctl -j stats pairs)"
	routing_conf sp1-adaptive
	kill -HUP "$(cat "$PID")"
	wait_field routing.installs 4
	expect_eq 240 "$(routes_now)" "routes with sp1-adaptive"
	rcfctl route check >/dev/null || fail "route check after adaptive"
	grep -q "sp1-adaptive: 240 routes, 0 added, [0-9]* changed, 0 removed" \
		"$T_TMP/routing.log" || fail "log: $(cat "$T_TMP/routing.log")"
}

no_pidfile() { [ ! -e "$PID" ]; }

routing_refuses_cycle() {
	# stop managing while the ring is built, or rcfd installs routes
	# for the partial ring (a line, acyclic) and keeps them
	printf '%s\n' "log_level = info" "socket = $SOCK" "pidfile = $PID" \
		>"$CONF"
	kill -HUP "$(cat "$PID")"
	wait_field routing.manage false
	rcfctl fabric del
	rcfctl topo apply ring:8 >/dev/null
	routing_conf shortest
	kill -HUP "$(cat "$PID")"
	wait_field routing.refusals 1
	expect_eq refused "$(field routing.last.result)" "last result"
	expect_eq 0 "$(routes_now)" "routes installed"
	grep -q "shortest set of 56 routes has a channel dependency cycle; not installed .*: link .* -> " \
		"$T_TMP/routing.log" || fail "log: $(cat "$T_TMP/routing.log")"
	kill -TERM "$(cat "$PID")"
	wait_for no_pidfile || true
	rcfctl fabric del
}

# rcfd keeping a routing relation (routing.relation): D-B installed at
# start; the links rcfsim --fail takes out set down in one batch, and rcfd
# installs D-B's up-down form round them, by which a seeded run is
# intact; the links up again, the intact relation back
rel_links() {
	local st ids id
	st=$1 ids=$2
	for id in $ids; do
		echo "link set id $id state $st"
	done >"$T_TMP/links.batch"
	rcfctl -batch "$T_TMP/links.batch" >/dev/null || fail "links $st"
}

relation_follows_links() {
	local ids tj
	rcfctl fabric del 2>/dev/null || true
	rcfctl topo apply prdt:4:2:1 >/dev/null
	# D-B needs 3 VCs; a VC change is no link event, so before rcfd
	rcfctl -j link show | python3 -c 'import json, sys
for l in json.load(sys.stdin):
    print("link set id %d vcs 3" % l["id"])' >"$T_TMP/vcs.batch"
	rcfctl -batch "$T_TMP/vcs.batch" >/dev/null || fail "vcs 3"
	ids=$(rcfsim --gen prdt:4:2:1 --relation db --fail 100 --fail-seed 2 \
		--messages 1 -j | python3 -c 'import json, sys
print(" ".join(map(str, json.load(sys.stdin)["fabric"]["failed"]["ids"])))')
	[ -n "$ids" ] || { fail "rcfsim failed no link"; return; }
	printf '%s\n' "log_level = info" "socket = $SOCK" "pidfile = $PID" \
		"[routing]" "debounce_ms = 20" "relation = db" \
		"relation_gen = prdt:4:2:1" "relation_select = least" >"$CONF"
	rcfd -c "$CONF" --stderr 2>"$T_TMP/rel.log" ||
		{ fail "rcfd did not start: $(cat "$T_TMP/rel.log")"; return; }
	wait_field relation.installs 1
	expect_eq intact "$(field relation.form)" "form at start"
	expect_eq "least relation 16" \
		"$(fabric_fig select) $(fabric_fig routing) $(fabric_fig relations)" \
		"selection, routing, relations at start"
	grep -q "relation db: intact: 256 entries on 16 switches, 3 VCs, select least" \
		"$T_TMP/rel.log" || fail "log: $(cat "$T_TMP/rel.log")"
	rel_links down "$ids"
	wait_field relation.links_down 6
	wait_field relation.installs 2
	expect_eq up-down "$(field relation.form)" "form with links down"
	grep -q "relation db: up-down around 6 links down ($ids)" \
		"$T_TMP/rel.log" || fail "log: $(cat "$T_TMP/rel.log")"
	# by it, a seeded run is whole: nothing meets a down link
	rcfctl stats reset
	rcfctl traffic start uniform rate 300 messages 3000 seed 11 \
		size 16-200 >/dev/null || fail "traffic start"
	tj=$(timeout 300 rcfctl -j traffic wait) || fail "traffic wait: $tj"
	grep -q '"complete":true' <<<"$tj" || fail "run not complete: $tj"
	expect_eq 0 "$(rcfctl -j stats show fabric | json_val pkts-dropped)" \
		"packets dropped round the links down"
	echo "# $(grep -o '"msgs-delivered":[0-9]*' <<<"$tj") round links $ids"
	rel_links up "$ids"
	wait_field relation.links_down 0
	wait_field relation.installs 3
	expect_eq intact "$(field relation.form)" "form with the links up"
	kill -TERM "$(cat "$PID")"
	wait_for no_pidfile || true
	rcfctl fabric del
}

cleanup() {
	[ -s "$PID" ] && kill "$(cat "$PID")" 2>/dev/null
	grep -q '^rcf ' /proc/modules || insmod "$RCF_KO"
	rm -rf "$RUN"
	return 0
}

t_plan 16
t_run "rcfd detaches, pidfile holds its live pid" start_detached
t_run "rcfctl daemon ping and status, text and JSON" status_works
t_run "kernel events counted and logged" events_counted
t_run "SIGHUP with a bad config keeps the old one" sighup_bad_config
t_run "rcfctl daemon log-level" log_level_cmd
t_run "malformed control messages refused, rcfd lives" garbage_refused
t_run "a second rcfd refuses to start" second_refused
t_run "SIGTERM removes socket and pidfile, exits 0" sigterm_cleans_up
t_run "a bad config names file:line, exit 1" bad_config_refused
t_run "routing: rcfd reroutes around a down link, restores on up" \
	routing_follows_links
t_run "routing: adaptive re-routes the measured traffic's pairs" \
	routing_adaptive
t_run "routing: a cyclic set is refused and logged" routing_refuses_cycle
t_run "relation: rcfd keeps D-B round links that go down and up" \
	relation_follows_links
t_run "without rcf.ko: non-zero exit and why" no_module
t_run "as nobody: refused for lack of CAP_NET_ADMIN" unprivileged
cleanup
t_run "module back and fabric usable" rcfctl fabric show
t_done
