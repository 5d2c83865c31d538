#!/usr/bin/env bash
# Shared by tests/e2e/diagnose_*.sh: diagnose one example with the semdbg
# binary, then judge the diagnosis by its meaning: 200 fresh inputs, made
# without the diagnosis (100 random, 50 satisfying the example's TRUTH, 50
# its negation, all with seeds the diagnosis never used; or, for a failure
# too rare for the generator, inputs of the example's own fresh.py) and
# labelled by the harness itself, are checked with `semdbg check` (lib/judge.sh).
#   usage: diagnose.sh SEMDBG BUILD-DIR EXAMPLE GRAMMAR STRICT SEED...
#   SEMDBG_E2E_SEEDS="1 2", when set, replaces the SEED arguments;
#   SEMDBG_E2E_TIME_LIMIT=S, when set, is each diagnosis's --time-limit.
#   STRICT=1: precision and recall on the fresh inputs must be >= 0.95;
#   STRICT=0: print the figures. Either way, a report that claims a
#   confirmed diagnosis must have precision and recall 1 on them.
#   Whatever the status, no cause the report lists as found may hold on a
#   passing input it saw (judge_imprecise_causes).
set -u
semdbg=$(realpath "$1")
export SEMDBG_BUILD_DIR=$(realpath "$2")
example=$3 grammar=grammars/$4.bnf strict=$5
shift 5
harness=examples/$example/harness.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# fresh inputs, labelled by the harness
. "$(dirname "$0")/judge.sh"
# (STRICT=0 only: when no fresh inputs can be made or too few fail, the
# diagnoses still run and are checked for their exit status and files)
judgeable=1
if judge_label "$semdbg" "$grammar" "$example" "$tmp"; then
  fails=$judge_fails passes=$judge_passes
else
  fails=0 passes=0
fi
echo "$example: fresh inputs: $fails failing, $passes passing"
if [ "$fails" -lt 20 ] || [ "$passes" -lt 20 ]; then
  [ "$strict" = 1 ] && { echo "FAIL $example: too few fresh failing/passing inputs to judge"; exit 1; }
  echo "$example: too few fresh failing/passing inputs to judge the meaning; checking the runs only"
  judgeable=0
fi

# SEMDBG_E2E_SEEDS (e.g. "1" or "1 2") replaces the seeds given as arguments.
seeds=${SEMDBG_E2E_SEEDS:-$*}
for seed in $seeds; do
  "$semdbg" --grammar "$grammar" --test "$harness" "examples/$example/fail.txt" \
    --seed "$seed" --json -q -j 2 --out "$tmp/out-$seed" ${SEMDBG_E2E_TIME_LIMIT:+--time-limit "$SEMDBG_E2E_TIME_LIMIT"} \
    > "$tmp/report.json" 2> "$tmp/stderr"
  rc=$?
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
    echo "FAIL $example seed $seed: exit $rc"; cat "$tmp/stderr"; status=1; continue
  fi
  read -r report_status isla < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
d = r["diagnosis"]
print(r["status"], d["isla"] if d else "")' "$tmp/report.json")
  [ -f "$tmp/out-$seed/report.json" ] && [ -f "$tmp/out-$seed/report.txt" ] ||
    { echo "FAIL $example: --out did not keep the report"; status=1; }
  imprecise=$(judge_imprecise_causes "$tmp/report.json")
  found=$(judge_found_runs "$tmp/report.json")
  [ -z "$found" ] || { echo "FAIL $example seed $seed: $found"; status=1; }
  [ -z "$imprecise" ] || { echo "FAIL $example seed $seed: a cause holds on passing inputs: $imprecise"; status=1; }
  if [ -z "$isla" ]; then
    echo "FAIL $example seed $seed: no diagnosis"; status=1; continue
  fi
  if [ "$judgeable" = 0 ]; then
    echo "$example seed $seed: $report_status: $isla (not judged)"
    continue
  fi
  read -r precision recall f1 < <(judge_score "$semdbg" "$grammar" "$isla" "$tmp/labels") ||
    { echo "FAIL $example: semdbg check error"; status=1; continue; }
  ok=$(python3 -c 'import sys; print(int(float(sys.argv[1]) >= 0.95 and float(sys.argv[2]) >= 0.95))' "$precision" "$recall")
  runs=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]; print(c["runs"], "runs,", c["z3_queries"], "Z3 queries,", c["iterations"], "iterations")' "$tmp/report.json")
  echo "$example seed $seed: $report_status: $isla"
  echo "$example seed $seed: on $((fails + passes)) fresh inputs precision $precision recall $recall ($runs)"
  if [ "$strict" = 1 ] && [ "$ok" != 1 ]; then
    echo "FAIL $example seed $seed: precision/recall below 0.95"; status=1
  fi
  if [ "$report_status" = confirmed ] && [ "$precision $recall" != "1.000 1.000" ]; then
    echo "FAIL $example seed $seed: the report claims a confirmed diagnosis that is not exact"; status=1
  fi
done
exit $status
