#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Packet capture: rcfctl capture writes what node 0 sends and receives
# while it pings node 1 across two switches, and tshark with
# scripts/wireshark/rcf.lua reads back each packet's length, its route
# bytes (the route's ports), the adapter header and the IP addresses
# inside.  A capture needs CAP_NET_ADMIN, is one per fabric, ends with
# its reader, and an unknown node is refused with a reason; a reader
# that stops reading loses copies, all counted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/rcf_ip_lib.sh"

LUA="$T_DIR/../scripts/wireshark/rcf.lua"
CAP_PID=

# capture_bg ARGS...: rcfctl capture ARGS in the background, once it
# has started (its "capturing" line), its errors in $T_TMP/cap.err
capture_bg() {
	: >"$T_TMP/cap.err"
	rcfctl capture "$@" 2>"$T_TMP/cap.err" &
	CAP_PID=$!
	wait_for grep -q "capturing at node" "$T_TMP/cap.err" ||
		fail "capture never started: $(cat "$T_TMP/cap.err")"
}

# fields FILE: the fields the checks read, one line per packet
fields() {
	tshark -n -X "lua_script:$LUA" -r "$1" -T fields -E separator='|' \
		-e rcf.dir -e rcf.node -e rcf.peer -e rcf.len -e rcf.route \
		-e rcf.hop.port -e rcf.hop.vc -e rcf.msg_len -e rcf.offset \
		-e ip.src -e ip.dst -e icmp.type
}

pings() {
	command -v tshark >/dev/null || fail "tshark is not installed"
	ip_cleanup
	ip_line 2
	capture_bg --node 0 --count 4 -w "$T_TMP/c.pcap"
	ip netns exec rcfip0 ping -c 2 -i 0.2 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping"
	wait "$CAP_PID" || fail "rcfctl capture failed: $(cat "$T_TMP/cap.err")"
	grep -q "4 packets, 0 dropped" "$T_TMP/cap.err" ||
		fail "capture's count: $(cat "$T_TMP/cap.err")"
	fields "$T_TMP/c.pcap" >"$T_TMP/f" || fail "tshark failed"
	cat "$T_TMP/f"
	# an echo request is 84 bytes of IP: one packet, length byte
	# 1 + 3 route bytes + 8 + 84; node 0 port 0, switch 0 port 2,
	# switch 1 port 1, VC 0 throughout.  The reply arrives with its
	# route bytes read on the way: 1 + 8 + 84.
	local tx='1|0|1|96|00.02.01|0,2,1|0,0,0|84|0|10.9.0.1|10.9.0.2|8'
	local rx='2|0|1|93||||84|0|10.9.0.2|10.9.0.1|0'
	expect_eq 2 "$(grep -cxF "$tx" "$T_TMP/f")" "echo requests sent"
	expect_eq 2 "$(grep -cxF "$rx" "$T_TMP/f")" "echo replies received"
	expect_eq 4 "$(wc -l <"$T_TMP/f")" "packets in the file"
}

# A message over one packet: the first carries the IP header, the rest
# data, each packet's offset where the one before ended.
big() {
	command -v tshark >/dev/null || fail "tshark is not installed"
	ip_cleanup
	ip_line 1
	capture_bg --node 0 --dir tx --count 3 -w "$T_TMP/b.pcap"
	# 600 bytes of IP: 244 data bytes per packet on a 2-byte route
	ip netns exec rcfip0 ping -c 1 -s 572 -W 5 10.9.0.2 >/dev/null ||
		fail "no ping"
	wait "$CAP_PID" || fail "rcfctl capture failed: $(cat "$T_TMP/cap.err")"
	tshark -n -X "lua_script:$LUA" -r "$T_TMP/b.pcap" -T fields \
		-E separator='|' -e rcf.len -e rcf.route -e rcf.msg_len \
		-e rcf.offset -e ip.src >"$T_TMP/f" || fail "tshark failed"
	cat "$T_TMP/f"
	printf '%s\n' '255|00.01|600|0|10.9.0.1' '255|00.01|600|244|' \
		'123|00.01|600|488|' >"$T_TMP/want"
	diff -u "$T_TMP/want" "$T_TMP/f" || fail "packets of one message"
}

refusals() {
	ip_cleanup
	ip_line 1
	local out
	out=$(rcfctl capture --node 7 --count 1 2>&1) &&
		fail "a capture at a node that does not exist ran"
	[[ $out == *"no such node"* ]] || fail "unknown node: $out"
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		rcfctl capture --node 0 --count 1 2>&1) &&
		fail "nobody captured"
	[[ $out == *"ermitted"* ]] || fail "nobody: $out"
	capture_bg --node 0
	out=$(rcfctl capture --node 1 --count 1 2>&1) &&
		fail "a second capture ran beside the first"
	[[ $out == *"another socket is capturing"* ]] ||
		fail "second capture: $out"
	# the reader's end ends the capture: another may start
	kill -KILL "$CAP_PID"
	wait "$CAP_PID" 2>/dev/null || true
	capture_bg --node 1 --seconds 1
	wait "$CAP_PID" || fail "capture after the first one's end"
	grep -q "0 packets, 0 dropped" "$T_TMP/cap.err" ||
		fail "idle capture: $(cat "$T_TMP/cap.err")"
	# the fabric's delete ends it too
	capture_bg --node 0
	rcfctl fabric del >/dev/null || fail "fabric del"
	out=$(rcfctl capture --node 0 --count 1 2>&1) &&
		fail "a capture without a fabric ran"
	[[ $out == *"no fabric"* ]] || fail "no fabric: $out"
	kill -TERM "$CAP_PID"
	wait "$CAP_PID" 2>/dev/null || true
}

# pcap_bytes: the capture file's size
pcap_bytes() {
	wc -c <"$T_TMP/s.pcap"
}

# grown: the capture file is as large as when last asked ($T_TMP/sz);
# if not, notes its size and waits a second
grown() {
	local now
	now=$(pcap_bytes)
	[ "$now" = "$(cat "$T_TMP/sz")" ] && return 0
	echo "$now" >"$T_TMP/sz"
	sleep 1
	return 1
}

# A reader that stops reading loses copies, counted, and never stalls
# the fabric: every copy made is either in the file or in the count.
# The flood's time with no capture and with one is printed as a
# measure of what capturing costs.
slow_reader() {
	ip_cleanup
	ip_line 1
	local n=3000 t0 t1 t2 got drops
	t0=$(date +%s%N)
	ip netns exec rcfip0 ping -f -c $n -W 5 10.9.0.2 >/dev/null ||
		fail "flood without a capture"
	t1=$(date +%s%N)
	# a small receive buffer, full long before the flood ends
	capture_bg --node 0 --buffer 64 -w "$T_TMP/s.pcap"
	kill -STOP "$CAP_PID"
	ip netns exec rcfip0 ping -f -c $n -W 5 10.9.0.2 >/dev/null ||
		fail "flood with a stopped reader"
	t2=$(date +%s%N)
	echo "# flood of $n pings: $(((t1 - t0) / 1000000)) ms without a" \
		"capture, $(((t2 - t1) / 1000000)) ms with a stopped reader"
	kill -CONT "$CAP_PID"
	# the reader drains its socket: the file stops growing
	echo 0 >"$T_TMP/sz"
	wait_for grown || fail "the file never stopped growing"
	kill -TERM "$CAP_PID" 2>/dev/null || true
	wait "$CAP_PID" || fail "capture failed: $(cat "$T_TMP/cap.err")"
	cat "$T_TMP/cap.err"
	local re='capture: ([0-9]+) packets, ([0-9]+) dropped'
	[[ $(cat "$T_TMP/cap.err") =~ $re ]] || fail "no counts"
	got=${BASH_REMATCH[1]}
	drops=${BASH_REMATCH[2]}
	[ "$drops" -gt 0 ] || fail "a stopped reader lost nothing"
	expect_eq $((2 * n)) $((got + drops)) "copies written and dropped"
	expect_eq "$got" "$(tshark -r "$T_TMP/s.pcap" 2>/dev/null | wc -l)" \
		"frames in the file"
}

t_plan 4
t_run "ping captured at node 0, read back by tshark" pings
t_run "one message over three packets" big
t_run "refusals, one capture per fabric, the reader's end" refusals
t_run "a stopped reader loses copies, counted" slow_reader
ip_cleanup
t_done
