#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# -h and --help anywhere: every object and command rcfctl's own help
# lists (OBJECT := ..., then each object's usage lines), and rcfd and
# rcfsim, print their usage on standard output and exit 0, whatever
# comes before or after, and do nothing else (no file written).
cd "$(dirname "$0")/.." || exit 1
CTL=./bin/rcfctl
. tests/tap.sh

echo "TAP version 13"

# helps WHAT CMD...: CMD exits 0, says Usage on stdout, nothing on stderr
helps() {
	what=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 0 ] && grep -qi "^usage: " "$T/out" && [ ! -s "$T/err" ] &&
		return 0
	echo "# $what: $*: exit $rc: $(head -1 "$T/err")"
	return 1
}

# the objects: the words between "OBJECT :=" and "COMMAND :="
objs=$($CTL --help | sed -n '/^OBJECT :=/,/^COMMAND :=/p' |
	sed 's/^OBJECT :=//; /^COMMAND :=/d' | tr '|' ' ')
# shellcheck disable=SC2086 # one word each
set -- $objs
[ $# -ge 16 ]
ok $? "rcfctl --help lists the objects ($#)"

# subs OBJ: the commands OBJ's usage lines name (the first lower-case
# word after OBJ, past bracketed options such as [-s SOCKET])
subs() {
	$CTL "$1" help | grep -E '^(Usage:)? +rcfctl ' | awk -v o="$1" '{
		for (i = 1; i <= NF && $i != o; i++)
			;
		for (i++; i <= NF; i++) {
			if ($i ~ /^\[-/) {
				while (i <= NF && $i !~ /\]$/)
					i++
				continue
			}
			w = $i
			gsub(/[][]/, "", w)
			if (w ~ /^[a-z][a-z-]*$/)
				print w
			break
		}
	}' | sort -u
}

nsubs=0
for o in $objs; do
	good=0
	helps "$o" $CTL "$o" --help || good=1
	helps "$o" $CTL "$o" -h || good=1
	helps "$o" $CTL -j "$o" no-such-command --help || good=1
	ok $good "rcfctl $o --help, -h, and after a bad command"
	for s in $(subs "$o"); do
		nsubs=$((nsubs + 1))
		good=0
		helps "$o $s" $CTL "$o" "$s" --help || good=1
		helps "$o $s" $CTL "$o" "$s" -h || good=1
		helps "$o $s" $CTL "$o" "$s" --no-such-option 1 --help ||
			good=1
		helps "$o $s" $CTL "$o" "$s" --help --no-such-option 1 ||
			good=1
		ok $good "rcfctl $o $s: --help anywhere"
	done
done
# route's 7, path's 7, topo's 8 and more: the walk found them
[ $nsubs -ge 40 ]
ok $? "the usage lines name the commands ($nsubs)"

# nothing done: a file to write is not written
$CTL topo save "$T/saved" --help >/dev/null &&
	$CTL topo export --format ibsim --gen ring:4 -o "$T/exp" -h \
		>/dev/null && [ ! -e "$T/saved" ] && [ ! -e "$T/exp" ]
ok $? "topo save and export with --help write nothing"

good=0
helps rcfd ./bin/rcfd --help || good=1
helps rcfd ./bin/rcfd -f -c /nonexistent/rcfd.conf -h || good=1
helps rcfd ./bin/rcfd --no-such-option --help || good=1
ok $good "rcfd --help anywhere"

good=0
helps rcfsim ./bin/rcfsim --help || good=1
helps rcfsim ./bin/rcfsim --no-such-option --help || good=1
helps rcfsim ./bin/rcfsim --gen ring:4 --cycles 10 -h || good=1
helps "rcfsim gd" ./bin/rcfsim gd --no-such-option --help || good=1
helps "rcfsim collective" ./bin/rcfsim collective allreduce --help ||
	good=1
helps "rcfsim collective" ./bin/rcfsim collective --no-such-op -h ||
	good=1
ok $good "rcfsim, rcfsim gd, rcfsim collective: --help anywhere"

echo "1..$n"
exit $failed
