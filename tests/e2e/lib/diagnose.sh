#!/usr/bin/env bash
# Shared by tests/e2e/diagnose_*.sh: diagnose one example with the semdbg
# binary, then judge the diagnosis by its meaning: 200 fresh inputs, made
# without the diagnosis (100 random, 50 satisfying the example's TRUTH, 50
# its negation, all with seeds the diagnosis never used) and labelled by the
# harness itself, are checked with `semdbg check`.
#   usage: diagnose.sh SEMDBG BUILD-DIR EXAMPLE GRAMMAR STRICT SEED...
#   STRICT=1: precision and recall on the fresh inputs must be >= 0.95;
#   STRICT=0: print the figures; if they are below 0.95 the report must not
#   claim a confirmed diagnosis.
set -u
semdbg=$(realpath "$1")
export SEMDBG_BUILD_DIR=$(realpath "$2")
example=$3 grammar=grammars/$4.bnf strict=$5
shift 5
harness=examples/$example/harness.sh
truth=$(cat "examples/$example/TRUTH")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# fresh inputs, labelled by the harness
mkdir -p "$tmp/fresh"
"$semdbg" fuzz -q --grammar "$grammar" -n 100 --seed 90001 --out "$tmp/fresh/random" || exit 1
"$semdbg" fuzz -q --grammar "$grammar" --constraint "$truth" -n 50 --seed 90002 --out "$tmp/fresh/truth" || exit 1
"$semdbg" fuzz -q --grammar "$grammar" --constraint "not ($truth)" -n 50 --seed 90003 --out "$tmp/fresh/negation" || exit 1
find "$tmp/fresh" -type f | sort > "$tmp/files"
: > "$tmp/labels"
while read -r f; do
  "$harness" "$f" >/dev/null 2>&1
  rc=$?
  if [ "$rc" = 0 ]; then echo "$f pass"; elif [ "$rc" = 125 ]; then echo "$f undefined"; else echo "$f fail"; fi
done < "$tmp/files" > "$tmp/labels"
fails=$(grep -c ' fail$' "$tmp/labels")
passes=$(grep -c ' pass$' "$tmp/labels")
echo "$example: fresh inputs: $fails failing, $passes passing"
if [ "$fails" -lt 20 ] || [ "$passes" -lt 20 ]; then
  echo "FAIL $example: too few fresh failing/passing inputs to judge"; exit 1
fi

for seed in "$@"; do
  "$semdbg" --grammar "$grammar" --test "$harness" "examples/$example/fail.txt" \
    --seed "$seed" --json -q -j 2 --out "$tmp/out-$seed" > "$tmp/report.json" 2> "$tmp/stderr"
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
  if [ -z "$isla" ]; then
    echo "FAIL $example seed $seed: no diagnosis"; status=1; continue
  fi
  tp=0 fp=0 tn=0 fn=0
  while read -r f label; do
    [ "$label" = undefined ] && continue
    "$semdbg" check -q --grammar "$grammar" --constraint "$isla" "$f" >/dev/null 2>&1
    sat=$?
    if [ "$sat" -gt 1 ]; then echo "FAIL $example: semdbg check error on $f"; status=1; break; fi
    case "$label,$sat" in
      fail,0) tp=$((tp + 1)) ;; pass,0) fp=$((fp + 1)) ;; pass,1) tn=$((tn + 1)) ;; fail,1) fn=$((fn + 1)) ;;
    esac
  done < "$tmp/labels"
  read -r precision recall ok < <(python3 -c '
import sys
tp, fp, fn = map(int, sys.argv[1:4])
p = tp / (tp + fp) if tp + fp else 0.0
r = tp / (tp + fn) if tp + fn else 0.0
print("%.3f %.3f %d" % (p, r, p >= 0.95 and r >= 0.95))' $tp $fp $fn)
  runs=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]; print(c["runs"], "runs,", c["z3_queries"], "Z3 queries,", c["iterations"], "iterations")' "$tmp/report.json")
  echo "$example seed $seed: $report_status: $isla"
  echo "$example seed $seed: on 200 fresh inputs precision $precision recall $recall ($runs)"
  if [ "$strict" = 1 ] && [ "$ok" != 1 ]; then
    echo "FAIL $example seed $seed: precision/recall below 0.95"; status=1
  fi
  if [ "$strict" = 0 ] && [ "$ok" != 1 ] && [ "$report_status" = confirmed ]; then
    echo "FAIL $example seed $seed: the report claims a confirmed diagnosis that falls short"; status=1
  fi
done
exit $status
