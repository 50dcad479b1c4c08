# SPDX-License-Identifier: GPL-2.0
# TAP 13 for the native shell tests, sourced after `cd daemon`:
#   ok STATUS NAME    one result: STATUS 0 passes
# The script ends with `exit $failed`.  $T is its scratch directory,
# removed when it exits.
n=0
failed=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
}

# usage_error PATTERN CMD...: true when CMD exits 2 with PATTERN on
# standard error and nothing on standard output (a usage error says why
# and prints nothing); else says what CMD did.
usage_error() {
	pat=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q -- "$pat" "$T/err" && [ ! -s "$T/out" ] &&
		return 0
	echo "# $*: exit $rc: $(cat "$T/err")"
	return 1
}

# ok_usage_error PATTERN NAME CMD...: usage_error as one result.
ok_usage_error() {
	pat=$1
	name=$2
	shift 2
	usage_error "$pat" "$@"
	ok $? "$name"
}

# json FILE EXPR: one check of a JSON document, true when EXPR (Python,
# over the parsed document d) holds; on failure the expression and the
# document's top-level entries (long logs left out) are shown.
json() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ok = eval("(" + sys.argv[2] + ")")
if not ok:
    print("# failed:", sys.argv[2])
    for k, v in d.items():
        if k not in ("change_log", "fit"):
            print("# %s:" % k, v)
sys.exit(0 if ok else 1)' "$1" "$2"
}
