#!/usr/bin/env bash
# reduce.sh: end-to-end tests of `semdbg reduce` and `semdbg generalize` on the
# calculator and markup examples (and, independently of their binaries, on
# the shell harness tests/harnesses/reduce_markup.sh): the reduced calculator
# input is at most 8 bytes and starts with "sqrt(-"; every reduced input
# fails when the harness runs it again (also via --out, and when --max-runs
# cuts the reduction short); -j1 and -j2 give the same result; the markup
# abstract input keeps the '"' and abstracts the tags; at least 90% of 50
# instantiations of each abstract input fail; --json; exit statuses 2 (input
# passes, does not parse, usage) and 3 (harness cannot run).
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
SEMDBG=$1
export SEMDBG_BUILD_DIR=$2
unset SEMDBG_EXAMPLES_BIN
work=$(mktemp -d "${TMPDIR:-/tmp}/e2e-reduce.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

CALC=(--grammar grammars/calculator.bnf --test examples/calculator/harness.sh -j2)
MARKUP=(--grammar grammars/markup.bnf --test examples/markup/harness.sh -j2)

# fails FILE HARNESS: the harness gives FILE a failing status (not 0, not 125+)
fails() {
  local rc
  rc=$("$2" "$1" > /dev/null 2>&1; echo $?) 2> /dev/null # no "Aborted" from bash
  [ $rc -ne 0 ] && [ $rc -ne 125 ] && [ $rc -ne 126 ] && [ $rc -ne 127 ]
}
# share_ok OUTPUT: the "N instantiations: ... (P% fail)" line says P >= 90
share_ok() {
  local p
  p=$(sed -n 's/^[0-9]* instantiations: .* (\([0-9]*\)% fail)$/\1/p' <<< "$1")
  [ -n "$p" ] && [ "$p" -ge 90 ]
}

# --- reduce: calculator ---
out=$("$SEMDBG" reduce "${CALC[@]}" --out "$work/calc.txt" examples/calculator/fail.txt 2> "$work/err")
rc=$?
[ $rc -eq 0 ] || fail "reduce calculator exited $rc: $(cat "$work/err")"
[ ${#out} -le 8 ] || fail "reduced calculator input '$out' is longer than 8 bytes"
[[ $out == "sqrt(-"* ]] || fail "reduced calculator input '$out' does not start with sqrt(-"
[ "$(cat "$work/calc.txt")" = "$out" ] || fail "--out wrote '$(cat "$work/calc.txt")', printed '$out'"
fails "$work/calc.txt" examples/calculator/harness.sh || fail "reduced calculator input '$out' does not fail"
grep -qE "reduced examples/calculator/fail.txt from 9 to ${#out} bytes \([0-9]+ to [0-9]+ nodes\) in [0-9]+ steps? and [0-9]+ runs?; it fails with signal 6 \(ABRT\)" "$work/err" ||
  fail "reduce summary: $(cat "$work/err")"
grep -q "1-minimal" "$work/err" || fail "reduce does not say 1-minimal: $(cat "$work/err")"

# the same with -j1 (batches of one): the same result
out1=$("$SEMDBG" reduce "${CALC[@]}" -j1 examples/calculator/fail.txt 2> /dev/null)
[ "$out1" = "$out" ] || fail "-j1 gave '$out1', -j2 '$out'"

# --json
if command -v jq > /dev/null; then
  "$SEMDBG" reduce "${CALC[@]}" --json examples/calculator/fail.txt > "$work/r.json" 2> "$work/err" ||
    fail "reduce --json: $(cat "$work/err")"
  jq -e --arg in "$out" '.input == $in and .length == ($in | length) and .original_length == 9
      and .nodes < .original_nodes and .minimal == true and .runs >= 2 and .status == "signal 6 (ABRT)"' \
    "$work/r.json" > /dev/null || fail "reduce --json: $(cat "$work/r.json")"
fi

# --- reduce: markup (the example and the shell harness) ---
for h in examples/markup/harness.sh tests/harnesses/reduce_markup.sh; do
  "$SEMDBG" reduce --grammar grammars/markup.bnf --test "$h" -j2 --out "$work/m.txt" -q \
    examples/markup/fail.txt > "$work/m.out" 2> "$work/err" || fail "reduce markup ($h): $(cat "$work/err")"
  fails "$work/m.txt" "$h" || fail "reduced markup input '$(cat "$work/m.txt")' does not fail ($h)"
  [ "$(cat "$work/m.txt")" = '"' ] || fail "markup reduced to '$(cat "$work/m.txt")', expected a lone quote ($h)"
done

# a budget cuts the reduction short; the result still fails
printf '<b>"bold" and <i>more</i> text</b> and more plain text' > "$work/long.txt"
"$SEMDBG" reduce "${MARKUP[@]}" --max-runs 6 --out "$work/short.txt" "$work/long.txt" > /dev/null 2> "$work/err" ||
  fail "reduce --max-runs: $(cat "$work/err")"
grep -q "not 1-minimal: --max-runs 6 ran out" "$work/err" || fail "--max-runs message: $(cat "$work/err")"
fails "$work/short.txt" examples/markup/harness.sh || fail "budget-cut reduction '$(cat "$work/short.txt")' does not fail"
[ "$(wc -c < "$work/short.txt")" -lt "$(wc -c < "$work/long.txt")" ] || fail "--max-runs 6 reduced nothing"

# --- generalize: markup ---
out=$("$SEMDBG" generalize "${MARKUP[@]}" --no-reduce --fuzz 50 examples/markup/fail.txt 2> "$work/err")
rc=$?
[ $rc -eq 0 ] || fail "generalize markup exited $rc: $(cat "$work/err")"
pattern=$(head -1 <<< "$out")
[[ $pattern == *'"'* ]] || fail "markup abstract input '$pattern' lost the quote"
[[ $pattern == *'<tag>'* || $pattern == *'<opening-tag>'* || $pattern == *'<closing-tag>'* || $pattern == *'<html-'* ]] ||
  fail "markup abstract input '$pattern' does not abstract the tags"
[[ $pattern != *'<b>'* && $pattern != *'</b>'* && $pattern != *bold* ]] || fail "markup abstract input '$pattern' keeps the tags"
share_ok "$out" || fail "markup instantiations: $(tail -1 <<< "$out")"
[ "$(grep -cE '^(fail|pass|undefined) ' <<< "$out")" -eq 50 ] || fail "expected 50 instantiation lines"
grep -q "placeholders after testing" "$work/err" || fail "generalize summary: $(cat "$work/err")"

out=$("$SEMDBG" generalize "${MARKUP[@]}" --fuzz 50 examples/markup/fail.txt 2> "$work/err") ||
  fail "generalize markup (reduced): $(cat "$work/err")"
pattern=$(head -1 <<< "$out")
[[ $pattern == *'"'* && $pattern == *'<'* ]] || fail "reduced markup abstract input '$pattern'"
share_ok "$out" || fail "reduced markup instantiations: $(tail -1 <<< "$out")"

# --- generalize: calculator ---
out=$("$SEMDBG" generalize "${CALC[@]}" --fuzz 50 examples/calculator/fail.txt 2> "$work/err") ||
  fail "generalize calculator: $(cat "$work/err")"
pattern=$(head -1 <<< "$out")
[[ $pattern == "sqrt(-<"* ]] || fail "calculator abstract input '$pattern'"
share_ok "$out" || fail "calculator instantiations: $(tail -1 <<< "$out")"
# the same seed, the same output
again=$("$SEMDBG" generalize "${CALC[@]}" --fuzz 50 examples/calculator/fail.txt 2> /dev/null)
[ "$again" = "$out" ] || fail "generalize is not deterministic"

if command -v jq > /dev/null; then
  "$SEMDBG" generalize "${CALC[@]}" --json --fuzz 20 --tries 6 examples/calculator/fail.txt > "$work/g.json" 2> "$work/err" ||
    fail "generalize --json: $(cat "$work/err")"
  jq -e '(.abstract.pattern | startswith("sqrt(-")) and .abstract.placeholders >= 1
      and ([.abstract.segments[] | select(.placeholder)] | length) == .abstract.placeholders
      and .reduced == true and .length <= 8 and .complete == true
      and .instantiations.count == 20 and (.instantiations.inputs | length) == 20
      and .instantiations.fail + .instantiations.pass + .instantiations.undefined == 20
      and .instantiations.fail_share >= 0.9' "$work/g.json" > /dev/null || fail "generalize --json: $(cat "$work/g.json")"
fi

# --- errors ---
"$SEMDBG" reduce "${CALC[@]}" examples/calculator/pass.txt > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "reduce of a passing input exited $rc"
grep -q "examples/calculator/pass.txt does not fail: the test command passed it (exit 0)" "$work/err" ||
  fail "passing input message: $(cat "$work/err")"
"$SEMDBG" generalize "${CALC[@]}" --no-reduce examples/calculator/pass.txt > /dev/null 2> "$work/err"
[ $? -eq 2 ] && grep -q "does not fail" "$work/err" || fail "generalize of a passing input: $(cat "$work/err")"

printf 'sqrt(-1' > "$work/bad.txt"
"$SEMDBG" reduce "${CALC[@]}" "$work/bad.txt" > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "reduce of an input that does not parse exited $rc"
grep -q "^$work/bad.txt:1:8: " "$work/err" || fail "parse error position: $(cat "$work/err")"
"$SEMDBG" generalize "${CALC[@]}" "$work/bad.txt" > /dev/null 2>&1
[ $? -eq 2 ] || fail "generalize of an input that does not parse: not exit 2"

"$SEMDBG" reduce --grammar grammars/calculator.bnf --test /nonexistent/harness examples/calculator/fail.txt > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 3 ] || fail "reduce with a harness that cannot run exited $rc: $(cat "$work/err")"
"$SEMDBG" generalize --grammar grammars/calculator.bnf --test /nonexistent/harness examples/calculator/fail.txt > /dev/null 2>&1
[ $? -eq 3 ] || fail "generalize with a harness that cannot run: not exit 3"

"$SEMDBG" reduce "${CALC[@]}" > /dev/null 2>&1
[ $? -eq 2 ] || fail "reduce without an input: not exit 2"
"$SEMDBG" generalize "${CALC[@]}" --tries 0 examples/calculator/fail.txt > /dev/null 2>&1
[ $? -eq 2 ] || fail "generalize --tries 0: not exit 2"
"$SEMDBG" reduce --grammar grammars/calculator.bnf examples/calculator/fail.txt > /dev/null 2>&1
[ $? -eq 2 ] || fail "reduce without --test: not exit 2"
"$SEMDBG" reduce --help | grep -q "^usage: semdbg reduce" || fail "reduce --help"
"$SEMDBG" generalize --help | grep -q "^usage: semdbg generalize" || fail "generalize --help"

if [ $failures -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "reduce.sh: all checks passed"
