#!/usr/bin/env bash
# schemas.sh: the JSON Schemas of docs/schema/ (shipped in share/semdbg/schema)
# describe what the commands print with --json. Every command whose help
# offers --json has docs/schema/COMMAND.json, a valid draft-07 schema, and real
# outputs of each are validated against it (python3-jsonschema): parse (a tree,
# a parse error), check (satisfied, not, --print), fuzz, run (exit, signal,
# timeout, pass), a quick diagnosis of heartbleed (small budget; its --json and
# its --out report.json), relevance and learn (failure and --invariants) on the
# inputs the diagnosis kept, generalize (with and without --fuzz), reduce, and
# triage (with and without --baseline).
# A command with --json but no output here fails the test: add one.
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
semdbg=$(realpath "$1")
export SEMDBG_BUILD_DIR=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

python=""
for p in /usr/bin/python3 python3; do
  if "$p" -c 'import jsonschema' 2>/dev/null; then python=$p; break; fi
done
if [[ -z $python ]]; then
  echo "FAIL: no python3 with jsonschema (Debian: python3-jsonschema; scripts/setup.sh installs it)" >&2
  exit 1
fi

mkdir -p "$tmp/out"
# out NAME STATUS... -- COMMAND...: run semdbg COMMAND, keep stdout as out/NAME.json
# when the exit status is one of STATUS
out() {
  local name=$1 ok=() rc
  shift
  while [[ $1 != -- ]]; do ok+=("$1"); shift; done
  shift
  timeout 300 "$semdbg" "$@" >"$tmp/out/$name.json" 2>"$tmp/err" </dev/null
  rc=$?
  [[ " ${ok[*]} " == *" $rc "* ]] ||
    fail "semdbg $*: exit $rc (expected ${ok[*]}): $(head -c 300 "$tmp/err")"
}

hb=examples/heartbleed
printf '\x01 5 he-lo' >"$tmp/bad.txt"
printf 'exit 3\n' >"$tmp/exit3" ; printf 'segv\n' >"$tmp/segv"; printf 'hang x\n' >"$tmp/hang"
printf 'exit 0\n' >"$tmp/exit0"

out parse.tree 0 -- parse --grammar grammars/heartbleed.bnf --json $hb/fail.txt $hb/pass.txt
out parse.error 2 -- parse --grammar grammars/heartbleed.bnf --json $hb/fail.txt "$tmp/bad.txt"
constraint='exists <payload-length> n: exists <payload> p: str.to.int(n) > str.len(p)'
out check.results 1 -- check --grammar grammars/heartbleed.bnf --json --constraint "$constraint" $hb/fail.txt $hb/pass.txt
out check.error 2 -- check --grammar grammars/heartbleed.bnf --json --constraint "$constraint" "$tmp/bad.txt"
out check.print 0 -- check --grammar grammars/heartbleed.bnf --json --print --constraint "$constraint"
out fuzz.plain 0 -- fuzz --grammar grammars/json.bnf --json -n 5 --seed 2
out fuzz.constraint 0 -- fuzz --grammar grammars/heartbleed.bnf --json -n 3 --constraint "$constraint"
out run.verdicts 0 -- run --json --timeout 0.5 --test tests/harnesses/behave.sh \
  "$tmp/exit3" "$tmp/segv" "$tmp/hang" "$tmp/exit0"
out run.heartbleed 0 -- run --json --test $hb/harness.sh $hb/fail.txt $hb/pass.txt
out diagnose.report 0 1 -- --grammar grammars/heartbleed.bnf --test $hb/harness.sh --max-runs 150 --json -q \
  --out "$tmp/diag" $hb/fail.txt
[[ -f $tmp/diag/report.json ]] && cp "$tmp/diag/report.json" "$tmp/out/diagnose.out-report.json" ||
  fail "the diagnosis left no $tmp/diag/report.json"
out diagnose.none 1 -- diagnose --grammar grammars/heartbleed.bnf --test $hb/harness.sh --max-runs 1 --json -q \
  --no-reduce --no-generalize $hb/fail.txt
out relevance.model 0 -- relevance --grammar grammars/heartbleed.bnf --json \
  --failing "$tmp/diag/failing" --passing "$tmp/diag/passing"
out learn.failure 0 1 -- learn --grammar grammars/heartbleed.bnf --json -q --top 3 \
  --failing "$tmp/diag/failing" --passing "$tmp/diag/passing"
out learn.invariants 0 1 -- learn --invariants --grammar grammars/heartbleed.bnf --json -q --top 3 --background 50 \
  "$tmp/diag/failing"
out generalize.fuzz 0 -- generalize --grammar grammars/markup.bnf --test examples/markup/harness.sh --json -q \
  --fuzz 3 examples/markup/fail.txt
out generalize.plain 0 -- generalize --grammar grammars/calculator.bnf --test examples/calculator/harness.sh \
  --json -q examples/calculator/fail.txt
out reduce.plain 0 -- reduce --grammar grammars/calculator.bnf --test examples/calculator/harness.sh --json -q \
  --out "$tmp/reduced.txt" examples/calculator/fail.txt

# triage: two inputs of each of the orders example's three kinds, then the same against the first's JSON
mkdir -p "$tmp/crashes"
for n in 001 002 003 004 005 006; do cp examples/orders/crashes/crash-$n.txt "$tmp/crashes/"; done
triage=(triage --grammar grammars/orders.bnf --test examples/orders/harness.sh --json -q --samples 100
  --reduce-runs 10 --max-runs 40)
out triage.plain 0 1 -- "${triage[@]}" --json-file "$tmp/triage-baseline.json" "$tmp/crashes"
out triage.baseline 0 1 -- "${triage[@]}" --baseline "$tmp/triage-baseline.json" "$tmp/crashes"

commands=$("$semdbg" --help | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
for cmd in $commands; do
  "$semdbg" "$cmd" --help | grep -qE '^  --json( |$)' || continue
  schema=docs/schema/$cmd.json
  if [[ ! -f $schema ]]; then
    fail "semdbg $cmd has --json but there is no $schema"
    continue
  fi
  outputs=("$tmp/out/$cmd".*.json)
  if [[ ! -e ${outputs[0]} ]]; then
    fail "no output of semdbg $cmd --json is validated against $schema: add one to tests/e2e/schemas.sh"
    continue
  fi
  if "$python" tests/e2e/validate_json.py "$schema" "${outputs[@]}" >"$tmp/errors" 2>&1; then
    passed=$((passed + 1))
  else
    fail "$schema rejects real outputs:"$'\n'"$(sed "s|$tmp/out/||" "$tmp/errors" | head -20)"
  fi
done
for schema in docs/schema/*.json; do
  cmd=${schema##*/} cmd=${cmd%.json}
  grep -qx "$cmd" <<<"$commands" || fail "$schema describes '$cmd', which semdbg --help does not list"
done

echo "schemas: $passed commands' --json outputs valid, $failures failed"
[[ $failures == 0 ]]
