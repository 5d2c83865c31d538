#!/usr/bin/env bash
# Data-driven diagnoses (tests/cases/diagnose/<case>/: grammar.bnf,
# harness.sh, fail.txt, expect). Each case is diagnosed on every seed of
# $SEMDBG_E2E_SEEDS (default "1 2 3") and the report is checked against the
# lines of `expect`:
#   status S / not-status S      the report's status
#   causes N                     the number of causes
#   boundary <E> MEASURE P F     a pinned boundary: P passes, F fails
#   exhaustive N                 every one of the N inputs the grammar
#                                derives was run, and the diagnosis agrees
#   judge CONSTRAINT             what the program's failures are, for the
#                                judge's fresh inputs only: a "confirmed"
#                                report must be exact on them, any other may
#                                fall short (a failure the diagnosis cannot
#                                pin or state yet)
#   options ARGS                 more options for every diagnosis of the case
#                                (e.g. --initial 6)
#   also-seeds N...              seeds the case runs at beyond $SEMDBG_E2E_SEEDS
#                                (one where it once went wrong)
#   outside                      the diagnosis runs with its reduction, and a
#                                report that is not confirmed and leaves
#                                failing inputs unexplained must show one,
#                                reduced: it fails (the diagnosed kind), and
#                                the diagnosis does not hold on it
#   truth CONSTRAINT             the diagnosis means this: on fresh inputs
#                                (random, and made to satisfy the truth and
#                                its negation; and, made after the diagnosis,
#                                inputs where the two disagree, if any),
#                                labelled by the harness, its precision and
#                                recall are 1 (a failure of another kind than
#                                the diagnosed one counts as neither)
# $SEMDBG_E2E_CASES (e.g. "port dates") runs only those cases;
# $SEMDBG_E2E_CASE_DIR=D takes the cases from D instead (e.g.
# tests/cases/open, or new cases being written);
# $SEMDBG_E2E_TIME_LIMIT=S, when set, is each diagnosis's --time-limit.
# $SEMDBG_E2E_TRACE_DIR=D, when set, keeps each diagnosis's run trace
# (SEMDBG_RUN_TRACE) as D/<case>.<seed>.trace.
# Whatever the case, a report that says "confirmed" must have precision and
# recall 1 on the fresh inputs, and no cause it lists may hold on a passing
# input it saw (judge_imprecise_causes).
set -u
semdbg=$(realpath "$1")
# the learner's closed-form threshold flips checked against the evaluator on
# every diagnosis (an abort, exit 134, fails the case)
export SEMDBG_CHECK_FLIPS=1
[ -n "${SEMDBG_E2E_TRACE_DIR:-}" ] && export SEMDBG_RUN_TRACE=1
seeds=${SEMDBG_E2E_SEEDS:-1 2 3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL $*"; status=1; }

. "$(dirname "$0")/lib/judge.sh" # judge_score
# "FILE EXIT-CODE" lines as "FILE pass|fail|undefined" for a diagnosis of
# failures of kind $1 ("exit:2"): a failure of another kind is no evidence
# either way, as semdbg itself counts it (a program with two failure kinds)
# (a death by signal N shows as status 128+N here: "signal:SIGSEGV" is 139)
label_codes() {
  local want=
  case $1 in
    exit:*) want=${1#exit:} ;;
    signal:SIG*) want=$((128 + $(kill -l "${1#signal:SIG}"))) ;;
  esac
  while read -r f rc; do
    if [ "$rc" = 0 ]; then echo "$f pass"
    elif [ "$rc" = 125 ]; then echo "$f undefined"
    elif [ -n "$want" ] && [ "$rc" != "$want" ]; then echo "$f undefined"
    else echo "$f fail"; fi
  done
}
judge() { # judge CASE-DIR ISLA: prints "precision recall"
  judge_score "$semdbg" "$1/grammar.bnf" "$2" "$tmp/labels" | cut -d' ' -f1,2
}

for dir in "${SEMDBG_E2E_CASE_DIR:-tests/cases/diagnose}"/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  if [ -n "${SEMDBG_E2E_CASES:-}" ] && ! [[ " $SEMDBG_E2E_CASES " == *" $name "* ]]; then continue; fi
  truth=$(sed -n 's/^truth //p; s/^judge //p' "$dir/expect")
  read -r -a extra <<<"$(sed -n 's/^options //p' "$dir/expect")"
  rm -rf "$tmp/fresh"; mkdir -p "$tmp/fresh"
  "$semdbg" fuzz -q --grammar "$dir/grammar.bnf" -n 100 --seed 90001 --out "$tmp/fresh/random" || { fail "$name: fuzz"; continue; }
  if [ -n "$truth" ]; then
    "$semdbg" fuzz -q --grammar "$dir/grammar.bnf" --constraint "$truth" -n 50 --seed 90002 --out "$tmp/fresh/truth"
    "$semdbg" fuzz -q --grammar "$dir/grammar.bnf" --constraint "not ($truth)" -n 50 --seed 90003 --out "$tmp/fresh/negation"
  fi
  for f in "$tmp/fresh"/*/*; do
    "$dir/harness.sh" "$f" >/dev/null 2>&1
    echo "$f $?"
  done > "$tmp/codes"
  case_seeds=$seeds
  for s in $(sed -n 's/^also-seeds //p' "$dir/expect"); do
    [[ " $case_seeds " == *" $s "* ]] || case_seeds="$case_seeds $s"
  done
  reduce=--no-reduce
  grep -q '^outside$' "$dir/expect" && reduce=
  for seed in $case_seeds; do
    "$semdbg" --grammar "$dir/grammar.bnf" --test "$dir/harness.sh" "$dir/fail.txt" --seed "$seed" \
      --json -q -j 2 $reduce --no-generalize ${SEMDBG_E2E_TIME_LIMIT:+--time-limit "$SEMDBG_E2E_TIME_LIMIT"} "${extra[@]}" \
      > "$tmp/report.json" 2> "$tmp/stderr"
    rc=$?
    [ -n "${SEMDBG_E2E_TRACE_DIR:-}" ] && cp "$tmp/stderr" "$SEMDBG_E2E_TRACE_DIR/$name.$seed.trace"
    if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then fail "$name seed $seed: exit $rc"; cat "$tmp/stderr"; continue; fi
    isla=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["diagnosis"]; print(d["isla"] if d else "")' "$tmp/report.json")
    got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$tmp/report.json")
    kind=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("kind") or "")' "$tmp/report.json")
    cp "$tmp/codes" "$tmp/codes.seed"
    # inputs on which the diagnosis and the truth disagree, when there are
    # any: fresh random inputs seldom fall where a near-miss diagnosis is
    # wrong (tmpmount's "/tm/p/x")
    if [ -n "$truth" ] && [ -n "$isla" ]; then
      rm -rf "$tmp/split"; mkdir -p "$tmp/split"
      for side in 1 2; do
        if [ $side = 1 ]; then c="($isla) and not ($truth)"; else c="($truth) and not ($isla)"; fi
        "$semdbg" fuzz -q --grammar "$dir/grammar.bnf" --constraint "$c" -n 10 --seed 9000$((4 + side)) \
          --out "$tmp/split/$side" >/dev/null 2>&1
      done
      for f in "$tmp/split"/*/*; do
        [ -e "$f" ] || continue
        "$dir/harness.sh" "$f" >/dev/null 2>&1
        echo "$f $?"
      done >> "$tmp/codes.seed"
    fi
    label_codes "$kind" < "$tmp/codes.seed" > "$tmp/labels"
    read -r precision recall < <(judge "$dir" "${isla:-false}")
    runs=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counts"]; print("%d runs, %.2f s CPU" % (c["diagnosis_runs"], c["semdbg_cpu_seconds"]))' "$tmp/report.json")
    echo "$name seed $seed: $got ($runs): precision $precision recall $recall on fresh inputs: $isla"
    if [ "$got" = confirmed ] && [ "$precision $recall" != "1.000 1.000" ]; then
      fail "$name seed $seed: confirmed, but not exact on fresh inputs"
    fi
    imprecise=$(judge_imprecise_causes "$tmp/report.json")
    [ -z "$imprecise" ] || fail "$name seed $seed: a cause holds on passing inputs: $imprecise"
    found=$(judge_found_runs "$tmp/report.json")
    [ -z "$found" ] || fail "$name seed $seed: $found"
    while read -r key rest; do
      case $key in
        status) [ "$got" = "$rest" ] || fail "$name seed $seed: status $got, expected $rest" ;;
        not-status) [ "$got" != "$rest" ] || fail "$name seed $seed: status must not be $rest" ;;
        exhaustive)
          n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["exhaustive"])' "$tmp/report.json")
          [ "$n" = "$rest" ] || fail "$name seed $seed: exhaustive $n, expected $rest" ;;
        causes)
          n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["causes"]))' "$tmp/report.json")
          [ "$n" = "$rest" ] || fail "$name seed $seed: $n causes, expected $rest" ;;
        boundary)
          python3 - "$tmp/report.json" $rest <<'PY' || fail "$name seed $seed: no pinned boundary $rest"
import json, sys
r = json.load(open(sys.argv[1]))
element, measure, p, f = sys.argv[2:6]
ok = any(b["pinned"] and b["element"] == element and b["measure"] == measure and
         b["passing_value"] == p and b["failing_value"] == f
         for c in r["causes"] for b in c["boundaries"])
sys.exit(0 if ok else 1)
PY
          ;;
        truth)
          [ "$precision $recall" = "1.000 1.000" ] || fail "$name seed $seed: not exact on fresh inputs" ;;
        outside)
          [ "$got" = confirmed ] && continue
          fn=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["diagnosis"]; print(d["fn"] if d else 0)' "$tmp/report.json")
          [ "$fn" = 0 ] && continue
          python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["outside"]; o and open(sys.argv[2],"wb").write(o["input"].replace(chr(0x2400),chr(0)).encode("latin-1"))' \
            "$tmp/report.json" "$tmp/outside.txt" 2>/dev/null
          rm -f "$tmp/outside.missing"; [ -s "$tmp/outside.txt" ] || touch "$tmp/outside.missing"
          if [ -e "$tmp/outside.missing" ]; then fail "$name seed $seed: $got, and no failure outside the diagnosis shown"; continue; fi
          "$dir/harness.sh" "$tmp/outside.txt" >/dev/null 2>&1
          verdict=$(echo "$tmp/outside.txt $?" | label_codes "$kind" | cut -d' ' -f2)
          [ "$verdict" = fail ] || fail "$name seed $seed: the failure shown outside the diagnosis does not fail ($verdict)"
          "$semdbg" check -q --grammar "$dir/grammar.bnf" --constraint "$isla" "$tmp/outside.txt" >/dev/null 2>&1
          [ $? = 1 ] || fail "$name seed $seed: the failure shown outside the diagnosis is inside it"
          echo "$name seed $seed: outside the diagnosis: $(cat "$tmp/outside.txt" | head -c 80)"
          rm -f "$tmp/outside.txt" ;;
      esac
    done < <(grep -v '^#' "$dir/expect")
  done
done
exit $status
