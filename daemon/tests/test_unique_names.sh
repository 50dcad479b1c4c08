#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# One name, one meaning: across kmod/, daemon/, selftests/ and tools/, no
# struct, union or enum tag a header defines is defined anywhere else, and
# no function with external linkage is defined twice.  Two definitions of
# one name are two meanings that no file can include together (TAP 13).
#
# What is not a name of the tree, and may repeat:
#   static functions, and tags defined inside one .c file: their scope is
#     that file;
#   main and LLVMFuzzerTestOneInput: each program's and each libFuzzer
#     target's entry point, one per program;
#   names in capitals (TEST_F, FIXTURE_SETUP, BPF_PROG): macros of the
#     kselftest harness and of libbpf that give each function its own name.
cd "$(dirname "$0")/../.." || exit 1
. daemon/tests/tap.sh

echo "TAP version 13"
echo "1..5"

# scan FILE...: "tag NAME FILE" for each tag defined at file scope and
# "fn NAME FILE" for each function defined with external linkage.  The
# tree's styles (kernel, clang-format) put a file-scope definition at
# column 0 and a function's opening brace alone on its own line.
scan() {
	awk '
	# s without the __attribute__((...)) groups it starts with
	function noattr(s,    i, d, c) {
		while (s ~ /^__attribute__[ \t]*\(/) {
			d = 0
			for (i = 1; i <= length(s); i++) {
				c = substr(s, i, 1)
				if (c == "(")
					d++
				else if (c == ")" && --d == 0)
					break
			}
			s = substr(s, i + 1)
			sub(/^[ \t]+/, "", s)
		}
		return s
	}
	FNR == 1 { sig = "" }
	/^(typedef[ \t]+)?(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\{/ {
		s = $0
		sub(/^typedef[ \t]+/, "", s)
		split(s, w, /[ \t{]+/)
		print "tag", w[2], FILENAME
		sig = ""
		next
	}
	/^\{/ {
		s = noattr(sig)
		if (s ~ /\(/ && s !~ /^(static|extern|typedef)[ \t]/) {
			sub(/\(.*/, "", s)
			n = split(s, w, /[^A-Za-z0-9_]+/)
			while (n > 0 && w[n] == "")
				n--
			if (n > 0)
				print "fn", w[n], FILENAME
		}
		sig = ""
		next
	}
	/^[A-Za-z_]/ {
		sig = sig == "" ? $0 : sig " " $0
		if ($0 ~ /;[ \t]*$/ || $0 ~ /^[^(]*=/)
			sig = ""
		next
	}
	/^[ \t]/ {
		if (sig != "") {
			sig = sig " " $0
			if ($0 ~ /;[ \t]*$/)
				sig = ""
		}
		next
	}
	{ sig = "" }
	' "$@" | sort -u
}

# dups FILE: the names defined in two places, one line each:
# "KIND NAME: FILE FILE..."
dups() {
	awk '
	$1 == "fn" && ($2 == "main" || $2 == "LLVMFuzzerTestOneInput" ||
		       $2 !~ /[a-z]/) { next }
	{
		k = $1 " " $2
		n[k]++
		f[k] = f[k] " " $3
		if ($1 == "tag" && $3 ~ /\.h$/)
			h[k] = 1
	}
	END {
		for (k in n)
			if (n[k] > 1 && (k ~ /^fn / || h[k]))
				print k ":" f[k]
	}' "$1" | sort
}

# The checker itself, on a tree made to break it: a tag two headers
# define, a header's tag a .c file defines again, a global function twice
# (the second with its type on a line of its own), and what may repeat:
# a tag of one .c file, static functions (one after an attribute), main.
mkdir -p "$T/fake"
printf 'struct two {\n\tint a;\n};\n' >"$T/fake/a.h"
printf 'typedef struct two {\n\tint b;\n} two_t;\n' >"$T/fake/b.h"
printf 'union cut {\n\tint a;\n};\n' >"$T/fake/c.h"
cat >"$T/fake/x.c" <<'EOF'
struct mine {
	int a;
};

union cut {
	int b;
};

int twice(int a,
	  int b)
{
	return a + b;
}

static int local(void)
{
	return 0;
}

__attribute__((format(printf, 1, 2))) static int say(const char *f,
						     ...)
{
	return f != 0;
}

int main(void)
{
	return 0;
}
EOF
cat >"$T/fake/y.c" <<'EOF'
struct mine {
	long a;
};

static const int twice_n = 2;

unsigned long long
twice(int a, int b)
{
	return a - b;
}

static int local(void)
{
	return 1;
}

__attribute__((format(printf, 1, 2))) static int say(const char *f,
						     ...)
{
	return f != 0;
}

int main(void)
{
	return 1;
}
EOF
(cd "$T/fake" && scan a.h b.h c.h x.c y.c) >"$T/fake.names"
dups "$T/fake.names" >"$T/fake.dups"
printf '%s\n' 'fn twice: x.c y.c' 'tag cut: c.h x.c' 'tag two: a.h b.h' \
	>"$T/fake.want"
cmp -s "$T/fake.dups" "$T/fake.want"
ok $? "a tree with three names defined twice gives those three"
sed 's/^/# /' "$T/fake.dups"

# the tree's own sources; build products (build/, a generated skeleton,
# a module's .mod.c) are not sources
find kmod daemon selftests tools -name build -prune -o \
	-name '*.[ch]' -not -name '*.mod.c' -print | sort >"$T/files"
[ "$(wc -l <"$T/files")" -gt 300 ]
ok $? "sources found ($(wc -l <"$T/files"))"

# shellcheck disable=SC2046
scan $(cat "$T/files") >"$T/names"
grep -qx 'tag rcf_fabric kmod/core/model/model.h' "$T/names" &&
	grep -qx 'tag rcf_nl daemon/lib/nl/nl_sock.h' "$T/names" &&
	grep -qx 'fn rcf_nl_open daemon/lib/nl/nl_sock.c' "$T/names" &&
	grep -qx 'fn rcf_route_add kmod/core/model/route.c' "$T/names" &&
	! grep -q '^fn rcf_route_check ' "$T/names"
ok $? "known definitions found, a static function left out"

dups "$T/names" >"$T/dups"
grep '^tag ' "$T/dups" | sed 's/^/# defined twice: /'
! grep -q '^tag ' "$T/dups"
ok $? "no tag of a header is defined anywhere else"

grep '^fn ' "$T/dups" | sed 's/^/# defined twice: /'
! grep -q '^fn ' "$T/dups"
ok $? "no global function is defined twice"

exit $failed
