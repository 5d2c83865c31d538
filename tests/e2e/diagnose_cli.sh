#!/usr/bin/env bash
# The diagnosis command's contract: exit statuses and messages for bad input,
# a run that cannot start, determinism for a seed, and the --out directory
# (every kept input has the verdict of its folder; the report files parse).
set -u
semdbg=$(realpath "$1")
export SEMDBG_BUILD_DIR=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0
check() { # check NAME EXPECTED-STATUS STDERR-SUBSTRING -- command...
  local name=$1 want=$2 text=$3; shift 4
  checks=$((checks + 1))
  "$@" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ "$rc" != "$want" ]; then echo "FAIL $name: exit $rc, expected $want"; cat "$tmp/err"; fails=$((fails + 1)); return; fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/err"; then
    echo "FAIL $name: stderr lacks '$text':"; cat "$tmp/err"; fails=$((fails + 1))
  fi
}
hb=(--grammar grammars/heartbleed.bnf --test examples/heartbleed/harness.sh)

check passing-input 2 "the input does not fail" -- "$semdbg" "${hb[@]}" -q examples/heartbleed/pass.txt
check no-input 2 "no input" -- "$semdbg" "${hb[@]}"
check no-test 2 "missing --test" -- "$semdbg" --grammar grammars/heartbleed.bnf examples/heartbleed/fail.txt
check parse-error 2 "examples/calculator/fail.txt:1:1: unexpected 's'" -- "$semdbg" "${hb[@]}" -q examples/calculator/fail.txt
# a catalog whose only pattern does not parse: named with its line, exit 2
printf '[[Broken]]\nname = "Broken"\nconstraint = "exists <?NONTERMINAL> e: str.len(e) > "\n' > "$tmp/bad.toml"
check bad-catalog 2 "bad.toml:3:1: warning: pattern 'Broken'" -- "$semdbg" "${hb[@]}" --patterns "$tmp/bad.toml" examples/heartbleed/fail.txt
check missing-file 2 "nothing.txt" -- "$semdbg" "${hb[@]}" -q "$tmp/nothing.txt"
check bad-grammar 2 "tests/cases/grammar/undefined.bnf:2:17: error: undefined nonterminal <b>" -- \
  "$semdbg" --grammar tests/cases/grammar/undefined.bnf --test true examples/heartbleed/fail.txt
check harness-missing 3 "could not run" -- "$semdbg" --grammar grammars/heartbleed.bnf --test "$tmp/none.sh" -q examples/heartbleed/fail.txt
check bad-option 2 "unknown option '--frobnicate'" -- "$semdbg" "${hb[@]}" --frobnicate examples/heartbleed/fail.txt
check max-runs-below-inputs 2 "1 were not run (--max-runs 1)" -- \
  "$semdbg" "${hb[@]}" -q --max-runs 1 examples/heartbleed/pass.txt examples/heartbleed/fail.txt
check bad-threshold 2 "--min-recall" -- "$semdbg" "${hb[@]}" --min-recall 1.5 examples/heartbleed/fail.txt
# a harness that fails on every input: no diagnosis, and the report says why
checks=$((checks + 1))
"$semdbg" --grammar grammars/heartbleed.bnf --test false --max-runs 12 -q examples/heartbleed/fail.txt > "$tmp/out" 2>&1
rc=$?
if [ "$rc" != 1 ] || ! grep -q "every input run failed (12 of 12)" "$tmp/out"; then
  echo "FAIL always-failing harness: exit $rc"; cat "$tmp/out"; fails=$((fails + 1))
fi

# determinism: the same seed gives the same report (times aside)
strip() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); c=r["counts"]; [c.pop(k) for k in ("harness_seconds","total_seconds","semdbg_cpu_seconds")]; print(json.dumps(r, sort_keys=True))' "$1"; }
for run in 1 2; do
  "$semdbg" "${hb[@]}" examples/heartbleed/fail.txt --seed 7 --json -q -j 2 --out "$tmp/out$run" > "$tmp/r$run.json" 2>/dev/null
done
checks=$((checks + 1))
if [ "$(strip "$tmp/r1.json")" != "$(strip "$tmp/r2.json")" ]; then echo "FAIL determinism: reports differ"; fails=$((fails + 1)); fi
checks=$((checks + 1))
if ! diff -r "$tmp/out1/failing" "$tmp/out2/failing" >/dev/null || ! diff -r "$tmp/out1/passing" "$tmp/out2/passing" >/dev/null; then
  echo "FAIL determinism: kept inputs differ"; fails=$((fails + 1)); fi

# --out: every kept input has its folder's verdict; the report files are there and parse
checks=$((checks + 1))
nf=$(ls "$tmp/out1/failing" | wc -l); np=$(ls "$tmp/out1/passing" | wc -l)
if [ "$nf" -lt 20 ] || [ "$np" -lt 20 ]; then echo "FAIL out: $nf failing, $np passing kept"; fails=$((fails + 1)); fi
bad=0
for f in $(ls "$tmp/out1/failing" | head -15); do examples/heartbleed/harness.sh "$tmp/out1/failing/$f" >/dev/null 2>&1 && bad=1; done
for f in $(ls "$tmp/out1/passing" | head -15); do examples/heartbleed/harness.sh "$tmp/out1/passing/$f" >/dev/null 2>&1 || bad=1; done
checks=$((checks + 1))
[ "$bad" = 0 ] || { echo "FAIL out: a kept input has the wrong verdict"; fails=$((fails + 1)); }
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["status"] == "confirmed", r["status"]' "$tmp/out1/report.json" &&
  grep -q "Diagnosis (confirmed)" "$tmp/out1/report.txt" || { echo "FAIL out: report files"; fails=$((fails + 1)); }
# the JSON on stdout is the same document as report.json
checks=$((checks + 1))
[ "$(strip "$tmp/r1.json")" = "$(strip "$tmp/out1/report.json")" ] || { echo "FAIL out: report.json differs from --json"; fails=$((fails + 1)); }
ls "$tmp"/out1/*.tmp.* >/dev/null 2>&1 && { echo "FAIL out: temporary files left"; fails=$((fails + 1)); }

echo "diagnose_cli: $((checks - fails)) of $checks passed"
[ "$fails" = 0 ]
