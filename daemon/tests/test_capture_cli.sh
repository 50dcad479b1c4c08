#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfctl capture's arguments, and scripts/wireshark/rcf.lua on a pcap
# test_pcap writes (when tshark is installed): each field as written
# (TAP 13).
cd "$(dirname "$0")/.." || exit 1
. tests/tap.sh

echo "TAP version 13"
echo "1..9"

ok_usage_error "needs --node" "capture without a node" \
	./bin/rcfctl capture --count 1
ok_usage_error "tx, rx or both" "capture --dir junk" \
	./bin/rcfctl capture --node 0 --dir up
ok_usage_error "\"-1\"" "capture --node -1" ./bin/rcfctl capture --node -1
ok_usage_error "count \"0\"" "capture --count 0" \
	./bin/rcfctl capture --node 0 --count 0
./bin/rcfctl capture help | grep -q "USER0, 147"
ok $? "capture help names the link type"

./tests/test_pcap "$T/s.pcap" >/dev/null
ok $? "sample written"

LUA=../scripts/wireshark/rcf.lua
if ! command -v tshark >/dev/null; then
	for i in 1 2 3; do
		n=$((n + 1))
		echo "ok $n # SKIP tshark is not installed"
	done
	exit $failed
fi
tshark -n -X lua_script:$LUA -r "$T/s.pcap" -T fields -E separator='|' \
	-e rcf.dir -e rcf.node -e rcf.peer -e rcf.len -e rcf.route \
	-e rcf.hop.port -e rcf.hop.vc -e rcf.msg_id -e rcf.msg_len \
	-e rcf.offset -e ip.src -e ip.dst -e udp.dstport \
	>"$T/f" 2>"$T/err"
cat >"$T/want" <<'W'
1|0|5|255|23.00|3,0|1,0|0|300|0|10.0.0.1|10.0.0.2|5000
1|0|5|67|23.00|3,0|1,0|0|300|244|||
2|5|0|255||||0|300|0|10.0.0.1|10.0.0.2|5000
W
diff -u "$T/want" "$T/f"
ok $? "tshark reads every field as written"
tshark -n -X lua_script:$LUA -r "$T/s.pcap" -Y 'rcf.len.bad || rcf.short' \
	-T fields -e frame.number >"$T/bad" 2>>"$T/err" && [ ! -s "$T/bad" ]
ok $? "no packet is flagged malformed"
head -c 60 "$T/s.pcap" >"$T/cut.pcap"
tshark -n -X lua_script:$LUA -r "$T/cut.pcap" >/dev/null 2>&1
[ $? -le 2 ]
ok $? "a cut file is an error, not a crash"
exit $failed
