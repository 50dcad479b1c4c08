#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The repository paths the documentation names exist: every ``literal``
# of README and Documentation/*.rst that starts with one of the tree's
# top folders is a file or folder, a pattern that matches one, or a
# program built from PATH.c; and no page points outside the repository
# (TAP 13).
cd "$(dirname "$0")/../.." || exit 1
. daemon/tests/tap.sh

echo "TAP version 13"
echo "1..4"

DOCS="README Documentation/*.rst"

# FILE TOKEN for each literal naming a path in the tree
# shellcheck disable=SC2086
for f in $DOCS; do
	grep -o '``[^`]*``' "$f" | sed 's/``//g' |
		grep -E '^(uapi|kmod|daemon|selftests|tools|scripts|Documentation|debian)/[^ ]*$' |
		sed "s|^|$f |"
done | sort -u >"$T/paths"
[ "$(wc -l <"$T/paths")" -gt 100 ]
ok $? "paths found in the documentation ($(wc -l <"$T/paths"))"

# built, not kept: the module, rcfctl's bin/, a placeholder <NAME>
built() {
	case $1 in
	*.ko | daemon/bin/ | *'<'*) return 0 ;;
	esac
	[ -e "${1%/}.c" ]
}

missing=0
while read -r f p; do
	# a pattern names what it matches (kmod/genl*.c)
	# shellcheck disable=SC2086
	set -- $p
	if [ -e "$1" ] || built "$p"; then
		continue
	fi
	echo "# $f: $p: no such file or folder"
	missing=1
done <"$T/paths"
[ $missing -eq 0 ]
ok $? "every path the documentation names exists"

# the table of Documentation/architecture.rst's "Where each concept
# lives" names files and entry points: each of its functions is defined
# in the tree (the section: from its title to the next title)
awk '/^Where each concept lives$/ { on = 1; getline; next }
	on && /^=+$/ && prev ~ /^[^ =]/ { exit }
	on { print } { prev = $0 }' Documentation/architecture.rst >"$T/sect"
grep -o '``[a-z_0-9]*()``' "$T/sect" | sed 's/[`()]//g' | sort -u >"$T/fns"
[ "$(wc -l <"$T/fns")" -gt 10 ]
nofn=$?
while read -r fn; do
	grep -rqE --include='*.[ch]' "^[A-Za-z].*[ *]$fn\(" \
		kmod daemon selftests tools && continue
	echo "# $fn(): not defined"
	nofn=1
done <"$T/fns"
[ $nofn -eq 0 ]
ok $? "the concept table's $(wc -l <"$T/fns") functions are defined"

# ../ leaves the repository; dpkg-buildpackage's packages land there
# shellcheck disable=SC2086
grep -n -E '(^|[^.])\.\./[A-Za-z]' $DOCS |
	grep -v -E '\.\./rcf-(dkms|tools)_' >"$T/out"
sed 's/^/# /' "$T/out"
[ ! -s "$T/out" ]
ok $? "no page points outside the repository"

exit $failed
