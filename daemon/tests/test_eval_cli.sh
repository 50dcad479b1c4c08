#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# scripts/eval on pages of its own: seeded figures compared exactly,
# timings within their noise, VM evaluations listed as not run without
# --vm and run through the VM runner with it (a stub here: no VM boots),
# BookSim2's and other optional ones skipped when what they need is
# missing, plots compared by shape, bad markers refused with FILE:LINE
# (TAP 13).
cd "$(dirname "$0")/.." || exit 1
EVAL=../scripts/eval
. tests/tap.sh

echo "TAP version 13"

D=$T/docs
mkdir -p "$D"
# evaluate OUT ARGS...: scripts/eval on $D into $T/OUT, exit status kept
evaluate() {
	o=$1
	shift
	$EVAL --docs "$D" --out "$T/$o" --no-build "$@" >"$T/$o.log" 2>&1
}
has() {
	grep -qF -- "$2" "$T/$1.log" && return 0
	echo "# no \"$2\" in:"
	sed 's/^/# /' "$T/$1.log"
	return 1
}

cat >"$D/a.rst" <<'RST'
Seeded
======

.. eval same: printf 'row 1 2\nother 3.5\n'

Committed::

    row      1   2
    other  3.5

.. eval changed: printf 'row 1 3\n'

::

    row  1  2
RST
evaluate plain
rc=$?
[ $rc -eq 1 ]
ok $? "a moved figure fails the run"
has plain "same (" && has plain "3 figures, none moved"
ok $? "the same figures: none moved"
has plain "row (#0) figure 2: 2 -> 3"
ok $? "the moved figure named with both values"

cat >"$D/a.rst" <<'RST'
.. eval within noise=x3: echo 't 2.9 0.34 0.01'

::

    t  1.00  1.00  0.00

.. eval above noise=x3: echo 't 3.2'

::

    t  1.00

.. eval below noise=x3: echo 't 0.31'

::

    t  1.00

.. eval rel noise=20%: echo 'r 119 81'

::

    r  100  100

.. eval cols noise=x3 cols=2,4-5: echo 'c 9 2 9 2 2'

::

    c  1  1  1  1  1

.. eval cols2 noise=x3 cols=2: echo 'c 1 9'

::

    c  1  1

.. eval rows: printf 'a 1\nb 2\n'

::

    a  1
    c  3
RST
evaluate noise
[ $? -eq 1 ] && grep '^within (' "$T/noise.log" |
	grep -q '3 figures, none moved'
ok $? "timings within a factor of 3 and a digit: not moved"
grep -A1 '^above' "$T/noise.log" | grep -q 'figure 1: 1 -> 3.2' &&
	grep -A1 '^below' "$T/noise.log" | grep -q 'figure 1: 1 -> 0.31'
ok $? "beyond the factor either way: moved"
grep -A1 '^rel ' "$T/noise.log" | grep -q 'none moved'
ok $? "a relative noise of 20 %"
has noise "row gone: c (#0)" && has noise "new row: b (#0)"
ok $? "rows gone and new"
grep -A1 '^cols (' "$T/noise.log" | grep -q 'none moved' &&
	grep -A1 '^cols2 (' "$T/noise.log" | grep -q 'figure 2: 1 -> 9'
ok $? "cols= compares those figures only"

cat >"$D/a.rst" <<'RST'
.. eval invm vm timeout=900: echo "vm 4 $EVAL_MARK"

::

    vm  4

.. eval bs booksim: echo "bs $(cat "$BOOKSIM_SRC/figure")"

::

    bs  7

.. eval opt needs=rcf-no-such-program: echo 'x 1'

::

    x  1
RST
evaluate novm
[ $? -eq 0 ] && has novm "invm (" && has novm "not run: needs --vm"
ok $? "without --vm: not run, not a failure"
has novm "skipped: BOOKSIM_SRC not set" &&
	has novm "skipped: rcf-no-such-program not installed"
ok $? "BookSim2 and a missing program: skipped"
[ ! -e "$T/novm/invm.txt" ] && [ ! -e "$T/novm/bs.txt" ]
ok $? "nothing run for them"

# the stub runner: checks scripts/vm's arguments, runs the command here
cat >"$T/runner" <<'SH'
#!/bin/sh
echo "$@" >>"$STUB_LOG"
[ "$1" = --timeout ] && [ "$3" = -- ] || exit 125
[ -n "${STUB_RC:-}" ] && exit "$STUB_RC"
shift 3
exec "$@"
SH
chmod +x "$T/runner"
mkdir -p "$T/booksim"
echo 7 >"$T/booksim/figure"
RCF_EVAL_VM_RUNNER="$T/runner" STUB_LOG=$T/stub.log BOOKSIM_SRC=$T/booksim \
	evaluate vm --vm
[ $? -eq 0 ] && has vm "invm (" && has vm "1 figures, none moved"
ok $? "with --vm: run through the runner and compared"
grep -q '^--timeout 900 -- bash -c echo "vm 4 $EVAL_MARK"$' "$T/stub.log"
ok $? "one boot with the marker's timeout and command"
[ "$(wc -l <"$T/stub.log")" -eq 1 ]
ok $? "only the VM evaluation went to the runner"
grep -A1 '^bs (' "$T/vm.log" | grep -q 'none moved'
ok $? "BookSim2's evaluation run with BOOKSIM_SRC"
RCF_EVAL_VM_RUNNER="$T/runner" STUB_LOG=$T/stub.log STUB_RC=124 \
	evaluate vmfail --vm --only invm
[ $? -eq 1 ] && has vmfail "invm: FAILED: exit 124"
ok $? "a VM run that fails is a failure"

printf '<svg>\n<path d="M0"/><path d="M1"/><text>a</text>\n</svg>\n' \
	>"$D/pic.svg"
cat >"$D/a.rst" <<RST
.. eval pic svg=$T/made.svg,pic.svg: cp "$D/pic.svg" "$T/made.svg"
.. eval-end

.. eval pic2 svg=$T/pic2.svg,pic.svg: echo '<svg><path/></svg>' >"$T/pic2.svg"
.. eval-end

.. eval gone svg=$T/never.svg,pic.svg: true
.. eval-end
RST
evaluate svg
[ $? -eq 1 ] && grep -A1 '^pic (' "$T/svg.log" |
	grep -q "regenerated, the shape of"
ok $? "a plot of the same shape: regenerated"
grep -A1 '^pic2 (' "$T/svg.log" | grep -q 'path 2 -> 1, text 1 -> 0'
ok $? "a plot of another shape: the elements that differ"
grep -A1 '^gone (' "$T/svg.log" | grep -q 'not written'
ok $? "a plot not written"

printf 'x\n\n.. eval bad fast: true\n' >"$D/a.rst"
evaluate bad
[ $? -ne 0 ] && has bad "a.rst:3: unknown flag fast"
ok $? "an unknown flag refused with FILE:LINE"
printf '.. eval bad noise=x0.5: true\n' >"$D/a.rst"
evaluate bad
[ $? -ne 0 ] && has bad "a.rst:1: noise=x0.5: a factor below 1"
ok $? "a factor below 1 refused"
printf '.. eval bad cols=3-1: true\n' >"$D/a.rst"
evaluate bad
[ $? -ne 0 ] && has bad "a.rst:1: cols=3-1: not a list of figure numbers"
ok $? "a backwards column range refused"
printf '.. eval twice: true\n.. eval twice: true\n' >"$D/a.rst"
evaluate bad
[ $? -ne 0 ] && has bad "a.rst:2: a second evaluation named twice"
ok $? "a name used twice refused"

echo "1..$n"
exit $failed
