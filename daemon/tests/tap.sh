# SPDX-License-Identifier: GPL-2.0
# TAP 13 for the native shell tests, sourced after `cd daemon`:
#   ok STATUS NAME    one result: STATUS 0 passes
# The script ends with `exit $failed`.
n=0
failed=0

ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
}
