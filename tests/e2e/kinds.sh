#!/usr/bin/env bash
# kinds.sh: failure kinds end to end, with tests/cases/kinds (two numeric
# fields; the harness aborts when depth > 50, else exits 2 when size > 100).
# `semdbg run` shows both kinds (table, --json, --kind-regex); the diagnosis
# explains the kind of the first failing input (exit:2) and, with --kind, the
# other (signal:SIGABRT). Each is judged with `semdbg check` on 56 labelled
# inputs: every input of its kind satisfies it and no passing input does (the
# abort's cause must also hold on no exit:2 input). The other kind's inputs are
# reported as other failures (JSON, text, --out DIR/other), the reduced input
# keeps the kind, and --kind with a kind no input has is an error.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
SEMDBG=$1
BUILD=$2
K=tests/cases/kinds
G=$K/grammar.bnf
H=$K/harness.sh
work=$(mktemp -d "$BUILD/e2e-kinds.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# --- semdbg run: the kinds ---
printf 'size=5 depth=5\n' > "$work/pass.txt"
out=$("$SEMDBG" run --test "$H" "$K/fail-size.txt" "$K/fail-depth.txt" "$work/pass.txt" 2> /dev/null)
grep -qE '^INPUT +VERDICT +STATUS +KIND +TIME +NOTE$' <<< "$out" || fail "run: header: $out"
grep -qE 'fail-size.txt +fail +exit 2 +exit:2 +[0-9.]+s$' <<< "$out" || fail "run: exit:2 row: $out"
grep -qE 'fail-depth.txt +fail +signal 6 \(ABRT\) +signal:SIGABRT +[0-9.]+s$' <<< "$out" ||
  fail "run: signal:SIGABRT row: $out"
grep -qE 'pass.txt +pass +exit 0 +[0-9.]+s$' <<< "$out" || fail "run: pass row: $out"
kinds=$("$SEMDBG" run --json --test "$H" "$K/fail-size.txt" "$K/fail-depth.txt" "$work/pass.txt" 2> /dev/null |
  python3 -c 'import json, sys; print(" ".join(str(v["kind"]) for v in json.load(sys.stdin)))')
[ "$kinds" = "exit:2 signal:SIGABRT None" ] || fail "run --json: kinds '$kinds'"
# --kind-regex: the first capture group names the kind; no match falls back
kinds=$("$SEMDBG" run --json --test "sh -c 'echo \"SUMMARY: boom: \$(cat \"\$1\")\" >&2; exit 1' sh" \
  --kind-regex 'SUMMARY: boom: size=(\d+)' "$K/fail-size.txt" "$work/pass.txt" 2> /dev/null |
  python3 -c 'import json, sys; print(" ".join(str(v["kind"]) for v in json.load(sys.stdin)))')
[ "$kinds" = "500 5" ] || fail "run --kind-regex: kinds '$kinds'"

# --- labelled inputs to judge the diagnoses with ---
mkdir -p "$work/labelled"
n=0
for size in 0 7 100 101 102 250 999 12345; do
  for depth in 0 9 50 51 52 77 400; do
    n=$((n + 1))
    printf 'size=%s depth=%s\n' "$size" "$depth" > "$work/labelled/$n.txt"
  done
done
# kind of each input: ok, exit:2 or signal:SIGABRT
declare -A label
while read -r path kind; do label[$path]=$kind; done < <(
  "$SEMDBG" run --json --test "$H" "$work/labelled" 2> /dev/null |
    python3 -c 'import json, sys
for v in json.load(sys.stdin): print(v["input"], v["kind"] or "ok")')
[ "${#label[@]}" -eq "$n" ] || fail "labelling: ${#label[@]} of $n inputs"

# judge ISLA KIND: the inputs that fail with KIND satisfy it, passing ones do not
judge() {
  local isla=$1 kind=$2 path holds
  for path in "${!label[@]}"; do
    [ "${label[$path]}" = "$kind" ] || [ "${label[$path]}" = ok ] || continue
    "$SEMDBG" check -q -g "$G" -c "$isla" "$path" > /dev/null 2>&1
    holds=$?
    if [ "${label[$path]}" = "$kind" ] && [ $holds -ne 0 ]; then
      fail "$kind: the diagnosis '$isla' misses $(cat "$path")"
    elif [ "${label[$path]}" = ok ] && [ $holds -ne 1 ]; then
      fail "$kind: the diagnosis '$isla' holds on the passing input $(cat "$path")"
    fi
  done
}

# field EXPR: a Python expression over the report r in $work/report.json
field() { python3 -c 'import json, sys
r = json.load(open(sys.argv[1])); v = eval(sys.argv[2]); print(v)' "$work/report.json" "$1"; }

# --- the first failing input's kind: exit:2 ---
"$SEMDBG" -g "$G" --test "$H" "$K/fail-size.txt" "$K/fail-depth.txt" --json -q -j 2 --out "$work/out" \
  > "$work/report.json" 2> "$work/err"
rc=$?
[ $rc -eq 0 ] || fail "diagnose (exit:2): exit $rc: $(cat "$work/err")"
[ "$(field 'r["kind"]')" = exit:2 ] || fail "diagnose: kind $(field 'r["kind"]')"
[ "$(field 'r["status"]')" = confirmed ] || fail "diagnose (exit:2): status $(field 'r["status"]')"
judge "$(field 'r["diagnosis"]["isla"]')" exit:2
others=$(field 'r["other_failures"].get("signal:SIGABRT", 0)')
[ "$others" -gt 0 ] || fail "diagnose (exit:2): no signal:SIGABRT among the other failures"
[ "$(field 'r["counts"]["other_failures"]')" = "$(field 'sum(r["other_failures"].values())')" ] ||
  fail "diagnose (exit:2): counts.other_failures differs from the per-kind counts"
[ "$(field 'list(r["other_failures"])')" = "['signal:SIGABRT']" ] ||
  fail "diagnose (exit:2): other kinds $(field 'list(r["other_failures"])')"
grep -qE "^[0-9]+ failing \(exit:2\), [0-9]+ passing" "$work/out/report.txt" || fail "text: failing line"
grep -qE "^other failures \(another kind than exit:2; learned neither way\): $others signal:SIGABRT;$" \
  "$work/out/report.txt" || fail "text: other failures line: $(grep other "$work/out/report.txt")"
[ "$(ls "$work/out/other" | wc -l)" -eq "$others" ] || fail "--out: $others other failures, DIR/other has $(ls "$work/out/other" | wc -l)"
for f in "$work/out/failing"/*; do
  grep -qE '^size=[0-9]+ depth=([0-9]|[1-4][0-9]|50)$' "$f" || { fail "a failing (exit:2) input aborts: $(cat "$f")"; break; }
done

# --- another kind: --kind signal:SIGABRT ---
"$SEMDBG" -g "$G" --test "$H" "$K/fail-size.txt" "$K/fail-depth.txt" --kind signal:SIGABRT --json -q -j 2 \
  > "$work/report.json" 2> "$work/err"
rc=$?
[ $rc -eq 0 ] || fail "diagnose --kind signal:SIGABRT: exit $rc: $(cat "$work/err")"
[ "$(field 'r["kind"]')" = signal:SIGABRT ] || fail "diagnose --kind: kind $(field 'r["kind"]')"
[ "$(field 'r["status"]')" = confirmed ] || fail "diagnose --kind: status $(field 'r["status"]')"
isla=$(field 'r["diagnosis"]["isla"]')
judge "$isla" signal:SIGABRT
# exact: it holds on every abort and on no input that exits 2
for path in "${!label[@]}"; do
  [ "${label[$path]}" = exit:2 ] || continue
  "$SEMDBG" check -q -g "$G" -c "$isla" "$path" > /dev/null 2>&1
  [ $? -eq 1 ] || fail "signal:SIGABRT: the diagnosis '$isla' holds on $(cat "$path") (exit:2)"
done
[ "$(field 'r["other_failures"].get("exit:2", 0)')" -gt 0 ] || fail "diagnose --kind: no exit:2 other failures"
python3 -c 'import json, sys
r = json.load(open(sys.argv[1])); open(sys.argv[2], "w").write(r["reduced"]["input"])' \
  "$work/report.json" "$work/reduced.txt" || fail "diagnose --kind: no reduced input"
"$SEMDBG" run --test "$H" "$work/reduced.txt" 2> /dev/null | grep -q 'signal:SIGABRT' ||
  fail "diagnose --kind: the reduced input $(cat "$work/reduced.txt") does not abort"

# --- reduce and generalize keep --kind ---
printf 'size=5000 depth=777\n' > "$work/both.txt"
"$SEMDBG" reduce -q -g "$G" --test "$H" --kind signal:SIGABRT --out "$work/reduced-abort.txt" "$work/both.txt" \
  > /dev/null 2> "$work/err" || fail "reduce --kind signal:SIGABRT: $(cat "$work/err")"
"$SEMDBG" run --test "$H" "$work/reduced-abort.txt" 2> /dev/null | grep -q 'signal:SIGABRT' ||
  fail "reduce --kind: the reduced input $(cat "$work/reduced-abort.txt") does not abort"
"$SEMDBG" reduce -q -g "$G" --test "$H" --kind exit:2 "$work/both.txt" > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "reduce --kind exit:2 of an abort: exit $rc"
grep -q "both.txt does not fail with kind exit:2: it fails with signal:SIGABRT" "$work/err" ||
  fail "reduce --kind exit:2 of an abort: message $(cat "$work/err")"
share=$("$SEMDBG" generalize -q -g "$G" --test "$H" --kind exit:2 --fuzz 10 --json "$K/fail-size.txt" 2> "$work/err" |
  python3 -c 'import json, sys; i = json.load(sys.stdin)["instantiations"]
print(i["kind"], i["fail_share"] == sum(e["kind"] == "exit:2" for e in i["inputs"]) / i["count"])')
[ "$share" = "exit:2 True" ] || fail "generalize --kind exit:2: instantiations $share $(cat "$work/err")"

# --- a kind no input has ---
"$SEMDBG" -g "$G" --test "$H" "$K/fail-size.txt" --kind timeout -q > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "--kind timeout: exit $rc"
grep -q 'none of the inputs fails with kind timeout (1 fail otherwise, e.g. exit:2)' "$work/err" ||
  fail "--kind timeout: message $(cat "$work/err")"

[ $failures -eq 0 ] && echo "kinds: ok"
exit $((failures > 0))
