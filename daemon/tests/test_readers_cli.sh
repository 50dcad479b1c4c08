#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# rcfsim's and rcfd's numbers from the command line and their files:
# nan, inf, signs, overflow and junk are refused with a reason and a
# non-zero exit, never run with a value nobody wrote (TAP 13).
cd "$(dirname "$0")/.." || exit 1
. tests/tap.sh

# refused WANT CMD...: CMD exits non-zero and says WANT on stderr
refused() {
	want=$1
	shift
	timeout 60 "$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -qF -- "$want" "$T/err"; then
		return 0
	fi
	echo "# $*: exit $rc, stderr: $(head -c 300 "$T/err")"
	return 1
}

echo "TAP version 13"
echo "1..10"

SIM="./bin/rcfsim --gen mesh:2x2 --cycles 1000"
for v in nan inf -1 1e3 0.5x 100001; do
	refused "--load: '$v'" $SIM --load "$v"
	ok $? "rcfsim --load $v refused"
done

refused "--cycles: bad value" ./bin/rcfsim --gen mesh:2x2 \
	--cycles 99999999999999999999
ok $? "rcfsim --cycles past 2^64 refused, not clamped"

refused "--size: '64:1,,8:1'" ./bin/rcfsim --gen mesh:2x2 --size 64:1,,8:1
ok $? "rcfsim --size with an empty entry refused"

printf '0 0 1 8\n-5 0 1 8\n' >"$T/t"
refused "$T/t:2: " ./bin/rcfsim --gen mesh:2x2 --traffic "trace:$T/t"
ok $? "rcfsim: a trace's cycle -5 refused with its line"

printf '# rcfd\n[reconfig]\nthreshold1 = 99999999999999999999\n' >"$T/c"
refused "$T/c:3: reconfig.threshold1" ./bin/rcfd --check-config -c "$T/c"
ok $? "rcfd --check-config: threshold1 past 2^64 refused with its line"

exit $failed
