#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every header of the tree has an include guard, and no two headers share
# one: a header whose guard another already defined is skipped without a
# word, so two clients of one name (the tools' nl/nl.h and the
# selftests' rcf_nl.h) would see only the first one included (TAP 13).
cd "$(dirname "$0")/../.." || exit 1
. daemon/tests/tap.sh

echo "TAP version 13"
echo "1..3"

# the tree's own headers; build products (build/, a generated skeleton)
# are not sources
find uapi kmod daemon selftests tools -name build -prune -o \
	-name '*.h' -print | sort >"$T/h"
[ -s "$T/h" ] && [ "$(wc -l <"$T/h")" -gt 50 ]
ok $? "headers found ($(wc -l <"$T/h"))"

# GUARD FILE for each, or - FILE when the first directive is no #ifndef;
# a tracepoint header is read more than once on purpose (TRACE_SYSTEM)
while read -r f; do
	grep -q '^#define TRACE_SYSTEM' "$f" && continue
	g=$(awk '/^#[ \t]*(if|define|include)/ { print; exit }' "$f" |
		sed -n 's/^#[ \t]*ifndef[ \t]*\([A-Za-z0-9_]*\).*/\1/p')
	if [ -n "$g" ] && grep -q "^#[ \t]*define[ \t]*$g\([ \t]\|$\)" "$f"; then
		echo "$g $f"
	else
		echo "- $f"
	fi
done <"$T/h" >"$T/g"
grep '^- ' "$T/g" | sed 's/^- /# no include guard: /'
! grep -q '^- ' "$T/g"
ok $? "every header starts with #ifndef GUARD and defines it"

awk '$1 != "-" { n[$1]++; f[$1] = f[$1] " " $2 }
	END { for (g in n) if (n[g] > 1) print "# " g " in" f[g] }' \
	"$T/g" >"$T/dup"
cat "$T/dup"
[ ! -s "$T/dup" ]
ok $? "no two headers share a guard"

exit $failed
